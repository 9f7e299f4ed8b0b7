// Patterns of leftover barriers, found in automatic mode (the search's
// multi-warp variants give the evidence; a one-warp block would give none):
// scale_own: a barrier between two phases that touch only each thread's own
//   shared slot (a tiled kernel whose neighbour read was removed): it orders
//   nothing, with accesses of many threads on both sides: redundant.
// stage_twice: two __syncthreads() in a row before a read of another
//   thread's slot: either alone can go, not both: one finding on the pair.
__global__ void scale_own(const float *in, float *out, int n) {
  __shared__ float s[1024];
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s[t] = i < (unsigned)n ? in[i] : 0.0f;
  __syncthreads();
  if (i < (unsigned)n) out[i] = 2.0f * s[t];
}

__global__ void stage_twice(const int *in, int *out, int n) {
  __shared__ int s[1024];
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s[t] = i < (unsigned)n ? in[i] : 0;
  __syncthreads();
  __syncthreads();
  if (i < (unsigned)n) out[i] = s[blockDim.x - 1 - t];
}

//@ auto kernel=scale_own
//@ expect redundant 12
//@ auto kernel=stage_twice
//@ expect redundant 20
