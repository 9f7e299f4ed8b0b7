// Interpreter corpus: stencils through shared tiles with halos. Pattern:
// none (race-free): the tile and its halo are loaded, then a barrier, then
// only read. stencil1d takes its weights from __constant__ memory.
#define RADIUS 3
#define S1_BLOCK 128
#define S2_BX 16
#define S2_BY 8

__constant__ float weights[2 * RADIUS + 1] = {0.125f, -0.25f, 0.5f, 1.0f, 0.5f, -0.25f, 0.125f};

// out[g] = sum over k in [-3,3] of weights[k+3] * in[g+k] (0 outside [0,n)).
__global__ void stencil1d(const float *in, float *out, int n) {
  __shared__ float s[S1_BLOCK + 2 * RADIUS];
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int l = threadIdx.x + RADIUS;
  s[l] = g < n ? in[g] : 0.0f;
  if (threadIdx.x < RADIUS) {
    int left = g - RADIUS, right = g + blockDim.x;
    s[l - RADIUS] = left >= 0 && left < n ? in[left] : 0.0f;
    s[l + blockDim.x] = right < n ? in[right] : 0.0f;
  }
  __syncthreads();
  if (g < n) {
    float acc = 0.0f;
    for (int k = -RADIUS; k <= RADIUS; ++k) acc += weights[k + RADIUS] * s[l + k];
    out[g] = acc;
  }
}

// The field the 2-D stencil reads: in[y*w+x] squared mod 1009, 0 outside.
__device__ int field(const int *in, int x, int y, int w, int h) {
  if (x < 0 || y < 0 || x >= w || y >= h) return 0;
  int v = in[y * w + x];
  return v * v % 1009;
}

// out = the 5-point Laplacian of the field (w x h, row-major).
__global__ void stencil2d(const int *in, int *out, int w, int h) {
  __shared__ int s[S2_BY + 2][S2_BX + 2];
  int x = blockIdx.x * S2_BX + threadIdx.x, y = blockIdx.y * S2_BY + threadIdx.y;
  int lx = threadIdx.x + 1, ly = threadIdx.y + 1;
  s[ly][lx] = field(in, x, y, w, h);
  if (threadIdx.x == 0) s[ly][0] = field(in, x - 1, y, w, h);
  if (threadIdx.x == S2_BX - 1) s[ly][S2_BX + 1] = field(in, x + 1, y, w, h);
  if (threadIdx.y == 0) s[0][lx] = field(in, x, y - 1, w, h);
  if (threadIdx.y == S2_BY - 1) s[S2_BY + 1][lx] = field(in, x, y + 1, w, h);
  __syncthreads();
  if (x < w && y < h)
    out[y * w + x] = 4 * s[ly][lx] - s[ly - 1][lx] - s[ly + 1][lx] - s[ly][lx - 1] - s[ly][lx + 1];
}

//@ run stencil1d: --kernel stencil1d --grid 4 --block 128 --arg f32[500]=iota --arg f32[500] --arg 500 --dump 1
//@ run stencil1d_rand: --kernel stencil1d --grid 3 --block 128 --arg f32[300]=rand:9:-50:50 --arg f32[300] --arg 300 --dump 1
//@ run stencil2d: --kernel stencil2d --grid 3,3 --block 16,8 --arg i32[800]=iota --arg i32[800] --arg 40 --arg 20 --dump 1
