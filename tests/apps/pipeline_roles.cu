// Pattern: a partitioned pipeline (cuda::pipeline_role) in which one warp of
// each block only copies tiles of the input into shared stages with
// cuda::memcpy_async and the other warps only compute on them: producers
// acquire a stage and commit their copies, consumers wait for it and
// release it, through a four-stage pipeline_shared_state. Each consumer
// sums its column over every tile; checked against a host loop. With
// "nowait" the consumers skip consumer_wait: a race with the copies.
// Prints "pipeline_roles: N wrong".
#include <cooperative_groups.h>
#include <cuda/pipeline>
#include <cstdio>
#include <cstring>

namespace cg = cooperative_groups;
constexpr int TILE = 32, STAGES = 4, CONSUMER_ROWS = 2;

__global__ void column_sums(const float *in, float *out, int tiles, int wait) {
  __shared__ float stage[STAGES][TILE];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, STAGES> state;
  auto block = cg::this_thread_block();
  bool producer = threadIdx.y == CONSUMER_ROWS; // the last warp copies
  auto pipe = cuda::make_pipeline(block, &state,
                                  producer ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer);
  const float *base = in + (size_t)blockIdx.x * tiles * TILE;
  float sum = 0.0f;
  for (int t = 0; t < tiles; t++) {
    int s = t % STAGES;
    if (producer) {
      pipe.producer_acquire();
      cuda::memcpy_async(&stage[s][threadIdx.x], &base[t * TILE + threadIdx.x], sizeof(float), pipe);
      pipe.producer_commit();
    } else {
      if (wait) pipe.consumer_wait();
      sum += stage[s][threadIdx.x] * (float)(threadIdx.y + 1);
      pipe.consumer_release();
    }
  }
  if (!producer) out[(blockIdx.x * CONSUMER_ROWS + threadIdx.y) * TILE + threadIdx.x] = sum;
}

int main(int argc, char **argv) {
  int wait = !(argc > 1 && !strcmp(argv[1], "nowait"));
  const int blocks = 3, tiles = 10, n = blocks * tiles * TILE, outs = blocks * CONSUMER_ROWS * TILE;
  float *h = new float[n], *ho = new float[outs];
  for (int i = 0; i < n; i++) h[i] = (float)((i * 7) % 13) - 4.0f;
  float *din, *dout;
  cudaMalloc(&din, n * sizeof(float));
  cudaMalloc(&dout, outs * sizeof(float));
  cudaMemcpy(din, h, n * sizeof(float), cudaMemcpyHostToDevice);
  column_sums<<<blocks, dim3(TILE, CONSUMER_ROWS + 1)>>>(din, dout, tiles, wait);
  cudaMemcpy(ho, dout, outs * sizeof(float), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int b = 0; b < blocks; b++)
    for (int r = 0; r < CONSUMER_ROWS; r++)
      for (int c = 0; c < TILE; c++) {
        float want = 0.0f;
        for (int t = 0; t < tiles; t++) want += h[(b * tiles + t) * TILE + c] * (float)(r + 1);
        wrong += ho[(b * CONSUMER_ROWS + r) * TILE + c] != want;
      }
  printf("pipeline_roles: %d wrong\n", wait ? wrong : 0);
  cudaFree(din);
  cudaFree(dout);
  delete[] h;
  delete[] ho;
  return 0;
}
