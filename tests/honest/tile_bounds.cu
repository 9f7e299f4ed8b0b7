// Out-of-bounds accesses of a __shared__ tile are named by the variable and
// a signed element index, like launch buffers.
// tile_right: an off-by-one neighbour read, tile[t + 1] at the last thread
// (the tile holds blockDim.x elements, no halo).
// tile_left: the left neighbour with an unsigned index, tile[t - 1] at
// t == 0: the 32-bit shared address wraps to one element below the tile.
__global__ void tile_right(const float *in, float *out) {
  __shared__ float tile[64];
  unsigned t = threadIdx.x;
  tile[t] = in[t];
  __syncthreads();
  out[t] = tile[t + 1] - tile[t];
}

__global__ void tile_left(const float *in, float *out) {
  __shared__ float tile[64];
  unsigned t = threadIdx.x;
  tile[t] = in[t];
  __syncthreads();
  out[t] = tile[t] - tile[t - 1];
}
