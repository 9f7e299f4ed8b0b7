/* simulee CUDA headers: bfloat16 (__nv_bfloat16, __nv_bfloat162).
 *
 * Written for simulee from the CUDA Math API documentation. A bfloat16 is
 * the upper 16 bits of an IEEE binary32 value (8 exponent bits, 8
 * significand bits). Conversions are integer code, the same on host and
 * device: float to bfloat16 rounds to nearest even (a NaN becomes the
 * canonical 0x7fff with the input's sign dropped), bfloat16 to float is
 * exact. Arithmetic is done in single precision and rounded once to
 * bfloat16: float carries more than 2*8+2 significand bits, so +, -, *, /
 * and sqrt give the correctly rounded bfloat16 result. */
#ifndef SIMULEE_CUDA_BF16_H
#define SIMULEE_CUDA_BF16_H

#include "cuda_runtime.h"
#include "cuda_fp16.h"

#ifndef __CUDA_BF16_H__
#define __CUDA_BF16_H__
#endif
#ifndef __CUDA_BF16_TYPES_EXIST__
#define __CUDA_BF16_TYPES_EXIST__
#endif

typedef struct __nv_bfloat16_raw {
  unsigned short x; /* the 16 bits */
} __nv_bfloat16_raw;
typedef struct __nv_bfloat162_raw {
  unsigned short x; /* low */
  unsigned short y; /* high */
} __nv_bfloat162_raw;

#ifndef __cplusplus
/* a C file: the types only, as NVIDIA's header gives C */
typedef struct __align__(2) { unsigned short __x; } __nv_bfloat16;
typedef struct __align__(4) { __nv_bfloat16 x, y; } __nv_bfloat162;
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;
#else

/* float <-> bfloat16 bits, round to nearest even */
__SIM_HD unsigned short __sim_f2bf_bits(float f) {
  unsigned int u = __builtin_bit_cast(unsigned int, f);
  if ((u & 0x7fffffffu) > 0x7f800000u)
    return 0x7fff;
  u += 0x7fffu + ((u >> 16) & 1u);
  return (unsigned short)(u >> 16);
}
/* float -> bfloat16 bits rounding toward zero, down and up */
__SIM_HD unsigned short __sim_f2bf_bits_dir(float f, int dir) {
  unsigned int u = __builtin_bit_cast(unsigned int, f);
  if ((u & 0x7fffffffu) > 0x7f800000u)
    return 0x7fff;
  unsigned short t = (unsigned short)(u >> 16);
  if ((u & 0xffffu) == 0 || dir == 0)
    return t;
  int neg = (u >> 31) != 0;
  /* dir 1: toward +inf, -1: toward -inf; magnitude grows when the
   * direction points away from zero */
  if ((dir > 0 && !neg) || (dir < 0 && neg))
    return (unsigned short)(t + 1);
  return t;
}
__SIM_HD float __sim_bf_bits2f(unsigned short b) {
  return __builtin_bit_cast(float, (unsigned int)b << 16);
}

