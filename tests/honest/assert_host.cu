// tests/honest/assert_host.cu: a program that launches a one-warp kernel
// with a block of two warps.
//
// Bug pattern: a launch that breaks the kernel's own precondition. The
// kernel asserts blockDim.x == 32; the host launches 64 threads per block:
// the failing assert is at a launch the program makes, so it is a finding
// (the automatic search would discard it on a launch of its own).
#include <cassert>
#include <cuda_runtime.h>

__global__ void lane_scale(float *v, float s) {
  assert(blockDim.x == 32);
  v[blockIdx.x * 32 + threadIdx.x] *= s;
}

int main() {
  float *d;
  cudaMalloc(&d, 256 * sizeof(float));
  lane_scale<<<4, 64>>>(d, 2.0f);
  cudaDeviceSynchronize();
  cudaFree(d);
  return 0;
}
