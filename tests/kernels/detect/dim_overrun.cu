// Pattern: an index past the end of an inner dimension of a fixed-size
// array, whose flat address is still inside the variable (the next row):
// no allocation check sees it, the value read belongs to another element.
//  - stencil: a transposed read with its neighbour, tile[tx][ty + 1], past
//    the last column;
//  - private_hist: a per-thread 2x8 histogram binned with `v & 15` instead
//    of `v & 7` (bin 8..15 of row 0 is row 1);
//  - band_coef: a __device__ table coef[4][8] read at [band][tap + 1];
//  - stencil_ok: the neighbour clamped to the row; &row[8] (one past the
//    end) is computed but never read.
__device__ float coef[4][8];

__global__ void stencil(const float *in, float *out) {
  __shared__ float tile[8][8];
  int tx = threadIdx.x, ty = threadIdx.y;
  tile[ty][tx] = in[ty * 8 + tx];
  __syncthreads();
  out[ty * 8 + tx] = 0.5f * (tile[tx][ty] + tile[tx][ty + 1]);
}

__global__ void private_hist(const int *v, int *out, int n) {
  int bins[2][8];
  for (int b = 0; b < 8; b++) bins[0][b] = bins[1][b] = 0;
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = t; i < n; i += gridDim.x * blockDim.x) bins[0][v[i] & 15]++;
  for (int b = 0; b < 8; b++) out[t * 8 + b] = bins[0][b] + bins[1][b];
}

__global__ void band_coef(const float *in, float *out, int band) {
  int tap = threadIdx.x;
  out[tap] = in[tap] * coef[band & 3][tap + 1];
}

__global__ void stencil_ok(const float *in, float *out) {
  __shared__ float tile[8][8];
  int tx = threadIdx.x, ty = threadIdx.y;
  tile[ty][tx] = in[ty * 8 + tx];
  __syncthreads();
  const float *end = &tile[tx][8];
  int right = tile[tx] + ty + 1 < end ? ty + 1 : ty;
  out[ty * 8 + tx] = 0.5f * (tile[tx][ty] + tile[tx][right]);
}

//@ run kernel=stencil grid=1 block=8,8
//@ arg f32[64]=1
//@ arg f32[64]
//@ expect oob shared 18
//@ run kernel=private_hist grid=1 block=4
//@ arg i32[16]=iota
//@ arg i32[32]
//@ arg 16
//@ expect oob local 25
//@ run kernel=band_coef grid=1 block=8
//@ arg f32[8]=1
//@ arg f32[8]
//@ arg 1
//@ expect oob global 31
//@ run kernel=stencil_ok grid=1 block=8,8
//@ arg f32[64]=1
//@ arg f32[64]
//@ expect none
