/* simulee CUDA headers: device built-in functions other than math and atomics.
 *
 * Barriers, warp-level primitives (shuffle, vote, match), memory fences,
 * integer and floating point intrinsics, type conversions, cache-hinted
 * loads/stores, clocks (device-side printf, assert, malloc: device_libc.h).
 *
 * Warp primitives need PTX ISA 6.0 or later: compile with
 * `-Xclang -target-feature -Xclang +ptx75` (part of SIMULEE_CUDA_FLAGS);
 * without it clang reports "needs target feature ptx60". */
#ifndef SIMULEE_CUDA_DEVICE_FUNCTIONS_H
#define SIMULEE_CUDA_DEVICE_FUNCTIONS_H
#include "host_defines.h"
/* device code only: nothing for a plain host compiler, as NVIDIA's */
#ifndef __SIMULEE_HOST_COMPILER
/* NVIDIA's include guards for this header's contents (code tests them) */
#ifndef __DEVICE_FUNCTIONS_H__
#define __DEVICE_FUNCTIONS_H__
#endif
#ifndef __DEVICE_FUNCTIONS_HPP__
#define __DEVICE_FUNCTIONS_HPP__
#endif
#ifndef __SM_20_INTRINSICS_H__
#define __SM_20_INTRINSICS_H__
#endif
#ifndef __SM_30_INTRINSICS_H__
#define __SM_30_INTRINSICS_H__
#endif
#ifndef __SM_32_INTRINSICS_H__
#define __SM_32_INTRINSICS_H__
#endif

#include "host_defines.h"
#include "libdevice_functions.h"
#include <stddef.h>
#include <time.h>

/* ------------------------------------------------------------------ barriers
 * __syncthreads() is a clang builtin (llvm.nvvm.barrier0). */
__SIM_DEV int __syncthreads_count(int pred) { return __nvvm_bar0_popc(pred); }
__SIM_DEV int __syncthreads_and(int pred) { return __nvvm_bar0_and(pred); }
__SIM_DEV int __syncthreads_or(int pred) { return __nvvm_bar0_or(pred); }
__SIM_DEV void __syncwarp(unsigned int mask = 0xffffffffu) {
  __nvvm_bar_warp_sync(mask);
}
/* named barriers: bar.sync id[, count] */
__SIM_DEV void __barrier_sync(unsigned int id) { __nvvm_barrier_sync(id); }
__SIM_DEV void __barrier_sync_count(unsigned int id, unsigned int count) {
  __nvvm_barrier_sync_cnt(id, count);
}

/* ------------------------------------------------------------ memory fences */
__SIM_DEV void __threadfence_block(void) { __nvvm_membar_cta(); }
__SIM_DEV void __threadfence(void) { __nvvm_membar_gl(); }
__SIM_DEV void __threadfence_system(void) { __nvvm_membar_sys(); }

/* ------------------------------------------------------------- warp votes */
__SIM_DEV unsigned int __activemask(void) { return __nvvm_activemask(); }
__SIM_DEV unsigned int __ballot_sync(unsigned int mask, int pred) {
  return __nvvm_vote_ballot_sync(mask, pred != 0);
}
__SIM_DEV int __any_sync(unsigned int mask, int pred) {
  return __nvvm_vote_any_sync(mask, pred != 0);
}
__SIM_DEV int __all_sync(unsigned int mask, int pred) {
  return __nvvm_vote_all_sync(mask, pred != 0);
}
__SIM_DEV int __uni_sync(unsigned int mask, int pred) {
  return __nvvm_vote_uni_sync(mask, pred != 0);
}
/* pre-Volta forms (removed by CUDA 9 for sm_70): act on the active lanes */
__SIM_DEV unsigned int __ballot(int pred) {
  return __ballot_sync(__activemask(), pred);
}
__SIM_DEV int __any(int pred) { return __any_sync(__activemask(), pred); }
__SIM_DEV int __all(int pred) { return __all_sync(__activemask(), pred); }

