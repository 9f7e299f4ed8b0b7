/* simulee CUDA headers: the CUDA math library on the device.
 *
 * Every function is a device-only inline wrapper around the libdevice
 * function of the same meaning (__nv_<name>f for float, __nv_<name> for
 * double). The global namespace gets the C names (sinf, sin, ...) and the
 * C++ float overloads CUDA defines (sin(float), pow(float, float), ...),
 * plus abs/min/max for the integer and floating types.
 *
 * These declarations precede the C and C++ standard headers on purpose
 * (cuda_runtime.h includes <math.h>/<cmath> after this file): libstdc++'s
 * <cmath> then imports them into namespace std with `using ::sin;`, and
 * clang keeps libstdc++'s own constexpr float overloads host-only because a
 * device function with the same signature is already visible. So sin(x),
 * ::sinf(x), std::sin(x) and std::sqrt(x) all call libdevice in device code,
 * whichever headers the file includes. */
#ifndef SIMULEE_CUDA_MATH_FUNCTIONS_H
#define SIMULEE_CUDA_MATH_FUNCTIONS_H
/* NVIDIA's include guard for this header's contents (code tests them) */
#ifndef __MATH_FUNCTIONS_H__
#define __MATH_FUNCTIONS_H__
#endif

#include "host_defines.h"
/* CUDA code only: a plain host compiler has its own <math.h> */
#ifndef __SIMULEE_HOST_COMPILER
#include "libdevice_functions.h"

