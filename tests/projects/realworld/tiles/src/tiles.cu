// One kernel of the tiles project, chosen at configure time.
#include <cstdio>
#include <vector>

#include <cuda_runtime.h>

#include "tiles/config.h"

#ifndef TILES_CHANNELS
#error "TILES_CHANNELS comes from the build (target_compile_definitions)"
#endif

#ifndef TILES_USE_HIST
// Bug pattern: a shared tile read at a neighbour's index without a barrier
// after the stores (the missing __syncthreads between load and use).
__global__ void smooth_tile(const float *in, float *out, int n) {
  __shared__ float tile[TILE_WIDTH];
  int i = blockIdx.x * TILE_WIDTH + threadIdx.x;
  tile[threadIdx.x] = i < n ? in[i] * TILES_CHANNELS : 0.0f;
  float right = threadIdx.x + 1 < TILE_WIDTH ? tile[threadIdx.x + 1] : 0.0f;
  if (i < n) out[i] = 0.5f * (tile[threadIdx.x] + right);
}
#else
// Clean: a histogram privatized per block in shared memory, every phase
// separated by a barrier.
__global__ void hist_shared(const unsigned *keys, unsigned *bins, int n) {
  __shared__ unsigned local[TILE_WIDTH];
  for (int b = threadIdx.x; b < TILE_WIDTH; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&local[keys[i] % TILE_WIDTH], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < TILE_WIDTH; b += blockDim.x) atomicAdd(&bins[b], local[b]);
}
#endif

int main() {
  const int n = 4 * TILE_WIDTH;
  const int blocks = (n + TILE_WIDTH - 1) / TILE_WIDTH;
#ifndef TILES_USE_HIST
  std::vector<float> host(n, 1.0f);
  float *in = nullptr, *out = nullptr;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, n * sizeof(float));
  cudaMemcpy(in, host.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  smooth_tile<<<blocks, TILE_WIDTH>>>(in, out, n);
  cudaMemcpy(host.data(), out, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(in);
  cudaFree(out);
  std::printf("%f\n", host[0]);
#else
  std::vector<unsigned> keys(n);
  for (int i = 0; i < n; i++) keys[i] = (unsigned)i * 7u;
  unsigned *dkeys = nullptr, *dbins = nullptr;
  cudaMalloc(&dkeys, n * sizeof(unsigned));
  cudaMalloc(&dbins, TILE_WIDTH * sizeof(unsigned));
  cudaMemset(dbins, 0, TILE_WIDTH * sizeof(unsigned));
  cudaMemcpy(dkeys, keys.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice);
  hist_shared<<<blocks, 128>>>(dkeys, dbins, n);
  cudaFree(dkeys);
  cudaFree(dbins);
#endif
  return 0;
}
