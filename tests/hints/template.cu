// Launch hints through template instantiations: each instantiation of a
// kernel template is its own kernel with its own launches. Pattern: the
// row-stepped tile of shape.cu with the row step as a template parameter;
// flip_tiles<R> is race-free only for blockDim = (32, R). The host code
// instantiates it only through its launches, each with its own shape (and
// flip_tiles<8> twice with the same one).
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

static void run(float *src, float *dst, int passes) {
  for (int i = 0; i < passes; i++) flip_tiles<8><<<dim3(2, 2), dim3(TILE, 8)>>>(src, dst);
}

int main() {
  float *src, *dst;
  cudaMalloc(&src, 64 * 64 * sizeof(float));
  cudaMalloc(&dst, 64 * 64 * sizeof(float));
  run(src, dst, 2);
  flip_tiles<8><<<dim3(2, 2), dim3(TILE, 8)>>>(dst, src);
  flip_tiles<4><<<dim3(2, 2), dim3(TILE, 4)>>>(src, dst);
  return cudaDeviceSynchronize() != cudaSuccess;
}
