/* simulee CUDA headers: <cuComplex.h>, single and double precision complex
 * numbers stored as float2 / double2 (x real part, y imaginary part). */
#ifndef SIMULEE_CUDA_CUCOMPLEX_H
#define SIMULEE_CUDA_CUCOMPLEX_H
/* NVIDIA's include guard for this header's contents (code tests them) */
#ifndef CU_COMPLEX_H_
#define CU_COMPLEX_H_
#endif

#include "cuda_runtime.h"

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

/* __SIM_CPLX(SFX, T, V): the function set for one precision; SFX is "f" for
 * float and empty for double, as in CUDA's names. */
#define __SIM_CPLX(SFX, T, V, NAME)                                           \
  __SIM_HD T cuCreal##SFX(V z) { return z.x; }                                \
  __SIM_HD T cuCimag##SFX(V z) { return z.y; }                                \
  __SIM_HD V make_##NAME(T re, T im) {                                        \
    V z;                                                                      \
    z.x = re;                                                                 \
    z.y = im;                                                                 \
    return z;                                                                 \
  }                                                                           \
  __SIM_HD V cuConj##SFX(V z) { return make_##NAME(z.x, -z.y); }              \
  __SIM_HD V cuCadd##SFX(V a, V b) {                                          \
    return make_##NAME(a.x + b.x, a.y + b.y);                                 \
  }                                                                           \
  __SIM_HD V cuCsub##SFX(V a, V b) {                                          \
    return make_##NAME(a.x - b.x, a.y - b.y);                                 \
  }                                                                           \
  __SIM_HD V cuCmul##SFX(V a, V b) {                                          \
    return make_##NAME(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);         \
  }                                                                           \
  /* a / b with both operands scaled by |b.x| + |b.y| against overflow */     \
  __SIM_HD V cuCdiv##SFX(V a, V b) {                                          \
    T s = fabs##SFX(b.x) + fabs##SFX(b.y);                                    \
    T inv = (T)1 / s;                                                         \
    T ar = a.x * inv, ai = a.y * inv, br = b.x * inv, bi = b.y * inv;         \
    T q = (T)1 / (br * br + bi * bi);                                         \
    return make_##NAME((ar * br + ai * bi) * q, (ai * br - ar * bi) * q);     \
  }                                                                           \
  __SIM_HD T cuCabs##SFX(V z) { return hypot##SFX(z.x, z.y); }                \
  /* x * y + d */                                                             \
  __SIM_HD V cuCfma##SFX(V x, V y, V d) {                                     \
    T re = d.x + x.x * y.x - x.y * y.y;                                       \
    T im = d.y + x.x * y.y + x.y * y.x;                                       \
    return make_##NAME(re, im);                                               \
  }
__SIM_CPLX(f, float, cuFloatComplex, cuFloatComplex)
__SIM_CPLX(, double, cuDoubleComplex, cuDoubleComplex)
#undef __SIM_CPLX

__SIM_HD cuComplex make_cuComplex(float re, float im) {
  return make_cuFloatComplex(re, im);
}
__SIM_HD cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex z) {
  return make_cuDoubleComplex((double)z.x, (double)z.y);
}
__SIM_HD cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex z) {
  return make_cuFloatComplex((float)z.x, (float)z.y);
}

#endif
