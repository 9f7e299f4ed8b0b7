// A difference kernel that reads a[i - 1] without guarding i == 0, but
// only when the host's input asks for differences (its first value is
// negative, a "delta-encoded" flag): the out-of-bounds read happens only
// with that data (bug pattern: missing lower bound check on a neighbour
// read). The program sees cudaErrorIllegalAddress at the synchronizing copy.
#include <cstdio>
#include <cstdlib>
#include <vector>

__global__ void decode(const float *a, float *out, int n, int delta) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = delta ? a[i] - a[i - 1] : a[i];
}

int main(int argc, char **argv) {
  int n = 100;
  std::vector<float> a(n), out(n);
  for (int i = 0; i < n; i++) a[i] = (float)(i * i);
  if (argc > 1 && !strcmp(argv[1], "delta")) a[0] = -1.0f;
  int delta = a[0] < 0;
  float *da, *dout;
  cudaMalloc(&da, n * sizeof(float));
  cudaMalloc(&dout, n * sizeof(float));
  cudaMemcpy(da, a.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  decode<<<(n + 31) / 32, 32>>>(da, dout, n, delta);
  cudaError_t e = cudaMemcpy(out.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost);
  printf("copy: %s\n", cudaGetErrorName(e));
  if (e == cudaSuccess) {
    int wrong = 0;
    for (int i = 0; i < n; i++) wrong += out[i] != a[i];
    printf("%d wrong\n", wrong);
  }
  return 0;
}
