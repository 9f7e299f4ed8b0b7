// Device memory used after cudaDeviceReset (a test harness resets between
// cases but keeps a buffer of the first): every allocation is gone, so the
// copy from the old pointer and the kernel launch on it are findings at
// their lines.
#include <cstdio>

__global__ void inc(int *p) { p[threadIdx.x] += 1; }

int main() {
  int *d;
  cudaMalloc(&d, 32 * sizeof(int));
  cudaMemset(d, 0, 32 * sizeof(int));
  inc<<<1, 32>>>(d);
  cudaDeviceSynchronize();
  cudaDeviceReset();
  int h[32];
  cudaError_t c = cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost); // d is gone
  inc<<<1, 32>>>(d); // so is the kernel's buffer
  cudaError_t k = cudaDeviceSynchronize();
  printf("copy: %s, kernel: %s\n", cudaGetErrorName(c), cudaGetErrorName(k));
  return 0;
}
