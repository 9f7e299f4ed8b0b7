/* simulee CUDA headers: declarations of the libdevice functions (__nv_*)
 * that the other headers call. simulee's interpreter implements each of them
 * natively (see EMITTED.txt for the list a compiled file can contain); the
 * names and signatures are those of NVIDIA's libdevice, so bitcode built with
 * other CUDA headers calls the same functions. */
#ifndef SIMULEE_CUDA_LIBDEVICE_FUNCTIONS_H
#define SIMULEE_CUDA_LIBDEVICE_FUNCTIONS_H
#include "host_defines.h"
/* device code only: nothing for a plain host compiler, as NVIDIA's */
#ifndef __SIMULEE_HOST_COMPILER

#include "host_defines.h"

#define __SIM_NV extern "C" __device__

/* one argument, float and double flavours: __nv_<n>f and __nv_<n> */
#define __SIM_NV_F1(n) __SIM_NV float __nv_##n##f(float); \
                       __SIM_NV double __nv_##n(double);
__SIM_NV_F1(acos) __SIM_NV_F1(acosh) __SIM_NV_F1(asin) __SIM_NV_F1(asinh)
__SIM_NV_F1(atan) __SIM_NV_F1(atanh) __SIM_NV_F1(cbrt) __SIM_NV_F1(ceil)
__SIM_NV_F1(cos) __SIM_NV_F1(cosh) __SIM_NV_F1(cospi) __SIM_NV_F1(erf)
__SIM_NV_F1(erfc) __SIM_NV_F1(erfcinv) __SIM_NV_F1(erfcx) __SIM_NV_F1(erfinv)
__SIM_NV_F1(exp) __SIM_NV_F1(exp10) __SIM_NV_F1(exp2) __SIM_NV_F1(expm1)
__SIM_NV_F1(fabs) __SIM_NV_F1(floor) __SIM_NV_F1(j0) __SIM_NV_F1(j1)
__SIM_NV_F1(lgamma) __SIM_NV_F1(log) __SIM_NV_F1(log10) __SIM_NV_F1(log1p)
__SIM_NV_F1(log2) __SIM_NV_F1(logb) __SIM_NV_F1(nearbyint)
__SIM_NV_F1(normcdf) __SIM_NV_F1(normcdfinv) __SIM_NV_F1(rcbrt)
__SIM_NV_F1(rint) __SIM_NV_F1(round) __SIM_NV_F1(rsqrt) __SIM_NV_F1(sin)
__SIM_NV_F1(sinh) __SIM_NV_F1(sinpi) __SIM_NV_F1(sqrt) __SIM_NV_F1(tan)
__SIM_NV_F1(tanh) __SIM_NV_F1(tgamma) __SIM_NV_F1(trunc) __SIM_NV_F1(y0)
__SIM_NV_F1(y1) __SIM_NV_F1(cyl_bessel_i0) __SIM_NV_F1(cyl_bessel_i1)
#undef __SIM_NV_F1

/* two arguments */
#define __SIM_NV_F2(n) __SIM_NV float __nv_##n##f(float, float); \
                       __SIM_NV double __nv_##n(double, double);
__SIM_NV_F2(atan2) __SIM_NV_F2(copysign) __SIM_NV_F2(fdim) __SIM_NV_F2(fmax)
__SIM_NV_F2(fmin) __SIM_NV_F2(fmod) __SIM_NV_F2(hypot) __SIM_NV_F2(nextafter)
__SIM_NV_F2(pow) __SIM_NV_F2(remainder) __SIM_NV_F2(rhypot)
#undef __SIM_NV_F2

__SIM_NV float __nv_fmaf(float, float, float);
__SIM_NV float __nv_powif(float, int);
__SIM_NV double __nv_powi(double, int);
__SIM_NV double __nv_fma(double, double, double);
__SIM_NV float __nv_frexpf(float, int *);
__SIM_NV double __nv_frexp(double, int *);
__SIM_NV float __nv_ldexpf(float, int);
__SIM_NV double __nv_ldexp(double, int);
__SIM_NV float __nv_scalbnf(float, int);
__SIM_NV double __nv_scalbn(double, int);
__SIM_NV float __nv_modff(float, float *);
__SIM_NV double __nv_modf(double, double *);
__SIM_NV float __nv_remquof(float, float, int *);
__SIM_NV double __nv_remquo(double, double, int *);
__SIM_NV int __nv_ilogbf(float);
__SIM_NV int __nv_ilogb(double);
__SIM_NV long long __nv_llrintf(float);
__SIM_NV long long __nv_llrint(double);
__SIM_NV long long __nv_llroundf(float);
__SIM_NV long long __nv_llround(double);
__SIM_NV float __nv_nanf(const char *);
__SIM_NV double __nv_nan(const char *);
__SIM_NV void __nv_sincosf(float, float *, float *);
__SIM_NV void __nv_sincos(double, double *, double *);
__SIM_NV void __nv_sincospif(float, float *, float *);
__SIM_NV void __nv_sincospi(double, double *, double *);
__SIM_NV float __nv_jnf(int, float);
__SIM_NV double __nv_jn(int, double);
__SIM_NV float __nv_ynf(int, float);
__SIM_NV double __nv_yn(int, double);
__SIM_NV float __nv_norm3df(float, float, float);
__SIM_NV double __nv_norm3d(double, double, double);
__SIM_NV float __nv_rnorm3df(float, float, float);
__SIM_NV double __nv_rnorm3d(double, double, double);
__SIM_NV float __nv_norm4df(float, float, float, float);
__SIM_NV double __nv_norm4d(double, double, double, double);
__SIM_NV float __nv_rnorm4df(float, float, float, float);
__SIM_NV double __nv_rnorm4d(double, double, double, double);
__SIM_NV float __nv_normf(int, const float *);
__SIM_NV double __nv_norm(int, const double *);
__SIM_NV float __nv_rnormf(int, const float *);
__SIM_NV double __nv_rnorm(int, const double *);

