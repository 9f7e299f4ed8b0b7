// Compile test for simulee's CUDA headers: touches every family of device
// functions the headers provide (built-in variables, barriers, warp
// primitives, atomics in three scopes, fences, intrinsics, conversions,
// math in float and double, std:: math, half precision, printf, assert,
// clock, cache-hinted loads) plus host code with <<<>>> launches. Not a bug
// pattern: the ctest checks that it compiles at -O0 and -O2 and that the
// bitcode calls the expected intrinsics and libdevice functions.
// EXPECT: @llvm.nvvm.read.ptx.sreg.tid.x(
// EXPECT: @llvm.nvvm.read.ptx.sreg.ntid.x(
// EXPECT: @llvm.nvvm.read.ptx.sreg.ctaid.x(
// EXPECT: @llvm.nvvm.read.ptx.sreg.nctaid.x(
// EXPECT: @llvm.nvvm.read.ptx.sreg.laneid(
// EXPECT: @warpSize = weak
// EXPECT: load i32, ptr addrspacecast (ptr addrspace(4) @warpSize to ptr)
// EXPECT: @llvm.nvvm.barrier0()
// EXPECT: @llvm.nvvm.barrier0.popc(
// EXPECT: @llvm.nvvm.barrier0.and(
// EXPECT: @llvm.nvvm.barrier0.or(
// EXPECT: @llvm.nvvm.barrier.sync.cnt(
// EXPECT-O2: @llvm.nvvm.bar.warp.sync(i32 65535)
// EXPECT: @llvm.nvvm.membar.cta()
// EXPECT: @llvm.nvvm.membar.gl()
// EXPECT: @llvm.nvvm.membar.sys()
// EXPECT: @llvm.nvvm.shfl.sync.down.i32(
// EXPECT: @llvm.nvvm.shfl.sync.up.i32(
// EXPECT: @llvm.nvvm.shfl.sync.idx.f32(
// EXPECT: @llvm.nvvm.shfl.sync.bfly.i32(
// EXPECT-O2: i32 1, i32 4127)
// EXPECT-O2: i32 1, i32 6175)
// EXPECT: @llvm.nvvm.vote.ballot.sync(
// EXPECT: @llvm.nvvm.vote.any.sync(
// EXPECT: @llvm.nvvm.vote.all.sync(
// EXPECT: @llvm.nvvm.vote.uni.sync(
// EXPECT: @llvm.nvvm.activemask()
// EXPECT: @llvm.nvvm.match.any.sync.i32(
// EXPECT: @llvm.nvvm.match.all.sync.i64p(
// EXPECT: atomicrmw add ptr
// EXPECT: atomicrmw fadd ptr
// EXPECT: atomicrmw umax ptr
// EXPECT: cmpxchg ptr
// EXPECT: i16
// EXPECT: @llvm.nvvm.atomic.load.inc.32.p0(
// EXPECT: @llvm.nvvm.atomic.load.dec.32.p0(
// EXPECT: @llvm.nvvm.atomic.add.gen.i.cta.i32.p0(
// EXPECT: @llvm.nvvm.atomic.add.gen.f.cta.f32.p0(
// EXPECT: @llvm.nvvm.atomic.cas.gen.i.cta.i64.p0(
// EXPECT: @llvm.nvvm.atomic.exch.gen.i.sys.i32.p0(
// EXPECT: @llvm.nvvm.atomic.add.gen.f.sys.f64.p0(
// EXPECT: @__nv_sinf(
// EXPECT: @__nv_sin(
// EXPECT: @__nv_powf(
// EXPECT: @__nv_rsqrtf(
// EXPECT: @__nv_fast_expf(
// EXPECT: @__nv_fast_fdividef(
// EXPECT: @__nv_fmaf_rn(
// EXPECT: @__nv_float2int_rn(
// EXPECT: @__nv_double2int_rn(
// EXPECT: @__nv_popc(
// EXPECT: @__nv_umul64hi(
// EXPECT: @__nv_float2half_rn(
// EXPECT: @__nv_half2float(
// EXPECT-O2: @llvm.nvvm.nanosleep(i32 100)
// EXPECT: @llvm.nvvm.read.ptx.sreg.clock64(
// EXPECT: @vprintf(
// EXPECT: @__assertfail(
// EXPECT-O0: @malloc(
// EXPECT-O0: @free(
// EXPECT: @llvm.trap()
// EXPECT: @llvm.debugtrap()
// Header code carries the user's source lines once inlined (nodebug):
// REJECT: device_atomic_functions.h"
// REJECT: device_functions.h"
// REJECT: math_functions.h"
// REJECT: device_launch_parameters.h"
// REJECT: cuda_fp16.h"
// REJECT: @llvm.sin.
// REJECT: @llvm.exp.
// REJECT: @llvm.pow.
// REJECT: @printf(
#include <cuda_fp16.h>
#include <math_constants.h>
#include <algorithm>
#include <cassert>
#include <cstdio>

