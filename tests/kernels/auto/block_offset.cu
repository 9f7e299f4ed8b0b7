// Pattern: a missing block offset in the output index. Every block scales
// its slice of `in` but stores it at out[threadIdx.x] instead of
// out[blockIdx.x * blockDim.x + threadIdx.x]. With one block this is a
// correct copy; with more than one block, threads of different blocks store
// the same global word (write-write across blocks, which __syncthreads
// cannot order): a race only when gridDim.x > 1.
__global__ void block_offset(const float *in, float *out, float scale) {
  unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  out[threadIdx.x] = in[g] * scale;
}

//@ auto kernel=block_offset
//@ expect race global ww 9 9
