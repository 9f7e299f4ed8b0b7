// An image pipeline through CUDA arrays, texture objects and a surface
// object, as image-processing code builds one: the image copied into a
// CUDA array, a 2x downsample through a linear-filtered texture, a shifted
// copy through a second texture object of the same array (normalized
// coordinates, wrap), a kernel writing a uchar4 array through a surface
// object read back with a normalized-float texture and copied out, a
// texture over linear memory that a kernel rewrites between launches (and
// one whose size runs past its allocation), a texture over pitched memory,
// and a 3-D array filled by cudaMemcpy3D.
// Every output is checked against a host loop.
// Pattern: none (clean).
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#define CK(call)                                                             \
  do {                                                                       \
    cudaError_t e_ = (call);                                                 \
    if (e_ != cudaSuccess) {                                                 \
      printf("%s: %s\n", #call, cudaGetErrorName(e_));                       \
      return 1;                                                              \
    }                                                                        \
  } while (0)

static int wrong = 0;
static void expect(const char *what, int i, double got, double want, double tol) {
  if (!(std::fabs(got - want) <= tol)) {
    if (wrong < 10) printf("%s[%d]: got %.9g, want %.9g\n", what, i, got, want);
    wrong++;
  }
}

const int W = 37, H = 23;

__global__ void downsample(cudaTextureObject_t t, float *out, int ow, int oh) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < ow && y < oh) out[y * ow + x] = tex2D<float>(t, 2.0f * x + 1.0f, 2.0f * y + 1.0f);
}

__global__ void shifted(cudaTextureObject_t t, float *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) {
    float u = (x + 0.5f) / w + 0.25f, v = (y + 0.5f) / h;
    out[y * w + x] = tex2D<float>(t, u, v);
  }
}

__global__ void to_rgba(cudaTextureObject_t src, cudaSurfaceObject_t dst, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) {
    float v = tex2D<float>(src, x + 0.5f, y + 0.5f);
    unsigned char c = (unsigned char)(v * 10.0f);
    surf2Dwrite(make_uchar4(c, 255 - c, (unsigned char)x, (unsigned char)y), dst,
                x * (int)sizeof(uchar4), y);
  }
}

__global__ void read_rgba(cudaTextureObject_t t, float *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) {
    float4 c = tex2D<float4>(t, x + 0.5f, y + 0.5f);
    out[y * w + x] = c.x + c.y;
  }
}

__global__ void scale(float *a, int n, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] *= s;
}

__global__ void gather(cudaTextureObject_t t, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<float>(t, n - 1 - i);
}

__global__ void read3d(cudaTextureObject_t t, float *out, int w, int h, int d) {
  int x = threadIdx.x, y = threadIdx.y, z = blockIdx.x;
  if (x < w && y < h && z < d) out[(z * h + y) * w + x] = tex3D<float>(t, x + 0.5f, y + 0.5f, z + 0.5f);
}

static float img(const std::vector<float> &a, int x, int y) {
  x = x < 0 ? 0 : x >= W ? W - 1 : x;
  y = y < 0 ? 0 : y >= H ? H - 1 : y;
  return a[y * W + x];
}

