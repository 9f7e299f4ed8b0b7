// Quantisation kernels as mixed-precision code writes them: every value
// converted between float, the integer types and __half / __nv_bfloat16 in
// each rounding mode of the CUDA Math API (_rn, _rz, _rd, _ru), including
// out-of-range values and NaN (integers saturate, NaN gives 0). The device's
// results must equal the same conversions done on the host, and a few known
// values are checked against their exact answers.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cmath>
#include <cstdio>
#include <cstring>

#define NCONV 64

template <class H>
__host__ __device__ void convert_all(float f, long long i, H, float *o);

// one row of results per input: conversions to integers (as double), and the
// float value of the 16-bit results
__host__ __device__ void convert_all_half(float f, long long i, double *o) {
  __half h = __float2half_rn(f);
  int k = 0;
  o[k++] = __half2int_rn(h); o[k++] = __half2int_rz(h); o[k++] = __half2int_rd(h); o[k++] = __half2int_ru(h);
  o[k++] = __half2uint_rn(h); o[k++] = __half2uint_rd(h); o[k++] = __half2uint_ru(h);
  o[k++] = __half2short_rn(h); o[k++] = __half2short_rd(h); o[k++] = __half2short_ru(h);
  o[k++] = __half2ushort_rd(h); o[k++] = __half2ushort_ru(h);
  o[k++] = (double)__half2ll_rd(h); o[k++] = (double)__half2ll_ru(h);
  o[k++] = (double)__half2ull_rn(h); o[k++] = (double)__half2ull_rd(h);
  o[k++] = __half2char_rz(h); o[k++] = __half2uchar_rz(h);
  o[k++] = __half2float(__float2half_rz(f)); o[k++] = __half2float(__float2half_rd(f));
  o[k++] = __half2float(__float2half_ru(f));
  o[k++] = __half2float(__int2half_rd((int)i)); o[k++] = __half2float(__int2half_ru((int)i));
  o[k++] = __half2float(__int2half_rz((int)i));
  o[k++] = __half2float(__uint2half_rd((unsigned)i)); o[k++] = __half2float(__short2half_rz((short)i));
  o[k++] = __half2float(__ll2half_ru(i)); o[k++] = __half2float(__ull2half_rd((unsigned long long)i));
  for (; k < NCONV / 2; k++) o[k] = 0;
}
__host__ __device__ void convert_all_bf16(float f, long long i, double *o) {
  __nv_bfloat16 b = __float2bfloat16_rn(f);
  int k = NCONV / 2;
  o[k++] = __bfloat162int_rn(b); o[k++] = __bfloat162int_rz(b); o[k++] = __bfloat162int_rd(b);
  o[k++] = __bfloat162int_ru(b); o[k++] = __bfloat162uint_rn(b); o[k++] = __bfloat162uint_ru(b);
  o[k++] = __bfloat162short_rn(b); o[k++] = __bfloat162short_rd(b); o[k++] = __bfloat162ushort_rn(b);
  o[k++] = (double)__bfloat162ll_rn(b); o[k++] = (double)__bfloat162ll_ru(b);
  o[k++] = (double)__bfloat162ull_rn(b); o[k++] = (double)__bfloat162ull_rz(b);
  o[k++] = __bfloat162char_rz(b); o[k++] = __bfloat162uchar_rz(b);
  o[k++] = __bfloat162float(__float2bfloat16_rz(f)); o[k++] = __bfloat162float(__float2bfloat16_rd(f));
  o[k++] = __bfloat162float(__float2bfloat16_ru(f));
  o[k++] = __bfloat162float(__int2bfloat16_rn((int)i)); o[k++] = __bfloat162float(__int2bfloat16_rz((int)i));
  o[k++] = __bfloat162float(__int2bfloat16_rd((int)i)); o[k++] = __bfloat162float(__int2bfloat16_ru((int)i));
  o[k++] = __bfloat162float(__short2bfloat16_rn((short)i));
  o[k++] = __bfloat162float(__ushort2bfloat16_rn((unsigned short)i));
  o[k++] = __bfloat162float(__ull2bfloat16_rn((unsigned long long)i));
  o[k++] = __bfloat162float(__ll2bfloat16_rd(i));
  __nv_bfloat162 p = make_bfloat162(b, __float2bfloat16_rz(f));
  o[k++] = __bfloat162float(p.y);
  for (; k < NCONV; k++) o[k] = 0;
}

