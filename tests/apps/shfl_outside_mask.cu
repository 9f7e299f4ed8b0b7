// Pattern: a two-stage block reduction whose second stage runs in the lanes
// that hold a warp's partial sum only, with a ballot of those lanes as the
// shuffle mask, but shuffles down by 16, 8, ... as if the whole warp took
// part: lane 0 reads lanes 16, 8, 4, 2, 1 while only lanes 0..7 execute.
// Reading a lane outside the mask is undefined in CUDA; GPUs give 0, so the
// sum comes out right there, and simulee gives 0 too (not a finding: the
// usual form, shuffling by 4, 2, 1, has lanes 4..7 read outside the mask as
// well, and only lane 0's sum is used). With "fixed", the second stage
// shuffles by 4, 2, 1.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

template <int FIXED>
__global__ void block_sum(const int *in, int *out, int n) {
  __shared__ int warp_sums[32];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  int v = i < n ? in[i] : 0;
  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);
  if (tid % 32 == 0) warp_sums[tid / 32] = v;
  __syncthreads();
  int nwarps = blockDim.x / 32;
  unsigned m = __ballot_sync(0xffffffffu, tid < nwarps);
  if (tid < nwarps) {
    v = warp_sums[tid];
    for (int o = FIXED ? nwarps / 2 : 16; o > 0; o /= 2) v += __shfl_down_sync(m, v, o);
  }
  if (tid == 0) out[blockIdx.x] = v;
}

int main(int argc, char **argv) {
  int fixed = argc > 1 && !strcmp(argv[1], "fixed");
  const int n = 4096, threads = 256, blocks = n / threads;
  int *h = new int[n], *hs = new int[blocks];
  long long want = 0;
  for (int i = 0; i < n; i++) { h[i] = (i * 7) % 23 - 5; want += h[i]; }
  int *din, *dout;
  cudaMalloc(&din, n * sizeof(int));
  cudaMalloc(&dout, blocks * sizeof(int));
  cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice);
  if (fixed) block_sum<1><<<blocks, threads>>>(din, dout, n);
  else block_sum<0><<<blocks, threads>>>(din, dout, n);
  cudaMemcpy(hs, dout, blocks * sizeof(int), cudaMemcpyDeviceToHost);
  long long got = 0;
  for (int b = 0; b < blocks; b++) got += hs[b];
  printf("shfl_outside_mask: sum %lld, host %lld: %s\n", got, want, got == want ? "equal" : "differ");
  cudaFree(din);
  cudaFree(dout);
  delete[] h;
  delete[] hs;
  return got == want ? 0 : 3;
}