int main() {
  std::vector<float> in(W * H);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) in[y * W + x] = (float)((x * 7 + y * 3) % 19);

  // the image into a CUDA array
  cudaChannelFormatDesc fdesc = cudaCreateChannelDesc<float>();
  cudaArray_t arr;
  CK(cudaMallocArray(&arr, &fdesc, W, H));
  CK(cudaMemcpy2DToArray(arr, 0, 0, in.data(), W * sizeof(float), W * sizeof(float), H,
                         cudaMemcpyHostToDevice));
  cudaResourceDesc res;
  memset(&res, 0, sizeof res);
  res.resType = cudaResourceTypeArray;
  res.res.array.array = arr;
  cudaTextureDesc td;
  memset(&td, 0, sizeof td);
  td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
  td.filterMode = cudaFilterModeLinear;
  td.readMode = cudaReadModeElementType;
  cudaTextureObject_t lin;
  CK(cudaCreateTextureObject(&lin, &res, &td, nullptr));
  cudaResourceDesc back;
  CK(cudaGetTextureObjectResourceDesc(&back, lin));
  if (back.resType != cudaResourceTypeArray || back.res.array.array != arr)
    printf("resource desc: not the array\n"), wrong++;

  // 2x downsample: the average of each 2x2 block (clamped at the edges)
  const int ow = (W + 1) / 2, oh = (H + 1) / 2;
  float *dout;
  CK(cudaMalloc(&dout, W * H * sizeof(float)));
  dim3 blk(16, 8), grd((W + 15) / 16, (H + 7) / 8);
  downsample<<<grd, blk>>>(lin, dout, ow, oh);
  std::vector<float> out(W * H);
  CK(cudaMemcpy(out.data(), dout, ow * oh * sizeof(float), cudaMemcpyDeviceToHost));
  for (int y = 0; y < oh; y++)
    for (int x = 0; x < ow; x++) {
      float want = 0.25f * (img(in, 2 * x, 2 * y) + img(in, 2 * x + 1, 2 * y) +
                            img(in, 2 * x, 2 * y + 1) + img(in, 2 * x + 1, 2 * y + 1));
      expect("downsample", y * ow + x, out[y * ow + x], want, 1e-5);
    }

  // a second texture of the same array: point, normalized, wrap
  cudaTextureDesc tw;
  memset(&tw, 0, sizeof tw);
  tw.addressMode[0] = tw.addressMode[1] = cudaAddressModeWrap;
  tw.filterMode = cudaFilterModePoint;
  tw.normalizedCoords = 1;
  cudaTextureObject_t wrap;
  CK(cudaCreateTextureObject(&wrap, &res, &tw, nullptr));
  shifted<<<grd, blk>>>(wrap, dout, W, H);
  CK(cudaMemcpy(out.data(), dout, W * H * sizeof(float), cudaMemcpyDeviceToHost));
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      float u = (x + 0.5f) / W + 0.25f;
      u *= (float)W;
      int sx = ((int)floorf(u) % W + W) % W;
      expect("shifted", y * W + x, out[y * W + x], in[y * W + sx], 0);
    }

  // a surface object writing a uchar4 array, read back two ways
  cudaChannelFormatDesc cdesc = cudaCreateChannelDesc<uchar4>();
  cudaArray_t rgba;
  CK(cudaMallocArray(&rgba, &cdesc, W, H, cudaArraySurfaceLoadStore));
  cudaResourceDesc rres;
  memset(&rres, 0, sizeof rres);
  rres.resType = cudaResourceTypeArray;
  rres.res.array.array = rgba;
  cudaSurfaceObject_t surf;
  CK(cudaCreateSurfaceObject(&surf, &rres));
  cudaTextureDesc pt;
  memset(&pt, 0, sizeof pt);
  cudaTextureObject_t point;
  CK(cudaCreateTextureObject(&point, &res, &pt, nullptr)); // its own copy: sampling differs
  to_rgba<<<grd, blk>>>(point, surf, W, H);
  std::vector<uchar4> px(W * H);
  CK(cudaMemcpy2DFromArray(px.data(), W * sizeof(uchar4), rgba, 0, 0, W * sizeof(uchar4), H,
                           cudaMemcpyDeviceToHost));
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      unsigned char c = (unsigned char)(in[y * W + x] * 10.0f);
      const uchar4 &p = px[y * W + x];
      expect("surface", y * W + x, p.x + 256 * (p.y + 256 * (p.z + 256 * p.w)),
             c + 256 * ((255 - c) + 256 * (x + 256 * y)), 0);
    }
  cudaTextureDesc nf;
  memset(&nf, 0, sizeof nf);
  nf.readMode = cudaReadModeNormalizedFloat;
  cudaTextureObject_t norm;
  CK(cudaCreateTextureObject(&norm, &rres, &nf, nullptr));
  read_rgba<<<grd, blk>>>(norm, dout, W, H);
  CK(cudaMemcpy(out.data(), dout, W * H * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < W * H; i++) expect("normalized read", i, out[i], 1.0, 1e-6);

  // a texture over linear memory rewritten by a kernel: fetches see it
  const int n = 100;
  std::vector<float> v(n);
  for (int i = 0; i < n; i++) v[i] = (float)i;
  float *dv, *dg;
  CK(cudaMalloc(&dv, n * sizeof(float)));
  CK(cudaMalloc(&dg, n * sizeof(float)));
  CK(cudaMemcpy(dv, v.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  cudaResourceDesc lres;
  memset(&lres, 0, sizeof lres);
  lres.resType = cudaResourceTypeLinear;
  lres.res.linear.devPtr = dv;
  lres.res.linear.desc = cudaCreateChannelDesc<float>();
  lres.res.linear.sizeInBytes = n * sizeof(float);
  cudaTextureObject_t ltex;
  CK(cudaCreateTextureObject(&ltex, &lres, &pt, nullptr));
  scale<<<1, 128>>>(dv, n, 3.0f);
  gather<<<1, 128>>>(ltex, dg, n);
  std::vector<float> g(n);
  CK(cudaMemcpy(g.data(), dg, n * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) expect("linear texture", i, g[i], 3.0 * (n - 1 - i), 0);
  // the same memory through a texture whose sizeInBytes runs past the end
  // of the allocation (sized for padded rows over an unpadded buffer; CUDA
  // does not check it): the texels inside the allocation read as they are
  lres.res.linear.sizeInBytes = (n + 28) * sizeof(float);
  cudaTextureObject_t otex;
  CK(cudaCreateTextureObject(&otex, &lres, &pt, nullptr));
  gather<<<1, 128>>>(otex, dg, n);
  CK(cudaMemcpy(g.data(), dg, n * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) expect("oversized linear texture", i, g[i], 3.0 * (n - 1 - i), 0);
  CK(cudaDestroyTextureObject(otex));

  // a texture over pitched memory
  float *dp;
  size_t pitch;
  CK(cudaMallocPitch(&dp, &pitch, W * sizeof(float), H));
  CK(cudaMemcpy2D(dp, pitch, in.data(), W * sizeof(float), W * sizeof(float), H,
                  cudaMemcpyHostToDevice));
  cudaResourceDesc pres;
  memset(&pres, 0, sizeof pres);
  pres.resType = cudaResourceTypePitch2D;
  pres.res.pitch2D.devPtr = dp;
  pres.res.pitch2D.desc = cudaCreateChannelDesc<float>();
  pres.res.pitch2D.width = W;
  pres.res.pitch2D.height = H;
  pres.res.pitch2D.pitchInBytes = pitch;
  cudaTextureObject_t ptex;
  CK(cudaCreateTextureObject(&ptex, &pres, &td, nullptr));
  downsample<<<grd, blk>>>(ptex, dout, ow, oh);
  CK(cudaMemcpy(out.data(), dout, ow * oh * sizeof(float), cudaMemcpyDeviceToHost));
  for (int y = 0; y < oh; y++)
    for (int x = 0; x < ow; x++) {
      float want = 0.25f * (img(in, 2 * x, 2 * y) + img(in, 2 * x + 1, 2 * y) +
                            img(in, 2 * x, 2 * y + 1) + img(in, 2 * x + 1, 2 * y + 1));
      expect("pitched downsample", y * ow + x, out[y * ow + x], want, 1e-5);
    }

  // a 3-D array by cudaMemcpy3D, read through tex3D and copied back
  const int X = 5, Y = 4, Z = 3;
  std::vector<float> vol(X * Y * Z), vol2(X * Y * Z);
  for (int i = 0; i < X * Y * Z; i++) vol[i] = (float)(i * 2 + 1);
  cudaArray_t arr3;
  CK(cudaMalloc3DArray(&arr3, &fdesc, make_cudaExtent(X, Y, Z)));
  cudaMemcpy3DParms cp;
  memset(&cp, 0, sizeof cp);
  cp.srcPtr = make_cudaPitchedPtr(vol.data(), X * sizeof(float), X, Y);
  cp.dstArray = arr3;
  cp.extent = make_cudaExtent(X, Y, Z);
  cp.kind = cudaMemcpyHostToDevice;
  CK(cudaMemcpy3D(&cp));
  cudaResourceDesc r3;
  memset(&r3, 0, sizeof r3);
  r3.resType = cudaResourceTypeArray;
  r3.res.array.array = arr3;
  cudaTextureObject_t t3;
  CK(cudaCreateTextureObject(&t3, &r3, &pt, nullptr));
  read3d<<<Z, dim3(X, Y)>>>(t3, dout, X, Y, Z);
  CK(cudaMemcpy(out.data(), dout, X * Y * Z * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < X * Y * Z; i++) expect("tex3D", i, out[i], vol[i], 0);
  memset(&cp, 0, sizeof cp);
  cp.srcArray = arr3;
  cp.dstPtr = make_cudaPitchedPtr(vol2.data(), X * sizeof(float), X, Y);
  cp.extent = make_cudaExtent(X, Y, Z);
  cp.kind = cudaMemcpyDeviceToHost;
  CK(cudaMemcpy3D(&cp));
  for (int i = 0; i < X * Y * Z; i++) expect("cudaMemcpy3D back", i, vol2[i], vol[i], 0);

  // a format simulee does not sample (3 channels): named, not supported
  cudaChannelFormatDesc three = cudaCreateChannelDesc(32, 32, 32, 0, cudaChannelFormatKindFloat);
  cudaArray_t harr;
  printf("3-channel array: %s\n", cudaGetErrorName(cudaMallocArray(&harr, &three, 4, 4)));
  cudaGetLastError();

  for (cudaTextureObject_t t : {lin, wrap, point, norm, ltex, ptex, t3})
    CK(cudaDestroyTextureObject(t));
  CK(cudaDestroySurfaceObject(surf));
  CK(cudaFreeArray(arr));
  CK(cudaFreeArray(rgba));
  CK(cudaFreeArray(arr3));
  cudaFree(dout), cudaFree(dv), cudaFree(dg), cudaFree(dp);
  printf("texture: %d wrong\n", wrong);
  return wrong != 0;
}