struct __align__(2) __nv_bfloat16 {
  unsigned short __x; /* the 16 bits */
  __nv_bfloat16() = default;
  __host__ __device__ __SIM_INL constexpr __nv_bfloat16(
      const __nv_bfloat16_raw &r)
      : __x(r.x) {}
  __host__ __device__ __SIM_INL __nv_bfloat16(float f)
      : __x(__sim_f2bf_bits(f)) {}
  __host__ __device__ __SIM_INL __nv_bfloat16(double d)
      : __x(__sim_f2bf_bits((float)d)) {}
  __host__ __device__ __SIM_INL __nv_bfloat16(int i)
      : __x(__sim_f2bf_bits((float)i)) {}
  __host__ __device__ __SIM_INL __nv_bfloat16(unsigned int i)
      : __x(__sim_f2bf_bits((float)i)) {}
  __host__ __device__ __SIM_INL __nv_bfloat16(long long i)
      : __x(__sim_f2bf_bits((float)i)) {}
  __host__ __device__ __SIM_INL __nv_bfloat16(unsigned long long i)
      : __x(__sim_f2bf_bits((float)i)) {}
  __host__ __device__ __SIM_INL __nv_bfloat16(short i)
      : __x(__sim_f2bf_bits((float)i)) {}
  __host__ __device__ __SIM_INL __nv_bfloat16(unsigned short i)
      : __x(__sim_f2bf_bits((float)i)) {}
  __host__ __device__ __SIM_INL operator float() const {
    return __sim_bf_bits2f(__x);
  }
  __host__ __device__ __SIM_INL operator __nv_bfloat16_raw() const {
    return __nv_bfloat16_raw{__x};
  }
  __host__ __device__ __SIM_INL __nv_bfloat16 &operator=(float f) {
    __x = __sim_f2bf_bits(f);
    return *this;
  }
  __host__ __device__ __SIM_INL __nv_bfloat16 &operator=(double d) {
    __x = __sim_f2bf_bits((float)d);
    return *this;
  }
  __host__ __device__ __SIM_INL __nv_bfloat16 &
  operator=(const __nv_bfloat16_raw &r) {
    __x = r.x;
    return *this;
  }
};
typedef struct __nv_bfloat16 nv_bfloat16;

struct __align__(4) __nv_bfloat162 {
  __nv_bfloat16 x; /* low */
  __nv_bfloat16 y; /* high */
  __nv_bfloat162() = default;
  __host__ __device__ __SIM_INL __nv_bfloat162(__nv_bfloat16 a,
                                               __nv_bfloat16 b)
      : x(a), y(b) {}
  __host__ __device__ __SIM_INL __nv_bfloat162(const __nv_bfloat162_raw &r) {
    x.__x = r.x;
    y.__x = r.y;
  }
  __host__ __device__ __SIM_INL operator __nv_bfloat162_raw() const {
    return __nv_bfloat162_raw{x.__x, y.__x};
  }
};
typedef struct __nv_bfloat162 nv_bfloat162;

/* ---- conversions */
__SIM_HD __nv_bfloat16 __sim_bf_make(unsigned short b) {
  __nv_bfloat16 h;
  h.__x = b;
  return h;
}
#define __SIM_BF(x) __sim_bf_bits2f((x).__x)
__SIM_HD __nv_bfloat16 __float2bfloat16(float f) {
  return __sim_bf_make(__sim_f2bf_bits(f));
}
__SIM_HD __nv_bfloat16 __float2bfloat16_rn(float f) {
  return __float2bfloat16(f);
}
__SIM_HD float __bfloat162float(__nv_bfloat16 h) { return __SIM_BF(h); }
__SIM_HD __nv_bfloat16 __double2bfloat16(double d) {
  return __float2bfloat16((float)d);
}
__SIM_HD unsigned short __bfloat16_as_ushort(__nv_bfloat16 h) { return h.__x; }
__SIM_HD short __bfloat16_as_short(__nv_bfloat16 h) { return (short)h.__x; }
__SIM_HD __nv_bfloat16 __ushort_as_bfloat16(unsigned short b) {
  return __sim_bf_make(b);
}
__SIM_HD __nv_bfloat16 __short_as_bfloat16(short b) {
  return __sim_bf_make((unsigned short)b);
}
__SIM_HD __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 lo,
                                           __nv_bfloat16 hi) {
  return __nv_bfloat162(lo, hi);
}
__SIM_HD __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 h) {
  return __nv_bfloat162(h, h);
}
__SIM_HD __nv_bfloat162 __floats2bfloat162_rn(float lo, float hi) {
  return __nv_bfloat162(__float2bfloat16(lo), __float2bfloat16(hi));
}
__SIM_HD __nv_bfloat162 __float2bfloat162_rn(float f) {
  return __floats2bfloat162_rn(f, f);
}
__SIM_HD __nv_bfloat162 __float22bfloat162_rn(float2 f) {
  return __floats2bfloat162_rn(f.x, f.y);
}
__SIM_HD float2 __bfloat1622float2(__nv_bfloat162 h) {
  return make_float2(__SIM_BF(h.x), __SIM_BF(h.y));
}
__SIM_HD __nv_bfloat16 __low2bfloat16(__nv_bfloat162 h) { return h.x; }
__SIM_HD __nv_bfloat16 __high2bfloat16(__nv_bfloat162 h) { return h.y; }
__SIM_HD float __low2float(__nv_bfloat162 h) { return __SIM_BF(h.x); }
__SIM_HD float __high2float(__nv_bfloat162 h) { return __SIM_BF(h.y); }
__SIM_HD __nv_bfloat162 __lows2bfloat162(__nv_bfloat162 a,
                                         __nv_bfloat162 b) {
  return __nv_bfloat162(a.x, b.x);
}
__SIM_HD __nv_bfloat162 __highs2bfloat162(__nv_bfloat162 a,
                                          __nv_bfloat162 b) {
  return __nv_bfloat162(a.y, b.y);
}

