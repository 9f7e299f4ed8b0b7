// A project file using dynamic parallelism, as `simulee scan` meets it: the
// host launches one block whose first thread builds a lookup table with a
// child grid. build_ok waits for the child (cudaDeviceSynchronize) before
// reading the table; build_racy reads it while the child may still run.
#include <cstdio>

__global__ void cubes(int *t, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) t[i] = i * i * i;
}

__global__ void build_ok(int *t, int *last, int n) {
  if (threadIdx.x == 0) {
    cubes<<<(n + 63) / 64, 64>>>(t, n);
    cudaDeviceSynchronize();
    *last = t[n - 1];
  }
}

__global__ void build_racy(int *t, int *last, int n) {
  if (threadIdx.x == 0) {
    cubes<<<(n + 63) / 64, 64>>>(t, n);
    *last = t[n - 1];
  }
}

int main() {
  const int n = 1000;
  int *t, *last;
  cudaMalloc(&t, n * sizeof(int));
  cudaMalloc(&last, sizeof(int));
  build_ok<<<1, 32>>>(t, last, n);
  build_racy<<<1, 32>>>(t, last, n);
  cudaDeviceSynchronize();
  printf("done\n");
  return 0;
}
