// Bug pattern: a static __shared__ tile of 1 GiB (a size macro gone wrong);
// no GPU has that much shared memory per block, and allocating it per
// resident block exhausted the host.
__global__ void huge_tile(int *out) {
  __shared__ char tile[1 << 30];
  tile[threadIdx.x * 4096] = (char)threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = tile[((threadIdx.x + 1) % blockDim.x) * 4096];
}


// Bug pattern: two 120 KiB tiles in one kernel (each fits, together they do
// not): refused with the kernel's own total, naming its largest variable.
__global__ void two_tiles(int *out) {
  __shared__ int front[120 * 256];
  __shared__ int back[120 * 256];
  front[threadIdx.x] = (int)threadIdx.x;
  __syncthreads();
  back[threadIdx.x] = front[(threadIdx.x + 1) % blockDim.x] + 1;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = back[(threadIdx.x + 1) % blockDim.x];
}

// Not a bug: no shared memory at all, beside the kernels above; checked.
__global__ void no_tile(int *out) { out[threadIdx.x] = (int)threadIdx.x; }