/* ------------------------------------------------------------- warp match */
__SIM_DEV unsigned int __match_any_sync(unsigned int mask, unsigned int v) {
  return __nvvm_match_any_sync_i32(mask, v);
}
__SIM_DEV unsigned int __match_any_sync(unsigned int mask, int v) {
  return __nvvm_match_any_sync_i32(mask, (unsigned int)v);
}
__SIM_DEV unsigned int __match_any_sync(unsigned int mask, float v) {
  return __nvvm_match_any_sync_i32(mask, __builtin_bit_cast(unsigned int, v));
}
__SIM_DEV unsigned int __match_any_sync(unsigned int mask,
                                        unsigned long long v) {
  return __nvvm_match_any_sync_i64(mask, (long long)v);
}
__SIM_DEV unsigned int __match_any_sync(unsigned int mask, long long v) {
  return __nvvm_match_any_sync_i64(mask, v);
}
__SIM_DEV unsigned int __match_any_sync(unsigned int mask, unsigned long v) {
  return __nvvm_match_any_sync_i64(mask, (long long)v);
}
__SIM_DEV unsigned int __match_any_sync(unsigned int mask, long v) {
  return __nvvm_match_any_sync_i64(mask, (long long)v);
}
__SIM_DEV unsigned int __match_any_sync(unsigned int mask, double v) {
  return __nvvm_match_any_sync_i64(mask, __builtin_bit_cast(long long, v));
}
__SIM_DEV unsigned int __match_all_sync(unsigned int mask, unsigned int v,
                                        int *pred) {
  return __nvvm_match_all_sync_i32p(mask, v, pred);
}
__SIM_DEV unsigned int __match_all_sync(unsigned int mask, int v, int *pred) {
  return __nvvm_match_all_sync_i32p(mask, (unsigned int)v, pred);
}
__SIM_DEV unsigned int __match_all_sync(unsigned int mask, float v,
                                        int *pred) {
  return __nvvm_match_all_sync_i32p(
      mask, __builtin_bit_cast(unsigned int, v), pred);
}
__SIM_DEV unsigned int __match_all_sync(unsigned int mask,
                                        unsigned long long v, int *pred) {
  return __nvvm_match_all_sync_i64p(mask, (long long)v, pred);
}
__SIM_DEV unsigned int __match_all_sync(unsigned int mask, long long v,
                                        int *pred) {
  return __nvvm_match_all_sync_i64p(mask, v, pred);
}
__SIM_DEV unsigned int __match_all_sync(unsigned int mask, unsigned long v,
                                        int *pred) {
  return __nvvm_match_all_sync_i64p(mask, (long long)v, pred);
}
__SIM_DEV unsigned int __match_all_sync(unsigned int mask, long v,
                                        int *pred) {
  return __nvvm_match_all_sync_i64p(mask, (long long)v, pred);
}
__SIM_DEV unsigned int __match_all_sync(unsigned int mask, double v,
                                        int *pred) {
  return __nvvm_match_all_sync_i64p(mask, __builtin_bit_cast(long long, v),
                                    pred);
}

/* ---------------------------------------------------------- warp shuffles
 * The PTX `c` operand packs the segment mask (bits 8-12: 32 - width) and the
 * clamp lane (bits 0-4: 31, or 0 for shfl.up). width defaults to 32, the
 * warp width of every NVIDIA GPU; it must be a power of two <= 32.
 * 64-bit values travel as two 32-bit shuffles. */
#define __SIM_SHFL_C(width, clamp) ((((32 - (width)) & 0x1f) << 8) | (clamp))

