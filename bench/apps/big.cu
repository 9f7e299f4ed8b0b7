// Benchmark program of one large launch: THREADS threads (default 10^8) in
// blocks of 256, each computing a value from its index; a block sums its
// values by a tree in shared memory and writes one sum; the host checks every
// block's sum (exact: integer arithmetic).
//   big [THREADS]
#include <cstdio>
#include <cstdlib>
#include <vector>

#define TB 256

__device__ __host__ static unsigned mix(unsigned long long i) {
  unsigned v = (unsigned)(i * 2654435761ull);
  return (v ^ (v >> 15)) & 1023u;
}

__global__ void sums(unsigned *out, unsigned long long n) {
  __shared__ unsigned s[TB];
  unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < n ? mix(i) : 0u;
  __syncthreads();
  for (int k = TB / 2; k > 0; k /= 2) {
    if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = s[0];
}

int main(int argc, char **argv) {
  unsigned long long n = argc > 1 ? strtoull(argv[1], 0, 10) : 100000000ull;
  unsigned long long nb = (n + TB - 1) / TB;
  if (!n || nb > 2147483647ull) {
    fprintf(stderr, "big: THREADS must be 1..%llu\n", 2147483647ull * TB);
    return 2;
  }
  unsigned *d;
  if (cudaMalloc(&d, nb * sizeof(unsigned)) != cudaSuccess) return 3;
  sums<<<(unsigned)nb, TB>>>(d, n);
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    printf("big: launch failed: %s\n", cudaGetErrorString(e));
    return 1;
  }
  std::vector<unsigned> h(nb);
  cudaMemcpy(h.data(), d, nb * sizeof(unsigned), cudaMemcpyDeviceToHost);
  unsigned long long wrong = 0;
  for (unsigned long long b = 0; b < nb; b++) {
    unsigned s = 0;
    for (unsigned long long i = b * TB; i < (b + 1) * TB && i < n; i++) s += mix(i);
    wrong += h[b] != s;
  }
  printf("big threads=%llu blocks=%llu: %llu wrong\n", n, nb, wrong);
  return wrong != 0;
}
