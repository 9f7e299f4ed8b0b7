// Spectral code the way it uses cuFFT: a kernel makes a signal on a
// stream, a batched 1-D complex transform forward and back, a 2-D real
// transform (R2C and C2R) of an image, a 3-D double complex transform, and
// a padded batch through cufftPlanMany's advanced layout; each spectrum
// checked against a direct DFT on the host and each round trip against
// the input times the transform size (cuFFT does not normalize).
// Pattern: none (clean).
#include <cufft.h>
#include <cmath>
#include <complex>
#include <cstdio>
#include <vector>

#define CK(call)                                                             \
  do {                                                                       \
    int r_ = (int)(call);                                                    \
    if (r_ != 0) {                                                           \
      printf("%s: %d\n", #call, r_);                                         \
      return 1;                                                              \
    }                                                                        \
  } while (0)

typedef std::complex<double> cd;
static int wrong = 0;
static void expect(const char *what, int i, cd got, cd want, double tol) {
  if (!(std::abs(got - want) <= tol * (1 + std::abs(want)))) {
    if (wrong < 10)
      printf("%s[%d]: got (%g, %g), want (%g, %g)\n", what, i, got.real(), got.imag(),
             want.real(), want.imag());
    wrong++;
  }
}

// a DFT over dims (row-major, last fastest) of x, sign -1 forward
static std::vector<cd> dft(const std::vector<cd> &x, const std::vector<int> &dims, int sign) {
  size_t total = 1;
  for (int d : dims) total *= d;
  std::vector<cd> y(total);
  for (size_t k = 0; k < total; k++) {
    cd s = 0;
    for (size_t j = 0; j < total; j++) {
      double ph = 0;
      size_t kk = k, jj = j;
      for (int d = (int)dims.size() - 1; d >= 0; d--) {
        ph += (double)(kk % dims[d]) * (double)(jj % dims[d]) / dims[d];
        kk /= dims[d], jj /= dims[d];
      }
      s += x[j] * std::polar(1.0, sign * 2 * M_PI * ph);
    }
    y[k] = s;
  }
  return y;
}

__global__ void signal(cufftComplex *x, int n, int batch) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n * batch) {
    int b = i / n, t = i % n;
    x[i] = make_cuComplex(cosf(0.3f * t * (b + 1)) + 0.1f * b, sinf(0.2f * t) - 0.05f * t);
  }
}

