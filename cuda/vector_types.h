/* simulee CUDA headers: the built-in vector types and dim3.
 *
 * Every vector type is a plain aggregate (brace initialisation works) with
 * members x, y, z, w as CUDA defines them; the 2- and 4-element types carry
 * the alignment CUDA gives them so that vector loads (float4, int2, ...)
 * have the same layout as on a GPU. */
#ifndef SIMULEE_CUDA_VECTOR_TYPES_H
#define SIMULEE_CUDA_VECTOR_TYPES_H
/* NVIDIA's include guard for this header's contents (code tests them) */
#ifndef __VECTOR_TYPES_H__
#define __VECTOR_TYPES_H__
#endif

#include "host_defines.h"

/* __SIM_VEC(name, type, align1, align2, align4): name##1 .. name##4.
 * The 3-element types keep the natural alignment of their element. */
#define __SIM_VEC(N, T, A1, A2, A4)                                            \
  struct __align__(A1) N##1 {                                                  \
    T x;                                                                       \
  };                                                                           \
  struct __align__(A2) N##2 {                                                  \
    T x, y;                                                                    \
  };                                                                           \
  struct N##3 {                                                                \
    T x, y, z;                                                                 \
  };                                                                           \
  struct __align__(A4) N##4 {                                                  \
    T x, y, z, w;                                                              \
  };                                                                           \
  typedef struct N##1 N##1;                                                    \
  typedef struct N##2 N##2;                                                    \
  typedef struct N##3 N##3;                                                    \
  typedef struct N##4 N##4;

__SIM_VEC(char, signed char, 1, 2, 4)
__SIM_VEC(uchar, unsigned char, 1, 2, 4)
__SIM_VEC(short, short, 2, 4, 8)
__SIM_VEC(ushort, unsigned short, 2, 4, 8)
__SIM_VEC(int, int, 4, 8, 16)
__SIM_VEC(uint, unsigned int, 4, 8, 16)
__SIM_VEC(long, long, 8, 16, 16)
__SIM_VEC(ulong, unsigned long, 8, 16, 16)
__SIM_VEC(longlong, long long, 8, 16, 16)
__SIM_VEC(ulonglong, unsigned long long, 8, 16, 16)
__SIM_VEC(float, float, 4, 8, 16)
__SIM_VEC(double, double, 8, 16, 16)
#undef __SIM_VEC

/* dim3: a launch shape; missing extents default to 1. Converts from and to
 * uint3 as in CUDA, and from the built-in variables. */
struct dim3 {
  unsigned int x; /* extent in x */
  unsigned int y; /* extent in y */
  unsigned int z; /* extent in z */
#ifdef __cplusplus
  __host__ __device__ __SIM_INL constexpr dim3(unsigned int vx = 1,
                                               unsigned int vy = 1,
                                               unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ __SIM_INL constexpr dim3(uint3 v)
      : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ __SIM_INL constexpr operator uint3() const {
    return uint3{x, y, z};
  }
  /* from threadIdx, blockIdx, blockDim or gridDim (device_launch_parameters.h):
   * one converting constructor, so that dim3 d(blockDim) is never ambiguous */
  template <typename B, typename = decltype(B::__sim_get_z())>
  __host__ __device__ __SIM_INL dim3(const B &)
      : x(B::__sim_get_x()), y(B::__sim_get_y()), z(B::__sim_get_z()) {}
#endif
};
typedef struct dim3 dim3;

#endif