__constant__ float c_coef[4];
__device__ unsigned int d_counter;

__global__ void builtins_and_barriers(int *out) {
  dim3 b = blockDim;
  uint3 t = threadIdx;
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int flat = t.x + b.x * (threadIdx.y + blockDim.y * threadIdx.z);
  __shared__ int s[256];
  s[flat & 255] = gid + gridDim.x * gridDim.y * gridDim.z + blockIdx.y +
                  blockIdx.z;
  __syncthreads();
  int c = __syncthreads_count(s[flat & 255] > 0);
  int a = __syncthreads_and(c > 1);
  int o = __syncthreads_or(a);
  __syncwarp();
  __syncwarp(0x0000ffffu);
  __threadfence_block();
  __threadfence();
  __threadfence_system();
  out[gid] = c + a + o + warpSize + (int)__laneid();
}

__global__ void warp_primitives(int *out, float *f, double *d,
                                long long *ll) {
  int lane = threadIdx.x % warpSize;
  unsigned int full = 0xffffffffu;
  int v = out[lane];
  for (int off = 16; off > 0; off /= 2) v += __shfl_down_sync(full, v, off);
  v += __shfl_up_sync(full, v, 1) + __shfl_xor_sync(full, v, 1, 16) +
       __shfl_sync(full, v, 0);
  unsigned int u = __shfl_sync(full, (unsigned int)v, 3);
  f[lane] = __shfl_down_sync(full, f[lane], 1) +
            __shfl_xor_sync(full, f[lane], 2);
  d[lane] = __shfl_down_sync(full, d[lane], 1) + __shfl_sync(full, d[lane], 0);
  ll[lane] = __shfl_xor_sync(full, ll[lane], 1);
  unsigned int ballot = __ballot_sync(full, v > 0);
  int any = __any_sync(full, v > 3), all = __all_sync(full, v < 100);
  int uni = __uni_sync(full, lane < 40);
  unsigned int act = __activemask();
  int pred = 0;
  unsigned int m1 = __match_any_sync(full, v);
  unsigned int m2 = __match_all_sync(full, ll[lane], &pred);
  out[lane] = v + (int)u + (int)ballot + any + all + uni + (int)act +
              (int)m1 + (int)m2 + pred;
}

