/*
 * Native implementations of the libdevice (__nv_*) functions and the LLVM /
 * NVVM floating-point intrinsics. Looked up by name at lowering time; the
 * interpreter calls them per lane through the signature class of `sig`:
 *   f float, d double, i int, u unsigned, l long long, h half bits,
 *   p pointer to a result of the return type, q pointer to an int result.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "interp/ir.h"
#include "interp/util.h"

/* ---------------------------------------------------------------- helpers */

static float rsqrtf_(float x) { return 1.0f / sqrtf(x); }
static double rsqrt_(double x) { return 1.0 / sqrt(x); }
static float rcpf_(float x) { return 1.0f / x; }
static double rcp_(double x) { return 1.0 / x; }
static float fdividef_(float a, float b) { return a / b; }
static double ddiv_(double a, double b) { return a / b; }
static float fadd_(float a, float b) { return a + b; }
static float fsub_(float a, float b) { return a - b; }
static float fmul_(float a, float b) { return a * b; }
static double dadd_(double a, double b) { return a + b; }
static double dsub_(double a, double b) { return a - b; }
static double dmul_(double a, double b) { return a * b; }
static float saturatef_(float x) { return x != x ? 0.0f : x < 0 ? 0.0f : x > 1 ? 1.0f : x; }
static double saturate_(double x) { return x != x ? 0.0 : x < 0 ? 0.0 : x > 1 ? 1.0 : x; }
static float exp10f_(float x) { return powf(10.0f, x); }
static double exp10_(double x) { return pow(10.0, x); }
static float rcbrtf_(float x) { return 1.0f / cbrtf(x); }
static double rcbrt_(double x) { return 1.0 / cbrt(x); }
static float sinpif_(float x) { return sinf((float)M_PI * x); }
static float cospif_(float x) { return cosf((float)M_PI * x); }
static double sinpi_(double x) { return sin(M_PI * x); }
static double cospi_(double x) { return cos(M_PI * x); }
static float ex2f_(float x) { return exp2f(x); }
static float lg2f_(float x) { return log2f(x); }
static float powif_(float x, int n) { return powf(x, (float)n); }
static double powi_(double x, int n) { return pow(x, (double)n); }
static float roundevenf_(float x) { return nearbyintf(x); }
static double roundeven_(double x) { return nearbyint(x); }
static float canonf_(float x) { return x; }
static double canon_(double x) { return x; }
static float minimumf_(float a, float b) { return a != a || b != b ? NAN : fminf(a, b); }
static float maximumf_(float a, float b) { return a != a || b != b ? NAN : fmaxf(a, b); }
static double minimum_(double a, double b) { return a != a || b != b ? NAN : fmin(a, b); }
static double maximum_(double a, double b) { return a != a || b != b ? NAN : fmax(a, b); }
static float normcdff_(float x) { return 0.5f * erfcf(-x / sqrtf(2.0f)); }
static double normcdf_(double x) { return 0.5 * erfc(-x / sqrt(2.0)); }
static float erfcxf_(float x) { return expf(x * x) * erfcf(x); }
static double erfcx_(double x) { return exp(x * x) * erfc(x); }
static float erfinvf_(float y) { /* Newton on erf */
  if (y <= -1) return -INFINITY;
  if (y >= 1) return INFINITY;
  double x = 0;
  for (int i = 0; i < 60; i++) {
    double e = erf(x) - y;
    x -= e / (2.0 / sqrt(M_PI) * exp(-x * x));
  }
  return (float)x;
}
static double erfinv_(double y) {
  if (y <= -1) return -INFINITY;
  if (y >= 1) return INFINITY;
  double x = 0;
  for (int i = 0; i < 80; i++) {
    double e = erf(x) - y;
    x -= e / (2.0 / sqrt(M_PI) * exp(-x * x));
  }
  return x;
}

