// Stream handles misused as programs do by mistake: a stream destroyed
// twice (a cleanup path run twice), a launch on the destroyed stream, and a
// launch on a made-up handle. Each call returns
// cudaErrorInvalidResourceHandle with a warning naming the call and this
// file's line; nothing crashes, and a launch on a live stream still runs.
#include <cstdio>

__global__ void fill(int *p, int v) { p[threadIdx.x] = v; }

int main() {
  int *d;
  cudaMalloc(&d, 64 * sizeof(int));
  cudaStream_t s;
  cudaStreamCreate(&s);
  fill<<<1, 64, 0, s>>>(d, 1);
  cudaStreamSynchronize(s);
  cudaError_t e1 = cudaStreamDestroy(s);
  cudaError_t e2 = cudaStreamDestroy(s); // the second destroy
  printf("destroy: %s, again: %s\n", cudaGetErrorName(e1), cudaGetErrorName(e2));
  fill<<<1, 64, 0, s>>>(d, 2); // on the destroyed stream
  cudaError_t e3 = cudaGetLastError();
  printf("launch on a destroyed stream: %s\n", cudaGetErrorName(e3));
  fill<<<1, 64, 0, (cudaStream_t)0x1234>>>(d, 3); // a made-up handle
  cudaError_t e4 = cudaGetLastError();
  printf("launch on a made-up stream: %s\n", cudaGetErrorName(e4));
  cudaError_t e5 = cudaMemcpyAsync(d, d + 32, 4, cudaMemcpyDeviceToDevice, s);
  printf("copy on a destroyed stream: %s\n", cudaGetErrorName(e5));
  cudaStream_t t;
  cudaStreamCreate(&t);
  fill<<<1, 64, 0, t>>>(d, 4);
  cudaStreamSynchronize(t);
  int h[64];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < 64; i++) wrong += h[i] != 4;
  printf("live stream: %d wrong\n", wrong);
  cudaStreamDestroy(t);
  cudaFree(d);
  return e1 != cudaSuccess || e2 != cudaErrorInvalidResourceHandle ||
         e3 != cudaErrorInvalidResourceHandle || e4 != cudaErrorInvalidResourceHandle ||
         e5 != cudaErrorInvalidResourceHandle || wrong;
}
