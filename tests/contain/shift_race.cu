// Missing __syncthreads() between the shared-memory write and the neighbour's
// read: a read-after-write race across warps.
__global__ void shift(const int *in, int *out) {
  __shared__ int tile[64];
  tile[threadIdx.x] = in[threadIdx.x];
  out[threadIdx.x] = tile[(threadIdx.x + 32) % 64];
}
