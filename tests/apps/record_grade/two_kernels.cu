// Scale a vector, with an in-place variant for the case where the caller
// has no second buffer. Bug pattern: the in-place variant shifts while it
// scales (element i + 1 gets element i's value), so a thread reads the
// element its neighbour writes; the program always has a second buffer and
// launches only the out-of-place kernel.
#include <cstdio>
#include <vector>

__global__ void scale(const float *in, float *out, float k, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = k * in[i];
}

__global__ void scale_shift_inplace(float *v, float k, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n) v[i + 1] = k * v[i];
}

int main(int argc, char **argv) {
  const int n = 512;
  std::vector<float> h(n);
  for (int i = 0; i < n; ++i) h[i] = (float)i;
  float *a, *b;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  cudaMemcpy(a, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  if (argc > 1) // no second buffer
    scale_shift_inplace<<<(n + 127) / 128, 128>>>(a, 2.0f, n);
  else
    scale<<<(n + 127) / 128, 128>>>(a, b, 2.0f, n);
  cudaMemcpy(h.data(), argc > 1 ? a : b, n * sizeof(float), cudaMemcpyDeviceToHost);
  printf("v[100] = %.0f\n", h[100]);
  cudaFree(a);
  cudaFree(b);
  return 0;
}
