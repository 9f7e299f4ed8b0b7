// Vector-texel and layered fetches, as image pipelines make them (RGBA8
// photos read as normalized floats, float2 flow fields, texture arrays of
// tiles): each thread writes the channels of the fetch at its coordinates.
// Pattern: none (each thread writes its own elements).
__global__ void rgba2d(cudaTextureObject_t t, const float *xs, const float *ys, float4 *out,
                       int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<float4>(t, xs[i], ys[i]);
}
__global__ void flow1d(cudaTextureObject_t t, const float *xs, float2 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1D<float2>(t, xs[i]);
}
__global__ void tiles2d(cudaTextureObject_t t, const float *xs, const float *ys,
                        const int *layer, float4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2DLayered<float4>(t, xs[i], ys[i], layer[i]);
}
__global__ void rows1d(cudaTextureObject_t t, const float *xs, const int *layer, float *out,
                       int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1DLayered<float>(t, xs[i], layer[i]);
}
// raw channels: element read mode, by index and at a point
__global__ void raw_rgba(cudaTextureObject_t t, const int *idx, uchar4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<uchar4>(t, idx[i]);
}
__global__ void raw_short2(cudaTextureObject_t t, const float *xs, const float *ys, short2 *out,
                           int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<short2>(t, xs[i], ys[i]);
}
