// tests/apps/readonly_table.cu: a `const` input that LLVM proves the kernel
// never writes through, written all the same through a pointer the kernel
// loads from memory (bug pattern: "aliased row table"): the output rows come
// from a table of row pointers the host builds, and row 0 is the input
// itself. Thread i reads in[i + 1] while thread i + 1 writes row 0's
// element i + 1: a data race on the input. A module that loads a pointer
// from memory gets no read-only buffers at all (simI_param.ro_private), so
// the input's reads stay in the memory model.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void scale_rows(const float *in, float *const *rows, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n) rows[0][i] = in[i + 1] * 2.0f;
}

int main() {
  const int block = 128, n = 64 * block; /* 64 blocks: -j 2 runs them on two threads */
  size_t bytes = n * sizeof(float);
  static float h[64 * 128];
  for (int i = 0; i < n; i++) h[i] = (float)(i % 5);
  float *din, **drows;
  cudaMalloc(&din, bytes);
  cudaMemcpy(din, h, bytes, cudaMemcpyHostToDevice);
  float *rows[1] = {din};
  cudaMalloc(&drows, sizeof rows);
  cudaMemcpy(drows, rows, sizeof rows, cudaMemcpyHostToDevice);
  scale_rows<<<(n + block - 1) / block, block>>>(din, drows, n);
  cudaError_t e = cudaDeviceSynchronize();
  printf("readonly_table n=%d: %s\n", n, cudaGetErrorString(e));
  cudaFree(drows);
  cudaFree(din);
  return e == cudaSuccess ? 0 : 1;
}