#define __SIM_SHFL_KIND(NAME, KIND, LANE_T, CLAMP)                             \
  __SIM_DEV int NAME(unsigned int mask, int v, LANE_T l, int width = 32) {     \
    return __nvvm_shfl_sync_##KIND##_i32(mask, v, (int)l,                      \
                                         __SIM_SHFL_C(width, CLAMP));          \
  }                                                                            \
  __SIM_DEV unsigned int NAME(unsigned int mask, unsigned int v, LANE_T l,     \
                              int width = 32) {                                \
    return (unsigned int)NAME(mask, (int)v, l, width);                         \
  }                                                                            \
  __SIM_DEV float NAME(unsigned int mask, float v, LANE_T l, int width = 32) { \
    return __nvvm_shfl_sync_##KIND##_f32(mask, v, (int)l,                      \
                                         __SIM_SHFL_C(width, CLAMP));          \
  }                                                                            \
  __SIM_DEV long long NAME(unsigned int mask, long long v, LANE_T l,           \
                           int width = 32) {                                   \
    unsigned long long u = (unsigned long long)v;                              \
    unsigned int lo = NAME(mask, (unsigned int)u, l, width);                   \
    unsigned int hi = NAME(mask, (unsigned int)(u >> 32), l, width);           \
    return (long long)(((unsigned long long)hi << 32) | lo);                   \
  }                                                                            \
  __SIM_DEV unsigned long long NAME(unsigned int mask, unsigned long long v,   \
                                    LANE_T l, int width = 32) {                \
    return (unsigned long long)NAME(mask, (long long)v, l, width);             \
  }                                                                            \
  __SIM_DEV long NAME(unsigned int mask, long v, LANE_T l, int width = 32) {   \
    return (long)NAME(mask, (long long)v, l, width);                           \
  }                                                                            \
  __SIM_DEV unsigned long NAME(unsigned int mask, unsigned long v, LANE_T l,   \
                               int width = 32) {                               \
    return (unsigned long)NAME(mask, (long long)v, l, width);                  \
  }                                                                            \
  __SIM_DEV double NAME(unsigned int mask, double v, LANE_T l,                 \
                        int width = 32) {                                      \
    return __builtin_bit_cast(                                                 \
        double, NAME(mask, __builtin_bit_cast(long long, v), l, width));       \
  }

__SIM_SHFL_KIND(__shfl_sync, idx, int, 0x1f)
__SIM_SHFL_KIND(__shfl_up_sync, up, unsigned int, 0)
__SIM_SHFL_KIND(__shfl_down_sync, down, unsigned int, 0x1f)
__SIM_SHFL_KIND(__shfl_xor_sync, bfly, int, 0x1f)
#undef __SIM_SHFL_KIND

/* pre-Volta shuffles (removed by CUDA 9 for sm_70): act on the active lanes */
template <typename T>
__SIM_DEV T __shfl(T v, int lane, int width = 32) {
  return __shfl_sync(__activemask(), v, lane, width);
}
template <typename T>
__SIM_DEV T __shfl_up(T v, unsigned int delta, int width = 32) {
  return __shfl_up_sync(__activemask(), v, delta, width);
}
template <typename T>
__SIM_DEV T __shfl_down(T v, unsigned int delta, int width = 32) {
  return __shfl_down_sync(__activemask(), v, delta, width);
}
template <typename T>
__SIM_DEV T __shfl_xor(T v, int lane_mask, int width = 32) {
  return __shfl_xor_sync(__activemask(), v, lane_mask, width);
}

/* ------------------------------------------------------- integer intrinsics */
__SIM_DEV int __popc(unsigned int x) { return __nv_popc(x); }
__SIM_DEV int __popcll(unsigned long long x) { return __nv_popcll(x); }
__SIM_DEV int __clz(int x) { return __nv_clz(x); }
__SIM_DEV int __clzll(long long x) { return __nv_clzll(x); }
__SIM_DEV int __ffs(int x) { return __nv_ffs(x); }
__SIM_DEV int __ffsll(long long x) { return __nv_ffsll(x); }
__SIM_DEV unsigned int __brev(unsigned int x) { return __nv_brev(x); }
__SIM_DEV unsigned long long __brevll(unsigned long long x) {
  return __nv_brevll(x);
}
__SIM_DEV unsigned int __byte_perm(unsigned int x, unsigned int y,
                                   unsigned int s) {
  return __nv_byte_perm(x, y, s);
}
/* four-way byte and two-way halfword dot products with a 32-bit
 * accumulator (sm_61's dp4a / dp2a), as integer code */
