// A half-precision image sampled through a texture object, as image code
// stores its inputs (cudaCreateChannelDescHalf / Half2 arrays): point
// samples give the halves widened to float, linear filtering between two
// texels their weighted mean, a 2-channel half texture both channels.
// Results against host loops.
#include <cuda_fp16.h>
#include <cstdio>
#include <vector>

__global__ void sample(cudaTextureObject_t point, cudaTextureObject_t linear,
                       cudaTextureObject_t pair, float *out, float *mid, float2 *two, int w,
                       int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x >= w || y >= h) return;
  out[y * w + x] = tex2D<float>(point, x + 0.5f, y + 0.5f);
  if (x + 1 < w) mid[y * w + x] = tex2D<float>(linear, x + 1.0f, y + 0.5f); // halfway to x + 1
  two[y * w + x] = tex2D<float2>(pair, x + 0.5f, y + 0.5f);
}

static cudaTextureObject_t make_texture(cudaArray_t a, cudaTextureFilterMode f) {
  cudaResourceDesc r = {};
  r.resType = cudaResourceTypeArray;
  r.res.array.array = a;
  cudaTextureDesc t = {};
  t.addressMode[0] = t.addressMode[1] = cudaAddressModeClamp;
  t.filterMode = f;
  t.readMode = cudaReadModeElementType;
  cudaTextureObject_t o = 0;
  cudaCreateTextureObject(&o, &r, &t, nullptr);
  return o;
}

int main() {
  const int w = 40, h = 6;
  std::vector<__half> img(w * h), pairs(2 * w * h);
  for (int i = 0; i < w * h; i++) {
    img[i] = __float2half((float)(i % 23) * 0.375f - 3.0f);
    pairs[2 * i] = __float2half((float)i * 0.5f);
    pairs[2 * i + 1] = __float2half(-(float)(i % 9));
  }
  cudaChannelFormatDesc d1 = cudaCreateChannelDescHalf(), d2 = cudaCreateChannelDescHalf2();
  cudaArray_t a1, a2;
  cudaError_t e = cudaMallocArray(&a1, &d1, w, h);
  if (e == cudaSuccess) e = cudaMallocArray(&a2, &d2, w, h);
  if (e != cudaSuccess) {
    printf("half arrays: %s\n", cudaGetErrorString(e));
    return 1;
  }
  cudaMemcpy2DToArray(a1, 0, 0, img.data(), w * sizeof(__half), w * sizeof(__half), h,
                      cudaMemcpyHostToDevice);
  cudaMemcpy2DToArray(a2, 0, 0, pairs.data(), w * 2 * sizeof(__half), w * 2 * sizeof(__half), h,
                      cudaMemcpyHostToDevice);
  cudaTextureObject_t tp = make_texture(a1, cudaFilterModePoint), tl = make_texture(a1, cudaFilterModeLinear),
                      t2 = make_texture(a2, cudaFilterModePoint);
  float *out, *mid;
  float2 *two;
  cudaMalloc(&out, w * h * sizeof(float));
  cudaMalloc(&mid, w * h * sizeof(float));
  cudaMalloc(&two, w * h * sizeof(float2));
  cudaMemset(mid, 0, w * h * sizeof(float));
  sample<<<dim3(1, h), 64>>>(tp, tl, t2, out, mid, two, w, h);
  std::vector<float> o(w * h), m(w * h);
  std::vector<float2> t(w * h);
  cudaMemcpy(o.data(), out, w * h * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(m.data(), mid, w * h * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(t.data(), two, w * h * sizeof(float2), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int i = y * w + x;
      if (o[i] != __half2float(img[i])) wrong++;
      if (x + 1 < w) {
        float e2 = 0.5f * __half2float(img[i]) + 0.5f * __half2float(img[i + 1]);
        float d = m[i] - e2;
        if (d > 1e-2f || d < -1e-2f) wrong++; // the 8-bit filter weights of the hardware
      }
      if (t[i].x != __half2float(pairs[2 * i]) || t[i].y != __half2float(pairs[2 * i + 1])) wrong++;
    }
  e = cudaDeviceSynchronize();
  printf("half textures: %d wrong (%s)\n", wrong, cudaGetErrorString(e));
  return wrong != 0 || e != cudaSuccess;
}
