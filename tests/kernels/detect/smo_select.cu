// Pattern: the paper's first example (an SMO solver's working-set
// selection), rebuilt: every thread proposes a candidate into a shared
// scratch array, then a block-wide arg-min pads the tail of the same array
// itself. Without a barrier between the proposals and the arg-min, threads
// past n (warp 1) and the padding threads (warp 0) write the same tail
// slots: a write-write race on shared memory. smo_select_fixed adds the
// barrier: no race; with n = 40 the padding is done by warp 0 alone and
// read by warp 0 alone, so the arg-min's first barrier separates nothing
// (redundant for that input); with n = 8 warp 1 pads too and it is needed.
#define BS 64

__device__ int block_argmin(float *val, int *idx, int n) {
  int tid = threadIdx.x;
  if (tid < BS - n) val[n + tid] = INFINITY;
  __syncthreads();
  for (int off = BS / 2; off > 0; off >>= 1) {
    if (tid < off && val[tid + off] < val[tid]) {
      val[tid] = val[tid + off];
      idx[tid] = idx[tid + off];
    }
    __syncthreads();
  }
  return idx[0];
}

__global__ void smo_select(const float *f, const int *y, const float *alpha,
                           float c, int n, int *chosen) {
  __shared__ float f_val[BS];
  __shared__ int f_idx[BS];
  int tid = threadIdx.x;
  bool up = tid < n && y[tid] > 0 && alpha[tid] < c;
  f_val[tid] = up ? -f[tid] : INFINITY;
  f_idx[tid] = tid;
  int best = block_argmin(f_val, f_idx, n);
  chosen[blockIdx.x * BS + tid] = best;
}

__global__ void smo_select_fixed(const float *f, const int *y,
                                 const float *alpha, float c, int n,
                                 int *chosen) {
  __shared__ float f_val[BS];
  __shared__ int f_idx[BS];
  int tid = threadIdx.x;
  bool up = tid < n && y[tid] > 0 && alpha[tid] < c;
  f_val[tid] = up ? -f[tid] : INFINITY;
  f_idx[tid] = tid;
  __syncthreads();
  int best = block_argmin(f_val, f_idx, n);
  chosen[blockIdx.x * BS + tid] = best;
}

//@ run kernel=smo_select grid=2 block=64
//@ arg f32[64]=iota
//@ arg i32[64]=1
//@ arg f32[64]=0
//@ arg 1.0
//@ arg 40
//@ arg i32[128]
//@ expect race shared ww 14 32
//@ run kernel=smo_select_fixed grid=2 block=64
//@ arg f32[64]=iota
//@ arg i32[64]=1
//@ arg f32[64]=0
//@ arg 1.0
//@ arg 40
//@ arg i32[128]
//@ expect redundant 15
//@ run kernel=smo_select_fixed grid=2 block=64
//@ arg f32[64]=iota
//@ arg i32[64]=1
//@ arg f32[64]=0
//@ arg 1.0
//@ arg 8
//@ arg i32[128]
//@ expect none
