// Host code fills the input with an OpenMP loop, beside a kernel (clean:
// every thread writes its own element). The project requires OpenMP.
#include <omp.h>
#include <cstdio>
#include <vector>

#ifndef _OPENMP
#error "this sample needs OpenMP (-fopenmp)"
#endif

__global__ void square_inplace(float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = v[i] * v[i];
}

int main() {
  const int n = 1 << 12;
  std::vector<float> host(n);
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; ++i) host[i] = 0.5f * i;
  std::printf("filled on %d threads\n", omp_get_max_threads());
  float *dev = nullptr;
  size_t bytes = n * sizeof(float);
  cudaMalloc(&dev, bytes);
  cudaMemcpy(dev, host.data(), bytes, cudaMemcpyHostToDevice);
  int threads = 256;
  square_inplace<<<(n + threads - 1) / threads, threads>>>(dev, n);
  cudaMemcpy(host.data(), dev, bytes, cudaMemcpyDeviceToHost);
  cudaFree(dev);
  return 0;
}
