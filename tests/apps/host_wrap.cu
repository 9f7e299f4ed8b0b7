// A program whose own check relies on 32-bit wrap-around in host code:
// the kernel squares each index in int arithmetic (wrapping past 46340 on
// the device), and the host compares a[i] with i * i in a loop (signed
// overflow, undefined in C++, but what the host gcc's code computes at -O3
// too). Built by nvcc -O3 (tests/apps/nvcc_options.sh): simulee's host pass
// compiles with -fwrapv, so the check passes as with nvcc and gcc.
#include <cstdio>

__global__ void square(int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = a[i] * a[i];
}

int main() {
  const int n = 100000;
  int *h = new int[n], *d;
  for (int i = 0; i < n; i++) h[i] = i;
  cudaMalloc(&d, n * sizeof(int));
  cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice);
  square<<<(n + 255) / 256, 256>>>(d, n);
  cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < n; i++)
    if (h[i] != i * i) wrong++;
  printf("host_wrap: %d wrong\n", wrong);
  cudaFree(d);
  delete[] h;
  return wrong != 0;
}
