/* simulee CUDA headers: make_<vector type> constructors (host and device). */
#ifndef SIMULEE_CUDA_VECTOR_FUNCTIONS_H
#define SIMULEE_CUDA_VECTOR_FUNCTIONS_H
/* NVIDIA's include guard for this header's contents (code tests them) */
#ifndef __VECTOR_FUNCTIONS_H__
#define __VECTOR_FUNCTIONS_H__
#endif

#include "vector_types.h"

#define __SIM_MAKE(N, T)                                                    \
  __SIM_HD N##1 make_##N##1(T x) { N##1 r; r.x = x; return r; }             \
  __SIM_HD N##2 make_##N##2(T x, T y) {                                     \
    N##2 r; r.x = x; r.y = y; return r;                                     \
  }                                                                         \
  __SIM_HD N##3 make_##N##3(T x, T y, T z) {                                \
    N##3 r; r.x = x; r.y = y; r.z = z; return r;                            \
  }                                                                         \
  __SIM_HD N##4 make_##N##4(T x, T y, T z, T w) {                           \
    N##4 r; r.x = x; r.y = y; r.z = z; r.w = w; return r;                   \
  }

__SIM_MAKE(char, signed char)
__SIM_MAKE(uchar, unsigned char)
__SIM_MAKE(short, short)
__SIM_MAKE(ushort, unsigned short)
__SIM_MAKE(int, int)
__SIM_MAKE(uint, unsigned int)
__SIM_MAKE(long, long)
__SIM_MAKE(ulong, unsigned long)
__SIM_MAKE(longlong, long long)
__SIM_MAKE(ulonglong, unsigned long long)
__SIM_MAKE(float, float)
__SIM_MAKE(double, double)
#undef __SIM_MAKE

#endif
