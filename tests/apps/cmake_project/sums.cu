// Block sums in shared memory. Pattern (racy variant): a tree reduction
// missing its __syncthreads between levels (read-write race on `part`).
#include "sums.h"

template <int BLOCK, bool RACY>
__global__ void block_sum(const float *x, float *out) {
  __shared__ float part[BLOCK];
  int t = threadIdx.x;
  part[t] = x[blockIdx.x * BLOCK + t];
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (t < s) part[t] += part[t + s];
    if (!RACY) __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = part[0];
}

std::vector<float> block_sums(const std::vector<float> &x, int block, bool racy) {
  int blocks = (int)x.size() / block;
  float *dx, *dout;
  cudaMalloc(&dx, x.size() * sizeof(float));
  cudaMalloc(&dout, blocks * sizeof(float));
  cudaMemcpy(dx, x.data(), x.size() * sizeof(float), cudaMemcpyHostToDevice);
  if (racy) block_sum<128, true><<<blocks, 128>>>(dx, dout);
  else block_sum<128, false><<<blocks, 128>>>(dx, dout);
  std::vector<float> out(blocks);
  cudaMemcpy(out.data(), dout, blocks * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(dx);
  cudaFree(dout);
  return out;
}
