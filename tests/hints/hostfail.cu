// Launch hints are best effort: host code that simulee's headers cannot
// compile (here a host-only library header simulee does not ship) gives no
// hints, and the device side is checked as without host code. Pattern: the
// row-stepped tile of shape.cu, race-free only for blockDim = (32, ROWS);
// without the host's launch the search reports the race it has for other
// shapes, which shows the check ran without hints.
#define TILE 32
#define ROWS 8

__global__ void flip_tiles(const float *src, float *dst) {
  __shared__ float tile[TILE][TILE + 1];
  int width = gridDim.x * TILE;
  int col = blockIdx.x * TILE + threadIdx.x;
  for (int r = 0; r < TILE; r += ROWS)
    if (threadIdx.x < TILE && threadIdx.y + r < TILE)
      tile[threadIdx.y + r][threadIdx.x] =
          src[(blockIdx.y * TILE + threadIdx.y + r) * width + col];
  __syncthreads();
  for (int r = 0; r < TILE; r += ROWS)
    if (threadIdx.x < TILE && threadIdx.y + r < TILE)
      dst[(blockIdx.y * TILE + threadIdx.y + r) * width + col] =
          tile[TILE - 1 - threadIdx.y - r][threadIdx.x];
}

#ifndef __CUDA_ARCH__
#include <simulee_hints_host_only_library.h> // no such header: the host side fails

int main() {
  float *src, *dst;
  cudaMalloc(&src, 64 * 64 * sizeof(float));
  cudaMalloc(&dst, 64 * 64 * sizeof(float));
  flip_tiles<<<dim3(2, 2), dim3(TILE, ROWS)>>>(src, dst);
  return cudaDeviceSynchronize() != cudaSuccess;
}
#endif
