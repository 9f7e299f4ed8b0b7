/* simulee: minimal half precision support (storage type and conversions). */
#ifndef SIMULEE_CUDA_FP16_H
#define SIMULEE_CUDA_FP16_H
#include "cuda_runtime.h"
struct __align__(2) __half { unsigned short __x; };
typedef struct __half half;
struct __align__(4) __half2 { __half x, y; };
static __host__ __device__ inline __half __float2half(float f) { __half h; h.__x = __builtin_bit_cast(unsigned short, (_Float16)f); return h; }
static __host__ __device__ inline float __half2float(__half h) { return (float)__builtin_bit_cast(_Float16, h.__x); }
static __device__ inline __half __hadd(__half a, __half b) { return __float2half(__half2float(a) + __half2float(b)); }
static __device__ inline __half __hmul(__half a, __half b) { return __float2half(__half2float(a) * __half2float(b)); }
static __device__ inline __half __hsub(__half a, __half b) { return __float2half(__half2float(a) - __half2float(b)); }
#endif
