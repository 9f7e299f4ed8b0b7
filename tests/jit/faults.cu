// Faults of unchecked launches (tests/jit.cmake): an out-of-bounds write,
// a misaligned read and a kernel that does not finish end the same way
// whether the launch runs as native code or is interpreted: the valid
// accesses made, the invalid ones skipped, the error the program sees.
#include <cstdio>
#include <cstring>

__global__ void overrun(int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = i * 2;
  else a[i + 1000] = i;
}

__global__ void misread(const char *p, int *out) {
  int i = threadIdx.x;
  out[i] = *(const int *)(p + 4 * i + (i == 7 ? 1 : 0));
}

__global__ void spin(const int *flag, int *out) {
  int k = 0;
  while (flag[0] == 0) out[threadIdx.x] = k++;
}

int main(int argc, char **argv) {
  const char *what = argc > 1 ? argv[1] : "oob";
  int *a, *o;
  cudaMalloc(&a, 64 * 4);
  cudaMalloc(&o, 64 * 4);
  cudaMemset(a, 0xff, 64 * 4);
  cudaMemset(o, 0, 64 * 4);
  if (!strcmp(what, "oob")) overrun<<<2, 32>>>(a, 60);
  else if (!strcmp(what, "misaligned")) misread<<<1, 16>>>((const char *)a, o);
  else spin<<<1, 4>>>(o, a);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s: %s\n", what, cudaGetErrorName(e));
  return 0;
}
