// A sampling helper the kernel calls (not inlined), as filter libraries
// factor their look-ups: the texture handle reaches the fetch through the
// helper's parameter. Pattern: a data-dependent write-write race: every
// thread whose texel is above the threshold writes the same slot
// (a "last hit" without an atomic); with an all-zero texture no thread does.
__device__ __noinline__ float sample(cudaTextureObject_t t, float x, float y) {
  return tex2D<float>(t, x, y);
}
__global__ void last_hit(float *hit, cudaTextureObject_t img, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x < w && sample(img, x + 0.5f, 0.5f) > 0.5f) hit[0] = x;
}
