// Textures and surfaces on the native path (tests/jit.cmake): texture
// objects over a CUDA array (point and linear filtering, clamp, wrap and
// border addressing, normalized coordinates), over linear memory
// (tex1Dfetch) and over 8-bit texels read as normalized floats; a surface
// object written and read back (a surface access out of range traps: those
// two kernels stay interpreted). Every result is printed exactly (floats as
// bits) and checked against a host loop where the host can compute it: the
// output must not depend on the path.
#include <cstdio>
#include <cstring>

__global__ void point2d(float *out, cudaTextureObject_t t, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  // two texels outside on each side: clamped
  out[y * w + x] = tex2D<float>(t, x - 2 + 0.5f, y - 1 + 0.5f);
}

__global__ void linear2d(float *out, cudaTextureObject_t t, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  // normalized coordinates past both ends: wrapped, then filtered
  out[y * w + x] = tex2D<float>(t, (x * 1.37f - 3.1f) / w, (y * 0.61f + 0.2f) / h);
}

__global__ void fetch1d(int *out, cudaTextureObject_t t, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<int>(t, (i * 7) % n) + tex1Dfetch<int>(t, n + i); // border: 0
}

__global__ void bytes(float4 *out, cudaTextureObject_t t, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<float4>(t, n - 1 - i);
}

__global__ void paint(cudaSurfaceObject_t s, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  surf2Dwrite(x * 3 + y * 1000, s, x * (int)sizeof(int), y);
}

__global__ void readback(int *out, cudaSurfaceObject_t s, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  out[y * w + x] = surf2Dread<int>(s, x * (int)sizeof(int), y) + 1;
}

static unsigned bits(float f) {
  unsigned u;
  memcpy(&u, &f, 4);
  return u;
}

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

int main() {
  const int W = 40, H = 24, N = W * H;
  int bad = 0;
  float img[N];
  for (int i = 0; i < N; i++) img[i] = (float)((i * 37) % 101) * 0.25f - 7.0f;
  cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
  cudaArray_t arr;
  cudaMallocArray(&arr, &fd, W, H);
  cudaMemcpy2DToArray(arr, 0, 0, img, W * sizeof(float), W * sizeof(float), H,
                      cudaMemcpyHostToDevice);
  cudaResourceDesc rd;
  memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = arr;
  cudaTextureDesc td;
  memset(&td, 0, sizeof td);
  td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
  td.filterMode = cudaFilterModePoint;
  td.readMode = cudaReadModeElementType;
  cudaTextureObject_t tp, tl;
  cudaCreateTextureObject(&tp, &rd, &td, NULL);
  td.addressMode[0] = td.addressMode[1] = cudaAddressModeWrap;
  td.filterMode = cudaFilterModeLinear;
  td.normalizedCoords = 1;
  cudaCreateTextureObject(&tl, &rd, &td, NULL);
  float *dout;
  cudaMalloc(&dout, N * sizeof(float));
  dim3 blk(16, 8), grd((W + 15) / 16, (H + 7) / 8);
  float out[N];
  point2d<<<grd, blk>>>(dout, tp, W, H);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      float want = img[clampi(y - 1, 0, H - 1) * W + clampi(x - 2, 0, W - 1)];
      if (bits(out[y * W + x]) != bits(want)) bad++;
    }
  printf("point2d: %08x %08x %08x\n", bits(out[0]), bits(out[N / 2 + 3]), bits(out[N - 1]));
  linear2d<<<grd, blk>>>(dout, tl, W, H);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  unsigned h = 2166136261u;
  for (int i = 0; i < N; i++) h = (h ^ bits(out[i])) * 16777619u;
  printf("linear2d: %08x %08x %08x hash %08x\n", bits(out[0]), bits(out[N / 2 + 3]),
         bits(out[N - 1]), h);

  // linear memory: ints (border addressing) and 8-bit texels as normalized floats
  int vals[N], got[N];
  for (int i = 0; i < N; i++) vals[i] = i * i - 500;
  int *dv, *dg;
  cudaMalloc(&dv, sizeof vals);
  cudaMalloc(&dg, sizeof got);
  cudaMemcpy(dv, vals, sizeof vals, cudaMemcpyHostToDevice);
  memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeLinear;
  rd.res.linear.devPtr = dv;
  rd.res.linear.desc = cudaCreateChannelDesc<int>();
  rd.res.linear.sizeInBytes = sizeof vals;
  memset(&td, 0, sizeof td);
  td.addressMode[0] = cudaAddressModeBorder;
  cudaTextureObject_t ti;
  cudaCreateTextureObject(&ti, &rd, &td, NULL);
  fetch1d<<<(N + 127) / 128, 128>>>(dg, ti, N);
  cudaMemcpy(got, dg, sizeof got, cudaMemcpyDeviceToHost);
  for (int i = 0; i < N; i++)
    if (got[i] != vals[(i * 7) % N]) bad++;
  printf("fetch1d: %d %d %d\n", got[0], got[N / 3], got[N - 1]);

  unsigned char px[4 * N];
  for (int i = 0; i < 4 * N; i++) px[i] = (unsigned char)(i * 29 + 3);
  unsigned char *dp;
  float4 *dq, q[N];
  cudaMalloc(&dp, sizeof px);
  cudaMalloc(&dq, sizeof q);
  cudaMemcpy(dp, px, sizeof px, cudaMemcpyHostToDevice);
  rd.res.linear.devPtr = dp;
  rd.res.linear.desc = cudaCreateChannelDesc<uchar4>();
  rd.res.linear.sizeInBytes = sizeof px;
  td.readMode = cudaReadModeNormalizedFloat;
  cudaTextureObject_t tb;
  cudaCreateTextureObject(&tb, &rd, &td, NULL);
  bytes<<<(N + 127) / 128, 128>>>(dq, tb, N);
  cudaMemcpy(q, dq, sizeof q, cudaMemcpyDeviceToHost);
  for (int i = 0; i < N; i++) {
    const unsigned char *p = px + 4 * (N - 1 - i);
    if (bits(q[i].x) != bits(p[0] / 255.0f) || bits(q[i].w) != bits(p[3] / 255.0f)) bad++;
  }
  printf("bytes: %08x %08x\n", bits(q[0].x), bits(q[N - 1].w));

  // a surface object over an int array, written by one launch, read by the next
  cudaChannelFormatDesc id = cudaCreateChannelDesc<int>();
  cudaArray_t sa;
  cudaMallocArray(&sa, &id, W, H, cudaArraySurfaceLoadStore);
  memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = sa;
  cudaSurfaceObject_t so;
  cudaCreateSurfaceObject(&so, &rd);
  paint<<<grd, blk>>>(so, W, H);
  readback<<<grd, blk>>>(dg, so, W, H);
  cudaMemcpy(got, dg, sizeof got, cudaMemcpyDeviceToHost);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      if (got[y * W + x] != x * 3 + y * 1000 + 1) bad++;
  printf("surface: %d %d\n", got[1], got[N - 1]);

  cudaError_t e = cudaDeviceSynchronize();
  printf("%s, %d wrong\n", cudaGetErrorString(e), bad);
  return bad || e != cudaSuccess;
}