__global__ void quantise(const float *f, const long long *i, int n, double *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  convert_all_half(f[t], i[t], out + (size_t)t * NCONV);
  convert_all_bf16(f[t], i[t], out + (size_t)t * NCONV);
}

static int same(double a, double b) { return a == b || (a != a && b != b); }

int main() {
  const float fs[] = {0.0f, -0.0f, 1.5f, -1.5f, 2.5f, -2.5f, 0.3f, -0.7f, 1e-3f, 65504.0f,
                      70000.0f, -70000.0f, 1e30f, -1e30f, NAN, INFINITY, -INFINITY, 255.6f,
                      -129.4f, 3.99f, 1.00001f, -1.00001f, 33000.7f, 5e-8f};
  const long long is[] = {0, 1, -1, 7, -7, 2049, -2049, 65519, 70000, -40000, 123456789,
                          -123456789, 4097, 3, 300, 257, 1025, -1025, 65535, 32767, 16385,
                          99, -99, 1 << 24};
  const int n = sizeof fs / sizeof fs[0];
  float *d_f;
  long long *d_i;
  double *d_out;
  cudaMalloc(&d_f, sizeof fs);
  cudaMalloc(&d_i, sizeof is);
  cudaMalloc(&d_out, n * NCONV * sizeof(double));
  cudaMemcpy(d_f, fs, sizeof fs, cudaMemcpyHostToDevice);
  cudaMemcpy(d_i, is, sizeof is, cudaMemcpyHostToDevice);
  quantise<<<1, 32>>>(d_f, d_i, n, d_out);
  static double dev[24 * NCONV], host[24 * NCONV];
  cudaMemcpy(dev, d_out, sizeof dev, cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int t = 0; t < n; t++) {
    convert_all_half(fs[t], is[t], host + t * NCONV);
    convert_all_bf16(fs[t], is[t], host + t * NCONV);
    for (int k = 0; k < NCONV; k++)
      if (!same(dev[t * NCONV + k], host[t * NCONV + k])) {
        if (wrong < 5) printf("input %d conversion %d: device %g host %g\n", t, k, dev[t * NCONV + k], host[t * NCONV + k]);
        wrong++;
      }
  }
  // exact answers: rounding modes, saturation, NaN
  wrong += __half2int_rn(__float2half(2.5f)) != 2 || __half2int_ru(__float2half(2.25f)) != 3 ||
           __half2int_rd(__float2half(-2.25f)) != -3 || __half2short_ru(__float2half(65504.0f)) != 32767 ||
           __half2uint_rn(__float2half(-3.0f)) != 0 || __half2int_rn(__float2half(NAN)) != 0;
  wrong += __bfloat162int_rn(__float2bfloat16(1e30f)) != 2147483647 ||
           __bfloat162int_rn(__float2bfloat16(-1e30f)) != -2147483647 - 1 ||
           __bfloat162float(__float2bfloat16_ru(1.00001f)) != 1.0078125f ||
           __bfloat162float(__float2bfloat16_rd(-1.00001f)) != -1.0078125f ||
           __bfloat162float(__float2bfloat16_rz(-1.00001f)) != -1.0f ||
           __half2float(__float2half_ru(1.0001f)) != 1.0009765625f ||
           __half2float(__float2half_rd(70000.0f)) != 65504.0f ||
           __half2float(__int2half_ru(2049)) != 2050.0f || __half2float(__int2half_rd(2049)) != 2048.0f;
  printf("conversions of %d inputs: %d wrong\n", n, wrong);
  return wrong != 0;
}
