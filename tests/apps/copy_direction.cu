// A copy whose direction contradicts its pointers (the arguments of a
// download written in upload order): undefined in CUDA, refused with
// cudaErrorInvalidValue and a finding at its line; nothing is copied. The
// right copies around it work, and cudaMemcpyDefault takes either order.
#include <cstdio>

__global__ void twice(int *p) { p[threadIdx.x] *= 2; }

int main() {
  int h[16], back[16];
  for (int i = 0; i < 16; i++) h[i] = i, back[i] = -1;
  int *d;
  cudaMalloc(&d, sizeof h);
  cudaError_t up = cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  twice<<<1, 16>>>(d);
  cudaError_t bad = cudaMemcpy(d, back, sizeof back, cudaMemcpyDeviceToHost); // dst, src swapped
  cudaError_t bad2 = cudaMemcpyAsync(back, d, sizeof back, cudaMemcpyHostToDevice, 0);
  cudaError_t down = cudaMemcpy(back, d, sizeof back, cudaMemcpyDefault);
  int wrong = 0;
  for (int i = 0; i < 16; i++) wrong += back[i] != 2 * i;
  printf("up: %s, swapped: %s, async swapped: %s, default: %s, %d wrong\n",
         cudaGetErrorName(up), cudaGetErrorName(bad), cudaGetErrorName(bad2),
         cudaGetErrorName(down), wrong);
  cudaFree(d);
  return up || bad != cudaErrorInvalidValue || bad2 != cudaErrorInvalidValue || down || wrong;
}
