// Interpreter corpus: a tiled matrix multiply in shared memory, 2-D grid and
// block. Pattern: none (race-free): a barrier after the tiles are loaded and
// another before the next tiles overwrite them. The sizes are not multiples
// of the tile, so the edge tiles are padded with zeros.
#define TILE 16

// C (M x N) = A (M x K) * B (K x N), row-major.
__global__ void matmul_tiled(const float *A, const float *B, float *C, int M, int N, int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    int ak = k0 + threadIdx.x, bk = k0 + threadIdx.y;
    As[threadIdx.y][threadIdx.x] = (row < M && ak < K) ? A[row * K + ak] : 0.0f;
    Bs[threadIdx.y][threadIdx.x] = (bk < K && col < N) ? B[bk * N + col] : 0.0f;
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  if (row < M && col < N) C[row * N + col] = acc;
}

//@ run matmul_tiled: --grid 2,3 --block 16,16 --arg f32[1440]=iota --arg f32[864]=0.5 --arg f32[960] --arg 40 --arg 24 --arg 36 --dump 2
//@ run matmul_iota: --grid 2,2 --block 16,16 --arg f32[620]=iota --arg f32[620]=iota --arg f32[400] --arg 20 --arg 20 --arg 31 --dump 2
//@ run matmul_rand: --grid 2,3 --block 16,16 --arg f32[1440]=rand:1:-1:1 --arg f32[864]=rand:2:-1:1 --arg f32[960] --arg 40 --arg 24 --arg 36 --dump 2
