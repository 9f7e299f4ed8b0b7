// Async-copy tests (tests/async.cmake): a tiled row sum that stages tiles of
// `in` in shared memory with cp.async (<cuda_pipeline.h>), double-buffered:
// while the block sums tile t from one buffer, the copy of tile t+1 fills
// the other. out[b * TILE + j] = sum over tiles t of in[(b * ntiles + t) *
// TILE + j] * (t + 1).
#include <cuda_pipeline.h>

#define TILE 64

// correct: wait for tile t's group (wait_prior 1 leaves only tile t+1's in
// flight), barrier, use, barrier before the buffer is refilled
__global__ void tiles_ok(const float *in, float *out, int ntiles) {
  __shared__ float buf[2][TILE];
  int j = threadIdx.x;
  const float *base = in + (size_t)blockIdx.x * ntiles * TILE;
  float acc = 0.0f;
  __pipeline_memcpy_async(&buf[0][j], &base[j], sizeof(float));
  __pipeline_commit();
  for (int t = 0; t < ntiles; t++) {
    if (t + 1 < ntiles)
      __pipeline_memcpy_async(&buf[(t + 1) & 1][j], &base[(t + 1) * TILE + j], sizeof(float));
    __pipeline_commit();
    __pipeline_wait_prior(1);
    __syncthreads();
    acc += buf[t & 1][(j + 1) % TILE] * (float)(t + 1);
    __syncthreads();
  }
  out[blockIdx.x * TILE + (j + 1) % TILE] = acc;
}

// the bug: the wait moved after the use. Each thread reads its neighbour's
// element of tile t while the copy that fills it may still be in flight
// (the classic double-buffering mistake of pipelined kernels)
__global__ void tiles_late_wait(const float *in, float *out, int ntiles) {
  __shared__ float buf[2][TILE];
  int j = threadIdx.x;
  const float *base = in + (size_t)blockIdx.x * ntiles * TILE;
  float acc = 0.0f;
  __pipeline_memcpy_async(&buf[0][j], &base[j], sizeof(float));
  __pipeline_commit();
  for (int t = 0; t < ntiles; t++) {
    if (t + 1 < ntiles)
      __pipeline_memcpy_async(&buf[(t + 1) & 1][j], &base[(t + 1) * TILE + j], sizeof(float));
    __pipeline_commit();
    acc += buf[t & 1][(j + 1) % TILE] * (float)(t + 1);
    __pipeline_wait_prior(1);
    __syncthreads();
  }
  out[blockIdx.x * TILE + (j + 1) % TILE] = acc;
}

// the other double-buffering bug: no barrier between the last read of a
// buffer and the copy that refills it (thread j's copy of tile t+2 lands on
// the element thread j-1 is still reading for tile t)
__global__ void tiles_no_refill_barrier(const float *in, float *out, int ntiles) {
  __shared__ float buf[2][TILE];
  int j = threadIdx.x;
  const float *base = in + (size_t)blockIdx.x * ntiles * TILE;
  float acc = 0.0f;
  __pipeline_memcpy_async(&buf[0][j], &base[j], sizeof(float));
  __pipeline_commit();
  for (int t = 0; t < ntiles; t++) {
    if (t + 1 < ntiles)
      __pipeline_memcpy_async(&buf[(t + 1) & 1][j], &base[(t + 1) * TILE + j], sizeof(float));
    __pipeline_commit();
    __pipeline_wait_prior(1);
    __syncthreads();
    acc += buf[t & 1][(j + 1) % TILE] * (float)(t + 1);
  }
  out[blockIdx.x * TILE + (j + 1) % TILE] = acc;
}
