// Smooth a signal in place, each element averaged with the one `halo`
// places ahead. Bug pattern: an in-place stencil with no second buffer: a
// thread reads the element another thread overwrites, unless halo is 0
// (the program's default, which only copies); the program takes halo from
// its command line, so no launch site shows its value as a constant.
#include <cstdio>
#include <cstdlib>
#include <vector>

__global__ void smooth_inplace(float *v, int n, int halo) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + halo < n) v[i] = 0.5f * (v[i] + v[i + halo]);
}

int main(int argc, char **argv) {
  const int n = 256;
  int halo = argc > 1 ? atoi(argv[1]) : 0;
  std::vector<float> h(n);
  for (int i = 0; i < n; ++i) h[i] = (float)(i % 7);
  float *dv;
  cudaMalloc(&dv, n * sizeof(float));
  cudaMemcpy(dv, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  smooth_inplace<<<2, 128>>>(dv, n, halo);
  cudaMemcpy(h.data(), dv, n * sizeof(float), cudaMemcpyDeviceToHost);
  printf("v[10] = %.1f\n", h[10]);
  cudaFree(dv);
  return 0;
}
