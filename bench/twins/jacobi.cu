// Whole-application twin (bench/twins.sh): STEPS sweeps of a 5-point Jacobi
// relaxation on an N x N grid, one launch per sweep (ping-pong buffers, no
// shared memory), checked against the same sweeps on the host. jacobi.cl +
// jacobi_cl.c is the same program in OpenCL.
#include "common.h"

#include <cstring>
#include <vector>

__global__ void sweep(const float *u, float *v, const float *f, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= n || y >= n) return;
  int i = y * n + x;
  if (x == 0 || y == 0 || x == n - 1 || y == n - 1) {
    v[i] = u[i];
    return;
  }
  v[i] = 0.25f * (((u[i - 1] + u[i + 1]) + (u[i - n] + u[i + n])) + f[i]);
}

int main(int argc, char **argv) {
  int n = twins_arg(argc, argv, 1, 96), steps = twins_arg(argc, argv, 2, 60);
  size_t bytes = (size_t)n * n * sizeof(float);
  std::vector<float> u(n * n), f(n * n), ref(n * n), tmp(n * n);
  jacobi_init(u.data(), f.data(), n);
  ref = u;
  float *du, *dv, *df;
  cudaMalloc(&du, bytes);
  cudaMalloc(&dv, bytes);
  cudaMalloc(&df, bytes);
  cudaMemcpy(du, u.data(), bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(df, f.data(), bytes, cudaMemcpyHostToDevice);
  dim3 block(16, 16), grid((n + 15) / 16, (n + 15) / 16);
  for (int s = 0; s < steps; s++) {
    sweep<<<grid, block>>>(du, dv, df, n);
    float *t = du; du = dv; dv = t;
  }
  cudaMemcpy(u.data(), du, bytes, cudaMemcpyDeviceToHost);
  float *r = ref.data(), *t = tmp.data();
  for (int s = 0; s < steps; s++) {
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++) t[y * n + x] = jacobi_point(r, f.data(), n, x, y);
    float *w = r; r = t; t = w;
  }
  int ok = memcmp(u.data(), r, bytes) == 0;
  printf("jacobi n=%d steps=%d checksum=%016llx %s\n", n, steps,
         (unsigned long long)twins_fnv(u.data(), bytes), ok ? "ok" : "WRONG");
  return !ok;
}
