// Dynamic parallelism: a recursive divide-and-conquer sum. Each launch
// splits its range in two halves, launches one child grid per half, waits
// for both with cudaDeviceSynchronize() and adds the children's partial
// sums (the pattern of CUDA's "cdpSimpleQuicksort"-style recursion).
#include <cstdio>

#define LEAF 64

__global__ void rsum(const int *in, long long *part, int lo, int hi, int slot) {
  if (threadIdx.x != 0) return;
  if (hi - lo <= LEAF) {
    long long s = 0;
    for (int i = lo; i < hi; i++) s += in[i];
    part[slot] = s;
    return;
  }
  int mid = lo + (hi - lo) / 2;
  rsum<<<1, 32>>>(in, part, lo, mid, 2 * slot + 1);
  rsum<<<1, 32>>>(in, part, mid, hi, 2 * slot + 2);
  cudaDeviceSynchronize();
  part[slot] = part[2 * slot + 1] + part[2 * slot + 2];
}

int main() {
  const int n = 1000;
  int *in;
  long long *part;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&part, 64 * sizeof(long long));
  rsum<<<1, 32>>>(in, part, 0, n, 0);
  cudaDeviceSynchronize();
  return 0;
}
