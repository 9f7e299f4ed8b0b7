// Kernels the native path of unchecked launches runs (tests/jit.cmake):
// operations whose results CUDA leaves undefined but simulee's interpreter
// defines (division by zero, over-wide shifts, out-of-range conversions),
// math functions, fused multiply-adds, order-free atomics, a struct passed
// by value, a local array indexed at run time, __device__ and __constant__
// data, a 3-D grid of 3-D blocks and a grid-stride loop. Every result is
// printed exactly (floats as bits): the output must not depend on the path.
#include <cstdio>
#include <cstring>
#include <cmath>

__global__ void arith(int *out, const int *a, const int *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int x = a[i], y = b[i];
  unsigned ux = (unsigned)x, uy = (unsigned)y;
  int *o = out + i * 8;
  o[0] = x / y;
  o[1] = x % y;
  o[2] = (int)(ux / uy);
  o[3] = (int)(ux % uy);
  o[4] = x << y;
  o[5] = x >> y;
  o[6] = (int)(ux >> uy);
  o[7] = (int)((long long)x * y >> (y & 63));
}

__global__ void conv(int *oi, unsigned *ou, long long *ol, unsigned long long *oul,
                     const float *f, const double *d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  oi[2 * i] = (int)f[i];
  oi[2 * i + 1] = (int)d[i];
  ou[2 * i] = (unsigned)f[i];
  ou[2 * i + 1] = (unsigned)d[i];
  ol[2 * i] = (long long)f[i];
  ol[2 * i + 1] = (long long)d[i];
  oul[2 * i] = (unsigned long long)f[i];
  oul[2 * i + 1] = (unsigned long long)d[i];
}

__global__ void math(float *of, double *od, const float *x, const double *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float a = x[i], b = x[(i + 1) % n];
  double c = y[i], e = y[(i + 1) % n];
  float *o = of + i * 16;
  o[0] = sinf(a); o[1] = expf(a); o[2] = logf(fabsf(a)); o[3] = powf(fabsf(a), b);
  o[4] = sqrtf(fabsf(a)); o[5] = fmaf(a, b, 1.0f); o[6] = fminf(a, b); o[7] = fmaxf(a, -0.0f);
  o[8] = floorf(a); o[9] = a * b + a; o[10] = rsqrtf(fabsf(a) + 1.0f); o[11] = __fdividef(a, b);
  o[12] = tgammaf(a); o[13] = erff(a); o[14] = atan2f(a, b); o[15] = a / b;
  double *p = od + i * 8;
  p[0] = sin(c); p[1] = exp(c); p[2] = log(fabs(c)); p[3] = pow(fabs(c), e);
  p[4] = c * e + c; p[5] = cbrt(c); p[6] = fmod(c, e); p[7] = c / e;
}

__global__ void atoms(int *sum, unsigned *mx, int *mn, unsigned *bits, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  atomicAdd(&sum[i % 4], i);
  atomicSub(&sum[4], 1);
  atomicMax(&mx[i % 3], (unsigned)(i * 2654435761u));
  atomicMin(&mn[0], 1000 - i);
  atomicOr(&bits[0], 1u << (i % 32));
  atomicXor(&bits[1], (unsigned)i);
}

struct Params {
  float scale[4];
  int offset;
  const float *src;
};

__global__ void byval(Params p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = p.src[i] * p.scale[i % 4] + (float)p.offset;
}

__global__ void local_array(int *out, const int *idx, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int buf[16];
  for (int k = 0; k < 16; k++) buf[k] = k * k + i;
  for (int k = 0; k < 4; k++) buf[(idx[i] + k) & 15] += k;
  out[i] = buf[idx[i] & 15] + buf[(idx[i] * 7) & 15];
}

__device__ int table[8];
__constant__ float coef[4] = {0.5f, 1.5f, -2.0f, 3.25f};

__global__ void globals(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = coef[i % 4] * (float)i;
  if (i < 8) table[i] = i * 3 + 1;
}

__global__ void read_table(int *out) { out[threadIdx.x] = table[threadIdx.x] * 2; }

__global__ void shape(int *out) {
  int bx = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  int tx = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  int nt = blockDim.x * blockDim.y * blockDim.z;
  out[bx * nt + tx] = threadIdx.x + 10 * threadIdx.y + 100 * threadIdx.z + 1000 * blockIdx.x +
                      10000 * blockIdx.y + 100000 * blockIdx.z + warpSize;
}

