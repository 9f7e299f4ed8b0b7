// Texture sampling at given coordinates, as a resampling kernel does
// (look-up tables, image warps): out[i] = the texture at (xs[i], ys[i]).
// Pattern: none (each thread writes its own element).
__global__ void sample1d(cudaTextureObject_t t, const float *xs, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1D<float>(t, xs[i]);
}
__global__ void sample2d(cudaTextureObject_t t, const float *xs, const float *ys, float *out,
                         int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<float>(t, xs[i], ys[i]);
}
// integer texels fetched from linear memory by index (0 outside)
__global__ void fetch_int(cudaTextureObject_t t, const int *idx, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<int>(t, idx[i]);
}
