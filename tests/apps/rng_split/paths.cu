// Kernels of a Monte Carlo program split into .cu and .cpp files (the .cpp
// holds the generator states in its own plan structure): per-path states
// seeded with curand_init, then paths of uniform steps.
#include <curand_kernel.h>
#include "plan.h"

__global__ void seed_paths(curandState *st, unsigned long long seed, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) curand_init(seed, i, 0, &st[i]);
}
__global__ void walk(curandState *st, float *end, int n, int steps) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  curandState s = st[i];
  float x = 0;
  for (int k = 0; k < steps; k++) x += curand_uniform(&s);
  st[i] = s;
  end[i] = x / steps;
}

void run_paths(plan *p, unsigned long long seed) {
  int blocks = (p->paths + 127) / 128;
  seed_paths<<<blocks, 128>>>(p->states, seed, p->paths);
  walk<<<blocks, 128>>>(p->states, p->ends, p->paths, p->steps);
}
