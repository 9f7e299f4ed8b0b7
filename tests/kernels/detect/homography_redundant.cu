// Pattern: the paper's second example (a redundant barrier after a 1-D-only
// computation), rebuilt: each thread initialises and then updates only its
// own slots of two shared arrays, indexed by threadIdx.x alone, so the
// barrier between the initialisation and the update orders nothing (every
// unit is touched by one thread). The barrier before the tree reduction is
// needed: the tree reads other threads' slots.
#include <float.h>

__global__ void best_model(const float *err, int iterations, float *out_median,
                           int *out_idx) {
  __shared__ float s_median[128];
  __shared__ int s_idx[128];
  unsigned tid = threadIdx.x;
  s_median[tid] = FLT_MAX;
  s_idx[tid] = 0;
  __syncthreads();
  unsigned i = blockIdx.x * blockDim.x + tid;
  if (i < (unsigned)iterations) {
    float m = err[i];
    if (m < s_median[tid]) {
      s_median[tid] = m;
      s_idx[tid] = (int)i;
    }
  }
  __syncthreads();
  for (unsigned off = blockDim.x / 2; off > 0; off >>= 1) {
    if (tid < off && s_median[tid + off] < s_median[tid]) {
      s_median[tid] = s_median[tid + off];
      s_idx[tid] = s_idx[tid + off];
    }
    __syncthreads();
  }
  if (tid == 0) {
    out_median[blockIdx.x] = s_median[0];
    out_idx[blockIdx.x] = s_idx[0];
  }
}

//@ run kernel=best_model grid=2 block=128
//@ arg f32[200]=iota%7
//@ arg 200
//@ arg f32[2]
//@ arg i32[2]
//@ expect redundant 16
