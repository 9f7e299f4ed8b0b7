// Pattern: the paper's third example (a barrier moved into a branch),
// rebuilt: the barrier sits inside `if (i < ntrain)`, so the threads of the
// last block past ntrain never reach it while the others wait: barrier
// divergence. nearest_fixed moves the barrier out of the branch.
__global__ void nearest(const float *q, const float *train, int ntrain,
                        float *best_d, int *best_i) {
  __shared__ float s_dist[64];
  __shared__ int s_idx[64];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + tid;
  if (i < (unsigned)ntrain) {
    s_dist[tid] = fabsf(train[i] - q[0]);
    s_idx[tid] = (int)i;
    __syncthreads();
    if (tid == 0) {
      unsigned valid = ntrain - blockIdx.x * blockDim.x;
      if (valid > blockDim.x) valid = blockDim.x;
      float bd = s_dist[0];
      int bi = s_idx[0];
      for (unsigned k = 1; k < valid; k++)
        if (s_dist[k] < bd) {
          bd = s_dist[k];
          bi = s_idx[k];
        }
      best_d[blockIdx.x] = bd;
      best_i[blockIdx.x] = bi;
    }
  }
}

__global__ void nearest_fixed(const float *q, const float *train, int ntrain,
                              float *best_d, int *best_i) {
  __shared__ float s_dist[64];
  __shared__ int s_idx[64];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + tid;
  if (i < (unsigned)ntrain) {
    s_dist[tid] = fabsf(train[i] - q[0]);
    s_idx[tid] = (int)i;
  }
  __syncthreads();
  if (tid == 0 && i < (unsigned)ntrain) {
    unsigned valid = ntrain - blockIdx.x * blockDim.x;
    if (valid > blockDim.x) valid = blockDim.x;
    float bd = s_dist[0];
    int bi = s_idx[0];
    for (unsigned k = 1; k < valid; k++)
      if (s_dist[k] < bd) {
        bd = s_dist[k];
        bi = s_idx[k];
      }
    best_d[blockIdx.x] = bd;
    best_i[blockIdx.x] = bi;
  }
}

//@ run kernel=nearest grid=2 block=64
//@ arg f32[1]=3
//@ arg f32[128]=iota
//@ arg 100
//@ arg f32[2]
//@ arg i32[2]
//@ expect divergence 14
//@ run kernel=nearest_fixed grid=2 block=64
//@ arg f32[1]=3
//@ arg f32[128]=iota
//@ arg 100
//@ arg f32[2]
//@ arg i32[2]
//@ expect none
