/* simulee CUDA headers: half precision (__half, __half2).
 *
 * A __half holds the 16 bits of an IEEE binary16 value. Conversions go
 * through libdevice (__nv_float2half_rn, __nv_half2float); arithmetic is done
 * in single precision and rounded back to half, which gives the correctly
 * rounded half result for +, -, *, / and sqrt (float has more than twice
 * the precision of half), so the simulated values match a GPU's. */
#ifndef SIMULEE_CUDA_FP16_H
#define SIMULEE_CUDA_FP16_H
/* NVIDIA's include guards for this header's contents (code tests them) */
#ifndef __CUDA_FP16_H__
#define __CUDA_FP16_H__
#endif
#ifndef __CUDA_FP16_TYPES_EXIST__
#define __CUDA_FP16_TYPES_EXIST__
#endif

#include "cuda_runtime.h"

struct __half_raw {
  unsigned short x; /* the 16 bits */
};
struct __half2_raw {
  unsigned short x; /* low half */
  unsigned short y; /* high half */
};

#ifndef __cplusplus
/* a C file: the types only, as NVIDIA's header gives C */
typedef struct __half_raw __half_raw;
typedef struct __half2_raw __half2_raw;
typedef struct __align__(2) { unsigned short __x; } __half;
typedef struct __align__(4) { __half x, y; } __half2;
typedef __half half;
typedef __half2 half2;
#else

/* float <-> half bits. Device code uses libdevice's conversions (what the
 * interpreter executes); host code (the host side of a .cu file, compiled
 * for launch hints) gets the same round-to-nearest-even conversion in
 * integer code, a NaN becoming the canonical 0x7fff. */
__SIM_HD unsigned short __sim_f2h_bits(float f) {
#ifdef __CUDA_ARCH__
  return __nv_float2half_rn(f);
#else
  unsigned int u = __builtin_bit_cast(unsigned int, f);
  unsigned int sign = (u >> 16) & 0x8000u, a = u & 0x7fffffffu;
  if (a > 0x7f800000u)
    return 0x7fff;
  if (a >= 0x477ff000u) /* rounds to infinity */
    return (unsigned short)(sign | 0x7c00u);
  if (a < 0x38800000u) { /* a half subnormal (or zero) */
    unsigned int e = a >> 23, m = (a & 0x7fffffu) | 0x800000u;
    unsigned int sh = 126u - e;
    if (e == 0 || sh > 24u)
      return (unsigned short)sign;
    unsigned int r = m >> sh, rem = m & ((1u << sh) - 1u), half = 1u << (sh - 1u);
    if (rem > half || (rem == half && (r & 1u)))
      r++;
    return (unsigned short)(sign | r);
  }
  unsigned int h = (a >> 13) - (112u << 10), rem = a & 0x1fffu;
  if (rem > 0x1000u || (rem == 0x1000u && (h & 1u)))
    h++;
  return (unsigned short)(sign | h);
#endif
}
__SIM_HD float __sim_h2f(unsigned short h) {
#ifdef __CUDA_ARCH__
  return __nv_half2float(h);
#else
  unsigned int sign = (unsigned int)(h & 0x8000u) << 16;
  unsigned int e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
  if (e == 31)
    return __builtin_bit_cast(float, sign | 0x7f800000u | (m << 13));
  if (e == 0) {
    float v = (float)m * 5.9604644775390625e-08f /* 2^-24 (no hex floats: C++14) */;
    return sign ? -v : v;
  }
  return __builtin_bit_cast(float, sign | ((e + 112u) << 23) | (m << 13));
#endif
}
/* the single-precision functions the half operations round from */
#ifdef __CUDA_ARCH__
#define __SIM_HM(f) __nv_##f
#define __sim_h_rsqrtf __nv_rsqrtf
#define __sim_h_rint_int __float2int_rn
#else
#define __SIM_HM(f) __builtin_##f
#define __sim_h_rsqrtf(x) (1.0f / __builtin_sqrtf(x))
#define __sim_h_rint_int(x) ((int)__builtin_rintf(x))
#endif

struct __half;
__SIM_HD __half __float2half(float f);
__SIM_HD float __half2float(__half h);

