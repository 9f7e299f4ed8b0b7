// Tiled matrix multiply C = A * B with TILE x TILE shared-memory tiles. The
// kernel assumes sizes that are multiples of TILE (no bounds checks), which
// the host guarantees by padding every dimension to a multiple of TILE: a
// free search that draws other sizes would flag overruns; under `simulee run`
// the program's own launches are clean. Several launches of two shapes.
#include <cstdio>
#include <cstdlib>
#include <vector>

#define TILE 16

__global__ void matmul(const float *A, const float *B, float *C, int M, int N, int K) {
  __shared__ float As[TILE][TILE], Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    As[ty][tx] = A[row * K + k0 + tx];
    Bs[ty][tx] = B[(k0 + ty) * N + col];
    __syncthreads();
    for (int k = 0; k < TILE; k++) acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * N + col] = acc;
}

static int round_up(int x) { return (x + TILE - 1) / TILE * TILE; }

static int run(int m0, int n0, int k0) {
  int M = round_up(m0), N = round_up(n0), K = round_up(k0);
  std::vector<float> A((size_t)M * K, 0.0f), B((size_t)K * N, 0.0f), C((size_t)M * N);
  for (int i = 0; i < m0; i++)
    for (int k = 0; k < k0; k++) A[(size_t)i * K + k] = (float)((i + 2 * k) % 5);
  for (int k = 0; k < k0; k++)
    for (int j = 0; j < n0; j++) B[(size_t)k * N + j] = (float)((3 * k + j) % 7) - 3.0f;
  float *dA, *dB, *dC;
  cudaMalloc(&dA, A.size() * sizeof(float));
  cudaMalloc(&dB, B.size() * sizeof(float));
  cudaMalloc(&dC, C.size() * sizeof(float));
  cudaMemcpy(dA, A.data(), A.size() * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dB, B.data(), B.size() * sizeof(float), cudaMemcpyHostToDevice);
  dim3 block(TILE, TILE), grid(N / TILE, M / TILE);
  matmul<<<grid, block>>>(dA, dB, dC, M, N, K);
  cudaMemcpy(C.data(), dC, C.size() * sizeof(float), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < m0; i++)
    for (int j = 0; j < n0; j++) {
      float s = 0.0f;
      for (int k = 0; k < k0; k++) s += A[(size_t)i * K + k] * B[(size_t)k * N + j];
      wrong += s != C[(size_t)i * N + j];
    }
  cudaFree(dA);
  cudaFree(dB);
  cudaFree(dC);
  printf("matmul %dx%dx%d (padded %dx%dx%d): %d wrong\n", m0, n0, k0, M, N, K, wrong);
  return wrong;
}

int main() {
  int wrong = run(20, 30, 17) + run(32, 16, 40) + run(20, 30, 17);
  return wrong != 0;
}
