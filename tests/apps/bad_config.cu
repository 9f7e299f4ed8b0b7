// A launch with 2048 threads per block: the program sees
// cudaErrorInvalidConfiguration from cudaGetLastError, nothing runs, and a
// 1024-thread launch after it works.
#include <cstdio>

__global__ void fill(int *p, int v) { p[blockIdx.x * blockDim.x + threadIdx.x] = v; }

int main() {
  int *d;
  cudaMalloc(&d, 2048 * sizeof(int));
  cudaMemset(d, 0, 2048 * sizeof(int));
  fill<<<1, 2048>>>(d, 7);
  cudaError_t e = cudaGetLastError();
  printf("2048 threads: %s\n", cudaGetErrorName(e));
  printf("after reading it: %s\n", cudaGetErrorName(cudaGetLastError()));
  fill<<<2, 1024>>>(d, 5);
  cudaError_t e2 = cudaDeviceSynchronize();
  int h[2048];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < 2048; i++) wrong += h[i] != 5;
  printf("1024 threads: %s, %d wrong\n", cudaGetErrorName(e2), wrong);
  return e != cudaErrorInvalidConfiguration || e2 != cudaSuccess || wrong;
}
