// Per-block partial sums for warp-sized blocks: the scratch has one slot per
// lane, indexed by threadIdx.x % 32. Bug pattern: a block-size assumption
// the kernel does not check (a block wider than a warp makes two threads
// share a slot; a narrower one leaves slots unwritten); the program sizes
// its blocks from the device's warp size at run time, which no launch site
// shows as a constant.
#include <cstdio>
#include <vector>

__global__ void warp_partials(const float *in, float *out, int n) {
  __shared__ float lane_sum[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  lane_sum[threadIdx.x % 32] = i < n ? in[i] : 0.0f;
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0.0f;
    for (int l = 0; l < 32; ++l) s += lane_sum[l];
    out[blockIdx.x] = s;
  }
}

int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  const int n = 1000;
  int threads = prop.warpSize;
  int blocks = (n + threads - 1) / threads;
  std::vector<float> in(n);
  for (int i = 0; i < n; ++i) in[i] = (float)(i % 17);
  float *din, *dout;
  cudaMalloc(&din, n * sizeof(float));
  cudaMalloc(&dout, blocks * sizeof(float));
  cudaMemcpy(din, in.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  warp_partials<<<blocks, threads>>>(din, dout, n);
  std::vector<float> part(blocks);
  cudaMemcpy(part.data(), dout, blocks * sizeof(float), cudaMemcpyDeviceToHost);
  double got = 0, want = 0;
  for (float p : part) got += p;
  for (float x : in) want += x;
  printf("sum %.0f (host %.0f): %s\n", got, want, got == want ? "right" : "WRONG");
  cudaFree(din);
  cudaFree(dout);
  return got == want ? 0 : 1;
}
