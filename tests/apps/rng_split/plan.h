// The plan of the Monte Carlo program, shared by its .cu and .cpp files:
// the host file sees the generator state type (curand_kernel.h on the host).
#pragma once
#include <curand_kernel.h>
struct plan {
  int paths, steps;
  curandState *states; // device memory, one state per path
  float *ends;         // device memory, each path's mean step
};
void run_paths(plan *p, unsigned long long seed);
