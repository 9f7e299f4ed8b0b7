// Compile test for simulee's CUDA headers: a kernel file that includes the
// usual C and C++ system headers itself and mixes CUDA built-ins with
// standard library calls on the device. Not a bug pattern. Device math must
// reach libdevice whichever spelling is used (sinf, sin(float), std::sin),
// never an LLVM libm intrinsic or a host libm call.
// EXPECT: @__nv_sinf(
// EXPECT: @__nv_sqrtf(
// EXPECT: @__nv_sqrt(
// EXPECT: @__nv_expf(
// EXPECT: @__nv_fabsf(
// EXPECT: @llvm.nvvm.shfl.sync.down.f32(
// EXPECT: @llvm.nvvm.read.ptx.sreg.tid.x(
// EXPECT: @vprintf(
// EXPECT: @__assertfail(
// EXPECT: atomicrmw add
// EXPECT: atomicrmw fadd
// REJECT: @llvm.sin.
// REJECT: @llvm.sqrt.
// REJECT: @llvm.exp.
// REJECT: @sinf(
// REJECT: @printf(
// REJECT: @__assert_fail(
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <cmath>
#include <cstdint>
#include <cassert>
#include <algorithm>
#include <cstdlib>
#include <climits>
#include <cfloat>
#include <limits>
#include <type_traits>
#include <utility>
#include <vector>

template <typename T> __device__ T warp_sum(T v) {
  for (int off = warpSize / 2; off > 0; off /= 2)
    v += __shfl_down_sync(0xffffffffu, v, off);
  return v;
}

__global__ void spread(const float *in, float *out, int *hits, size_t n) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  assert(n > 0);
  if (i >= n)
    return;
  float x = in[i];
  float y = sinf(x) + std::sin(x) + sin(x) + sqrtf(fabsf(x)) +
            std::sqrt(std::fabs(x)) + (float)sqrt((double)x * x) +
            std::exp(x) + expf(-x) + std::min(x, 1.0f) + std::max(0.0f, x) +
            std::abs(x) + fminf(x, FLT_MAX);
  int32_t k = (int32_t)std::min<size_t>(i, INT_MAX);
  uint64_t wide = (uint64_t)k * 3u;
  y += (float)(wide & 0xff) + (std::numeric_limits<float>::epsilon() * x);
  float s = warp_sum(y);
  if ((threadIdx.x & 31) == 0) {
    atomicAdd(hits, 1);
    atomicAdd(&out[n], s);
  }
  if (std::isnan(y) || isinf(y))
    printf("thread %u: bad value %f at %llu\n", threadIdx.x, (double)y,
           (unsigned long long)i);
  out[i] = y;
}

int main(void) {
  const size_t n = 1000;
  std::vector<float> host(n + 1, 0.5f);
  float *in, *out;
  int *hits;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, (n + 1) * sizeof(float));
  cudaMalloc(&hits, sizeof(int));
  cudaMemcpy(in, host.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(hits, 0, sizeof(int));
  int threads = 256;
  int blocks = (int)((n + threads - 1) / threads);
  spread<<<blocks, threads>>>(in, out, hits, n);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    fprintf(stderr, "kernel failed: %s\n",
            cudaGetErrorString(cudaGetLastError()));
    return EXIT_FAILURE;
  }
  cudaMemcpy(host.data(), out, (n + 1) * sizeof(float),
             cudaMemcpyDeviceToHost);
  std::sort(host.begin(), host.end());
  printf("%f %f\n", host.front(), sqrt(host.back()));
  cudaFree(in);
  cudaFree(out);
  cudaFree(hits);
  return 0;
}
