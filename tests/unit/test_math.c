/* Unit tests of the libdevice (__nv_*) functions: completeness against the
 * declarations of clang's own CUDA header (math/libdevice_list.h, generated
 * by tests/math.cmake), and every function run through the interpreter (the
 * generated kernels t_<name>, bitcode at -O0 and -O2) on edge-case inputs
 * (signed zeros, infinities, NaN, subnormals, rounding ties, integer
 * extremes) against host references: long double libm within the CUDA
 * documented ulp error, exact integer arithmetic, and for the directed
 * rounding modes an exact residual check in quadruple precision. */
#define _GNU_SOURCE
#include <CUnit/CUnit.h>
#include <fenv.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simulee/interp.h"
#include "interp/ir.h"

typedef struct { const char *name, *sig; } decl;
/* set while checking NVIDIA's libdevice inlined at -O2 (math_real) */
static int real_mode;
static const decl decls[] = {
#define LD(n, s) {n, s},
#include "libdevice_list.h"
#undef LD
  {NULL, NULL}};

#if defined(__SIZEOF_FLOAT128__)
typedef __float128 quad;
#define HAVE_QUAD 1
#elif LDBL_MANT_DIG >= 113
typedef long double quad;
#define HAVE_QUAD 1
#else
typedef long double quad;
#define HAVE_QUAD 0
#endif

/* ------------------------------------------------------------- bits */

