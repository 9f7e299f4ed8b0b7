// Benchmark program of resident memory against device memory: two buffers
// of MIB MiB in all (default 256), one launch writing b[i] = 2 a[i] + 1 over
// every element (a grid-stride loop of 65,536 threads), the host checking
// every element. bench/scale.sh compares the peak RSS with MIB.
//   stream [MIB]
#include <cstdio>
#include <cstdlib>
#include <vector>

__global__ void axpb(const float *a, float *b, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    b[i] = 2.0f * a[i] + 1.0f;
}

int main(int argc, char **argv) {
  size_t mib = argc > 1 ? strtoull(argv[1], 0, 10) : 256;
  size_t n = mib * (1u << 20) / 8; /* floats per buffer */
  float *a, *b;
  if (cudaMalloc(&a, n * sizeof(float)) != cudaSuccess || cudaMalloc(&b, n * sizeof(float)) != cudaSuccess) {
    printf("stream: out of device memory\n");
    return 1;
  }
  std::vector<float> h(n);
  for (size_t i = 0; i < n; i++) h[i] = (float)(i % 1000);
  cudaMemcpy(a, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  axpb<<<256, 256>>>(a, b, n);
  cudaMemcpy(h.data(), b, n * sizeof(float), cudaMemcpyDeviceToHost);
  size_t wrong = 0;
  for (size_t i = 0; i < n; i++) wrong += h[i] != 2.0f * (float)(i % 1000) + 1.0f;
  printf("stream %zu MiB: %zu wrong\n", mib, wrong);
  return wrong != 0;
}