struct __align__(2) __half {
  unsigned short __x; /* the 16 bits */
  __half() = default;
  __host__ __device__ __SIM_INL constexpr __half(const __half_raw &r)
      : __x(r.x) {}
  __host__ __device__ __SIM_INL __half(float f) : __x(__sim_f2h_bits(f)) {}
  __host__ __device__ __SIM_INL __half(double d)
      : __x(__sim_f2h_bits((float)d)) {}
  __host__ __device__ __SIM_INL __half(int i)
      : __x(__sim_f2h_bits((float)i)) {}
  __host__ __device__ __SIM_INL __half(unsigned int i)
      : __x(__sim_f2h_bits((float)i)) {}
  __host__ __device__ __SIM_INL __half(long long i)
      : __x(__sim_f2h_bits((float)i)) {}
  __host__ __device__ __SIM_INL operator float() const {
    return __sim_h2f(__x);
  }
  __host__ __device__ __SIM_INL operator __half_raw() const {
    return __half_raw{__x};
  }
  __host__ __device__ __SIM_INL __half &operator=(float f) {
    __x = __sim_f2h_bits(f);
    return *this;
  }
};
typedef struct __half half;

struct __align__(4) __half2 {
  __half x; /* low half */
  __half y; /* high half */
  __half2() = default;
  __host__ __device__ __SIM_INL __half2(__half a, __half b) : x(a), y(b) {}
  __host__ __device__ __SIM_INL __half2(const __half2_raw &r) {
    x.__x = r.x;
    y.__x = r.y;
  }
  __host__ __device__ __SIM_INL operator __half2_raw() const {
    return __half2_raw{x.__x, y.__x};
  }
};
typedef struct __half2 half2;

/* ---- conversions */
__SIM_HD __half __sim_half_bits(unsigned short b) {
  __half h;
  h.__x = b;
  return h;
}
__SIM_HD __half __float2half(float f) {
  return __sim_half_bits(__sim_f2h_bits(f));
}
__SIM_HD __half __float2half_rn(float f) { return __float2half(f); }
__SIM_HD __half __double2half(double d) { return __float2half((float)d); }
__SIM_HD float __half2float(__half h) { return __sim_h2f(h.__x); }
__SIM_HD unsigned short __half_as_ushort(__half h) { return h.__x; }
__SIM_HD short __half_as_short(__half h) { return (short)h.__x; }
__SIM_HD __half __ushort_as_half(unsigned short b) {
  return __sim_half_bits(b);
}
__SIM_HD __half __short_as_half(short b) {
  return __sim_half_bits((unsigned short)b);
}
__SIM_HD __half2 __halves2half2(__half lo, __half hi) {
  return __half2(lo, hi);
}
__SIM_HD __half2 __floats2half2_rn(float lo, float hi) {
  return __half2(__float2half(lo), __float2half(hi));
}
__SIM_HD __half2 __float2half2_rn(float f) {
  return __half2(__float2half(f), __float2half(f));
}
__SIM_HD __half2 __half2half2(__half h) { return __half2(h, h); }
__SIM_HD __half2 __float22half2_rn(float2 f) {
  return __floats2half2_rn(f.x, f.y);
}
__SIM_HD float2 __half22float2(__half2 h) {
  return make_float2(__half2float(h.x), __half2float(h.y));
}
__SIM_HD __half __low2half(__half2 h) { return h.x; }
__SIM_HD __half __high2half(__half2 h) { return h.y; }
__SIM_HD float __low2float(__half2 h) { return __half2float(h.x); }
__SIM_HD float __high2float(__half2 h) { return __half2float(h.y); }
__SIM_HD __half2 __lows2half2(__half2 a, __half2 b) {
  return __half2(a.x, b.x);
}
__SIM_HD __half2 __highs2half2(__half2 a, __half2 b) {
  return __half2(a.y, b.y);
}

