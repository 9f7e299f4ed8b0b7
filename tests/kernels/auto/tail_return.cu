// Pattern: an early return before __syncthreads(). Threads past the end of
// the input (g >= n) leave the kernel, the others wait at the barrier. When
// n is a multiple of the block size every block either passes the guard as
// a whole or not at all; when it is not, the last partly filled block has
// threads that returned and threads at the barrier: a barrier divergence
// only when n is not a multiple of blockDim.x (and n < the thread count).
__global__ void tail_return(const float *in, float *out, int n) {
  __shared__ float s[1024];
  unsigned t = threadIdx.x, base = blockIdx.x * blockDim.x;
  if (n <= 0 || base + t >= (unsigned)n) return;
  s[t] = in[base + t];
  __syncthreads();
  if (t == 0) {
    float sum = 0.0f;
    for (unsigned i = 0; i < blockDim.x && base + i < (unsigned)n; i++) sum += s[i];
    out[blockIdx.x] = sum;
  }
}

//@ auto kernel=tail_return
//@ expect divergence 12
