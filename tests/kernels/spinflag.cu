// Interpreter corpus: blocks that wait on each other. Pattern: none
// (race-free): a chained suffix sum in which block b spins on a flag that
// block b+1 sets, so the last block has to finish first and a scheduler
// that starts with block 0 must switch blocks while it spins. Every access
// that crosses blocks (flags and published sums) is atomic; within a block,
// barriers order the reduction and the broadcast of the carry.
#define CHAIN_BLOCK 128

// total[b] = the sum of in[] over blocks b..G-1, out[i] = in[i] + the sum
// of in[] over the blocks after i's block.
__global__ void chain_suffix(const int *in, int *total, int *flag, int *out) {
  __shared__ int part[CHAIN_BLOCK];
  __shared__ int carry;
  unsigned t = threadIdx.x, b = blockIdx.x;
  int i = b * blockDim.x + t;
  part[t] = in[i];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) part[t] += part[t + s];
    __syncthreads();
  }
  if (t == 0) {
    int c = 0;
    if (b + 1 < gridDim.x) {
      while (atomicAdd(&flag[b + 1], 0) == 0) {
      }
      c = atomicAdd(&total[b + 1], 0);
    }
    atomicExch(&total[b], c + part[0]);
    __threadfence();
    atomicExch(&flag[b], 1);
    carry = c;
  }
  __syncthreads();
  out[i] = in[i] + carry;
}

//@ run chain_suffix: --grid 4 --block 128 --arg i32[512]=iota --arg i32[4] --arg i32[4] --arg i32[512] --dump 1 --dump 3