/* ---- arithmetic (single precision, rounded to half) */
#define __SIM_H(x) __half2float(x)
__SIM_HD __half __hadd(__half a, __half b) {
  return __float2half(__SIM_H(a) + __SIM_H(b));
}
__SIM_HD __half __hsub(__half a, __half b) {
  return __float2half(__SIM_H(a) - __SIM_H(b));
}
__SIM_HD __half __hmul(__half a, __half b) {
  return __float2half(__SIM_H(a) * __SIM_H(b));
}
__SIM_HD __half __hdiv(__half a, __half b) {
  return __float2half(__SIM_H(a) / __SIM_H(b));
}
/* a*b+c with one rounding: the float product of two halves is exact */
__SIM_HD __half __hfma(__half a, __half b, __half c) {
  return __float2half(__SIM_HM(fmaf)(__SIM_H(a), __SIM_H(b), __SIM_H(c)));
}
__SIM_HD __half __hneg(__half a) { return __sim_half_bits(a.__x ^ 0x8000u); }
__SIM_HD __half __habs(__half a) { return __sim_half_bits(a.__x & 0x7fffu); }
__SIM_HD __half __hmax(__half a, __half b) {
  return __float2half(__SIM_HM(fmaxf)(__SIM_H(a), __SIM_H(b)));
}
__SIM_HD __half __hmin(__half a, __half b) {
  return __float2half(__SIM_HM(fminf)(__SIM_H(a), __SIM_H(b)));
}
__SIM_HD bool __heq(__half a, __half b) { return __SIM_H(a) == __SIM_H(b); }
__SIM_HD bool __hne(__half a, __half b) { return __SIM_H(a) != __SIM_H(b); }
__SIM_HD bool __hlt(__half a, __half b) { return __SIM_H(a) < __SIM_H(b); }
__SIM_HD bool __hle(__half a, __half b) { return __SIM_H(a) <= __SIM_H(b); }
__SIM_HD bool __hgt(__half a, __half b) { return __SIM_H(a) > __SIM_H(b); }
__SIM_HD bool __hge(__half a, __half b) { return __SIM_H(a) >= __SIM_H(b); }
__SIM_HD bool __hisnan(__half a) { return (a.__x & 0x7fffu) > 0x7c00u; }
__SIM_HD int __hisinf(__half a) {
  return (a.__x & 0x7fffu) == 0x7c00u ? ((a.__x & 0x8000u) ? -1 : 1) : 0;
}
__SIM_HD __half hsqrt(__half a) { return __float2half(__SIM_HM(sqrtf)(__SIM_H(a))); }
__SIM_HD __half hrsqrt(__half a) {
  return __float2half(__sim_h_rsqrtf(__SIM_H(a)));
}
__SIM_HD __half hexp(__half a) { return __float2half(__SIM_HM(expf)(__SIM_H(a))); }
__SIM_HD __half hlog(__half a) { return __float2half(__SIM_HM(logf)(__SIM_H(a))); }
__SIM_HD __half hsin(__half a) { return __float2half(__SIM_HM(sinf)(__SIM_H(a))); }
__SIM_HD __half hcos(__half a) { return __float2half(__SIM_HM(cosf)(__SIM_H(a))); }
__SIM_HD __half hfloor(__half a) {
  return __float2half(__SIM_HM(floorf)(__SIM_H(a)));
}
__SIM_HD __half hceil(__half a) { return __float2half(__SIM_HM(ceilf)(__SIM_H(a))); }
/* more single-argument math: the float function, rounded once to half */
#define __SIM_HMATH(NAME, F)                                                   \
  __SIM_HD __half NAME(__half a) { return __float2half(F(__SIM_H(a))); }
