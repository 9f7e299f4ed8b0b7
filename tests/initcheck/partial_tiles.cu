// Partial tiles that read only bytes some thread wrote (initcheck must stay
// quiet), and a read whose stale value a select throws away.
// tail_pair: the last partial block loads only the elements below n and
// reads a neighbour only where it exists.
// halo_edges: a stencil tile whose two halo cells are written by the first
// and last thread only (zero past the ends).
// transpose_edges: a 16x16 transpose tile of a 20x12 matrix: edge blocks
// write and read only the in-range part of the tile.
// byte_flags: bytes of a shared flag array written two per thread, read
// back exactly (the neighbour's, where it loaded).
// select_edge: the right neighbour is read by every thread, also past the
// loaded part, but a select keeps it only where it was loaded: the stale
// value goes nowhere (no finding, at -O0 and -O2 alike).
__global__ void tail_pair(const float *in, float *out, int n) {
  __shared__ float tile[64];
  unsigned t = threadIdx.x;
  int i = blockIdx.x * 64 + t;
  if (i < n) tile[t] = in[i];
  __syncthreads();
  if (i + 1 < n && t + 1 < 64) out[i] = tile[t] + tile[t + 1];
  else if (i < n) out[i] = tile[t];
}

__global__ void halo_edges(const float *in, float *out, int n) {
  __shared__ float tile[66];
  unsigned t = threadIdx.x;
  int i = blockIdx.x * 64 + t;
  tile[t + 1] = i < n ? in[i] : 0.f;
  if (t == 0) tile[0] = i > 0 && i - 1 < n ? in[i - 1] : 0.f;
  if (t == 63) tile[65] = i + 1 < n ? in[i + 1] : 0.f;
  __syncthreads();
  if (i < n) out[i] = tile[t] + tile[t + 1] + tile[t + 2];
}

template <int TILE>
__global__ void transpose_edges(const float *in, float *out, int w, int h) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  if (x < w && y < h) tile[threadIdx.y][threadIdx.x] = in[y * w + x];
  __syncthreads();
  int xo = blockIdx.y * TILE + threadIdx.x, yo = blockIdx.x * TILE + threadIdx.y;
  if (xo < h && yo < w) out[yo * h + xo] = tile[threadIdx.x][threadIdx.y];
}
template __global__ void transpose_edges<16>(const float *, float *, int, int);

__global__ void byte_flags(const int *in, int *out, int n) {
  __shared__ unsigned char flags[256];
  unsigned t = threadIdx.x;
  int i = blockIdx.x * 64 + t;
  if (i < n) {
    flags[4 * t] = (unsigned char)(in[i] & 1);
    flags[4 * t + 1] = 1;
  }
  __syncthreads();
  unsigned j = (t + 1) % 64;
  if (i < n && blockIdx.x * 64 + j < (unsigned)n) out[i] = flags[4 * j] + flags[4 * j + 1];
}

__global__ void select_edge(const float *in, float *out, int n) {
  __shared__ float tile[65];
  unsigned t = threadIdx.x;
  int i = blockIdx.x * 64 + t;
  if (i < n) tile[t] = in[i];
  __syncthreads();
  float right = tile[t + 1];
  if (i < n) out[i] = (i + 1 < n && t < 63) ? tile[t] + right : tile[t];
}
