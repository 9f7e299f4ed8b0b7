// A loop of launches that never synchronizes (the pattern of an iterative
// solver), then a kernel on a second non-blocking stream with no event
// between the two streams (bug pattern: a missing cross-stream
// dependency). Under --check all the runtime keeps what every launch
// touched for the order between launches; past 64 launches of a stream the
// older ones are merged per granule, so memory stays bounded however long
// the loop runs, and a race with a merged launch is still found, naming
// the latest launch that wrote the granule:
//   launches 1-10   write x (kernel scale_x, stream a)
//   launches 11-210 write y (kernel scale_y, stream a)
//   launch 211      reads x on stream b: a race with launch 10
// Prints "order_merge: N wrong" against host values.
#include <cstdio>

__global__ void scale_x(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = x[i] * 0.5f + 1.0f;
}

__global__ void scale_y(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = y[i] * 0.5f + 2.0f;
}

__global__ void sum_into(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = x[i] + 1.0f;
}

int main() {
  const int n = 1024;
  float *x, *y, *out;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&y, n * sizeof(float));
  cudaMalloc(&out, n * sizeof(float));
  cudaMemset(x, 0, n * sizeof(float));
  cudaMemset(y, 0, n * sizeof(float));
  cudaDeviceSynchronize(); // the memsets complete before either stream starts
  cudaStream_t a, b;
  cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking);
  for (int k = 0; k < 10; k++) scale_x<<<n / 256, 256, 0, a>>>(x, n);
  for (int k = 0; k < 200; k++) scale_y<<<n / 256, 256, 0, a>>>(y, n);
  sum_into<<<n / 256, 256, 0, b>>>(x, out, n);
  cudaDeviceSynchronize();
  float hx = 0, hy = 0, h[n];
  for (int k = 0; k < 10; k++) hx = hx * 0.5f + 1.0f;
  for (int k = 0; k < 200; k++) hy = hy * 0.5f + 2.0f;
  int wrong = 0;
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) wrong += h[i] != hx + 1.0f;
  cudaMemcpy(h, y, sizeof h, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) wrong += h[i] != hy;
  printf("order_merge: %d wrong\n", wrong);
  return wrong != 0;
}