__SIM_DEV int __dp4a(int a, int b, int c) {
  for (int k = 0; k < 32; k += 8)
    c += (int)(signed char)(a >> k) * (int)(signed char)(b >> k);
  return c;
}
__SIM_DEV unsigned int __dp4a(unsigned int a, unsigned int b, unsigned int c) {
  for (int k = 0; k < 32; k += 8)
    c += ((a >> k) & 0xffu) * ((b >> k) & 0xffu);
  return c;
}
__SIM_DEV int __dp4a(char4 a, char4 b, int c) {
  return c + a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}
__SIM_DEV unsigned int __dp4a(uchar4 a, uchar4 b, unsigned int c) {
  return c + a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}
/* halfwords of a times the low (lo) or high (hi) two bytes of b */
__SIM_DEV int __dp2a_lo(int a, int b, int c) {
  return c + (int)(short)a * (int)(signed char)b +
         (int)(short)(a >> 16) * (int)(signed char)(b >> 8);
}
__SIM_DEV int __dp2a_hi(int a, int b, int c) {
  return c + (int)(short)a * (int)(signed char)(b >> 16) +
         (int)(short)(a >> 16) * (int)(signed char)(b >> 24);
}
__SIM_DEV unsigned int __dp2a_lo(unsigned int a, unsigned int b,
                                 unsigned int c) {
  return c + (a & 0xffffu) * (b & 0xffu) + (a >> 16) * ((b >> 8) & 0xffu);
}
__SIM_DEV unsigned int __dp2a_hi(unsigned int a, unsigned int b,
                                 unsigned int c) {
  return c + (a & 0xffffu) * ((b >> 16) & 0xffu) + (a >> 16) * (b >> 24);
}
__SIM_DEV int __mul24(int x, int y) { return __nv_mul24(x, y); }
__SIM_DEV unsigned int __umul24(unsigned int x, unsigned int y) {
  return __nv_umul24(x, y);
}
__SIM_DEV int __mulhi(int x, int y) { return __nv_mulhi(x, y); }
__SIM_DEV unsigned int __umulhi(unsigned int x, unsigned int y) {
  return __nv_umulhi(x, y);
}
__SIM_DEV long long __mul64hi(long long x, long long y) {
  return __nv_mul64hi(x, y);
}
__SIM_DEV unsigned long long __umul64hi(unsigned long long x,
                                        unsigned long long y) {
  return __nv_umul64hi(x, y);
}
__SIM_DEV unsigned int __sad(int x, int y, unsigned int z) {
  return __nv_sad(x, y, z);
}
__SIM_DEV unsigned int __usad(unsigned int x, unsigned int y,
                              unsigned int z) {
  return __nv_usad(x, y, z);
}
__SIM_DEV int __hadd(int x, int y) { return __nv_hadd(x, y); }
__SIM_DEV int __rhadd(int x, int y) { return __nv_rhadd(x, y); }
__SIM_DEV unsigned int __uhadd(unsigned int x, unsigned int y) {
  return __nv_uhadd(x, y);
}
__SIM_DEV unsigned int __urhadd(unsigned int x, unsigned int y) {
  return __nv_urhadd(x, y);
}

/* ------------------------------------------ SIMD video intrinsics (__v*) */
/* Per-halfword (2) or per-byte (4) arithmetic, comparisons and sums of
 * absolute differences on 32-bit words, through the libdevice functions of
 * the same name (list: __SIM_VIDEO_LIST in libdevice_functions.h). */
#define __SIM_VIDEO1(n)                                                      \
  __SIM_DEV unsigned int __##n(unsigned int a) { return __nv_##n(a); }
