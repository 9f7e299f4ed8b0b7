// Cubemap textures as environment-mapping code uses them: six square faces
// of a float cubemap CUDA array (cudaMalloc3DArray with cudaArrayCubemap)
// filled by one cudaMemcpy3D, a texture object over it sampled with
// texCubemap at directions toward every face (point sampling, normalized
// coordinates), and a layered cubemap (cudaArrayCubemap |
// cudaArrayLayered, two layers of six faces) sampled with
// texCubemapLayered. The host picks each direction's face and texel as the
// CUDA Programming Guide's cubemap table says. A cubemap whose faces are
// not square is refused with cudaErrorInvalidValue.
#include <cmath>
#include <cstdio>
#include <vector>

#define N 8 // face width

struct dir {
  float x, y, z;
};

__global__ void sample(cudaTextureObject_t cube, cudaTextureObject_t layered, const dir *d,
                       int count, float *out, float *out_layered) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= count) return;
  out[i] = texCubemap<float>(cube, d[i].x, d[i].y, d[i].z);
  out_layered[i] = texCubemapLayered<float>(layered, d[i].x, d[i].y, d[i].z, i & 1);
}

// the texel value of face f, layer l at (s, t)
static float texel(int l, int f, int s, int t) { return (float)(l * 1000 + f * 100 + t * N + s); }

// the face and texel a direction reads (the Programming Guide's table)
static float host_fetch(dir d, int layer) {
  float ax = std::fabs(d.x), ay = std::fabs(d.y), az = std::fabs(d.z), sc, tc, ma;
  int face;
  if (ax >= ay && ax >= az) {
    face = d.x >= 0 ? 0 : 1, ma = ax, sc = d.x >= 0 ? -d.z : d.z, tc = -d.y;
  } else if (ay >= az) {
    face = d.y >= 0 ? 2 : 3, ma = ay, sc = d.x, tc = d.y >= 0 ? d.z : -d.z;
  } else {
    face = d.z >= 0 ? 4 : 5, ma = az, sc = d.z >= 0 ? d.x : -d.x, tc = -d.y;
  }
  float s = (sc / ma + 1) / 2 * N, t = (tc / ma + 1) / 2 * N;
  int si = (int)std::floor(s), ti = (int)std::floor(t);
  si = si < 0 ? 0 : si >= N ? N - 1 : si;
  ti = ti < 0 ? 0 : ti >= N ? N - 1 : ti;
  return texel(layer, face, si, ti);
}

static cudaTextureObject_t make_tex(cudaArray_t a) {
  cudaResourceDesc r = {};
  r.resType = cudaResourceTypeArray;
  r.res.array.array = a;
  cudaTextureDesc t = {};
  t.normalizedCoords = 1;
  t.filterMode = cudaFilterModePoint;
  t.addressMode[0] = t.addressMode[1] = t.addressMode[2] = cudaAddressModeClamp;
  t.readMode = cudaReadModeElementType;
  cudaTextureObject_t o = 0;
  cudaCreateTextureObject(&o, &r, &t, nullptr);
  return o;
}

static cudaArray_t make_cube(int layers) {
  cudaChannelFormatDesc ch = cudaCreateChannelDesc<float>();
  cudaArray_t a = nullptr;
  unsigned flags = cudaArrayCubemap | (layers > 1 ? cudaArrayLayered : 0);
  if (cudaMalloc3DArray(&a, &ch, make_cudaExtent(N, N, 6 * layers), flags) != cudaSuccess)
    return nullptr;
  std::vector<float> h(N * N * 6 * layers);
  for (int l = 0; l < layers; l++)
    for (int f = 0; f < 6; f++)
      for (int t = 0; t < N; t++)
        for (int s = 0; s < N; s++) h[((l * 6 + f) * N + t) * N + s] = texel(l, f, s, t);
  cudaMemcpy3DParms p = {};
  p.srcPtr = make_cudaPitchedPtr(h.data(), N * sizeof(float), N, N);
  p.dstArray = a;
  p.extent = make_cudaExtent(N, N, 6 * layers);
  p.kind = cudaMemcpyHostToDevice;
  if (cudaMemcpy3D(&p) != cudaSuccess) return nullptr;
  return a;
}

int main() {
  // directions toward each face's texels, the axes, and diagonals
  std::vector<dir> d;
  for (int f = 0; f < 6; f++)
    for (int k = 0; k < 20; k++) {
      float u = -0.95f + 0.1f * (float)((k * 7) % 20), v = -0.9f + 0.09f * (float)((k * 3) % 20);
      float m = (f & 1) ? -1.0f : 1.0f;
      if (f < 2) d.push_back({m, u, v});
      else if (f < 4) d.push_back({u, m, v});
      else d.push_back({u, v, m});
    }
  d.push_back({2, 0.5f, 0.25f});
  d.push_back({0.1f, -3, 0.2f});
  d.push_back({-0.3f, 0.2f, -0.5f});
  int count = (int)d.size();
  cudaArray_t cube = make_cube(1), cube2 = make_cube(2);
  if (!cube || !cube2) {
    printf("cubemap arrays: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  cudaTextureObject_t t1 = make_tex(cube), t2 = make_tex(cube2);
  dir *dd;
  float *out, *out2;
  cudaMalloc(&dd, count * sizeof(dir));
  cudaMalloc(&out, count * sizeof(float));
  cudaMalloc(&out2, count * sizeof(float));
  cudaMemcpy(dd, d.data(), count * sizeof(dir), cudaMemcpyHostToDevice);
  sample<<<(count + 63) / 64, 64>>>(t1, t2, dd, count, out, out2);
  std::vector<float> got(count), got2(count);
  cudaMemcpy(got.data(), out, count * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(got2.data(), out2, count * sizeof(float), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < count; i++) {
    if (got[i] != host_fetch(d[i], 0)) {
      if (wrong < 5) printf("cubemap %d: got %g, want %g\n", i, got[i], host_fetch(d[i], 0));
      wrong++;
    }
    if (got2[i] != host_fetch(d[i], i & 1)) {
      if (wrong < 5) printf("layered %d: got %g, want %g\n", i, got2[i], host_fetch(d[i], i & 1));
      wrong++;
    }
  }
  // not square: refused
  cudaArray_t bad = nullptr;
  cudaChannelFormatDesc ch = cudaCreateChannelDesc<float>();
  cudaError_t e = cudaMalloc3DArray(&bad, &ch, make_cudaExtent(N, N + 1, 6), cudaArrayCubemap);
  cudaGetLastError();
  printf("cubemap: %d directions, %d wrong, not square: %s\n", count, wrong, cudaGetErrorName(e));
  cudaDestroyTextureObject(t1);
  cudaDestroyTextureObject(t2);
  cudaFreeArray(cube);
  cudaFreeArray(cube2);
  cudaFree(dd);
  cudaFree(out);
  cudaFree(out2);
  return wrong != 0 || e != cudaErrorInvalidValue;
}
