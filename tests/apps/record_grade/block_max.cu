// Maximum of each block's values by a shared-memory tree. Bug pattern: the
// tree's steps are not separated by barriers (one __syncthreads before the
// loop only), so a thread reads a slot its neighbour is still writing; the
// program's own launch (256-thread blocks) shows it.
#include <cstdio>
#include <vector>

__global__ void block_max(const int *in, int *out, int n) {
  __shared__ int best[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  best[threadIdx.x] = i < n ? in[i] : -2147483647;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s /= 2)
    if (threadIdx.x < s && best[threadIdx.x + s] > best[threadIdx.x])
      best[threadIdx.x] = best[threadIdx.x + s];
  if (threadIdx.x == 0) out[blockIdx.x] = best[0];
}

int main() {
  const int n = 1000, threads = 256, blocks = (n + threads - 1) / threads;
  std::vector<int> in(n);
  for (int i = 0; i < n; ++i) in[i] = (i * 37) % 1009;
  int *din, *dout;
  cudaMalloc(&din, n * sizeof(int));
  cudaMalloc(&dout, blocks * sizeof(int));
  cudaMemcpy(din, in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  block_max<<<blocks, threads>>>(din, dout, n);
  std::vector<int> got(blocks);
  cudaMemcpy(got.data(), dout, blocks * sizeof(int), cudaMemcpyDeviceToHost);
  int want = 0, have = 0;
  for (int v : in) want = v > want ? v : want;
  for (int v : got) have = v > have ? v : have;
  printf("max %d (host %d)\n", have, want);
  cudaFree(din);
  cudaFree(dout);
  return 0;
}