/* ---- arithmetic (single precision, rounded once to bfloat16) */
__SIM_HD __nv_bfloat16 __hadd(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __float2bfloat16(__SIM_BF(a) + __SIM_BF(b));
}
__SIM_HD __nv_bfloat16 __hsub(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __float2bfloat16(__SIM_BF(a) - __SIM_BF(b));
}
__SIM_HD __nv_bfloat16 __hmul(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __float2bfloat16(__SIM_BF(a) * __SIM_BF(b));
}
__SIM_HD __nv_bfloat16 __hdiv(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __float2bfloat16(__SIM_BF(a) / __SIM_BF(b));
}
/* the float product of two bfloat16 values is exact */
__SIM_HD __nv_bfloat16 __hfma(__nv_bfloat16 a, __nv_bfloat16 b,
                              __nv_bfloat16 c) {
  return __float2bfloat16(
      __builtin_fmaf(__SIM_BF(a), __SIM_BF(b), __SIM_BF(c)));
}
__SIM_HD __nv_bfloat16 __hneg(__nv_bfloat16 a) {
  return __sim_bf_make(a.__x ^ 0x8000u);
}
__SIM_HD __nv_bfloat16 __habs(__nv_bfloat16 a) {
  return __sim_bf_make(a.__x & 0x7fffu);
}
__SIM_HD __nv_bfloat16 __hmax(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __float2bfloat16(__builtin_fmaxf(__SIM_BF(a), __SIM_BF(b)));
}
__SIM_HD __nv_bfloat16 __hmin(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __float2bfloat16(__builtin_fminf(__SIM_BF(a), __SIM_BF(b)));
}
__SIM_HD bool __heq(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __SIM_BF(a) == __SIM_BF(b);
}
__SIM_HD bool __hne(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __SIM_BF(a) != __SIM_BF(b);
}
__SIM_HD bool __hlt(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __SIM_BF(a) < __SIM_BF(b);
}
__SIM_HD bool __hle(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __SIM_BF(a) <= __SIM_BF(b);
}
__SIM_HD bool __hgt(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __SIM_BF(a) > __SIM_BF(b);
}
__SIM_HD bool __hge(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __SIM_BF(a) >= __SIM_BF(b);
}
__SIM_HD bool __hisnan(__nv_bfloat16 a) { return (a.__x & 0x7fffu) > 0x7f80u; }
__SIM_HD int __hisinf(__nv_bfloat16 a) {
  return (a.__x & 0x7fffu) == 0x7f80u ? ((a.__x & 0x8000u) ? -1 : 1) : 0;
}
__SIM_HD __nv_bfloat16 hsqrt(__nv_bfloat16 a) {
  return __float2bfloat16(__builtin_sqrtf(__SIM_BF(a)));
}

