// libcu++ atomics (Debian's libcu++-dev): cuda::atomic_ref on global memory.
// Clean kernel (the counter is updated atomically).
#include <cuda/atomic>

__global__ void count_positive(const int *v, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && v[i] > 0) {
    cuda::atomic_ref<int, cuda::thread_scope_device> c(*count);
    c.fetch_add(1, cuda::memory_order_relaxed);
  }
}

void launch_count(const int *v, int *count, int n) { count_positive<<<(n + 127) / 128, 128>>>(v, count, n); }
