/*
 * Native implementations of the libdevice (__nv_*) functions and the LLVM /
 * NVVM floating-point intrinsics. Looked up by name at lowering time; the
 * interpreter calls them per lane through the signature class of `sig`:
 *   f float, d double, i int, u unsigned, l long long, h half bits,
 *   p pointer to a result of the return type, q pointer to an int result,
 *   n pointer to a NUL-terminated string, v pointer to an array of the
 *   return type (the last two read simulated memory: OP_MATHMEM).
 *
 * Accuracy contract: every function is exact (basic arithmetic in each IEEE
 * rounding mode, conversions, integer and bit functions) or within the
 * maximum ulp error that the CUDA programming guide documents for it (the
 * transcendental functions come from the host C library, which is at least
 * as accurate). Directed rounding (_rz/_rd/_ru, .rz/.rm/.rp) of add, sub,
 * mul, div, rcp and sqrt is the round-to-nearest result stepped by one ulp
 * when its exact error (an error-free transformation) lies on the other
 * side; zeros, infinities, NaN and results near the ends of the range,
 * and fma, run the host operation in that rounding mode (MXCSR on x86-64,
 * else fesetround(); fma under fesetround()), where volatile operands keep
 * the compiler from moving the operation across the mode switch. `.ftz` forms flush single
 * precision subnormal inputs and results to zero (see simI_math_ftz).
 */
#define _GNU_SOURCE
#include <fenv.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "interp/ir.h"
#include "interp/util.h"

/* ------------------------------------------------------ rounding modes */

enum { RN, RZ, RD, RU };
static const int fe_mode[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};

/* The rounding mode of the SSE operations: on x86-64 the MXCSR alone (its
 * rounding bits 13-14: 00 nearest, 11 toward zero, 01 down, 10 up), which
 * the float and double operations below use; fesetround also sets the x87
 * control word and costs several times more (interval arithmetic makes a
 * directed-rounding call per operation). fma keeps fesetround (a library
 * fma without the instruction may read the x87 mode). */
#if defined(__x86_64__) && defined(__SSE2__)
#include <xmmintrin.h>
#define MODE_SAVE(m) unsigned o_ = _mm_getcsr(); _mm_setcsr((o_ & ~0x6000u) | sse_rc[m])
#define MODE_RESTORE() _mm_setcsr(o_)
static const unsigned sse_rc[4] = {0x0000u, 0x6000u, 0x2000u, 0x4000u};
#else
#define MODE_SAVE(m) int o_ = fegetround(); fesetround(fe_mode[m])
#define MODE_RESTORE() fesetround(o_)
#endif

/* One basic operation in rounding mode m. op: 0 add, 1 sub, 2 mul, 3 div,
 * 4 reciprocal, 5 sqrt, 6 fma. */
static float fop(int op, int m, float a, float b, float c) {
  volatile float x = a, y = b, z = c, r = 0;
  if (op == 6) {
    int o = fegetround();
    fesetround(fe_mode[m]);
    r = fmaf(x, y, z);
    fesetround(o);
    return r;
  }
  MODE_SAVE(m);
  switch (op) {
  case 0: r = x + y; break;
  case 1: r = x - y; break;
  case 2: r = x * y; break;
  case 3: r = x / y; break;
  case 4: r = 1.0f / x; break;
  case 5: r = sqrtf(x); break;
  default: r = 0; break;
  }
  MODE_RESTORE();
  return r;
}
static double dop(int op, int m, double a, double b, double c) {
  volatile double x = a, y = b, z = c, r = 0;
  if (op == 6) {
    int o = fegetround();
    fesetround(fe_mode[m]);
    r = fma(x, y, z);
    fesetround(o);
    return r;
  }
  MODE_SAVE(m);
  switch (op) {
  case 0: r = x + y; break;
  case 1: r = x - y; break;
  case 2: r = x * y; break;
  case 3: r = x / y; break;
  case 4: r = 1.0 / x; break;
  case 5: r = sqrt(x); break;
  default: r = 0; break;
  }
  MODE_RESTORE();
  return r;
}

/* Directed rounding without a mode switch (the switch, stmxcsr and
 * ldmxcsr around each operation, was 80% of the time of interval code,
 * one directed-rounding call per operation): the round-to-nearest result r
 * and the sign of the exact error (exact - r), from an error-free
 * transformation (TwoSum; the fma residual of a product, a quotient or a
 * square root; for single precision, the product or residual in double,
 * which holds it exactly), then one step to the mode's side when the error
 * is on the other. This is the mode's result whenever the error is exact:
 * finite operands and results, away from overflow and (for the residuals)
 * from underflow; every other case (zeros, infinities, NaN, results near
 * the ends of the range) takes the mode switch. Assumes the thread rounds
 * to nearest, as simulee's interpreter and native code do. */
static double d_step(double x, int up) {
  uint64_t u;
  memcpy(&u, &x, sizeof u);
  if ((x > 0) == up) u++;
  else u--;
  memcpy(&x, &u, sizeof u);
  return x;
}
static float f_step(float x, int up) {
  uint32_t u;
  memcpy(&u, &x, sizeof u);
  if ((x > 0) == up) u++;
  else u--;
  memcpy(&x, &u, sizeof u);
  return x;
}
/* r (nonzero, finite) rounded to nearest; s the sign of exact - r */
static double d_dir(double r, int s, int m) {
  if (!s || m == RN) return r;
  if (m == RD) return s < 0 ? d_step(r, 0) : r;
  if (m == RU) return s > 0 ? d_step(r, 1) : r;
  return (r > 0 && s < 0) ? d_step(r, 0) : (r < 0 && s > 0) ? d_step(r, 1) : r; /* RZ */
}
static float f_dir(float r, int s, int m) {
  if (!s || m == RN) return r;
  if (m == RD) return s < 0 ? f_step(r, 0) : r;
  if (m == RU) return s > 0 ? f_step(r, 1) : r;
  return (r > 0 && s < 0) ? f_step(r, 0) : (r < 0 && s > 0) ? f_step(r, 1) : r;
}
#define SGN(e) ((e) > 0 ? 1 : (e) < 0 ? -1 : 0)
static double dop_fast(int op, int m, double a0, double b0) {
  double a = a0, b = op == 1 ? -b0 : b0; /* a - b is a + (-b) */
  if (op == 4) { /* 1 / a */
    b = a0;
    a = 1.0;
  }
  switch (op) {
  case 0:
  case 1: {
    double r = a + b;
    if (!isfinite(r) || r == 0) break;
    double bb = r - a, e = (a - (r - bb)) + (b - bb);
    return d_dir(r, SGN(e), m);
  }
  case 2: {
    double r = a * b, ar = fabs(r);
    if (!isfinite(r) || ar < 0x1p-969) break;
    return d_dir(r, SGN(fma(a, b, -r)), m);
  }
  case 3:
  case 4: {
    double r = a / b, aa = fabs(a), ab = fabs(b), ar = fabs(r);
    if (!(aa > 0x1p-900 && aa < 0x1p900 && ab > 0x1p-900 && ab < 0x1p900 && ar > 0x1p-900 &&
          ar < 0x1p900))
      break;
    double rem = fma(-r, b, a); /* a - r b, exact; exact - r = rem / b */
    return d_dir(r, b > 0 ? SGN(rem) : -SGN(rem), m);
  }
  case 5: {
    if (!(a > 0x1p-900 && a < 0x1p1000)) break;
    double r = sqrt(a);
    return d_dir(r, SGN(fma(-r, r, a)), m);
  }
  default: break;
  }
  return dop(op, m, a0, b0, 0);
}
static float fop_fast(int op, int m, float a0, float b0) {
  float a = a0, b = op == 1 ? -b0 : b0;
  if (op == 4) {
    b = a0;
    a = 1.0f;
  }
  switch (op) {
  case 0:
  case 1: {
    float r = a + b;
    if (!isfinite(r) || r == 0) break;
    float bb = r - a, e = (a - (r - bb)) + (b - bb);
    return f_dir(r, SGN(e), m);
  }
  case 2: {
    double p = (double)a * (double)b; /* exact */
    float r = (float)p;
    if (!isfinite(r) || r == 0) break;
    return f_dir(r, SGN(p - (double)r), m);
  }
  case 3:
  case 4: {
    float r = a / b;
    if (!isfinite(r) || fabsf(r) < FLT_MIN || !isfinite(a) || !isfinite(b) || b == 0) break;
    /* a - r b in double: r b is exact (48 bits) and within a factor of 2
     * of a, so the difference is exact too */
    double rem = (double)a - (double)r * (double)b;
    return f_dir(r, b > 0 ? SGN(rem) : -SGN(rem), m);
  }
  case 5: {
    if (!(a >= FLT_MIN && isfinite(a))) break;
    float r = sqrtf(a);
    double rem = (double)a - (double)r * (double)r;
    return f_dir(r, SGN(rem), m);
  }
  default: break;
  }
  return fop(op, m, a0, b0, 0);
}
#undef SGN

