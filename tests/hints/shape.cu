// Launch hints: a kernel written for the one block shape its program
// launches. Pattern: a shared tile staged row by row with a compile-time
// row step (ROWS) instead of blockDim.y. With blockDim = (32, ROWS), as the
// host code below launches it, every tile element has one writer and the
// kernel is race-free; with blockDim.y > ROWS (or blockDim.z > 1) threads y
// and y + ROWS write the same tile element and the same output element, so
// a search over shapes the program never uses reports a race. Found with
// --no-host-launch; clean by default.
#define TILE 32
#define ROWS 8

// Every 32x32 tile of the (gridDim * TILE)-wide image flipped upside down.
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
  const int width = 64, height = 64;
  float *src, *dst;
  cudaMalloc(&src, width * height * sizeof(float));
  cudaMalloc(&dst, width * height * sizeof(float));
  dim3 block(TILE, ROWS);
  dim3 grid(width / TILE, height / TILE);
  flip_tiles<<<grid, block>>>(src, dst);
  cudaDeviceSynchronize();
  cudaFree(src);
  cudaFree(dst);
  return 0;
}
