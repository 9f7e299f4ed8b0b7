// imgproc reductions: a block sum with a missing barrier, the fixed one, and
// a flag that every thread sets (a benign race, suppressed in the source).
#include <cuda_runtime.h>
#include <imgproc/image.cuh>

// Bug pattern: missing barrier between filling shared memory and reading
// it. Each thread stores its element in partial[]; thread 0 then adds them
// all with no __syncthreads() in between, so it reads the slots of the
// other warps while they store them: a read-write data race on shared
// memory (any block of more than 32 threads).
__global__ void block_sum(const float *in, float *out) {
  __shared__ float partial[IMGPROC_MAX_BLOCK];
  unsigned t = threadIdx.x;
  partial[t] = in[global_index()];
  if (t == 0) {
    float s = 0.0f;
    for (unsigned k = 0; k < blockDim.x; k++) s += partial[k];
    out[blockIdx.x] = s;
  }
}

// Clean: the same sum with the barrier.
__global__ void block_sum_fixed(const float *in, float *out) {
  __shared__ float partial[IMGPROC_MAX_BLOCK];
  unsigned t = threadIdx.x;
  partial[t] = in[global_index()];
  __syncthreads();
  if (t == 0) {
    float s = 0.0f;
    for (unsigned k = 0; k < blockDim.x; k++) s += partial[k];
    out[blockIdx.x] = s;
  }
}

// Bug pattern: every thread stores 1 to one flag. A write-write data race
// on global memory, harmless because all store the same value: the project
// silences it with the comment below.
__global__ void mark_touched(int *flag) {
  *flag = 1; // simulee: ignore data-race (every thread stores the same value)
}

float sum(const float *dev_in, unsigned n) {
  float *partials;
  cudaMalloc(&partials, 64 * sizeof(float));
  block_sum<<<n / 256, 256>>>(dev_in, partials);
  block_sum_fixed<<<n / 256, 256>>>(dev_in, partials);
  int *flag;
  cudaMalloc(&flag, sizeof(int));
  mark_touched<<<4, 128>>>(flag);
  cudaFree(flag);
  cudaFree(partials);
  return 0.0f;
}