__global__ void atomics(int *i, unsigned int *u, unsigned long long *ull,
                        long long *ll, float *f, double *d,
                        unsigned short *us) {
  int r = 0;
  r += atomicAdd(i, 1) + atomicSub(i, 1) + atomicExch(i, 2) +
       atomicMin(i, 0) + atomicMax(i, 9) + atomicCAS(i, 2, 3) +
       atomicAnd(i, 7) + atomicOr(i, 8) + atomicXor(i, 1);
  r += (int)(atomicAdd(u, 1u) + atomicInc(u, 10u) + atomicDec(u, 10u) +
             atomicCAS(u, 1u, 2u) + atomicMin(u, 1u) + atomicMax(u, 5u));
  r += (int)(atomicAdd(ull, 1ull) + atomicExch(ull, 2ull) +
             atomicCAS(ull, 1ull, 3ull) + atomicMin(ull, 1ull) +
             atomicAnd(ull, 3ull));
  r += (int)(atomicMin(ll, -1ll) + atomicMax(ll, 4ll));
  r += (int)(atomicAdd(f, 1.5f) + atomicExch(f, 0.5f) + atomicAdd(d, 2.5));
  r += atomicCAS(us, (unsigned short)1, (unsigned short)2);
  r += atomicAdd_block(i, 1) + atomicCAS_block(i, 1, 2) +
       (int)atomicInc_block(u, 4u) + (int)atomicAdd_block(f, 1.0f);
  r += atomicAdd_system(i, 1) + atomicExch_system(i, 3) +
       (int)atomicAdd_system(d, 1.0);
  r += (int)atomicAdd(&d_counter, 1u);
  i[1] = r;
}

__global__ void float_math(float *p, int n) {
  int k = threadIdx.x;
  float x = p[k], y = p[k + 1];
  float r = sinf(x) + cosf(x) + tanf(x) + expf(x) + exp2f(x) + logf(x) +
            log2f(x) + log10f(x) + powf(x, y) + sqrtf(x) + rsqrtf(x) +
            cbrtf(x) + fabsf(x) + fminf(x, y) + fmaxf(x, y) + floorf(x) +
            ceilf(x) + truncf(x) + roundf(x) + rintf(x) + fmodf(x, y) +
            hypotf(x, y) + atan2f(y, x) + atanf(x) + asinf(x) + acosf(x) +
            sinhf(x) + coshf(x) + tanhf(x) + erff(x) + erfcf(x) +
            fmaf(x, y, 1.0f) + expm1f(x) + log1pf(x) + copysignf(x, y) +
            ldexpf(x, 3) + lgammaf(x) + tgammaf(x) + exp10f(x) +
            sinpif(x) + cospif(x) + normcdff(x) + erfinvf(x) + fdimf(x, y) +
            remainderf(x, y) + nextafterf(x, y) + nearbyintf(x) +
            (float)ilogbf(x) + logbf(x) + (float)lrintf(x) +
            (float)llroundf(x) + scalbnf(x, 2) + rhypotf(x, y) + rcbrtf(x) +
            norm3df(x, y, x) + fdividef(x, y);
  float s, c, ip;
  int e, q;
  sincosf(x, &s, &c);
  r += s + c + modff(x, &ip) + ip + frexpf(x, &e) + (float)e +
       remquof(x, y, &q) + (float)q;
  // intrinsics
  r += __sinf(x) + __cosf(x) + __tanf(x) + __expf(x) + __exp10f(x) +
       __logf(x) + __log2f(x) + __log10f(x) + __powf(x, y) +
       __fdividef(x, y) + __saturatef(x) + __frcp_rn(x) + __fsqrt_rn(x) +
       __frsqrt_rn(x) + __fadd_rn(x, y) + __fsub_rz(x, y) +
       __fmul_rn(x, y) + __fdiv_ru(x, y) + __fmaf_rn(x, y, 1.0f);
  __sincosf(x, &s, &c);
  r += s + c;
  // C++ overloads and std::
  r += sin(x) + std::sin(x) + std::sqrt(x) + std::exp(x) + std::pow(x, y) +
       std::fabs(x) + std::abs(x) + abs(x) + pow(x, 2) + std::fmin(x, y) +
       std::min(x, y) + std::max(x, y) + min(x, y) + max(x, y) +
       std::floor(x) + std::tanh(x);
  if (isnan(r) || std::isinf(r) || std::isfinite(r) == 0 || signbit(r))
    r = CUDART_PI_F;
  p[k] = r + (float)n + c_coef[k & 3];
}