/* fast approximate single precision (the __expf family) */
__SIM_NV float __nv_fast_sinf(float);
__SIM_NV float __nv_fast_cosf(float);
__SIM_NV float __nv_fast_tanf(float);
__SIM_NV void __nv_fast_sincosf(float, float *, float *);
__SIM_NV float __nv_fast_expf(float);
__SIM_NV float __nv_fast_exp10f(float);
__SIM_NV float __nv_fast_logf(float);
__SIM_NV float __nv_fast_log2f(float);
__SIM_NV float __nv_fast_log10f(float);
__SIM_NV float __nv_fast_powf(float, float);
__SIM_NV float __nv_fast_fdividef(float, float);
__SIM_NV float __nv_saturatef(float);
__SIM_NV float __nv_frsqrt_rn(float);

/* explicitly rounded arithmetic and conversions */
#define __SIM_NV_ROUNDED(m)                                                   \
  __SIM_NV float __nv_fadd_##m(float, float);                                 \
  __SIM_NV float __nv_fsub_##m(float, float);                                 \
  __SIM_NV float __nv_fmul_##m(float, float);                                 \
  __SIM_NV float __nv_fdiv_##m(float, float);                                 \
  __SIM_NV float __nv_frcp_##m(float);                                        \
  __SIM_NV float __nv_fsqrt_##m(float);                                       \
  __SIM_NV float __nv_fmaf_##m(float, float, float);                          \
  __SIM_NV float __nv_fmaf_ieee_##m(float, float, float);                     \
  __SIM_NV double __nv_dadd_##m(double, double);                              \
  __SIM_NV double __nv_dsub_##m(double, double);                              \
  __SIM_NV double __nv_dmul_##m(double, double);                              \
  __SIM_NV double __nv_ddiv_##m(double, double);                              \
  __SIM_NV double __nv_drcp_##m(double);                                      \
  __SIM_NV double __nv_dsqrt_##m(double);                                     \
  __SIM_NV double __nv_fma_##m(double, double, double);                       \
  __SIM_NV int __nv_float2int_##m(float);                                     \
  __SIM_NV unsigned int __nv_float2uint_##m(float);                           \
  __SIM_NV long long __nv_float2ll_##m(float);                                \
  __SIM_NV unsigned long long __nv_float2ull_##m(float);                      \
  __SIM_NV int __nv_double2int_##m(double);                                   \
  __SIM_NV unsigned int __nv_double2uint_##m(double);                         \
  __SIM_NV long long __nv_double2ll_##m(double);                              \
  __SIM_NV unsigned long long __nv_double2ull_##m(double);                    \
  __SIM_NV float __nv_double2float_##m(double);                               \
  __SIM_NV float __nv_int2float_##m(int);                                     \
  __SIM_NV float __nv_uint2float_##m(unsigned int);                           \
  __SIM_NV float __nv_ll2float_##m(long long);                                \
  __SIM_NV float __nv_ull2float_##m(unsigned long long);                      \
  __SIM_NV double __nv_ll2double_##m(long long);                              \
  __SIM_NV double __nv_ull2double_##m(unsigned long long);
__SIM_NV_ROUNDED(rn) __SIM_NV_ROUNDED(rz) __SIM_NV_ROUNDED(ru)
__SIM_NV_ROUNDED(rd)
#undef __SIM_NV_ROUNDED
__SIM_NV double __nv_int2double_rn(int);
__SIM_NV double __nv_uint2double_rn(unsigned int);

/* bit reinterpretation */
__SIM_NV float __nv_int_as_float(int);
__SIM_NV int __nv_float_as_int(float);
__SIM_NV float __nv_uint_as_float(unsigned int);
__SIM_NV unsigned int __nv_float_as_uint(float);
__SIM_NV double __nv_longlong_as_double(long long);
__SIM_NV long long __nv_double_as_longlong(double);
__SIM_NV int __nv_double2hiint(double);
__SIM_NV int __nv_double2loint(double);
__SIM_NV double __nv_hiloint2double(int, int);

/* half precision conversions (the half travels as its 16 bits) */
__SIM_NV unsigned short __nv_float2half_rn(float);
__SIM_NV float __nv_half2float(unsigned short);