__SIM_HMATH(hexp2, __SIM_HM(exp2f))
__SIM_HMATH(hexp10, __SIM_HM(exp10f))
__SIM_HMATH(hlog2, __SIM_HM(log2f))
__SIM_HMATH(hlog10, __SIM_HM(log10f))
__SIM_HMATH(htrunc, __SIM_HM(truncf))
__SIM_HMATH(hrint, __SIM_HM(rintf))
__SIM_HMATH(hrcp, 1.0f /)
#undef __SIM_HMATH
/* saturating forms: the result clamped to [0, 1] (NaN becomes 0) */
__SIM_HD float __sim_hsat(float x) { return x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f; }
__SIM_HD __half __hadd_sat(__half a, __half b) {
  return __float2half(__sim_hsat(__SIM_H(a) + __SIM_H(b)));
}
__SIM_HD __half __hsub_sat(__half a, __half b) {
  return __float2half(__sim_hsat(__SIM_H(a) - __SIM_H(b)));
}
__SIM_HD __half __hmul_sat(__half a, __half b) {
  return __float2half(__sim_hsat(__SIM_H(a) * __SIM_H(b)));
}
__SIM_HD __half __hfma_sat(__half a, __half b, __half c) {
  return __float2half(
      __sim_hsat(__SIM_HM(fmaf)(__SIM_H(a), __SIM_H(b), __SIM_H(c))));
}
__SIM_HD __half __hfma_relu(__half a, __half b, __half c) {
  float r = __SIM_HM(fmaf)(__SIM_H(a), __SIM_H(b), __SIM_H(c));
  return __float2half(r < 0.0f ? 0.0f : r);
}
__SIM_HD __half __hadd_rn(__half a, __half b) { return __hadd(a, b); }
__SIM_HD __half __hsub_rn(__half a, __half b) { return __hsub(a, b); }
__SIM_HD __half __hmul_rn(__half a, __half b) { return __hmul(a, b); }
/* NaN-propagating max/min */
__SIM_HD __half __hmax_nan(__half a, __half b) {
  return __hisnan(a) ? a : __hisnan(b) ? b : __hmax(a, b);
}
__SIM_HD __half __hmin_nan(__half a, __half b) {
  return __hisnan(a) ? a : __hisnan(b) ? b : __hmin(a, b);
}
/* more conversions (rounding to nearest even unless named) */

/* paired forms */
#define __SIM_H2(NAME, OP)                                                     \
  __SIM_HD __half2 NAME(__half2 a, __half2 b) {                                \
    return __half2(OP(a.x, b.x), OP(a.y, b.y));                                \
  }
__SIM_H2(__hadd2, __hadd)
__SIM_H2(__hsub2, __hsub)
__SIM_H2(__hmul2, __hmul)
__SIM_H2(__h2div, __hdiv)
__SIM_H2(__hmax2, __hmax)
__SIM_H2(__hmin2, __hmin)
#undef __SIM_H2
__SIM_HD __half2 __hfma2(__half2 a, __half2 b, __half2 c) {
  return __half2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y));
}
__SIM_HD __half2 __hneg2(__half2 a) {
  return __half2(__hneg(a.x), __hneg(a.y));
}
__SIM_HD __half2 __habs2(__half2 a) { return __half2(__habs(a.x), __habs(a.y)); }
__SIM_HD __half2 make_half2(__half x, __half y) { return __half2(x, y); }
__SIM_HD __half2 __hadd2_sat(__half2 a, __half2 b) {
  return __half2(__hadd_sat(a.x, b.x), __hadd_sat(a.y, b.y));
}
__SIM_HD __half2 __hmul2_sat(__half2 a, __half2 b) {
  return __half2(__hmul_sat(a.x, b.x), __hmul_sat(a.y, b.y));
}
__SIM_HD __half2 __hfma2_sat(__half2 a, __half2 b, __half2 c) {
  return __half2(__hfma_sat(a.x, b.x, c.x), __hfma_sat(a.y, b.y, c.y));
}
/* paired comparisons: 1.0 or 0.0 per half (__h*2), both true (__hb*2) */
#define __SIM_HCMP2(NAME, BNAME, OP)                                           \
  __SIM_HD __half2 NAME(__half2 a, __half2 b) {                                \
    return __half2(__float2half(OP(a.x, b.x) ? 1.0f : 0.0f),                   \
                   __float2half(OP(a.y, b.y) ? 1.0f : 0.0f));                  \
  }                                                                            \
  __SIM_HD bool BNAME(__half2 a, __half2 b) {                                  \
    return OP(a.x, b.x) && OP(a.y, b.y);                                       \
  }
