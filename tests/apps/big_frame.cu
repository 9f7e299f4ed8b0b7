// Pattern: a kernel whose per-thread arrays take more than simulee's default
// 8 KiB stack (a warp-level GEMM holding a grid of accumulator fragments, a
// histogram or a lookup table per thread): the static frames of the kernel
// and the function it calls are 12 KiB and 4 KiB. The stack takes what the
// deepest chain of frames needs. Prints "big_frame: N wrong".
#include <cstdio>
#include <cuda_runtime.h>

__device__ __noinline__ int tail_sum(const int *v, int n, int salt) {
  int local[1024]; // 4 KiB in the callee's frame
  for (int i = 0; i < 1024; i++) local[i] = v[(i * 7 + salt) % n];
  int s = 0;
  for (int i = salt % 5; i < 1024; i += 3) s += local[i];
  return s;
}

__global__ void per_thread_tables(int *out, int seed) {
  int table[3072]; // 12 KiB in the kernel's frame
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = 0; i < 3072; i++) table[i] = (i * 31 + t + seed) % 97;
  int s = 0;
  for (int i = t % 3; i < 3072; i += 5) s += table[(i * 13) % 3072];
  out[t] = s + tail_sum(table, 3072, t);
}

int main() {
  const int n = 64;
  int *d, h[n];
  cudaMalloc(&d, n * sizeof(int));
  per_thread_tables<<<2, 32>>>(d, 11);
  cudaError_t e = cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  int wrong = e != cudaSuccess;
  static int table[3072];
  for (int t = 0; t < n && !wrong; t++) {
    for (int i = 0; i < 3072; i++) table[i] = (i * 31 + t + 11) % 97;
    int s = 0;
    for (int i = t % 3; i < 3072; i += 5) s += table[(i * 13) % 3072];
    int local[1024], u = 0;
    for (int i = 0; i < 1024; i++) local[i] = table[(i * 7 + t) % 3072];
    for (int i = t % 5; i < 1024; i += 3) u += local[i];
    wrong += h[t] != s + u;
  }
  printf("big_frame: %d wrong\n", wrong);
  return wrong ? 1 : 0;
}