#define __SIM_BF2(NAME, OP)                                                    \
  __SIM_HD __nv_bfloat162 NAME(__nv_bfloat162 a, __nv_bfloat162 b) {           \
    return __nv_bfloat162(OP(a.x, b.x), OP(a.y, b.y));                         \
  }
__SIM_BF2(__hadd2, __hadd)
__SIM_BF2(__hsub2, __hsub)
__SIM_BF2(__hmul2, __hmul)
__SIM_BF2(__h2div, __hdiv)
__SIM_BF2(__hmax2, __hmax)
__SIM_BF2(__hmin2, __hmin)
#undef __SIM_BF2
__SIM_HD __nv_bfloat162 __hfma2(__nv_bfloat162 a, __nv_bfloat162 b,
                                __nv_bfloat162 c) {
  return __nv_bfloat162(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y));
}
__SIM_HD __nv_bfloat162 __hneg2(__nv_bfloat162 a) {
  return __nv_bfloat162(__hneg(a.x), __hneg(a.y));
}

/* C++ operators */
__SIM_HD __nv_bfloat16 operator+(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __hadd(a, b);
}
__SIM_HD __nv_bfloat16 operator-(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __hsub(a, b);
}
__SIM_HD __nv_bfloat16 operator*(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __hmul(a, b);
}
__SIM_HD __nv_bfloat16 operator/(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __hdiv(a, b);
}
__SIM_HD __nv_bfloat16 operator-(__nv_bfloat16 a) { return __hneg(a); }
__SIM_HD __nv_bfloat16 &operator+=(__nv_bfloat16 &a, __nv_bfloat16 b) {
  return a = __hadd(a, b);
}
__SIM_HD __nv_bfloat16 &operator-=(__nv_bfloat16 &a, __nv_bfloat16 b) {
  return a = __hsub(a, b);
}
__SIM_HD __nv_bfloat16 &operator*=(__nv_bfloat16 &a, __nv_bfloat16 b) {
  return a = __hmul(a, b);
}
__SIM_HD __nv_bfloat16 &operator/=(__nv_bfloat16 &a, __nv_bfloat16 b) {
  return a = __hdiv(a, b);
}
__SIM_HD bool operator==(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __heq(a, b);
}
__SIM_HD bool operator!=(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __hne(a, b);
}
__SIM_HD bool operator<(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __hlt(a, b);
}
__SIM_HD bool operator<=(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __hle(a, b);
}
__SIM_HD bool operator>(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __hgt(a, b);
}
__SIM_HD bool operator>=(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __hge(a, b);
}
__SIM_HD __nv_bfloat162 operator+(__nv_bfloat162 a, __nv_bfloat162 b) {
  return __hadd2(a, b);
}
__SIM_HD __nv_bfloat162 operator-(__nv_bfloat162 a, __nv_bfloat162 b) {
  return __hsub2(a, b);
}
__SIM_HD __nv_bfloat162 operator*(__nv_bfloat162 a, __nv_bfloat162 b) {
  return __hmul2(a, b);
}
__SIM_HD __nv_bfloat162 operator/(__nv_bfloat162 a, __nv_bfloat162 b) {
  return __h2div(a, b);
}
#undef __SIM_BF

