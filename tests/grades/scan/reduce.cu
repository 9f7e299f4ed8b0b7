// Pattern: warp-synchronous reduction. The last warp of a shared-memory sum
// is unrolled through a volatile pointer with no __syncwarp(), as pre-Volta
// code did: correct only when the 32 lanes of a warp run in lock-step.
__device__ void warp_reduce(volatile int *sdata, unsigned tid) {
  sdata[tid] += sdata[tid + 32];
  sdata[tid] += sdata[tid + 16];
  sdata[tid] += sdata[tid + 8];
  sdata[tid] += sdata[tid + 4];
  sdata[tid] += sdata[tid + 2];
  sdata[tid] += sdata[tid + 1];
}

__global__ void block_sum(const int *in, int *out) {
  __shared__ int sdata[64];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * 64 + tid];
  __syncthreads();
  if (tid < 32) warp_reduce(sdata, tid);
  if (tid == 0) out[blockIdx.x] = sdata[0];
}
