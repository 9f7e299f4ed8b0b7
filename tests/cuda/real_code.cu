// Compile test for simulee's CUDA headers: what real projects write and
// nvcc's headers accept. Not a bug pattern. Host code calls min/max on
// every integer and floating mix; a sample-style helper header is enabled
// by NVIDIA's include guards; bfloat16 and half are used on both sides; the
// runtime error enum is complete. Device min/max compare inline (no call).
// HOST-SIDE
// EXPECT: define dso_local void @_Z10host_mixesPiPj
// EXPECT-O2: @llvm.smax.i32(
// EXPECT-O2: @llvm.umin.i32(
// REJECT: @__nv_float2bfloat16
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_occupancy.h>

// what helper_cuda.h-style headers do: helpers only behind NVIDIA's guards
#if !defined(__DRIVER_TYPES_H__) || !defined(__CUDA_RUNTIME_H__) ||           \
    !defined(__CUDA_RUNTIME_API_H__) || !defined(__DEVICE_FUNCTIONS_H__) ||   \
    !defined(__VECTOR_TYPES_H__) || !defined(__HOST_DEFINES_H__) ||           \
    !defined(__CUDA_FP16_H__) || !defined(__CUDA_BF16_H__)
#error "an NVIDIA include guard is missing"
#endif
#if CUDART_VERSION < 12000 || CUDA_VERSION < 12000
#error "CUDART_VERSION / CUDA_VERSION"
#endif
#ifdef __DRIVER_TYPES_H__
static const char *error_name(cudaError_t e) {
  switch (e) {
  case cudaErrorMissingConfiguration: return "missing configuration";
  case cudaErrorPriorLaunchFailure: return "prior launch failure";
  case cudaErrorInvalidDeviceFunction: return "invalid device function";
  case cudaErrorStreamCaptureUnsupported: return "capture";
  default: return "other";
  }
}
#endif

__global__ void host_mixes(int *a, unsigned *u) {
  int i = threadIdx.x;
  a[i] = max(a[i], 0) + min(a[i], 7);
  u[i] = min(u[i], 5u) + max(u[i], i) + (unsigned)max(1.5f, (float)a[i]);
  long l = max((long)i, 3L) + min((long)i, 2);
  long long ll = min(l, (long long)i) + max((unsigned long long)l, 1ull);
  double d = max((double)i, 0.5f) + min(2.0, i);
  a[i] += (int)(ll + (long long)d);
  __nv_bfloat16 b = __float2bfloat16(a[i] * 0.5f);
  __nv_bfloat162 b2 = __floats2bfloat162_rn(1.0f, 2.0f);
  b = b * b + __low2bfloat16(b2);
  __half h = __float2half(0.25f) + __half(b);
  a[i] += (int)__bfloat162float(b) + (int)__half2float(h);
}

// host code of the same file
int blocks_for(int n) { return max(1, (n + 255) / 256); }
size_t bytes_for(size_t n, int w) { return max(n, (size_t)w) * min(4u, 8u); }
double mix(long long a, unsigned long b, float c) {
  return max(a, b) + min(c, 1.0) + max(2.5f, (int)b);
}
float host_half(float x) {
  __half h = __float2half(x);
  __nv_bfloat16 b = __float2bfloat16(x);
  return __half2float(h + h) + __bfloat162float(b * b) +
         __half2float(hrcp(h) + __hadd_sat(h, h)) + __low2float(h2sqrt(__half2half2(h)));
}
int report(cudaError_t e) { return error_name(e)[0]; }
