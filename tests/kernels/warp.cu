// Interpreter corpus: warp shuffles. Pattern: none (race-free): values move
// between lanes through registers (__shfl*_sync); the only shared memory is
// one slot per warp, written before and read after a barrier.
#define FULL 0xffffffffu

// The sum of v over the 32 lanes, in lane 0 (tree of __shfl_down_sync).
__device__ int warp_sum(int v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(FULL, v, o);
  return v;
}

// out[b] = the sum of block b's elements: per-warp shuffle trees, the warp
// totals through shared memory, a last shuffle tree in warp 0.
__global__ void shfl_reduce(const int *in, int *out, int n) {
  __shared__ int warp_part[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
  int v = warp_sum(i < n ? in[i] : 0);
  if (lane == 0) warp_part[w] = v;
  __syncthreads();
  if (w == 0) {
    v = warp_sum(lane < (int)(blockDim.x >> 5) ? warp_part[lane] : 0);
    if (lane == 0) out[blockIdx.x] = v;
  }
}

// Per thread, five values (out[5i..5i+4]): the inclusive scan of the warp
// (__shfl_up_sync), the warp's maximum (__shfl_xor_sync butterfly), lane
// 7's value (broadcast), the value of lane ^ 3 within groups of 8 lanes
// (width 8), and the value two lanes down within groups of 16 (width 16;
// lanes past the group end keep their own).
__global__ void shfl_ops(const int *in, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int v = (in[i] * 73) % 101;
  int scan = v;
  for (int o = 1; o < 32; o <<= 1) {
    int u = __shfl_up_sync(FULL, scan, o);
    if (lane >= o) scan += u;
  }
  int mx = v;
  for (int m = 16; m > 0; m >>= 1) mx = max(mx, __shfl_xor_sync(FULL, mx, m));
  out[5 * i] = scan;
  out[5 * i + 1] = mx;
  out[5 * i + 2] = __shfl_sync(FULL, v, 7);
  out[5 * i + 3] = __shfl_xor_sync(FULL, v, 3, 8);
  out[5 * i + 4] = __shfl_down_sync(FULL, v, 2, 16);
}

// A float butterfly: every lane gets the warp's sum of x*x (the order of
// the additions differs from a sequential sum: compared with a tolerance).
__global__ void shfl_float(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i] * in[i] * 0.125f;
  for (int m = 1; m < 32; m <<= 1) v += __shfl_xor_sync(FULL, v, m);
  out[i] = v;
}

//@ run shfl_reduce: --kernel shfl_reduce --grid 3 --block 256 --arg i32[700]=iota --arg i32[3] --arg 700 --dump 1
//@ run shfl_reduce_small: --kernel shfl_reduce --grid 2 --block 96 --arg i32[192]=iota --arg i32[2] --arg 192 --dump 1
//@ run shfl_ops: --kernel shfl_ops --grid 2 --block 64 --arg i32[128]=iota --arg i32[640] --dump 1
//@ run shfl_float: --kernel shfl_float --grid 1 --block 128 --arg f32[128]=iota --arg f32[128] --dump 1
