// A program of three files: this one (main, a kernel), saxpy.cu (a kernel
// and the host function that launches it, each file its own GPU binary) and
// reference.cpp (host-only reference). Each launch of a loop checks one
// step; the check policy decides how many run with detection.
#include <cstdio>
#include <vector>

void launch_saxpy(float a, const float *x, float *y, int n);
void reference_step(float a, std::vector<float> &y, const std::vector<float> &x);

__global__ void halve(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] *= 0.5f;
}

int main() {
  const int n = 300, steps = 10;
  std::vector<float> x(n), y(n, 1.0f), ref(n, 1.0f);
  for (int i = 0; i < n; i++) x[i] = (float)(i % 13);
  float *dx, *dy;
  cudaMalloc(&dx, n * sizeof(float));
  cudaMalloc(&dy, n * sizeof(float));
  cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dy, y.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  for (int s = 0; s < steps; s++) {
    launch_saxpy(2.0f, dx, dy, n);
    halve<<<(n + 127) / 128, 128>>>(dy, n);
    reference_step(2.0f, ref, x);
  }
  cudaMemcpy(y.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < n; i++) wrong += y[i] != ref[i];
  printf("%d steps: %d wrong\n", steps, wrong);
  return wrong != 0;
}