__SIM_HCMP2(__heq2, __hbeq2, __heq)
__SIM_HCMP2(__hne2, __hbne2, __hne)
__SIM_HCMP2(__hlt2, __hblt2, __hlt)
__SIM_HCMP2(__hle2, __hble2, __hle)
__SIM_HCMP2(__hgt2, __hbgt2, __hgt)
__SIM_HCMP2(__hge2, __hbge2, __hge)
#undef __SIM_HCMP2
__SIM_HD __half2 __hisnan2(__half2 a) {
  return __half2(__float2half(__hisnan(a.x) ? 1.0f : 0.0f),
                 __float2half(__hisnan(a.y) ? 1.0f : 0.0f));
}
/* paired math */
#define __SIM_H2MATH(NAME, F)                                                  \
  __SIM_HD __half2 NAME(__half2 a) { return __half2(F(a.x), F(a.y)); }
__SIM_H2MATH(h2sqrt, hsqrt)
__SIM_H2MATH(h2rsqrt, hrsqrt)
__SIM_H2MATH(h2rcp, hrcp)
__SIM_H2MATH(h2exp, hexp)
__SIM_H2MATH(h2exp2, hexp2)
__SIM_H2MATH(h2exp10, hexp10)
__SIM_H2MATH(h2log, hlog)
__SIM_H2MATH(h2log2, hlog2)
__SIM_H2MATH(h2log10, hlog10)
__SIM_H2MATH(h2sin, hsin)
__SIM_H2MATH(h2cos, hcos)
__SIM_H2MATH(h2floor, hfloor)
__SIM_H2MATH(h2ceil, hceil)
__SIM_H2MATH(h2trunc, htrunc)
__SIM_H2MATH(h2rint, hrint)
#undef __SIM_H2MATH
/* (a.x + i a.y) * (b.x + i b.y) + c, each part rounded once */
__SIM_HD __half2 __hcmadd(__half2 a, __half2 b, __half2 c) {
  float re = __SIM_H(a.x) * __SIM_H(b.x) - __SIM_H(a.y) * __SIM_H(b.y) + __SIM_H(c.x);
  float im = __SIM_H(a.x) * __SIM_H(b.y) + __SIM_H(a.y) * __SIM_H(b.x) + __SIM_H(c.y);
  return __half2(__float2half(re), __float2half(im));
}

/* C++ operators */
__SIM_HD __half operator+(__half a, __half b) { return __hadd(a, b); }
__SIM_HD __half operator-(__half a, __half b) { return __hsub(a, b); }
__SIM_HD __half operator*(__half a, __half b) { return __hmul(a, b); }
__SIM_HD __half operator/(__half a, __half b) { return __hdiv(a, b); }
__SIM_HD __half operator-(__half a) { return __hneg(a); }
__SIM_HD __half &operator+=(__half &a, __half b) { return a = __hadd(a, b); }
__SIM_HD __half &operator-=(__half &a, __half b) { return a = __hsub(a, b); }
__SIM_HD __half &operator*=(__half &a, __half b) { return a = __hmul(a, b); }
__SIM_HD __half &operator/=(__half &a, __half b) { return a = __hdiv(a, b); }
__SIM_HD bool operator==(__half a, __half b) { return __heq(a, b); }
__SIM_HD bool operator!=(__half a, __half b) { return __hne(a, b); }
__SIM_HD bool operator<(__half a, __half b) { return __hlt(a, b); }
__SIM_HD bool operator<=(__half a, __half b) { return __hle(a, b); }
__SIM_HD bool operator>(__half a, __half b) { return __hgt(a, b); }
__SIM_HD bool operator>=(__half a, __half b) { return __hge(a, b); }
__SIM_HD __half2 operator+(__half2 a, __half2 b) { return __hadd2(a, b); }
__SIM_HD __half2 operator-(__half2 a, __half2 b) { return __hsub2(a, b); }
__SIM_HD __half2 operator*(__half2 a, __half2 b) { return __hmul2(a, b); }
__SIM_HD __half2 operator/(__half2 a, __half2 b) { return __h2div(a, b); }
#undef __SIM_H
#undef __SIM_HM
#undef __sim_h_rsqrtf
#undef __sim_h_rint_int

/* ---- conversions in every rounding mode of the CUDA Math API (_rn nearest
 * even, _rz toward zero, _rd down, _ru up): integers saturate at their
 * type's range, NaN gives 0, as the PTX cvt instructions do */
