// Whole-application twin (bench/twins.sh): a 256-bin histogram of N bytes
// (per-block histograms in shared memory with shared atomics, merged into
// the global one with global atomics) and the sum of squares of the same
// bytes (a shared-memory tree reduction per block, one global atomic per
// block), each launched REPS times; checked against the host.
// hist.cl + hist_cl.c is the same program in OpenCL.
#include "common.h"

#include <cstring>
#include <vector>

#define BINS 256
#define THREADS 256

__global__ void histogram(const unsigned char *d, unsigned *bins, int n) {
  __shared__ unsigned local[BINS];
  int t = threadIdx.x;
  local[t] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&local[d[i]], 1u);
  __syncthreads();
  if (local[t]) atomicAdd(&bins[t], local[t]);
}

__global__ void sumsq(const unsigned char *d, unsigned *total, int n) {
  __shared__ unsigned part[THREADS];
  int t = threadIdx.x;
  unsigned acc = 0;
  for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x)
    acc += (unsigned)d[i] * d[i];
  part[t] = acc;
  __syncthreads();
  for (int s = THREADS / 2; s > 0; s >>= 1) {
    if (t < s) part[t] += part[t + s];
    __syncthreads();
  }
  if (t == 0) atomicAdd(total, part[0]);
}

int main(int argc, char **argv) {
  int n = twins_arg(argc, argv, 1, 1 << 19), reps = twins_arg(argc, argv, 2, 2);
  int blocks = twins_arg(argc, argv, 3, 64);
  std::vector<unsigned char> d(n);
  hist_init(d.data(), n);
  unsigned char *dd;
  unsigned *dbins, *dtotal;
  cudaMalloc(&dd, n);
  cudaMalloc(&dbins, BINS * sizeof(unsigned));
  cudaMalloc(&dtotal, sizeof(unsigned));
  cudaMemcpy(dd, d.data(), n, cudaMemcpyHostToDevice);
  cudaMemset(dbins, 0, BINS * sizeof(unsigned));
  cudaMemset(dtotal, 0, sizeof(unsigned));
  for (int r = 0; r < reps; r++) {
    histogram<<<blocks, THREADS>>>(dd, dbins, n);
    sumsq<<<blocks, THREADS>>>(dd, dtotal, n);
  }
  unsigned bins[BINS + 1], ref[BINS + 1];
  cudaMemcpy(bins, dbins, BINS * sizeof(unsigned), cudaMemcpyDeviceToHost);
  cudaMemcpy(&bins[BINS], dtotal, sizeof(unsigned), cudaMemcpyDeviceToHost);
  memset(ref, 0, sizeof ref);
  for (int i = 0; i < n; i++) ref[d[i]] += reps, ref[BINS] += (unsigned)reps * d[i] * d[i];
  int ok = memcmp(bins, ref, sizeof ref) == 0;
  printf("hist n=%d reps=%d checksum=%016llx %s\n", n, reps,
         (unsigned long long)twins_fnv(bins, sizeof bins), ok ? "ok" : "WRONG");
  return !ok;
}