#define __SIM_VIDEO2(n)                                                      \
  __SIM_DEV unsigned int __##n(unsigned int a, unsigned int b) {             \
    return __nv_##n(a, b);                                                   \
  }
__SIM_VIDEO_LIST(__SIM_VIDEO1, __SIM_VIDEO2)
#undef __SIM_VIDEO1
#undef __SIM_VIDEO2
/* funnel shifts: the 64-bit value hi:lo shifted, upper (l) or lower (r) 32
 * bits kept; the plain forms take the shift modulo 32, the c forms clamp
 * it to 32. */
__SIM_DEV unsigned int __funnelshift_l(unsigned int lo, unsigned int hi,
                                       unsigned int s) {
  unsigned long long v = ((unsigned long long)hi << 32) | lo;
  return (unsigned int)((v << (s & 31u)) >> 32);
}
__SIM_DEV unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi,
                                        unsigned int s) {
  unsigned long long v = ((unsigned long long)hi << 32) | lo;
  return (unsigned int)((v << (s < 32u ? s : 32u)) >> 32);
}
__SIM_DEV unsigned int __funnelshift_r(unsigned int lo, unsigned int hi,
                                       unsigned int s) {
  unsigned long long v = ((unsigned long long)hi << 32) | lo;
  return (unsigned int)(v >> (s & 31u));
}
__SIM_DEV unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi,
                                        unsigned int s) {
  unsigned long long v = ((unsigned long long)hi << 32) | lo;
  return (unsigned int)(v >> (s < 32u ? s : 32u));
}

/* ------------------------------------------- single precision intrinsics */
__SIM_DEV float __sinf(float x) { return __nv_fast_sinf(x); }
__SIM_DEV float __cosf(float x) { return __nv_fast_cosf(x); }
__SIM_DEV float __tanf(float x) { return __nv_fast_tanf(x); }
__SIM_DEV void __sincosf(float x, float *s, float *c) {
  __nv_fast_sincosf(x, s, c);
}
__SIM_DEV float __expf(float x) { return __nv_fast_expf(x); }
__SIM_DEV float __exp10f(float x) { return __nv_fast_exp10f(x); }
__SIM_DEV float __logf(float x) { return __nv_fast_logf(x); }
__SIM_DEV float __log2f(float x) { return __nv_fast_log2f(x); }
__SIM_DEV float __log10f(float x) { return __nv_fast_log10f(x); }
__SIM_DEV float __powf(float x, float y) { return __nv_fast_powf(x, y); }
__SIM_DEV float __fdividef(float x, float y) {
  return __nv_fast_fdividef(x, y);
}
__SIM_DEV float __saturatef(float x) { return __nv_saturatef(x); }
__SIM_DEV float __frsqrt_rn(float x) { return __nv_frsqrt_rn(x); }

