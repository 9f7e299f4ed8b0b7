// Interpreter corpus: CUDA's min/max overloads on mixed operand types and
// bfloat16 arithmetic, as ported host code uses them. Pattern: none (each
// thread writes its own elements). min/max follow the usual arithmetic
// conversions: int with unsigned compares unsigned, an integer with a float
// compares in floating point.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

// out[8i..8i+8): eight min/max mixes of a[i] and u[i]
__global__ void minmax_mix(const int *a, const unsigned *u, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int x = a[i];
  unsigned y = u[i];
  int *o = out + 8 * i;
  o[0] = max(x, 0);
  o[1] = (int)min(x, y);
  o[2] = (int)max((long)x, 3L);
  o[3] = (int)min(x, 2.5f);
  o[4] = (int)max((long long)x, (unsigned long long)y);
  o[5] = (int)(max(x * 0.5, -3.25f) * 4.0);
  o[6] = (int)max((unsigned long)y, x);
  o[7] = (int)min(umax(y, 7u), (unsigned)ullmin(y, 1000ull));
}

// out[4i..4i+4): x[i] through bfloat16: rounded, a sum, a product, and the
// round-toward-zero conversion
__global__ void bf16_ops(const float *x, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __nv_bfloat16 b = __float2bfloat16(x[i]);
  __nv_bfloat16 c = __float2bfloat16(x[i] * 3.0f);
  out[4 * i] = __bfloat162float(b);
  out[4 * i + 1] = __bfloat162float(b + c);
  out[4 * i + 2] = __bfloat162float(__hmul(b, c));
  out[4 * i + 3] = __bfloat162float(__float2bfloat16_rz(x[i]));
}

// out[4i..4i+4): the dot products __dp4a (signed, unsigned) and __dp2a
// (low, high) of a[i] and b[i] with accumulator i
__global__ void dot_products(const int *a, const int *b, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[4 * i] = __dp4a(a[i], b[i], i);
  out[4 * i + 1] = (int)__dp4a((unsigned)a[i], (unsigned)b[i], (unsigned)i);
  out[4 * i + 2] = __dp2a_lo(a[i], b[i], i);
  out[4 * i + 3] = __dp2a_hi(a[i], b[i], i);
}

// out[4i..4i+4): half precision beyond + and *: a saturated sum, a
// reciprocal, a paired comparison, a paired exp2 plus a conversion to long
// long (round to nearest even); a = x[i], b = x[i] / 4
__global__ void half_ops(const float *x, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __half a = __float2half(x[i]), b = __float2half(x[i] * 0.25f);
  __half2 p = __halves2half2(a, b);
  out[4 * i] = __half2float(__hadd_sat(a, b));
  out[4 * i + 1] = __half2float(hrcp(a));
  out[4 * i + 2] = __low2float(__hgt2(p, __half2half2(__float2half(0.0f))));
  out[4 * i + 3] = __high2float(h2exp2(p)) + (float)__half2ll_rn(a) +
                   (__hbgt2(p, p) ? 1.0f : 0.0f);
}

//@ run minmax_mix: --kernel minmax_mix --grid 2 --block 32 --arg i32[64]=rand:21:-2000:2000 --arg u32[64]=rand:22:0:3000 --arg i32[512] --dump 2
//@ run bf16_ops: --kernel bf16_ops --grid 2 --block 32 --arg f32[64]=rand:23:-1000:1000 --arg f32[256] --dump 1
//@ run dot_products: --kernel dot_products --grid 1 --block 64 --arg i32[64]=rand:24:-2147483648:2147483647 --arg i32[64]=rand:25:-2147483648:2147483647 --arg i32[256] --dump 2
//@ run half_ops: --kernel half_ops --grid 2 --block 32 --arg f32[64]=rand:26:-6:6 --arg f32[256] --dump 1
