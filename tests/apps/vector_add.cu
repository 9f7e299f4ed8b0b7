// Vector add: the host computes the sizes, copies in, launches with a grid
// rounded up, copies out and compares with its own sums. Clean.
#include <cstdio>
#include <cstdlib>
#include <vector>

__global__ void vadd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  size_t bytes = n * sizeof(float);
  std::vector<float> a(n), b(n), c(n);
  for (int i = 0; i < n; i++) a[i] = 0.5f * i, b[i] = 3.0f - i;
  float *da, *db, *dc;
  if (cudaMalloc(&da, bytes) || cudaMalloc(&db, bytes) || cudaMalloc(&dc, bytes)) return 3;
  cudaMemcpy(da, a.data(), bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b.data(), bytes, cudaMemcpyHostToDevice);
  int threads = 128, blocks = (n + threads - 1) / threads;
  vadd<<<blocks, threads>>>(da, db, dc, n);
  if (cudaGetLastError() != cudaSuccess) return 4;
  cudaMemcpy(c.data(), dc, bytes, cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < n; i++) wrong += c[i] != a[i] + b[i];
  printf("vadd n=%d: %d wrong\n", n, wrong);
  cudaFree(da);
  cudaFree(db);
  cudaFree(dc);
  return wrong != 0;
}
