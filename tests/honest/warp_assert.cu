// tests/honest/warp_assert.cu: kernels that state their launch shape as a
// device assert (a precondition: the automatic search discards the
// launches that break it and steers away from them).
#include <cassert>

// One warp per block (the shuffle reduction assumes it), block sums added
// into one total.
// Bug pattern: lost update between blocks. Lane 0 of every block adds its
// sum with a plain read-modify-write instead of atomicAdd: blocks race on
// *total. The race exists at the one block shape the assert allows (32).
__global__ void warp_partials(const int *in, int *total) {
  assert(blockDim.x == 32);
  int v = in[blockIdx.x * 32 + threadIdx.x];
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  if (threadIdx.x == 0) *total += v;
}

// One warp per block reverses its tile; __syncwarp orders the exchange,
// which is all a single warp needs. With two warps (what the assert rules
// out) the reversal would read the other warp's half unordered: a race only
// when the assert fails. Correct for every launch it allows: clean.
__global__ void warp_reverse(const float *in, float *out) {
  assert(blockDim.x <= 32);
  __shared__ float tile[64];
  unsigned t = threadIdx.x, base = blockIdx.x * blockDim.x;
  tile[t] = in[base + t];
  __syncwarp();
  out[base + t] = tile[blockDim.x - 1 - t];
}