__global__ void double_math(double *p) {
  int k = threadIdx.x;
  double x = p[k], y = p[k + 1];
  double r = sin(x) + cos(x) + tan(x) + exp(x) + exp2(x) + log(x) + log2(x) +
             log10(x) + pow(x, y) + sqrt(x) + rsqrt(x) + cbrt(x) + fabs(x) +
             fmin(x, y) + fmax(x, y) + floor(x) + ceil(x) + trunc(x) +
             round(x) + rint(x) + fmod(x, y) + hypot(x, y) + atan2(y, x) +
             atan(x) + asin(x) + acos(x) + sinh(x) + cosh(x) + tanh(x) +
             erf(x) + erfc(x) + fma(x, y, 1.0) + expm1(x) + log1p(x) +
             copysign(x, y) + ldexp(x, 2) + lgamma(x) + tgamma(x) +
             std::sin(x) + std::sqrt(x) + std::pow(x, y) + std::abs(x) +
             std::min(x, y) + min(x, y) + max(x, 1.0f) + CUDART_PI;
  double s, c;
  sincos(x, &s, &c);
  r += s + c + __dadd_rn(x, y) + __dmul_rz(x, y) + __ddiv_rn(x, y) +
       __drcp_rn(x) + __dsqrt_rn(x) + __fma_rn(x, y, x);
  p[k] = r;
}

__global__ void int_intrinsics_and_conversions(int *i, unsigned int *u,
                                               long long *ll, float *f,
                                               double *d) {
  int k = threadIdx.x;
  int a = i[k], b = i[k + 1];
  unsigned int ua = u[k], ub = u[k + 1];
  i[k] = __popc(ua) + __popcll((unsigned long long)ll[k]) + __clz(a) +
         __clzll(ll[k]) + __ffs(a) + __ffsll(ll[k]) + (int)__brev(ua) +
         (int)__brevll(ua) + (int)__byte_perm(ua, ub, 0x3210u) +
         __mul24(a, b) + (int)__umul24(ua, ub) + __mulhi(a, b) +
         (int)__umulhi(ua, ub) + (int)__mul64hi(ll[k], ll[k]) +
         (int)__umul64hi(ua, ub) + (int)__sad(a, b, 1u) + __hadd(a, b) +
         __rhadd(a, b) + (int)__uhadd(ua, ub) +
         (int)__funnelshift_l(ua, ub, 3u) + (int)__funnelshift_r(ua, ub, 5u) +
         abs(a) + min(a, b) + max(a, b) + (int)umin(ua, ub) + (int)min(ua, b) +
         (int)llmax(ll[k], 3ll) + std::abs(a) + std::max(a, b);
  f[k] = __int_as_float(a) + __uint_as_float(ua) +
         (float)__float_as_int(f[k]) + (float)__float_as_uint(f[k]) +
         (float)__float2int_rn(f[k]) + (float)__float2int_rz(f[k]) +
         (float)__float2uint_rd(f[k]) + __int2float_rn(a) +
         __uint2float_rz(ua) + (float)__float2ll_rn(f[k]) +
         __double2float_rn(d[k]) + (float)__double2int_rn(d[k]) +
         (float)__double2int_rz(d[k]);
  d[k] = __longlong_as_double(ll[k]) + (double)__double_as_longlong(d[k]) +
         __int2double_rn(a) + __hiloint2double(__double2hiint(d[k]),
                                               __double2loint(d[k])) +
         __ll2double_rn(ll[k]);
}

