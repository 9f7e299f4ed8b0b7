/* simulee device math: C/C++ math functions for device code, mapped to the
 * libdevice-named __nv_* functions that the simulee interpreter implements.
 * Included by cuda_runtime.h. */
#ifndef SIMULEE_MATH_H
#define SIMULEE_MATH_H
#include <math.h>
#include <stdlib.h>
#include <assert.h>
#define __SM static __device__ __inline__ __attribute__((always_inline))
extern "C" {
__device__ float __nv_sinf(float); __device__ double __nv_sin(double);
__device__ float __nv_cosf(float); __device__ double __nv_cos(double);
__device__ float __nv_tanf(float); __device__ double __nv_tan(double);
__device__ float __nv_asinf(float); __device__ double __nv_asin(double);
__device__ float __nv_acosf(float); __device__ double __nv_acos(double);
__device__ float __nv_atanf(float); __device__ double __nv_atan(double);
__device__ float __nv_sinhf(float); __device__ double __nv_sinh(double);
__device__ float __nv_coshf(float); __device__ double __nv_cosh(double);
__device__ float __nv_tanhf(float); __device__ double __nv_tanh(double);
__device__ float __nv_asinhf(float); __device__ double __nv_asinh(double);
__device__ float __nv_acoshf(float); __device__ double __nv_acosh(double);
__device__ float __nv_atanhf(float); __device__ double __nv_atanh(double);
__device__ float __nv_expf(float); __device__ double __nv_exp(double);
__device__ float __nv_exp2f(float); __device__ double __nv_exp2(double);
__device__ float __nv_exp10f(float); __device__ double __nv_exp10(double);
__device__ float __nv_expm1f(float); __device__ double __nv_expm1(double);
__device__ float __nv_logf(float); __device__ double __nv_log(double);
__device__ float __nv_log2f(float); __device__ double __nv_log2(double);
__device__ float __nv_log10f(float); __device__ double __nv_log10(double);
__device__ float __nv_log1pf(float); __device__ double __nv_log1p(double);
__device__ float __nv_logbf(float); __device__ double __nv_logb(double);
__device__ float __nv_sqrtf(float); __device__ double __nv_sqrt(double);
__device__ float __nv_rsqrtf(float); __device__ double __nv_rsqrt(double);
__device__ float __nv_cbrtf(float); __device__ double __nv_cbrt(double);
__device__ float __nv_rcbrtf(float); __device__ double __nv_rcbrt(double);
__device__ float __nv_floorf(float); __device__ double __nv_floor(double);
__device__ float __nv_ceilf(float); __device__ double __nv_ceil(double);
__device__ float __nv_truncf(float); __device__ double __nv_trunc(double);
__device__ float __nv_roundf(float); __device__ double __nv_round(double);
__device__ float __nv_rintf(float); __device__ double __nv_rint(double);
__device__ float __nv_nearbyintf(float); __device__ double __nv_nearbyint(double);
__device__ float __nv_erff(float); __device__ double __nv_erf(double);
__device__ float __nv_erfcf(float); __device__ double __nv_erfc(double);
__device__ float __nv_erfinvf(float); __device__ double __nv_erfinv(double);
__device__ float __nv_erfcxf(float); __device__ double __nv_erfcx(double);
__device__ float __nv_lgammaf(float); __device__ double __nv_lgamma(double);
__device__ float __nv_tgammaf(float); __device__ double __nv_tgamma(double);
__device__ float __nv_normcdff(float); __device__ double __nv_normcdf(double);
__device__ float __nv_sinpif(float); __device__ double __nv_sinpi(double);
__device__ float __nv_cospif(float); __device__ double __nv_cospi(double);
__device__ float __nv_j0f(float); __device__ double __nv_j0(double);
__device__ float __nv_j1f(float); __device__ double __nv_j1(double);
__device__ float __nv_y0f(float); __device__ double __nv_y0(double);
__device__ float __nv_y1f(float); __device__ double __nv_y1(double);
__device__ float __nv_fabsf(float); __device__ double __nv_fabs(double);
__device__ float __nv_powf(float, float); __device__ double __nv_pow(double, double);
__device__ float __nv_atan2f(float, float); __device__ double __nv_atan2(double, double);
__device__ float __nv_fmodf(float, float); __device__ double __nv_fmod(double, double);
__device__ float __nv_remainderf(float, float); __device__ double __nv_remainder(double, double);
__device__ float __nv_hypotf(float, float); __device__ double __nv_hypot(double, double);
__device__ float __nv_fdimf(float, float); __device__ double __nv_fdim(double, double);
__device__ float __nv_copysignf(float, float); __device__ double __nv_copysign(double, double);
__device__ float __nv_nextafterf(float, float); __device__ double __nv_nextafter(double, double);
__device__ float __nv_fmaf(float, float, float); __device__ double __nv_fma(double, double, double);
__device__ float __nv_fminf(float, float); __device__ double __nv_fmin(double, double);
__device__ float __nv_fmaxf(float, float); __device__ double __nv_fmax(double, double);
__device__ float __nv_ldexpf(float, int); __device__ double __nv_ldexp(double, int);
__device__ float __nv_scalbnf(float, int); __device__ double __nv_scalbn(double, int);
__device__ float __nv_powif(float, int); __device__ double __nv_powi(double, int);
__device__ int __nv_ilogbf(float); __device__ int __nv_ilogb(double);
__device__ float __nv_frexpf(float, int *); __device__ double __nv_frexp(double, int *);
__device__ float __nv_modff(float, float *); __device__ double __nv_modf(double, double *);
__device__ float __nv_remquof(float, float, int *); __device__ double __nv_remquo(double, double, int *);
__device__ void __nv_sincosf(float, float *, float *); __device__ void __nv_sincos(double, double *, double *);
__device__ void __nv_sincospif(float, float *, float *); __device__ void __nv_sincospi(double, double *, double *);
__device__ int __nv_isnanf(float); __device__ int __nv_isnand(double);
__device__ int __nv_isinff(float); __device__ int __nv_isinfd(double);
__device__ int __nv_finitef(float); __device__ int __nv_isfinited(double);
__device__ int __nv_signbitf(float); __device__ int __nv_signbitd(double);
__device__ float __nv_fast_expf(float); __device__ float __nv_fast_exp10f(float);
__device__ float __nv_fast_logf(float); __device__ float __nv_fast_log2f(float); __device__ float __nv_fast_log10f(float);
__device__ float __nv_fast_sinf(float); __device__ float __nv_fast_cosf(float); __device__ float __nv_fast_tanf(float);
__device__ float __nv_fast_powf(float, float); __device__ float __nv_fdividef(float, float);
__device__ void __nv_fast_sincosf(float, float *, float *);
__device__ float __nv_saturatef(float);
__device__ float __nv_frcp_rn(float); __device__ float __nv_fsqrt_rn(float); __device__ float __nv_frsqrt_rn(float);
__device__ float __nv_fdiv_rn(float, float); __device__ float __nv_fadd_rn(float, float); __device__ float __nv_fadd_rz(float, float);
__device__ float __nv_fsub_rn(float, float); __device__ float __nv_fmul_rn(float, float); __device__ float __nv_fmul_rz(float, float);
__device__ float __nv_fmaf_rn(float, float, float);
__device__ double __nv_drcp_rn(double); __device__ double __nv_dsqrt_rn(double); __device__ double __nv_ddiv_rn(double, double);
__device__ double __nv_dadd_rn(double, double); __device__ double __nv_dmul_rn(double, double); __device__ double __nv_fma_rn(double, double, double);
__device__ int __nv_float2int_rn(float); __device__ int __nv_float2int_rz(float); __device__ int __nv_float2int_rd(float); __device__ int __nv_float2int_ru(float);
__device__ unsigned __nv_float2uint_rn(float); __device__ unsigned __nv_float2uint_rz(float);
__device__ int __nv_double2int_rn(double); __device__ int __nv_double2int_rz(double); __device__ int __nv_double2int_rd(double); __device__ int __nv_double2int_ru(double);
__device__ unsigned __nv_double2uint_rn(double); __device__ unsigned __nv_double2uint_rz(double);
__device__ long long __nv_float2ll_rn(float); __device__ long long __nv_float2ll_rz(float);
__device__ long long __nv_double2ll_rn(double); __device__ long long __nv_double2ll_rz(double);
__device__ float __nv_int2float_rn(int); __device__ float __nv_uint2float_rn(unsigned);
__device__ double __nv_int2double_rn(int); __device__ double __nv_uint2double_rn(unsigned);
__device__ float __nv_ll2float_rn(long long); __device__ double __nv_ll2double_rn(long long);
__device__ float __nv_ull2float_rn(unsigned long long); __device__ double __nv_ull2double_rn(unsigned long long);
__device__ float __nv_double2float_rn(double); __device__ float __nv_double2float_rz(double);
__device__ unsigned short __nv_float2half_rn(float); __device__ float __nv_half2float(unsigned short);
__device__ int __nv_sad(int, int, unsigned); __device__ unsigned __nv_usad(unsigned, unsigned, unsigned);
__device__ int __nv_hadd(int, int); __device__ int __nv_rhadd(int, int);
__device__ unsigned __nv_uhadd(unsigned, unsigned); __device__ unsigned __nv_urhadd(unsigned, unsigned);
}