#ifdef __CUDA_ARCH__
#define __SIM_RND(f, d) __nv_##f(d)
#else
#define __SIM_RND(f, d) __builtin_##f(d)
#endif
__SIM_HD double __sim_round_mode(double d, int m) {
  return m == 0 ? __SIM_RND(rint, d) : m == 1 ? __SIM_RND(trunc, d)
       : m == 2 ? __SIM_RND(floor, d) : __SIM_RND(ceil, d);
}
#undef __SIM_RND
#define __SIM_SATCONV(N, T, LO, HI)                                            \
  __SIM_HD T __sim_to_##N(double d, int m) {                                   \
    double r = __sim_round_mode(d, m);                                         \
    if (r != r)                                                                \
      return (T)0;                                                             \
    if (r <= (double)(LO))                                                     \
      return (LO);                                                             \
    if (r >= (double)(HI))                                                     \
      return (HI);                                                             \
    return (T)r;                                                               \
  }
__SIM_SATCONV(int, int, (-2147483647 - 1), 2147483647)
__SIM_SATCONV(uint, unsigned int, 0u, 4294967295u)
__SIM_SATCONV(short, short, (short)-32768, (short)32767)
__SIM_SATCONV(ushort, unsigned short, (unsigned short)0, (unsigned short)65535)
__SIM_SATCONV(ll, long long, (-9223372036854775807LL - 1), 9223372036854775807LL)
__SIM_SATCONV(ull, unsigned long long, 0ull, 18446744073709551615ull)
__SIM_SATCONV(char, signed char, (signed char)-128, (signed char)127)
__SIM_SATCONV(uchar, unsigned char, (unsigned char)0, (unsigned char)255)
#undef __SIM_SATCONV
/* the 16-bit float (sign and magnitude) one step up or down from bits b */
__SIM_HD unsigned short __sim_b16_step(unsigned short b, int up) {
  if (up)
    return (b & 0x8000u) ? (b == 0x8000u ? (unsigned short)1 : (unsigned short)(b - 1))
                         : (unsigned short)(b + 1);
  return (b & 0x8000u) ? (unsigned short)(b + 1)
                       : (b == 0 ? (unsigned short)0x8001u : (unsigned short)(b - 1));
}
/* d to the 16 bits of F2B's format in mode m: to nearest, then one step
 * toward the mode's direction when that rounded the wrong way */
#define __SIM_D2B16(NAME, F2B, B2F)                                            \
  __SIM_HD unsigned short NAME(double d, int m) {                              \
    unsigned short b = F2B((float)d);                                          \
    if (m == 0 || d != d)                                                      \
      return b;                                                                \
    double v = B2F(b);                                                         \
    if (v > d && (m == 2 || (m == 1 && d >= 0)))                               \
      b = __sim_b16_step(b, 0);                                                \
    else if (v < d && (m == 3 || (m == 1 && d <= 0)))                          \
      b = __sim_b16_step(b, 1);                                                \
    return b;                                                                  \
  }
