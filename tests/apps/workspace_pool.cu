// A solver that keeps a large workspace on the device while a small kernel
// iterates in place (pattern: a staging or history buffer allocated once and
// touched by one kernel, next to the state vector another kernel relaxes
// every step). Every allocation of a program is a buffer of each of its
// launches; the relaxation kernel takes only the state, so its parallel
// runs (simulee run -j) copy only the state for their undo, not the
// workspace. The sizes are computed from the problem, as real host code
// does. The program checks every value against a host reference and prints
// how many differ.
#include <cstdio>
#include <vector>

__global__ void fill(float *w, size_t n, float v) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) w[i] = v;
}

// x <- x / 2 + 1, element by element (no element is shared between blocks)
__global__ void relax(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = 0.5f * x[i] + 1.0f;
}

int main() {
  const int n = 1 << 14, steps = 10, threads = 256;
  const size_t work = (size_t)n * 256; // the workspace: 256 floats per unknown
  std::vector<float> x(n), ref(n);
  for (int i = 0; i < n; i++) ref[i] = x[i] = (float)(i % 7);
  float *dx, *dw;
  cudaMalloc(&dx, n * sizeof(float));
  cudaMalloc(&dw, work * sizeof(float));
  cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  fill<<<(unsigned)((work + threads - 1) / threads), threads>>>(dw, work, 1.0f);
  for (int s = 0; s < steps; s++) relax<<<(n + threads - 1) / threads, threads>>>(dx, n);
  cudaMemcpy(x.data(), dx, n * sizeof(float), cudaMemcpyDeviceToHost);
  std::vector<float> w(work);
  cudaMemcpy(w.data(), dw, work * sizeof(float), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int s = 0; s < steps; s++)
    for (int i = 0; i < n; i++) ref[i] = 0.5f * ref[i] + 1.0f;
  for (int i = 0; i < n; i++) wrong += x[i] != ref[i];
  for (size_t i = 0; i < work; i++) wrong += w[i] != 1.0f;
  printf("workspace: %d steps of %d unknowns, %d wrong\n", steps, n, wrong);
  cudaFree(dx);
  cudaFree(dw);
  return wrong != 0;
}
