// Tiled matrix transpose as CUDA samples write it, launched with nvcc's
// spaced chevrons (`<< <` ... `>> >`), headers from Common/ and inc/.
// Bug pattern: the barrier between the tile's store and the transposed read
// is missing (data race on the shared tile).
#include <grid_util.h>
#include "tile_config.h"

__global__ void transpose_naive_tile(float *out, const float *in, int n) {
  __shared__ float tile[TILE_DIM][TILE_DIM + TILE_PAD];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  if (x < n && y < n) tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  // missing __syncthreads()
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  if (x < n && y < n) out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

void transpose(float *out, const float *in, int n) {
  dim3 block(TILE_DIM, TILE_DIM);
  dim3 grid(div_up(n, TILE_DIM), div_up(n, TILE_DIM));
  transpose_naive_tile<< <grid, block>> >(out, in, n);
}
