// Faults of unchecked launches (tests/jit.cmake): an out-of-bounds write,
// a misaligned read and a kernel that does not finish end the same way
// whether the launch runs as native code or is interpreted: the valid
// accesses made, the invalid ones skipped, the error the program sees. The
// "_bar" kernels do it between barriers (natively, their threads are
// coroutines: the timeout leaves from inside a resumed thread).
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

__global__ void overrun_bar(int *a, int n) {
  __shared__ int s[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i * 3;
  __syncthreads();
  int v = s[(threadIdx.x + 1) % blockDim.x];
  __syncthreads();
  if (i < n) a[i] = v;
  else a[i + 1000] = v;
}

__global__ void spin_bar(const int *flag, int *out) {
  int k = 0;
  while (flag[0] == 0) {
    out[threadIdx.x] = k++;
    __syncthreads();
  }
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
  else if (!strcmp(what, "oob_bar")) overrun_bar<<<2, 32>>>(a, 60);
  else if (!strcmp(what, "spin_bar")) spin_bar<<<2, 4>>>(o, a);
  else spin<<<1, 4>>>(o, a);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s: %s\n", what, cudaGetErrorName(e));
  return 0;
}
