// Texture objects and a texture reference (the texture API): a 1-D blur
// reading through tex1Dfetch. Clean kernel.
#include <cuda_runtime.h>

texture<float, 1, cudaReadModeElementType> g_ref;

__global__ void blur_tex(cudaTextureObject_t tex, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1)
    out[i] = (tex1Dfetch<float>(tex, i - 1) + tex1Dfetch<float>(tex, i) +
              tex1Dfetch<float>(tex, i + 1)) / 3.0f;
}

cudaTextureObject_t make_tex(float *d, int n) {
  cudaResourceDesc res = {};
  res.resType = cudaResourceTypeLinear;
  res.res.linear.devPtr = d;
  res.res.linear.desc = cudaCreateChannelDesc<float>();
  res.res.linear.sizeInBytes = n * sizeof(float);
  cudaTextureDesc td = {};
  td.readMode = cudaReadModeElementType;
  cudaTextureObject_t t = 0;
  cudaCreateTextureObject(&t, &res, &td, nullptr);
  return t;
}