/* ---- conversions in every rounding mode (cuda_fp16.h's helpers) */
__SIM_D2B16(__sim_d2bfloat16_bits, __sim_f2bf_bits, __sim_bf_bits2f)
__SIM_HD int __bfloat162int_rn(__nv_bfloat16 h) { return __sim_to_int(__sim_bf_bits2f(h.__x), 0); }
__SIM_HD int __bfloat162int_rz(__nv_bfloat16 h) { return __sim_to_int(__sim_bf_bits2f(h.__x), 1); }
__SIM_HD int __bfloat162int_rd(__nv_bfloat16 h) { return __sim_to_int(__sim_bf_bits2f(h.__x), 2); }
__SIM_HD int __bfloat162int_ru(__nv_bfloat16 h) { return __sim_to_int(__sim_bf_bits2f(h.__x), 3); }
__SIM_HD unsigned int __bfloat162uint_rn(__nv_bfloat16 h) { return __sim_to_uint(__sim_bf_bits2f(h.__x), 0); }
__SIM_HD unsigned int __bfloat162uint_rz(__nv_bfloat16 h) { return __sim_to_uint(__sim_bf_bits2f(h.__x), 1); }
__SIM_HD unsigned int __bfloat162uint_rd(__nv_bfloat16 h) { return __sim_to_uint(__sim_bf_bits2f(h.__x), 2); }
__SIM_HD unsigned int __bfloat162uint_ru(__nv_bfloat16 h) { return __sim_to_uint(__sim_bf_bits2f(h.__x), 3); }
__SIM_HD short __bfloat162short_rn(__nv_bfloat16 h) { return __sim_to_short(__sim_bf_bits2f(h.__x), 0); }
__SIM_HD short __bfloat162short_rz(__nv_bfloat16 h) { return __sim_to_short(__sim_bf_bits2f(h.__x), 1); }
__SIM_HD short __bfloat162short_rd(__nv_bfloat16 h) { return __sim_to_short(__sim_bf_bits2f(h.__x), 2); }
__SIM_HD short __bfloat162short_ru(__nv_bfloat16 h) { return __sim_to_short(__sim_bf_bits2f(h.__x), 3); }
__SIM_HD unsigned short __bfloat162ushort_rn(__nv_bfloat16 h) { return __sim_to_ushort(__sim_bf_bits2f(h.__x), 0); }
__SIM_HD unsigned short __bfloat162ushort_rz(__nv_bfloat16 h) { return __sim_to_ushort(__sim_bf_bits2f(h.__x), 1); }
__SIM_HD unsigned short __bfloat162ushort_rd(__nv_bfloat16 h) { return __sim_to_ushort(__sim_bf_bits2f(h.__x), 2); }
__SIM_HD unsigned short __bfloat162ushort_ru(__nv_bfloat16 h) { return __sim_to_ushort(__sim_bf_bits2f(h.__x), 3); }
__SIM_HD long long __bfloat162ll_rn(__nv_bfloat16 h) { return __sim_to_ll(__sim_bf_bits2f(h.__x), 0); }
__SIM_HD long long __bfloat162ll_rz(__nv_bfloat16 h) { return __sim_to_ll(__sim_bf_bits2f(h.__x), 1); }
__SIM_HD long long __bfloat162ll_rd(__nv_bfloat16 h) { return __sim_to_ll(__sim_bf_bits2f(h.__x), 2); }
__SIM_HD long long __bfloat162ll_ru(__nv_bfloat16 h) { return __sim_to_ll(__sim_bf_bits2f(h.__x), 3); }
__SIM_HD unsigned long long __bfloat162ull_rn(__nv_bfloat16 h) { return __sim_to_ull(__sim_bf_bits2f(h.__x), 0); }
__SIM_HD unsigned long long __bfloat162ull_rz(__nv_bfloat16 h) { return __sim_to_ull(__sim_bf_bits2f(h.__x), 1); }
__SIM_HD unsigned long long __bfloat162ull_rd(__nv_bfloat16 h) { return __sim_to_ull(__sim_bf_bits2f(h.__x), 2); }
__SIM_HD unsigned long long __bfloat162ull_ru(__nv_bfloat16 h) { return __sim_to_ull(__sim_bf_bits2f(h.__x), 3); }
__SIM_HD signed char __bfloat162char_rz(__nv_bfloat16 h) { return __sim_to_char(__sim_bf_bits2f(h.__x), 1); }
__SIM_HD unsigned char __bfloat162uchar_rz(__nv_bfloat16 h) { return __sim_to_uchar(__sim_bf_bits2f(h.__x), 1); }
__SIM_HD __nv_bfloat16 __int2bfloat16_rn(int i) { return __sim_bf_make(__sim_d2bfloat16_bits((double)i, 0)); }
__SIM_HD __nv_bfloat16 __int2bfloat16_rz(int i) { return __sim_bf_make(__sim_d2bfloat16_bits((double)i, 1)); }
__SIM_HD __nv_bfloat16 __int2bfloat16_rd(int i) { return __sim_bf_make(__sim_d2bfloat16_bits((double)i, 2)); }
__SIM_HD __nv_bfloat16 __int2bfloat16_ru(int i) { return __sim_bf_make(__sim_d2bfloat16_bits((double)i, 3)); }
__SIM_HD __nv_bfloat16 __uint2bfloat16_rn(unsigned int i) { return __sim_bf_make(__sim_d2bfloat16_bits((double)i, 0)); }
__SIM_HD __nv_bfloat16 __uint2bfloat16_rz(unsigned int i) { return __sim_bf_make(__sim_d2bfloat16_bits((double)i, 1)); }
__SIM_HD __nv_bfloat16 __uint2bfloat16_rd(unsigned int i) { return __sim_bf_make(__sim_d2bfloat16_bits((double)i, 2)); }
__SIM_HD __nv_bfloat16 __uint2bfloat16_ru(unsigned int i) { return __sim_bf_make(__sim_d2bfloat16_bits((double)i, 3)); }
__SIM_HD __nv_bfloat16 __short2bfloat16_rn(short i) { return __sim_bf_make(__sim_d2bfloat16_bits((double)i, 0)); }
__SIM_HD __nv_bfloat16 __short2bfloat16_rz(short i) { return __sim_bf_make(__sim_d2bfloat16_bits((double)i, 1)); }
__SIM_HD __nv_bfloat16 __short2bfloat16_rd(short i) { return __sim_bf_make(__sim_d2bfloat16_bits((double)i, 2)); }
__SIM_HD __nv_bfloat16 __short2bfloat16_ru(short i) { return __sim_bf_make(__sim_d2bfloat16_bits((double)i, 3)); }
__SIM_HD __nv_bfloat16 __ushort2bfloat16_rn(unsigned short i) { return __sim_bf_make(__sim_d2bfloat16_bits((double)i, 0)); }
__SIM_HD __nv_bfloat16 __ushort2bfloat16_rz(unsigned short i) { return __sim_bf_make(__sim_d2bfloat16_bits((double)i, 1)); }
__SIM_HD __nv_bfloat16 __ushort2bfloat16_rd(unsigned short i) { return __sim_bf_make(__sim_d2bfloat16_bits((double)i, 2)); }
__SIM_HD __nv_bfloat16 __ushort2bfloat16_ru(unsigned short i) { return __sim_bf_make(__sim_d2bfloat16_bits((double)i, 3)); }
__SIM_HD __nv_bfloat16 __ll2bfloat16_rn(long long i) { return __sim_bf_make(__sim_d2bfloat16_bits((double)i, 0)); }
__SIM_HD __nv_bfloat16 __ll2bfloat16_rz(long long i) { return __sim_bf_make(__sim_d2bfloat16_bits((double)i, 1)); }
__SIM_HD __nv_bfloat16 __ll2bfloat16_rd(long long i) { return __sim_bf_make(__sim_d2bfloat16_bits((double)i, 2)); }
__SIM_HD __nv_bfloat16 __ll2bfloat16_ru(long long i) { return __sim_bf_make(__sim_d2bfloat16_bits((double)i, 3)); }
__SIM_HD __nv_bfloat16 __ull2bfloat16_rn(unsigned long long i) { return __sim_bf_make(__sim_d2bfloat16_bits((double)i, 0)); }
__SIM_HD __nv_bfloat16 __ull2bfloat16_rz(unsigned long long i) { return __sim_bf_make(__sim_d2bfloat16_bits((double)i, 1)); }
__SIM_HD __nv_bfloat16 __ull2bfloat16_rd(unsigned long long i) { return __sim_bf_make(__sim_d2bfloat16_bits((double)i, 2)); }
__SIM_HD __nv_bfloat16 __ull2bfloat16_ru(unsigned long long i) { return __sim_bf_make(__sim_d2bfloat16_bits((double)i, 3)); }
__SIM_HD __nv_bfloat16 __float2bfloat16_rz(float f) { return __sim_bf_make(__sim_d2bfloat16_bits(f, 1)); }
__SIM_HD __nv_bfloat16 __float2bfloat16_rd(float f) { return __sim_bf_make(__sim_d2bfloat16_bits(f, 2)); }
__SIM_HD __nv_bfloat16 __float2bfloat16_ru(float f) { return __sim_bf_make(__sim_d2bfloat16_bits(f, 3)); }
__SIM_HD __nv_bfloat162 make_bfloat162(__nv_bfloat16 x, __nv_bfloat16 y) { return __nv_bfloat162(x, y); }