/* int/float conversions with CUDA rounding names */
static int f2i_rn(float x) { return x != x ? 0 : x >= 2147483647.0f ? INT32_MAX : x <= -2147483648.0f ? INT32_MIN : (int)nearbyintf(x); }
static int f2i_rz(float x) { return x != x ? 0 : x >= 2147483647.0f ? INT32_MAX : x <= -2147483648.0f ? INT32_MIN : (int)x; }
static int f2i_rd(float x) { return f2i_rz(floorf(x)); }
static int f2i_ru(float x) { return f2i_rz(ceilf(x)); }
static int f2u_rn(float x) { return x != x || x <= 0 ? 0 : x >= 4294967295.0f ? (int)UINT32_MAX : (int)(uint32_t)nearbyintf(x); }
static int f2u_rz(float x) { return x != x || x <= 0 ? 0 : x >= 4294967295.0f ? (int)UINT32_MAX : (int)(uint32_t)x; }
static int d2i_rn(double x) { return x != x ? 0 : x >= 2147483647.0 ? INT32_MAX : x <= -2147483648.0 ? INT32_MIN : (int)nearbyint(x); }
static int d2i_rz(double x) { return x != x ? 0 : x >= 2147483647.0 ? INT32_MAX : x <= -2147483648.0 ? INT32_MIN : (int)x; }
static int d2i_rd(double x) { return d2i_rz(floor(x)); }
static int d2i_ru(double x) { return d2i_rz(ceil(x)); }
static int d2u_rn(double x) { return x != x || x <= 0 ? 0 : x >= 4294967295.0 ? (int)UINT32_MAX : (int)(uint32_t)nearbyint(x); }
static int d2u_rz(double x) { return x != x || x <= 0 ? 0 : x >= 4294967295.0 ? (int)UINT32_MAX : (int)(uint32_t)x; }
static long long f2ll_rn(float x) { return x != x ? 0 : x >= 9.2233720e18f ? INT64_MAX : x <= -9.2233720e18f ? INT64_MIN : (long long)nearbyintf(x); }
static long long f2ll_rz(float x) { return x != x ? 0 : x >= 9.2233720e18f ? INT64_MAX : x <= -9.2233720e18f ? INT64_MIN : (long long)x; }
static long long d2ll_rn(double x) { return x != x ? 0 : x >= 9.2233720368547758e18 ? INT64_MAX : x <= -9.2233720368547758e18 ? INT64_MIN : (long long)nearbyint(x); }
static long long d2ll_rz(double x) { return x != x ? 0 : x >= 9.2233720368547758e18 ? INT64_MAX : x <= -9.2233720368547758e18 ? INT64_MIN : (long long)x; }
static float i2f_rn(int x) { return (float)x; }
static float u2f_rn(int x) { return (float)(uint32_t)x; }
static double i2d_rn(int x) { return (double)x; }
static double u2d_rn(int x) { return (double)(uint32_t)x; }
static float ll2f_rn(long long x) { return (float)x; }
static double ll2d_rn(long long x) { return (double)x; }
static float ull2f_rn(long long x) { return (float)(unsigned long long)x; }
static double ull2d_rn(long long x) { return (double)(unsigned long long)x; }
static int float_as_int(float x) { int i; memcpy(&i, &x, 4); return i; }
static float int_as_float(int i) { float x; memcpy(&x, &i, 4); return x; }
static long long double_as_ll(double x) { long long i; memcpy(&i, &x, 8); return i; }
static double ll_as_double(long long i) { double x; memcpy(&x, &i, 8); return x; }
static float double2float_rn(double x) { return (float)x; }
static int isnanf_(float x) { return x != x; }
static int isinff_(float x) { return isinf(x) ? 1 : 0; }
static int finitef_(float x) { return isfinite(x) ? 1 : 0; }
static int signbitf_(float x) { return signbit(x) ? 1 : 0; }
static int isnan_(double x) { return x != x; }
static int isinf_(double x) { return isinf(x) ? 1 : 0; }
static int finite_(double x) { return isfinite(x) ? 1 : 0; }
static int signbit_(double x) { return signbit(x) ? 1 : 0; }
static int ilogbf_(float x) { return ilogbf(x); }
static int ilogb_(double x) { return ilogb(x); }
static float ldexpf_(float x, int e) { return ldexpf(x, e); }
static double ldexp_(double x, int e) { return ldexp(x, e); }
static float scalbnf_(float x, int e) { return scalbnf(x, e); }
static double scalbn_(double x, int e) { return scalbn(x, e); }
static float modff_(float x, float *ip) { return modff(x, ip); }
static double modf_(double x, double *ip) { return modf(x, ip); }
static float frexpf_(float x, int *e) { return frexpf(x, e); }
static double frexp_(double x, int *e) { return frexp(x, e); }
static float remquof_(float a, float b, int *q) { return remquof(a, b, q); }
static double remquo_(double a, double b, int *q) { return remquo(a, b, q); }
static void sincosf_(float x, float *s, float *c) { *s = sinf(x); *c = cosf(x); }
static void sincos_(double x, double *s, double *c) { *s = sin(x); *c = cos(x); }
static void sincospif_(float x, float *s, float *c) { *s = sinpif_(x); *c = cospif_(x); }
static void sincospi_(double x, double *s, double *c) { *s = sinpi_(x); *c = cospi_(x); }
static unsigned short float2half_rn(float x) { return simI_f2h(x); }
static float half2float(unsigned short h) { return simI_h2f(h); }

