// Spin-waits and timers on the native path (tests/jit.cmake). clock(),
// clock64() and %globaltimer are one counter per thread that each read
// advances by a fixed tick (interp/sreg.h), in the interpreter and natively
// alike, so these kernels run as native code with the interpreter's values:
//  - clock_block: the spin of cuda-samples' graphMemoryFootprint and
//    simpleHyperQ (`while (clock_offset < clock_count) clock_offset =
//    clock() - start;`) over a large grid: every thread waits at least
//    clock_count cycles, all in the same number of reads;
//  - delay: the clock64() deadline spin (`while (clock64() < end)`);
//  - wait_ns: a wait on %globaltimer read with nvcc's inline assembly
//    ("mov.u64 %0, %%globaltimer;"), the lane mask read the same way;
//  - timed_sum: timing code, clock64() before and after a loop and around a
//    barrier (a coroutine kernel): the differences are positive.
// Each checked against host loops; the counts printed (compare.sh: the same
// bytes interpreted and native).
#include <cstdio>

__global__ void clock_block(long long *elapsed, long long *reads, clock_t clock_count) {
  unsigned int start_clock = (unsigned int)clock();
  clock_t clock_offset = 0;
  long long n = 0;
  while (clock_offset < clock_count) {
    unsigned int end_clock = (unsigned int)clock();
    clock_offset = (clock_t)(end_clock - start_clock);
    n++;
  }
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  elapsed[i] = clock_offset;
  reads[i] = n;
}

__global__ void delay(long long *out, long long ticks) {
  long long t0 = clock64(), end = t0 + ticks, t;
  while ((t = clock64()) < end)
    ;
  out[blockIdx.x * blockDim.x + threadIdx.x] = t - t0;
}

__device__ __forceinline__ unsigned long long global_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__global__ void wait_ns(long long *out, unsigned *lanes, long long ns) {
  unsigned long long t0 = global_ns(), t;
  do {
    t = global_ns();
  } while (t < t0 + ns);
  unsigned below;
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(below));
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = (long long)(t - t0);
  lanes[i] = __popc(below); // the thread's lane
}

__global__ void timed_sum(long long *dt, int *sum, const int *in, int n) {
  __shared__ int s[128];
  long long t0 = clock64();
  int acc = 0;
  for (int k = 0; k <= (int)threadIdx.x % 7; k++) acc += in[(threadIdx.x + k) % n];
  long long t1 = clock64();
  s[threadIdx.x] = acc;
  __syncthreads();
  long long t2 = clock64();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  sum[i] = acc + s[(threadIdx.x + 1) % blockDim.x];
  dt[2 * i] = t1 - t0;
  dt[2 * i + 1] = t2 - t1;
}

int main() {
  const int nb = 64, nt = 128, n = nb * nt;
  long long *d_a, *d_b, h_a[n], h_b[2 * n];
  unsigned *d_l, h_l[n];
  int *d_in, *d_sum, h_in[n], h_sum[n];
  cudaMalloc(&d_a, n * sizeof(long long));
  cudaMalloc(&d_b, 2 * n * sizeof(long long));
  cudaMalloc(&d_l, n * sizeof(unsigned));
  cudaMalloc(&d_in, n * sizeof(int));
  cudaMalloc(&d_sum, n * sizeof(int));
  for (int i = 0; i < n; i++) h_in[i] = i % 11 - 5;
  cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice);
  long wrong = 0;
  const long long counts[3] = {7650, 100000, 15300000};
  for (int r = 0; r < 3; r++) {
    clock_block<<<nb, nt>>>(d_a, d_b, (clock_t)counts[r]);
    cudaMemcpy(h_a, d_a, n * sizeof(long long), cudaMemcpyDeviceToHost);
    cudaMemcpy(h_b, d_b, n * sizeof(long long), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++)
      wrong += h_a[i] < counts[r] || h_b[i] < 1 || h_a[i] != h_a[0] || h_b[i] != h_b[0];
    printf("clock_block %lld cycles: %lld elapsed in %lld reads\n", counts[r], h_a[0], h_b[0]);
  }
  for (int r = 0; r < 2; r++) {
    long long ticks = r ? 3000000 : 50000;
    delay<<<nb, nt>>>(d_a, ticks);
    cudaMemcpy(h_a, d_a, n * sizeof(long long), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) wrong += h_a[i] < ticks || h_a[i] != h_a[0];
    printf("delay %lld: %lld\n", ticks, h_a[0]);
    wait_ns<<<nb, nt>>>(d_a, d_l, ticks);
    cudaMemcpy(h_a, d_a, n * sizeof(long long), cudaMemcpyDeviceToHost);
    cudaMemcpy(h_l, d_l, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) wrong += h_a[i] < ticks || h_a[i] != h_a[0] || h_l[i] != (unsigned)(i % 32);
    printf("wait_ns %lld: %lld\n", ticks, h_a[0]);
  }
  for (int r = 0; r < 2; r++) {
    timed_sum<<<nb, nt>>>(d_b, d_sum, d_in, n);
    cudaMemcpy(h_b, d_b, 2 * n * sizeof(long long), cudaMemcpyDeviceToHost);
    cudaMemcpy(h_sum, d_sum, n * sizeof(int), cudaMemcpyDeviceToHost);
    long long dmin = h_b[0];
    for (int i = 0; i < n; i++) {
      int t = i % nt, u = (t + 1) % nt, a = 0, b = 0;
      for (int k = 0; k <= t % 7; k++) a += h_in[(t + k) % n];
      for (int k = 0; k <= u % 7; k++) b += h_in[(u + k) % n];
      wrong += h_sum[i] != a + b || h_b[2 * i] <= 0 || h_b[2 * i + 1] <= 0;
      if (h_b[2 * i] < dmin) dmin = h_b[2 * i];
    }
    printf("timed_sum: least loop time %lld\n", dmin);
  }
  printf("clock: %ld wrong\n", wrong);
  return wrong != 0;
}