/* device code only */
#ifndef __SIMULEE_HOST_COMPILER
/* ---- warp shuffles: the 16 (32) bits travel as an int */
#define __SIM_BFSHFL(NAME, LANE_T)                                             \
  __SIM_DEV __nv_bfloat16 NAME(unsigned int mask, __nv_bfloat16 v, LANE_T l,   \
                               int width = 32) {                               \
    return __sim_bf_make(                                                      \
        (unsigned short)NAME(mask, (unsigned int)v.__x, l, width));            \
  }                                                                            \
  __SIM_DEV __nv_bfloat162 NAME(unsigned int mask, __nv_bfloat162 v, LANE_T l, \
                                int width = 32) {                              \
    unsigned int b =                                                           \
        NAME(mask, __builtin_bit_cast(unsigned int, v), l, width);             \
    return __builtin_bit_cast(__nv_bfloat162, b);                              \
  }
__SIM_BFSHFL(__shfl_sync, int)
__SIM_BFSHFL(__shfl_up_sync, unsigned int)
__SIM_BFSHFL(__shfl_down_sync, unsigned int)
__SIM_BFSHFL(__shfl_xor_sync, int)
#undef __SIM_BFSHFL

/* ---- atomics: compare-and-swap loops on the 16 / 32 bits (the first read
 * an atomic load, as the CAS's own: the loop never races with another
 * thread's atomic on the word) */
__SIM_DEV __nv_bfloat16 atomicAdd(__nv_bfloat16 *p, __nv_bfloat16 v) {
  unsigned short *bits = (unsigned short *)p;
  unsigned short old = __atomic_load_n(bits, __ATOMIC_RELAXED), seen;
  do {
    seen = old;
    old = atomicCAS(bits, seen, __hadd(__sim_bf_make(seen), v).__x);
  } while (old != seen);
  return __sim_bf_make(old);
}
__SIM_DEV __nv_bfloat162 atomicAdd(__nv_bfloat162 *p, __nv_bfloat162 v) {
  unsigned int *bits = (unsigned int *)p;
  unsigned int old = __atomic_load_n(bits, __ATOMIC_RELAXED), seen;
  do {
    seen = old;
    __nv_bfloat162 sum = __hadd2(__builtin_bit_cast(__nv_bfloat162, seen), v);
    old = atomicCAS(bits, seen, __builtin_bit_cast(unsigned int, sum));
  } while (old != seen);
  return __builtin_bit_cast(__nv_bfloat162, old);
}

#endif /* !__SIMULEE_HOST_COMPILER */
#endif /* __cplusplus */
#endif
