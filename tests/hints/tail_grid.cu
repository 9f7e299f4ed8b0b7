// Pattern: a tail block with idle threads that still write. The program
// launches one thread per element, rounded up to whole 256-thread blocks
// (<<<(n + 255) / 256, 256>>>); threads past the end "clear the padding" by
// writing the last element, so whenever n is not a multiple of 256 the idle
// threads of the last block race with each other (write-write) and with the
// thread that owns element n - 1 (read-write). The grid is computed from the
// argument n, so the search draws n and derives the grid as the program
// does (launch_source "derived").
#include <cstdio>

__global__ void scale_pad(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] = data[i] * 2.0f;
  else
    data[n - 1] = 0.0f;
}

int scale(float *host, int n) {
  float *d = nullptr;
  if (cudaMalloc(&d, n * sizeof(float)) != cudaSuccess) return -1;
  cudaMemcpy(d, host, n * sizeof(float), cudaMemcpyHostToDevice);
  scale_pad<<<(n + 255) / 256, 256>>>(d, n);
  cudaMemcpy(host, d, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d);
  return 0;
}

int main() {
  static float v[1000];
  for (int i = 0; i < 1000; i++) v[i] = (float)i;
  return scale(v, 1000) == 0 ? 0 : 1;
}