__global__ void half_precision(__half *h, float *f, __half2 *h2) {
  int k = threadIdx.x;
  __half a = h[k], b = __float2half(f[k]);
  __half c = __hadd(a, b) * __hmul(a, b) + __hfma(a, b, a);
  __half2 p = __floats2half2_rn(f[k], 1.0f);
  h2[k] = __hadd2(h2[k], p);
  f[k] = __half2float(c) + __low2float(h2[k]) + (float)(a < b) +
         (float)__hisnan(c);
  h[k] = __shfl_down_sync(0xffffffffu, c, 1);
  atomicAdd(&h[0], __float2half(1.0f));
}

// Every atomic in every scope, on every type it exists for.
#define EVERY_ATOMIC(SFX)                                                     \
  r += atomicAdd##SFX(i, 1) + (int)atomicAdd##SFX(u, 1u) +                    \
       (int)atomicAdd##SFX(ull, 1ull) + (int)atomicAdd##SFX(f, 1.0f) +        \
       (int)atomicAdd##SFX(d, 1.0) + atomicSub##SFX(i, 1) +                   \
       (int)atomicSub##SFX(u, 1u) + atomicExch##SFX(i, 1) +                   \
       (int)atomicExch##SFX(u, 1u) + (int)atomicExch##SFX(ull, 1ull) +        \
       (int)atomicExch##SFX(f, 1.0f) + atomicMin##SFX(i, 1) +                 \
       (int)atomicMin##SFX(u, 1u) + (int)atomicMin##SFX(ll, 1ll) +            \
       (int)atomicMin##SFX(ull, 1ull) + atomicMax##SFX(i, 1) +                \
       (int)atomicMax##SFX(u, 1u) + (int)atomicMax##SFX(ll, 1ll) +            \
       (int)atomicMax##SFX(ull, 1ull) + (int)atomicInc##SFX(u, 9u) +          \
       (int)atomicDec##SFX(u, 9u) + atomicCAS##SFX(i, 1, 2) +                 \
       (int)atomicCAS##SFX(u, 1u, 2u) + (int)atomicCAS##SFX(ull, 1ull, 2ull) + \
       (int)atomicCAS##SFX(us, (unsigned short)1, (unsigned short)2) +        \
       atomicAnd##SFX(i, 1) + (int)atomicAnd##SFX(u, 1u) +                    \
       (int)atomicAnd##SFX(ull, 1ull) + atomicOr##SFX(i, 1) +                 \
       (int)atomicOr##SFX(u, 1u) + (int)atomicOr##SFX(ull, 1ull) +            \
       atomicXor##SFX(i, 1) + (int)atomicXor##SFX(u, 1u) +                    \
       (int)atomicXor##SFX(ull, 1ull);
__global__ void every_atomic(int *i, unsigned int *u, unsigned long long *ull,
                             long long *ll, float *f, double *d,
                             unsigned short *us) {
  int r = 0;
  EVERY_ATOMIC()
  EVERY_ATOMIC(_block)
  EVERY_ATOMIC(_system)
  i[2] = r;
}

// Every shuffle kind on every type, the legacy forms, named barriers,
// address space tests, timers.
#define EVERY_SHUFFLE(T, P)                                                   \
  P[lane] = __shfl_sync(m, P[lane], 1) + __shfl_up_sync(m, P[lane], 1) +      \
            __shfl_down_sync(m, P[lane], 1, 8) +                              \
            __shfl_xor_sync(m, P[lane], 1) + __shfl(P[lane], 2) +             \
            __shfl_up(P[lane], 1) + __shfl_down(P[lane], 1) +                 \
            __shfl_xor(P[lane], 4);                                           \
  r += __match_any_sync(m, P[lane]);                                          \
  r += __match_all_sync(m, P[lane], &pred);