/* integer helpers */
static int popc_(int x) { return __builtin_popcount((unsigned)x); }
static int popcll_(long long x) { return __builtin_popcountll((unsigned long long)x); }
static int clz_(int x) { return x ? __builtin_clz((unsigned)x) : 32; }
static int clzll_(long long x) { return x ? __builtin_clzll((unsigned long long)x) : 64; }
static int ffs_(int x) { return x ? __builtin_ctz((unsigned)x) + 1 : 0; }
static int ffsll_(long long x) { return x ? __builtin_ctzll((unsigned long long)x) + 1 : 0; }
static int brev_(int x) {
  uint32_t v = (uint32_t)x, r = 0;
  for (int i = 0; i < 32; i++) { r = (r << 1) | (v & 1); v >>= 1; }
  return (int)r;
}
static long long brevll_(long long x) {
  uint64_t v = (uint64_t)x, r = 0;
  for (int i = 0; i < 64; i++) { r = (r << 1) | (v & 1); v >>= 1; }
  return (long long)r;
}
static int mulhi_(int a, int b) { return (int)(((int64_t)a * b) >> 32); }
static int umulhi_(int a, int b) { return (int)(((uint64_t)(uint32_t)a * (uint32_t)b) >> 32); }
static long long mul64hi_(long long a, long long b) { return (long long)(((__int128)a * b) >> 64); }
static long long umul64hi_(long long a, long long b) {
  return (long long)(((unsigned __int128)(uint64_t)a * (uint64_t)b) >> 64);
}
static int mul24_(int a, int b) {
  int32_t x = (int32_t)((uint32_t)a << 8) >> 8, y = (int32_t)((uint32_t)b << 8) >> 8;
  return (int)((uint32_t)x * (uint32_t)y);
}
static int umul24_(int a, int b) { return (int)(((uint32_t)a & 0xffffff) * ((uint32_t)b & 0xffffff)); }
static int imin_(int a, int b) { return a < b ? a : b; }
static int imax_(int a, int b) { return a > b ? a : b; }
static int umin_(int a, int b) { return (uint32_t)a < (uint32_t)b ? a : b; }
static int umax_(int a, int b) { return (uint32_t)a > (uint32_t)b ? a : b; }
static long long llmin_(long long a, long long b) { return a < b ? a : b; }
static long long llmax_(long long a, long long b) { return a > b ? a : b; }
static long long ullmin_(long long a, long long b) { return (uint64_t)a < (uint64_t)b ? a : b; }
static long long ullmax_(long long a, long long b) { return (uint64_t)a > (uint64_t)b ? a : b; }
static int abs_(int a) { return a < 0 ? (int)(0u - (uint32_t)a) : a; }
static long long llabs_(long long a) { return a < 0 ? (long long)(0ull - (uint64_t)a) : a; }
static int hadd_(int a, int b) { return (int)(((int64_t)a + b) >> 1); }
static int rhadd_(int a, int b) { return (int)(((int64_t)a + b + 1) >> 1); }
static int uhadd_(int a, int b) { return (int)(((uint64_t)(uint32_t)a + (uint32_t)b) >> 1); }
static int urhadd_(int a, int b) { return (int)(((uint64_t)(uint32_t)a + (uint32_t)b + 1) >> 1); }
static unsigned byte_perm_(unsigned x, unsigned y, unsigned s) {
  uint64_t v = ((uint64_t)y << 32) | x;
  unsigned r = 0;
  for (int i = 0; i < 4; i++) {
    unsigned sel = (s >> (4 * i)) & 7;
    r |= (unsigned)((v >> (8 * sel)) & 0xff) << (8 * i);
  }
  return r;
}
static unsigned sad_(unsigned a, unsigned b, unsigned c) {
  int x = (int)a, y = (int)b;
  return (unsigned)(x > y ? x - y : y - x) + c;
}
static unsigned usad_(unsigned a, unsigned b, unsigned c) { return (a > b ? a - b : b - a) + c; }

