// Scatter through a permutation the host builds: out[perm[i]] = in[i] * 2.
// Every index is written once because the host's perm is a permutation (a
// seeded Fisher-Yates shuffle). A free search that draws perm at random
// makes two threads write one element (bug pattern it would report: a
// scatter with colliding indices); under `simulee run` the program's own
// permutation is clean. Then a gather back through the same permutation.
#include <cstdio>
#include <vector>

template <typename T>
__global__ void scatter(const T *in, const int *perm, T *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[perm[i]] = in[i] * T(2);
}

template <typename T>
__global__ void gather(const T *in, const int *perm, T *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[perm[i]];
}

static unsigned lcg(unsigned &s) {
  s = s * 1664525u + 1013904223u;
  return s >> 8;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  std::vector<int> perm(n);
  std::vector<float> in(n), out(n), back(n);
  for (int i = 0; i < n; i++) perm[i] = i, in[i] = (float)(i % 97) - 40.0f;
  unsigned seed = 12345u;
  for (int i = n - 1; i > 0; i--) {
    int j = (int)(lcg(seed) % (unsigned)(i + 1));
    int t = perm[i];
    perm[i] = perm[j];
    perm[j] = t;
  }
  float *din, *dout, *dback;
  int *dperm;
  cudaMalloc(&din, n * sizeof(float));
  cudaMalloc(&dout, n * sizeof(float));
  cudaMalloc(&dback, n * sizeof(float));
  cudaMalloc(&dperm, n * sizeof(int));
  cudaMemcpy(din, in.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dperm, perm.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  const int block = 128;
  int grid = (n + block - 1) / block;
  scatter<float><<<grid, block>>>(din, dperm, dout, n);
  gather<float><<<grid, block>>>(dout, dperm, dback, n);
  cudaMemcpy(out.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(back.data(), dback, n * sizeof(float), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < n; i++) {
    wrong += out[perm[i]] != in[i] * 2.0f;
    wrong += back[i] != in[i] * 2.0f;
  }
  printf("scatter n=%d: %d wrong\n", n, wrong);
  cudaFree(din), cudaFree(dout), cudaFree(dback), cudaFree(dperm);
  return wrong != 0;
}