__global__ void stride_sum(float *acc, const float *x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    acc[i % 1024] = acc[i % 1024] * 0.5f + x[i];
}

static unsigned fbits(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
static unsigned long long dbits(double d) { unsigned long long u; memcpy(&u, &d, 8); return u; }

int main() {
  const int n = 64;
  int ha[n], hb[n];
  for (int i = 0; i < n; i++) {
    ha[i] = (i * 7919) % 2001 - 1000;
    hb[i] = (i % 5 == 0) ? 0 : (i % 7 == 0) ? -1 : (i % 3 == 0) ? 33 + i % 9 : (i % 11) - 5;
  }
  ha[3] = -2147483647 - 1; hb[3] = -1;
  int *a, *b, *o;
  cudaMalloc(&a, sizeof ha); cudaMalloc(&b, sizeof hb); cudaMalloc(&o, n * 8 * sizeof(int));
  cudaMemcpy(a, ha, sizeof ha, cudaMemcpyHostToDevice);
  cudaMemcpy(b, hb, sizeof hb, cudaMemcpyHostToDevice);
  arith<<<2, 32>>>(o, a, b, n);
  int ho[n * 8];
  cudaMemcpy(ho, o, sizeof ho, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) {
    printf("arith %d:", i);
    for (int k = 0; k < 8; k++) printf(" %d", ho[i * 8 + k]);
    printf("\n");
  }

  float hf[12] = {NAN, INFINITY, -INFINITY, 1e20f, -1e20f, -0.5f, 3.7f, -3.7f, 4294967296.0f,
                  2147483648.0f, -2147483904.0f, 1e-30f};
  double hd[12] = {NAN, INFINITY, -1e300, 1e19, -9.3e18, -0.99, 2.5, -2.5, 4294967295.5,
                   2147483647.5, -2147483648.5, 18446744073709551616.0};
  float *f; double *d; int *oi; unsigned *ou; long long *ol; unsigned long long *oul;
  cudaMalloc(&f, sizeof hf); cudaMalloc(&d, sizeof hd);
  cudaMalloc(&oi, 24 * 4); cudaMalloc(&ou, 24 * 4); cudaMalloc(&ol, 24 * 8); cudaMalloc(&oul, 24 * 8);
  cudaMemcpy(f, hf, sizeof hf, cudaMemcpyHostToDevice);
  cudaMemcpy(d, hd, sizeof hd, cudaMemcpyHostToDevice);
  conv<<<1, 12>>>(oi, ou, ol, oul, f, d, 12);
  int hoi[24]; unsigned hou[24]; long long hol[24]; unsigned long long houl[24];
  cudaMemcpy(hoi, oi, sizeof hoi, cudaMemcpyDeviceToHost);
  cudaMemcpy(hou, ou, sizeof hou, cudaMemcpyDeviceToHost);
  cudaMemcpy(hol, ol, sizeof hol, cudaMemcpyDeviceToHost);
  cudaMemcpy(houl, oul, sizeof houl, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 24; i++) printf("conv %d: %d %u %lld %llu\n", i, hoi[i], hou[i], hol[i], houl[i]);

  float hx[n]; double hy[n];
  for (int i = 0; i < n; i++) {
    hx[i] = (float)((i * 37) % 101 - 50) / 7.0f;
    hy[i] = (double)((i * 53) % 97 - 48) / 3.0;
  }
  hx[5] = -0.0f; hx[6] = 0.0f; hx[7] = 1e-40f;
  float *x, *of; double *y, *od;
  cudaMalloc(&x, sizeof hx); cudaMalloc(&y, sizeof hy);
  cudaMalloc(&of, n * 16 * 4); cudaMalloc(&od, n * 8 * 8);
  cudaMemcpy(x, hx, sizeof hx, cudaMemcpyHostToDevice);
  cudaMemcpy(y, hy, sizeof hy, cudaMemcpyHostToDevice);
  math<<<2, 32>>>(of, od, x, y, n);
  float hof[n * 16]; double hod[n * 8];
  cudaMemcpy(hof, of, sizeof hof, cudaMemcpyDeviceToHost);
  cudaMemcpy(hod, od, sizeof hod, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) {
    printf("math %d:", i);
    for (int k = 0; k < 16; k++) printf(" %08x", fbits(hof[i * 16 + k]));
    for (int k = 0; k < 8; k++) printf(" %016llx", dbits(hod[i * 8 + k]));
    printf("\n");
  }

  int *sum, *mn; unsigned *mx, *bits;
  cudaMalloc(&sum, 5 * 4); cudaMalloc(&mx, 3 * 4); cudaMalloc(&mn, 4); cudaMalloc(&bits, 8);
  cudaMemset(sum, 0, 20); cudaMemset(mx, 0, 12); cudaMemset(bits, 0, 8);
  int big = 1 << 30;
  cudaMemcpy(mn, &big, 4, cudaMemcpyHostToDevice);
  atoms<<<40, 256>>>(sum, mx, mn, bits, 10000);
  int hs[5], hmn; unsigned hmx[3], hbits[2];
  cudaMemcpy(hs, sum, 20, cudaMemcpyDeviceToHost);
  cudaMemcpy(hmx, mx, 12, cudaMemcpyDeviceToHost);
  cudaMemcpy(&hmn, mn, 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(hbits, bits, 8, cudaMemcpyDeviceToHost);
  printf("atoms: %d %d %d %d %d | %u %u %u | %d | %08x %08x\n", hs[0], hs[1], hs[2], hs[3], hs[4],
         hmx[0], hmx[1], hmx[2], hmn, hbits[0], hbits[1]);

  Params p = {{1.0f, -2.0f, 0.25f, 8.0f}, 7, x};
  float *ob;
  cudaMalloc(&ob, n * 4);
  byval<<<1, n>>>(p, ob, n);
  float hob[n];
  cudaMemcpy(hob, ob, sizeof hob, cudaMemcpyDeviceToHost);
  printf("byval:");
  for (int i = 0; i < n; i++) printf(" %08x", fbits(hob[i]));
  printf("\n");

  local_array<<<2, 32>>>(o, a, n);
  cudaMemcpy(ho, o, n * 4, cudaMemcpyDeviceToHost);
  printf("local:");
  for (int i = 0; i < n; i++) printf(" %d", ho[i]);
  printf("\n");

  globals<<<2, 32>>>(ob, n);
  read_table<<<1, 8>>>(o);
  cudaMemcpy(hob, ob, sizeof hob, cudaMemcpyDeviceToHost);
  cudaMemcpy(ho, o, 8 * 4, cudaMemcpyDeviceToHost);
  printf("globals:");
  for (int i = 0; i < n; i++) printf(" %08x", fbits(hob[i]));
  for (int i = 0; i < 8; i++) printf(" %d", ho[i]);
  printf("\n");

  int *os;
  cudaMalloc(&os, 3 * 2 * 2 * 4 * 3 * 2 * 4);
  shape<<<dim3(3, 2, 2), dim3(4, 3, 2)>>>(os);
  int hsh[3 * 2 * 2 * 4 * 3 * 2];
  cudaMemcpy(hsh, os, sizeof hsh, cudaMemcpyDeviceToHost);
  long long chk = 0;
  for (int i = 0; i < (int)(sizeof hsh / 4); i++) chk = chk * 31 + hsh[i];
  printf("shape: %d %d %lld\n", hsh[0], hsh[287], chk);

  const int m = 100000;
  float *acc, *xs;
  cudaMalloc(&acc, 1024 * 4); cudaMalloc(&xs, m * 4);
  cudaMemset(acc, 0, 1024 * 4);
  float *hxs = new float[m];
  for (int i = 0; i < m; i++) hxs[i] = (float)(i % 13) * 0.1f;
  cudaMemcpy(xs, hxs, m * 4, cudaMemcpyHostToDevice);
  stride_sum<<<1, 1024>>>(acc, xs, m);
  float hacc[1024];
  cudaMemcpy(hacc, acc, sizeof hacc, cudaMemcpyDeviceToHost);
  unsigned long long h = 0;
  for (int i = 0; i < 1024; i++) h = h * 1000003 + fbits(hacc[i]);
  printf("stride: %016llx\n", h);
  delete[] hxs;
  printf("status: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
