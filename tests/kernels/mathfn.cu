// Interpreter corpus: the CUDA math library in single and double precision
// and the fast single-precision intrinsics, compared with the host's libm
// within CUDA's documented error bounds. Pattern: none (race-free): each
// thread writes its own output slots.
#define NMATH 16

// The argument of thread i: spread over [-3.7, 5.7].
__device__ float arg_of(float v) { return (v - 100.0f) * 0.037f; }

__global__ void math_f32(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = arg_of(in[i]), ax = fabsf(x);
  float *o = out + NMATH * i;
  o[0] = sqrtf(ax);
  o[1] = expf(x);
  o[2] = logf(ax + 0.5f);
  o[3] = sinf(x);
  o[4] = cosf(x);
  o[5] = tanhf(x);
  o[6] = powf(ax + 1.0f, 2.5f);
  o[7] = atan2f(x, 1.5f);
  o[8] = erff(x);
  o[9] = floorf(x * 3.0f) + 10.0f * ceilf(x * 5.0f);
  o[10] = fmaf(x, x, -2.0f);
  o[11] = rsqrtf(ax + 1.0f);
  o[12] = cbrtf(x);
  o[13] = hypotf(x, 2.0f);
  o[14] = fmodf(x * 7.0f, 1.3f);
  o[15] = roundf(x * 4.0f) + 100.0f * truncf(x * 10.0f) + 10000.0f * rintf(x * 2.5f);
}

__global__ void math_f64(const double *in, double *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double x = (in[i] - 100.0) * 0.037, ax = fabs(x);
  double *o = out + NMATH * i;
  o[0] = sqrt(ax);
  o[1] = exp(x);
  o[2] = log(ax + 0.5);
  o[3] = sin(x);
  o[4] = cos(x);
  o[5] = tanh(x);
  o[6] = pow(ax + 1.0, 2.5);
  o[7] = atan2(x, 1.5);
  o[8] = erf(x);
  o[9] = floor(x * 3.0) + 10.0 * ceil(x * 5.0);
  o[10] = fma(x, x, -2.0);
  o[11] = rsqrt(ax + 1.0);
  o[12] = cbrt(x);
  o[13] = log1p(ax) + expm1(x * 0.5);
  o[14] = fmod(x * 7.0, 1.3);
  o[15] = ldexp(x, i % 9 - 4) + (double)ilogb(ax + 1.0);
}

// The fast intrinsics (a few ulp, or an absolute error, off the exact value).
__global__ void math_fast(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = arg_of(in[i]), ax = fabsf(x);
  float *o = out + 8 * i;
  o[0] = __expf(x);
  o[1] = __logf(ax + 0.5f);
  o[2] = __sinf(x);
  o[3] = __cosf(x);
  o[4] = __fdividef(x, 1.7f);
  o[5] = __powf(ax + 1.0f, 1.5f);
  o[6] = __saturatef(x * 0.25f);
  o[7] = __fmul_rn(x, 3.0f) + __fadd_rn(x, 0.5f);
}

//@ run math_f32: --kernel math_f32 --grid 2 --block 128 --arg f32[256]=iota --arg f32[4096] --dump 1
//@ run math_f64: --kernel math_f64 --grid 2 --block 128 --arg f64[256]=iota --arg f64[4096] --dump 1
//@ run math_fast: --kernel math_fast --grid 2 --block 128 --arg f32[256]=iota --arg f32[2048] --dump 1