__SIM_D2B16(__sim_d2half_bits, __sim_f2h_bits, __sim_h2f)
__SIM_HD int __half2int_rn(__half h) { return __sim_to_int(__sim_h2f(h.__x), 0); }
__SIM_HD int __half2int_rz(__half h) { return __sim_to_int(__sim_h2f(h.__x), 1); }
__SIM_HD int __half2int_rd(__half h) { return __sim_to_int(__sim_h2f(h.__x), 2); }
__SIM_HD int __half2int_ru(__half h) { return __sim_to_int(__sim_h2f(h.__x), 3); }
__SIM_HD unsigned int __half2uint_rn(__half h) { return __sim_to_uint(__sim_h2f(h.__x), 0); }
__SIM_HD unsigned int __half2uint_rz(__half h) { return __sim_to_uint(__sim_h2f(h.__x), 1); }
__SIM_HD unsigned int __half2uint_rd(__half h) { return __sim_to_uint(__sim_h2f(h.__x), 2); }
__SIM_HD unsigned int __half2uint_ru(__half h) { return __sim_to_uint(__sim_h2f(h.__x), 3); }
__SIM_HD short __half2short_rn(__half h) { return __sim_to_short(__sim_h2f(h.__x), 0); }
__SIM_HD short __half2short_rz(__half h) { return __sim_to_short(__sim_h2f(h.__x), 1); }
__SIM_HD short __half2short_rd(__half h) { return __sim_to_short(__sim_h2f(h.__x), 2); }
__SIM_HD short __half2short_ru(__half h) { return __sim_to_short(__sim_h2f(h.__x), 3); }
__SIM_HD unsigned short __half2ushort_rn(__half h) { return __sim_to_ushort(__sim_h2f(h.__x), 0); }
__SIM_HD unsigned short __half2ushort_rz(__half h) { return __sim_to_ushort(__sim_h2f(h.__x), 1); }
__SIM_HD unsigned short __half2ushort_rd(__half h) { return __sim_to_ushort(__sim_h2f(h.__x), 2); }
__SIM_HD unsigned short __half2ushort_ru(__half h) { return __sim_to_ushort(__sim_h2f(h.__x), 3); }
__SIM_HD long long __half2ll_rn(__half h) { return __sim_to_ll(__sim_h2f(h.__x), 0); }
__SIM_HD long long __half2ll_rz(__half h) { return __sim_to_ll(__sim_h2f(h.__x), 1); }
__SIM_HD long long __half2ll_rd(__half h) { return __sim_to_ll(__sim_h2f(h.__x), 2); }
__SIM_HD long long __half2ll_ru(__half h) { return __sim_to_ll(__sim_h2f(h.__x), 3); }
__SIM_HD unsigned long long __half2ull_rn(__half h) { return __sim_to_ull(__sim_h2f(h.__x), 0); }
__SIM_HD unsigned long long __half2ull_rz(__half h) { return __sim_to_ull(__sim_h2f(h.__x), 1); }
__SIM_HD unsigned long long __half2ull_rd(__half h) { return __sim_to_ull(__sim_h2f(h.__x), 2); }
__SIM_HD unsigned long long __half2ull_ru(__half h) { return __sim_to_ull(__sim_h2f(h.__x), 3); }
__SIM_HD signed char __half2char_rz(__half h) { return __sim_to_char(__sim_h2f(h.__x), 1); }
__SIM_HD unsigned char __half2uchar_rz(__half h) { return __sim_to_uchar(__sim_h2f(h.__x), 1); }
__SIM_HD __half __int2half_rn(int i) { return __sim_half_bits(__sim_d2half_bits((double)i, 0)); }
__SIM_HD __half __int2half_rz(int i) { return __sim_half_bits(__sim_d2half_bits((double)i, 1)); }
__SIM_HD __half __int2half_rd(int i) { return __sim_half_bits(__sim_d2half_bits((double)i, 2)); }
__SIM_HD __half __int2half_ru(int i) { return __sim_half_bits(__sim_d2half_bits((double)i, 3)); }
__SIM_HD __half __uint2half_rn(unsigned int i) { return __sim_half_bits(__sim_d2half_bits((double)i, 0)); }
__SIM_HD __half __uint2half_rz(unsigned int i) { return __sim_half_bits(__sim_d2half_bits((double)i, 1)); }
__SIM_HD __half __uint2half_rd(unsigned int i) { return __sim_half_bits(__sim_d2half_bits((double)i, 2)); }
__SIM_HD __half __uint2half_ru(unsigned int i) { return __sim_half_bits(__sim_d2half_bits((double)i, 3)); }
__SIM_HD __half __short2half_rn(short i) { return __sim_half_bits(__sim_d2half_bits((double)i, 0)); }
__SIM_HD __half __short2half_rz(short i) { return __sim_half_bits(__sim_d2half_bits((double)i, 1)); }
__SIM_HD __half __short2half_rd(short i) { return __sim_half_bits(__sim_d2half_bits((double)i, 2)); }
__SIM_HD __half __short2half_ru(short i) { return __sim_half_bits(__sim_d2half_bits((double)i, 3)); }
__SIM_HD __half __ushort2half_rn(unsigned short i) { return __sim_half_bits(__sim_d2half_bits((double)i, 0)); }
__SIM_HD __half __ushort2half_rz(unsigned short i) { return __sim_half_bits(__sim_d2half_bits((double)i, 1)); }
__SIM_HD __half __ushort2half_rd(unsigned short i) { return __sim_half_bits(__sim_d2half_bits((double)i, 2)); }
__SIM_HD __half __ushort2half_ru(unsigned short i) { return __sim_half_bits(__sim_d2half_bits((double)i, 3)); }
__SIM_HD __half __ll2half_rn(long long i) { return __sim_half_bits(__sim_d2half_bits((double)i, 0)); }
__SIM_HD __half __ll2half_rz(long long i) { return __sim_half_bits(__sim_d2half_bits((double)i, 1)); }
__SIM_HD __half __ll2half_rd(long long i) { return __sim_half_bits(__sim_d2half_bits((double)i, 2)); }
__SIM_HD __half __ll2half_ru(long long i) { return __sim_half_bits(__sim_d2half_bits((double)i, 3)); }
__SIM_HD __half __ull2half_rn(unsigned long long i) { return __sim_half_bits(__sim_d2half_bits((double)i, 0)); }
__SIM_HD __half __ull2half_rz(unsigned long long i) { return __sim_half_bits(__sim_d2half_bits((double)i, 1)); }
__SIM_HD __half __ull2half_rd(unsigned long long i) { return __sim_half_bits(__sim_d2half_bits((double)i, 2)); }
__SIM_HD __half __ull2half_ru(unsigned long long i) { return __sim_half_bits(__sim_d2half_bits((double)i, 3)); }
__SIM_HD __half __float2half_rz(float f) { return __sim_half_bits(__sim_d2half_bits(f, 1)); }
__SIM_HD __half __float2half_rd(float f) { return __sim_half_bits(__sim_d2half_bits(f, 2)); }
__SIM_HD __half __float2half_ru(float f) { return __sim_half_bits(__sim_d2half_bits(f, 3)); }