int main() {
  cudaStream_t s;
  cudaStreamCreate(&s);

  // batched 1-D C2C, forward then inverse, in place
  const int n = 24, batch = 3;
  cufftComplex *dx;
  cudaMalloc(&dx, n * batch * sizeof(cufftComplex));
  signal<<<1, 128, 0, s>>>(dx, n, batch);
  std::vector<cufftComplex> x(n * batch), X(n * batch);
  cudaMemcpyAsync(x.data(), dx, x.size() * sizeof x[0], cudaMemcpyDeviceToHost, s);
  cufftHandle p1;
  CK(cufftPlan1d(&p1, n, CUFFT_C2C, batch));
  CK(cufftSetStream(p1, s));
  CK(cufftExecC2C(p1, dx, dx, CUFFT_FORWARD));
  cudaMemcpyAsync(X.data(), dx, X.size() * sizeof X[0], cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  for (int b = 0; b < batch; b++) {
    std::vector<cd> in(n);
    for (int t = 0; t < n; t++) in[t] = cd(x[b * n + t].x, x[b * n + t].y);
    std::vector<cd> want = dft(in, {n}, -1);
    for (int k = 0; k < n; k++)
      expect("C2C forward", b * n + k, cd(X[b * n + k].x, X[b * n + k].y), want[k], 1e-4);
  }
  CK(cufftExecC2C(p1, dx, dx, CUFFT_INVERSE));
  cudaMemcpyAsync(X.data(), dx, X.size() * sizeof X[0], cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  for (int i = 0; i < n * batch; i++)
    expect("C2C round trip", i, cd(X[i].x, X[i].y) / (double)n, cd(x[i].x, x[i].y), 1e-5);
  CK(cufftDestroy(p1));

  // 2-D R2C and C2R of an image
  const int nx = 6, ny = 10, nyc = ny / 2 + 1;
  std::vector<float> img(nx * ny), back(nx * ny);
  for (int i = 0; i < nx * ny; i++) img[i] = (float)((i * 7) % 11) - 5.0f;
  float *dimg;
  cufftComplex *dspec;
  cudaMalloc(&dimg, img.size() * sizeof(float));
  cudaMalloc(&dspec, nx * nyc * sizeof(cufftComplex));
  cudaMemcpy(dimg, img.data(), img.size() * sizeof(float), cudaMemcpyHostToDevice);
  cufftHandle fwd, inv;
  CK(cufftPlan2d(&fwd, nx, ny, CUFFT_R2C));
  CK(cufftPlan2d(&inv, nx, ny, CUFFT_C2R));
  CK(cufftExecR2C(fwd, dimg, dspec));
  std::vector<cufftComplex> spec(nx * nyc);
  cudaMemcpy(spec.data(), dspec, spec.size() * sizeof spec[0], cudaMemcpyDeviceToHost);
  std::vector<cd> in2(img.begin(), img.end());
  std::vector<cd> want2 = dft(in2, {nx, ny}, -1);
  for (int i = 0; i < nx; i++)
    for (int j = 0; j < nyc; j++)
      expect("R2C", i * nyc + j, cd(spec[i * nyc + j].x, spec[i * nyc + j].y), want2[i * ny + j],
             1e-4);
  CK(cufftExecC2R(inv, dspec, dimg));
  cudaMemcpy(back.data(), dimg, back.size() * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < nx * ny; i++)
    expect("C2R round trip", i, back[i] / (double)(nx * ny), img[i], 1e-5);
  CK(cufftDestroy(fwd));
  CK(cufftDestroy(inv));

  // 3-D Z2Z, double
  const int a = 4, b3 = 3, c = 5, N3 = a * b3 * c;
  std::vector<cufftDoubleComplex> z(N3), Z(N3);
  for (int i = 0; i < N3; i++) z[i] = make_cuDoubleComplex(sin(0.7 * i), cos(0.3 * i * i));
  cufftDoubleComplex *dz, *dZ;
  cudaMalloc(&dz, N3 * sizeof(cufftDoubleComplex));
  cudaMalloc(&dZ, N3 * sizeof(cufftDoubleComplex));
  cudaMemcpy(dz, z.data(), N3 * sizeof z[0], cudaMemcpyHostToDevice);
  cufftHandle p3;
  CK(cufftPlan3d(&p3, a, b3, c, CUFFT_Z2Z));
  CK(cufftExecZ2Z(p3, dz, dZ, CUFFT_FORWARD));
  cudaMemcpy(Z.data(), dZ, N3 * sizeof Z[0], cudaMemcpyDeviceToHost);
  std::vector<cd> in3(N3);
  for (int i = 0; i < N3; i++) in3[i] = cd(z[i].x, z[i].y);
  std::vector<cd> want3 = dft(in3, {a, b3, c}, -1);
  for (int i = 0; i < N3; i++) expect("Z2Z 3-D", i, cd(Z[i].x, Z[i].y), want3[i], 1e-10);
  CK(cufftDestroy(p3));

  // D2Z batch with padded rows through the advanced layout
  const int m = 16, rows = 4, idist = m + 3, odist = m / 2 + 1 + 2;
  std::vector<double> r(idist * rows, 99.0);
  for (int q = 0; q < rows; q++)
    for (int t = 0; t < m; t++) r[q * idist + t] = cos(0.5 * t * (q + 1)) + t * 0.01;
  double *dr;
  cufftDoubleComplex *dR;
  cudaMalloc(&dr, r.size() * sizeof(double));
  cudaMalloc(&dR, odist * rows * sizeof(cufftDoubleComplex));
  cudaMemcpy(dr, r.data(), r.size() * sizeof(double), cudaMemcpyHostToDevice);
  cufftHandle pm;
  int nn[1] = {m}, ie[1] = {idist}, oe[1] = {odist};
  CK(cufftPlanMany(&pm, 1, nn, ie, 1, idist, oe, 1, odist, CUFFT_D2Z, rows));
  CK(cufftExecD2Z(pm, dr, dR));
  std::vector<cufftDoubleComplex> R(odist * rows);
  cudaMemcpy(R.data(), dR, R.size() * sizeof R[0], cudaMemcpyDeviceToHost);
  for (int q = 0; q < rows; q++) {
    std::vector<cd> row(m);
    for (int t = 0; t < m; t++) row[t] = r[q * idist + t];
    std::vector<cd> want = dft(row, {m}, -1);
    for (int k = 0; k <= m / 2; k++)
      expect("D2Z advanced layout", q * odist + k, cd(R[q * odist + k].x, R[q * odist + k].y),
             want[k], 1e-10);
  }
  CK(cufftDestroy(pm));
  printf("bad plan: %d\n", (int)cufftExecC2C(12345, (cufftComplex *)dx, (cufftComplex *)dx,
                                             CUFFT_FORWARD));

  cudaFree(dx), cudaFree(dimg), cudaFree(dspec), cudaFree(dz), cudaFree(dZ), cudaFree(dr);
  cudaFree(dR);
  cudaStreamDestroy(s);
  printf("fft: %d wrong\n", wrong);
  return wrong != 0;
}
