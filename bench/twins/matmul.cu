// Whole-application twin (bench/twins.sh): REPS launches of a tiled matrix
// multiply C = A * B (N x N, 16 x 16 shared-memory tiles, two barriers per
// tile), entries small integers so every sum is exact, checked against the
// host's product. matmul.cl + matmul_cl.c is the same program in OpenCL.
#include "common.h"

#include <cstring>
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
  int n = twins_arg(argc, argv, 1, 128), reps = twins_arg(argc, argv, 2, 2);
  n = (n + TILE - 1) / TILE * TILE;
  size_t bytes = (size_t)n * n * sizeof(float);
  std::vector<float> A(n * n), B(n * n), C(n * n), ref(n * n);
  matmul_init(A.data(), B.data(), n);
  float *dA, *dB, *dC;
  cudaMalloc(&dA, bytes);
  cudaMalloc(&dB, bytes);
  cudaMalloc(&dC, bytes);
  cudaMemcpy(dA, A.data(), bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(dB, B.data(), bytes, cudaMemcpyHostToDevice);
  dim3 block(TILE, TILE), grid(n / TILE, n / TILE);
  for (int r = 0; r < reps; r++) mm<<<grid, block>>>(dA, dB, dC, n);
  cudaMemcpy(C.data(), dC, bytes, cudaMemcpyDeviceToHost);
  const float *a = A.data(), *b = B.data();
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float acc = 0.0f;
      for (int k = 0; k < n; k++) acc += a[i * n + k] * b[k * n + j];
      ref[i * n + j] = acc;
    }
  int ok = memcmp(C.data(), ref.data(), bytes) == 0;
  printf("matmul n=%d reps=%d checksum=%016llx %s\n", n, reps,
         (unsigned long long)twins_fnv(C.data(), bytes), ok ? "ok" : "WRONG");
  return !ok;
}