/* IEEE operations with an explicit rounding mode (rn, rz, ru, rd) */
#define __SIM_ROUNDED(M)                                                      \
  __SIM_DEV float __fadd_##M(float x, float y) { return __nv_fadd_##M(x, y); } \
  __SIM_DEV float __fsub_##M(float x, float y) { return __nv_fsub_##M(x, y); } \
  __SIM_DEV float __fmul_##M(float x, float y) { return __nv_fmul_##M(x, y); } \
  __SIM_DEV float __fdiv_##M(float x, float y) { return __nv_fdiv_##M(x, y); } \
  __SIM_DEV float __frcp_##M(float x) { return __nv_frcp_##M(x); }             \
  __SIM_DEV float __fsqrt_##M(float x) { return __nv_fsqrt_##M(x); }           \
  __SIM_DEV float __fmaf_##M(float x, float y, float z) {                      \
    return __nv_fmaf_##M(x, y, z);                                             \
  }                                                                            \
  __SIM_DEV float __fmaf_ieee_##M(float x, float y, float z) {                 \
    return __nv_fmaf_ieee_##M(x, y, z);                                        \
  }                                                                            \
  __SIM_DEV double __dadd_##M(double x, double y) {                           \
    return __nv_dadd_##M(x, y);                                                \
  }                                                                            \
  __SIM_DEV double __dsub_##M(double x, double y) {                           \
    return __nv_dsub_##M(x, y);                                                \
  }                                                                            \
  __SIM_DEV double __dmul_##M(double x, double y) {                           \
    return __nv_dmul_##M(x, y);                                                \
  }                                                                            \
  __SIM_DEV double __ddiv_##M(double x, double y) {                           \
    return __nv_ddiv_##M(x, y);                                                \
  }                                                                            \
  __SIM_DEV double __drcp_##M(double x) { return __nv_drcp_##M(x); }           \
  __SIM_DEV double __dsqrt_##M(double x) { return __nv_dsqrt_##M(x); }         \
  __SIM_DEV double __fma_##M(double x, double y, double z) {                   \
    return __nv_fma_##M(x, y, z);                                              \
  }                                                                            \
  __SIM_DEV int __float2int_##M(float x) { return __nv_float2int_##M(x); }     \
  __SIM_DEV unsigned int __float2uint_##M(float x) {                           \
    return __nv_float2uint_##M(x);                                             \
  }                                                                            \
  __SIM_DEV long long __float2ll_##M(float x) {                                \
    return __nv_float2ll_##M(x);                                               \
  }                                                                            \
  __SIM_DEV unsigned long long __float2ull_##M(float x) {                      \
    return __nv_float2ull_##M(x);                                              \
  }                                                                            \
  __SIM_DEV int __double2int_##M(double x) { return __nv_double2int_##M(x); }  \
  __SIM_DEV unsigned int __double2uint_##M(double x) {                         \
    return __nv_double2uint_##M(x);                                            \
  }                                                                            \
  __SIM_DEV long long __double2ll_##M(double x) {                              \
    return __nv_double2ll_##M(x);                                              \
  }                                                                            \
  __SIM_DEV unsigned long long __double2ull_##M(double x) {                    \
    return __nv_double2ull_##M(x);                                             \
  }                                                                            \
  __SIM_DEV float __double2float_##M(double x) {                               \
    return __nv_double2float_##M(x);                                           \
  }                                                                            \
  __SIM_DEV float __int2float_##M(int x) { return __nv_int2float_##M(x); }     \
  __SIM_DEV float __uint2float_##M(unsigned int x) {                           \
    return __nv_uint2float_##M(x);                                             \
  }                                                                            \
  __SIM_DEV float __ll2float_##M(long long x) {                                \
    return __nv_ll2float_##M(x);                                               \
  }                                                                            \
  __SIM_DEV float __ull2float_##M(unsigned long long x) {                      \
    return __nv_ull2float_##M(x);                                              \
  }                                                                            \
  __SIM_DEV double __ll2double_##M(long long x) {                              \
    return __nv_ll2double_##M(x);                                              \
  }                                                                            \
  __SIM_DEV double __ull2double_##M(unsigned long long x) {                    \
    return __nv_ull2double_##M(x);                                             \
  }
__SIM_ROUNDED(rn)
__SIM_ROUNDED(rz)
__SIM_ROUNDED(ru)
__SIM_ROUNDED(rd)
#undef __SIM_ROUNDED
/* int -> double is exact: only the _rn form exists */
__SIM_DEV double __int2double_rn(int x) { return __nv_int2double_rn(x); }
__SIM_DEV double __uint2double_rn(unsigned int x) {
  return __nv_uint2double_rn(x);
}

/* -------------------------------------------------- bit reinterpretation */
__SIM_DEV float __int_as_float(int x) { return __nv_int_as_float(x); }
__SIM_DEV int __float_as_int(float x) { return __nv_float_as_int(x); }
__SIM_DEV float __uint_as_float(unsigned int x) {
  return __nv_uint_as_float(x);
}
__SIM_DEV unsigned int __float_as_uint(float x) {
  return __nv_float_as_uint(x);
}
__SIM_DEV double __longlong_as_double(long long x) {
  return __nv_longlong_as_double(x);
}
__SIM_DEV long long __double_as_longlong(double x) {
  return __nv_double_as_longlong(x);
}
__SIM_DEV int __double2hiint(double x) { return __nv_double2hiint(x); }
__SIM_DEV int __double2loint(double x) { return __nv_double2loint(x); }
__SIM_DEV double __hiloint2double(int hi, int lo) {
  return __nv_hiloint2double(hi, lo);
}

