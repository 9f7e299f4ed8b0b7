/* Shared by the kernels (blend.cu) and the host files (main.cpp, io.c) of a
 * program split the way many CUDA projects are: kernels in a .cu file, the
 * driver in C++, an old helper in C. The helper below is __host__
 * __device__ only when nvcc compiles (the #ifdef __NVCC__ idiom of real
 * headers), so the host reference uses the very same formula. */
#ifndef BLEND_H
#define BLEND_H
#include <cuda_runtime.h>

#ifdef __NVCC__
#define BLEND_HD __host__ __device__
#else
#define BLEND_HD
#endif

static inline BLEND_HD float blend(float2 ab, float t) { return ab.x + (ab.y - ab.x) * t; }

#ifdef __cplusplus
extern "C" {
#endif
/* blend.cu: out[i] = blend(in[i], t) on the device; 0 or a CUDA error */
int blend_on_device(const float2 *in, float *out, int n, float t);
/* io.c: a round trip of n floats through device memory (C and the runtime
 * API); the number of values that came back changed */
int device_round_trip(float *values, int n);
#ifdef __cplusplus
}
#endif
#endif
