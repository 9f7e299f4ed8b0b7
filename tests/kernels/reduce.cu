// Interpreter corpus: tree reductions in shared memory. Pattern: none (the
// kernels are race-free): every step of the tree is separated from the next
// by a block barrier, and each thread first folds a grid-stride slice of the
// input, so the loads run several times per thread.
#define RED_BLOCK 256

// out[b] = the sum of in[i] over the i of block b's slices.
__global__ void reduce_sum(const int *in, int *out, int n) {
  __shared__ int part[RED_BLOCK];
  unsigned t = threadIdx.x;
  int acc = 0;
  for (int i = blockIdx.x * blockDim.x + t; i < n; i += blockDim.x * gridDim.x)
    acc += in[i];
  part[t] = acc;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) part[t] += part[t + s];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = part[0];
}

// The value a thread contributes to reduce_minmax: a scrambled, signed
// function of the input so the extremes are not at the ends.
__device__ float minmax_value(float x) {
  int k = (int)x;
  return (float)((k * 37) % 1001 - 500) * 0.25f;
}

// out[2b] = the largest and out[2b+1] the smallest value of block b's
// elements (fmaxf / fminf), two shared arrays reduced in the same tree.
__global__ void reduce_minmax(const float *in, float *out, int n) {
  __shared__ float hi[RED_BLOCK];
  __shared__ float lo[RED_BLOCK];
  unsigned t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  float v = i < n ? minmax_value(in[i]) : 0.0f;
  hi[t] = i < n ? v : -INFINITY;
  lo[t] = i < n ? v : INFINITY;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) {
      hi[t] = fmaxf(hi[t], hi[t + s]);
      lo[t] = fminf(lo[t], lo[t + s]);
    }
    __syncthreads();
  }
  if (t == 0) {
    out[2 * blockIdx.x] = hi[0];
    out[2 * blockIdx.x + 1] = lo[0];
  }
}

//@ run reduce_sum: --kernel reduce_sum --grid 4 --block 256 --arg i32[3000]=iota --arg i32[4] --arg 3000 --dump 1
// (With 64 threads, two warps, the barrier in the loop would be redundant
// under lock-step warps: after the first step only warp 0 works, and the
// detector rightly says so. Hence at least four warps per block here.)
//@ run reduce_sum_small: --kernel reduce_sum --grid 3 --block 128 --arg i32[1000]=iota --arg i32[3] --arg 1000 --dump 1
//@ run reduce_sum_rand: --kernel reduce_sum --grid 4 --block 256 --arg i32[2500]=rand:11:-100000:100000 --arg i32[4] --arg 2500 --dump 1
//@ run reduce_minmax: --kernel reduce_minmax --grid 4 --block 128 --arg f32[450]=iota --arg f32[8] --arg 450 --dump 1