/* -------------------------------------- float(float) / double(double) */
#define __SIM_M1(n)                                                            \
  __SIM_DEV float n##f(float x) { return __nv_##n##f(x); }                     \
  __SIM_DEV double n(double x) { return __nv_##n(x); }                         \
  __SIM_DEV float n(float x) { return __nv_##n##f(x); }
__SIM_M1(acos) __SIM_M1(acosh) __SIM_M1(asin) __SIM_M1(asinh) __SIM_M1(atan)
__SIM_M1(atanh) __SIM_M1(cbrt) __SIM_M1(ceil) __SIM_M1(cos) __SIM_M1(cosh)
__SIM_M1(cospi) __SIM_M1(erf) __SIM_M1(erfc) __SIM_M1(erfcinv)
__SIM_M1(erfcx) __SIM_M1(erfinv) __SIM_M1(exp) __SIM_M1(exp10)
__SIM_M1(exp2) __SIM_M1(expm1) __SIM_M1(fabs) __SIM_M1(floor) __SIM_M1(j0)
__SIM_M1(j1) __SIM_M1(lgamma) __SIM_M1(log) __SIM_M1(log10) __SIM_M1(log1p)
__SIM_M1(log2) __SIM_M1(logb) __SIM_M1(nearbyint) __SIM_M1(normcdf)
__SIM_M1(normcdfinv) __SIM_M1(rcbrt) __SIM_M1(rint) __SIM_M1(round)
__SIM_M1(rsqrt) __SIM_M1(sin) __SIM_M1(sinh) __SIM_M1(sinpi) __SIM_M1(sqrt)
__SIM_M1(tan) __SIM_M1(tanh) __SIM_M1(tgamma) __SIM_M1(trunc) __SIM_M1(y0)
__SIM_M1(y1) __SIM_M1(cyl_bessel_i0) __SIM_M1(cyl_bessel_i1)
#undef __SIM_M1

/* ------------------------------------------- two floating point arguments */
#define __SIM_M2(n)                                                            \
  __SIM_DEV float n##f(float x, float y) { return __nv_##n##f(x, y); }         \
  __SIM_DEV double n(double x, double y) { return __nv_##n(x, y); }            \
  __SIM_DEV float n(float x, float y) { return __nv_##n##f(x, y); }
__SIM_M2(atan2) __SIM_M2(copysign) __SIM_M2(fdim) __SIM_M2(fmax)
__SIM_M2(fmin) __SIM_M2(fmod) __SIM_M2(hypot) __SIM_M2(nextafter)
__SIM_M2(pow) __SIM_M2(remainder) __SIM_M2(rhypot)
#undef __SIM_M2

/* CUDA's pow with an integer exponent (libdevice powi) */
__SIM_DEV float pow(float x, int n) { return __nv_powif(x, n); }
__SIM_DEV double pow(double x, int n) { return __nv_powi(x, n); }

__SIM_DEV float fmaf(float x, float y, float z) { return __nv_fmaf(x, y, z); }
__SIM_DEV double fma(double x, double y, double z) {
  return __nv_fma(x, y, z);
}
__SIM_DEV float fma(float x, float y, float z) { return __nv_fmaf(x, y, z); }
/* fdividef is an IEEE division (only __fdividef is the fast one) */
__SIM_DEV float fdividef(float x, float y) { return x / y; }

/* ---------------------------------------------------- other signatures
 * __SIM_MX(ret_f, ret_d, name, params-with-T, args) defines namef (float),
 * name (double) and name (float overload); T is the floating type. */
#define __SIM_MX(RF, RD, n, PF, PD, ARGS)                                      \
  __SIM_DEV RF n##f PF { return __nv_##n##f ARGS; }                            \
  __SIM_DEV RD n PD { return __nv_##n ARGS; }                                  \
  __SIM_DEV RF n PF { return __nv_##n##f ARGS; }
__SIM_MX(float, double, frexp, (float x, int *e), (double x, int *e), (x, e))
__SIM_MX(float, double, ldexp, (float x, int e), (double x, int e), (x, e))
__SIM_MX(float, double, scalbn, (float x, int e), (double x, int e), (x, e))
__SIM_MX(float, double, modf, (float x, float *i), (double x, double *i),
         (x, i))
__SIM_MX(float, double, remquo, (float x, float y, int *q),
         (double x, double y, int *q), (x, y, q))
__SIM_MX(int, int, ilogb, (float x), (double x), (x))
__SIM_MX(long long, long long, llrint, (float x), (double x), (x))
__SIM_MX(long long, long long, llround, (float x), (double x), (x))
__SIM_MX(void, void, sincos, (float x, float *s, float *c),
         (double x, double *s, double *c), (x, s, c))
__SIM_MX(void, void, sincospi, (float x, float *s, float *c),
         (double x, double *s, double *c), (x, s, c))
__SIM_MX(float, double, jn, (int n, float x), (int n, double x), (n, x))
__SIM_MX(float, double, yn, (int n, float x), (int n, double x), (n, x))
__SIM_MX(float, double, norm3d, (float a, float b, float c),
         (double a, double b, double c), (a, b, c))
__SIM_MX(float, double, rnorm3d, (float a, float b, float c),
         (double a, double b, double c), (a, b, c))
__SIM_MX(float, double, norm4d, (float a, float b, float c, float d),
         (double a, double b, double c, double d), (a, b, c, d))
__SIM_MX(float, double, rnorm4d, (float a, float b, float c, float d),
         (double a, double b, double c, double d), (a, b, c, d))
#undef __SIM_MX
__SIM_DEV float normf(int n, const float *a) { return __nv_normf(n, a); }
__SIM_DEV double norm(int n, const double *a) { return __nv_norm(n, a); }
__SIM_DEV float rnormf(int n, const float *a) { return __nv_rnormf(n, a); }
__SIM_DEV double rnorm(int n, const double *a) { return __nv_rnorm(n, a); }
__SIM_DEV float nanf(const char *tag) { return __nv_nanf(tag); }
__SIM_DEV double nan(const char *tag) { return __nv_nan(tag); }
/* long is 64 bits on the device: the long forms are the long long ones */
__SIM_DEV long lrintf(float x) { return (long)__nv_llrintf(x); }
__SIM_DEV long lrint(double x) { return (long)__nv_llrint(x); }
__SIM_DEV long lrint(float x) { return (long)__nv_llrintf(x); }
__SIM_DEV long lroundf(float x) { return (long)__nv_llroundf(x); }
__SIM_DEV long lround(double x) { return (long)__nv_llround(x); }
__SIM_DEV long lround(float x) { return (long)__nv_llroundf(x); }
/* scalbln: an exponent beyond int range saturates (the result is then 0 or
 * infinite whatever the exact value) */
__SIM_DEV int __sim_clamp_exp(long e) {
  return e > 100000 ? 100000 : (e < -100000 ? -100000 : (int)e);
}
__SIM_DEV float scalblnf(float x, long e) {
  return __nv_scalbnf(x, __sim_clamp_exp(e));
}
__SIM_DEV double scalbln(double x, long e) {
  return __nv_scalbn(x, __sim_clamp_exp(e));
}
__SIM_DEV float scalbln(float x, long e) {
  return __nv_scalbnf(x, __sim_clamp_exp(e));
}

/* ------------------------------------------------------ abs, min, max */
__SIM_DEV int abs(int x) { return __nv_abs(x); }
__SIM_DEV long labs(long x) { return (long)__nv_llabs(x); }
__SIM_DEV long long llabs(long long x) { return __nv_llabs(x); }
__SIM_DEV long abs(long x) { return (long)__nv_llabs(x); }
__SIM_DEV long long abs(long long x) { return __nv_llabs(x); }
__SIM_DEV float abs(float x) { return __nv_fabsf(x); }
__SIM_DEV double abs(double x) { return __nv_fabs(x); }

/* min and max for every pair of int, unsigned, long, unsigned long, long
 * long, unsigned long long, float and double, callable from host and device
 * code as with nvcc: the result has the type of the usual arithmetic
 * conversions of the pair (so int with unsigned compares unsigned, an
 * integer with a float compares in floating point); float and double follow
 * fmin/fmax (a NaN operand yields the other one). umin, umax, llmin, llmax,
 * ullmin and ullmax are the typed integer forms. */
#define __SIM_MINMAX_INT(T, N)                                                 \
  __SIM_HD T N##min(T a, T b) { return a < b ? a : b; }                        \
  __SIM_HD T N##max(T a, T b) { return a > b ? a : b; }
__SIM_MINMAX_INT(unsigned int, u)
__SIM_MINMAX_INT(long long, ll)
__SIM_MINMAX_INT(unsigned long long, ull)
#undef __SIM_MINMAX_INT
#define __SIM_MM_PAIR(A, B)                                                    \
  __SIM_HD decltype((A)0 + (B)0) min(A a, B b) {                               \
    typedef decltype((A)0 + (B)0) __sim_t;                                     \
    return __sim_mm_min((__sim_t)a, (__sim_t)b);                               \
  }                                                                            \
  __SIM_HD decltype((A)0 + (B)0) max(A a, B b) {                               \
    typedef decltype((A)0 + (B)0) __sim_t;                                     \
    return __sim_mm_max((__sim_t)a, (__sim_t)b);                               \
  }
/* the comparison in the converted type */
#define __SIM_MM_SAME(T)                                                       \
  __SIM_HD T __sim_mm_min(T a, T b) { return a < b ? a : b; }                  \
  __SIM_HD T __sim_mm_max(T a, T b) { return a > b ? a : b; }
__SIM_MM_SAME(int)
__SIM_MM_SAME(unsigned int)
__SIM_MM_SAME(long)
__SIM_MM_SAME(unsigned long)
__SIM_MM_SAME(long long)
__SIM_MM_SAME(unsigned long long)
#undef __SIM_MM_SAME
__SIM_HD float __sim_mm_min(float a, float b) { return __builtin_fminf(a, b); }
__SIM_HD float __sim_mm_max(float a, float b) { return __builtin_fmaxf(a, b); }
__SIM_HD double __sim_mm_min(double a, double b) { return __builtin_fmin(a, b); }
__SIM_HD double __sim_mm_max(double a, double b) { return __builtin_fmax(a, b); }
#define __SIM_MM_ROW(A)                                                        \
  __SIM_MM_PAIR(A, int)                                                        \
  __SIM_MM_PAIR(A, unsigned int)                                               \
  __SIM_MM_PAIR(A, long)                                                       \
  __SIM_MM_PAIR(A, unsigned long)                                              \
  __SIM_MM_PAIR(A, long long)                                                  \
  __SIM_MM_PAIR(A, unsigned long long)                                         \
  __SIM_MM_PAIR(A, float)                                                      \
  __SIM_MM_PAIR(A, double)
__SIM_MM_ROW(int)
__SIM_MM_ROW(unsigned int)
__SIM_MM_ROW(long)
__SIM_MM_ROW(unsigned long)
__SIM_MM_ROW(long long)
__SIM_MM_ROW(unsigned long long)
__SIM_MM_ROW(float)
__SIM_MM_ROW(double)
#undef __SIM_MM_ROW
#undef __SIM_MM_PAIR

#endif /* !__SIMULEE_HOST_COMPILER */
#endif
