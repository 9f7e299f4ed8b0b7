// <cuda/std/barrier> (libcu++ 1.8 through simulee's stand-in header): a
// two-phase exchange in shared memory, as block-cooperative kernels write it
// with a cuda::std::barrier constructed in place by thread 0.
// Pattern: phase_swap is clean (the barrier orders the writes before the
// neighbour's read); phase_swap_nowait drops the wait: read-write race on s.
#include <cuda/std/barrier>

typedef cuda::std::barrier<> block_barrier;

__device__ block_barrier *make_barrier(unsigned char *raw, unsigned n) {
  return new (raw) block_barrier(n);
}

__global__ void phase_swap(int *out) {
  __shared__ __align__(16) unsigned char raw[sizeof(block_barrier)];
  __shared__ block_barrier *bar;
  __shared__ int s[64];
  if (threadIdx.x == 0) bar = make_barrier(raw, blockDim.x);
  __syncthreads();
  s[threadIdx.x] = 3 * threadIdx.x + 1;
  bar->arrive_and_wait();
  out[threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x];
}

__global__ void phase_swap_nowait(int *out) {
  __shared__ __align__(16) unsigned char raw[sizeof(block_barrier)];
  __shared__ block_barrier *bar;
  __shared__ int s[64];
  if (threadIdx.x == 0) bar = make_barrier(raw, blockDim.x);
  __syncthreads();
  s[threadIdx.x] = 3 * threadIdx.x + 1;
  (void)bar->arrive();
  out[threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x];
}
