// The kernel half of a program split into .cu kernels and host files
// (main.cpp, io.c): a grid-stride blend and its C-callable launcher.
#include "blend.h"

__global__ void blend_kernel(const float2 *in, float *out, int n, float t) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    out[i] = blend(in[i], t);
}

extern "C" int blend_on_device(const float2 *in, float *out, int n, float t) {
  float2 *d_in;
  float *d_out;
  cudaMalloc(&d_in, n * sizeof(float2));
  cudaMalloc(&d_out, n * sizeof(float));
  cudaMemcpy(d_in, in, n * sizeof(float2), cudaMemcpyHostToDevice);
  blend_kernel<< <(n + 127) / 128, 128>> >(d_in, d_out, n, t);
  cudaError_t e = cudaGetLastError();
  cudaMemcpy(out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_in);
  cudaFree(d_out);
  return (int)e;
}
