// Pattern (race-free): a shared-memory tree reduction with a barrier after
// the load and after every step. Each step folds the upper half of the
// live prefix onto the lower half (half = ceil(len / 2)), which is correct
// for every block size, powers of two or not: a step reads only slots at or
// above `half` and writes only slots below it. Thread 0 stores the block's
// sum. auto mode must report nothing.
__global__ void block_reduce(const int *in, int *out, int n) {
  __shared__ int part[1024];
  unsigned t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  part[t] = g < (unsigned)n ? in[g] : 0;
  __syncthreads();
  for (unsigned len = blockDim.x; len > 1;) {
    unsigned half = (len + 1) / 2;
    if (t + half < len) part[t] += part[t + half];
    __syncthreads();
    len = half;
  }
  if (t == 0) out[blockIdx.x] = part[0];
}

//@ auto kernel=block_reduce
//@ expect none
