// Compile test for simulee's CUDA headers: the texture and surface API.
// Not a bug pattern. Host code creates texture objects and binds legacy
// references; device fetches through objects (scalar and vector texels),
// legacy references and surface accesses compile into plain code (executed)
// whose handles pass through the __simulee_texobj marker.
// HOST-SIDE
// EXPECT: call i64 @__simulee_texobj(
// REJECT: @__simulee_tex2D(
// REJECT: @__simulee_tex1Dfetch(
// REJECT: @__simulee_surf2Dwrite(
// EXPECT: @llvm.nvvm.texsurf.handle.internal.p1(ptr addrspace(1) @legacy_ref)
#include <cuda_runtime.h>

texture<float, 1, cudaReadModeElementType> legacy_ref;

__global__ void sample(cudaTextureObject_t lin, cudaTextureObject_t img,
                       cudaSurfaceObject_t surf, float *out) {
  int i = threadIdx.x;
  float a = tex1Dfetch<float>(lin, i);
  float4 b = tex2D<float4>(img, i + 0.5f, 0.5f);
  surf2Dwrite(a + b.x, surf, i * (int)sizeof(float), 0);
  out[i] = a + b.w;
}

__global__ void sample_legacy(float *out) {
  out[threadIdx.x] = tex1Dfetch(legacy_ref, threadIdx.x);
}

cudaTextureObject_t make_texture(float *dev, size_t n) {
  cudaResourceDesc res = {};
  res.resType = cudaResourceTypeLinear;
  res.res.linear.devPtr = dev;
  res.res.linear.desc = cudaCreateChannelDesc<float>();
  res.res.linear.sizeInBytes = n * sizeof(float);
  cudaTextureDesc td = {};
  td.readMode = cudaReadModeElementType;
  cudaTextureObject_t t = 0;
  cudaCreateTextureObject(&t, &res, &td, nullptr);
  size_t offset = 0;
  cudaBindTexture(&offset, legacy_ref, dev, n * sizeof(float));
  cudaArray_t arr = nullptr;
  cudaChannelFormatDesc cd = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  cudaMallocArray(&arr, &cd, n, 1, cudaArraySurfaceLoadStore);
  return t;
}