static float bf(uint64_t v) { float f; uint32_t u = (uint32_t)v; memcpy(&f, &u, 4); return f; }
static uint64_t fb(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static double bd(uint64_t v) { double d; memcpy(&d, &v, 8); return d; }
static uint64_t db(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static int32_t si(uint64_t v) { return (int32_t)(uint32_t)v; }
static uint32_t ui(uint64_t v) { return (uint32_t)v; }

/* ------------------------------------------------------------- input pools */

static const float fpool[] = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, -0.5f, 2.0f, 3.0f, -2.5f, 0.1f,
  10.0f, 100.5f, -37.25f, 1e-3f, 1e-20f, 3e-39f, -1.4e-45f, 1.17549435e-38f, 1e10f, -1e10f,
  3.4e38f, 8388608.5f, 0.99f, 1.01f, -0.75f, 0.25f, 4.5f, 5.5f, -4.5f, 0.3f, 7.0f,
  INFINITY, -INFINITY, NAN};
static const float fsmall[] = {0.0f, -0.0f, 1.0f, -1.5f, 0.1f, 3.0f, -7.25f, 1e-40f, 1e30f,
  0.3333333f, INFINITY, NAN};
static const double dpool[] = {0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, 3.0, -2.5, 0.1, 10.0,
  100.5, -37.25, 1e-3, 1e-20, 1e-310, -4.9e-324, 2.2250738585072014e-308, 1e10, -1e10,
  1e300, 4503599627370496.5, 0.99, 1.01, -0.75, 0.25, 4.5, 5.5, -4.5, 0.3, 7.0, 1e-100,
  INFINITY, -INFINITY, NAN};
static const double dsmall[] = {0.0, -0.0, 1.0, -1.5, 0.1, 3.0, -7.25, 1e-310, 1e300,
  0.3333333333333333, INFINITY, NAN};
static const int32_t ipool[] = {0, 1, -1, 2, -2, 7, 12345, -12345, INT32_MAX, INT32_MIN,
  0x12345678, (int32_t)0x80008000u, 0x7f7f7f7f, (int32_t)0xff00ff00u, 0x01020304, 16777217,
  -16777217, 16777219, (int32_t)0x80000001u, 0x00ff00ff, (int32_t)0xfffefffdu};
static const int32_t ismall[] = {0, 1, -1, 3, -60, 100, (int32_t)0x80007fffu, 0x7f017f80,
  INT32_MAX, INT32_MIN, 0x12345678, (int32_t)0xfedcba98u};
static const int64_t lpool[] = {0, 1, -1, 2, INT64_MAX, INT64_MIN, 9007199254740993ll,
  -9007199254740993ll, 16777217, -16777217, 0x123456789abcdefll, (1ll << 62) + 1,
  (int64_t)0x8000000000000001ull, 0x7fffffffffffff80ll, 3, -1000000007ll};
static const int64_t lsmall[] = {0, 1, -1, INT64_MAX, INT64_MIN, 0x123456789abcdefll,
  (int64_t)0xfedcba9876543210ull, 3};
static const uint16_t hpool[] = {0, 0x8000, 0x3c00, 0xbc00, 0x7bff, 0x0001, 0x03ff, 0x0400,
  0x7c00, 0xfc00, 0x7e00, 0x3555, 0xc248};
/* arguments of jn/yn (order) and ldexp-like exponents */
static const int32_t norder[] = {0, 1, 2, 5, -3, 20};
/* nan() tags: row i of 16 bytes */
static const char *const tags[] = {"", "0", "1", "0x1f", "017", "12345", "abc", "0x",
  "99999999999999999999", "0X7fffF", "08"};

/* ------------------------------------------------------------- references */

static double ulpd(double x) {
  x = fabs(x);
  if (isinf(x)) return 0;
  double n = nextafter(x, INFINITY);
  return isinf(n) ? x - nextafter(x, 0) : n - x;
}
static double ulpf(float x) {
  x = fabsf(x);
  if (isinf(x)) return 0;
  float n = nextafterf(x, INFINITY);
  return isinf(n) ? (double)x - nextafterf(x, 0) : (double)n - x;
}
/* r against the exact value e (long double), within ulps of the result type
 * plus an absolute tolerance. NaN matches NaN; infinities and zeros exact. */
static int near_ld(int isf, double r, long double e, double ulps, double abstol) {
  double t = isf ? (double)(float)e : (double)e;
  /* NVIDIA's libdevice seeds some iterations with approximate instructions
   * (rcp.approx, ex2.approx...) that simulee computes exactly: the last bit may
   * differ from the GPU's, half an ulp more */
  if (real_mode && ulps > 0) ulps += 0.5;
  if (r != r || t != t) return r != r && t != t;
  if (r == t) return r != 0 || signbit(r) == signbit(t) || abstol > 0;
  if (isinf(r) || isinf(t)) return 0;
  double u = isf ? ulpf((float)t) : ulpd(t);
  if (u == 0) u = isf ? 1.4e-45 : 4.9e-324;
  return fabsl((long double)r - e) <= (long double)(ulps * u + abstol);
}

typedef long double (*ld1)(long double);
typedef long double (*ld2)(long double, long double);
typedef long double (*ld3)(long double, long double, long double);

/* A reference: kind selects how `fn` is used. */
enum { K_L1, K_L2, K_L3, K_EX, K_CHK };
typedef uint64_t (*exfn)(const char *name, const uint64_t *in, uint64_t *o2);
typedef int (*chkfn)(const char *name, const uint64_t *in, uint64_t out, uint64_t o2);
typedef struct {
  const char *name;
  int kind;
  void *fn;
  double ulps, abstol;
} ref;

/* --- long double helpers for functions libm lacks */
static long double rsqrtl_(long double x) { return 1.0L / sqrtl(x); }
static long double rcbrtl_(long double x) { return 1.0L / cbrtl(x); }
static long double sinpil_(long double x) { return isinf(x) ? NAN : sinl(3.141592653589793238462643383279502884L * fmodl(x, 2.0L)); }
static long double cospil_(long double x) { return isinf(x) ? NAN : cosl(3.141592653589793238462643383279502884L * fmodl(x, 2.0L)); }
static long double exp10l_(long double x) { return powl(10.0L, x); }
static long double erfcxl_(long double x) {
  if (x > 105) { /* asymptotic series: sum (-1)^k (2k-1)!! / (2x^2)^k, / (x sqrt(pi)) */
    if (isinf(x)) return 0;
    long double t = 1 / (2 * x * x), term = 1, s = 1;
    for (int k = 1; k < 10; k++) { term *= -(2 * k - 1) * t; s += term; }
    return s / (x * 1.772453850905516027298167483341145183L);
  }
  return expl(x * x) * erfcl(x);
}
static long double normcdfl_(long double x) { return 0.5L * erfcl(-x / sqrtl(2.0L)); }
static long double lgammal_(long double x) { int s; return lgammal_r(x, &s); }
static long double anyinf_nan(int n, const long double *v, int *done) {
  *done = 1;
  for (int i = 0; i < n; i++) if (isinf(v[i])) return INFINITY;
  for (int i = 0; i < n; i++) if (v[i] != v[i]) return NAN;
  *done = 0;
  return 0;
}
static long double normnl(int n, const long double *v, int recip) {
  int done;
  long double s = anyinf_nan(n, v, &done);
  if (done) return recip && isinf(s) ? 0 : s;
  s = 0;
  for (int i = 0; i < n; i++) s += v[i] * v[i];
  return recip ? 1.0L / sqrtl(s) : sqrtl(s);
}
static long double hypotl_(long double a, long double b) { long double v[2] = {a, b}; return normnl(2, v, 0); }
static long double rhypotl_(long double a, long double b) { long double v[2] = {a, b}; return normnl(2, v, 1); }
static long double norm3l_(long double a, long double b, long double c) { long double v[3] = {a, b, c}; return normnl(3, v, 0); }
static long double rnorm3l_(long double a, long double b, long double c) { long double v[3] = {a, b, c}; return normnl(3, v, 1); }
/* I0, I1 by the trapezoid rule over a full period (exponentially accurate):
 * I_n(x) = mean over theta of exp(x cos theta) cos(n theta). */
static long double besseli(long double x, int n) {
  if (x != x) return x;
  if (isinf(x) || fabsl(x) > 720) return n && x < 0 ? -INFINITY : INFINITY;
  if (n == 1 && fabsl(x) < 1e-3L) return x / 2 * (1 + x * x / 8);
  const int N = 2048;
  long double s = 0;
  for (int k = 0; k < N; k++) {
    long double th = 2 * 3.141592653589793238462643383279502884L * k / N;
    s += expl(x * cosl(th)) * (n ? cosl(th) : 1.0L);
  }
  return s / N;
}
static long double besseli0l(long double x) { return besseli(x, 0); }
static long double besseli1l(long double x) { return besseli(x, 1); }

/* --- inverse functions: the result r is right if the forward function at
 *     r -+ k ulp brackets the argument */
static int inv_check(int isf, long double (*fwd)(long double), long double y, double r,
                     double lo_dom, double hi_dom, double k) {
  if (y != y || y < lo_dom || y > hi_dom) return r != r;
  if (y == lo_dom || y == hi_dom) return isinf(r);
  double u = isf ? ulpf((float)r) : ulpd(r);
  if (u == 0) return 0;
  long double a = fwd((long double)r - k * u), b = fwd((long double)r + k * u);
  long double lo = a < b ? a : b, hi = a < b ? b : a;
  return lo <= y && y <= hi;
}
static long double erfcfwd(long double x) { return erfcl(x); }
static long double normcdffwd(long double x) { return normcdfl_(x); }
static int chk_inverse(const char *name, const uint64_t *in, uint64_t out, uint64_t o2) {
  (void)o2;
  size_t n = strlen(name);
  int isf = name[n - 1] == 'f';
  long double y = isf ? bf(in[0]) : bd(in[0]);
  double r = isf ? bf(out) : bd(out);
  double k = isf ? 5 : 8;
  if (!strncmp(name, "erfinv", 6)) return inv_check(isf, erfl, y, r, -1, 1, k);
  if (!strncmp(name, "erfcinv", 7)) {
    if (y != y || y < 0 || y > 2) return r != r;
    if (y == 0 || y == 2) return isinf(r) && (r > 0) == (y == 0);
    return inv_check(isf, erfcfwd, y, r, -1, 3, k);
  }
  if (y == 0 || y == 1) return isinf(r) && (r > 0) == (y == 1);
  return inv_check(isf, normcdffwd, y, r, 0, 1, k);
}

/* --- basic arithmetic in each rounding mode: exact residual checks in
 *     quadruple precision. op from the name, mode from the suffix. */
static int mode_of(const char *name) {
  const char *s = strrchr(name, '_');
  return !strcmp(s, "_rn") ? 0 : !strcmp(s, "_rz") ? 1 : !strcmp(s, "_rd") ? 2 : 3;
}
/* sign of (x - exact) for the operation */
static int resid_sign(int op, quad x, quad a, quad b, quad c) {
  quad r = 0;
  int flip = 0;
  /* sums: subtract the larger term first so that every step but the last
   * is exact in quad precision whatever the exponent gap */
  quad p = a * b, big, small;
  switch (op) {
  case 0: case 1: case 6:
    if (op == 1) b = -b;
    if (op == 6) { a = p; b = c; }
    if ((a < 0 ? -a : a) >= (b < 0 ? -b : b)) { big = a; small = b; } else { big = b; small = a; }
    r = (x - big) - small;
    break;
  case 2: r = x - p; break;
  case 3: r = x * b - a; flip = b < 0; break;
  case 4: r = x * a - 1; flip = a < 0; break;
  case 5: r = x < 0 ? -1 : x * x - a; break;
  default: break;
  }
  int s = r > 0 ? 1 : r < 0 ? -1 : 0;
  return flip ? -s : s;
}
static int chk_mode(const char *name, const uint64_t *in, uint64_t out, uint64_t o2) {
  (void)o2;
  int isf = name[0] == 'f' && strncmp(name, "fma_", 4);
  int m = mode_of(name);
  const char *b = isf ? name + 1 : name[0] == 'd' ? name + 1 : name;
  int op = !strncmp(b, "add", 3) ? 0 : !strncmp(b, "sub", 3) ? 1 : !strncmp(b, "mul", 3) ? 2
         : !strncmp(b, "div", 3) ? 3 : !strncmp(b, "rcp", 3) ? 4 : !strncmp(b, "sqrt", 4) ? 5 : 6;
  double x = isf ? bf(in[0]) : bd(in[0]), y = isf ? bf(in[1]) : bd(in[1]), z = isf ? bf(in[2]) : bd(in[2]);
  double r = isf ? bf(out) : bd(out);
  /* special operands and exact zeros: the host's IEEE result in that mode */
  double host;
  {
    static const int fe[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};
    volatile double vx = x, vy = y, vz = z, vr = 0;
    volatile float fx = (float)x, fy = (float)y, fz = (float)z, fr = 0;
    int o = fegetround();
    fesetround(fe[m]);
    if (isf) {
      switch (op) {
      case 0: fr = fx + fy; break; case 1: fr = fx - fy; break; case 2: fr = fx * fy; break;
      case 3: fr = fx / fy; break; case 4: fr = 1.0f / fx; break; case 5: fr = sqrtf(fx); break;
      default: fr = fmaf(fx, fy, fz); break;
      }
    } else {
      switch (op) {
      case 0: vr = vx + vy; break; case 1: vr = vx - vy; break; case 2: vr = vx * vy; break;
      case 3: vr = vx / vy; break; case 4: vr = 1.0 / vx; break; case 5: vr = sqrt(vx); break;
      default: vr = fma(vx, vy, vz); break;
      }
    }
    fesetround(o);
    host = isf ? (double)fr : (double)vr;
  }
  int nargs = op >= 4 && op <= 5 ? 1 : op == 6 ? 3 : 2;
  int special = !isfinite(x) || (nargs > 1 && !isfinite(y)) || (nargs > 2 && !isfinite(z)) ||
                !isfinite(r) || r == 0 || host == 0 || !isfinite(host);
  if (special || !HAVE_QUAD) /* the IEEE special cases are the host's too */
    return (r != r && host != host) || (r == host && signbit(r) == signbit(host));
  /* bracket: r is the mode's neighbour of the exact value */
  int s = resid_sign(op, (quad)r, (quad)x, (quad)y, (quad)z);
  if (s == 0) return 1;
  double up = isf ? (double)nextafterf((float)r, INFINITY) : nextafter(r, INFINITY);
  double dn = isf ? (double)nextafterf((float)r, -INFINITY) : nextafter(r, -INFINITY);
  int pos = resid_sign(op, 0, (quad)x, (quad)y, (quad)z) < 0; /* exact > 0 */
  if (m == 1) m = pos ? 2 : 3;
  if (m == 2) return s < 0 && resid_sign(op, (quad)up, (quad)x, (quad)y, (quad)z) > 0;
  if (m == 3) return s > 0 && resid_sign(op, (quad)dn, (quad)x, (quad)y, (quad)z) < 0;
  /* nearest: the midpoint towards the exact value lies beyond it (ties even) */
  double other = s < 0 ? up : dn;
  quad mid = ((quad)r + (quad)other) / 2;
  int sm = resid_sign(op, mid, (quad)x, (quad)y, (quad)z);
  if (sm == 0) {
    uint64_t bits = isf ? fb((float)r) : db(r);
    return (bits & 1) == 0;
  }
  return s < 0 ? sm > 0 : sm < 0;
}
/* __frsqrt_rn: correctly rounded 1/sqrt(x): check r*r*x against 1 with the
 * midpoints, in quad precision. */
static int chk_frsqrt(const char *name, const uint64_t *in, uint64_t out, uint64_t o2) {
  (void)name; (void)o2;
  float x = bf(in[0]), r = bf(out);
  if (!(x > 0) || isinf(x)) {
    float e = x == 0 ? copysignf(INFINITY, x) : isinf(x) && x > 0 ? 0.0f : NAN;
    return (r != r && e != e) || (r == e && signbit(r) == signbit(e));
  }
  if (!HAVE_QUAD) return fabs((double)r - 1.0 / sqrt((double)x)) <= ulpf(r);
  /* sign(v - 1/sqrt(x)) = sign(v*v*x - 1) for v > 0 */
  quad q = (quad)r * r * x - 1;
  if (q == 0) return 1;
  float other = q < 0 ? nextafterf(r, INFINITY) : nextafterf(r, 0);
  quad mid = ((quad)r + other) / 2, qm = mid * mid * x - 1;
  return q < 0 ? qm >= 0 : qm <= 0;
}

/* --- conversions and integer functions: expected bits */
static int64_t sat_round(long double v, int m, int64_t lo, int64_t hi, int isunsigned, uint64_t uhi,
                         uint64_t *u) {
  long double r = m == 0 ? nearbyintl(v) : m == 1 ? truncl(v) : m == 2 ? floorl(v) : ceill(v);
  if (isunsigned) {
    *u = v != v || r <= 0 ? 0 : r >= (long double)uhi ? uhi : (uint64_t)r;
    return 0;
  }
  if (v != v) return 0;
  return r <= (long double)lo ? lo : r >= (long double)hi ? hi : (int64_t)r;
}
static uint64_t ex_conv(const char *name, const uint64_t *in, uint64_t *o2) {
  (void)o2;
  int m = strchr(name, '_') ? mode_of(name) : 0;
  /* LLVM 19's NVVM instcombine folds the round-toward-zero integer to float
   * intrinsics (nvvm.i2f.rz, ll2d.rz...) into sitofp/uitofp, which round to
   * nearest: inlined libdevice code (and a GPU running it) rounds to nearest */
  if (real_mode && m == 1 && strncmp(name, "float2", 6) && strncmp(name, "double2", 7)) m = 0;
  static const int fe[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};
  long double v;
  int fromf = !strncmp(name, "float2", 6), fromd = !strncmp(name, "double2", 7);
  if (fromf || fromd) {
    v = fromf ? (long double)bf(in[0]) : (long double)bd(in[0]);
    const char *t = strchr(name, '2') + 1;
    uint64_t u = 0;
    if (!strncmp(t, "int_", 4)) return (uint32_t)sat_round(v, m, INT32_MIN, INT32_MAX, 0, 0, &u);
    if (!strncmp(t, "ll_", 3)) return (uint64_t)sat_round(v, m, INT64_MIN, INT64_MAX, 0, 0, &u);
    if (!strncmp(t, "uint_", 5)) { sat_round(v, m, 0, 0, 1, UINT32_MAX, &u); return u; }
    if (!strncmp(t, "ull_", 4)) { sat_round(v, m, 0, 0, 1, UINT64_MAX, &u); return u; }
    if (!strncmp(t, "float_", 6)) {
      volatile double x = bd(in[0]);
      volatile float r;
      int o = fegetround();
      fesetround(fe[m]);
      r = (float)x;
      fesetround(o);
      return fb(r);
    }
    if (!strcmp(t, "half_rn")) { /* by value: nearest of the f16 grid, ties to even */
      float x = bf(in[0]);
      if (x != x) return 0x7e00;
      long double best = 0;
      uint16_t bb = 0;
      for (uint32_t h = 0; h < 0x7c01; h++) {
        int e = (int)(h >> 10), f = (int)(h & 0x3ff);
        long double hv = h == 0x7c00 ? 65536.0L : e ? ldexpl(1024 + f, e - 25) : ldexpl(f, -24);
        long double d = fabsl(hv - fabsl((long double)x)), bd_ = fabsl(best - fabsl((long double)x));
        if (h == 0 || d < bd_ || (d == bd_ && !(h & 1))) { best = hv; bb = (uint16_t)h; }
      }
      return bb | (signbit(x) ? 0x8000 : 0);
    }
    if (!strcmp(t, "hiint")) return (uint32_t)(in[0] >> 32);
    if (!strcmp(t, "loint")) return (uint32_t)in[0];
  }
  /* integer -> float: the host conversion in that rounding mode */
  const char *t = strchr(name, '2');
  if (t && strncmp(name, "half", 4)) {
    int src64 = !strncmp(name, "ll", 2) || !strncmp(name, "ull", 3);
    int uns = name[0] == 'u';
    int tof = !strncmp(t + 1, "float", 5);
    volatile long double x = src64 ? (uns ? (long double)in[0] : (long double)(int64_t)in[0])
                                   : (uns ? (long double)ui(in[0]) : (long double)si(in[0]));
    volatile float rf;
    volatile double rd;
    int o = fegetround();
    fesetround(fe[m]);
    rf = (float)x; /* long double holds every 64-bit integer exactly */
    rd = (double)x;
    fesetround(o);
    return tof ? fb(rf) : db(rd);
  }
  if (!strcmp(name, "half2float")) {
    uint16_t h = (uint16_t)in[0];
    int e = (h >> 10) & 31, f = h & 0x3ff;
    float v2 = e == 31 ? (f ? NAN : INFINITY) : e ? ldexpf((float)(1024 + f), e - 25) : ldexpf((float)f, -24);
    return fb((h & 0x8000) ? -v2 : v2);
  }
  return 0;
}
static uint64_t ex_round(const char *name, const uint64_t *in, uint64_t *o2) {
  (void)o2;
  int isf = name[strlen(name) - 1] == 'f';
  long double v = isf ? bf(in[0]) : bd(in[0]);
  if (!strncmp(name, "llrint", 6) || !strncmp(name, "llround", 7)) {
    uint64_t u;
    if (v != v) return !strcmp(name, "llroundf") ? (uint64_t)INT64_MIN : 0; /* as libdevice */
    if (name[2] == 'r' && name[3] == 'o') {
      long double r = v < 0 ? -floorl(-v + 0.5L) : floorl(v + 0.5L);
      return (uint64_t)sat_round(r, 1, INT64_MIN, INT64_MAX, 0, 0, &u);
    }
    return (uint64_t)sat_round(v, 0, INT64_MIN, INT64_MAX, 0, 0, &u);
  }
  return 0;
}
static uint64_t ex_bits(const char *name, const uint64_t *in, uint64_t *o2) {
  (void)o2;
  if (!strcmp(name, "float_as_int") || !strcmp(name, "float_as_uint") ||
      !strcmp(name, "int_as_float") || !strcmp(name, "uint_as_float"))
    return in[0] & 0xffffffffu;
  if (!strcmp(name, "double_as_longlong") || !strcmp(name, "longlong_as_double")) return in[0];
  if (!strcmp(name, "hiloint2double")) return ((uint64_t)ui(in[0]) << 32) | ui(in[1]);
  return 0;
}
/* integers: plain C on the declared types */
static uint64_t ex_int(const char *name, const uint64_t *in, uint64_t *o2) {
  (void)o2;
  int32_t a = si(in[0]), b = si(in[1]);
  uint32_t ua = ui(in[0]), ub = ui(in[1]), uc = ui(in[2]);
  int64_t la = (int64_t)in[0], lb = (int64_t)in[1];
  uint64_t ula = in[0], ulb = in[1];
#define R32(x) return (uint32_t)(x)
  if (!strcmp(name, "abs")) R32(a < 0 ? 0u - ua : ua);
  if (!strcmp(name, "llabs")) return la < 0 ? 0 - ula : ula;
  if (!strcmp(name, "min")) R32(a < b ? a : b);
  if (!strcmp(name, "max")) R32(a > b ? a : b);
  if (!strcmp(name, "umin")) R32(ua < ub ? ua : ub);
  if (!strcmp(name, "umax")) R32(ua > ub ? ua : ub);
  if (!strcmp(name, "llmin")) return (uint64_t)(la < lb ? la : lb);
  if (!strcmp(name, "llmax")) return (uint64_t)(la > lb ? la : lb);
  if (!strcmp(name, "ullmin")) return ula < ulb ? ula : ulb;
  if (!strcmp(name, "ullmax")) return ula > ulb ? ula : ulb;
  if (!strcmp(name, "popc")) { int n = 0; for (uint32_t x = ua; x; x >>= 1) n += x & 1; R32(n); }
  if (!strcmp(name, "popcll")) { int n = 0; for (uint64_t x = ula; x; x >>= 1) n += x & 1; R32(n); }
  if (!strcmp(name, "clz")) { int n = 0; while (n < 32 && !(ua & (0x80000000u >> n))) n++; R32(n); }
  if (!strcmp(name, "clzll")) { int n = 0; while (n < 64 && !(ula & (0x8000000000000000ull >> n))) n++; R32(n); }
  if (!strcmp(name, "ffs")) { for (int i = 0; i < 32; i++) if (ua & (1u << i)) R32(i + 1); R32(0); }
  if (!strcmp(name, "ffsll")) { for (int i = 0; i < 64; i++) if (ula & (1ull << i)) R32(i + 1); R32(0); }
  if (!strcmp(name, "brev")) { uint32_t r = 0; for (int i = 0; i < 32; i++) if (ua & (1u << i)) r |= 0x80000000u >> i; R32(r); }
  if (!strcmp(name, "brevll")) { uint64_t r = 0; for (int i = 0; i < 64; i++) if (ula & (1ull << i)) r |= 0x8000000000000000ull >> i; return r; }
  if (!strcmp(name, "mulhi")) R32((int64_t)a * b / 4294967296ll - (((int64_t)a * b) % 4294967296ll < 0));
  if (!strcmp(name, "umulhi")) R32((uint64_t)ua * ub / 4294967296ull);
  if (!strcmp(name, "mul64hi")) return (uint64_t)(int64_t)(((__int128)la * lb) >> 64);
  if (!strcmp(name, "umul64hi")) return (uint64_t)(((unsigned __int128)ula * ulb) >> 64);
  if (!strcmp(name, "mul24")) {
    int64_t x = (ua & 0x800000) ? (int64_t)(ua & 0xffffff) - 0x1000000 : (int64_t)(ua & 0xffffff);
    int64_t y = (ub & 0x800000) ? (int64_t)(ub & 0xffffff) - 0x1000000 : (int64_t)(ub & 0xffffff);
    R32((uint64_t)(x * y));
  }
  if (!strcmp(name, "umul24")) R32((uint64_t)(ua & 0xffffff) * (ub & 0xffffff));
  if (!strcmp(name, "hadd")) R32((int32_t)floorl(((long double)a + b) / 2));
  if (!strcmp(name, "rhadd")) R32((int32_t)floorl(((long double)a + b + 1) / 2));
  if (!strcmp(name, "uhadd")) R32(((uint64_t)ua + ub) / 2);
  if (!strcmp(name, "urhadd")) R32(((uint64_t)ua + ub + 1) / 2);
  if (!strcmp(name, "sad")) R32((uint32_t)llabs((int64_t)a - b) + uc);
  if (!strcmp(name, "usad")) R32((uint32_t)llabs((int64_t)ua - ub) + uc);
  if (!strcmp(name, "byte_perm")) {
    uint8_t by[8];
    for (int i = 0; i < 4; i++) { by[i] = (uint8_t)(ua >> (8 * i)); by[4 + i] = (uint8_t)(ub >> (8 * i)); }
    uint32_t r = 0;
    for (int i = 0; i < 4; i++) r |= (uint32_t)by[(uc >> (4 * i)) & 7] << (8 * i);
    R32(r);
  }
#undef R32
  return 0xdeadbeef;
}
/* SIMD video functions: lanes as int16_t / int8_t */
static uint64_t ex_simd(const char *name, const uint64_t *in, uint64_t *o2) {
  (void)o2;
  size_t n = strlen(name);
  int lanes = name[n - 1] == '2' ? 2 : 4, w = 32 / lanes;
  char op[16];
  snprintf(op, sizeof op, "%.*s", (int)(n - 2), name + 1);
  long smax = (1l << (w - 1)) - 1, smin = -(1l << (w - 1)), umax = (1l << w) - 1;
  uint32_t r = 0, sum = 0;
  for (int i = 0; i < lanes; i++) {
    long ua = (long)((ui(in[0]) >> (i * w)) & (uint32_t)umax), ub = (long)((ui(in[1]) >> (i * w)) & (uint32_t)umax);
    long sa = lanes == 2 ? (int16_t)ua : (int8_t)ua, sb = lanes == 2 ? (int16_t)ub : (int8_t)ub, v = 0;
    if (!strcmp(op, "abs")) v = labs(sa);
    else if (!strcmp(op, "absss")) v = labs(sa) > smax ? smax : labs(sa);
    else if (!strcmp(op, "neg")) v = -sa;
    else if (!strcmp(op, "negss")) v = -sa > smax ? smax : -sa;
    else if (!strcmp(op, "absdiffs")) v = labs(sa - sb);
    else if (!strcmp(op, "absdiffu")) v = labs(ua - ub);
    else if (!strcmp(op, "add")) v = sa + sb;
    else if (!strcmp(op, "sub")) v = sa - sb;
    else if (!strcmp(op, "addss")) v = sa + sb > smax ? smax : sa + sb < smin ? smin : sa + sb;
    else if (!strcmp(op, "subss")) v = sa - sb > smax ? smax : sa - sb < smin ? smin : sa - sb;
    else if (!strcmp(op, "addus")) v = ua + ub > umax ? umax : ua + ub;
    else if (!strcmp(op, "subus")) v = ua - ub < 0 ? 0 : ua - ub;
    else if (!strcmp(op, "avgs")) { long s = sa + sb; v = s >= 0 ? (s + 1) / 2 : -((-s + 1) / 2); }
    else if (!strcmp(op, "avgu")) v = (ua + ub + 1) / 2;
    else if (!strcmp(op, "haddu")) v = (ua + ub) / 2;
    else if (!strcmp(op, "maxs")) v = sa > sb ? sa : sb;
    else if (!strcmp(op, "maxu")) v = ua > ub ? ua : ub;
    else if (!strcmp(op, "mins")) v = sa < sb ? sa : sb;
    else if (!strcmp(op, "minu")) v = ua < ub ? ua : ub;
    else if (!strcmp(op, "sads")) sum += (uint32_t)labs(sa - sb);
    else if (!strcmp(op, "sadu")) sum += (uint32_t)labs(ua - ub);
    else {
      int cmp = !strncmp(op, "cmp", 3), c = 0;
      const char *p = op + 3;
      if (!strcmp(p, "eq")) c = ua == ub;
      else if (!strcmp(p, "ne")) c = ua != ub;
      else if (!strcmp(p, "ges")) c = sa >= sb;
      else if (!strcmp(p, "geu")) c = ua >= ub;
      else if (!strcmp(p, "gts")) c = sa > sb;
      else if (!strcmp(p, "gtu")) c = ua > ub;
      else if (!strcmp(p, "les")) c = sa <= sb;
      else if (!strcmp(p, "leu")) c = ua <= ub;
      else if (!strcmp(p, "lts")) c = sa < sb;
      else if (!strcmp(p, "ltu")) c = ua < ub;
      else return 0xdeadbeef;
      v = c ? (cmp ? umax : 1) : 0;
    }
    r |= ((uint32_t)v & (uint32_t)umax) << (i * w);
  }
  return !strncmp(op, "sad", 3) ? sum : r;
}
/* exact float functions: the host C function of the same type */
static uint64_t ex_exactf(const char *name, const uint64_t *in, uint64_t *o2) {
  size_t n = strlen(name);
  int isf = name[n - 1] == 'f' && strcmp(name, "modf");
  float a = bf(in[0]), b = bf(in[1]), c = bf(in[2]);
  double x = bd(in[0]), y = bd(in[1]), z = bd(in[2]);
  int ia = si(in[1]);
#define E(nm, fe, de) if (!strcmp(name, nm "f")) return fb(fe); if (!strcmp(name, nm)) return db(de);
  E("fabs", fabsf(a), fabs(x)) E("ceil", ceilf(a), ceil(x)) E("floor", floorf(a), floor(x))
  E("trunc", truncf(a), trunc(x)) E("round", roundf(a), round(x)) E("rint", rintf(a), rint(x))
  E("nearbyint", nearbyintf(a), nearbyint(x)) E("copysign", copysignf(a, b), copysign(x, y))
  E("fdim", fdimf(a, b), fdim(x, y)) E("fmod", fmodf(a, b), fmod(x, y))
  E("remainder", remainderf(a, b), remainder(x, y)) E("nextafter", nextafterf(a, b), nextafter(x, y))
  E("fma", fmaf(a, b, c), fma(x, y, z)) E("sqrt", sqrtf(a), sqrt(x)) E("logb", logbf(a), logb(x))
  E("ldexp", ldexpf(a, ia), ldexp(x, ia)) E("scalbn", scalbnf(a, ia), scalbn(x, ia))
  E("saturate", a != a ? 0.0f : fminf(fmaxf(a, 0.0f), 1.0f), 0.0)
#undef E
  if (!strcmp(name, "fmaxf") || !strcmp(name, "fminf") || !strcmp(name, "fmax") || !strcmp(name, "fmin")) {
    int mx = name[2] == 'a';
    double p = isf ? a : x, q = isf ? b : y, r;
    if (p != p) r = q;
    else if (q != q) r = p;
    else if (p == q) r = (signbit(p) != 0) == mx ? q : p;
    else r = (p > q) == mx ? p : q;
    return isf ? fb((float)r) : db(r);
  }
  if (!strcmp(name, "ilogbf") || !strcmp(name, "ilogb")) {
    double v = isf ? a : x;
    return (uint32_t)(v != v || v == 0 ? INT_MIN : isinf(v) ? INT_MAX : ilogb(v));
  }
  if (!strcmp(name, "isinff") || !strcmp(name, "isinfd")) return isinf(isf ? a : x) ? 1 : 0;
  if (!strcmp(name, "isnanf") || !strcmp(name, "isnand")) return isnan(isf ? a : x) ? 1 : 0;
  if (!strcmp(name, "finitef") || !strcmp(name, "isfinited")) return isfinite(isf ? a : x) ? 1 : 0;
  if (!strcmp(name, "signbitf") || !strcmp(name, "signbitd")) return signbit(isf ? a : x) ? 1 : 0;
  if (!strcmp(name, "frexpf")) { int e; float r = frexpf(a, &e); *o2 = (uint32_t)e; return fb(r); }
  if (!strcmp(name, "frexp")) { int e; double r = frexp(x, &e); *o2 = (uint32_t)e; return db(r); }
  if (!strcmp(name, "modff")) { float ip; float r = modff(a, &ip); *o2 = fb(ip); return fb(r); }
  if (!strcmp(name, "modf")) { double ip; double r = modf(x, &ip); *o2 = db(ip); return db(r); }
  if (!strcmp(name, "remquof")) { int q; float r = remquof(a, b, &q); *o2 = (uint32_t)q; return fb(r); }
  if (!strcmp(name, "remquo")) { int q; double r = remquo(x, y, &q); *o2 = (uint32_t)q; return db(r); }
  if (!strcmp(name, "nanf")) return fb(nanf((const char *)&in[0]));
  if (!strcmp(name, "nan")) return db(nan((const char *)&in[0]));
  return 0xdeadbeef;
}

/* functions with one or two long double references and an int argument */
static int chk_misc(const char *name, const uint64_t *in, uint64_t out, uint64_t o2) {
  size_t n = strlen(name);
  int isf = name[n - 1] == 'f';
  if (!strcmp(name, "powi") || !strcmp(name, "powif")) {
    long double x = isf ? bf(in[0]) : bd(in[0]);
    /* undocumented bound: libdevice squares repeatedly, up to about |n| ulp */
    return near_ld(isf, isf ? bf(out) : bd(out), powl(x, si(in[1])), (isf ? 4 : 2) + fabs((double)si(in[1])), 0);
  }
  if (!strcmp(name, "jn") || !strcmp(name, "jnf") || !strcmp(name, "yn") || !strcmp(name, "ynf")) {
    long double x = isf ? bf(in[1]) : bd(in[1]);
    long double e = si(in[0]) < 0 ? NAN : name[0] == 'j' ? jnl(si(in[0]), x) : ynl(si(in[0]), x);
    double r = isf ? bf(out) : bd(out);
    /* libdevice's recurrences at (nearly) 0 for n >= 2: jn gives NaN, yn(n, -0) +inf */
    if (real_mode && fabsl(x) < 1e-30L && si(in[0]) >= 2 && (r != r || isinf(r))) return 1;
    if (isinf(e) && isinf(r)) return (e > 0) == (r > 0);
    return near_ld(isf, r, e, isf ? 9 : 7, isf ? 2.2e-6 * fmaxl(1, fabsl(e)) : 5e-12 * fmaxl(1, fabsl(e)));
  }
  if (!strncmp(name, "sincos", 6) || !strcmp(name, "fast_sincosf")) {
    int pi = !strncmp(name, "sincospi", 8);
    isf = name[n - 1] == 'f';
    long double x = isf ? bf(in[0]) : bd(in[0]);
    double s = isf ? bf(out) : bd(out), c = isf ? bf(o2) : bd(o2);
    long double es = pi ? sinpil_(x) : sinl(x), ec = pi ? cospil_(x) : cosl(x);
    double tol = pi ? 1e-18 : 0, u = strncmp(name, "fast", 4) ? 2 : 8;
    return near_ld(isf, s, es, u, tol) && near_ld(isf, c, ec, u, tol);
  }
  if (!strcmp(name, "norm4d") || !strcmp(name, "rnorm4d") || !strcmp(name, "norm4df") || !strcmp(name, "rnorm4df")) {
    long double v[4];
    for (int i = 0; i < 4; i++) v[i] = isf ? bf(in[i]) : bd(in[i]);
    int rc = name[0] == 'r';
    return near_ld(isf, isf ? bf(out) : bd(out), normnl(4, v, rc), isf ? 3 : 2, 0);
  }
  if (!strcmp(name, "lgamma") || !strcmp(name, "lgammaf")) {
    /* documented: 4 (6) ulp outside [-11.0001, -2.2637], larger inside */
    long double x = isf ? bf(in[0]) : bd(in[0]);
    int inside = x > -11.0001L && x < -2.2637L;
    return near_ld(isf, isf ? bf(out) : bd(out), lgammal_(x), isf ? 6 : 4, inside ? (isf ? 1e-6 : 1e-14) : 0);
  }
  if (!strcmp(name, "fast_expf") || !strcmp(name, "fast_exp10f")) {
    /* documented: 2 + floor(|1.173 x|) ulp (__expf), 2 + floor(|2.95 x|) (__exp10f) */
    float x = bf(in[0]);
    int e10 = strstr(name, "10") != NULL;
    double u = 2 + floor(fabs((e10 ? 2.95 : 1.173) * x));
    return near_ld(1, bf(out), e10 ? exp10l_(x) : expl(x), u, 0);
  }
  if (!strcmp(name, "fast_powf")) {
    /* defined as exp2(y * log2(x)): 0^0 and negative x are NaN; the error
     * grows with |y log2 x| */
    float x = bf(in[0]), y = bf(in[1]);
    long double p = (long double)y * log2l(x);
    return near_ld(1, bf(out), exp2l(p), 8 + 2 * fabsl(p), 0);
  }
  if (!strcmp(name, "fast_fdividef")) {
    float x = bf(in[0]), y = bf(in[1]), r = bf(out);
    if (fabsf(y) > 0x1p126f && !isinf(y)) return isinf(x) ? r != r : r == 0;
    return near_ld(1, r, (long double)x / y, 2, 0);
  }
  if (!strcmp(name, "rcp64h")) {
    double x = bd(in[0]), r = bd(out);
    if (x != x) return r != r;
    if (x == 0 || fpclassify(x) == FP_SUBNORMAL) return isinf(r);
    if (isinf(x)) return r == 0;
    if (fabs(x) > 1e307) return fabs(r) <= 2.3e-307;
    return fabs(r * x - 1) <= 0x1p-18 && (db(r) & 0xffffffffu) == 0;
  }
  return 0;
}
/* norm(dim, array) and its relatives: rows of 16 elements */
static int chk_normv(const char *name, const uint64_t *in, uint64_t out, uint64_t o2) {
  (void)o2;
  int isf = name[strlen(name) - 1] == 'f', rc = name[0] == 'r';
  int dim = si(in[0]);
  if (dim < 1) dim = 1;
  long double v[16];
  for (int i = 0; i < dim; i++) v[i] = isf ? ((const float *)(const void *)&in[1])[i] : ((const double *)(const void *)&in[1])[i];
  return near_ld(isf, isf ? bf(out) : bd(out), normnl(dim, v, rc), isf ? 3 : 2, 0);
}

#define L1(n, f, u) {n, K_L1, (void *)(f), u, 0}
#define L2(n, f, u) {n, K_L2, (void *)(f), u, 0}
#define L3(n, f, u) {n, K_L3, (void *)(f), u, 0}
#define L1A(n, f, u, a) {n, K_L1, (void *)(f), u, a}
#define EX(n, f) {n, K_EX, (void *)(f), 0, 0}
#define CK(n, f) {n, K_CHK, (void *)(f), 0, 0}
/* float and double twins: ulps of each */
#define T1(b, f, uf, ud) L1(b "f", f, uf), L1(b, f, ud)
#define T2(b, f, uf, ud) L2(b "f", f, uf), L2(b, f, ud)
#define TX(b, f) EX(b "f", f), EX(b, f)
#define M4(b, f) CK(b "_rn", f), CK(b "_rz", f), CK(b "_rd", f), CK(b "_ru", f)
#define X4(b, f) EX(b "_rn", f), EX(b "_rz", f), EX(b "_rd", f), EX(b "_ru", f)
static const ref refs[] = {
  T1("sin", sinl, 2, 2), T1("cos", cosl, 2, 2), T1("tan", tanl, 4, 2), T1("asin", asinl, 2, 2),
  T1("acos", acosl, 2, 2), T1("atan", atanl, 2, 2), T2("atan2", atan2l, 3, 2),
  T1("sinh", sinhl, 3, 2), T1("cosh", coshl, 2, 1), T1("tanh", tanhl, 2, 1),
  T1("asinh", asinhl, 3, 3), T1("acosh", acoshl, 4, 3), T1("atanh", atanhl, 3, 2),
  T1("exp", expl, 2, 1), T1("exp2", exp2l, 2, 1), T1("exp10", exp10l_, 2, 1),
  T1("expm1", expm1l, 1, 1), T1("log", logl, 1, 1), T1("log2", log2l, 1, 1),
  T1("log10", log10l, 2, 1), T1("log1p", log1pl, 1, 1), T2("pow", powl, 4, 2),
  T1("rsqrt", rsqrtl_, 2, 1), T1("cbrt", cbrtl, 1, 1), T1("rcbrt", rcbrtl_, 1, 1),
  T2("hypot", hypotl_, 3, 2), T2("rhypot", rhypotl_, 2, 1), L3("norm3df", norm3l_, 3),
  L3("norm3d", norm3l_, 2), L3("rnorm3df", rnorm3l_, 2), L3("rnorm3d", rnorm3l_, 1),
  T1("erf", erfl, 2, 2), T1("erfc", erfcl, 4, 5), T1("erfcx", erfcxl_, 4, 4),
  T1("normcdf", normcdfl_, 5, 5), CK("lgammaf", chk_misc), CK("lgamma", chk_misc),
  T1("tgamma", tgammal, 5, 10),
  L1A("sinpif", sinpil_, 2, 1e-18), L1A("sinpi", sinpil_, 2, 1e-18),
  L1A("cospif", cospil_, 2, 1e-18), L1A("cospi", cospil_, 2, 1e-18),
  L1A("j0f", j0l, 9, 2.2e-6), L1A("j0", j0l, 7, 5e-12), L1A("j1f", j1l, 9, 2.2e-6),
  L1A("j1", j1l, 7, 5e-12), L1A("y0f", y0l, 9, 2.2e-6), L1A("y0", y0l, 7, 5e-12),
  L1A("y1f", y1l, 9, 2.2e-6), L1A("y1", y1l, 7, 5e-12),
  T1("cyl_bessel_i0", besseli0l, 6, 9), T1("cyl_bessel_i1", besseli1l, 6, 9),
  /* fast single precision forms: documented bounds are looser than these */
  CK("fast_expf", chk_misc), CK("fast_exp10f", chk_misc), L1A("fast_logf", logl, 8, 0x1p-21),
  L1A("fast_log2f", log2l, 8, 0x1p-21), L1A("fast_log10f", log10l, 8, 0x1p-21),
  L1A("fast_sinf", sinl, 8, 0x1p-21), L1A("fast_cosf", cosl, 8, 0x1p-21),
  L1A("fast_tanf", tanl, 8, 0x1p-20), CK("fast_powf", chk_misc), CK("fast_fdividef", chk_misc),
  CK("fast_sincosf", chk_misc), CK("sincosf", chk_misc), CK("sincos", chk_misc),
  CK("sincospif", chk_misc), CK("sincospi", chk_misc), CK("powif", chk_misc), CK("powi", chk_misc),
  CK("jnf", chk_misc), CK("jn", chk_misc), CK("ynf", chk_misc), CK("yn", chk_misc),
  CK("norm4df", chk_misc), CK("norm4d", chk_misc), CK("rnorm4df", chk_misc), CK("rnorm4d", chk_misc),
  CK("rcp64h", chk_misc), CK("normf", chk_normv), CK("norm", chk_normv), CK("rnormf", chk_normv),
  CK("rnorm", chk_normv), EX("nanf", ex_exactf), EX("nan", ex_exactf),
  CK("erfinvf", chk_inverse), CK("erfinv", chk_inverse), CK("erfcinvf", chk_inverse),
  CK("erfcinv", chk_inverse), CK("normcdfinvf", chk_inverse), CK("normcdfinv", chk_inverse),
  /* exact */
  TX("fabs", ex_exactf), TX("ceil", ex_exactf), TX("floor", ex_exactf), TX("trunc", ex_exactf),
  TX("round", ex_exactf), TX("rint", ex_exactf), TX("nearbyint", ex_exactf),
  TX("copysign", ex_exactf), TX("fdim", ex_exactf), TX("fmod", ex_exactf),
  TX("remainder", ex_exactf), TX("nextafter", ex_exactf), TX("fma", ex_exactf), TX("sqrt", ex_exactf),
  TX("logb", ex_exactf), TX("ldexp", ex_exactf), TX("scalbn", ex_exactf), TX("fmax", ex_exactf),
  TX("fmin", ex_exactf), TX("ilogb", ex_exactf), TX("frexp", ex_exactf), TX("modf", ex_exactf),
  TX("remquo", ex_exactf), EX("saturatef", ex_exactf), EX("isinff", ex_exactf),
  EX("isinfd", ex_exactf), EX("isnanf", ex_exactf), EX("isnand", ex_exactf),
  EX("finitef", ex_exactf), EX("isfinited", ex_exactf), EX("signbitf", ex_exactf),
  EX("signbitd", ex_exactf),
  /* rounding modes */
  M4("fadd", chk_mode), M4("fsub", chk_mode), M4("fmul", chk_mode), M4("fdiv", chk_mode),
  M4("frcp", chk_mode), M4("fsqrt", chk_mode), M4("fmaf", chk_mode), M4("fmaf_ieee", chk_mode),
  M4("dadd", chk_mode), M4("dsub", chk_mode), M4("dmul", chk_mode), M4("ddiv", chk_mode),
  M4("drcp", chk_mode), M4("dsqrt", chk_mode), M4("fma", chk_mode), CK("frsqrt_rn", chk_frsqrt),
  /* conversions */
  X4("float2int", ex_conv), X4("float2uint", ex_conv), X4("float2ll", ex_conv),
  X4("float2ull", ex_conv), X4("double2int", ex_conv), X4("double2uint", ex_conv),
  X4("double2ll", ex_conv), X4("double2ull", ex_conv), X4("double2float", ex_conv),
  X4("int2float", ex_conv), X4("uint2float", ex_conv), X4("ll2float", ex_conv),
  X4("ull2float", ex_conv), X4("ll2double", ex_conv), X4("ull2double", ex_conv),
  EX("int2double_rn", ex_conv), EX("uint2double_rn", ex_conv), EX("float2half_rn", ex_conv),
  EX("half2float", ex_conv), EX("double2hiint", ex_conv), EX("double2loint", ex_conv),
  EX("llrint", ex_round), EX("llrintf", ex_round), EX("llround", ex_round), EX("llroundf", ex_round),
  EX("float_as_int", ex_bits), EX("float_as_uint", ex_bits), EX("int_as_float", ex_bits),
  EX("uint_as_float", ex_bits), EX("double_as_longlong", ex_bits),
  EX("longlong_as_double", ex_bits), EX("hiloint2double", ex_bits),
  /* integers */
  EX("abs", ex_int), EX("llabs", ex_int), EX("min", ex_int), EX("max", ex_int), EX("umin", ex_int),
  EX("umax", ex_int), EX("llmin", ex_int), EX("llmax", ex_int), EX("ullmin", ex_int),
  EX("ullmax", ex_int), EX("popc", ex_int), EX("popcll", ex_int), EX("clz", ex_int),
  EX("clzll", ex_int), EX("ffs", ex_int), EX("ffsll", ex_int), EX("brev", ex_int),
  EX("brevll", ex_int), EX("mulhi", ex_int), EX("umulhi", ex_int), EX("mul64hi", ex_int),
  EX("umul64hi", ex_int), EX("mul24", ex_int), EX("umul24", ex_int), EX("hadd", ex_int),
  EX("rhadd", ex_int), EX("uhadd", ex_int), EX("urhadd", ex_int), EX("sad", ex_int),
  EX("usad", ex_int), EX("byte_perm", ex_int),
  {NULL, 0, NULL, 0, 0}};

static const ref *find_ref(const char *name) {
  for (const ref *r = refs; r->name; r++)
    if (!strcmp(r->name, name)) return r;
  /* the SIMD video functions share one reference */
  size_t n = strlen(name);
  if (name[0] == 'v' && (name[n - 1] == '2' || name[n - 1] == '4')) {
    static const ref simd = {"v*", K_EX, (void *)ex_simd, 0, 0};
    return &simd;
  }
  return NULL;
}

/* ------------------------------------------------------------- completeness */

static int is_unsupported(const char *name) {
  for (unsigned i = 0; simI_math_unsupported[i]; i++)
    if (!strcmp(simI_math_unsupported[i], name)) return 1;
  return 0;
}
/* the header's signature vs the table's (u is i; array/string kinds named
 * by the header as a/n are v/n in the table) */
static void norm_sig(const char *in, char *out) {
  for (; *in; in++) *out++ = *in == 'u' ? 'i' : *in == 'a' ? 'v' : *in;
  *out = 0;
}

static void test_complete(void) {
  unsigned n = 0, missing = 0;
  CU_ASSERT_TRUE_FATAL(decls[0].name != NULL); /* clang's header was read */
  for (const decl *d = decls; d->name; d++, n++) {
    char full[80];
    snprintf(full, sizeof full, "__nv_%s", d->name);
    int mi = simI_math_find(full);
    if (mi < 0 && !is_unsupported(full)) {
      fprintf(stderr, "\nlibdevice function %s: neither implemented nor reported unsupported", full);
      missing++;
      continue;
    }
    if (mi >= 0) {
      char a[16], b[16];
      norm_sig(d->sig, a);
      norm_sig(simI_math_table[mi].sig, b);
      if (strcmp(a, b)) {
        fprintf(stderr, "\n%s: header signature %s, table %s", full, d->sig, simI_math_table[mi].sig);
        missing++;
      }
    }
    if (!find_ref(d->name)) {
      fprintf(stderr, "\n%s: no host reference in test_math.c", full);
      missing++;
    }
  }
  CU_ASSERT_EQUAL(missing, 0);
  CU_ASSERT_TRUE(n >= 400);
}

/* ------------------------------------------------------------- runs */

static unsigned esize(char c, int fl) {
  switch (c) {
  case 'i': case 'q': return 4;
  case 'l': case 'd': return 8;
  case 'f': return 4;
  case 'h': return 2;
  case 'p': return fl ? 4 : 8;
  default: return 0;
  }
}

/* values for argument letter c; small: a shorter pool (several arguments) */
static unsigned pool(const char *name, char c, int small, int argi, uint64_t *v) {
  unsigned n = 0;
  if (c == 'f') {
    if (small) for (unsigned i = 0; i < sizeof fsmall / sizeof fsmall[0]; i++) v[n++] = fb(fsmall[i]);
    else for (unsigned i = 0; i < sizeof fpool / sizeof fpool[0]; i++) v[n++] = fb(fpool[i]);
  } else if (c == 'd') {
    if (small) for (unsigned i = 0; i < sizeof dsmall / sizeof dsmall[0]; i++) v[n++] = db(dsmall[i]);
    else for (unsigned i = 0; i < sizeof dpool / sizeof dpool[0]; i++) v[n++] = db(dpool[i]);
  } else if (c == 'i') {
    if ((name[0] == 'j' || name[0] == 'y') && name[1] == 'n' && argi == 0)
      for (unsigned i = 0; i < sizeof norder / sizeof norder[0]; i++) v[n++] = (uint32_t)norder[i];
    else if (small) for (unsigned i = 0; i < sizeof ismall / sizeof ismall[0]; i++) v[n++] = (uint32_t)ismall[i];
    else for (unsigned i = 0; i < sizeof ipool / sizeof ipool[0]; i++) v[n++] = (uint32_t)ipool[i];
  } else if (c == 'l') {
    if (small) for (unsigned i = 0; i < sizeof lsmall / sizeof lsmall[0]; i++) v[n++] = (uint64_t)lsmall[i];
    else for (unsigned i = 0; i < sizeof lpool / sizeof lpool[0]; i++) v[n++] = (uint64_t)lpool[i];
  } else if (c == 'h') {
    for (unsigned i = 0; i < sizeof hpool / sizeof hpool[0]; i++) v[n++] = hpool[i];
  }
  return n;
}

#define MAXCASE 2048
#define MAXARG 4

/* Run t_<name> of program p on the cases; check each against the reference.
 * Returns the number of wrong results (printed). */
static unsigned run_one(simI_program *p, const char *opt, const decl *d) {
  const char *name = d->name, *sig = d->sig;
  const ref *rf = find_ref(name);
  if (!rf) return 1;
  char kname[80];
  snprintf(kname, sizeof kname, "t_%s", name);
  int k = simI_find_kernel(p, kname);
  if (k < 0) { fprintf(stderr, "\n%s -%s: kernel %s missing", name, opt, kname); return 1; }
  size_t nl = strlen(name);
  int fl = sig[0] == 'f' || (sig[0] == 'v' && name[nl - 1] == 'f');
  const char *as = sig + 2;
  unsigned na = (unsigned)strlen(as), nin = 0;
  /* input columns */
  static uint64_t pools[MAXARG][64];
  unsigned psz[MAXARG] = {0};
  int memrow = 0; /* a string or array argument: 16-element rows */
  for (unsigned i = 0; i < na; i++) {
    if (as[i] == 'n' || as[i] == 'a') memrow = 1;
    if (as[i] == 'i' || as[i] == 'l' || as[i] == 'f' || as[i] == 'd' || as[i] == 'h') nin++;
  }
  static uint64_t cases[MAXCASE][MAXARG + 2]; /* scalar inputs; [MAXARG..]: row memory */
  static uint8_t rows[MAXCASE][16 * 8];
  unsigned nc = 0;
  if (memrow && as[0] == 'n') {
    for (unsigned t = 0; t < sizeof tags / sizeof tags[0]; t++, nc++) {
      memset(rows[nc], 0, sizeof rows[nc]);
      strncpy((char *)rows[nc], tags[t], 15);
    }
  } else if (memrow) {
    static const int dims[] = {1, 2, 3, 5, 16, 0, -1};
    const double pats[][4] = {{3, 4, 12, 0.5}, {-1e-3, 2e-3, 1e-40, 0}, {1e30, -1e30, 3e30, 1},
                              {INFINITY, NAN, 1, 2}, {NAN, 1, 2, 3}, {0, -0.0, 0, 0},
                              {1e300, 1e300, -1e300, 1}};
    for (unsigned di = 0; di < sizeof dims / sizeof dims[0]; di++)
      for (unsigned pi = 0; pi < sizeof pats / sizeof pats[0]; pi++, nc++) {
        cases[nc][0] = (uint32_t)dims[di];
        for (int e = 0; e < 16; e++) {
          double v = pats[pi][e % 4] * (e < 4 ? 1 : 0.5 + e);
          if (fl) { float f = (float)v; memcpy(rows[nc] + 4 * e, &f, 4); }
          else memcpy(rows[nc] + 8 * e, &v, 8);
        }
      }
  } else {
    unsigned ai = 0;
    for (unsigned i = 0; i < na; i++)
      if (as[i] != 'q' && as[i] != 'p') { psz[ai] = pool(name, as[i], nin > 1, (int)ai, pools[ai]); ai++; }
    /* the cross product of the columns (shorter pools past two arguments) */
    unsigned lim[MAXARG];
    for (unsigned i = 0; i < nin; i++) lim[i] = nin > 2 && psz[i] > 6 ? 6 : psz[i];
    unsigned idx[MAXARG] = {0};
    for (;;) {
      if (nc >= MAXCASE) break;
      for (unsigned i = 0; i < nin; i++) cases[nc][i] = pools[i][(idx[i] + (nin > 2 ? i * 3 : 0)) % psz[i]];
      nc++;
      unsigned i = 0;
      while (i < nin && ++idx[i] == lim[i]) idx[i++] = 0;
      if (i == nin) break;
    }
  }
  /* buffers: one per argument (scalar input column, pointer output, row
   * memory), then out (unless void) */
  unsigned blk = 64, grid = (nc + blk - 1) / blk, tot = grid * blk;
  simI_buffer bufs[MAXARG + 2];
  simI_arg args[MAXARG + 3];
  memset(bufs, 0, sizeof bufs);
  memset(args, 0, sizeof args);
  void *mem[MAXARG + 2] = {0};
  unsigned nb = 0, ci = 0;
  int o2buf = -1, o3buf = -1, outbuf = -1;
  for (unsigned i = 0; i < na; i++) {
    unsigned sz;
    if (as[i] == 'n') sz = 16;
    else if (as[i] == 'a') sz = 16 * (fl ? 4 : 8);
    else sz = esize(as[i], fl);
    mem[nb] = calloc(tot, sz);
    for (unsigned c = 0; c < nc; c++) {
      if (as[i] == 'n' || as[i] == 'a') memcpy((uint8_t *)mem[nb] + (size_t)c * sz, rows[c], sz);
      else if (as[i] != 'q' && as[i] != 'p') memcpy((uint8_t *)mem[nb] + (size_t)c * sz, &cases[c][ci], sz);
    }
    if (as[i] != 'q' && as[i] != 'p' && as[i] != 'n' && as[i] != 'a') ci++;
    if (as[i] == 'q' || as[i] == 'p') { if (o2buf < 0) o2buf = (int)nb; else o3buf = (int)nb; }
    bufs[nb] = (simI_buffer){mem[nb], (uint64_t)tot * sz, SIMI_ELEM_UNKNOWN, "arg", 0};
    args[nb].is_buffer = 1;
    args[nb].buffer = nb;
    nb++;
  }
  unsigned rsz = sig[0] == 'v' ? 0 : esize(sig[0] == 'i' ? 'i' : sig[0], fl);
  if (rsz) {
    mem[nb] = calloc(tot, rsz);
    bufs[nb] = (simI_buffer){mem[nb], (uint64_t)tot * rsz, SIMI_ELEM_UNKNOWN, "out", 0};
    args[nb].is_buffer = 1;
    args[nb].buffer = nb;
    outbuf = (int)nb;
    nb++;
  }
  args[nb].bits = nc;
  simI_launch l;
  memset(&l, 0, sizeof l);
  l.grid = (simI_dim3){grid, 1, 1};
  l.block = (simI_dim3){blk, 1, 1};
  l.nargs = nb + 1;
  l.args = args;
  l.nbuffers = nb;
  l.buffers = bufs;
  simI_result res;
  simI_status st = simI_run(p, (unsigned)k, &l, NULL, 0, &res);
  unsigned bad = 0;
  if (st != SIMI_OK) {
    fprintf(stderr, "\n%s -%s: run failed: %s", name, opt, res.message);
    bad = 1;
  } else {
    for (unsigned c = 0; c < nc && bad < 4; c++) {
      uint64_t in[MAXARG + 16];
      memset(in, 0, sizeof in);
      if (memrow && as[0] == 'n') memcpy(in, rows[c], 16);
      else if (memrow) { in[0] = cases[c][0]; memcpy(&in[1], rows[c], 16 * (fl ? 4 : 8)); }
      else memcpy(in, cases[c], sizeof(uint64_t) * MAXARG);
      uint64_t out = 0, o2 = 0, o3 = 0;
      if (outbuf >= 0) memcpy(&out, (uint8_t *)mem[outbuf] + (size_t)c * rsz, rsz);
      if (o2buf >= 0) { unsigned s2 = esize(as[o2buf], fl); memcpy(&o2, (uint8_t *)mem[o2buf] + (size_t)c * s2, s2); }
      if (o3buf >= 0) { unsigned s3 = esize(as[o3buf], fl); memcpy(&o3, (uint8_t *)mem[o3buf] + (size_t)c * s3, s3); }
      if (sig[0] == 'v') { out = o2; o2 = o3; } /* sincos: the two results */
      int ok = 0;
      uint64_t exp = 0, exp2 = 0;
      int rfl = sig[0] == 'f' || (sig[0] == 'v' && fl);
      switch (rf->kind) {
      case K_L1: case K_L2: case K_L3: {
        long double x[3];
        for (int i = 0; i < 3; i++) x[i] = rfl ? (long double)bf(in[i]) : (long double)bd(in[i]);
        long double e = rf->kind == K_L1 ? ((ld1)rf->fn)(x[0]) : rf->kind == K_L2 ? ((ld2)rf->fn)(x[0], x[1])
                      : ((ld3)rf->fn)(x[0], x[1], x[2]);
        ok = near_ld(rfl, rfl ? bf(out) : bd(out), e, rf->ulps, rf->abstol);
        exp = rfl ? fb((float)e) : db((double)e);
        break;
      }
      case K_EX: {
        exp = ((exfn)rf->fn)(name, in, &exp2);
        unsigned w = rsz ? rsz : 8;
        uint64_t mk = w == 8 ? ~0ull : (1ull << (8 * w)) - 1;
        if (sig[0] == 'f' && bf(exp) != bf(exp) && strncmp(name, "nan", 3)) ok = bf(out) != bf(out);
        else if (sig[0] == 'd' && bd(exp) != bd(exp) && strncmp(name, "nan", 3)) ok = bd(out) != bd(out);
        else ok = (out & mk) == (exp & mk);
        if (ok && o2buf >= 0) {
          if (!strncmp(name, "remquo", 6)) /* sign and the low 3 bits of the quotient */
            ok = (rfl ? bf(out) != bf(out) : bd(out) != bd(out)) || ((si(o2) < 0) == (si(exp2) < 0) && (labs((long)si(o2)) & 7) == (labs((long)si(exp2)) & 7));
          else if (!strncmp(name, "modf", 4) && name[4] == 'f') ok = fb(bf(o2)) == fb(bf(exp2)) || (bf(o2) != bf(o2) && bf(exp2) != bf(exp2));
          else if (!strncmp(name, "modf", 4)) ok = o2 == exp2 || (bd(o2) != bd(o2) && bd(exp2) != bd(exp2));
          else ok = (uint32_t)o2 == (uint32_t)exp2 || !isfinite(rfl ? bf(in[0]) : bd(in[0]));
        }
        break;
      }
      default:
        ok = ((chkfn)rf->fn)(name, in, out, o2);
        break;
      }
      if (!ok) {
        bad++;
        fprintf(stderr, "\n%s -%s: in", name, opt);
        for (unsigned i = 0; i < (nin ? nin : 1); i++) fprintf(stderr, " 0x%llx", (unsigned long long)in[i]);
        fprintf(stderr, " -> 0x%llx (%.17g / %.9g)", (unsigned long long)out, bd(out), bf(out));
        if (rf->kind != K_CHK) fprintf(stderr, ", expected 0x%llx (%.17g / %.9g)", (unsigned long long)exp, bd(exp), bf(exp));
        if (o2buf >= 0) fprintf(stderr, " second 0x%llx exp 0x%llx", (unsigned long long)o2, (unsigned long long)exp2);
      }
    }
  }
  for (unsigned i = 0; i < nb; i++) free(mem[i]);
  return bad;
}

static void run_all(const char *opt) {
  char path[1024], err[512];
  snprintf(path, sizeof path, "%s/libdevice_kernels.%s.bc", SIMULEE_MATH_BIN, opt);
  if (!strcmp(opt, "real")) /* NVIDIA's libdevice linked and inlined at -O2 */
    snprintf(path, sizeof path, "%s/libdevice_kernels.real.O2.bc", SIMULEE_MATH_BIN);
  simI_status st;
  simI_program *p = simI_load(path, &st, err, sizeof err);
  if (!p) fprintf(stderr, "\nmath kernels: %s", err);
  CU_ASSERT_PTR_NOT_NULL_FATAL(p);
  unsigned bad = 0, fns = 0;
  for (const decl *d = decls; d->name; d++) {
    char full[80];
    snprintf(full, sizeof full, "__nv_%s", d->name);
    if (is_unsupported(full)) continue;
    unsigned b = run_one(p, opt, d);
    fns++;
    if (b) bad++;
  }
  if (bad) fprintf(stderr, "\nmath -%s: %u of %u functions wrong\n", opt, bad, fns);
  CU_ASSERT_EQUAL(bad, 0);
  simI_free(p);
}
static void test_run_O0(void) { run_all("O0"); }
static void test_run_O2(void) { run_all("O2"); }

/* ------------------------------------------------------------- intrinsics */

/* tests/math/intrinsics.ll: llvm.* / llvm.nvvm.* intrinsics and PTX snippets
 * (cuda_fp16's f16 forms, dp4a included), 62 slots per thread, two warps. */
#define NSLOT 62
/* binary16 nearest to v, ties to even, by search over the positive codes */
static uint16_t h_near(long double v) {
  if (v != v) return 0x7fff;
  long double a = fabsl(v), best = -1;
  uint16_t bb = 0;
  for (uint32_t h = 0; h <= 0x7c00; h++) {
    int e = (int)(h >> 10), f = (int)(h & 0x3ff);
    long double hv = h == 0x7c00 ? 65536.0L : e ? ldexpl(1024 + f, e - 25) : ldexpl(f, -24);
    long double dd = fabsl(hv - a);
    if (best < 0 || dd < best || (dd == best && !(h & 1))) { best = dd; bb = (uint16_t)h; }
  }
  return (uint16_t)(bb | (signbit(v) ? 0x8000 : 0));
}
static long double h_val(uint16_t h) {
  int e = (h >> 10) & 31, f = h & 0x3ff;
  long double v = e == 31 ? (f ? NAN : INFINITY) : e ? ldexpl(1024 + f, e - 25) : ldexpl(f, -24);
  return (h & 0x8000) ? -v : v;
}
static uint32_t bswap32(uint32_t u) { return (u >> 24) | ((u >> 8) & 0xff00) | ((u << 8) & 0xff0000) | (u << 24); }
static float rz_sum(float a, float b) {
  volatile long double s = (long double)a + b; /* exact: 24-bit operands within 2^40 */
  volatile float r;
  int o = fegetround();
  fesetround(FE_TOWARDZERO);
  r = (float)s;
  fesetround(o);
  return r;
}
static float rd_u2f(uint32_t u) {
  volatile uint32_t x = u;
  volatile float r;
  int o = fegetround();
  fesetround(FE_DOWNWARD);
  r = (float)x;
  fesetround(o);
  return r;
}
static void intr_ref(const int32_t *in, int t, uint64_t *r) {
  int32_t v = in[t];
  uint32_t u = (uint32_t)v, c = u & 31;
  float fbits = bf(u), fx = (float)v * 0.125f;
  double dx = (double)v * 0.5;
  r[0] = (uint32_t)__builtin_popcount(u);
  r[1] = u ? (uint32_t)__builtin_clz(u) : 32;
  r[2] = u ? (uint32_t)__builtin_ctz(u) : 32;
  r[3] = bswap32(u);
  { uint32_t b = 0; for (int i = 0; i < 32; i++) b |= ((u >> i) & 1) << (31 - i); r[4] = b; }
  r[5] = c ? (uint32_t)((u << c) | (0x12345678u >> (32 - c))) : u;
  r[6] = c ? (uint32_t)((0x12345678u >> c) | (u << (32 - c))) : 0x12345678u;
  r[7] = v < 0 ? 0u - u : u;
  r[8] = (uint32_t)(v < 100 ? v : 100);
  r[9] = u > 100 ? u : 100;
  { int64_t sum = (int64_t)v + 0x7ff00000; r[10] = (uint32_t)(int32_t)(sum > INT32_MAX ? INT32_MAX : sum < INT32_MIN ? INT32_MIN : sum); }
  r[11] = u > 1000 ? u - 1000 : 0;
  { int64_t sum = (int64_t)v + 0x7fffff00; r[12] = (uint32_t)sum | ((uint64_t)(sum > INT32_MAX || sum < INT32_MIN) << 32); }
  { uint64_t p = (uint64_t)u * 65537; r[13] = (uint32_t)p | ((uint64_t)((p >> 32) != 0) << 32); }
  uint32_t w[4] = {u, u + 1, u * 3, ~u};
  r[14] = 0;
  r[15] = 0;
  for (int i = 0; i < 4; i++) { r[14] += (uint32_t)__builtin_popcount(w[i]); if (w[i] > r[15]) r[15] = w[i]; }
  r[16] = (fbits != fbits) | ((fpclassify(fbits) == FP_SUBNORMAL) << 1) | (isinf(fbits) << 2) | ((fbits == 0) << 3);
  r[17] = fb(fx < 2.5f ? fx : 2.5f);
  r[18] = fb(fx > 0 ? fx : fx == 0 ? 0.0f : -0.0f); /* maxnum(x, -0): +0 > -0 */
  r[19] = fb(copysignf(3.0f, fx));
  r[20] = fb(floorf(fx)); r[21] = fb(ceilf(fx)); r[22] = fb(truncf(fx));
  r[23] = fb(nearbyintf(fx)); r[24] = fb(roundf(fx)); r[25] = fb(nearbyintf(fx));
  r[26] = db(sqrt(fabs(dx)));
  r[27] = fb(fmaf(fx, fx, -1.0f));
  r[28] = db(dx * 3.0 + 1.0);
  r[29] = fb(sqrtf(fabsf(fx) + 1.0f));
  r[30] = fb(fabsf(fx) > 2.0f ? fabsf(fx) : 2.0f);
  r[31] = 0x11111111u ^ (u << 1);
  r[32] = 32;
  r[33] = (uint32_t)t % 32;
  r[34] = (uint32_t)in[t ^ 1];
  uint32_t bal = 0, sum = 0, match = 0, pop = 0;
  for (int j = 0; j < 32; j++) {
    int32_t x = in[(t & ~31) + j];
    bal |= ((uint32_t)x & 1) << j;
    sum += (uint32_t)x;
    if ((x & 3) == (v & 3)) match |= 1u << j;
  }
  for (int j = 0; j < 64; j++) pop += in[j] & 1;
  r[35] = bal; r[36] = sum; r[37] = match; r[38] = pop;
  { uint32_t b = 0; for (int i = 0; i < 4; i++) { uint32_t x = ((u >> (8 * i)) & 0xff) + 0x80; b |= (x > 255 ? 255 : x) << (8 * i); } r[39] = b; }
  { uint32_t n = (u & 63) > 32 ? 32 : (u & 63); r[40] = (uint32_t)((((uint64_t)0xdeadbeefu << 32) | u) >> n); }
  r[41] = (uint32_t)(int32_t)floorf(fx);
  r[42] = fb(rz_sum(fx, 0.1f));
  r[43] = fb(rd_u2f(u));
  r[44] = fb(fx);
  r[45] = fb(fx <= 0 ? 0.0f : fx > 1 ? 1.0f : fx);
  { double q = dx / 3.0;
    while ((long double)q * 3 > dx) q = nextafter(q, -INFINITY);
    while ((long double)nextafter(q, INFINITY) * 3 <= dx) q = nextafter(q, INFINITY);
    r[46] = db(q); }
  r[47] = (uint64_t)(int64_t)roundf(fx);
  { float tr = truncf(fx); r[48] = (uint32_t)(int32_t)(tr > 127 ? 127 : tr < -128 ? -128 : tr); }
  r[49] = (uint32_t)(((uint64_t)u * 0x9e3779b9u) >> 32);
  r[50] = ((u >> 8) & 0xff) | (((u >> 16) & 0xff) << 8) | (((u >> 24) & 0xff) << 16) | (0x78u << 24);
  { float x = fpclassify(fbits) == FP_SUBNORMAL ? copysignf(0.0f, fbits) : fbits; r[51] = fb(sqrtf(x)); }
  r[52] = fb((float)((long double)fx * fx * fx));
  uint16_t h = h_near(fx);
  r[53] = h;
  r[54] = h_near(2 * h_val(h));
  r[55] = ((uint32_t)h_near(1.5L) << 16) | h;
  {
    long double lo = h_val(h), hi = 1.5L;
    r[56] = ((uint32_t)h_near(hi * hi + hi) << 16) | h_near(lo * lo + lo);
    r[59] = fb((float)h_val((uint16_t)(r[56] >> 16)));
  }
  r[57] = h_val(h) < 1.0L;
  r[58] = h_near(sqrtf((float)h_val(h)));
  { int32_t acc = 5; /* dp4a.s32.s32 with 0x01ff7f80: bytes 0x80 0x7f 0xff 0x01 */
    const int8_t bb[4] = {-128, 127, -1, 1};
    for (int i = 0; i < 4; i++) acc += (int8_t)(u >> (8 * i)) * bb[i];
    r[60] = (uint32_t)acc; }
  { int64_t acc = 7; /* dp2a.hi.u32.s32 with 0x80ff0102: high bytes 0xff (-1), 0x80 (-128) */
    acc += (int64_t)(u & 0xffff) * -1 + (int64_t)(u >> 16) * -128;
    r[61] = (uint32_t)acc; }
}
/* The program at PATH and, in *K, the index of its kernel NAME; WHAT names
 * the file in the message when it does not load. CUnit-fatal when either is
 * missing. */
static simI_program *load_kernel(const char *path, const char *name, const char *what, int *k) {
  char err[512];
  simI_status st;
  simI_program *p = simI_load(path, &st, err, sizeof err);
  if (!p) fprintf(stderr, "\n%s: %s", what, err);
  CU_ASSERT_PTR_NOT_NULL_FATAL(p);
  *k = simI_find_kernel(p, name);
  CU_ASSERT_TRUE_FATAL(*k >= 0);
  return p;
}
/* Run kernel K of P on a one-dimensional launch of GRID blocks of BLOCK
 * threads whose arguments are the N buffers B, in order; WHAT names the run
 * in the message when it does not complete. CUnit-fatal unless it runs to
 * completion (SIMI_OK). */
static void run_on_buffers(simI_program *p, int k, simI_buffer *b, unsigned n, unsigned grid,
                           unsigned block, const char *what) {
  simI_arg a[8];
  CU_ASSERT_TRUE_FATAL(n <= sizeof a / sizeof a[0]);
  memset(a, 0, sizeof a);
  for (unsigned i = 0; i < n; i++) { a[i].is_buffer = 1; a[i].buffer = i; }
  simI_launch l;
  memset(&l, 0, sizeof l);
  l.grid = (simI_dim3){grid, 1, 1};
  l.block = (simI_dim3){block, 1, 1};
  l.nargs = n;
  l.args = a;
  l.nbuffers = n;
  l.buffers = b;
  simI_result r;
  simI_status st = simI_run(p, (unsigned)k, &l, NULL, 0, &r);
  if (st != SIMI_OK) fprintf(stderr, "\n%s: %s", what, r.message);
  CU_ASSERT_EQUAL_FATAL(st, SIMI_OK);
}

static void test_intrinsics(void) {
  char path[1024];
  snprintf(path, sizeof path, "%s/tests/math/intrinsics.ll", SIMULEE_SRC_DIR);
  int k;
  simI_program *p = load_kernel(path, "intrinsics", "intrinsics", &k);
  static const int32_t base[] = {0, 1, -1, 5, -7, 12, INT32_MAX, INT32_MIN, 0x7f800000, 0x7fc00000,
    1, 36, 44, -36, -44, 4, -4, 3, -3, 1000, 1001, 0x00800000, (int32_t)0xff800001u, 20, 13,
    0x12345678, -1000000, 1 << 24, 0x3f800000, 2047, -2048, 123456789};
  int32_t in[64];
  static uint64_t out[64 * NSLOT];
  for (int i = 0; i < 64; i++) in[i] = i < 32 ? base[i] : (int32_t)((uint32_t)i * 2654435761u);
  memset(out, 0xee, sizeof out);
  simI_buffer b[2] = {{in, sizeof in, SIMI_ELEM_I32, "in", 0}, {out, sizeof out, SIMI_ELEM_U64, "out", 0}};
  run_on_buffers(p, k, b, 2, 1, 64, "intrinsics");
  unsigned bad = 0;
  for (int t = 0; t < 64; t++) {
    uint64_t e[NSLOT];
    intr_ref(in, t, e);
    for (int j = 0; j < NSLOT; j++) {
      uint64_t g = out[t * NSLOT + j];
      int ok = g == e[j];
      if (!ok && j == 52) ok = near_ld(1, bf(g), (long double)bf(e[j]), 1, 0);
      if (!ok && bad++ < 12)
        fprintf(stderr, "\nintrinsics thread %d slot %d: in 0x%x got 0x%llx want 0x%llx", t, j,
                (unsigned)in[t], (unsigned long long)g, (unsigned long long)e[j]);
    }
  }
  CU_ASSERT_EQUAL(bad, 0);
  simI_free(p);
}

/* ------------------------------------------------------------- LLVM 14 */

/* tests/fixtures/llvm14_math.{O0,O2}.bc: libdevice calls and NVVM builtins
 * as an LLVM 14 producer (clang-14, typed pointers) emits them. */
static float mode_f(int fe, long double v) {
  volatile long double x = v;
  volatile float r;
  int o = fegetround();
  fesetround(fe);
  r = (float)x;
  fesetround(o);
  return r;
}
static void run_llvm(unsigned ver, const char *opt) {
  char path[1024], what[64];
  snprintf(path, sizeof path, "%s/tests/fixtures/llvm%u_math.%s.bc", SIMULEE_SRC_DIR, ver, opt);
  snprintf(what, sizeof what, "llvm%u math", ver);
  int k;
  simI_program *p = load_kernel(path, "math14", what, &k);
  float x[32], f[256];
  double d[128];
  int ki[128];
  static const float xs[] = {0.0f, -0.0f, 1.0f, -1.5f, 2.25f, 10.0f, -3.3f, 0.1f, 100.0f, 1e-40f,
    -0.1f, 7.75f, -42.0f, 0.5f, 3.14159f, -1e-3f};
  for (int i = 0; i < 32; i++) x[i] = xs[i % 16] * (i < 16 ? 1.0f : -2.0f);
  simI_buffer b[4] = {{x, sizeof x, SIMI_ELEM_F32, "x", 0}, {f, sizeof f, SIMI_ELEM_F32, "f", 0},
                      {d, sizeof d, SIMI_ELEM_F64, "d", 0}, {ki, sizeof ki, SIMI_ELEM_I32, "k", 0}};
  snprintf(what, sizeof what, "llvm%u math -%s", ver, opt);
  run_on_buffers(p, k, b, 4, 1, 32, what);
  int sum = 0;
  for (int i = 0; i < 32; i++) {
    float t = x[i] * 3.0f;
    sum += t != t ? 0 : (int)nearbyintf(t);
  }
  unsigned bad = 0;
  for (int i = 0; i < 32; i++) {
    float v = x[i];
    long double sum01 = (long double)v + 0.1f;
    int ok[16];
    ok[0] = near_ld(1, f[i * 8 + 0], sinl(v), 2, 0);
    {
      /* round down through the exact error of the nearest sum (TwoSum) */
      volatile float sa = v, sb = 0.1f, sn = sa + sb, bb = sn - sa;
      float e = (sa - (sn - bb)) + (sb - bb), want = e < 0 ? nextafterf(sn, -INFINITY) : sn;
      if (sum01 == 0) want = -0.0f;
      ok[1] = fb(f[i * 8 + 1]) == fb(want);
    }
    ok[2] = near_ld(1, f[i * 8 + 2], (long double)v * v * v, 2, 0);
    ok[3] = fabsf(f[i * 8 + 3] - 1.0f) <= 4 * FLT_EPSILON;
    ok[4] = f[i * 8 + 4] == (v > 0.5f ? v : 0.5f);
    ok[5] = fb(f[i * 8 + 5]) == fb(mode_f(FE_TOWARDZERO, (long double)v * 1.1f));
    ok[6] = near_ld(1, f[i * 8 + 6], -0.674489750196081743202227014541L, 5, 0);
    ok[7] = fb(f[i * 8 + 7]) == fb(sqrtf(v < 0 ? -v : v)); /* -0 stays -0 */
    ok[8] = near_ld(0, d[i * 4 + 0], expl(v), 1, 0);
    {
      volatile long double u = (long double)(0xffffffffffffffffull - (unsigned)i);
      volatile double rz;
      int o = fegetround();
      fesetround(FE_TOWARDZERO);
      rz = (double)u;
      fesetround(o);
      ok[9] = d[i * 4 + 1] == rz;
    }
    {
      double q = d[i * 4 + 2], xv = v;
      ok[10] = (long double)q * 3 >= xv && (long double)nextafter(q, -INFINITY) * 3 < xv;
    }
    ok[11] = db(d[i * 4 + 3]) == 0x7ff8000000000012ull;
    float t3 = v * 3.0f;
    int n = t3 != t3 ? 0 : (int)nearbyintf(t3);
    ok[12] = ki[i * 4 + 0] == n;
    ok[13] = ki[i * 4 + 1] == __builtin_popcount((unsigned)n) + __builtin_clz((unsigned)n | 1);
    {
      uint32_t e = 0;
      for (int j = 0; j < 4; j++) {
        int p1 = ((unsigned)n >> (8 * j)) & 0xff, p2 = (0x80402010u >> (8 * j)) & 0xff;
        e |= (uint32_t)(p1 > p2 ? p1 - p2 : p2 - p1) << (8 * j);
      }
      ok[14] = (uint32_t)ki[i * 4 + 2] == e;
    }
    ok[15] = ki[i * 4 + 3] == sum;
    for (int j = 0; j < 16; j++)
      if (!ok[j] && bad++ < 10) fprintf(stderr, "\nllvm%u math -%s thread %d check %d (x=%g)", ver, opt, i, j, v);
  }
  CU_ASSERT_EQUAL(bad, 0);
  simI_free(p);
}
static void test_llvm14_O0(void) { run_llvm(14, "O0"); }
static void test_llvm14_O2(void) { run_llvm(14, "O2"); }
static void test_llvm15_O0(void) { run_llvm(15, "O0"); }
static void test_llvm15_O2(void) { run_llvm(15, "O2"); }
static void test_llvm16_O0(void) { run_llvm(16, "O0"); }
static void test_llvm16_O2(void) { run_llvm(16, "O2"); }

/* ------------------------------------------------------------- real headers */

#ifdef SIMULEE_MATH_REAL_BC
/* tests/math/real_headers.cu compiled with NVIDIA's headers and libdevice
 * (only where a CUDA toolkit was found at configure time). */
#define NF 24
#define ND 20
#define NI 24
#define NT 64
static float rnd_f(int m, double v) { /* v exactly representable in double */
  static const int fe[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};
  volatile double x = v;
  volatile float r;
  int o = fegetround();
  fesetround(fe[m]);
  r = (float)x;
  fesetround(o);
  return r;
}
static double rnd_d(int m, int op, double a, double b) {
  static const int fe[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};
  volatile double x = a, y = b, r;
  int o = fegetround();
  fesetround(fe[m]);
  r = op == 0 ? x + y : op == 1 ? x / y : sqrt(x);
  fesetround(o);
  return r;
}
static uint32_t lanes_op(uint32_t a, uint32_t b, int lanes, int op) {
  int w = 32 / lanes;
  uint32_t r = 0, mk = lanes == 2 ? 0xffffu : 0xffu;
  for (int i = 0; i < lanes; i++) {
    uint32_t ua = (a >> (i * w)) & mk, ub = (b >> (i * w)) & mk;
    long sa = lanes == 2 ? (int16_t)ua : (int8_t)ua, sb = lanes == 2 ? (int16_t)ub : (int8_t)ub, v;
    switch (op) {
    case 0: v = (long)ua + ub; break;                                   /* vadd */
    case 1: v = sa + sb; v = v >= 0 ? (v + 1) / 2 : -((-v + 1) / 2); break; /* vavgs */
    case 2: v = labs(sa - sb); break;                                   /* vabsdiffs */
    case 3: v = sa >= sb; break;                                        /* vsetges */
    case 4: v = sa - sb; v = v > 32767 ? 32767 : v < -32768 ? -32768 : v; break; /* vsubss */
    case 5: v = ua > ub ? ua : ub; break;                               /* vmaxu */
    default: v = ua < ub ? (long)mk : 0; break;                         /* vcmpltu */
    }
    r |= ((uint32_t)v & mk) << (i * w);
  }
  return r;
}
static void real_ref(int o2, float x, double y, int n, long double *fr, double *fu, long double *dr,
                     double *du, int *kr) {
  static const double fuls[NF] = {2, 2, 2, 1, 4, 0, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 2, 3, 4, 5, 0, 2, 0, 1};
  static const double duls[ND] = {2, 2, 1, 1, 2, 2, 10, 1, 1, 2, 2, 2, 0, 0, 0, 2, 0, 6, 0, 1};
  long double X = x, Y = y;
  fr[0] = sinl(X); fr[1] = cosl(X); fr[2] = expl((long double)(x * 0.25f));
  fr[3] = logl((long double)(fabsf(x) + 1.0f)); fr[4] = powl(fabsl(X), 1.5L); fr[5] = sqrtf(fabsf(x));
  fr[6] = 1.0L / sqrtl((long double)(fabsf(x) + 1.0f));
  { float t = x * 0.01f; fr[7] = t != t || fabsf(t) > 1 ? NAN : fabsf(t) == 1 ? copysignf(INFINITY, t) : 0; }
  fr[8] = X / 3.0L; fr[9] = expl((long double)(x * 0.1f));
  fr[10] = x != x || x <= 0 ? 0.0f : x > 1 ? 1.0f : x; fr[11] = fmaf(x, x, 1.0f); fr[12] = x * 1.1f;
  /* x + 0.1f == 0 exactly: -0 when rounding down */
  fr[13] = (double)x + 0.1f == 0 ? -0.0f : rnd_f(2, (double)x + 0.1f);
  /* __int2float_rz: LLVM 19's NVVM instcombine folds llvm.nvvm.i2f.rz into a
   * plain sitofp (round to nearest) at -O2, so that bitcode (and a GPU
   * running it) rounds to nearest */
  fr[14] = rnd_f(o2 ? 0 : 1, (double)n); fr[15] = rnd_f(3, y);
  fr[16] = tanhl(X); fr[17] = atan2l(X, 2.0L); fr[18] = erfcl((long double)(x * 0.1f));
  fr[19] = 0.5L * erfcl(-(long double)(x * 0.1f) / sqrtl(2.0L)); fr[20] = rnd_f(2, sqrt((double)fabsf(x)));
  fr[21] = sinl(3.141592653589793238462643383279502884L * fmodl((long double)(x * 0.125f), 2.0L));
  fr[22] = ldexpf(x, n & 7); fr[23] = cbrtl(X);
  for (int i = 0; i < NF; i++) fu[i] = fuls[i];
  fu[9] = 2 + floor(fabs(1.173 * x * 0.1)) + 2; /* __expf: 2 + floor(|1.173 x|) */
  fu[7] = -1; /* erfinvf: checked by the forward function */
  dr[0] = sinl(Y); dr[1] = cosl(Y); dr[2] = expl((long double)(y * 0.1)); dr[3] = logl((long double)(fabs(y) + 1.0));
  dr[4] = sqrtl(fabsl(Y)); dr[5] = erfl((long double)(y * 0.1)); dr[6] = tgammal((long double)(y * 0.1 + 2.0));
  dr[7] = cbrtl(Y); { long double v[2] = {Y, 3}; dr[8] = normnl(2, v, 1); }
  { long double v[3] = {Y, 1, 2}; dr[9] = normnl(3, v, 0); } dr[10] = sinl(Y); dr[11] = cosl(Y);
  int e;
  dr[12] = frexp(y, &e); dr[13] = rnd_d(3, 0, y, 0.1); dr[14] = rnd_d(1, 1, y, 3.0); dr[15] = atanl(Y);
  dr[16] = fmod(y, 1.75); dr[17] = 0; dr[18] = rnd_d(0, 2, fabs(y), 0); dr[19] = log1pl(fabsl(Y));
  for (int i = 0; i < ND; i++) du[i] = duls[i];
  du[17] = -1; /* erfcinv: by the forward function */
  uint32_t u = (uint32_t)n;
  kr[0] = __builtin_popcount(u); kr[1] = u ? __builtin_clz(u) : 32;
  { uint32_t r = 0; for (int i = 0; i < 32; i++) if (u & (1u << i)) r |= 0x80000000u >> i; kr[2] = (int)r; }
  { uint8_t by[8]; for (int i = 0; i < 4; i++) { by[i] = (uint8_t)(u >> (8 * i)); by[4 + i] = (uint8_t)(0x12345678u >> (8 * i)); }
    kr[3] = (int)(by[0] | (by[4] << 8) | (by[1] << 16) | ((uint32_t)by[5] << 24)); }
  kr[4] = (int)(((int64_t)n * 123456789) >> 32); kr[5] = (int)((uint32_t)llabs((int64_t)n - 7) + 1u);
  kr[6] = (int)lanes_op(u, 0x00010001u, 2, 0); kr[7] = (int)lanes_op(u, 0x01fe80f0u, 4, 1);
  kr[8] = u ? __builtin_ctz(u) + 1 : 0;
  kr[9] = x != x ? 0 : x >= 2147483647.0f ? INT32_MAX : x <= -2147483648.0f ? INT32_MIN : (int)nearbyintf(x);
  kr[10] = y != y ? 0 : y >= 2147483647.0 ? INT32_MAX : y <= -2147483648.0 ? INT32_MIN : (int)floor(y);
  kr[11] = (int)lanes_op(u, 0x12345678u, 2, 2); kr[12] = (int)lanes_op(u, 0x00ff7f80u, 4, 3);
  { uint64_t t = ((uint64_t)0xabcdef01u << 32) | u; kr[13] = (int)(uint32_t)((t << 5) >> 32);
    kr[14] = (int)(uint32_t)(t >> 32); }
  kr[15] = (int)(uint32_t)(((unsigned __int128)((unsigned long long)n * 0x9e3779b97f4a7c15ull) * 0x123456789ull) >> 64);
  kr[16] = (int)(((int64_t)n + 3) >> 1); kr[17] = (int)lanes_op(u, 0x7fff8000u, 2, 4);
  kr[18] = (int)lanes_op(u, 0x80402010u, 4, 5); kr[19] = isfinite(y) ? e : 0;
  kr[22] = n; kr[23] = (int)lanes_op(u, 0x80008000u, 2, 6);
}

static void run_real(const char *opt) {
  char path[1024], what[64];
  snprintf(path, sizeof path, "%s/real_headers.%s.bc", SIMULEE_MATH_BIN, opt);
  int k;
  simI_program *p = load_kernel(path, "math_api", "real headers", &k);
  static const float xs[] = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 2.5f, -3.75f, 10.0f, 100.0f, 1e-3f,
    1e-40f, 1e30f, INFINITY, -INFINITY, NAN, 7.25f, -0.1f, 3.14159265f, 42.0f, -60.5f, 0.75f};
  static const double ys[] = {0.0, -0.0, 1.0, -1.0, 0.5, 2.5, -3.75, 10.0, 100.0, 1e-3, 1e-310,
    1e30, INFINITY, -INFINITY, NAN, 7.25, -0.1, 3.14159265358979, 42.0, -60.5, 1e300, 0.3};
  float xf[NT], of[NT * NF];
  double xd[NT], od[NT * ND];
  int xi[NT], oi[NT * NI];
  unsigned count = 0;
  for (int i = 0; i < NT; i++) {
    xf[i] = xs[i % (sizeof xs / sizeof xs[0])];
    xd[i] = ys[i % (sizeof ys / sizeof ys[0])];
    xi[i] = (int)((uint32_t)i * 2654435761u) ^ (i & 1 ? INT32_MIN : 0) ^ (i % 5 == 0 ? 0 : i);
  }
  xi[3] = 0;
  xi[4] = -1;
  simI_buffer b[7] = {{xf, sizeof xf, SIMI_ELEM_F32, "xf", 0}, {xd, sizeof xd, SIMI_ELEM_F64, "xd", 0},
                      {xi, sizeof xi, SIMI_ELEM_I32, "xi", 0}, {of, sizeof of, SIMI_ELEM_F32, "of", 0},
                      {od, sizeof od, SIMI_ELEM_F64, "od", 0}, {oi, sizeof oi, SIMI_ELEM_I32, "oi", 0},
                      {&count, sizeof count, SIMI_ELEM_U32, "count", 0}};
  snprintf(what, sizeof what, "real headers -%s", opt);
  run_on_buffers(p, k, b, 7, 2, NT / 2, what);
  CU_ASSERT_EQUAL(count, NT);
  unsigned bad = 0;
  for (int t = 0; t < NT; t++) {
    long double fr[NF], dr[ND];
    double fu[NF], du[ND];
    int kr[NI] = {0};
    real_ref(!strcmp(opt, "O2"), xf[t], xd[t], xi[t], fr, fu, dr, du, kr);
    kr[20] = xi[t ^ 1];
    uint32_t bal = 0;
    for (int j = 0; j < 32; j++) bal |= (uint32_t)(xi[(t & ~31) + j] & 1) << j;
    kr[21] = (int)bal;
    for (int j = 0; j < NF; j++) {
      float v = of[t * NF + j];
      int ok;
      if (fu[j] < 0) ok = inv_check(1, erfl, (long double)(xf[t] * 0.01f), v, -1, 1, 5);
      else ok = near_ld(1, v, fr[j], fu[j], 0);
      if (!ok && bad++ < 12) fprintf(stderr, "\nreal -%s thread %d float slot %d: x=%g got %.9g want %.9Lg", opt, t, j, xf[t], v, fr[j]);
    }
    for (int j = 0; j < ND; j++) {
      double v = od[t * ND + j];
      int ok;
      if (du[j] < 0) ok = inv_check(0, erfcfwd, (long double)(0.5 + xd[t] * 0.001), v, 0, 2, 8);
      else ok = near_ld(0, v, dr[j], du[j], 0);
      if (!ok && bad++ < 12) fprintf(stderr, "\nreal -%s thread %d double slot %d: y=%g got %.17g want %.17Lg", opt, t, j, xd[t], v, dr[j]);
    }
    for (int j = 0; j < NI; j++)
      if (oi[t * NI + j] != kr[j] && bad++ < 12)
        fprintf(stderr, "\nreal -%s thread %d int slot %d: n=0x%x got 0x%x want 0x%x", opt, t, j, (unsigned)xi[t], (unsigned)oi[t * NI + j], (unsigned)kr[j]);
  }
  CU_ASSERT_EQUAL(bad, 0);
  simI_free(p);
}
/* half_api: cuda_fp16 through NVIDIA's header (inline PTX) */
static uint16_t h_rz(long double v) {
  if (v != v) return 0x7fff;
  if (isinf(v)) return v > 0 ? 0x7c00 : 0xfc00;
  uint16_t n = h_near(v);
  if (fabsl(h_val(n)) > fabsl(v)) n = (uint16_t)(n - 1); /* one code towards zero */
  return n;
}
static void run_real_half(const char *opt) {
  char path[1024], what[64];
  snprintf(path, sizeof path, "%s/real_headers.%s.bc", SIMULEE_MATH_BIN, opt);
  int k;
  simI_program *p = load_kernel(path, "half_api", "real half", &k);
  static const float xs[] = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 2.5f, -3.75f, 10.0f, 100.0f, 1e-3f,
    1e-40f, 1e30f, INFINITY, -INFINITY, NAN, 7.25f, -0.1f, 3.14159265f, 42.0f, -60.5f, 0.75f,
    65504.0f, 65519.0f, 65520.0f, 6e-8f, 3e-8f, -2049.0f, 2051.0f, 1.0009765625f, 0.33333334f};
  float xf[64], oh[64 * 8];
  for (int i = 0; i < 64; i++) xf[i] = xs[i % (sizeof xs / sizeof xs[0])] * (i < 32 ? 1.0f : -1.5f);
  simI_buffer b[2] = {{xf, sizeof xf, SIMI_ELEM_F32, "xf", 0}, {oh, sizeof oh, SIMI_ELEM_F32, "oh", 0}};
  snprintf(what, sizeof what, "real half -%s", opt);
  run_on_buffers(p, k, b, 2, 2, 32, what);
  unsigned bad = 0;
  for (int t = 0; t < 64; t++) {
    float x = xf[t];
    uint16_t hx = h_near(x), hy = h_rz((long double)(x * 0.3f));
    long double vx = h_val(hx), vy = h_val(hy), lo = vx, hi = 0.75L;
    float e[8] = {(float)vx, (float)vy, (float)h_val(h_near(vx + vy)), (float)h_val(h_near(vx * vy)),
                  (float)h_val(h_near(lo * lo + lo)), (float)h_val(h_near(hi * hi + hi)),
                  vx < vy ? 1.0f : 0.0f, (float)h_val(h_near(sqrtf(fabsf((float)vx))))};
    for (int j = 0; j < 8; j++) {
      float g = oh[t * 8 + j];
      if (!(fb(g) == fb(e[j]) || (g != g && e[j] != e[j])) && bad++ < 10)
        fprintf(stderr, "\nreal half -%s thread %d slot %d: x=%g got %.9g want %.9g", opt, t, j, x, g, e[j]);
    }
  }
  CU_ASSERT_EQUAL(bad, 0);
  simI_free(p);
}
static void test_real_half_O0(void) { run_real_half("O0"); }
static void test_real_half_O2(void) { run_real_half("O2"); }
static void test_real_libdevice(void) { real_mode = 1; run_all("real"); real_mode = 0; }
static void test_real_O0(void) { run_real("O0"); }
static void test_real_O2(void) { run_real("O2"); }
#endif

