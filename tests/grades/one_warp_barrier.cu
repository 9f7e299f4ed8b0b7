// Pattern: a 32-thread block rotating values through shared memory. The
// only __syncthreads orders the lanes of one warp: needed since Volta,
// redundant under lock-step warps.
__global__ void rotate32(const int *in, int *out) {
  __shared__ int ring[32];
  unsigned t = threadIdx.x;
  ring[t] = in[t];
  __syncthreads();
  out[t] = ring[(t + 1) % 32];
}
