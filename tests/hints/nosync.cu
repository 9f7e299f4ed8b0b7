// Launch hints must not hide a real bug. Pattern: missing barrier between a
// shared tile's writes and its reads by other warps (the tile is flipped
// upside down, so every warp reads rows other warps wrote). The host code
// launches the kernel with its intended shape, blockDim = (32, 8), and the
// race is still there for that shape.
#define TILE 32
#define ROWS 8

__global__ void flip_tiles_nosync(const float *src, float *dst) {
  __shared__ float tile[TILE][TILE + 1];
  int width = gridDim.x * TILE;
  int col = blockIdx.x * TILE + threadIdx.x;
  for (int r = 0; r < TILE; r += ROWS)
    if (threadIdx.x < TILE && threadIdx.y + r < TILE)
      tile[threadIdx.y + r][threadIdx.x] =
          src[(blockIdx.y * TILE + threadIdx.y + r) * width + col];
  // the __syncthreads() belongs here
  for (int r = 0; r < TILE; r += ROWS)
    if (threadIdx.x < TILE && threadIdx.y + r < TILE)
      dst[(blockIdx.y * TILE + threadIdx.y + r) * width + col] =
          tile[TILE - 1 - threadIdx.y - r][threadIdx.x];
}

int main() {
  float *src, *dst;
  cudaMalloc(&src, 64 * 64 * sizeof(float));
  cudaMalloc(&dst, 64 * 64 * sizeof(float));
  flip_tiles_nosync<<<dim3(2, 2), dim3(TILE, ROWS)>>>(src, dst);
  return cudaDeviceSynchronize() != cudaSuccess;
}