/* --- directed rounding computed without switching the mode (interp/math.c,
 *     dop_fast/fop_fast): bit for bit the host's operation in that mode, on
 *     random operands over the whole range (every exponent, subnormals,
 *     near-ties from operands one bit apart, the ends of the range). */
static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t rnd64(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}
static double rnd_double(double other) {
  uint64_t u = rnd64();
  switch (u % 8) {
  case 0: return bd(rnd64()); /* any bit pattern */
  case 1: return bd(rnd64() & 0x800fffffffffffffull); /* subnormal */
  case 2: return bd((rnd64() & 0x80ffffffffffffffull) | 0x7f00000000000000ull); /* huge */
  case 3: return -other; /* cancellation */
  case 4: return bd(db(other) ^ (rnd64() & 7)); /* one of its last bits */
  case 5: return (double)(int64_t)(rnd64() % 2001 - 1000) / 8.0; /* small exact values */
  default: return ldexp((double)(rnd64() >> 11) / 0x1p53, (int)(rnd64() % 120) - 60);
  }
}
static float rnd_float(float other) {
  uint64_t u = rnd64();
  switch (u % 8) {
  case 0: return bf((uint32_t)rnd64());
  case 1: return bf((uint32_t)rnd64() & 0x807fffffu);
  case 2: return bf(((uint32_t)rnd64() & 0x80ffffffu) | 0x7e000000u);
  case 3: return -other;
  case 4: return bf(fb(other) ^ ((uint32_t)rnd64() & 7));
  case 5: return (float)((int)(rnd64() % 2001) - 1000) / 8.0f;
  default: return ldexpf((float)(rnd64() >> 40) / 0x1p24f, (int)(rnd64() % 60) - 30);
  }
}
static void test_directed_random(void) {
  static const char *const ops[] = {"add", "sub", "mul", "div", "rcp", "sqrt"};
  static const char *const md[] = {"_rn", "_rz", "_rd", "_ru"};
  static const int fe[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};
  unsigned bad = 0, done = 0;
  for (int isf = 0; isf < 2; isf++)
    for (int op = 0; op < 6; op++)
      for (int m = 0; m < 4; m++) {
        char name[32];
        snprintf(name, sizeof name, "__nv_%s%s%s", isf ? "f" : "d", ops[op], md[m]);
        if (isf && op == 4) snprintf(name, sizeof name, "__nv_frcp%s", md[m]);
        if (isf && op == 5) snprintf(name, sizeof name, "__nv_fsqrt%s", md[m]);
        int mi = simI_math_find(name);
        CU_ASSERT_FATAL(mi >= 0);
        for (unsigned n = 0; n < 200000; n++) {
          uint64_t got, want;
          if (isf) {
            volatile float a = rnd_float(1.0f), b = rnd_float(a), r = 0;
            if (op == 5 && a < 0) a = -a;
            float g = op >= 4 ? ((float (*)(float))simI_math_table[mi].fn)(a)
                              : ((float (*)(float, float))simI_math_table[mi].fn)(a, b);
            int o = fegetround();
            fesetround(fe[m]);
            switch (op) {
            case 0: r = a + b; break; case 1: r = a - b; break; case 2: r = a * b; break;
            case 3: r = a / b; break; case 4: r = 1.0f / a; break; default: r = sqrtf(a); break;
            }
            fesetround(o);
            got = fb(g);
            want = fb(r);
            if (r != r && g != g) want = got;
          } else {
            volatile double a = rnd_double(1.0), b = rnd_double(a), r = 0;
            if (op == 5 && a < 0) a = -a;
            double g = op >= 4 ? ((double (*)(double))simI_math_table[mi].fn)(a)
                               : ((double (*)(double, double))simI_math_table[mi].fn)(a, b);
            int o = fegetround();
            fesetround(fe[m]);
            switch (op) {
            case 0: r = a + b; break; case 1: r = a - b; break; case 2: r = a * b; break;
            case 3: r = a / b; break; case 4: r = 1.0 / a; break; default: r = sqrt(a); break;
            }
            fesetround(o);
            got = db(g);
            want = db(r);
            if (r != r && g != g) want = got;
          }
          done++;
          if (got != want && bad++ < 10)
            fprintf(stderr, "\n%s: got 0x%llx, the host's mode gives 0x%llx", name,
                    (unsigned long long)got, (unsigned long long)want);
        }
      }
  CU_ASSERT_EQUAL(bad, 0);
  CU_ASSERT_EQUAL(done, 2u * 6 * 4 * 200000);
}

