// Interpreter corpus: CUDA vector types (float4, uchar4, int2, double2):
// 16-byte loads and stores, make_* constructors, member access. Pattern:
// none (race-free): thread i touches only element i.

// y[i] = a * x[i] + y[i], four floats at a time (n4 float4 elements).
__global__ void saxpy4(float a, const float4 *x, float4 *y, int n4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) {
    float4 xv = x[i], yv = y[i];
    y[i] = make_float4(a * xv.x + yv.x, a * xv.y + yv.y, a * xv.z + yv.z, a * xv.w + yv.w);
  }
}

// len[i] = |v[i]| (Euclidean, 4 components), unit[i] = v[i] / len[i] with
// its components reversed (w, z, y, x).
__global__ void normalize4(const float4 *v, float *len, float4 *unit) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 p = v[i];
  float l = sqrtf(p.x * p.x + p.y * p.y + p.z * p.z + p.w * p.w);
  len[i] = l;
  float r = 1.0f / l;
  unit[i] = make_float4(p.w * r, p.z * r, p.y * r, p.x * r);
}

// out[i] = the bytes of in[i] rotated (y, z, w, x) with x doubled; pair[i]
// = (sum, difference) of the bytes as an int2; d[i] = (x / 4, w * 1.5) as
// a double2.
__global__ void bytes4(const uchar4 *in, uchar4 *out, int2 *pair, double2 *d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  uchar4 c = in[i];
  out[i] = make_uchar4(c.y, c.z, c.w, (unsigned char)(c.x * 2));
  pair[i] = make_int2(c.x + c.y + c.z + c.w, c.x - c.w);
  d[i] = make_double2(c.x / 4.0, c.w * 1.5);
}

//@ run saxpy4: --kernel saxpy4 --grid 2 --block 64 --arg 1.5 --arg f32[400]=iota --arg f32[400]=2.25 --arg 100 --dump 2
//@ run normalize4: --kernel normalize4 --grid 1 --block 64 --arg f32[256]=iota --arg f32[64] --arg f32[256] --dump 1 --dump 2
//@ run bytes4: --kernel bytes4 --grid 2 --block 40 --arg u8[320]=iota --arg u8[320] --arg i32[160] --arg f64[160] --dump 1 --dump 2 --dump 3
