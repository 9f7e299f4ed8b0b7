// A checked launch of more threads than --check-threads (default 65536):
// 4096 blocks of 256 threads, 1,048,576 threads. The policy checks it on a
// sample of 256 blocks (the first 64, the last 64 and 128 evenly spaced
// between them) and runs the other blocks without detection. Pattern: a
// stencil that stages its block's elements in shared memory, then reads a
// neighbour's slot. Modes (argv[1]):
//   clean   the stage is followed by __syncthreads(): no finding, and every
//           element (sampled block or not) is checked on the host
//   shared  the barrier is missing: a read-write race on the tile in every
//           block, found in the sample and named with the launch's blockIdx
//   edge    the grid covers n + 100 elements and the last block reads past
//           the end of the input (a partial tile without its bound check):
//           an out-of-bounds read in the last block, which is sampled
//   inner   block 1777 (outside the sample) writes past the end of the
//           output: counted as invalid accesses of blocks outside the sample
// Every mode but inner checks the output of the clean elements on the host.
#include <cstdio>
#include <cstring>

#define B 256

__global__ void stage(const float *in, float *out, int n, int mode) {
  __shared__ float tile[B];
  int i = blockIdx.x * B + threadIdx.x;
  tile[threadIdx.x] = mode == 2 || i < n ? in[i] : 0.0f;
  if (mode != 1) __syncthreads();
  float right = tile[(threadIdx.x + 1) % B];
  if (i < n) out[i] = 2.0f * tile[threadIdx.x] + right;
  if (mode == 3 && blockIdx.x == 1777 && threadIdx.x == 0) out[n + 4096] = 1.0f;
}

int main(int argc, char **argv) {
  const char *m = argc > 1 ? argv[1] : "clean";
  int mode = !strcmp(m, "shared") ? 1 : !strcmp(m, "edge") ? 2 : !strcmp(m, "inner") ? 3 : 0;
  const int nb = 4096, n = nb * B - (mode == 2 ? 100 : 0);
  float *h = new float[n], *in, *out;
  for (int i = 0; i < n; i++) h[i] = (float)(i % 1000);
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, n * sizeof(float));
  cudaMemcpy(in, h, n * sizeof(float), cudaMemcpyHostToDevice);
  stage<<<nb, B>>>(in, out, n, mode);
  cudaError_t e = cudaDeviceSynchronize();
  float *o = new float[n];
  cudaMemcpy(o, out, n * sizeof(float), cudaMemcpyDeviceToHost);
  long wrong = 0;
  for (int i = 0; i < n; i++) {
    int t = i % B, blk = i / B;
    int r = blk * B + (t + 1) % B;
    float want = 2.0f * h[i] + (r < n ? h[r] : 0.0f);
    if (mode != 1 && mode != 2 && o[i] != want) wrong++;
    if (mode == 2 && blk < nb - 1 && o[i] != want) wrong++;
  }
  printf("sampled %s: %s, %ld wrong\n", m, e == cudaSuccess ? "no error" : cudaGetErrorString(e),
         wrong);
  cudaFree(in);
  cudaFree(out);
  delete[] h;
  delete[] o;
  return 0;
}
