// Sums a vector two ways, block sums (the library) and cuBLAS's dot with a
// vector of ones, and checks both against the host.
#include <cublas_v2.h>
#include <cmath>
#include <cstdio>
#include <cstring>
#include "sums.h"

int main(int argc, char **argv) {
  bool racy = argc > 1 && !strcmp(argv[1], "racy");
  const int block = 128, n = 4 * block;
  std::vector<float> x(n), ones(n, 1.0f);
  for (int i = 0; i < n; i++) x[i] = float(i % 9);
  std::vector<float> sums = block_sums(x, block, racy);
  int wrong = 0;
  float total = 0;
  for (int b = 0; b < n / block; b++) {
    float want = 0;
    for (int i = 0; i < block; i++) want += x[b * block + i];
    total += want;
    wrong += sums[b] != want;
  }
  cublasHandle_t h;
  cublasCreate(&h);
  float *dx, *d1, dot = 0;
  cudaMalloc(&dx, n * sizeof(float));
  cudaMalloc(&d1, n * sizeof(float));
  cublasSetVector(n, sizeof(float), x.data(), 1, dx, 1);
  cublasSetVector(n, sizeof(float), ones.data(), 1, d1, 1);
  cublasSdot(h, n, dx, 1, d1, 1, &dot);
  cublasDestroy(h);
  wrong += std::fabs(dot - total) > 1e-3f;
  printf("%s: %d wrong\n", racy ? "racy" : "clean", wrong);
  return racy ? 0 : wrong != 0;
}
