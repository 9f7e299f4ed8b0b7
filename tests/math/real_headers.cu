// Compiled only when a CUDA toolkit is found at configure time (tests/math.cmake):
// clang's normal CUDA path with NVIDIA's own headers and libdevice linked in,
// so the bitcode carries what that path really emits: calls of __nv_* (-O0),
// libdevice bodies inlined with their llvm.nvvm.* intrinsics and PTX inline asm
// (-O2), the SIMD video intrinsics as inline asm, __nvvm_reflect. Thread i
// evaluates the math API on input i; the math_real suite of
// tests/unit/test_math.c compares every slot with a host reference.
// Pattern: a numeric kernel mixing the single, double, integer and intrinsic
// math APIs, warp shuffles and an atomic, as real CUDA code does.

#define NF 24
#define ND 20
#define NI 24

extern "C" __global__ void math_api(const float *xf, const double *xd, const int *xi, float *of,
                                    double *od, int *oi, unsigned *count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = xf[i];
  double y = xd[i];
  int n = xi[i];
  float *f = of + i * NF;
  double *d = od + i * ND;
  int *k = oi + i * NI;
  f[0] = sinf(x);
  f[1] = cosf(x);
  f[2] = expf(x * 0.25f);
  f[3] = logf(fabsf(x) + 1.0f);
  f[4] = powf(fabsf(x), 1.5f);
  f[5] = sqrtf(fabsf(x));
  f[6] = rsqrtf(fabsf(x) + 1.0f);
  f[7] = erfinvf(x * 0.01f);
  f[8] = __fdividef(x, 3.0f);
  f[9] = __expf(x * 0.1f);
  f[10] = __saturatef(x);
  f[11] = fmaf(x, x, 1.0f);
  f[12] = __fmul_rn(x, 1.1f);
  f[13] = __fadd_rd(x, 0.1f);
  f[14] = __int2float_rz(n);
  f[15] = __double2float_ru(y);
  f[16] = tanhf(x);
  f[17] = atan2f(x, 2.0f);
  f[18] = erfcf(x * 0.1f);
  f[19] = normcdff(x * 0.1f);
  f[20] = __fsqrt_rd(fabsf(x));
  f[21] = sinpif(x * 0.125f);
  f[22] = ldexpf(x, n & 7);
  f[23] = cbrtf(x);
  d[0] = sin(y);
  d[1] = cos(y);
  d[2] = exp(y * 0.1);
  d[3] = log(fabs(y) + 1.0);
  d[4] = pow(fabs(y), 0.5);
  d[5] = erf(y * 0.1);
  d[6] = tgamma(y * 0.1 + 2.0);
  d[7] = cbrt(y);
  d[8] = rhypot(y, 3.0);
  d[9] = norm3d(y, 1.0, 2.0);
  double s, c;
  sincos(y, &s, &c);
  d[10] = s;
  d[11] = c;
  int e;
  d[12] = frexp(y, &e);
  d[13] = __dadd_ru(y, 0.1);
  d[14] = __ddiv_rz(y, 3.0);
  d[15] = atan(y);
  d[16] = fmod(y, 1.75);
  d[17] = erfcinv(0.5 + y * 0.001);
  d[18] = __dsqrt_rn(fabs(y));
  d[19] = log1p(fabs(y));
  k[0] = __popc(n);
  k[1] = __clz(n);
  k[2] = __brev(n);
  k[3] = __byte_perm(n, 0x12345678, 0x5140);
  k[4] = __mulhi(n, 123456789);
  k[5] = __sad(n, 7, 1);
  k[6] = __vadd2(n, 0x00010001);
  k[7] = __vavgs4(n, 0x01fe80f0);
  k[8] = __ffs(n);
  k[9] = __float2int_rn(x);
  k[10] = __double2int_rd(y);
  k[11] = __vabsdiffs2(n, 0x12345678);
  k[12] = __vsetges4(n, 0x00ff7f80);
  k[13] = __funnelshift_l(n, 0xabcdef01, 5);
  k[14] = __funnelshift_rc(n, 0xabcdef01, 40);
  k[15] = (int)(__umul64hi((unsigned long long)n * 0x9e3779b97f4a7c15ull, 0x123456789ull));
  k[16] = __hadd(n, 3);
  k[17] = __vsubss2(n, 0x7fff8000);
  k[18] = __vmaxu4(n, 0x80402010);
  k[19] = e;
  k[20] = __shfl_xor_sync(0xffffffffu, n, 1);
  k[21] = __ballot_sync(0xffffffffu, n & 1);
  k[22] = __float_as_int(__int_as_float(n));
  k[23] = __vcmpltu2(n, 0x80008000);
  atomicAdd(count, 1u);
}

// cuda_fp16 through NVIDIA's own header: its functions are inline PTX.
#include <cuda_fp16.h>
#define NH 8
extern "C" __global__ void half_api(const float *xf, float *oh) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = xf[i];
  float *h = oh + i * NH;
  __half hx = __float2half(x), hy = __float2half_rz(x * 0.3f);
  __half2 p = __floats2half2_rn(x, 0.75f);
  p = __hfma2(p, p, p);
  h[0] = __half2float(hx);
  h[1] = __half2float(hy);
  h[2] = __half2float(__hadd(hx, hy));
  h[3] = __half2float(__hmul(hx, hy));
  h[4] = __low2float(p);
  h[5] = __high2float(p);
  h[6] = __hlt(hx, hy) ? 1.0f : 0.0f;
  h[7] = __half2float(hsqrt(__habs(hx)));
}
