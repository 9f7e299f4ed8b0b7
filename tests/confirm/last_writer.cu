// Pattern: "last writer wins". Several writers store different values into
// one result cell without ordering, and the author assumed an order the
// hardware does not promise: the highest warp writes last (warp_id), the
// highest block writes last (block_id), the else-arm of a divergent branch
// writes after the then-arm (arm). Each result depends on one kind of
// schedule only.
__global__ void warp_id(int *out) {
  if (threadIdx.x % 32 == 0) out[0] = threadIdx.x / 32;
}

__global__ void block_id(int *out) {
  if (threadIdx.x == 0) out[0] = blockIdx.x;
}

__global__ void arm(int *out) {
  if (threadIdx.x == 0)
    out[0] = 1;
  else
    atomicExch(&out[0], 2);
}

// A float accumulation with the same lost update as lost_update.cu.
__global__ void float_sum(const float *in, float *sum) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (threadIdx.x % 32 == 0) *sum += v;
}