/* ------------------------------------------------------------------ table */

#define F(name, sig, fn) {name, sig, (void *)(fn)}
const simI_mathfn simI_math_table[] = {
  /* single precision */
  F("sinf", "f:f", sinf), F("cosf", "f:f", cosf), F("tanf", "f:f", tanf),
  F("asinf", "f:f", asinf), F("acosf", "f:f", acosf), F("atanf", "f:f", atanf),
  F("atan2f", "f:ff", atan2f), F("sinhf", "f:f", sinhf), F("coshf", "f:f", coshf),
  F("tanhf", "f:f", tanhf), F("asinhf", "f:f", asinhf), F("acoshf", "f:f", acoshf),
  F("atanhf", "f:f", atanhf), F("expf", "f:f", expf), F("exp2f", "f:f", exp2f),
  F("exp10f", "f:f", exp10f_), F("expm1f", "f:f", expm1f), F("logf", "f:f", logf),
  F("log2f", "f:f", log2f), F("log10f", "f:f", log10f), F("log1pf", "f:f", log1pf),
  F("logbf", "f:f", logbf), F("powf", "f:ff", powf), F("sqrtf", "f:f", sqrtf),
  F("rsqrtf", "f:f", rsqrtf_), F("cbrtf", "f:f", cbrtf), F("rcbrtf", "f:f", rcbrtf_),
  F("fabsf", "f:f", fabsf), F("floorf", "f:f", floorf), F("ceilf", "f:f", ceilf),
  F("truncf", "f:f", truncf), F("roundf", "f:f", roundf), F("rintf", "f:f", rintf),
  F("nearbyintf", "f:f", nearbyintf), F("roundevenf", "f:f", roundevenf_),
  F("fminf", "f:ff", fminf), F("fmaxf", "f:ff", fmaxf), F("minnumf", "f:ff", fminf),
  F("maxnumf", "f:ff", fmaxf), F("minimumf", "f:ff", minimumf_), F("maximumf", "f:ff", maximumf_),
  F("fmodf", "f:ff", fmodf), F("remainderf", "f:ff", remainderf), F("hypotf", "f:ff", hypotf),
  F("fdimf", "f:ff", fdimf), F("copysignf", "f:ff", copysignf), F("nextafterf", "f:ff", nextafterf),
  F("erff", "f:f", erff), F("erfcf", "f:f", erfcf), F("erfinvf", "f:f", erfinvf_),
  F("erfcxf", "f:f", erfcxf_), F("lgammaf", "f:f", lgammaf), F("tgammaf", "f:f", tgammaf),
  F("normcdff", "f:f", normcdff_), F("fmaf", "f:fff", fmaf), F("sinpif", "f:f", sinpif_),
  F("cospif", "f:f", cospif_), F("j0f", "f:f", j0f), F("j1f", "f:f", j1f), F("y0f", "f:f", y0f),
  F("y1f", "f:f", y1f), F("canonicalizef", "f:f", canonf_),
  F("fast_expf", "f:f", expf), F("fast_exp10f", "f:f", exp10f_), F("fast_logf", "f:f", logf),
  F("fast_log2f", "f:f", log2f), F("fast_log10f", "f:f", log10f), F("fast_sinf", "f:f", sinf),
  F("fast_cosf", "f:f", cosf), F("fast_tanf", "f:f", tanf), F("fast_powf", "f:ff", powf),
  F("fdividef", "f:ff", fdividef_), F("fast_fdividef", "f:ff", fdividef_),
  F("saturatef", "f:f", saturatef_), F("frcp_rn", "f:f", rcpf_), F("frcp_rz", "f:f", rcpf_),
  F("frcp_rd", "f:f", rcpf_), F("frcp_ru", "f:f", rcpf_), F("fsqrt_rn", "f:f", sqrtf),
  F("fsqrt_rz", "f:f", sqrtf), F("fsqrt_rd", "f:f", sqrtf), F("fsqrt_ru", "f:f", sqrtf),
  F("frsqrt_rn", "f:f", rsqrtf_), F("fdiv_rn", "f:ff", fdividef_), F("fdiv_rz", "f:ff", fdividef_),
  F("fdiv_rd", "f:ff", fdividef_), F("fdiv_ru", "f:ff", fdividef_),
  F("fadd_rn", "f:ff", fadd_), F("fadd_rz", "f:ff", fadd_), F("fadd_rd", "f:ff", fadd_),
  F("fadd_ru", "f:ff", fadd_), F("fsub_rn", "f:ff", fsub_), F("fsub_rz", "f:ff", fsub_),
  F("fmul_rn", "f:ff", fmul_), F("fmul_rz", "f:ff", fmul_), F("fmul_rd", "f:ff", fmul_),
  F("fmul_ru", "f:ff", fmul_), F("fmaf_rn", "f:fff", fmaf), F("fmaf_rz", "f:fff", fmaf),
  F("fmaf_rd", "f:fff", fmaf), F("fmaf_ru", "f:fff", fmaf), F("fmaf_ieee_rn", "f:fff", fmaf),
  F("powif", "f:fi", powif_), F("ldexpf", "f:fi", ldexpf_), F("scalbnf", "f:fi", scalbnf_),
  F("ilogbf", "i:f", ilogbf_), F("isnanf", "i:f", isnanf_), F("isinff", "i:f", isinff_),
  F("finitef", "i:f", finitef_), F("isfinitef", "i:f", finitef_), F("signbitf", "i:f", signbitf_),
  F("modff", "f:fp", modff_), F("frexpf", "f:fq", frexpf_), F("remquof", "f:ffq", remquof_),
  F("sincosf", "v:fpp", sincosf_), F("sincospif", "v:fpp", sincospif_),
  F("fast_sincosf", "v:fpp", sincosf_),
  /* double precision */
  F("sin", "d:d", sin), F("cos", "d:d", cos), F("tan", "d:d", tan), F("asin", "d:d", asin),
  F("acos", "d:d", acos), F("atan", "d:d", atan), F("atan2", "d:dd", atan2),
  F("sinh", "d:d", sinh), F("cosh", "d:d", cosh), F("tanh", "d:d", tanh),
  F("asinh", "d:d", asinh), F("acosh", "d:d", acosh), F("atanh", "d:d", atanh),
  F("exp", "d:d", exp), F("exp2", "d:d", exp2), F("exp10", "d:d", exp10_),
  F("expm1", "d:d", expm1), F("log", "d:d", log), F("log2", "d:d", log2),
  F("log10", "d:d", log10), F("log1p", "d:d", log1p), F("logb", "d:d", logb),
  F("pow", "d:dd", pow), F("sqrt", "d:d", sqrt), F("rsqrt", "d:d", rsqrt_),
  F("cbrt", "d:d", cbrt), F("rcbrt", "d:d", rcbrt_), F("fabs", "d:d", fabs),
  F("floor", "d:d", floor), F("ceil", "d:d", ceil), F("trunc", "d:d", trunc),
  F("round", "d:d", round), F("rint", "d:d", rint), F("nearbyint", "d:d", nearbyint),
  F("roundeven", "d:d", roundeven_), F("fmin", "d:dd", fmin), F("fmax", "d:dd", fmax),
  F("minnum", "d:dd", fmin), F("maxnum", "d:dd", fmax), F("minimum", "d:dd", minimum_),
  F("maximum", "d:dd", maximum_), F("fmod", "d:dd", fmod), F("remainder", "d:dd", remainder),
  F("hypot", "d:dd", hypot), F("fdim", "d:dd", fdim), F("copysign", "d:dd", copysign),
  F("nextafter", "d:dd", nextafter), F("erf", "d:d", erf), F("erfc", "d:d", erfc),
  F("erfinv", "d:d", erfinv_), F("erfcx", "d:d", erfcx_), F("lgamma", "d:d", lgamma),
  F("tgamma", "d:d", tgamma), F("normcdf", "d:d", normcdf_), F("fma", "d:ddd", fma),
  F("sinpi", "d:d", sinpi_), F("cospi", "d:d", cospi_), F("j0", "d:d", j0), F("j1", "d:d", j1),
  F("y0", "d:d", y0), F("y1", "d:d", y1), F("canonicalize", "d:d", canon_),
  F("drcp_rn", "d:d", rcp_), F("drcp_rz", "d:d", rcp_), F("dsqrt_rn", "d:d", sqrt),
  F("dsqrt_rz", "d:d", sqrt), F("ddiv_rn", "d:dd", ddiv_), F("ddiv_rz", "d:dd", ddiv_),
  F("dadd_rn", "d:dd", dadd_), F("dadd_rz", "d:dd", dadd_), F("dsub_rn", "d:dd", dsub_),
  F("dmul_rn", "d:dd", dmul_), F("dmul_rz", "d:dd", dmul_), F("fma_rn", "d:ddd", fma),
  F("fma_rz", "d:ddd", fma), F("saturate", "d:d", saturate_),
  F("powi", "d:di", powi_), F("ldexp", "d:di", ldexp_), F("scalbn", "d:di", scalbn_),
  F("ilogb", "i:d", ilogb_), F("isnand", "i:d", isnan_), F("isinfd", "i:d", isinf_),
  F("isfinited", "i:d", finite_), F("signbitd", "i:d", signbit_),
  F("modf", "d:dp", modf_), F("frexp", "d:dq", frexp_), F("remquo", "d:ddq", remquo_),
  F("sincos", "v:dpp", sincos_), F("sincospi", "v:dpp", sincospi_),
  /* conversions */
  F("float2int_rn", "i:f", f2i_rn), F("float2int_rz", "i:f", f2i_rz),
  F("float2int_rd", "i:f", f2i_rd), F("float2int_ru", "i:f", f2i_ru),
  F("float2uint_rn", "i:f", f2u_rn), F("float2uint_rz", "i:f", f2u_rz),
  F("double2int_rn", "i:d", d2i_rn), F("double2int_rz", "i:d", d2i_rz),
  F("double2int_rd", "i:d", d2i_rd), F("double2int_ru", "i:d", d2i_ru),
  F("double2uint_rn", "i:d", d2u_rn), F("double2uint_rz", "i:d", d2u_rz),
  F("float2ll_rn", "l:f", f2ll_rn), F("float2ll_rz", "l:f", f2ll_rz),
  F("double2ll_rn", "l:d", d2ll_rn), F("double2ll_rz", "l:d", d2ll_rz),
  F("int2float_rn", "f:i", i2f_rn), F("int2float_rz", "f:i", i2f_rn),
  F("uint2float_rn", "f:i", u2f_rn), F("uint2float_rz", "f:i", u2f_rn),
  F("int2double_rn", "d:i", i2d_rn), F("uint2double_rn", "d:i", u2d_rn),
  F("ll2float_rn", "f:l", ll2f_rn), F("ll2double_rn", "d:l", ll2d_rn),
  F("ull2float_rn", "f:l", ull2f_rn), F("ull2double_rn", "d:l", ull2d_rn),
  F("float_as_int", "i:f", float_as_int), F("int_as_float", "f:i", int_as_float),
  F("float_as_uint", "i:f", float_as_int), F("uint_as_float", "f:i", int_as_float),
  F("double_as_longlong", "l:d", double_as_ll), F("longlong_as_double", "d:l", ll_as_double),
  F("double2float_rn", "f:d", double2float_rn), F("double2float_rz", "f:d", double2float_rn),
  F("float2half_rn", "h:f", float2half_rn), F("half2float", "f:h", half2float),
  /* integers */
  F("popc", "i:i", popc_), F("popcll", "i:l", popcll_), F("clz", "i:i", clz_),
  F("clzll", "i:l", clzll_), F("ffs", "i:i", ffs_), F("ffsll", "i:l", ffsll_),
  F("brev", "i:i", brev_), F("brevll", "l:l", brevll_), F("mulhi", "i:ii", mulhi_),
  F("umulhi", "i:ii", umulhi_), F("mul64hi", "l:ll", mul64hi_), F("umul64hi", "l:ll", umul64hi_),
  F("mul24", "i:ii", mul24_), F("umul24", "i:ii", umul24_), F("min", "i:ii", imin_),
  F("max", "i:ii", imax_), F("umin", "i:ii", umin_), F("umax", "i:ii", umax_),
  F("llmin", "l:ll", llmin_), F("llmax", "l:ll", llmax_), F("ullmin", "l:ll", ullmin_),
  F("ullmax", "l:ll", ullmax_), F("abs", "i:i", abs_), F("llabs", "l:l", llabs_),
  F("hadd", "i:ii", hadd_), F("rhadd", "i:ii", rhadd_), F("uhadd", "i:ii", uhadd_),
  F("urhadd", "i:ii", urhadd_), F("byte_perm", "u:uuu", byte_perm_), F("sad", "u:uuu", sad_),
  F("usad", "u:uuu", usad_),
  /* NVVM intrinsics after normalisation (load.c drops .ftz/.approx/.rn...) */
  F("llvm.nvvm.sqrt.f", "f:f", sqrtf), F("llvm.nvvm.sqrt.d", "d:d", sqrt),
  F("llvm.nvvm.rsqrt.f", "f:f", rsqrtf_), F("llvm.nvvm.rsqrt.d", "d:d", rsqrt_),
  F("llvm.nvvm.rcp.f", "f:f", rcpf_), F("llvm.nvvm.rcp.d", "d:d", rcp_),
  F("llvm.nvvm.div.f", "f:ff", fdividef_), F("llvm.nvvm.div.d", "d:dd", ddiv_),
  F("llvm.nvvm.add.f", "f:ff", fadd_), F("llvm.nvvm.add.d", "d:dd", dadd_),
  F("llvm.nvvm.mul.f", "f:ff", fmul_), F("llvm.nvvm.mul.d", "d:dd", dmul_),
  F("llvm.nvvm.fabs.f", "f:f", fabsf), F("llvm.nvvm.fabs.d", "d:d", fabs),
  F("llvm.nvvm.fmin.f", "f:ff", fminf), F("llvm.nvvm.fmin.d", "d:dd", fmin),
  F("llvm.nvvm.fmax.f", "f:ff", fmaxf), F("llvm.nvvm.fmax.d", "d:dd", fmax),
  F("llvm.nvvm.saturate.f", "f:f", saturatef_), F("llvm.nvvm.saturate.d", "d:d", saturate_),
  F("llvm.nvvm.ex2.f", "f:f", ex2f_), F("llvm.nvvm.ex2.d", "d:d", exp2),
  F("llvm.nvvm.lg2.f", "f:f", lg2f_), F("llvm.nvvm.lg2.d", "d:d", log2),
  F("llvm.nvvm.sin.f", "f:f", sinf), F("llvm.nvvm.cos.f", "f:f", cosf),
  F("llvm.nvvm.floor.f", "f:f", floorf), F("llvm.nvvm.floor.d", "d:d", floor),
  F("llvm.nvvm.ceil.f", "f:f", ceilf), F("llvm.nvvm.ceil.d", "d:d", ceil),
  F("llvm.nvvm.trunc.f", "f:f", truncf), F("llvm.nvvm.trunc.d", "d:d", trunc),
  F("llvm.nvvm.round.f", "f:f", roundf), F("llvm.nvvm.round.d", "d:d", round),
  F("llvm.nvvm.f2i.rn", "i:f", f2i_rn), F("llvm.nvvm.f2i.rz", "i:f", f2i_rz),
  F("llvm.nvvm.f2i.rm", "i:f", f2i_rd), F("llvm.nvvm.f2i.rp", "i:f", f2i_ru),
  F("llvm.nvvm.d2i.rn", "i:d", d2i_rn), F("llvm.nvvm.d2i.rz", "i:d", d2i_rz),
  F("llvm.nvvm.f2ui.rn", "i:f", f2u_rn), F("llvm.nvvm.f2ui.rz", "i:f", f2u_rz),
  F("llvm.nvvm.i2f.rn", "f:i", i2f_rn), F("llvm.nvvm.ui2f.rn", "f:i", u2f_rn),
  F("llvm.nvvm.d2f.rn", "f:d", double2float_rn), F("llvm.nvvm.f2ll.rn", "l:f", f2ll_rn),
  F("llvm.nvvm.f2ll.rz", "l:f", f2ll_rz),
};
#undef F
const unsigned simI_math_count = sizeof simI_math_table / sizeof simI_math_table[0];

