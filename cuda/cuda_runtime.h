/*
 * simulee's own CUDA headers: enough of the CUDA runtime and device API for
 * real .cu files to compile device-side with clang (-nocudainc), without an
 * NVIDIA toolkit. Force-included by simulee (-include cuda_runtime.h), as nvcc
 * does. Device functions map to clang's NVVM builtins and to libdevice-named
 * __nv_* functions that the simulee interpreter implements natively.
 */
#ifndef SIMULEE_CUDA_RUNTIME_H
#define SIMULEE_CUDA_RUNTIME_H

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))
#define __CUDACC__ 1
#define __NVCC__ 1
#define CUDART_VERSION 12000
#define __CUDA_ARCH__ 700

#include <stddef.h>

#define __SIMULEE_DEV static __device__ __inline__ __attribute__((always_inline))
#define __SIMULEE_HD static __host__ __device__ __inline__ __attribute__((always_inline))

/* ---------------------------------------------------------- vector types */
#define __SIMULEE_VEC(T, N, A)                                                 \
  struct __attribute__((aligned(A))) N##1 { T x; };                            \
  struct __attribute__((aligned(2 * A))) N##2 { T x, y; };                     \
  struct N##3 { T x, y, z; };                                                  \
  struct __attribute__((aligned(4 * A > 16 ? 16 : 4 * A))) N##4 { T x, y, z, w; }; \
  typedef struct N##1 N##1; typedef struct N##2 N##2;                          \
  typedef struct N##3 N##3; typedef struct N##4 N##4;                          \
  __SIMULEE_HD N##1 make_##N##1(T x) { N##1 r = {x}; return r; }               \
  __SIMULEE_HD N##2 make_##N##2(T x, T y) { N##2 r = {x, y}; return r; }       \
  __SIMULEE_HD N##3 make_##N##3(T x, T y, T z) { N##3 r = {x, y, z}; return r; } \
  __SIMULEE_HD N##4 make_##N##4(T x, T y, T z, T w) { N##4 r = {x, y, z, w}; return r; }
__SIMULEE_VEC(signed char, char, 1)
__SIMULEE_VEC(unsigned char, uchar, 1)
__SIMULEE_VEC(short, short, 2)
__SIMULEE_VEC(unsigned short, ushort, 2)
__SIMULEE_VEC(int, int, 4)
__SIMULEE_VEC(unsigned int, uint, 4)
__SIMULEE_VEC(long, long, 8)
__SIMULEE_VEC(unsigned long, ulong, 8)
__SIMULEE_VEC(long long, longlong, 8)
__SIMULEE_VEC(unsigned long long, ulonglong, 8)
__SIMULEE_VEC(float, float, 4)
__SIMULEE_VEC(double, double, 8)
#undef __SIMULEE_VEC

struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3() const { return uint3{x, y, z}; }
};
typedef struct dim3 dim3;

