// Benchmark program of a launch's fixed cost against the allocations a
// program holds: ALLOCS small allocations stay live while LAUNCHES launches
// of a small kernel (one block of 64 threads) use only one of them.
//   allocs [ALLOCS [LAUNCHES]]     (default 10000 allocations, 2000 launches)
#include <cstdio>
#include <cstdlib>
#include <vector>

__global__ void bump(int *v) { v[threadIdx.x] += 1; }

int main(int argc, char **argv) {
  int na = argc > 1 ? atoi(argv[1]) : 10000, nl = argc > 2 ? atoi(argv[2]) : 2000;
  std::vector<int *> held(na > 0 ? na : 1);
  for (int i = 0; i < na; i++) cudaMalloc(&held[i], 256);
  int *v;
  cudaMalloc(&v, 64 * sizeof(int));
  cudaMemset(v, 0, 64 * sizeof(int));
  for (int i = 0; i < nl; i++) bump<<<1, 64>>>(v);
  int h[64];
  cudaMemcpy(h, v, sizeof h, cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < 64; i++) wrong += h[i] != nl;
  for (int i = 0; i < na; i++) cudaFree(held[i]);
  printf("allocs %d, launches %d: %d wrong\n", na, nl, wrong);
  return wrong != 0;
}
