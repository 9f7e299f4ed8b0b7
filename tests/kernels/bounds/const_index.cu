// Constant indices past the end of a fixed-size array, which clang
// -Warray-bounds names at every optimisation level (-O2 folds them into
// byte offsets, so the run cannot tell the dimension any more).
#define TAPS 5

__constant__ float coef[2][TAPS];

// Pattern: a 5-tap filter whose tap loop was unrolled by hand with one tap
// too many: coef[band][5] reads the next band's first tap (or past the
// table for band 1). Called from the kernel below.
__device__ float filter5(const float *x, int band) {
  return coef[band][0] * x[0] + coef[band][1] * x[1] + coef[band][2] * x[2] +
         coef[band][3] * x[3] + coef[band][4] * x[4] + coef[band][5] * x[5];
}

__global__ void fir_rows(const float *in, float *out, int n, int band) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + TAPS < n) out[i] = filter5(in + i, band & 1);
}

// Pattern: a transpose through a shared 8x8 tile that reads the corner of
// the tile with a hard-coded index written for a 12-wide tile.
__global__ void tile_corner(const float *in, float *out) {
  __shared__ float tile[8][8];
  int tx = threadIdx.x, ty = threadIdx.y;
  tile[ty][tx] = in[ty * 8 + tx];
  __syncthreads();
  out[ty * 8 + tx] = tile[tx][ty] + tile[0][11];
}

// Clean: the same tile, every index inside it.
__global__ void tile_ok(const float *in, float *out) {
  __shared__ float tile[8][8];
  int tx = threadIdx.x, ty = threadIdx.y;
  tile[ty][tx] = in[ty * 8 + tx];
  __syncthreads();
  out[ty * 8 + tx] = tile[tx][ty] + tile[0][7];
}

// Host code with its own constant overrun: not device code, no finding.
void host_table(float *dst) {
  float t[4] = {1, 2, 3, 4};
  dst[0] = t[4];
}