int test_math_register(void) {
#ifdef SIMULEE_MATH_REAL_BC
  CU_pSuite r = CU_add_suite("math_real", NULL, NULL);
  if (!r || !CU_add_test(r, "NVIDIA headers and libdevice at -O0", test_real_O0) ||
      !CU_add_test(r, "NVIDIA headers and libdevice at -O2", test_real_O2) ||
      !CU_add_test(r, "every function from NVIDIA's libdevice, inlined at -O2", test_real_libdevice) ||
      !CU_add_test(r, "cuda_fp16 (inline PTX) from NVIDIA's header at -O0", test_real_half_O0) ||
      !CU_add_test(r, "cuda_fp16 (inline PTX) from NVIDIA's header at -O2", test_real_half_O2))
    return -1;
#endif
  CU_pSuite s = CU_add_suite("math", NULL, NULL);
  if (!s) return -1;
  if (!CU_add_test(s, "every libdevice function of clang's header is implemented", test_complete) ||
      !CU_add_test(s, "directed rounding without a mode switch, against the host's mode",
                   test_directed_random) ||
      !CU_add_test(s, "libdevice functions against host references at -O0", test_run_O0) ||
      !CU_add_test(s, "libdevice functions against host references at -O2", test_run_O2) ||
      !CU_add_test(s, "LLVM and NVVM intrinsics, PTX snippets (intrinsics.ll)", test_intrinsics) ||
      !CU_add_test(s, "LLVM 14 producer: libdevice calls and NVVM builtins at -O0", test_llvm14_O0) ||
      !CU_add_test(s, "LLVM 14 producer: libdevice calls and NVVM builtins at -O2", test_llvm14_O2) ||
      !CU_add_test(s, "LLVM 15 producer: libdevice calls and NVVM builtins at -O0", test_llvm15_O0) ||
      !CU_add_test(s, "LLVM 15 producer: libdevice calls and NVVM builtins at -O2", test_llvm15_O2) ||
      !CU_add_test(s, "LLVM 16 producer: libdevice calls and NVVM builtins at -O0", test_llvm16_O0) ||
      !CU_add_test(s, "LLVM 16 producer: libdevice calls and NVVM builtins at -O2", test_llvm16_O2))
    return -1;
  return 0;
}
