// Launch hints for dynamic shared memory: the size every launch passes is
// used like --shared. Pattern: none (race-free): a block sum through an
// extern __shared__ array of blockDim.x ints, a barrier between the tree
// steps.
__global__ void block_sums(const int *in, int *out) {
  extern __shared__ int part[];
  unsigned t = threadIdx.x;
  part[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s /= 2) {
    if (t < s) part[t] += part[t + s];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = part[0];
}

int main() {
  int *in, *out;
  cudaMalloc(&in, 4 * 128 * sizeof(int));
  cudaMalloc(&out, 4 * sizeof(int));
  block_sums<<<4, 128, 128 * sizeof(int)>>>(in, out);
  return cudaDeviceSynchronize() != cudaSuccess;
}
