// Volatile shared memory on the native path (tests/jit.cmake): a block scan
// that stages its values through a volatile pointer with barriers between
// the steps (the pattern of scans written for old compilers) is race-free in
// its checked launches, so its later unchecked launches run as native code
// with its volatile accesses as they are; a legacy warp-synchronous sum
// (volatile shared memory, no __syncwarp between the steps) races in its
// checked launches (graded warp-synchronous), and its result depends on the
// lock step of a warp: natively each volatile access of shared memory is
// then a lock-step point (the block's threads make their k-th volatile
// access in one round), so it computes what the interpreter's lock step
// does. Both checked against host loops.
#include <cstdio>

#define T 256

__global__ void block_scan(int *out, const int *in) {
  __shared__ int s[T];
  volatile int *v = s;
  int t = threadIdx.x, i = blockIdx.x * T + t;
  v[t] = in[i];
  __syncthreads();
  for (int d = 1; d < T; d <<= 1) {
    int x = t >= d ? v[t - d] : 0;
    __syncthreads();
    v[t] += x;
    __syncthreads();
  }
  out[i] = v[t];
}

__global__ void warp_sum_legacy(int *out, const int *in) {
  __shared__ int s[T];
  volatile int *v = s;
  int t = threadIdx.x, lane = t & 31, i = blockIdx.x * T + t;
  v[t] = in[i];
  if (lane < 16) v[t] += v[t + 16];
  if (lane < 8) v[t] += v[t + 8];
  if (lane < 4) v[t] += v[t + 4];
  if (lane < 2) v[t] += v[t + 2];
  if (lane < 1) v[t] += v[t + 1];
  if (lane == 0) out[i / 32] = v[t];
}

int main() {
  const int nb = 64, n = nb * T;
  int *h = new int[n], *o = new int[n], *in, *out;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&out, n * sizeof(int));
  long wrong_scan = 0, wrong_sum = 0;
  for (int round = 0; round < 6; round++) {
    for (int i = 0; i < n; i++) h[i] = (i * 37 + round * 11) % 101 - 50;
    cudaMemcpy(in, h, n * sizeof(int), cudaMemcpyHostToDevice);
    block_scan<<<nb, T>>>(out, in);
    cudaMemcpy(o, out, n * sizeof(int), cudaMemcpyDeviceToHost);
    int acc = 0;
    for (int i = 0; i < n; i++) {
      if (i % T == 0) acc = 0;
      acc += h[i];
      wrong_scan += o[i] != acc;
    }
    warp_sum_legacy<<<nb, T>>>(out, in);
    cudaMemcpy(o, out, (n / 32) * sizeof(int), cudaMemcpyDeviceToHost);
    for (int w = 0; w < n / 32; w++) {
      int sum = 0;
      for (int j = 0; j < 32; j++) sum += h[w * 32 + j];
      wrong_sum += o[w] != sum;
    }
  }
  printf("block_scan: %ld wrong, warp_sum_legacy: %ld wrong\n", wrong_scan, wrong_sum);
  return 0;
}
