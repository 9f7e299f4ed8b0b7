// Pattern: a per-lane scratch slot indexed by threadIdx.x % 32 (the author
// assumed one warp per block). Each lane of warp 0 owns slot t & 31, so a
// block of at most 32 threads is correct; with blockDim.x > 32 lanes t and
// t + 32 of two different warps store the same shared word before the
// barrier: a write-write race only when blockDim.x > 32.
__global__ void warp_fold(const int *in, int *out) {
  __shared__ int slot[32];
  unsigned t = threadIdx.x;
  unsigned g = blockIdx.x * blockDim.x + t;
  slot[t & 31u] = in[g];
  __syncthreads();
  out[g] = slot[t & 31u] + 1;
}

//@ auto kernel=warp_fold
//@ expect race shared ww 10 10