/* integer functions */
__SIM_NV int __nv_abs(int);
__SIM_NV long long __nv_llabs(long long);
__SIM_NV int __nv_min(int, int);
__SIM_NV int __nv_max(int, int);
__SIM_NV unsigned int __nv_umin(unsigned int, unsigned int);
__SIM_NV unsigned int __nv_umax(unsigned int, unsigned int);
__SIM_NV long long __nv_llmin(long long, long long);
__SIM_NV long long __nv_llmax(long long, long long);
__SIM_NV unsigned long long __nv_ullmin(unsigned long long,
                                        unsigned long long);
__SIM_NV unsigned long long __nv_ullmax(unsigned long long,
                                        unsigned long long);
__SIM_NV int __nv_popc(unsigned int);
__SIM_NV int __nv_popcll(unsigned long long);
__SIM_NV int __nv_clz(int);
__SIM_NV int __nv_clzll(long long);
__SIM_NV int __nv_ffs(int);
__SIM_NV int __nv_ffsll(long long);
__SIM_NV unsigned int __nv_brev(unsigned int);
__SIM_NV unsigned long long __nv_brevll(unsigned long long);
__SIM_NV unsigned int __nv_byte_perm(unsigned int, unsigned int,
                                     unsigned int);
__SIM_NV int __nv_mul24(int, int);
__SIM_NV unsigned int __nv_umul24(unsigned int, unsigned int);
__SIM_NV int __nv_mulhi(int, int);
__SIM_NV unsigned int __nv_umulhi(unsigned int, unsigned int);
__SIM_NV long long __nv_mul64hi(long long, long long);
__SIM_NV unsigned long long __nv_umul64hi(unsigned long long,
                                          unsigned long long);
__SIM_NV unsigned int __nv_sad(int, int, unsigned int);
__SIM_NV unsigned int __nv_usad(unsigned int, unsigned int, unsigned int);
__SIM_NV int __nv_hadd(int, int);
__SIM_NV int __nv_rhadd(int, int);
__SIM_NV unsigned int __nv_uhadd(unsigned int, unsigned int);
__SIM_NV unsigned int __nv_urhadd(unsigned int, unsigned int);


/* SIMD video functions: V1(name) takes one word, V2(name) two; the *2 forms
 * work on halfwords, the *4 forms on bytes. device_functions.h wraps each as
 * __name. */
#define __SIM_VIDEO_LIST(V1, V2)                                             \
  V1(vabs2) V1(vabs4) V1(vabsss2) V1(vabsss4) V1(vneg2) V1(vneg4)            \
  V1(vnegss2) V1(vnegss4)                                                    \
  V2(vabsdiffs2) V2(vabsdiffs4) V2(vabsdiffu2) V2(vabsdiffu4) V2(vadd2)      \
  V2(vadd4) V2(vaddss2) V2(vaddss4) V2(vaddus2) V2(vaddus4) V2(vavgs2)       \
  V2(vavgs4) V2(vavgu2) V2(vavgu4) V2(vcmpeq2) V2(vcmpeq4) V2(vcmpges2)      \
  V2(vcmpges4) V2(vcmpgeu2) V2(vcmpgeu4) V2(vcmpgts2) V2(vcmpgts4)           \
  V2(vcmpgtu2) V2(vcmpgtu4) V2(vcmples2) V2(vcmples4) V2(vcmpleu2)           \
  V2(vcmpleu4) V2(vcmplts2) V2(vcmplts4) V2(vcmpltu2) V2(vcmpltu4)           \
  V2(vcmpne2) V2(vcmpne4) V2(vhaddu2) V2(vhaddu4) V2(vmaxs2) V2(vmaxs4)      \
  V2(vmaxu2) V2(vmaxu4) V2(vmins2) V2(vmins4) V2(vminu2) V2(vminu4)          \
  V2(vsads2) V2(vsads4) V2(vsadu2) V2(vsadu4) V2(vseteq2) V2(vseteq4)        \
  V2(vsetges2) V2(vsetges4) V2(vsetgeu2) V2(vsetgeu4) V2(vsetgts2)           \
  V2(vsetgts4) V2(vsetgtu2) V2(vsetgtu4) V2(vsetles2) V2(vsetles4)           \
  V2(vsetleu2) V2(vsetleu4) V2(vsetlts2) V2(vsetlts4) V2(vsetltu2)           \
  V2(vsetltu4) V2(vsetne2) V2(vsetne4) V2(vsub2) V2(vsub4) V2(vsubss2)       \
  V2(vsubss4) V2(vsubus2) V2(vsubus4)
#define __SIM_NV_V1(n) __SIM_NV unsigned int __nv_##n(unsigned int);
#define __SIM_NV_V2(n) __SIM_NV unsigned int __nv_##n(unsigned int, unsigned int);
__SIM_VIDEO_LIST(__SIM_NV_V1, __SIM_NV_V2)
#undef __SIM_NV_V1
#undef __SIM_NV_V2
#undef __SIM_NV
#endif /* !__SIMULEE_HOST_COMPILER */
#endif