/* ---------------------------------------------------------- built-ins */
#define __SIMULEE_BUILTIN(NAME, TYPE, SREG)                                    \
  struct __simulee_##NAME##_t {                                                \
    static __device__ __forceinline__ unsigned int __fetch_x() { return __nvvm_read_ptx_sreg_##SREG##_x(); } \
    static __device__ __forceinline__ unsigned int __fetch_y() { return __nvvm_read_ptx_sreg_##SREG##_y(); } \
    static __device__ __forceinline__ unsigned int __fetch_z() { return __nvvm_read_ptx_sreg_##SREG##_z(); } \
    __declspec(property(get = __fetch_x)) unsigned int x;                      \
    __declspec(property(get = __fetch_y)) unsigned int y;                      \
    __declspec(property(get = __fetch_z)) unsigned int z;                      \
    __device__ operator TYPE() const { return TYPE(__fetch_x(), __fetch_y(), __fetch_z()); } \
                                                                               \
  private:                                                                     \
    __device__ __simulee_##NAME##_t() = delete;                                \
    __device__ __simulee_##NAME##_t(const __simulee_##NAME##_t &) = delete;    \
    __device__ void operator=(const __simulee_##NAME##_t &) const = delete;    \
    __device__ __simulee_##NAME##_t *operator&() const = delete;               \
  };                                                                           \
  extern const __device__ __simulee_##NAME##_t NAME;
__SIMULEE_BUILTIN(threadIdx, dim3, tid)
__SIMULEE_BUILTIN(blockIdx, dim3, ctaid)
__SIMULEE_BUILTIN(blockDim, dim3, ntid)
__SIMULEE_BUILTIN(gridDim, dim3, nctaid)
#undef __SIMULEE_BUILTIN
#define warpSize (__nvvm_read_ptx_sreg_warpsize())

/* ---------------------------------------------------------- synchronisation */
/* __syncthreads() is a clang builtin (llvm.nvvm.barrier0). */
__SIMULEE_DEV int __syncthreads_count(int p) { return __nvvm_bar0_popc(p); }
__SIMULEE_DEV int __syncthreads_and(int p) { return __nvvm_bar0_and(p); }
__SIMULEE_DEV int __syncthreads_or(int p) { return __nvvm_bar0_or(p); }
__SIMULEE_DEV void __syncwarp(unsigned m = 0xffffffffu) { __nvvm_bar_warp_sync(m); }
__SIMULEE_DEV void __threadfence(void) { __nvvm_membar_gl(); }
__SIMULEE_DEV void __threadfence_block(void) { __nvvm_membar_cta(); }
__SIMULEE_DEV void __threadfence_system(void) { __nvvm_membar_sys(); }
__SIMULEE_DEV unsigned __activemask(void) { return __nvvm_activemask(); }
__SIMULEE_DEV void __nanosleep(unsigned) { __nvvm_nanosleep(0); }
__SIMULEE_DEV long long clock64(void) { return (long long)__nvvm_read_ptx_sreg_clock64(); }
__SIMULEE_DEV int clock(void) { return (int)__nvvm_read_ptx_sreg_clock(); }

/* ---------------------------------------------------------- warp functions */
__SIMULEE_DEV int __shfl_sync(unsigned m, int v, int l, int w = 32) { return __nvvm_shfl_sync_idx_i32(m, v, l, ((32 - w) << 8) | 0x1f); }
__SIMULEE_DEV unsigned __shfl_sync(unsigned m, unsigned v, int l, int w = 32) { return (unsigned)__shfl_sync(m, (int)v, l, w); }
__SIMULEE_DEV float __shfl_sync(unsigned m, float v, int l, int w = 32) { return __nvvm_shfl_sync_idx_f32(m, v, l, ((32 - w) << 8) | 0x1f); }
__SIMULEE_DEV int __shfl_up_sync(unsigned m, int v, unsigned d, int w = 32) { return __nvvm_shfl_sync_up_i32(m, v, d, (32 - w) << 8); }
__SIMULEE_DEV unsigned __shfl_up_sync(unsigned m, unsigned v, unsigned d, int w = 32) { return (unsigned)__shfl_up_sync(m, (int)v, d, w); }
__SIMULEE_DEV float __shfl_up_sync(unsigned m, float v, unsigned d, int w = 32) { return __nvvm_shfl_sync_up_f32(m, v, d, (32 - w) << 8); }
__SIMULEE_DEV int __shfl_down_sync(unsigned m, int v, unsigned d, int w = 32) { return __nvvm_shfl_sync_down_i32(m, v, d, ((32 - w) << 8) | 0x1f); }
__SIMULEE_DEV unsigned __shfl_down_sync(unsigned m, unsigned v, unsigned d, int w = 32) { return (unsigned)__shfl_down_sync(m, (int)v, d, w); }
__SIMULEE_DEV float __shfl_down_sync(unsigned m, float v, unsigned d, int w = 32) { return __nvvm_shfl_sync_down_f32(m, v, d, ((32 - w) << 8) | 0x1f); }
__SIMULEE_DEV int __shfl_xor_sync(unsigned m, int v, int x, int w = 32) { return __nvvm_shfl_sync_bfly_i32(m, v, x, ((32 - w) << 8) | 0x1f); }
__SIMULEE_DEV unsigned __shfl_xor_sync(unsigned m, unsigned v, int x, int w = 32) { return (unsigned)__shfl_xor_sync(m, (int)v, x, w); }
__SIMULEE_DEV float __shfl_xor_sync(unsigned m, float v, int x, int w = 32) { return __nvvm_shfl_sync_bfly_f32(m, v, x, ((32 - w) << 8) | 0x1f); }
#define __SIMULEE_SHFL64(T)                                                    \
  __SIMULEE_DEV T __shfl_sync(unsigned m, T v, int l, int w = 32) {           \
    unsigned long long u = (unsigned long long)v; int lo = (int)u, hi = (int)(u >> 32); \
    lo = __shfl_sync(m, lo, l, w); hi = __shfl_sync(m, hi, l, w);              \
    return (T)(((unsigned long long)(unsigned)hi << 32) | (unsigned)lo); }     \
  __SIMULEE_DEV T __shfl_down_sync(unsigned m, T v, unsigned d, int w = 32) { \
    unsigned long long u = (unsigned long long)v; int lo = (int)u, hi = (int)(u >> 32); \
    lo = __shfl_down_sync(m, lo, d, w); hi = __shfl_down_sync(m, hi, d, w);    \
    return (T)(((unsigned long long)(unsigned)hi << 32) | (unsigned)lo); }     \
  __SIMULEE_DEV T __shfl_up_sync(unsigned m, T v, unsigned d, int w = 32) {   \
    unsigned long long u = (unsigned long long)v; int lo = (int)u, hi = (int)(u >> 32); \
    lo = __shfl_up_sync(m, lo, d, w); hi = __shfl_up_sync(m, hi, d, w);        \
    return (T)(((unsigned long long)(unsigned)hi << 32) | (unsigned)lo); }     \
  __SIMULEE_DEV T __shfl_xor_sync(unsigned m, T v, int x, int w = 32) {       \
    unsigned long long u = (unsigned long long)v; int lo = (int)u, hi = (int)(u >> 32); \
    lo = __shfl_xor_sync(m, lo, x, w); hi = __shfl_xor_sync(m, hi, x, w);      \
    return (T)(((unsigned long long)(unsigned)hi << 32) | (unsigned)lo); }
__SIMULEE_SHFL64(long long)
__SIMULEE_SHFL64(unsigned long long)
#undef __SIMULEE_SHFL64
__SIMULEE_DEV double __shfl_sync(unsigned m, double v, int l, int w = 32) { return __builtin_bit_cast(double, __shfl_sync(m, __builtin_bit_cast(long long, v), l, w)); }
__SIMULEE_DEV double __shfl_down_sync(unsigned m, double v, unsigned d, int w = 32) { return __builtin_bit_cast(double, __shfl_down_sync(m, __builtin_bit_cast(long long, v), d, w)); }
__SIMULEE_DEV double __shfl_up_sync(unsigned m, double v, unsigned d, int w = 32) { return __builtin_bit_cast(double, __shfl_up_sync(m, __builtin_bit_cast(long long, v), d, w)); }
__SIMULEE_DEV double __shfl_xor_sync(unsigned m, double v, int x, int w = 32) { return __builtin_bit_cast(double, __shfl_xor_sync(m, __builtin_bit_cast(long long, v), x, w)); }
__SIMULEE_DEV unsigned __ballot_sync(unsigned m, int p) { return __nvvm_vote_ballot_sync(m, p != 0); }
__SIMULEE_DEV int __any_sync(unsigned m, int p) { return __nvvm_vote_any_sync(m, p != 0); }
__SIMULEE_DEV int __all_sync(unsigned m, int p) { return __nvvm_vote_all_sync(m, p != 0); }
__SIMULEE_DEV int __uni_sync(unsigned m, int p) { return __nvvm_vote_uni_sync(m, p != 0); }
__SIMULEE_DEV unsigned __match_any_sync(unsigned m, unsigned v) { return __nvvm_match_any_sync_i32(m, v); }
__SIMULEE_DEV unsigned __match_any_sync(unsigned m, int v) { return __nvvm_match_any_sync_i32(m, (unsigned)v); }

/* ---------------------------------------------------------- atomics */
#define __SIMULEE_ATOM(NAME, T, EXPR)                                          \
  __SIMULEE_DEV T NAME(T *p, T v) { return EXPR; }
#define __SIMULEE_SCOPED(NAME, T, B, SFX)                                      \
  __SIMULEE_DEV T NAME(T *p, T v) { return B##SFX(p, v); }
__SIMULEE_ATOM(atomicAdd, int, __nvvm_atom_add_gen_i(p, v))
__SIMULEE_ATOM(atomicAdd, unsigned, (unsigned)__nvvm_atom_add_gen_i((int *)p, (int)v))
__SIMULEE_ATOM(atomicAdd, unsigned long long, (unsigned long long)__nvvm_atom_add_gen_ll((long long *)p, (long long)v))
__SIMULEE_ATOM(atomicAdd, float, __nvvm_atom_add_gen_f(p, v))
__SIMULEE_ATOM(atomicAdd, double, __nvvm_atom_add_gen_d(p, v))
__SIMULEE_ATOM(atomicAdd_block, int, __nvvm_atom_cta_add_gen_i(p, v))
__SIMULEE_ATOM(atomicAdd_block, unsigned, (unsigned)__nvvm_atom_cta_add_gen_i((int *)p, (int)v))
__SIMULEE_ATOM(atomicAdd_block, float, __nvvm_atom_cta_add_gen_f(p, v))
__SIMULEE_ATOM(atomicAdd_system, int, __nvvm_atom_sys_add_gen_i(p, v))
__SIMULEE_ATOM(atomicAdd_system, unsigned, (unsigned)__nvvm_atom_sys_add_gen_i((int *)p, (int)v))
__SIMULEE_ATOM(atomicAdd_system, float, __nvvm_atom_sys_add_gen_f(p, v))
__SIMULEE_ATOM(atomicSub, int, __nvvm_atom_add_gen_i(p, -v))
__SIMULEE_ATOM(atomicSub, unsigned, (unsigned)__nvvm_atom_add_gen_i((int *)p, -(int)v))
__SIMULEE_ATOM(atomicExch, int, __nvvm_atom_xchg_gen_i(p, v))
__SIMULEE_ATOM(atomicExch, unsigned, (unsigned)__nvvm_atom_xchg_gen_i((int *)p, (int)v))
__SIMULEE_ATOM(atomicExch, unsigned long long, (unsigned long long)__nvvm_atom_xchg_gen_ll((long long *)p, (long long)v))
__SIMULEE_ATOM(atomicExch, float, __builtin_bit_cast(float, __nvvm_atom_xchg_gen_i((int *)p, __builtin_bit_cast(int, v))))
__SIMULEE_ATOM(atomicMin, int, __nvvm_atom_min_gen_i(p, v))
__SIMULEE_ATOM(atomicMin, unsigned, __nvvm_atom_min_gen_ui(p, v))
__SIMULEE_ATOM(atomicMin, long long, __nvvm_atom_min_gen_ll(p, v))
__SIMULEE_ATOM(atomicMin, unsigned long long, __nvvm_atom_min_gen_ull(p, v))
__SIMULEE_ATOM(atomicMax, int, __nvvm_atom_max_gen_i(p, v))
__SIMULEE_ATOM(atomicMax, unsigned, __nvvm_atom_max_gen_ui(p, v))
__SIMULEE_ATOM(atomicMax, long long, __nvvm_atom_max_gen_ll(p, v))
__SIMULEE_ATOM(atomicMax, unsigned long long, __nvvm_atom_max_gen_ull(p, v))
__SIMULEE_ATOM(atomicInc, unsigned, __nvvm_atom_inc_gen_ui(p, v))
__SIMULEE_ATOM(atomicDec, unsigned, __nvvm_atom_dec_gen_ui(p, v))
__SIMULEE_ATOM(atomicAnd, int, __nvvm_atom_and_gen_i(p, v))
__SIMULEE_ATOM(atomicAnd, unsigned, (unsigned)__nvvm_atom_and_gen_i((int *)p, (int)v))
__SIMULEE_ATOM(atomicAnd, unsigned long long, (unsigned long long)__nvvm_atom_and_gen_ll((long long *)p, (long long)v))
__SIMULEE_ATOM(atomicOr, int, __nvvm_atom_or_gen_i(p, v))
__SIMULEE_ATOM(atomicOr, unsigned, (unsigned)__nvvm_atom_or_gen_i((int *)p, (int)v))
__SIMULEE_ATOM(atomicOr, unsigned long long, (unsigned long long)__nvvm_atom_or_gen_ll((long long *)p, (long long)v))
__SIMULEE_ATOM(atomicXor, int, __nvvm_atom_xor_gen_i(p, v))
__SIMULEE_ATOM(atomicXor, unsigned, (unsigned)__nvvm_atom_xor_gen_i((int *)p, (int)v))
#undef __SIMULEE_ATOM
#undef __SIMULEE_SCOPED
__SIMULEE_DEV int atomicCAS(int *p, int c, int v) { return __nvvm_atom_cas_gen_i(p, c, v); }
__SIMULEE_DEV unsigned atomicCAS(unsigned *p, unsigned c, unsigned v) { return (unsigned)__nvvm_atom_cas_gen_i((int *)p, (int)c, (int)v); }
__SIMULEE_DEV unsigned long long atomicCAS(unsigned long long *p, unsigned long long c, unsigned long long v) { return (unsigned long long)__nvvm_atom_cas_gen_ll((long long *)p, (long long)c, (long long)v); }
__SIMULEE_DEV int atomicCAS_block(int *p, int c, int v) { return __nvvm_atom_cta_cas_gen_i(p, c, v); }
__SIMULEE_DEV int atomicExch_block(int *p, int v) { return __nvvm_atom_cta_xchg_gen_i(p, v); }

/* ---------------------------------------------------------- integer intrinsics */
__SIMULEE_DEV int __popc(unsigned x) { return __builtin_popcount(x); }
__SIMULEE_DEV int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
__SIMULEE_DEV int __clz(int x) { return x ? __builtin_clz((unsigned)x) : 32; }
__SIMULEE_DEV int __clzll(long long x) { return x ? __builtin_clzll((unsigned long long)x) : 64; }
__SIMULEE_DEV int __ffs(int x) { return __builtin_ffs(x); }
__SIMULEE_DEV int __ffsll(long long x) { return __builtin_ffsll(x); }
__SIMULEE_DEV unsigned __brev(unsigned x) { return __builtin_bitreverse32(x); }
__SIMULEE_DEV unsigned long long __brevll(unsigned long long x) { return __builtin_bitreverse64(x); }
extern "C" __device__ unsigned __nv_byte_perm(unsigned, unsigned, unsigned);
__SIMULEE_DEV unsigned __byte_perm(unsigned x, unsigned y, unsigned s) { return __nv_byte_perm(x, y, s); }
__SIMULEE_DEV int __mul24(int a, int b) { return __nvvm_mul24_i(a, b); }
__SIMULEE_DEV unsigned __umul24(unsigned a, unsigned b) { return __nvvm_mul24_ui(a, b); }
__SIMULEE_DEV int __mulhi(int a, int b) { return __nvvm_mulhi_i(a, b); }
__SIMULEE_DEV unsigned __umulhi(unsigned a, unsigned b) { return __nvvm_mulhi_ui(a, b); }
__SIMULEE_DEV long long __mul64hi(long long a, long long b) { return __nvvm_mulhi_ll(a, b); }
__SIMULEE_DEV unsigned long long __umul64hi(unsigned long long a, unsigned long long b) { return __nvvm_mulhi_ull(a, b); }
__SIMULEE_DEV int __float_as_int(float x) { return __builtin_bit_cast(int, x); }
__SIMULEE_DEV float __int_as_float(int x) { return __builtin_bit_cast(float, x); }
__SIMULEE_DEV unsigned __float_as_uint(float x) { return __builtin_bit_cast(unsigned, x); }
__SIMULEE_DEV float __uint_as_float(unsigned x) { return __builtin_bit_cast(float, x); }
__SIMULEE_DEV long long __double_as_longlong(double x) { return __builtin_bit_cast(long long, x); }
__SIMULEE_DEV double __longlong_as_double(long long x) { return __builtin_bit_cast(double, x); }

/* ---------------------------------------------------------- __ldg */
template <typename T> __SIMULEE_DEV T __ldg(const T *p) { return *p; }

/* ---------------------------------------------------------- printf, assert */
extern "C" __device__ int printf(const char *, ...);
extern "C" __device__ void __assertfail(const char *msg, const char *file, unsigned line,
                                        const char *func, size_t charSize);

#include "simulee_math.h"
#include "cuda_runtime_api.h"

#endif