int simI_math_find(const char *name) {
  const char *n = name;
  if (!strncmp(n, "__nv_", 5)) n += 5;
  for (unsigned i = 0; i < simI_math_count; i++)
    if (!strcmp(simI_math_table[i].name, n)) return (int)i;
  /* libdevice names a few functions with a suffix: isnand, __nv_isnanf... */
  if (!strncmp(name, "__nv_", 5)) {
    char buf[64];
    snprintf(buf, sizeof buf, "%sd", n);
    for (unsigned i = 0; i < simI_math_count; i++)
      if (!strcmp(simI_math_table[i].name, buf)) return (int)i;
  }
  return -1;
}

int simI_math_sigclass(const char *sig) {
  static const struct { const char *s; int c; } m[] = {
    {"f:f", MS_F_F}, {"f:ff", MS_F_FF}, {"f:fff", MS_F_FFF}, {"d:d", MS_D_D},
    {"d:dd", MS_D_DD}, {"d:ddd", MS_D_DDD}, {"i:f", MS_I_F}, {"i:d", MS_I_D},
    {"f:fi", MS_F_FI}, {"d:di", MS_D_DI}, {"f:i", MS_F_I}, {"d:i", MS_D_I},
    {"i:ii", MS_I_II}, {"i:i", MS_I_I}, {"l:l", MS_L_L}, {"l:ll", MS_L_LL},
    {"i:l", MS_I_L}, {"u:uuu", MS_U_UUU}, {"f:l", MS_F_L}, {"d:l", MS_D_L},
    {"l:f", MS_L_F}, {"l:d", MS_L_D}, {"v:fpp", MS_V_FPP}, {"v:dpp", MS_V_DPP},
    {"f:fp", MS_F_FP}, {"d:dp", MS_D_DP}, {"h:f", MS_H_F}, {"f:h", MS_F_H},
    {"f:fq", MS_F_FQ}, {"d:dq", MS_D_DQ}, {"f:ffq", MS_F_FFQ}, {"d:ddq", MS_D_DDQ},
    {"f:d", MS_F_D}};
  for (unsigned i = 0; i < sizeof m / sizeof m[0]; i++)
    if (!strcmp(m[i].s, sig)) return m[i].c;
  return MS__BAD;
}
