// Launch hints: a kernel the host code launches with two different shapes
// gives no hint (neither grid nor block is the same at both launches), and
// the search runs as without host code. Pattern: the row-stepped tile of
// shape.cu (race-free only for blockDim = (32, ROWS)); this program really
// launches it with blockDim = (32, 16) as well, where threads y and y + 8
// write the same tile element: a genuine race, found by the search.
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
  cudaMalloc(&src, 128 * 128 * sizeof(float));
  cudaMalloc(&dst, 128 * 128 * sizeof(float));
  flip_tiles<<<dim3(2, 2), dim3(TILE, ROWS)>>>(src, dst);
  flip_tiles<<<dim3(4, 4), dim3(TILE, 2 * ROWS)>>>(src, dst);
  return cudaDeviceSynchronize() != cudaSuccess;
}
