// Bug pattern: a static __shared__ tile of 1 GiB (a size macro gone wrong);
// no GPU has that much shared memory per block, and allocating it per
// resident block exhausted the host.
__global__ void huge_tile(int *out) {
  __shared__ char tile[1 << 30];
  tile[threadIdx.x * 4096] = (char)threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = tile[((threadIdx.x + 1) % blockDim.x) * 4096];
}

