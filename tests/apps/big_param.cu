// A kernel taking a 32,000-byte struct by value (legal since CUDA 12.1: up
// to 32,764 bytes of parameters), as table-driven kernels pass their
// coefficients: each thread sums a slice of the table. The result is
// checked against the host's sums.
#include <cstdio>

struct Table {
  int v[8000];
};

__global__ void slice_sums(Table t, int *out) {
  int i = threadIdx.x, s = 0;
  for (int k = i * 125; k < (i + 1) * 125; k++) s += t.v[k];
  out[i] = s;
}

int main() {
  static Table t;
  for (int k = 0; k < 8000; k++) t.v[k] = k % 97 - 40;
  int *d;
  cudaMalloc(&d, 64 * sizeof(int));
  slice_sums<<<1, 64>>>(t, d);
  cudaError_t e = cudaDeviceSynchronize();
  int h[64], wrong = 0;
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 64; i++) {
    int s = 0;
    for (int k = i * 125; k < (i + 1) * 125; k++) s += t.v[k];
    wrong += h[i] != s;
  }
  printf("32000-byte parameter: %s, %d wrong\n", cudaGetErrorName(e), wrong);
  cudaFree(d);
  return e != cudaSuccess || wrong;
}
