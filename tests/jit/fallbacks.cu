// Kernels the native path leaves to the interpreter (tests/jit.cmake): the
// launch must still run, with the same output, through the interpreter; and
// one it runs natively as coroutines (block_sum: __syncthreads in a loop).
#include <cassert>
#include <cstdio>

__global__ void hello(int n) {
  if (threadIdx.x < n) printf("hello from thread %d of block %d\n", threadIdx.x, blockIdx.x);
}

__global__ void block_sum(const int *in, int *out) {
  __shared__ int s[128];
  s[threadIdx.x] = in[blockIdx.x * 128 + threadIdx.x];
  __syncthreads();
  for (int k = 64; k > 0; k >>= 1) {
    if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = s[0];
}

__global__ void warp_sum(const int *in, int *out) {
  int v = in[blockIdx.x * 32 + threadIdx.x];
  for (int k = 16; k > 0; k >>= 1) v += __shfl_down_sync(0xffffffffu, v, k);
  if (threadIdx.x == 0) out[blockIdx.x] = v;
}

__global__ void compact(const int *in, int *out, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] % 3 == 0) out[atomicAdd(count, 1)] = in[i];
}

__global__ void float_total(const float *in, float *total, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(total, in[i]);
}

__global__ void checked(const int *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) assert(in[i] >= 0);
}

int main() {
  const int n = 512;
  int h[n];
  float hf[n];
  for (int i = 0; i < n; i++) h[i] = (i * 37) % 101, hf[i] = (float)h[i] * 0.37f;
  int *in, *out, *count;
  float *fin, *tot;
  cudaMalloc(&in, sizeof h); cudaMalloc(&out, sizeof h); cudaMalloc(&count, 4);
  cudaMalloc(&fin, sizeof hf); cudaMalloc(&tot, 4);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemcpy(fin, hf, sizeof hf, cudaMemcpyHostToDevice);
  cudaMemset(count, 0, 4); cudaMemset(tot, 0, 4);
  hello<<<2, 4>>>(2);
  cudaDeviceSynchronize();
  block_sum<<<n / 128, 128>>>(in, out);
  int r[n];
  cudaMemcpy(r, out, 4 * 4, cudaMemcpyDeviceToHost);
  printf("block sums: %d %d %d %d\n", r[0], r[1], r[2], r[3]);
  warp_sum<<<n / 32, 32>>>(in, out);
  cudaMemcpy(r, out, 16 * 4, cudaMemcpyDeviceToHost);
  printf("warp sums:");
  for (int i = 0; i < 16; i++) printf(" %d", r[i]);
  printf("\n");
  compact<<<n / 128, 128>>>(in, out, count, n);
  int c;
  cudaMemcpy(&c, count, 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(r, out, c * 4, cudaMemcpyDeviceToHost);
  printf("compact %d:", c);
  for (int i = 0; i < c; i++) printf(" %d", r[i]);
  printf("\n");
  float_total<<<n / 128, 128>>>(fin, tot, n);
  float t;
  cudaMemcpy(&t, tot, 4, cudaMemcpyDeviceToHost);
  printf("float total: %a\n", t);
  checked<<<n / 128, 128>>>(in, n);
  printf("status: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
