// Launch hints from an explicit cudaLaunchKernel call (no <<<>>>): the
// launch's constant grid and block count like those of a <<<>>> launch, and
// its line is the caller's, not that of the headers' template wrapper.
// Pattern: the row-stepped tile of shape.cu, race-free only for
// blockDim = (32, ROWS).
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

int main() {
  float *src, *dst;
  cudaMalloc(&src, 64 * 64 * sizeof(float));
  cudaMalloc(&dst, 64 * 64 * sizeof(float));
  void *args[] = {&src, &dst};
  cudaLaunchKernel(flip_tiles, dim3(2, 2), dim3(TILE, ROWS), args, 0, 0);
  return cudaDeviceSynchronize() != cudaSuccess;
}
