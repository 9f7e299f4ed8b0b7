// Benchmark program with barriers: REPS launches of a tiled matrix multiply
// (16 x 16 shared-memory tiles, two __syncthreads per tile) of N x N
// matrices, checked against the host's product.
#include <cstdio>
#include <cstdlib>
#include <vector>

#define TILE 16

__global__ void mm(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE], Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0.0f;
  for (int k0 = 0; k0 < n; k0 += TILE) {
    As[ty][tx] = A[row * n + k0 + tx];
    Bs[ty][tx] = B[(k0 + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE; k++) acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * n + col] = acc;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 128, reps = argc > 2 ? atoi(argv[2]) : 4;
  n = (n + TILE - 1) / TILE * TILE;
  std::vector<float> A((size_t)n * n), B((size_t)n * n), C((size_t)n * n);
  for (int i = 0; i < n * n; i++) A[i] = (float)(i % 5), B[i] = (float)(i % 7) - 3.0f;
  float *dA, *dB, *dC;
  cudaMalloc(&dA, A.size() * sizeof(float));
  cudaMalloc(&dB, B.size() * sizeof(float));
  cudaMalloc(&dC, C.size() * sizeof(float));
  cudaMemcpy(dA, A.data(), A.size() * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dB, B.data(), B.size() * sizeof(float), cudaMemcpyHostToDevice);
  dim3 block(TILE, TILE), grid(n / TILE, n / TILE);
  for (int r = 0; r < reps; r++) mm<<<grid, block>>>(dA, dB, dC, n);
  cudaMemcpy(C.data(), dC, C.size() * sizeof(float), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float s = 0.0f;
      for (int k0 = 0; k0 < n; k0 += TILE)
        for (int k = 0; k < TILE; k++) s += A[(size_t)i * n + k0 + k] * B[(size_t)(k0 + k) * n + j];
      wrong += s != C[(size_t)i * n + j];
    }
  printf("tiled_matmul n=%d reps=%d: %d wrong\n", n, reps, wrong);
  return wrong != 0;
}