/* Wrappers with the arity of each table signature, one per mode. */
#define FW1(nm, op, m) static float nm(float a) { return fop_fast(op, m, a, 0); }
#define FW2(nm, op, m) static float nm(float a, float b) { return fop_fast(op, m, a, b); }
#define FW3(nm, op, m) static float nm(float a, float b, float c) { return fop(op, m, a, b, c); }
#define DW1(nm, op, m) static double nm(double a) { return dop_fast(op, m, a, 0); }
#define DW2(nm, op, m) static double nm(double a, double b) { return dop_fast(op, m, a, b); }
#define DW3(nm, op, m) static double nm(double a, double b, double c) { return dop(op, m, a, b, c); }
#define MODES(W, base, op)                                                     \
  W(base##_rn, op, RN) W(base##_rz, op, RZ) W(base##_rd, op, RD) W(base##_ru, op, RU)
MODES(FW2, fadd, 0) MODES(FW2, fsub, 1) MODES(FW2, fmul, 2) MODES(FW2, fdiv, 3)
MODES(FW1, frcp, 4) MODES(FW1, fsqrt, 5) MODES(FW3, ffma, 6)
MODES(DW2, dadd, 0) MODES(DW2, dsub, 1) MODES(DW2, dmul, 2) MODES(DW2, ddiv, 3)
MODES(DW1, drcp, 4) MODES(DW1, dsqrt, 5) MODES(DW3, dfma, 6)

/* ------------------------------------------------------- conversions */

/* float/double -> integer of `bits` bits, rounding mode m, saturating,
 * NaN -> 0 (PTX cvt.rni/rzi/rmi/rpi semantics). */
static double rint_mode(double x, int m) {
  return m == RN ? nearbyint(x) : m == RZ ? trunc(x) : m == RD ? floor(x) : ceil(x);
}
static int64_t cvt_s(double x, int m, unsigned bits) {
  if (x != x) return 0;
  double r = rint_mode(x, m), lim = ldexp(1.0, (int)bits - 1);
  if (r >= lim) return (int64_t)((UINT64_MAX >> (65 - bits)));
  if (r < -lim) return -(int64_t)((UINT64_MAX >> (65 - bits))) - 1;
  return (int64_t)r;
}
static uint64_t cvt_u(double x, int m, unsigned bits) {
  if (x != x) return 0;
  double r = rint_mode(x, m);
  if (r <= 0) return 0;
  if (r >= ldexp(1.0, (int)bits)) return UINT64_MAX >> (64 - bits);
  return (uint64_t)r;
}
#define CVI(nm, T, m, bits) static int nm(T x) { return (int)(uint32_t)cvt_s(x, m, bits); }
#define CVU(nm, T, m, bits) static int nm(T x) { return (int)(uint32_t)cvt_u(x, m, bits); }
#define CVL(nm, T, m, bits) static long long nm(T x) { return (long long)cvt_s(x, m, bits); }
#define CVUL(nm, T, m, bits) static long long nm(T x) { return (long long)cvt_u(x, m, bits); }
#define CMODES(W, base, T, bits)                                               \
  W(base##_rn, T, RN, bits) W(base##_rz, T, RZ, bits) W(base##_rd, T, RD, bits) W(base##_ru, T, RU, bits)
CMODES(CVI, f2i, float, 32) CMODES(CVU, f2u, float, 32) CMODES(CVL, f2ll, float, 64)
CMODES(CVUL, f2ull, float, 64) CMODES(CVI, d2i, double, 32) CMODES(CVU, d2u, double, 32)
CMODES(CVL, d2ll, double, 64) CMODES(CVUL, d2ull, double, 64)

/* magnitude `mag` (sign `neg`) rounded to `prec` significant bits in mode m,
 * exactly (integer arithmetic). */
static double int_round(uint64_t mag, int neg, unsigned prec, int m) {
  if (!mag) return 0.0;
  unsigned len = 64 - (unsigned)__builtin_clzll(mag);
  if (len <= prec) return neg ? -(double)mag : (double)mag;
  unsigned sh = len - prec;
  uint64_t q = mag >> sh, rem = mag & ((1ull << sh) - 1), half = 1ull << (sh - 1);
  int inc = m == RN ? (rem > half || (rem == half && (q & 1)))
          : m == RZ ? 0 : m == RU ? (!neg && rem) : (neg && rem);
  double v = ldexp((double)(q + (uint64_t)inc), (int)sh);
  return neg ? -v : v;
}
static double s2fp(int64_t v, unsigned prec, int m) {
  return int_round(v < 0 ? 0ull - (uint64_t)v : (uint64_t)v, v < 0, prec, m);
}
#define I2F(nm, T, U, m) static float nm(T x) { return (float)s2fp((int64_t)(U)x, 24, m); }
#define U2F(nm, T, U, m) static float nm(T x) { return (float)int_round((uint64_t)(U)x, 0, 24, m); }
#define I2D(nm, T, U, m) static double nm(T x) { return s2fp((int64_t)(U)x, 53, m); }
#define U2D(nm, T, U, m) static double nm(T x) { return int_round((uint64_t)(U)x, 0, 53, m); }
#define IMODES(W, base, T, U)                                                  \
  W(base##_rn, T, U, RN) W(base##_rz, T, U, RZ) W(base##_rd, T, U, RD) W(base##_ru, T, U, RU)
IMODES(I2F, i2f, int, int32_t) IMODES(U2F, u2f, int, uint32_t) IMODES(I2F, ll2f, long long, int64_t)
IMODES(U2F, ull2f, long long, uint64_t) IMODES(I2D, i2d, int, int32_t)
IMODES(U2D, u2d, int, uint32_t) IMODES(I2D, ll2d, long long, int64_t)
IMODES(U2D, ull2d, long long, uint64_t)

/* double -> float in mode m: round to nearest, then step one ulp where the
 * exact comparison says the mode wanted the other neighbour. */
static float d2f_mode(double x, int m) {
  float f = (float)x;
  if (x != x || (double)f == x || m == RN) return f;
  if (m == RD && (double)f > x) return nextafterf(f, -INFINITY);
  if (m == RU && (double)f < x) return nextafterf(f, INFINITY);
  if (m == RZ && fabs((double)f) > fabs(x)) return nextafterf(f, 0.0f);
  return f;
}
static float d2f_rn(double x) { return d2f_mode(x, RN); }
static float d2f_rz(double x) { return d2f_mode(x, RZ); }
static float d2f_rd(double x) { return d2f_mode(x, RD); }
static float d2f_ru(double x) { return d2f_mode(x, RU); }

static int float_as_int(float x) { int i; memcpy(&i, &x, 4); return i; }
static float int_as_float(int i) { float x; memcpy(&x, &i, 4); return x; }
static long long double_as_ll(double x) { long long i; memcpy(&i, &x, 8); return i; }
static double ll_as_double(long long i) { double x; memcpy(&x, &i, 8); return x; }
static int double2hiint(double x) { return (int)(uint32_t)((uint64_t)double_as_ll(x) >> 32); }
static int double2loint(double x) { return (int)(uint32_t)(uint64_t)double_as_ll(x); }
static double hiloint2double(int hi, int lo) {
  return ll_as_double((long long)(((uint64_t)(uint32_t)hi << 32) | (uint32_t)lo));
}
static unsigned short float2half_rn(float x) { return simI_f2h(x); }
static float half2float(unsigned short h) { return simI_h2f(h); }
static long long llrint_(double x) { return (long long)cvt_s(x, RN, 64); }
static long long llrintf_(float x) { return (long long)cvt_s(x, RN, 64); }
static long long llround_(double x) { return x != x ? 0 : (long long)cvt_s(round(x), RZ, 64); }
/* libdevice: llroundf(NaN) is LLONG_MIN; llround(NaN) is 0 (cvt.rzi) */
static long long llroundf_(float x) { return x != x ? LLONG_MIN : (long long)cvt_s(roundf(x), RZ, 64); }

/* ------------------------------------------------------ simple functions */

static float fmaxf_(float a, float b) {
  if (a != a) return b;
  if (b != b) return a;
  if (a == b) return signbit(a) ? b : a; /* +0 > -0 */
  return a > b ? a : b;
}
static float fminf_(float a, float b) {
  if (a != a) return b;
  if (b != b) return a;
  if (a == b) return signbit(a) ? a : b;
  return a < b ? a : b;
}
static double fmax_(double a, double b) {
  if (a != a) return b;
  if (b != b) return a;
  if (a == b) return signbit(a) ? b : a;
  return a > b ? a : b;
}
static double fmin_(double a, double b) {
  if (a != a) return b;
  if (b != b) return a;
  if (a == b) return signbit(a) ? a : b;
  return a < b ? a : b;
}
static float minimumf_(float a, float b) { return a != a || b != b ? NAN : fminf_(a, b); }
static float maximumf_(float a, float b) { return a != a || b != b ? NAN : fmaxf_(a, b); }
static double minimum_(double a, double b) { return a != a || b != b ? NAN : fmin_(a, b); }
static double maximum_(double a, double b) { return a != a || b != b ? NAN : fmax_(a, b); }
static float saturatef_(float x) { return x != x ? 0.0f : x <= 0 ? 0.0f : x > 1 ? 1.0f : x; }
static double saturate_(double x) { return x != x ? 0.0 : x <= 0 ? 0.0 : x > 1 ? 1.0 : x; }
static float rsqrtf_(float x) { return (float)(1.0 / sqrt((double)x)); }
static double rsqrt_(double x) { return (double)(1.0L / sqrtl((long double)x)); }
static float rcbrtf_(float x) { return (float)(1.0 / cbrt((double)x)); }
static double rcbrt_(double x) { return (double)(1.0L / cbrtl((long double)x)); }
static float exp10f_(float x) { return exp10f(x); }
/* double functions documented at 1 ulp: through long double */
static double exp10_(double x) { return (double)powl(10.0L, (long double)x); }
static double cosh_(double x) { return (double)coshl(x); }
static double tanh_(double x) { return (double)tanhl(x); }
static double cbrt_(double x) { return (double)cbrtl(x); }
static double expm1_(double x) { return (double)expm1l(x); }
static double log1p_(double x) { return (double)log1pl(x); }
static double exp_(double x) { return (double)expl(x); }
static double exp2_(double x) { return (double)exp2l(x); }
static double log_(double x) { return (double)logl(x); }
static double log2_(double x) { return (double)log2l(x); }
static double log10_(double x) { return (double)log10l(x); }
static float powif_(float x, int n) { return (float)pow((double)x, (double)n); }
static double powi_(double x, int n) { return pow(x, (double)n); }
static float roundevenf_(float x) { return nearbyintf(x); }
static double roundeven_(double x) { return nearbyint(x); }
static float canonf_(float x) { return x; }
static double canon_(double x) { return x; }
static float lgammaf_(float x) { int s; return lgammaf_r(x, &s); }
static double lgamma_(double x) { int s; return lgamma_r(x, &s); }
static int ilogbf_(float x) { return x != x || x == 0 ? INT_MIN : isinf(x) ? INT_MAX : ilogbf(x); }
static int ilogb_(double x) { return x != x || x == 0 ? INT_MIN : isinf(x) ? INT_MAX : ilogb(x); }
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
static int isnanf_(float x) { return x != x; }
static int isinff_(float x) { return isinf(x) ? 1 : 0; }
static int finitef_(float x) { return isfinite(x) ? 1 : 0; }
static int signbitf_(float x) { return signbit(x) ? 1 : 0; }
static int isnan_(double x) { return x != x; }
static int isinf_(double x) { return isinf(x) ? 1 : 0; }
static int finite_(double x) { return isfinite(x) ? 1 : 0; }
static int signbit_(double x) { return signbit(x) ? 1 : 0; }
/* CUDA: jn and yn of a negative order are NaN */
static float jnf_(int n, float x) { return n < 0 ? NAN : jnf(n, x); }
static double jn_(int n, double x) { return n < 0 ? NAN : jn(n, x); }
static float ynf_(int n, float x) { return n < 0 ? NAN : ynf(n, x); }
static double yn_(int n, double x) { return n < 0 ? NAN : yn(n, x); }

/* Fast (approximate) single precision forms: the host functions are more
 * accurate than the documented bounds; __fdividef keeps its documented
 * special case (0 for 2^126 < |y| < 2^128, NaN for an infinite x there). */
static float fast_fdividef_(float a, float b) {
  float ab = fabsf(b);
  if (ab > 0x1p126f && ab < INFINITY) return isinf(a) ? NAN : 0.0f * a * b;
  return a / b;
}
static float fdividef_(float a, float b) { return a / b; }
/* the fast forms as the CUDA guide defines them on ex2/lg2 (the product's
 * rounding included; ex2 and lg2 themselves are computed accurately) */
static float fast_expf_(float x) { return exp2f(x * 1.44269502f); }
static float fast_exp10f_(float x) { return exp2f(x * 3.32192802f); }
static float fast_logf_(float x) { return log2f(x) * 0.693147182f; }
static float fast_log10f_(float x) { return log2f(x) * 0.301029980f; }
static float fast_powf_(float x, float y) { return exp2f(y * log2f(x)); }
static void sincosf_(float x, float *s, float *c) { *s = sinf(x); *c = cosf(x); }
static void sincos_(double x, double *s, double *c) { *s = sin(x); *c = cos(x); }
static float tanhf_approx(float x) { return tanhf(x); }

/* sin(pi x), cos(pi x) with exact argument reduction (the reduction
 * x mod 2 is exact in binary floating point). */
static double sinpi_(double x) {
  if (!isfinite(x)) return NAN;
  double ax = fabs(x);
  if (ax >= 0x1p52 || ax == floor(ax)) return copysign(0.0, x);
  double r = remainder(ax, 2.0); /* [-1, 1] */
  long double pi = 3.141592653589793238462643383279502884L, v;
  double ar = fabs(r);
  if (ar <= 0.25) v = sinl(pi * (long double)ar);
  else if (ar <= 0.75) v = cosl(pi * (long double)(0.5 - ar));
  else v = sinl(pi * (long double)(1.0 - ar));
  if (r < 0) v = -v;
  return signbit(x) ? -(double)v : (double)v;
}
static double cospi_(double x) {
  if (!isfinite(x)) return NAN;
  double ax = fabs(x);
  if (ax >= 0x1p53) return 1.0;
  double r = fabs(remainder(ax, 2.0)); /* [0, 1] */
  long double pi = 3.141592653589793238462643383279502884L, v;
  if (r <= 0.25) v = cosl(pi * (long double)r);
  else if (r <= 0.75) v = sinl(pi * (long double)(0.5 - r));
  else v = -cosl(pi * (long double)(1.0 - r));
  return (double)v;
}
/* single precision: the same reduction, then sin and cos in double (one
 * sincos), whose error (pi r rounded once, the host's sin and cos within
 * an ulp of double) is far below half an ulp of float; several times
 * faster than long double (curand_normal's Box-Muller calls sincospif per
 * pair of numbers). x in [0, 2^23) reduces to r = x mod 2 in [-1, 1]
 * exactly; the octant of |r| picks the argument u (|u| <= 1/4) of
 * sin(pi u) and cos(pi u) that give sin(pi r) and cos(pi r). */
static void sincospif_(float x, float *s, float *c) {
  if (!isfinite(x)) {
    *s = *c = NAN;
    return;
  }
  float ax = fabsf(x);
  if (ax >= 0x1p23f) { /* an even integer past 2^24, else any integer */
    *s = copysignf(0.0f, x);
    *c = ax >= 0x1p24f || !((uint32_t)ax & 1u) ? 1.0f : -1.0f;
    return;
  }
  double d = (double)ax, h = d * 0.5;
  double r = d - 2.0 * ((h + 0x1p52) - 0x1p52); /* x - 2 nearbyint(x / 2): exact */
  double ar = fabs(r), u, su, cu, vs, vc;
  if (ar <= 0.25) u = ar;
  else if (ar <= 0.75) u = 0.5 - ar;
  else u = 1.0 - ar;
  sincos(M_PI * u, &su, &cu);
  if (ar <= 0.25) { vs = su; vc = cu; }
  else if (ar <= 0.75) { vs = cu; vc = su; }
  else { vs = su; vc = -cu; }
  if (ar == 0.0 || ar == 1.0) vs = 0.0; /* an integer: exact zeros */
  if (ar == 0.5) vc = 0.0;
  if (r < 0) vs = -vs;
  float fs = (float)vs;
  *s = signbit(x) ? -fs : fs;
  if (fs == 0.0f) *s = copysignf(0.0f, x);
  *c = (float)vc;
}
static float sinpif_(float x) {
  float s, c;
  sincospif_(x, &s, &c);
  return s;
}
static float cospif_(float x) {
  float s, c;
  sincospif_(x, &s, &c);
  return c;
}
static void sincospi_(double x, double *s, double *c) { *s = sinpi_(x); *c = cospi_(x); }

/* Euclidean norms without intermediate overflow: scale by the largest
 * magnitude, sum the squares in long double. Infinity wins over NaN. */
static double norm_n(int n, const double *v, int recip) {
  double mx = 0;
  int nan = 0;
  for (int i = 0; i < n; i++) {
    double a = fabs(v[i]);
    if (isinf(a)) return recip ? 0.0 : INFINITY;
    if (a != a) nan = 1;
    else if (a > mx) mx = a;
  }
  if (nan) return NAN;
  if (mx == 0) return recip ? INFINITY : 0.0;
  int e;
  frexp(mx, &e);
  long double s = 0;
  for (int i = 0; i < n; i++) {
    long double t = (long double)ldexp(v[i], -e);
    s += t * t;
  }
  long double r = sqrtl(s);
  return recip ? (double)(1.0L / ldexpl(r, e)) : (double)ldexpl(r, e);
}
static double norm3d_(double a, double b, double c) { double v[3] = {a, b, c}; return norm_n(3, v, 0); }
static double rnorm3d_(double a, double b, double c) { double v[3] = {a, b, c}; return norm_n(3, v, 1); }
static double norm4d_(double a, double b, double c, double d) { double v[4] = {a, b, c, d}; return norm_n(4, v, 0); }
static double rnorm4d_(double a, double b, double c, double d) { double v[4] = {a, b, c, d}; return norm_n(4, v, 1); }
static double rhypot_(double a, double b) { double v[2] = {a, b}; return norm_n(2, v, 1); }
static float norm3df_(float a, float b, float c) { return (float)norm3d_(a, b, c); }
static float rnorm3df_(float a, float b, float c) { return (float)rnorm3d_(a, b, c); }
static float norm4df_(float a, float b, float c, float d) { return (float)norm4d_(a, b, c, d); }
static float rnorm4df_(float a, float b, float c, float d) { return (float)rnorm4d_(a, b, c, d); }
static float rhypotf_(float a, float b) { return (float)rhypot_(a, b); }
/* norm(dim, p) over memory: at least one element is read (as libdevice). */
static double normv_(int n, const double *p) { return norm_n(n < 1 ? 1 : n, p, 0); }
static double rnormv_(int n, const double *p) { return norm_n(n < 1 ? 1 : n, p, 1); }
static float normvf_(int n, const float *p) {
  double v[64], r;
  int k = n < 1 ? 1 : n;
  if (k <= 64) { for (int i = 0; i < k; i++) v[i] = p[i]; return (float)norm_n(k, v, 0); }
  long double s = 0; /* long vectors: float squares cannot overflow here */
  for (int i = 0; i < k; i++) { if (isinf(p[i])) return INFINITY; s += (long double)p[i] * p[i]; }
  r = (double)sqrtl(s);
  return (float)r;
}
static float rnormvf_(int n, const float *p) {
  float r = normvf_(n, p);
  return r != r ? r : (float)(1.0 / (double)r);
}
/* nan(tag): the tag as strtoull(tag, 0) would read it when it is all
 * digits, otherwise payload 0; quiet NaN. */
static uint64_t nan_payload(const char *s) {
  int base = 10;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) { base = 16; s += 2; }
  else if (s[0] == '0') base = 8;
  uint64_t v = 0;
  for (; *s; s++) {
    int d = *s >= '0' && *s <= '9' ? *s - '0' : *s >= 'a' && *s <= 'f' ? *s - 'a' + 10
          : *s >= 'A' && *s <= 'F' ? *s - 'A' + 10 : 99;
    if (d >= base) return 0;
    v = v * (uint64_t)base + (uint64_t)d;
  }
  return v;
}
static double nan_(const char *s) { return ll_as_double((long long)(0x7ff8000000000000ull | (nan_payload(s) & 0x7ffffffffffffull))); }
static float nanf_(const char *s) { return int_as_float((int)(0x7fc00000u | (uint32_t)(nan_payload(s) & 0x3fffffu))); }

/* erfcx, erfinv, erfcinv, normcdf, normcdfinv. */
static double erfcx_(double x) {
  if (x != x) return x;
  if (x > 26.0) { /* asymptotic series, 1/(x sqrt(pi)) (1 - 1/2x^2 + 3/4x^4 ...) */
    if (isinf(x)) return 0.0;
    long double t = 1.0L / ((long double)x * x), s = 1, term = 1;
    for (int k = 1; k < 12; k++) { term *= -(2 * k - 1) * t / 2; s += term; }
    return (double)(s / ((long double)x * 1.772453850905516027298167483341145183L));
  }
  if (x < -26.7) return INFINITY;
  double hi = x * x, lo = fma(x, x, -hi);
  return (double)(expl((long double)hi) * (1.0L + (long double)lo) * erfcl((long double)x));
}
static float erfcxf_(float x) { return (float)erfcx_((double)x); }
/* inverse of erfc on (0, 2): Newton steps in long double from a bracketed
 * start, with bisection as the safeguard. */
static double erfcinv_(double t) {
  if (t != t || t < 0 || t > 2) return NAN;
  if (t == 0) return INFINITY;
  if (t == 2) return -INFINITY;
  if (t == 1) return 0.0;
  int neg = t > 1;
  long double y = neg ? 2.0L - (long double)t : (long double)t; /* (0, 1) */
  long double lo = 0, hi = 28, x = sqrtl(-logl(y)) * 0.9L;
  if (x > hi) x = hi;
  for (int i = 0; i < 200; i++) {
    long double f = erfcl(x) - y;
    if (f > 0) lo = x; else hi = x;
    long double d = -1.128379167095512573896158903121545172L * expl(-x * x);
    long double nx = d != 0 ? x - f / d : (lo + hi) / 2;
    if (!(nx > lo && nx < hi)) nx = (lo + hi) / 2;
    if (fabsl(nx - x) <= 1e-19L * x) { x = nx; break; }
    x = nx;
  }
  return (double)(neg ? -x : x);
}
static double erfinv_(double y) {
  if (y != y || y < -1 || y > 1) return NAN;
  if (y == 1) return INFINITY;
  if (y == -1) return -INFINITY;
  if (fabs(y) >= 0.5) return y > 0 ? erfcinv_(1.0 - y) : -erfcinv_(1.0 + y);
  if (y == 0) return y;
  long double x = (long double)y * 0.886226925452758013649083741671L;
  for (int i = 0; i < 40; i++) {
    long double f = erfl(x) - y, nx = x - f / (1.128379167095512573896158903121545172L * expl(-x * x));
    if (fabsl(nx - x) <= 1e-19L * fabsl(x)) { x = nx; break; }
    x = nx;
  }
  return (double)x;
}
static float erfinvf_(float y) { return (float)erfinv_((double)y); }
static float erfcinvf_(float y) { return (float)erfcinv_((double)y); }
static double normcdf_(double x) { return (double)(0.5L * erfcl(-(long double)x * 0.707106781186547524400844362104849039L)); }
static float normcdff_(float x) { return (float)normcdf_((double)x); }
static double normcdfinv_(double p) {
  if (p != p || p < 0 || p > 1) return NAN;
  return -1.414213562373095048801688724209698079 * erfcinv_(2.0 * p);
}
static float normcdfinvf_(float p) { return (float)normcdfinv_((double)p); }

/* modified Bessel functions of the first kind, orders 0 and 1: the power
 * series (all terms positive) in long double. */
static double bessel_i(double x, int order) {
  if (x != x) return x;
  double ax = fabs(x);
  if (isinf(ax) || ax > 720) return order && x < 0 ? -INFINITY : INFINITY;
  long double q = (long double)ax * ax / 4, term = order ? (long double)ax / 2 : 1, s = term;
  for (int k = 1; k < 2000; k++) {
    term *= q / ((long double)k * (k + order));
    s += term;
    if (term < s * 1e-21L) break;
  }
  return order && signbit(x) ? -(double)s : (double)s;
}
static double cyl_bessel_i0_(double x) { return bessel_i(x, 0); }
static double cyl_bessel_i1_(double x) { return bessel_i(x, 1); }
static float cyl_bessel_i0f_(float x) { return (float)bessel_i(x, 0); }
static float cyl_bessel_i1f_(float x) { return (float)bessel_i(x, 1); }

/* llvm.is.fpclass: bit 0 signaling NaN, 1 quiet NaN, 2 -inf, 3 -normal,
 * 4 -subnormal, 5 -0, 6 +0, 7 +subnormal, 8 +normal, 9 +inf. */
static int fpclass_bits(int cls, int neg, int quiet) {
  switch (cls) {
  case FP_NAN: return quiet ? 2 : 1;
  case FP_INFINITE: return neg ? 4 : 512;
  case FP_NORMAL: return neg ? 8 : 256;
  case FP_SUBNORMAL: return neg ? 16 : 128;
  default: return neg ? 32 : 64;
  }
}
static int is_fpclass_f(float x, int mask) {
  return (fpclass_bits(fpclassify(x), signbit(x) != 0, (float_as_int(x) & 0x400000) != 0) & mask) != 0;
}
static int is_fpclass_d(double x, int mask) {
  return (fpclass_bits(fpclassify(x), signbit(x) != 0, (double_as_ll(x) & 0x8000000000000ll) != 0) & mask) != 0;
}

/* rcp.approx.ftz.f64 (__nv_rcp64h): the reciprocal of x with the low word
 * of x ignored, the low word of the result zero. */
static double rcp64h_(double x) {
  uint64_t b = (uint64_t)double_as_ll(x) & 0xffffffff00000000ull;
  double h = ll_as_double((long long)b);
  if (fpclassify(h) == FP_SUBNORMAL) h = copysign(0.0, h);
  double r = 1.0 / h;
  if (r != r) return r;
  return ll_as_double((long long)((uint64_t)double_as_ll(r) & 0xffffffff00000000ull));
}

/* ----------------------------------------------------------- integers */

static int popc_(int x) { return __builtin_popcount((unsigned)x); }
static int popcll_(long long x) { return __builtin_popcountll((unsigned long long)x); }
static int clz_(int x) { return x ? __builtin_clz((unsigned)x) : 32; }
static int clzll_(long long x) { return x ? __builtin_clzll((unsigned long long)x) : 64; }
static int ffs_(int x) { return x ? __builtin_ctz((unsigned)x) + 1 : 0; }
static int ffsll_(long long x) { return x ? __builtin_ctzll((unsigned long long)x) + 1 : 0; }
static int bfind_shiftamt(int x) { return x ? __builtin_clz((unsigned)x) : -1; }
/* prmt.b32[.mode] d, a, b, c (PTX ISA): bytes of {b, a} picked by the
 * selector c; mode 0 generic (4-bit selectors, bit 3 replicates the byte's
 * sign), 1..6 f4e b4e rc8 ecl ecr rc16 (table of the 2 low bits of c, one
 * hex digit per result byte, high byte first). */
static unsigned ptx_prmt(unsigned a, unsigned b, unsigned c, unsigned mode) {
  static const uint16_t tab[6][4] = {
    {0x3210, 0x4321, 0x5432, 0x6543}, {0x5670, 0x6701, 0x7012, 0x0123},
    {0x0000, 0x1111, 0x2222, 0x3333}, {0x3210, 0x3211, 0x3222, 0x3333},
    {0x0000, 0x1110, 0x2210, 0x3210}, {0x1010, 0x3232, 0x1010, 0x3232}};
  uint64_t v = (uint64_t)b << 32 | a;
  unsigned sel = mode >= 1 && mode <= 6 ? tab[mode - 1][c & 3] : c & 0xffff, r = 0;
  for (int i = 0; i < 4; i++) {
    unsigned s = (sel >> (4 * i)) & 15, byte = (unsigned)(v >> (8 * (s & 7))) & 0xff;
    if (mode == 0 && (s & 8)) byte = byte & 0x80 ? 0xff : 0;
    r |= byte << (8 * i);
  }
  return r;
}
/* lop3.b32 d, a, b, c, lut: bit i of d is bit (a_i b_i c_i) of lut. */
static unsigned ptx_lop3(unsigned a, unsigned b, unsigned c, unsigned lut) {
  unsigned r = 0;
  for (int i = 0; i < 32; i++) {
    unsigned k = ((a >> i) & 1) << 2 | ((b >> i) & 1) << 1 | ((c >> i) & 1);
    r |= ((lut >> k) & 1u) << i;
  }
  return r;
}
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
  int64_t x = (int32_t)a, y = (int32_t)b;
  return (unsigned)(uint64_t)(x > y ? x - y : y - x) + c;
}
static unsigned usad_(unsigned a, unsigned b, unsigned c) { return (a > b ? a - b : b - a) + c; }

/* SIMD video functions on 2 halfwords or 4 bytes of a 32-bit word. */
enum { V_ABS, V_ABSSS, V_NEG, V_NEGSS, V_ABSDIFFS, V_ABSDIFFU, V_ADD, V_ADDSS, V_ADDUS,
       V_SUB, V_SUBSS, V_SUBUS, V_AVGS, V_AVGU, V_HADDU, V_MAXS, V_MAXU, V_MINS, V_MINU,
       V_SADS, V_SADU, V_EQ, V_NE, V_GES, V_GEU, V_GTS, V_GTU, V_LES, V_LEU, V_LTS, V_LTU };
static unsigned simd(unsigned a, unsigned b, unsigned lanes, int op, int set) {
  unsigned w = 32 / lanes;
  int64_t smax = (1ll << (w - 1)) - 1, smin = -(1ll << (w - 1)), umax = (1ll << w) - 1;
  uint64_t r = 0, sum = 0;
  for (unsigned i = 0; i < lanes; i++) {
    int64_t ua = (a >> (i * w)) & umax, ub = (b >> (i * w)) & umax;
    int64_t sa = ua > smax ? ua - (umax + 1) : ua, sb = ub > smax ? ub - (umax + 1) : ub, v = 0;
    int c = -1;
    switch (op) {
    case V_ABS: v = sa < 0 ? -sa : sa; break;
    case V_ABSSS: v = sa < 0 ? -sa : sa; if (v > smax) v = smax; break;
    case V_NEG: v = -sa; break;
    case V_NEGSS: v = -sa; if (v > smax) v = smax; break;
    case V_ABSDIFFS: v = sa > sb ? sa - sb : sb - sa; break;
    case V_ABSDIFFU: v = ua > ub ? ua - ub : ub - ua; break;
    case V_ADD: v = ua + ub; break;
    case V_ADDSS: v = sa + sb; v = v > smax ? smax : v < smin ? smin : v; break;
    case V_ADDUS: v = ua + ub; if (v > umax) v = umax; break;
    case V_SUB: v = ua - ub; break;
    case V_SUBSS: v = sa - sb; v = v > smax ? smax : v < smin ? smin : v; break;
    case V_SUBUS: v = ua - ub; if (v < 0) v = 0; break;
    case V_AVGS: v = sa + sb; v = (v + (v >= 0)) >> 1; break; /* half away from zero */
    case V_AVGU: v = (ua + ub + 1) >> 1; break;
    case V_HADDU: v = (ua + ub) >> 1; break;
    case V_MAXS: v = sa > sb ? sa : sb; break;
    case V_MAXU: v = ua > ub ? ua : ub; break;
    case V_MINS: v = sa < sb ? sa : sb; break;
    case V_MINU: v = ua < ub ? ua : ub; break;
    case V_SADS: sum += (uint64_t)(sa > sb ? sa - sb : sb - sa); break;
    case V_SADU: sum += (uint64_t)(ua > ub ? ua - ub : ub - ua); break;
    case V_EQ: c = ua == ub; break;
    case V_NE: c = ua != ub; break;
    case V_GES: c = sa >= sb; break;
    case V_GEU: c = ua >= ub; break;
    case V_GTS: c = sa > sb; break;
    case V_GTU: c = ua > ub; break;
    case V_LES: c = sa <= sb; break;
    case V_LEU: c = ua <= ub; break;
    case V_LTS: c = sa < sb; break;
    case V_LTU: c = ua < ub; break;
    }
    if (c >= 0) v = c ? (set ? 1 : umax) : 0;
    r |= ((uint64_t)v & (uint64_t)umax) << (i * w);
  }
  return op == V_SADS || op == V_SADU ? (unsigned)sum : (unsigned)r;
}
#define V1(nm, op, n) static int nm(int a) { return (int)simd((unsigned)a, 0, n, op, 0); }
#define V2(nm, op, n, set) static int nm(int a, int b) { return (int)simd((unsigned)a, (unsigned)b, n, op, set); }
V1(vabs2, V_ABS, 2) V1(vabs4, V_ABS, 4) V1(vabsss2, V_ABSSS, 2) V1(vabsss4, V_ABSSS, 4)
V1(vneg2, V_NEG, 2) V1(vneg4, V_NEG, 4) V1(vnegss2, V_NEGSS, 2) V1(vnegss4, V_NEGSS, 4)
#define VP(base, op, set) V2(base##2, op, 2, set) V2(base##4, op, 4, set)
VP(vabsdiffs, V_ABSDIFFS, 0) VP(vabsdiffu, V_ABSDIFFU, 0) VP(vadd, V_ADD, 0) VP(vaddss, V_ADDSS, 0)
VP(vaddus, V_ADDUS, 0) VP(vsub, V_SUB, 0) VP(vsubss, V_SUBSS, 0) VP(vsubus, V_SUBUS, 0)
VP(vavgs, V_AVGS, 0) VP(vavgu, V_AVGU, 0) VP(vhaddu, V_HADDU, 0) VP(vmaxs, V_MAXS, 0)
VP(vmaxu, V_MAXU, 0) VP(vmins, V_MINS, 0) VP(vminu, V_MINU, 0) VP(vsads, V_SADS, 0)
VP(vsadu, V_SADU, 0) VP(vcmpeq, V_EQ, 0) VP(vcmpne, V_NE, 0) VP(vcmpges, V_GES, 0)
VP(vcmpgeu, V_GEU, 0) VP(vcmpgts, V_GTS, 0) VP(vcmpgtu, V_GTU, 0) VP(vcmples, V_LES, 0)
VP(vcmpleu, V_LEU, 0) VP(vcmplts, V_LTS, 0) VP(vcmpltu, V_LTU, 0) VP(vseteq, V_EQ, 1)
VP(vsetne, V_NE, 1) VP(vsetges, V_GES, 1) VP(vsetgeu, V_GEU, 1) VP(vsetgts, V_GTS, 1)
VP(vsetgtu, V_GTU, 1) VP(vsetles, V_LES, 1) VP(vsetleu, V_LEU, 1) VP(vsetlts, V_LTS, 1)
VP(vsetltu, V_LTU, 1)

/* The PTX SIMD video instructions clang's CUDA headers emit as inline asm
 * (vadd2, vabsdiff4.add, vset2...), decoded once by simI_math_video_code:
 * bits 0-3 operation, 4 four lanes, 5 signed, 6 .sat, 7 .add, 8-10 compare. */
enum { PV_ADD, PV_SUB, PV_ABSDIFF, PV_MIN, PV_MAX, PV_AVRG, PV_SET };
int simI_math_video_code(const char *n) {
  static const char *const ops[] = {"vadd", "vsub", "vabsdiff", "vmin", "vmax", "vavrg", "vset"};
  /* dp4a.<a>.<b> and dp2a.{lo,hi}.<a>.<b>: bit 5 a signed, bit 6 b signed */
  if (!strncmp(n, "dp4a.", 5) || !strncmp(n, "dp2a.lo.", 8) || !strncmp(n, "dp2a.hi.", 8)) {
    int code = n[2] == '4' ? 7 : n[5] == 'l' ? 8 : 9;
    const char *p = n + (code == 7 ? 4 : 7);
    for (int i = 0; i < 2; i++, p += 4) {
      if (strncmp(p, ".s32", 4) && strncmp(p, ".u32", 4)) return -1;
      if (p[1] == 's') code |= i ? 64 : 32;
    }
    return !strcmp(p, "$0,$1,$2,$3;") ? code : -1;
  }
  static const char *const cmps[] = {"eq", "ne", "lt", "le", "gt", "ge"};
  size_t len = strlen(n);
  const char *tail = "$0,$1,$2,$3;";
  if (len < strlen(tail) || strcmp(n + len - strlen(tail), tail)) return -1;
  int op = -1;
  size_t ol = 0;
  for (int i = 0; i < 7; i++) {
    size_t l = strlen(ops[i]);
    if (!strncmp(n, ops[i], l) && (n[l] == '2' || n[l] == '4')) { op = i; ol = l; }
  }
  if (op < 0) return -1;
  int code = op | (n[ol] == '4' ? 16 : 0);
  const char *p = n + ol + 1;
  int ntypes = op == PV_SET ? 2 : 3, sgn = -1;
  for (int i = 0; i < ntypes; i++) {
    if (strncmp(p, ".s32", 4) && strncmp(p, ".u32", 4)) return -1;
    int s = p[1] == 's';
    if (i == ntypes - 1 || i == ntypes - 2) { if (sgn >= 0 && s != sgn) return -1; sgn = s; }
    p += 4;
  }
  if (sgn) code |= 32;
  if (op == PV_SET) {
    int c = -1;
    for (int i = 0; i < 6; i++)
      if (*p == '.' && !strncmp(p + 1, cmps[i], 2)) c = i;
    if (c < 0) return -1;
    code |= c << 8;
    p += 3;
  } else if (!strncmp(p, ".sat", 4)) { code |= 64; p += 4; }
  else if (!strncmp(p, ".add", 4)) { code |= 128; p += 4; }
  return p == n + len - strlen(tail) ? code : -1;
}
static unsigned ptx_video(unsigned a, unsigned b, unsigned c, unsigned code) {
  unsigned lanes = (code & 16) ? 4 : 2, w = 32 / lanes, op = code & 15, cmp = (code >> 8) & 7;
  if (op >= 7) { /* dp4a / dp2a: dot products of bytes (and halfwords) plus c */
    int sa = (code & 32) != 0, sb = (code & 64) != 0, n = op == 7 ? 4 : 2;
    int64_t acc = sa || sb ? (int64_t)(int32_t)c : (int64_t)c;
    for (int i = 0; i < n; i++) {
      int64_t x, y;
      if (op == 7) {
        x = (a >> (8 * i)) & 0xff; if (sa && x > 127) x -= 256;
        y = (b >> (8 * i)) & 0xff; if (sb && y > 127) y -= 256;
      } else {
        x = (a >> (16 * i)) & 0xffff; if (sa && x > 32767) x -= 65536;
        int k = (op == 8 ? 0 : 2) + i;
        y = (b >> (8 * k)) & 0xff; if (sb && y > 127) y -= 256;
      }
      acc += x * y;
    }
    return (unsigned)(uint64_t)acc;
  }
  int sgn = (code & 32) != 0;
  int64_t umax = (1ll << w) - 1, smax = (1ll << (w - 1)) - 1, smin = -(1ll << (w - 1));
  uint64_t r = 0, sum = 0;
  for (unsigned i = 0; i < lanes; i++) {
    int64_t x = (a >> (i * w)) & umax, y = (b >> (i * w)) & umax, v = 0;
    if (sgn) { if (x > smax) x -= umax + 1; if (y > smax) y -= umax + 1; }
    switch (op) {
    case PV_ADD: v = x + y; break;
    case PV_SUB: v = x - y; break;
    case PV_ABSDIFF: v = x > y ? x - y : y - x; break;
    case PV_MIN: v = x < y ? x : y; break;
    case PV_MAX: v = x > y ? x : y; break;
    case PV_AVRG: v = x + y; v = sgn ? (v + (v >= 0)) >> 1 : (v + 1) >> 1; break;
    default: {
      int t = cmp == 0 ? x == y : cmp == 1 ? x != y : cmp == 2 ? x < y : cmp == 3 ? x <= y
            : cmp == 4 ? x > y : x >= y;
      v = t;
      break;
    }
    }
    if (code & 64) v = sgn ? (v > smax ? smax : v < smin ? smin : v) : (v > umax ? umax : v < 0 ? 0 : v);
    if (code & 128) sum += (uint64_t)v;
    else r |= ((uint64_t)v & (uint64_t)umax) << (i * w);
  }
  return (code & 128) ? (unsigned)(sum + c) : (unsigned)r;
}

static float bf(unsigned v) { return int_as_float((int)v); }
static unsigned fb(float f) { return (unsigned)float_as_int(f); }

/* Half precision as cuda_fp16.hpp's inline PTX uses it ("ptx.half"): values
 * are computed exactly in double and rounded once to binary16 in mode m. */
static uint16_t d2h_mode(double x, int m) {
  if (x != x) return 0x7fff;
  uint16_t sg = signbit(x) ? 0x8000 : 0;
  double ax = fabs(x);
  if (isinf(ax)) return (uint16_t)(sg | 0x7c00);
  int e;
  frexp(ax, &e); /* ax in [2^(e-1), 2^e) */
  int q = e - 1 < -14 ? -24 : e - 1 - 10; /* exponent of the last kept bit */
  double r = ldexp(ax, -q);
  int mm = m == RD ? (sg ? RU : RD) : m == RU ? (sg ? RD : RU) : m; /* on the magnitude */
  r = rint_mode(r, mm);
  double v = ldexp(r, q);
  if (v > 65504.0) {
    if (m == RN || mm == RU) return (uint16_t)(sg | 0x7c00);
    return (uint16_t)(sg | 0x7bff);
  }
  return (uint16_t)(sg | simI_f2h((float)v));
}
enum { PH_ADD, PH_SUB, PH_MUL, PH_FMA, PH_CMP, PH_UN, PH_CVT, PH_MIN, PH_MAX, PH_ABS, PH_NEG };
/* code: bits 0-3 operation, 4 f16x2, 5 .sat, 6 .ftz, 8-11 compare or unary
 * function or rounding mode */
int simI_math_half_code(const char *n, unsigned *nargs) {
  static const char *const ops[] = {"add", "sub", "mul", "fma.rn", "min", "max"};
  static const int opc[] = {PH_ADD, PH_SUB, PH_MUL, PH_FMA, PH_MIN, PH_MAX};
  char b[256];
  size_t l = strlen(n);
  if (l >= sizeof b) return -1;
  /* strip the braces */
  size_t o = 0;
  for (size_t i = 0; i < l; i++) if (n[i] != '{' && n[i] != '}') b[o++] = n[i];
  b[o] = 0;
  static const char *const modes[] = {".rn", ".rz", ".rm", ".rp"};
  for (int mi = 0; mi < 4; mi++) {
    char pat[48];
    snprintf(pat, sizeof pat, "cvt%s.f16.f32$0,$1;", modes[mi]);
    if (!strcmp(b, pat)) { *nargs = 1; return PH_CVT | (mi << 8); }
  }
  if (!strcmp(b, "cvt.f32.f16$0,$1;")) { *nargs = 1; return PH_CVT | (15 << 8); }
  if (!strcmp(b, "abs.f16$0,$1;") || !strcmp(b, "abs.f16x2$0,$1;") || !strcmp(b, "neg.f16$0,$1;") ||
      !strcmp(b, "neg.f16x2$0,$1;")) {
    *nargs = 1;
    return (b[0] == 'a' ? PH_ABS : PH_NEG) | (b[7] == 'x' ? 16 : 0);
  }
  if (!strcmp(b, "cvt.rn.f16x2.f32$0,$2,$1;")) { *nargs = 2; return PH_CVT | 16; }
  if (!strcmp(b, ".reg.f16low,high;mov.b32{low,high},$1;cvt.f32.f16$0,low;")) { *nargs = 1; return PH_CVT | (14 << 8); }
  if (!strcmp(b, ".reg.f16low,high;mov.b32low,high,$1;cvt.f32.f16$0,low;")) { *nargs = 1; return PH_CVT | (14 << 8); }
  if (!strcmp(b, ".reg.f16low,high;mov.b32low,high,$1;cvt.f32.f16$0,high;")) { *nargs = 1; return PH_CVT | (13 << 8); }
  /* setp.<cmp>.f16 p, $1, $2; selp.u16 $0, 1, 0, p */
  static const char *const cmps[] = {"eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu", "leu", "gtu", "geu"};
  if (!strncmp(b, ".reg.pred__$$temp3;setp.", 24)) {
    const char *c = b + 24;
    for (int i = 11; i >= 0; i--) {
      size_t cl = strlen(cmps[i]);
      char tail[96];
      snprintf(tail, sizeof tail, ".f16__$$temp3,$1,$2;selp.u16$0,1,0,__$$temp3;");
      if (!strncmp(c, cmps[i], cl) && !strcmp(c + cl, tail)) { *nargs = 2; return PH_CMP | (i << 8); }
    }
    return -1;
  }
  /* unary approximations through f32: mov.b16 r,$1; cvt.f32.f16 f,r; <op> f,f; cvt.rn.f16.f32 r,f; mov.b16 $0,r */
  static const char *const un[] = {"sqrt.approx.ftz.f32f,f;", "rsqrt.approx.ftz.f32f,f;",
                                   "rcp.approx.ftz.f32f,f;", "ex2.approx.ftz.f32f,f;",
                                   "lg2.approx.ftz.f32f,f;", "sin.approx.ftz.f32f,f;",
                                   "cos.approx.ftz.f32f,f;"};
  const char *pre = ".reg.b32f;.reg.b16r;mov.b16r,$1;cvt.f32.f16f,r;";
  const char *post = "cvt.rn.f16.f32r,f;mov.b16$0,r;";
  if (!strncmp(b, pre, strlen(pre))) {
    const char *c = b + strlen(pre);
    for (int i = 0; i < 7; i++) {
      size_t ul = strlen(un[i]);
      if (!strncmp(c, un[i], ul) && !strcmp(c + ul, post)) { *nargs = 1; return PH_UN | (i << 8); }
    }
    return -1;
  }
  for (int i = 0; i < 6; i++) {
    size_t ol = strlen(ops[i]);
    if (strncmp(b, ops[i], ol)) continue;
    const char *c = b + ol;
    int code = opc[i];
    if (!strncmp(c, ".rn", 3) && opc[i] != PH_FMA) c += 3;
    if (!strncmp(c, ".ftz", 4)) { code |= 64; c += 4; }
    if (!strncmp(c, ".sat", 4)) { code |= 32; c += 4; }
    if (!strncmp(c, ".f16x2", 6)) { code |= 16; c += 6; }
    else if (!strncmp(c, ".f16", 4)) c += 4;
    else return -1;
    if (opc[i] == PH_FMA) { if (strcmp(c, "$0,$1,$2,$3;")) return -1; *nargs = 3; }
    else { if (strcmp(c, "$0,$1,$2;")) return -1; *nargs = 2; }
    return code;
  }
  return -1;
}
static unsigned ptx_half(unsigned a, unsigned b, unsigned c, unsigned code) {
  unsigned op = code & 15, x = (code >> 8) & 15, lanes = (code & 16) ? 2 : 1, r = 0;
  if (op == PH_CVT) {
    if (code & 16) return (unsigned)d2h_mode(bf(b), RN) << 16 | d2h_mode(bf(a), RN); /* $2 high */
    if (x < 4) return d2h_mode(bf(a), x == 0 ? RN : x == 1 ? RZ : x == 2 ? RD : RU);
    if (x == 15) return fb(simI_h2f((uint16_t)a));
    if (x == 14) return fb(simI_h2f((uint16_t)a));
    return fb(simI_h2f((uint16_t)(a >> 16))); /* 13: the high half */
  }
  if (op == PH_ABS || op == PH_NEG) { /* sign bits only (NaN payloads kept) */
    int x2 = (code & 16) != 0;
    if (op == PH_ABS) return a & (x2 ? 0x7fff7fffu : 0x7fffu);
    return x2 ? a ^ 0x80008000u : (a ^ 0x8000u) & 0xffffu;
  }
  for (unsigned i = 0; i < lanes; i++) {
    double p = simI_h2f((uint16_t)(a >> (16 * i))), q = simI_h2f((uint16_t)(b >> (16 * i))),
           t = simI_h2f((uint16_t)(c >> (16 * i))), v = 0;
    if (code & 64) {
      if (fabs(p) < 0x1p-14 && p != 0) p = copysign(0, p);
      if (fabs(q) < 0x1p-14 && q != 0) q = copysign(0, q);
      if (fabs(t) < 0x1p-14 && t != 0) t = copysign(0, t);
    }
    switch (op) {
    case PH_ADD: v = p + q; break;
    case PH_SUB: v = p - q; break;
    case PH_MUL: v = p * q; break;
    case PH_FMA: v = (double)((long double)p * q + t); break;
    case PH_MIN: v = fmin_(p, q); break;
    case PH_MAX: v = fmax_(p, q); break;
    case PH_CMP: {
      int un = p != p || q != q, k = x;
      int res = k == 0 ? p == q : k == 1 ? (!un && p != q) : k == 2 ? p < q : k == 3 ? p <= q
              : k == 4 ? p > q : k == 5 ? p >= q : un || (k == 6 ? p == q : k == 7 ? p != q
              : k == 8 ? p < q : k == 9 ? p <= q : k == 10 ? p > q : p >= q);
      return (unsigned)res;
    }
    default: {
      float f = (float)p;
      switch (x) {
      case 0: f = sqrtf(f); break;
      case 1: f = 1.0f / sqrtf(f); break;
      case 2: f = 1.0f / f; break;
      case 3: f = exp2f(f); break;
      case 4: f = log2f(f); break;
      case 5: f = sinf(f); break;
      default: f = cosf(f); break;
      }
      v = f;
      break;
    }
    }
    if (code & 32) v = v != v ? 0 : v < 0 ? 0 : v > 1 ? 1 : v;
    uint16_t h = d2h_mode(v, RN);
    if ((code & 64) && (h & 0x7c00) == 0) h &= 0x8000;
    r |= (unsigned)h << (16 * i);
  }
  return r;
}

/* ------------------------------------------------------------------ table */

#define F(name, sig, fn) {name, sig, (void *)(fn)}
#define F4(name, sig, base)                                                    \
  F(name "_rn", sig, base##_rn), F(name "_rz", sig, base##_rz), F(name "_rd", sig, base##_rd), \
  F(name "_ru", sig, base##_ru)
/* NVVM spelling: .rn .rz .rm .rp */
#define N4(name, sfx, sig, base)                                               \
  F(name ".rn" sfx, sig, base##_rn), F(name ".rz" sfx, sig, base##_rz),        \
  F(name ".rm" sfx, sig, base##_rd), F(name ".rp" sfx, sig, base##_ru)
#define VT(b) F(#b "2", "i:ii", b##2), F(#b "4", "i:ii", b##4)
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
  F("truncf", "f:f", truncf), F("roundf", "f:f", roundf), F("rintf", "f:f", nearbyintf),
  F("nearbyintf", "f:f", nearbyintf), F("roundevenf", "f:f", roundevenf_),
  F("fminf", "f:ff", fminf_), F("fmaxf", "f:ff", fmaxf_), F("minnumf", "f:ff", fminf_),
  F("maxnumf", "f:ff", fmaxf_), F("minimumf", "f:ff", minimumf_), F("maximumf", "f:ff", maximumf_),
  F("fmodf", "f:ff", fmodf), F("remainderf", "f:ff", remainderf), F("hypotf", "f:ff", hypotf),
  F("rhypotf", "f:ff", rhypotf_), F("norm3df", "f:fff", norm3df_), F("rnorm3df", "f:fff", rnorm3df_),
  F("norm4df", "f:ffff", norm4df_), F("rnorm4df", "f:ffff", rnorm4df_),
  F("normf", "f:iv", normvf_), F("rnormf", "f:iv", rnormvf_), F("nanf", "f:n", nanf_),
  F("fdimf", "f:ff", fdimf), F("copysignf", "f:ff", copysignf), F("nextafterf", "f:ff", nextafterf),
  F("erff", "f:f", erff), F("erfcf", "f:f", erfcf), F("erfinvf", "f:f", erfinvf_),
  F("erfcinvf", "f:f", erfcinvf_), F("erfcxf", "f:f", erfcxf_), F("lgammaf", "f:f", lgammaf_),
  F("tgammaf", "f:f", tgammaf), F("normcdff", "f:f", normcdff_),
  F("normcdfinvf", "f:f", normcdfinvf_), F("fmaf", "f:fff", fmaf), F("sinpif", "f:f", sinpif_),
  F("cospif", "f:f", cospif_), F("j0f", "f:f", j0f), F("j1f", "f:f", j1f), F("y0f", "f:f", y0f),
  F("y1f", "f:f", y1f), F("jnf", "f:if", jnf_), F("ynf", "f:if", ynf_),
  F("cyl_bessel_i0f", "f:f", cyl_bessel_i0f_), F("is.fpclass.f", "i:fi", is_fpclass_f),
  F("cyl_bessel_i1f", "f:f", cyl_bessel_i1f_),
  F("canonicalizef", "f:f", canonf_),
  F("fast_expf", "f:f", fast_expf_), F("fast_exp10f", "f:f", fast_exp10f_),
  F("fast_logf", "f:f", fast_logf_), F("fast_log2f", "f:f", log2f),
  F("fast_log10f", "f:f", fast_log10f_), F("fast_sinf", "f:f", sinf), F("fast_cosf", "f:f", cosf),
  F("fast_tanf", "f:f", tanf), F("fast_powf", "f:ff", fast_powf_),
  F("fdividef", "f:ff", fdividef_), F("fast_fdividef", "f:ff", fast_fdividef_),
  F("saturatef", "f:f", saturatef_), F4("frcp", "f:f", frcp), F4("fsqrt", "f:f", fsqrt),
  F("frsqrt_rn", "f:f", rsqrtf_), F4("fdiv", "f:ff", fdiv), F4("fadd", "f:ff", fadd),
  F4("fsub", "f:ff", fsub), F4("fmul", "f:ff", fmul), F4("fmaf", "f:fff", ffma),
  F4("fmaf_ieee", "f:fff", ffma),
  F("powif", "f:fi", powif_), F("ldexpf", "f:fi", ldexpf_), F("scalbnf", "f:fi", scalbnf_),
  F("ilogbf", "i:f", ilogbf_), F("isnanf", "i:f", isnanf_), F("isinff", "i:f", isinff_),
  F("finitef", "i:f", finitef_), F("isfinitef", "i:f", finitef_), F("signbitf", "i:f", signbitf_),
  F("modff", "f:fp", modff_), F("frexpf", "f:fq", frexpf_), F("remquof", "f:ffq", remquof_),
  F("sincosf", "v:fpp", sincosf_), F("sincospif", "v:fpp", sincospif_),
  F("fast_sincosf", "v:fpp", sincosf_),
  /* double precision */
  F("sin", "d:d", sin), F("cos", "d:d", cos), F("tan", "d:d", tan), F("asin", "d:d", asin),
  F("acos", "d:d", acos), F("atan", "d:d", atan), F("atan2", "d:dd", atan2),
  F("sinh", "d:d", sinh), F("cosh", "d:d", cosh_), F("tanh", "d:d", tanh_),
  F("asinh", "d:d", asinh), F("acosh", "d:d", acosh), F("atanh", "d:d", atanh),
  F("exp", "d:d", exp_), F("exp2", "d:d", exp2_), F("exp10", "d:d", exp10_),
  F("expm1", "d:d", expm1_), F("log", "d:d", log_), F("log2", "d:d", log2_),
  F("log10", "d:d", log10_), F("log1p", "d:d", log1p_), F("logb", "d:d", logb),
  F("pow", "d:dd", pow), F("sqrt", "d:d", sqrt), F("rsqrt", "d:d", rsqrt_),
  F("cbrt", "d:d", cbrt_), F("rcbrt", "d:d", rcbrt_), F("fabs", "d:d", fabs),
  F("floor", "d:d", floor), F("ceil", "d:d", ceil), F("trunc", "d:d", trunc),
  F("round", "d:d", round), F("rint", "d:d", nearbyint), F("nearbyint", "d:d", nearbyint),
  F("roundeven", "d:d", roundeven_), F("fmin", "d:dd", fmin_), F("fmax", "d:dd", fmax_),
  F("minnum", "d:dd", fmin_), F("maxnum", "d:dd", fmax_), F("minimum", "d:dd", minimum_),
  F("maximum", "d:dd", maximum_), F("fmod", "d:dd", fmod), F("remainder", "d:dd", remainder),
  F("hypot", "d:dd", hypot), F("rhypot", "d:dd", rhypot_), F("norm3d", "d:ddd", norm3d_),
  F("rnorm3d", "d:ddd", rnorm3d_), F("norm4d", "d:dddd", norm4d_), F("rnorm4d", "d:dddd", rnorm4d_),
  F("norm", "d:iv", normv_), F("rnorm", "d:iv", rnormv_), F("nan", "d:n", nan_),
  F("fdim", "d:dd", fdim), F("copysign", "d:dd", copysign),
  F("nextafter", "d:dd", nextafter), F("erf", "d:d", erf), F("erfc", "d:d", erfc),
  F("erfinv", "d:d", erfinv_), F("erfcinv", "d:d", erfcinv_), F("erfcx", "d:d", erfcx_),
  F("lgamma", "d:d", lgamma_), F("tgamma", "d:d", tgamma), F("normcdf", "d:d", normcdf_),
  F("normcdfinv", "d:d", normcdfinv_), F("fma", "d:ddd", fma),
  F("sinpi", "d:d", sinpi_), F("cospi", "d:d", cospi_), F("j0", "d:d", j0), F("j1", "d:d", j1),
  F("y0", "d:d", y0), F("y1", "d:d", y1), F("jn", "d:id", jn_), F("yn", "d:id", yn_),
  F("cyl_bessel_i0", "d:d", cyl_bessel_i0_), F("is.fpclass.d", "i:di", is_fpclass_d), F("cyl_bessel_i1", "d:d", cyl_bessel_i1_),
  F("canonicalize", "d:d", canon_), F("rcp64h", "d:d", rcp64h_),
  F4("drcp", "d:d", drcp), F4("dsqrt", "d:d", dsqrt), F4("ddiv", "d:dd", ddiv),
  F4("dadd", "d:dd", dadd), F4("dsub", "d:dd", dsub), F4("dmul", "d:dd", dmul),
  F4("fma", "d:ddd", dfma), F("saturate", "d:d", saturate_),
  F("powi", "d:di", powi_), F("ldexp", "d:di", ldexp_), F("scalbn", "d:di", scalbn_),
  F("ilogb", "i:d", ilogb_), F("isnand", "i:d", isnan_), F("isinfd", "i:d", isinf_),
  F("isfinited", "i:d", finite_), F("signbitd", "i:d", signbit_),
  F("modf", "d:dp", modf_), F("frexp", "d:dq", frexp_), F("remquo", "d:ddq", remquo_),
  F("sincos", "v:dpp", sincos_), F("sincospi", "v:dpp", sincospi_),
  /* conversions */
  F4("float2int", "i:f", f2i), F4("float2uint", "i:f", f2u), F4("float2ll", "l:f", f2ll),
  F4("float2ull", "l:f", f2ull), F4("double2int", "i:d", d2i), F4("double2uint", "i:d", d2u),
  F4("double2ll", "l:d", d2ll), F4("double2ull", "l:d", d2ull),
  F4("int2float", "f:i", i2f), F4("uint2float", "f:i", u2f), F4("ll2float", "f:l", ll2f),
  F4("ull2float", "f:l", ull2f), F("int2double_rn", "d:i", i2d_rn),
  F("uint2double_rn", "d:i", u2d_rn), F4("ll2double", "d:l", ll2d), F4("ull2double", "d:l", ull2d),
  F4("double2float", "f:d", d2f),
  F("llrint", "l:d", llrint_), F("llrintf", "l:f", llrintf_), F("llround", "l:d", llround_),
  F("llroundf", "l:f", llroundf_),
  F("float_as_int", "i:f", float_as_int), F("int_as_float", "f:i", int_as_float),
  F("float_as_uint", "i:f", float_as_int), F("uint_as_float", "f:i", int_as_float),
  F("double_as_longlong", "l:d", double_as_ll), F("longlong_as_double", "d:l", ll_as_double),
  F("double2hiint", "i:d", double2hiint), F("double2loint", "i:d", double2loint),
  F("hiloint2double", "d:ii", hiloint2double),
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
  F("usad", "u:uuu", usad_), F("bfind.shiftamt", "i:i", bfind_shiftamt),
  F("ptx.video", "u:uuuu", ptx_video), F("ptx.prmt", "u:uuuu", ptx_prmt), F("ptx.lop3", "u:uuuu", ptx_lop3), F("ptx.half", "u:uuuu", ptx_half),
  F("vabs2", "i:i", vabs2), F("vabs4", "i:i", vabs4), F("vabsss2", "i:i", vabsss2),
  F("vabsss4", "i:i", vabsss4), F("vneg2", "i:i", vneg2), F("vneg4", "i:i", vneg4),
  F("vnegss2", "i:i", vnegss2), F("vnegss4", "i:i", vnegss4),
  VT(vabsdiffs), VT(vabsdiffu), VT(vadd), VT(vaddss), VT(vaddus), VT(vsub), VT(vsubss),
  VT(vsubus), VT(vavgs), VT(vavgu), VT(vhaddu), VT(vmaxs), VT(vmaxu), VT(vmins), VT(vminu),
  VT(vsads), VT(vsadu), VT(vcmpeq), VT(vcmpne), VT(vcmpges), VT(vcmpgeu), VT(vcmpgts),
  VT(vcmpgtu), VT(vcmples), VT(vcmpleu), VT(vcmplts), VT(vcmpltu), VT(vseteq), VT(vsetne),
  VT(vsetges), VT(vsetgeu), VT(vsetgts), VT(vsetgtu), VT(vsetles), VT(vsetleu), VT(vsetlts),
  VT(vsetltu),
  /* NVVM intrinsics after normalisation (load_call.c drops .ftz, recorded as a
   * flag, and .approx: the approximate forms are computed accurately) */
  F("llvm.nvvm.sqrt.f", "f:f", sqrtf), F("llvm.nvvm.sqrt.d", "d:d", sqrt),
  F("llvm.nvvm.rsqrt.f", "f:f", rsqrtf_), F("llvm.nvvm.rsqrt.d", "d:d", rsqrt_),
  F("llvm.nvvm.rcp.f", "f:f", frcp_rn), F("llvm.nvvm.rcp.d", "d:d", rcp64h_),
  F("llvm.nvvm.div.f", "f:ff", fast_fdividef_), F("llvm.nvvm.div.full", "f:ff", fdividef_), F("llvm.nvvm.div.d", "d:dd", ddiv_rn),
  F("llvm.nvvm.fabs.f", "f:f", fabsf), F("llvm.nvvm.fabs.d", "d:d", fabs),
  F("llvm.nvvm.fmin.f", "f:ff", fminf_), F("llvm.nvvm.fmin.d", "d:dd", fmin_),
  F("llvm.nvvm.fmax.f", "f:ff", fmaxf_), F("llvm.nvvm.fmax.d", "d:dd", fmax_),
  F("llvm.nvvm.fmin.nan.f", "f:ff", minimumf_), F("llvm.nvvm.fmax.nan.f", "f:ff", maximumf_),
  F("llvm.nvvm.saturate.f", "f:f", saturatef_), F("llvm.nvvm.saturate.d", "d:d", saturate_),
  F("llvm.nvvm.ex2.f", "f:f", exp2f), F("llvm.nvvm.ex2.d", "d:d", exp2),
  F("llvm.nvvm.lg2.f", "f:f", log2f), F("llvm.nvvm.lg2.d", "d:d", log2),
  F("llvm.nvvm.sin.f", "f:f", sinf), F("llvm.nvvm.cos.f", "f:f", cosf),
  F("llvm.nvvm.tanh.f32", "f:f", tanhf_approx), F("llvm.nvvm.tanh.f", "f:f", tanhf_approx),
  F("llvm.nvvm.floor.f", "f:f", floorf), F("llvm.nvvm.floor.d", "d:d", floor),
  F("llvm.nvvm.ceil.f", "f:f", ceilf), F("llvm.nvvm.ceil.d", "d:d", ceil),
  F("llvm.nvvm.trunc.f", "f:f", truncf), F("llvm.nvvm.trunc.d", "d:d", trunc),
  /* nvvm.round is cvt.rni: to nearest, ties to even (not C round) */
  F("llvm.nvvm.round.f", "f:f", nearbyintf), F("llvm.nvvm.round.d", "d:d", nearbyint),
  N4("llvm.nvvm.add", ".f", "f:ff", fadd), N4("llvm.nvvm.add", ".d", "d:dd", dadd),
  N4("llvm.nvvm.mul", ".f", "f:ff", fmul), N4("llvm.nvvm.mul", ".d", "d:dd", dmul),
  N4("llvm.nvvm.div", ".f", "f:ff", fdiv), N4("llvm.nvvm.div", ".d", "d:dd", ddiv),
  N4("llvm.nvvm.rcp", ".f", "f:f", frcp), N4("llvm.nvvm.rcp", ".d", "d:d", drcp),
  N4("llvm.nvvm.sqrt", ".f", "f:f", fsqrt), N4("llvm.nvvm.sqrt", ".d", "d:d", dsqrt),
  N4("llvm.nvvm.fma", ".f", "f:fff", ffma), N4("llvm.nvvm.fma", ".d", "d:ddd", dfma),
  N4("llvm.nvvm.sub", ".f", "f:ff", fsub), N4("llvm.nvvm.sub", ".d", "d:dd", dsub),
  N4("llvm.nvvm.f2i", "", "i:f", f2i), N4("llvm.nvvm.f2ui", "", "i:f", f2u),
  N4("llvm.nvvm.f2ll", "", "l:f", f2ll), N4("llvm.nvvm.f2ull", "", "l:f", f2ull),
  N4("llvm.nvvm.d2i", "", "i:d", d2i), N4("llvm.nvvm.d2ui", "", "i:d", d2u),
  N4("llvm.nvvm.d2ll", "", "l:d", d2ll), N4("llvm.nvvm.d2ull", "", "l:d", d2ull),
  N4("llvm.nvvm.i2f", "", "f:i", i2f), N4("llvm.nvvm.ui2f", "", "f:i", u2f),
  N4("llvm.nvvm.ll2f", "", "f:l", ll2f), N4("llvm.nvvm.ull2f", "", "f:l", ull2f),
  N4("llvm.nvvm.i2d", "", "d:i", i2d), N4("llvm.nvvm.ui2d", "", "d:i", u2d),
  N4("llvm.nvvm.ll2d", "", "d:l", ll2d), N4("llvm.nvvm.ull2d", "", "d:l", ull2d),
  N4("llvm.nvvm.d2f", "", "f:d", d2f),
  F("llvm.nvvm.f2h.rn", "h:f", float2half_rn),
};
#undef F
const unsigned simI_math_count = sizeof simI_math_table / sizeof simI_math_table[0];

/* libdevice names that exist but cannot be executed faithfully: looked up
 * by lowering, which reports the call as unsupported with the reason. None
 * today; kept so that a future gap is reported, never computed wrongly. */
const char *const simI_math_unsupported[] = {NULL};

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

/* The sig string of each class, indexed by class. */
static const char *const sigs[MS__BAD] = {
  [MS_F_F] = "f:f", [MS_F_FF] = "f:ff", [MS_F_FFF] = "f:fff", [MS_D_D] = "d:d", [MS_D_DD] = "d:dd",
  [MS_D_DDD] = "d:ddd", [MS_I_F] = "i:f", [MS_I_D] = "i:d", [MS_F_FI] = "f:fi", [MS_D_DI] = "d:di",
  [MS_F_I] = "f:i", [MS_D_I] = "d:i", [MS_I_II] = "i:ii", [MS_I_I] = "i:i", [MS_L_L] = "l:l",
  [MS_L_LL] = "l:ll", [MS_I_L] = "i:l", [MS_U_UUU] = "u:uuu", [MS_F_L] = "f:l", [MS_D_L] = "d:l",
  [MS_L_F] = "l:f", [MS_L_D] = "l:d", [MS_V_FPP] = "v:fpp", [MS_V_DPP] = "v:dpp",
  [MS_F_FP] = "f:fp", [MS_D_DP] = "d:dp", [MS_H_F] = "h:f", [MS_F_H] = "f:h", [MS_F_FQ] = "f:fq",
  [MS_D_DQ] = "d:dq", [MS_F_FFQ] = "f:ffq", [MS_D_DDQ] = "d:ddq", [MS_F_D] = "f:d",
  [MS_F_FFFF] = "f:ffff", [MS_D_DDDD] = "d:dddd", [MS_F_IF] = "f:if", [MS_D_ID] = "d:id",
  [MS_D_II] = "d:ii", [MS_F_N] = "f:n", [MS_D_N] = "d:n", [MS_F_IV] = "f:iv", [MS_D_IV] = "d:iv",
  [MS_U_UUUU] = "u:uuuu", [MS_I_FI] = "i:fi", [MS_I_DI] = "i:di"};

int simI_math_sigclass(const char *sig) {
  for (int c = 0; c < MS__BAD; c++)
    if (sigs[c] && !strcmp(sigs[c], sig)) return c;
  return MS__BAD;
}

const char *simI_math_sigstr(int cls) {
  return cls >= 0 && cls < MS__BAD && sigs[cls] ? sigs[cls] : "";
}

float simI_math_ftz(float x) {
  return fpclassify(x) == FP_SUBNORMAL ? copysignf(0.0f, x) : x;
}
