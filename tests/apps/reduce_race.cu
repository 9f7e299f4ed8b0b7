// A block-wise sum reduction whose tree loop lacks the __syncthreads()
// between steps (bug pattern: missing barrier in a shared-memory tree
// reduction). The host checks the sums against its own; the race is found
// under `simulee run` and reported with the host line of the launch.
#include <cstdio>
#include <cstdlib>
#include <vector>

template <int BLOCK>
__global__ void block_sum(const int *in, int *out, int n) {
  __shared__ int part[BLOCK];
  int t = threadIdx.x, i = blockIdx.x * BLOCK + t;
  part[t] = i < n ? in[i] : 0;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (t < s) part[t] += part[t + s];
    // missing __syncthreads() here
  }
  if (t == 0) out[blockIdx.x] = part[0];
}

int main(int argc, char **argv) {
  const int block = 256;
  int n = argc > 1 ? atoi(argv[1]) : 700;
  int blocks = (n + block - 1) / block;
  std::vector<int> in(n), out(blocks);
  for (int i = 0; i < n; i++) in[i] = (i * 7) % 11;
  int *din, *dout;
  cudaMalloc(&din, n * sizeof(int));
  cudaMalloc(&dout, blocks * sizeof(int));
  cudaMemcpy(din, in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  block_sum<block><<<blocks, block>>>(din, dout, n);
  cudaMemcpy(out.data(), dout, blocks * sizeof(int), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int b = 0; b < blocks; b++) {
    int s = 0;
    for (int i = b * block; i < n && i < (b + 1) * block; i++) s += in[i];
    wrong += s != out[b];
  }
  printf("%d of %d sums wrong\n", wrong, blocks);
  cudaFree(din);
  cudaFree(dout);
  return 0;
}
