// Benchmark program with many launches: STEPS Jacobi sweeps of a 1-D heat
// equation on N points (ping-pong buffers, one launch per sweep), checked
// against the same sweeps on the host.
#include <cstdio>
#include <cstdlib>
#include <vector>

__global__ void sweep(const float *u, float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 0 || i == n - 1) v[i] = u[i];
  else if (i < n) v[i] = 0.25f * u[i - 1] + 0.5f * u[i] + 0.25f * u[i + 1];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4096, steps = argc > 2 ? atoi(argv[2]) : 200;
  std::vector<float> h(n), ref(n), tmp(n);
  for (int i = 0; i < n; i++) h[i] = ref[i] = (i % 97 == 0) ? 100.0f : 0.0f;
  float *u, *v;
  cudaMalloc(&u, n * sizeof(float));
  cudaMalloc(&v, n * sizeof(float));
  cudaMemcpy(u, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  for (int s = 0; s < steps; s++) {
    sweep<<<(n + 255) / 256, 256>>>(u, v, n);
    float *t = u; u = v; v = t;
    for (int i = 0; i < n; i++)
      tmp[i] = (i == 0 || i == n - 1) ? ref[i] : 0.25f * ref[i - 1] + 0.5f * ref[i] + 0.25f * ref[i + 1];
    ref.swap(tmp);
  }
  cudaMemcpy(h.data(), u, n * sizeof(float), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < n; i++) wrong += h[i] != ref[i];
  printf("jacobi n=%d steps=%d: %d wrong\n", n, steps, wrong);
  return wrong != 0;
}
