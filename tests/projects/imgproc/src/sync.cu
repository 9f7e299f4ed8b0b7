// imgproc synchronisation helpers: a barrier that only half the block
// reaches, and a clean shared-memory rotation.
#include <cuda_runtime.h>
#include <imgproc/image.cuh>
#include <imgproc/fill.cuh>

// Bug pattern: __syncthreads() inside a branch on threadIdx. Only the even
// threads reach the barrier: barrier divergence in any block of two or more
// threads.
__global__ void even_threads_sync(float *data) {
  __shared__ float tile[IMGPROC_MAX_BLOCK];
  unsigned t = threadIdx.x;
  tile[t] = data[global_index()];
  if (t % 2 == 0) {
    __syncthreads();
    data[global_index()] = tile[(t + 2) % blockDim.x];
  }
}

// Clean: every thread stores, all meet at the barrier, then each reads its
// neighbour's slot.
__global__ void rotate_block(float *data) {
  __shared__ float tile[IMGPROC_MAX_BLOCK];
  unsigned t = threadIdx.x;
  tile[t] = data[global_index()];
  __syncthreads();
  data[global_index()] = tile[(t + 1) % blockDim.x];
}

void sync_demo(float *dev, unsigned n) {
  even_threads_sync<<<n / 128, 128>>>(dev);
  rotate_block<<<n / 128, 128>>>(dev);
  fill<unsigned><<<n / 128, 128>>>((unsigned *)dev, 0u, n);
}