__global__ void every_warp_function(int *i, unsigned int *u, long *l,
                                    unsigned long *ul, long long *ll,
                                    unsigned long long *ull, float *f,
                                    double *d) {
  unsigned int m = __activemask(), r = 0;
  int lane = threadIdx.x & 31, pred = 0;
  EVERY_SHUFFLE(int, i)
  EVERY_SHUFFLE(unsigned int, u)
  EVERY_SHUFFLE(long, l)
  EVERY_SHUFFLE(unsigned long, ul)
  EVERY_SHUFFLE(long long, ll)
  EVERY_SHUFFLE(unsigned long long, ull)
  EVERY_SHUFFLE(float, f)
  EVERY_SHUFFLE(double, d)
  r += __ballot(lane & 1) + __any(lane > 3) + __all(lane < 40);
  __barrier_sync(1);
  __barrier_sync_count(2, 64);
  __shared__ int sh;
  sh = 1;
  r += __isGlobal(i) + __isShared(&sh) + __isConstant(i) + __isLocal(&pred);
  r += (unsigned int)__globaltimer() + (unsigned int)pred + sh;
  if (r == 12345u)
    __trap();
  if (r == 54321u)
    __brkpt();
  u[lane] = r;
}

__device__ __noinline__ int helper(int x) { return x * 2; }
__device__ __forceinline__ int inlined(int x) { return x + 1; }

__global__ void __launch_bounds__(256, 2)
    misc(int *__restrict__ out, const int *__restrict__ in,
         const float4 *v4, long long *t) {
  int k = threadIdx.x;
  float4 v = __ldg(&v4[k]);
  int2 p = make_int2(1, 2);
  double2 dd = make_double2(1.0, 2.0);
  out[k] = __ldg(&in[k]) + helper(k) + inlined(k) + p.x + (int)dd.y +
           (int)(v.x + v.w) + __ldcg(&in[k]);
  __stcs(&out[k + 1], 3);
  long long t0 = clock64();
  clock_t t1 = clock();
  __nanosleep(100);
  t[k] = clock64() - t0 + (long long)t1;
  if (k == 0)
    printf("block %d: %f %lld\n", blockIdx.x, v.x, t[k]);
  assert(out[k] >= 0);
  int *scratch = (int *)malloc(16);
  if (scratch) {
    memset(scratch, 0, 16);
    memcpy(scratch, in, 8);
    out[k] += scratch[1];
    free(scratch);
  }
}

extern __shared__ float dyn_smem[];
template <typename T> __global__ void templated(T *p, T v) {
  dyn_smem[threadIdx.x] = (float)v;
  __syncthreads();
  p[threadIdx.x] = (T)dyn_smem[(threadIdx.x + 1) % blockDim.x];
}

int main() {
  int *di;
  float *df;
  cudaMalloc(&di, 1024 * sizeof(int));
  cudaMalloc((void **)&df, 1024 * sizeof(float));
  float h[4] = {1, 2, 3, 4};
  cudaMemcpyToSymbol(c_coef, h, sizeof(h));
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  cudaEventRecord(e0, s);
  builtins_and_barriers<<<dim3(2, 1, 1), dim3(64, 2, 1)>>>(di);
  float_math<<<1, 32, 0, s>>>(df, 4);
  templated<float><<<1, 64, 64 * sizeof(float)>>>(df, 1.0f);
  templated<<<1, 64, 64 * sizeof(float), s>>>(di, 7);
  cudaEventRecord(e1, s);
  cudaEventSynchronize(e1);
  float ms = 0;
  cudaEventElapsedTime(&ms, e0, e1);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    fprintf(stderr, "%s\n", cudaGetErrorString(err));
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  cudaFuncSetAttribute(float_math, cudaFuncAttributeMaxDynamicSharedMemorySize,
                       1024);
  cudaDeviceSynchronize();
  cudaMemcpy(h, df, sizeof(h), cudaMemcpyDeviceToHost);
  cudaMemset(di, 0, 16);
  cudaStreamSynchronize(s);
  cudaStreamDestroy(s);
  cudaEventDestroy(e0);
  cudaEventDestroy(e1);
  cudaFree(di);
  cudaFree(df);
  printf("%d %f\n", prop.warpSize, ms);
  return 0;
}