/* device code only */
#ifndef __SIMULEE_HOST_COMPILER
/* ---- warp shuffles of halves: the 16 (32) bits travel as an int */
#define __SIM_HSHFL(NAME, LANE_T)                                              \
  __SIM_DEV __half NAME(unsigned int mask, __half v, LANE_T l,                 \
                        int width = 32) {                                      \
    return __sim_half_bits(                                                    \
        (unsigned short)NAME(mask, (unsigned int)v.__x, l, width));            \
  }                                                                            \
  __SIM_DEV __half2 NAME(unsigned int mask, __half2 v, LANE_T l,               \
                         int width = 32) {                                     \
    unsigned int b =                                                           \
        NAME(mask, __builtin_bit_cast(unsigned int, v), l, width);             \
    return __builtin_bit_cast(__half2, b);                                     \
  }
__SIM_HSHFL(__shfl_sync, int)
__SIM_HSHFL(__shfl_up_sync, unsigned int)
__SIM_HSHFL(__shfl_down_sync, unsigned int)
__SIM_HSHFL(__shfl_xor_sync, int)
#undef __SIM_HSHFL

/* ---- atomics: compare-and-swap loops on the 16 / 32 bits (the first read
 * an atomic load, as the CAS's own: the loop never races with another
 * thread's atomic on the word) */
__SIM_DEV __half atomicAdd(__half *p, __half v) {
  unsigned short *bits = (unsigned short *)p;
  unsigned short old = __atomic_load_n(bits, __ATOMIC_RELAXED), seen;
  do {
    seen = old;
    old = atomicCAS(bits, seen, __hadd(__sim_half_bits(seen), v).__x);
  } while (old != seen);
  return __sim_half_bits(old);
}
__SIM_DEV __half2 atomicAdd(__half2 *p, __half2 v) {
  unsigned int *bits = (unsigned int *)p;
  unsigned int old = __atomic_load_n(bits, __ATOMIC_RELAXED), seen;
  do {
    seen = old;
    __half2 sum = __hadd2(__builtin_bit_cast(__half2, seen), v);
    old = atomicCAS(bits, seen, __builtin_bit_cast(unsigned int, sum));
  } while (old != seen);
  return __builtin_bit_cast(__half2, old);
}

#endif /* !__SIMULEE_HOST_COMPILER */
#endif /* __cplusplus */
#endif