__SM float sinf(float x) { return __nv_sinf(x); } __SM double sin(double x) { return __nv_sin(x); } __SM float sin(float x) { return __nv_sinf(x); }
__SM float cosf(float x) { return __nv_cosf(x); } __SM double cos(double x) { return __nv_cos(x); } __SM float cos(float x) { return __nv_cosf(x); }
__SM float tanf(float x) { return __nv_tanf(x); } __SM double tan(double x) { return __nv_tan(x); } __SM float tan(float x) { return __nv_tanf(x); }
__SM float asinf(float x) { return __nv_asinf(x); } __SM double asin(double x) { return __nv_asin(x); } __SM float asin(float x) { return __nv_asinf(x); }
__SM float acosf(float x) { return __nv_acosf(x); } __SM double acos(double x) { return __nv_acos(x); } __SM float acos(float x) { return __nv_acosf(x); }
__SM float atanf(float x) { return __nv_atanf(x); } __SM double atan(double x) { return __nv_atan(x); } __SM float atan(float x) { return __nv_atanf(x); }
__SM float sinhf(float x) { return __nv_sinhf(x); } __SM double sinh(double x) { return __nv_sinh(x); } __SM float sinh(float x) { return __nv_sinhf(x); }
__SM float coshf(float x) { return __nv_coshf(x); } __SM double cosh(double x) { return __nv_cosh(x); } __SM float cosh(float x) { return __nv_coshf(x); }
__SM float tanhf(float x) { return __nv_tanhf(x); } __SM double tanh(double x) { return __nv_tanh(x); } __SM float tanh(float x) { return __nv_tanhf(x); }
__SM float asinhf(float x) { return __nv_asinhf(x); } __SM double asinh(double x) { return __nv_asinh(x); } __SM float asinh(float x) { return __nv_asinhf(x); }
__SM float acoshf(float x) { return __nv_acoshf(x); } __SM double acosh(double x) { return __nv_acosh(x); } __SM float acosh(float x) { return __nv_acoshf(x); }
__SM float atanhf(float x) { return __nv_atanhf(x); } __SM double atanh(double x) { return __nv_atanh(x); } __SM float atanh(float x) { return __nv_atanhf(x); }
__SM float expf(float x) { return __nv_expf(x); } __SM double exp(double x) { return __nv_exp(x); } __SM float exp(float x) { return __nv_expf(x); }
__SM float exp2f(float x) { return __nv_exp2f(x); } __SM double exp2(double x) { return __nv_exp2(x); } __SM float exp2(float x) { return __nv_exp2f(x); }
__SM float exp10f(float x) { return __nv_exp10f(x); } __SM double exp10(double x) { return __nv_exp10(x); } __SM float exp10(float x) { return __nv_exp10f(x); }
__SM float expm1f(float x) { return __nv_expm1f(x); } __SM double expm1(double x) { return __nv_expm1(x); } __SM float expm1(float x) { return __nv_expm1f(x); }
__SM float logf(float x) { return __nv_logf(x); } __SM double log(double x) { return __nv_log(x); } __SM float log(float x) { return __nv_logf(x); }
__SM float log2f(float x) { return __nv_log2f(x); } __SM double log2(double x) { return __nv_log2(x); } __SM float log2(float x) { return __nv_log2f(x); }
__SM float log10f(float x) { return __nv_log10f(x); } __SM double log10(double x) { return __nv_log10(x); } __SM float log10(float x) { return __nv_log10f(x); }
__SM float log1pf(float x) { return __nv_log1pf(x); } __SM double log1p(double x) { return __nv_log1p(x); } __SM float log1p(float x) { return __nv_log1pf(x); }
__SM float logbf(float x) { return __nv_logbf(x); } __SM double logb(double x) { return __nv_logb(x); } __SM float logb(float x) { return __nv_logbf(x); }
__SM float sqrtf(float x) { return __nv_sqrtf(x); } __SM double sqrt(double x) { return __nv_sqrt(x); } __SM float sqrt(float x) { return __nv_sqrtf(x); }
__SM float rsqrtf(float x) { return __nv_rsqrtf(x); } __SM double rsqrt(double x) { return __nv_rsqrt(x); } __SM float rsqrt(float x) { return __nv_rsqrtf(x); }
__SM float cbrtf(float x) { return __nv_cbrtf(x); } __SM double cbrt(double x) { return __nv_cbrt(x); } __SM float cbrt(float x) { return __nv_cbrtf(x); }
__SM float rcbrtf(float x) { return __nv_rcbrtf(x); } __SM double rcbrt(double x) { return __nv_rcbrt(x); } __SM float rcbrt(float x) { return __nv_rcbrtf(x); }
__SM float floorf(float x) { return __nv_floorf(x); } __SM double floor(double x) { return __nv_floor(x); } __SM float floor(float x) { return __nv_floorf(x); }
__SM float ceilf(float x) { return __nv_ceilf(x); } __SM double ceil(double x) { return __nv_ceil(x); } __SM float ceil(float x) { return __nv_ceilf(x); }
__SM float truncf(float x) { return __nv_truncf(x); } __SM double trunc(double x) { return __nv_trunc(x); } __SM float trunc(float x) { return __nv_truncf(x); }
__SM float roundf(float x) { return __nv_roundf(x); } __SM double round(double x) { return __nv_round(x); } __SM float round(float x) { return __nv_roundf(x); }
__SM float rintf(float x) { return __nv_rintf(x); } __SM double rint(double x) { return __nv_rint(x); } __SM float rint(float x) { return __nv_rintf(x); }
__SM float nearbyintf(float x) { return __nv_nearbyintf(x); } __SM double nearbyint(double x) { return __nv_nearbyint(x); } __SM float nearbyint(float x) { return __nv_nearbyintf(x); }
__SM float erff(float x) { return __nv_erff(x); } __SM double erf(double x) { return __nv_erf(x); } __SM float erf(float x) { return __nv_erff(x); }
__SM float erfcf(float x) { return __nv_erfcf(x); } __SM double erfc(double x) { return __nv_erfc(x); } __SM float erfc(float x) { return __nv_erfcf(x); }
__SM float erfinvf(float x) { return __nv_erfinvf(x); } __SM double erfinv(double x) { return __nv_erfinv(x); } __SM float erfinv(float x) { return __nv_erfinvf(x); }
__SM float erfcxf(float x) { return __nv_erfcxf(x); } __SM double erfcx(double x) { return __nv_erfcx(x); } __SM float erfcx(float x) { return __nv_erfcxf(x); }
__SM float lgammaf(float x) { return __nv_lgammaf(x); } __SM double lgamma(double x) { return __nv_lgamma(x); } __SM float lgamma(float x) { return __nv_lgammaf(x); }
__SM float tgammaf(float x) { return __nv_tgammaf(x); } __SM double tgamma(double x) { return __nv_tgamma(x); } __SM float tgamma(float x) { return __nv_tgammaf(x); }
__SM float normcdff(float x) { return __nv_normcdff(x); } __SM double normcdf(double x) { return __nv_normcdf(x); } __SM float normcdf(float x) { return __nv_normcdff(x); }
__SM float sinpif(float x) { return __nv_sinpif(x); } __SM double sinpi(double x) { return __nv_sinpi(x); } __SM float sinpi(float x) { return __nv_sinpif(x); }
__SM float cospif(float x) { return __nv_cospif(x); } __SM double cospi(double x) { return __nv_cospi(x); } __SM float cospi(float x) { return __nv_cospif(x); }
__SM float j0f(float x) { return __nv_j0f(x); } __SM double j0(double x) { return __nv_j0(x); } __SM float j0(float x) { return __nv_j0f(x); }
__SM float j1f(float x) { return __nv_j1f(x); } __SM double j1(double x) { return __nv_j1(x); } __SM float j1(float x) { return __nv_j1f(x); }
__SM float y0f(float x) { return __nv_y0f(x); } __SM double y0(double x) { return __nv_y0(x); } __SM float y0(float x) { return __nv_y0f(x); }
__SM float y1f(float x) { return __nv_y1f(x); } __SM double y1(double x) { return __nv_y1(x); } __SM float y1(float x) { return __nv_y1f(x); }
__SM float powf(float x, float y) { return __nv_powf(x, y); } __SM double pow(double x, double y) { return __nv_pow(x, y); } __SM float pow(float x, float y) { return __nv_powf(x, y); }
__SM float atan2f(float x, float y) { return __nv_atan2f(x, y); } __SM double atan2(double x, double y) { return __nv_atan2(x, y); } __SM float atan2(float x, float y) { return __nv_atan2f(x, y); }
__SM float fmodf(float x, float y) { return __nv_fmodf(x, y); } __SM double fmod(double x, double y) { return __nv_fmod(x, y); } __SM float fmod(float x, float y) { return __nv_fmodf(x, y); }
__SM float remainderf(float x, float y) { return __nv_remainderf(x, y); } __SM double remainder(double x, double y) { return __nv_remainder(x, y); } __SM float remainder(float x, float y) { return __nv_remainderf(x, y); }
__SM float hypotf(float x, float y) { return __nv_hypotf(x, y); } __SM double hypot(double x, double y) { return __nv_hypot(x, y); } __SM float hypot(float x, float y) { return __nv_hypotf(x, y); }
__SM float fdimf(float x, float y) { return __nv_fdimf(x, y); } __SM double fdim(double x, double y) { return __nv_fdim(x, y); } __SM float fdim(float x, float y) { return __nv_fdimf(x, y); }
__SM float copysignf(float x, float y) { return __nv_copysignf(x, y); } __SM double copysign(double x, double y) { return __nv_copysign(x, y); } __SM float copysign(float x, float y) { return __nv_copysignf(x, y); }
__SM float nextafterf(float x, float y) { return __nv_nextafterf(x, y); } __SM double nextafter(double x, double y) { return __nv_nextafter(x, y); } __SM float nextafter(float x, float y) { return __nv_nextafterf(x, y); }
__SM float fabsf(float x) { return __builtin_fabsf(x); } __SM double fabs(double x) { return __builtin_fabs(x); } __SM float fabs(float x) { return __builtin_fabsf(x); }
__SM float fminf(float x, float y) { return __nv_fminf(x, y); } __SM double fmin(double x, double y) { return __nv_fmin(x, y); } __SM float fmin(float x, float y) { return __nv_fminf(x, y); }
__SM float fmaxf(float x, float y) { return __nv_fmaxf(x, y); } __SM double fmax(double x, double y) { return __nv_fmax(x, y); } __SM float fmax(float x, float y) { return __nv_fmaxf(x, y); }
__SM float fmaf(float x, float y, float z) { return __nv_fmaf(x, y, z); } __SM double fma(double x, double y, double z) { return __nv_fma(x, y, z); } __SM float fma(float x, float y, float z) { return __nv_fmaf(x, y, z); }
__SM float ldexpf(float x, int e) { return __nv_ldexpf(x, e); } __SM double ldexp(double x, int e) { return __nv_ldexp(x, e); }
__SM float scalbnf(float x, int e) { return __nv_scalbnf(x, e); } __SM double scalbn(double x, int e) { return __nv_scalbn(x, e); }
__SM int ilogbf(float x) { return __nv_ilogbf(x); } __SM int ilogb(double x) { return __nv_ilogb(x); }
__SM float frexpf(float x, int *e) { return __nv_frexpf(x, e); } __SM double frexp(double x, int *e) { return __nv_frexp(x, e); }
__SM float modff(float x, float *i) { return __nv_modff(x, i); } __SM double modf(double x, double *i) { return __nv_modf(x, i); }
__SM float remquof(float x, float y, int *q) { return __nv_remquof(x, y, q); } __SM double remquo(double x, double y, int *q) { return __nv_remquo(x, y, q); }
__SM void sincosf(float x, float *s, float *c) { __nv_sincosf(x, s, c); } __SM void sincos(double x, double *s, double *c) { __nv_sincos(x, s, c); }
__SM void sincospif(float x, float *s, float *c) { __nv_sincospif(x, s, c); } __SM void sincospi(double x, double *s, double *c) { __nv_sincospi(x, s, c); }
__SM float powf(float x, int n) { return __nv_powif(x, n); }
__SM int abs(int x) { return x < 0 ? -x : x; } __SM long labs(long x) { return x < 0 ? -x : x; } __SM long long llabs(long long x) { return x < 0 ? -x : x; }
__SM int min(int a, int b) { return a < b ? a : b; } __SM int max(int a, int b) { return a > b ? a : b; }
__SM unsigned min(unsigned a, unsigned b) { return a < b ? a : b; } __SM unsigned max(unsigned a, unsigned b) { return a > b ? a : b; }
__SM unsigned min(int a, unsigned b) { return (unsigned)a < b ? (unsigned)a : b; } __SM unsigned max(int a, unsigned b) { return (unsigned)a > b ? (unsigned)a : b; }
__SM unsigned min(unsigned a, int b) { return a < (unsigned)b ? a : (unsigned)b; } __SM unsigned max(unsigned a, int b) { return a > (unsigned)b ? a : (unsigned)b; }
__SM long long min(long long a, long long b) { return a < b ? a : b; } __SM long long max(long long a, long long b) { return a > b ? a : b; }
__SM unsigned long long min(unsigned long long a, unsigned long long b) { return a < b ? a : b; } __SM unsigned long long max(unsigned long long a, unsigned long long b) { return a > b ? a : b; }
__SM float min(float a, float b) { return __nv_fminf(a, b); } __SM float max(float a, float b) { return __nv_fmaxf(a, b); }
__SM double min(double a, double b) { return __nv_fmin(a, b); } __SM double max(double a, double b) { return __nv_fmax(a, b); }
__SM int umin(unsigned a, unsigned b) { return (int)(a < b ? a : b); }
/* CUDA intrinsics */
__SM float __expf(float x) { return __nv_fast_expf(x); } __SM float __exp10f(float x) { return __nv_fast_exp10f(x); }
__SM float __logf(float x) { return __nv_fast_logf(x); } __SM float __log2f(float x) { return __nv_fast_log2f(x); } __SM float __log10f(float x) { return __nv_fast_log10f(x); }
__SM float __sinf(float x) { return __nv_fast_sinf(x); } __SM float __cosf(float x) { return __nv_fast_cosf(x); } __SM float __tanf(float x) { return __nv_fast_tanf(x); }
__SM void __sincosf(float x, float *s, float *c) { __nv_fast_sincosf(x, s, c); }
__SM float __powf(float x, float y) { return __nv_fast_powf(x, y); } __SM float __fdividef(float x, float y) { return __nv_fdividef(x, y); }
__SM float __saturatef(float x) { return __nv_saturatef(x); }
__SM float __frcp_rn(float x) { return __nv_frcp_rn(x); } __SM float __fsqrt_rn(float x) { return __nv_fsqrt_rn(x); } __SM float __frsqrt_rn(float x) { return __nv_frsqrt_rn(x); }
__SM float __fdiv_rn(float x, float y) { return __nv_fdiv_rn(x, y); }
__SM float __fadd_rn(float x, float y) { return __nv_fadd_rn(x, y); } __SM float __fadd_rz(float x, float y) { return __nv_fadd_rz(x, y); }
__SM float __fsub_rn(float x, float y) { return __nv_fsub_rn(x, y); }
__SM float __fmul_rn(float x, float y) { return __nv_fmul_rn(x, y); } __SM float __fmul_rz(float x, float y) { return __nv_fmul_rz(x, y); }
__SM float __fmaf_rn(float x, float y, float z) { return __nv_fmaf_rn(x, y, z); }
__SM double __drcp_rn(double x) { return __nv_drcp_rn(x); } __SM double __dsqrt_rn(double x) { return __nv_dsqrt_rn(x); }
__SM double __ddiv_rn(double x, double y) { return __nv_ddiv_rn(x, y); } __SM double __dadd_rn(double x, double y) { return __nv_dadd_rn(x, y); }
__SM double __dmul_rn(double x, double y) { return __nv_dmul_rn(x, y); } __SM double __fma_rn(double x, double y, double z) { return __nv_fma_rn(x, y, z); }
__SM int __float2int_rn(float x) { return __nv_float2int_rn(x); } __SM int __float2int_rz(float x) { return __nv_float2int_rz(x); }
__SM int __float2int_rd(float x) { return __nv_float2int_rd(x); } __SM int __float2int_ru(float x) { return __nv_float2int_ru(x); }
__SM unsigned __float2uint_rn(float x) { return __nv_float2uint_rn(x); } __SM unsigned __float2uint_rz(float x) { return __nv_float2uint_rz(x); }
__SM int __double2int_rn(double x) { return __nv_double2int_rn(x); } __SM int __double2int_rz(double x) { return __nv_double2int_rz(x); }
__SM long long __float2ll_rn(float x) { return __nv_float2ll_rn(x); } __SM long long __double2ll_rn(double x) { return __nv_double2ll_rn(x); }
__SM float __int2float_rn(int x) { return __nv_int2float_rn(x); } __SM float __uint2float_rn(unsigned x) { return __nv_uint2float_rn(x); }
__SM double __int2double_rn(int x) { return __nv_int2double_rn(x); } __SM float __ll2float_rn(long long x) { return __nv_ll2float_rn(x); }
__SM float __double2float_rn(double x) { return __nv_double2float_rn(x); }
__SM int __sad(int a, int b, unsigned c) { return __nv_sad(a, b, c); } __SM unsigned __usad(unsigned a, unsigned b, unsigned c) { return __nv_usad(a, b, c); }
__SM int __hadd(int a, int b) { return __nv_hadd(a, b); } __SM int __rhadd(int a, int b) { return __nv_rhadd(a, b); }
__SM unsigned __uhadd(unsigned a, unsigned b) { return __nv_uhadd(a, b); } __SM unsigned __urhadd(unsigned a, unsigned b) { return __nv_urhadd(a, b); }
__SM int isnan(float x) { return __nv_isnanf(x); } __SM int isnan(double x) { return __nv_isnand(x); }
__SM int isinf(float x) { return __nv_isinff(x); } __SM int isinf(double x) { return __nv_isinfd(x); }
__SM int isfinite(float x) { return __nv_finitef(x); } __SM int isfinite(double x) { return __nv_isfinited(x); }
__SM int signbit(float x) { return __nv_signbitf(x); } __SM int signbit(double x) { return __nv_signbitd(x); }
/* assert() in device code */
__device__ static __inline__ void __assert_fail(const char *m, const char *f, unsigned l, const char *fn) { __assertfail(m, f, l, fn, 1); }
#undef __SM
#endif
