// Invalid frees as they happen in real cleanup code: a buffer freed twice
// (two owners), a host array given to cudaFree, a pointer advanced past the
// start of its allocation, and device memory given to cudaFreeHost. Each
// returns cudaErrorInvalidValue and is a finding at its line.
#include <cstdio>
#include <cstdlib>

__global__ void zero(float *p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 0; }

int main() {
  float *a, *b, *pinned;
  cudaMalloc(&a, 256 * sizeof(float));
  cudaMalloc(&b, 256 * sizeof(float));
  zero<<<2, 128>>>(a);
  cudaMallocHost(&pinned, 64);
  float *host = (float *)malloc(64);
  cudaError_t e1 = cudaFree(a);
  cudaError_t e2 = cudaFree(a); // the second owner frees it again
  cudaError_t e3 = cudaFree(host); // host memory
  cudaError_t e4 = cudaFree(b + 16); // not the start of the allocation
  cudaError_t e5 = cudaFreeHost(b); // device memory
  cudaError_t e6 = cudaFreeHost(pinned);
  printf("free: %s, twice: %s, host: %s, inside: %s, cudaFreeHost of device memory: %s, "
         "cudaFreeHost: %s\n", cudaGetErrorName(e1), cudaGetErrorName(e2),
         cudaGetErrorName(e3), cudaGetErrorName(e4), cudaGetErrorName(e5),
         cudaGetErrorName(e6));
  cudaFree(b);
  free(host);
  return e1 != cudaSuccess || e2 != cudaErrorInvalidValue || e3 != cudaErrorInvalidValue ||
         e4 != cudaErrorInvalidValue || e5 != cudaErrorInvalidValue || e6 != cudaSuccess;
}
