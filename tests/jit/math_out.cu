// Math functions with result pointers on the native path (tests/jit.cmake):
// sincospif/sincosf/sincos, modff, frexpf and remquof write through
// pointers, here to a thread's local variables (the Box-Muller step of
// curand_normal in cuda-samples' MonteCarloMultiGPU: `float s, c;
// sincospif(x, &s, &c);`) and straight into global memory. Natively the
// function writes temporaries and each result is stored through its pointer
// as a checked store, so the values are the interpreter's and a result
// pointer past the end of its buffer is a fault as interpreted ("oob").
// Exact results checked against the host's functions; sines and cosines
// within 2 ulp (or 1e-7) of the host's.
#include <cmath>
#include <cstdio>
#include <cstring>

__global__ void polar(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = in[i], s, c;
  sincospif(x, &s, &c); // local results: a stack address passed to a call
  float ip, fr = modff(x * 3.5f, &ip);
  int e, q;
  float m = frexpf(x * 1000.0f, &e);
  float r = remquof(x * 7.0f, 1.5f, &q);
  out[8 * i + 0] = s;
  out[8 * i + 1] = c;
  out[8 * i + 2] = fr;
  out[8 * i + 3] = ip;
  out[8 * i + 4] = m;
  out[8 * i + 5] = (float)e;
  out[8 * i + 6] = r;
  out[8 * i + 7] = (float)q;
}

// results straight into global memory, one of them past its end for "oob"
__global__ void to_global(float *s, float *c, double *ds, double *dc, const float *in, int n, int extra) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  sincosf(in[i], &s[i], &c[i]);
  sincos((double)in[i], &ds[i + (i == n - 1 ? extra : 0)], &dc[i]);
}

static bool near(float a, float b) {
  if (a == b || fabsf(a - b) < 1e-7f) return true; // (sinpi of an integer is 0)
  int ia, ib;
  memcpy(&ia, &a, 4);
  memcpy(&ib, &b, 4);
  return abs(ia - ib) <= 2;
}

int main(int argc, char **argv) {
  const bool oob = argc > 1 && !strcmp(argv[1], "oob");
  const int n = 4096;
  float *h_in = new float[n], *h_out = new float[8 * n], *h_s = new float[n], *h_c = new float[n];
  double *h_ds = new double[n], *h_dc = new double[n];
  for (int i = 0; i < n; i++) h_in[i] = (float)((i * 7919) % 2001 - 1000) / 97.0f;
  float *in, *out, *s, *c;
  double *ds, *dc;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, 8 * n * sizeof(float));
  cudaMalloc(&s, n * sizeof(float));
  cudaMalloc(&c, n * sizeof(float));
  cudaMalloc(&ds, n * sizeof(double));
  cudaMalloc(&dc, n * sizeof(double));
  cudaMemcpy(in, h_in, n * sizeof(float), cudaMemcpyHostToDevice);
  long wrong = 0;
  for (int round = 0; round < 3 && !oob; round++) {
    polar<<<n / 128, 128>>>(out, in, n);
    cudaMemcpy(h_out, out, 8 * n * sizeof(float), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) {
      float x = h_in[i], *o = &h_out[8 * i], ip;
      int e, q;
      float fr = modff(x * 3.5f, &ip), m = frexpf(x * 1000.0f, &e), r = remquof(x * 7.0f, 1.5f, &q);
      wrong += !near(o[0], (float)sin(M_PI * (double)x)) || !near(o[1], (float)cos(M_PI * (double)x));
      wrong += o[2] != fr || o[3] != ip || o[4] != m || o[5] != (float)e || o[6] != r ||
               (((int)o[7]) & 7) != (q & 7);
    }
  }
  for (int round = 0; round < 3; round++) {
    to_global<<<n / 128, 128>>>(s, c, ds, dc, in, n, oob ? 1000 : 0);
    cudaError_t err = cudaDeviceSynchronize();
    if (err != cudaSuccess) {
      printf("to_global: %s\n", cudaGetErrorName(err));
      return 1;
    }
    cudaMemcpy(h_s, s, n * sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(h_c, c, n * sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(h_ds, ds, n * sizeof(double), cudaMemcpyDeviceToHost);
    cudaMemcpy(h_dc, dc, n * sizeof(double), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++)
      wrong += !near(h_s[i], sinf(h_in[i])) || !near(h_c[i], cosf(h_in[i])) ||
               fabs(h_ds[i] - sin((double)h_in[i])) > 1e-15 || fabs(h_dc[i] - cos((double)h_in[i])) > 1e-15;
  }
  printf("math_out: %ld wrong\n", wrong);
  return wrong != 0;
}
