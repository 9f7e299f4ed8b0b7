// Pattern: the warp-synchronous reduction made safe for independent thread
// scheduling: each step reads its operand, then __syncwarp() before the
// write and after it, so the lanes of the warp are ordered at every step.
__device__ void warp_reduce(int *sdata, unsigned tid) {
  for (unsigned off = 32; off > 0; off >>= 1) {
    int v = sdata[tid] + sdata[tid + off];
    __syncwarp();
    sdata[tid] = v;
    __syncwarp();
  }
}

__global__ void block_sum(const int *in, int *out) {
  __shared__ int sdata[64];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * 64 + tid];
  __syncthreads();
  if (tid < 32) warp_reduce(sdata, tid);
  if (tid == 0) out[blockIdx.x] = sdata[0];
}