/* --------------------------------------------- cache-hinted loads and stores
 * On the simulated GPU every cache operator is an ordinary access. */
template <typename T> __SIM_DEV T __ldg(const T *p) { return *p; }
template <typename T> __SIM_DEV T __ldcg(const T *p) { return *p; }
template <typename T> __SIM_DEV T __ldca(const T *p) { return *p; }
template <typename T> __SIM_DEV T __ldcs(const T *p) { return *p; }
template <typename T> __SIM_DEV T __ldlu(const T *p) { return *p; }
template <typename T> __SIM_DEV T __ldcv(const T *p) { return *p; }
template <typename T> __SIM_DEV void __stwb(T *p, T v) { *p = v; }
template <typename T> __SIM_DEV void __stcg(T *p, T v) { *p = v; }
template <typename T> __SIM_DEV void __stcs(T *p, T v) { *p = v; }
template <typename T> __SIM_DEV void __stwt(T *p, T v) { *p = v; }

/* ------------------------------------------------------ address space tests */
__SIM_DEV unsigned int __isGlobal(const void *p) {
  return __nvvm_isspacep_global(p);
}
__SIM_DEV unsigned int __isShared(const void *p) {
  return __nvvm_isspacep_shared(p);
}
__SIM_DEV unsigned int __isConstant(const void *p) {
  return __nvvm_isspacep_const(p);
}
__SIM_DEV unsigned int __isLocal(const void *p) {
  return __nvvm_isspacep_local(p);
}

/* ------------------------------------------------ address space conversions
 * cvta.to.<space> / cvta.<space>: the address in a state space as an
 * integer (what CUTLASS and CUB pass to inline PTX as a 32-bit "r" operand)
 * and back. simulee's shared window addresses follow no block layout (see
 * docs/support.md, "Asynchronous copies and mbarriers"). */
#define __SIM_CVTA(sp, as)                                                     \
  __SIM_DEV size_t __cvta_generic_to_##sp(const void *p) {                     \
    return (size_t)(const void __attribute__((address_space(as))) *)p;         \
  }                                                                            \
  __SIM_DEV void *__cvta_##sp##_to_generic(size_t a) {                         \
    return (void *)(void __attribute__((address_space(as))) *)a;               \
  }
__SIM_CVTA(global, 1)
__SIM_CVTA(shared, 3)
__SIM_CVTA(constant, 4)
__SIM_CVTA(local, 5)
#undef __SIM_CVTA

/* ------------------------------------------------------------ time, misc */
__SIM_DEV clock_t clock(void) {
  return (clock_t)(int)__nvvm_read_ptx_sreg_clock();
}
__SIM_DEV long long clock64(void) {
  return (long long)__nvvm_read_ptx_sreg_clock64();
}
/* not NVIDIA API: a template, so that a project's own (non-template)
 * __globaltimer() is no redefinition and wins overload resolution */
template <typename = void> __SIM_DEV unsigned long long __globaltimer(void) {
  return __nvvm_read_ptx_sreg_globaltimer();
}
__SIM_DEV void __nanosleep(unsigned int ns) { __nvvm_nanosleep(ns); }
__SIM_DEV void __trap(void) { __builtin_trap(); }
__SIM_DEV void __brkpt(void) { __builtin_debugtrap(); }
template <typename = void> __SIM_DEV unsigned int __laneid(void) {
  return __nvvm_read_ptx_sreg_laneid();
}

#endif /* !__SIMULEE_HOST_COMPILER */
#endif
