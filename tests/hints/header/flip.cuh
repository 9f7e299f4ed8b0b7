// A kernel template that a header defines and two files launch: it is one
// kernel, so a scan joins the launches of both files (see a.cu, b.cu).
// Pattern: the row-stepped tile of ../shape.cu, race-free only for
// blockDim = (32, ROWS).
#ifndef HINTS_FLIP_CUH
#define HINTS_FLIP_CUH
#define TILE 32

template <int ROWS>
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
#endif
