// tests/apps/readonly_alias.cu: a read-only input the kernel cannot write
// through, reached by a write all the same.
//
// The detector leaves out of the memory model the reads of a buffer that no
// write of the launch can reach (a `const` pointer parameter that LLVM
// proves readonly and nocapture, in a module that makes no pointer from
// memory or an integer, and no other argument names the buffer). These
// launches are the cases where the buffer IS written, so its reads must stay
// in the model:
//   split   smooth(in, out): two buffers; clean, output checked on the host
//   alias   smooth(d, d): the in-place call of an out-of-place kernel (bug
//           pattern: "in-place reuse of a const input"); thread i reads
//           in[i + 1] while thread i + 1 writes out[i + 1], one element
// (tests/apps/readonly_table.cu: the buffer written through a pointer the
// kernel loads from memory.)
// Usage: readonly_alias [split|alias]
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

template <typename T>
__global__ void smooth(const T *in, T *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n) out[i] = (in[i] + in[i + 1]) * T(0.5);
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "split";
  const int block = 128;
  int n = 64 * block; /* 64 blocks: the pairs cross warps and blocks, and
                        a launch at -j 2 runs its blocks on two threads */
  size_t bytes = n * sizeof(float);
  float *h = new float[n], *got = new float[n];
  for (int i = 0; i < n; i++) h[i] = (float)(i % 7);
  float *din, *dout;
  cudaMalloc(&din, bytes);
  cudaMalloc(&dout, bytes);
  cudaMemcpy(din, h, bytes, cudaMemcpyHostToDevice);
  cudaMemset(dout, 0, bytes);
  int grid = (n + block - 1) / block;
  if (!strcmp(mode, "split")) {
    smooth<float><<<grid, block>>>(din, dout, n);
  } else if (!strcmp(mode, "alias")) {
    smooth<float><<<grid, block>>>(din, din, n);
  } else {
    fprintf(stderr, "usage: readonly_alias [split|alias]\n");
    return 2;
  }
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    printf("%s: %s\n", mode, cudaGetErrorString(e));
    return 1;
  }
  if (!strcmp(mode, "split")) {
    cudaMemcpy(got, dout, bytes, cudaMemcpyDeviceToHost);
    int wrong = 0;
    for (int i = 0; i + 1 < n; i++)
      if (got[i] != (h[i] + h[i + 1]) * 0.5f) wrong++;
    if (got[n - 1] != 0.0f) wrong++;
    printf("readonly_alias split n=%d: %d wrong\n", n, wrong);
  } else {
    printf("readonly_alias %s n=%d: ran\n", mode, n);
  }
  cudaFree(din);
  cudaFree(dout);
  delete[] h;
  delete[] got;
  return 0;
}
