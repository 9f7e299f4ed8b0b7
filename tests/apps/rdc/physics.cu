// The device side of the particle model (relocatable device code): called
// from main.cu's kernels.
#include "physics.h"

__device__ unsigned long long steps_taken;
__constant__ float stiffness;

__device__ float accel(float x, float v) { return -stiffness * x - 0.5f * v; }

__device__ void add_energy(float *total, float e) { *total = *total + e; }

void set_stiffness(float k) { cudaMemcpyToSymbol(stiffness, &k, sizeof k); }

unsigned long long get_steps() {
  unsigned long long n = 0;
  cudaMemcpyFromSymbol(&n, steps_taken, sizeof n);
  return n;
}
