// A whole program built with -ffast-math, which its sources require: every
// thread scales its own element (clean), the host prints the sum.
#include <cstdio>
#ifndef __FAST_MATH__
#error "build with -ffast-math (the project's CMAKE_CUDA_FLAGS)"
#endif

__global__ void halve(float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = v[i] * 0.5f;
}

int main() {
  const int n = 64;
  float host[n], *dev;
  for (int i = 0; i < n; ++i) host[i] = 2.0f * i;
  cudaMalloc(&dev, sizeof host);
  cudaMemcpy(dev, host, sizeof host, cudaMemcpyHostToDevice);
  halve<<<2, 32>>>(dev, n);
  cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost);
  float sum = 0;
  for (int i = 0; i < n; ++i) sum += host[i];
  std::printf("sum %.0f\n", sum);
  return 0;
}
