// Dense linear algebra through cuSOLVER, the way solver programs call it: a
// handle on a stream of their own, workspace sizes, then
//   LU         A x = b for a random diagonally weighted A (double, float,
//              double complex; with pivots and without), getrf + getrs
//   Cholesky   (A^T A + n I) x = b, potrf + potrs, and its inverse (potri)
//   QR         the least-squares x of a tall A: geqrf, ormqr (Q^T b), the
//              back substitution on the host; orgqr's Q orthonormal; a
//              single complex A = Q R (ungqr)
//   eigen      a symmetric (syevd) and a Hermitian (heevd) matrix's
//              eigenpairs
//   SVD        gesvd's U S V^T rebuilding A
//   info       a matrix with a zero column (getrf's devInfo 2), an indefinite
//              one (potrf's devInfo 2), a bad leading dimension (status
//              INVALID_VALUE, devInfo -4), a null handle, a null lwork
//   graph      getrf + getrs captured on the handle's stream, launched twice
// each checked against a host loop (residual norms under a tolerance).
// Mode "race": a kernel on another stream reads the LU factor right after
// cusolverDnDgetrf, with nothing ordering them: a race between launches
// naming the cuSOLVER function. Pattern: none (clean) in the default mode.
#include <cusolverDn.h>
#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstring>
#include <vector>

typedef std::complex<double> zc;

static int wrong = 0;
static void expect(const char *what, double got, double tol) {
  if (!(got <= tol)) {
    printf("%s: %.3g over %.3g\n", what, got, tol);
    wrong++;
  }
}
static void expect_eq(const char *what, long got, long want) {
  if (got != want) {
    printf("%s: got %ld, want %ld\n", what, got, want);
    wrong++;
  }
}

template <typename T> static T *upload(const std::vector<T> &h) {
  T *d;
  cudaMalloc(&d, h.size() * sizeof(T));
  cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice);
  return d;
}
template <typename T> static std::vector<T> download(const T *d, size_t n) {
  std::vector<T> h(n);
  cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost);
  return h;
}
static int info_of(const int *d) { return download(d, 1)[0]; }

static unsigned seed = 12345;
static double rnd() { // in [-1, 1)
  seed = seed * 1103515245u + 12345u;
  return (double)((seed >> 8) & 0xffff) / 32768.0 - 1.0;
}

// a random n x n matrix with a weighted diagonal, column-major, leading
// dimension ld
static std::vector<double> random_matrix(int rows, int cols, int ld, double diag) {
  std::vector<double> a((size_t)ld * cols, 0.0);
  for (int j = 0; j < cols; j++)
    for (int i = 0; i < rows; i++) a[i + (size_t)j * ld] = rnd() + (i == j ? diag : 0.0);
  return a;
}

// ||A x - b|| / ||b|| for column-major A (n x n, ld)
template <typename T>
static double residual(int n, const std::vector<T> &a, int ld, const std::vector<T> &x,
                       const std::vector<T> &b) {
  double r = 0, nb = 0;
  for (int i = 0; i < n; i++) {
    T s = 0;
    for (int j = 0; j < n; j++) s += a[i + (size_t)j * ld] * x[j];
    r += std::norm(s - b[i]), nb += std::norm(b[i]);
  }
  return std::sqrt(r / nb);
}

__global__ void diagonal(const double *a, double *d, int n, int ld) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) d[i] = a[i + i * ld];
}

static void lu(cusolverDnHandle_t h) {
  const int n = 48, lda = 50;
  std::vector<double> a = random_matrix(n, n, lda, 4.0), b(n);
  for (int i = 0; i < n; i++) b[i] = rnd();
  double *da = upload(a), *db = upload(b), *work;
  int *ipiv, *info, lwork = 0;
  cudaMalloc(&ipiv, n * sizeof(int));
  cudaMalloc(&info, sizeof(int));
  expect_eq("getrf_bufferSize", cusolverDnDgetrf_bufferSize(h, n, n, da, lda, &lwork), 0);
  cudaMalloc(&work, lwork * sizeof(double));
  expect_eq("getrf", cusolverDnDgetrf(h, n, n, da, lda, work, ipiv, info), 0);
  expect_eq("getrf info", info_of(info), 0);
  expect_eq("getrs", cusolverDnDgetrs(h, CUBLAS_OP_N, n, 1, da, lda, ipiv, db, n, info), 0);
  expect_eq("getrs info", info_of(info), 0);
  expect("LU residual", residual(n, a, lda, download(db, n), b), 1e-12);
  // A^T x = b with the same factor
  cudaMemcpy(db, b.data(), n * sizeof(double), cudaMemcpyHostToDevice);
  cusolverDnDgetrs(h, CUBLAS_OP_T, n, 1, da, lda, ipiv, db, n, info);
  std::vector<double> at((size_t)lda * n);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) at[i + (size_t)j * lda] = a[j + (size_t)i * lda];
  expect("LU^T residual", residual(n, at, lda, download(db, n), b), 1e-12);
  // without pivoting (the weighted diagonal keeps it stable)
  cudaMemcpy(da, a.data(), a.size() * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(db, b.data(), n * sizeof(double), cudaMemcpyHostToDevice);
  cusolverDnDgetrf(h, n, n, da, lda, work, nullptr, info);
  expect_eq("getrf no pivots info", info_of(info), 0);
  cusolverDnDgetrs(h, CUBLAS_OP_N, n, 1, da, lda, nullptr, db, n, info);
  expect("LU no pivots residual", residual(n, a, lda, download(db, n), b), 1e-12);
  cudaFree(da), cudaFree(db), cudaFree(work), cudaFree(ipiv), cudaFree(info);

  // float, two right-hand sides
  std::vector<float> fa(a.begin(), a.end()), fb(2 * n);
  for (int i = 0; i < 2 * n; i++) fb[i] = (float)rnd();
  float *dfa = upload(fa), *dfb = upload(fb), *fwork;
  cudaMalloc(&ipiv, n * sizeof(int));
  cudaMalloc(&info, sizeof(int));
  cusolverDnSgetrf_bufferSize(h, n, n, dfa, lda, &lwork);
  cudaMalloc(&fwork, lwork * sizeof(float));
  cusolverDnSgetrf(h, n, n, dfa, lda, fwork, ipiv, info);
  cusolverDnSgetrs(h, CUBLAS_OP_N, n, 2, dfa, lda, ipiv, dfb, n, info);
  std::vector<float> fx = download(dfb, 2 * n);
  for (int r = 0; r < 2; r++)
    expect("float LU residual",
           residual(n, fa, lda, std::vector<float>(fx.begin() + r * n, fx.begin() + (r + 1) * n),
                    std::vector<float>(fb.begin() + r * n, fb.begin() + (r + 1) * n)),
           1e-5);
  cudaFree(dfa), cudaFree(dfb), cudaFree(fwork), cudaFree(ipiv), cudaFree(info);

  // double complex
  std::vector<zc> za((size_t)n * n), zb(n);
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++) za[i + (size_t)j * n] = zc(rnd(), rnd()) + (i == j ? 4.0 : 0.0);
  for (int i = 0; i < n; i++) zb[i] = zc(rnd(), rnd());
  cuDoubleComplex *dza, *dzb, *zwork;
  cudaMalloc(&dza, za.size() * sizeof(zc));
  cudaMalloc(&dzb, zb.size() * sizeof(zc));
  cudaMemcpy(dza, za.data(), za.size() * sizeof(zc), cudaMemcpyHostToDevice);
  cudaMemcpy(dzb, zb.data(), zb.size() * sizeof(zc), cudaMemcpyHostToDevice);
  cudaMalloc(&ipiv, n * sizeof(int));
  cudaMalloc(&info, sizeof(int));
  cusolverDnZgetrf_bufferSize(h, n, n, dza, n, &lwork);
  cudaMalloc(&zwork, lwork * sizeof(zc));
  cusolverDnZgetrf(h, n, n, dza, n, zwork, ipiv, info);
  cusolverDnZgetrs(h, CUBLAS_OP_N, n, 1, dza, n, ipiv, dzb, n, info);
  std::vector<zc> zx(n);
  cudaMemcpy(zx.data(), dzb, n * sizeof(zc), cudaMemcpyDeviceToHost);
  expect("complex LU residual", residual(n, za, n, zx, zb), 1e-12);
  cudaFree(dza), cudaFree(dzb), cudaFree(zwork), cudaFree(ipiv), cudaFree(info);
}

static void cholesky(cusolverDnHandle_t h) {
  const int n = 40;
  std::vector<double> a = random_matrix(n, n, n, 0.0), m((size_t)n * n), b(n);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = i == j ? n : 0.0;
      for (int k = 0; k < n; k++) s += a[k + (size_t)i * n] * a[k + (size_t)j * n];
      m[i + (size_t)j * n] = s;
    }
  for (int i = 0; i < n; i++) b[i] = rnd();
  double *dm = upload(m), *db = upload(b), *work;
  int *info, lwork = 0;
  cudaMalloc(&info, sizeof(int));
  cusolverDnDpotrf_bufferSize(h, CUBLAS_FILL_MODE_LOWER, n, dm, n, &lwork);
  cudaMalloc(&work, lwork * sizeof(double));
  expect_eq("potrf", cusolverDnDpotrf(h, CUBLAS_FILL_MODE_LOWER, n, dm, n, work, lwork, info), 0);
  expect_eq("potrf info", info_of(info), 0);
  cusolverDnDpotrs(h, CUBLAS_FILL_MODE_LOWER, n, 1, dm, n, db, n, info);
  expect("Cholesky residual", residual(n, m, n, download(db, n), b), 1e-12);
  // the inverse from the factor (its lower triangle)
  cusolverDnDpotri(h, CUBLAS_FILL_MODE_LOWER, n, dm, n, work, lwork, info);
  std::vector<double> inv = download(dm, (size_t)n * n);
  double err = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = 0;
      for (int k = 0; k < n; k++)
        s += m[i + (size_t)k * n] * (k >= j ? inv[k + (size_t)j * n] : inv[j + (size_t)k * n]);
      err = std::fmax(err, std::fabs(s - (i == j)));
    }
  expect("potri M M^-1 - I", err, 1e-10);
  cudaFree(dm), cudaFree(db), cudaFree(work), cudaFree(info);
}

static void least_squares(cusolverDnHandle_t h) {
  const int m = 60, n = 12;
  std::vector<double> a = random_matrix(m, n, m, 1.0), b(m);
  for (int i = 0; i < m; i++) b[i] = rnd();
  double *da = upload(a), *db = upload(b), *tau, *work;
  int *info, lq = 0, lo = 0, lg = 0;
  cudaMalloc(&tau, n * sizeof(double));
  cudaMalloc(&info, sizeof(int));
  cusolverDnDgeqrf_bufferSize(h, m, n, da, m, &lq);
  cusolverDnDormqr_bufferSize(h, CUBLAS_SIDE_LEFT, CUBLAS_OP_T, m, 1, n, da, m, tau, db, m, &lo);
  cusolverDnDorgqr_bufferSize(h, m, n, n, da, m, tau, &lg);
  int lwork = std::max(lq, std::max(lo, lg));
  cudaMalloc(&work, lwork * sizeof(double));
  expect_eq("geqrf", cusolverDnDgeqrf(h, m, n, da, m, tau, work, lwork, info), 0);
  expect_eq("geqrf info", info_of(info), 0);
  expect_eq("ormqr", cusolverDnDormqr(h, CUBLAS_SIDE_LEFT, CUBLAS_OP_T, m, 1, n, da, m, tau, db,
                                      m, work, lwork, info), 0);
  std::vector<double> r = download(da, (size_t)m * n), qtb = download(db, m), x(n);
  for (int i = n - 1; i >= 0; i--) { // R x = (Q^T b)[0, n)
    double s = qtb[i];
    for (int j = i + 1; j < n; j++) s -= r[i + (size_t)j * m] * x[j];
    x[i] = s / r[i + (size_t)i * m];
  }
  double g = 0; // the normal equations: A^T (A x - b) = 0
  for (int j = 0; j < n; j++) {
    double s = 0;
    for (int i = 0; i < m; i++) {
      double ri = -b[i];
      for (int k = 0; k < n; k++) ri += a[i + (size_t)k * m] * x[k];
      s += a[i + (size_t)j * m] * ri;
    }
    g = std::fmax(g, std::fabs(s));
  }
  expect("least squares A^T r", g, 1e-11);
  cusolverDnDorgqr(h, m, n, n, da, m, tau, work, lwork, info);
  std::vector<double> q = download(da, (size_t)m * n);
  double e = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = 0;
      for (int k = 0; k < m; k++) s += q[k + (size_t)i * m] * q[k + (size_t)j * m];
      e = std::fmax(e, std::fabs(s - (i == j)));
    }
  expect("orgqr Q^T Q - I", e, 1e-12);
  cudaFree(da), cudaFree(db), cudaFree(tau), cudaFree(work), cudaFree(info);
}

// single complex: A = Q R with Q from ungqr (Q^H Q = I, Q R = A)
static void complex_qr(cusolverDnHandle_t h) {
  typedef std::complex<float> cc;
  const int m = 16, n = 6;
  std::vector<cc> a((size_t)m * n);
  for (auto &z : a) z = cc((float)rnd(), (float)rnd());
  cuComplex *da, *tau, *work;
  int *info, lq = 0, lg = 0;
  cudaMalloc(&da, a.size() * sizeof(cc));
  cudaMalloc(&tau, n * sizeof(cc));
  cudaMalloc(&info, sizeof(int));
  cudaMemcpy(da, a.data(), a.size() * sizeof(cc), cudaMemcpyHostToDevice);
  cusolverDnCgeqrf_bufferSize(h, m, n, da, m, &lq);
  cusolverDnCungqr_bufferSize(h, m, n, n, da, m, tau, &lg);
  int lwork = std::max(lq, lg);
  cudaMalloc(&work, lwork * sizeof(cc));
  cusolverDnCgeqrf(h, m, n, da, m, tau, work, lwork, info);
  std::vector<cc> r(a.size()), q(a.size());
  cudaMemcpy(r.data(), da, r.size() * sizeof(cc), cudaMemcpyDeviceToHost);
  expect_eq("ungqr", cusolverDnCungqr(h, m, n, n, da, m, tau, work, lwork, info), 0);
  cudaMemcpy(q.data(), da, q.size() * sizeof(cc), cudaMemcpyDeviceToHost);
  double e = info_of(info) != 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      cc t = 0;
      for (int k = 0; k < m; k++) t += std::conj(q[k + (size_t)i * m]) * q[k + (size_t)j * m];
      e = std::fmax(e, std::abs(t - cc(i == j ? 1.0f : 0.0f)));
    }
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      cc t = -a[i + (size_t)j * m];
      for (int k = 0; k <= j; k++) t += q[i + (size_t)k * m] * r[k + (size_t)j * m];
      e = std::fmax(e, std::abs(t));
    }
  expect("complex QR", e, 1e-5);
  cudaFree(da), cudaFree(tau), cudaFree(work), cudaFree(info);
}

// getrf + getrs captured into a graph, launched twice
static void graph(cusolverDnHandle_t h, cudaStream_t s) {
  const int n = 3;
  double a[n * n] = {4, -2, 1, -2, 4, -2, 1, -2, 4}, b[n] = {11, -16, 17};
  double *da, *db, *work;
  int *ipiv, *info, lwork;
  cudaMalloc(&da, sizeof a), cudaMalloc(&db, sizeof b);
  cudaMalloc(&ipiv, n * sizeof(int)), cudaMalloc(&info, sizeof(int));
  cusolverDnDgetrf_bufferSize(h, n, n, da, n, &lwork);
  cudaMalloc(&work, lwork * sizeof(double));
  cudaGraph_t g;
  cudaGraphExec_t x;
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  cudaMemcpyAsync(da, a, sizeof a, cudaMemcpyHostToDevice, s);
  cudaMemcpyAsync(db, b, sizeof b, cudaMemcpyHostToDevice, s);
  int st = cusolverDnDgetrf(h, n, n, da, n, work, ipiv, info);
  st |= cusolverDnDgetrs(h, CUBLAS_OP_N, n, 1, da, n, ipiv, db, n, info);
  expect_eq("capture", st | cudaStreamEndCapture(s, &g), 0);
  cudaGraphInstantiate(&x, g, 0);
  for (int r = 0; r < 2; r++) {
    cudaMemset(db, 0, sizeof b);
    cudaGraphLaunch(x, s);
    cudaStreamSynchronize(s);
    std::vector<double> got = download(db, n);
    expect("graph solve", std::fabs(got[0] - 1) + std::fabs(got[1] + 2) + std::fabs(got[2] - 3),
           1e-12);
  }
  cudaGraphExecDestroy(x), cudaGraphDestroy(g);
  cudaFree(da), cudaFree(db), cudaFree(work), cudaFree(ipiv), cudaFree(info);
}

static void eigen(cusolverDnHandle_t h) {
  const int n = 24;
  std::vector<double> s((size_t)n * n);
  for (int j = 0; j < n; j++)
    for (int i = 0; i <= j; i++) s[i + (size_t)j * n] = s[j + (size_t)i * n] = rnd();
  double *ds = upload(s), *dw, *work;
  int *info, lwork = 0;
  cudaMalloc(&dw, n * sizeof(double));
  cudaMalloc(&info, sizeof(int));
  cusolverDnDsyevd_bufferSize(h, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_UPPER, n, ds, n, dw,
                              &lwork);
  cudaMalloc(&work, lwork * sizeof(double));
  expect_eq("syevd", cusolverDnDsyevd(h, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_UPPER, n, ds,
                                      n, dw, work, lwork, info), 0);
  expect_eq("syevd info", info_of(info), 0);
  std::vector<double> v = download(ds, (size_t)n * n), w = download(dw, n);
  double e = 0;
  for (int k = 0; k < n; k++) {
    if (k && w[k] < w[k - 1]) e = 1; // ascending
    for (int i = 0; i < n; i++) {
      double t = -w[k] * v[i + (size_t)k * n];
      for (int j = 0; j < n; j++) t += s[i + (size_t)j * n] * v[j + (size_t)k * n];
      e = std::fmax(e, std::fabs(t));
    }
  }
  expect("syevd S v - w v", e, 1e-12);
  cudaFree(ds), cudaFree(dw), cudaFree(work), cudaFree(info);

  // Hermitian, eigenvalues only, then checked against the vectors' run
  std::vector<zc> hm((size_t)n * n);
  for (int j = 0; j < n; j++)
    for (int i = 0; i <= j; i++) {
      zc z(rnd(), i == j ? 0.0 : rnd());
      hm[i + (size_t)j * n] = z, hm[j + (size_t)i * n] = std::conj(z);
    }
  cuDoubleComplex *dh, *zwork;
  cudaMalloc(&dh, hm.size() * sizeof(zc));
  cudaMalloc(&dw, n * sizeof(double));
  cudaMalloc(&info, sizeof(int));
  cudaMemcpy(dh, hm.data(), hm.size() * sizeof(zc), cudaMemcpyHostToDevice);
  cusolverDnZheevd_bufferSize(h, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, dh, n, dw,
                              &lwork);
  cudaMalloc(&zwork, lwork * sizeof(zc));
  cusolverDnZheevd(h, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, dh, n, dw, zwork, lwork,
                   info);
  std::vector<zc> zv((size_t)n * n);
  cudaMemcpy(zv.data(), dh, zv.size() * sizeof(zc), cudaMemcpyDeviceToHost);
  w = download(dw, n);
  e = info_of(info) != 0;
  for (int k = 0; k < n; k++)
    for (int i = 0; i < n; i++) {
      zc t = -w[k] * zv[i + (size_t)k * n];
      for (int j = 0; j < n; j++) t += hm[i + (size_t)j * n] * zv[j + (size_t)k * n];
      e = std::fmax(e, std::abs(t));
    }
  expect("heevd H v - w v", e, 1e-12);
  cudaFree(dh), cudaFree(dw), cudaFree(zwork), cudaFree(info);
}

static void svd(cusolverDnHandle_t h) {
  const int m = 20, n = 8;
  std::vector<double> a = random_matrix(m, n, m, 0.0);
  double *da = upload(a), *ds, *du, *dvt, *work, *rwork;
  int *info, lwork = 0;
  cudaMalloc(&ds, n * sizeof(double));
  cudaMalloc(&du, m * m * sizeof(double));
  cudaMalloc(&dvt, n * n * sizeof(double));
  cudaMalloc(&rwork, n * sizeof(double));
  cudaMalloc(&info, sizeof(int));
  cusolverDnDgesvd_bufferSize(h, m, n, &lwork);
  cudaMalloc(&work, lwork * sizeof(double));
  expect_eq("gesvd", cusolverDnDgesvd(h, 'A', 'A', m, n, da, m, ds, du, m, dvt, n, work, lwork,
                                      rwork, info), 0);
  expect_eq("gesvd info", info_of(info), 0);
  std::vector<double> s = download(ds, n), u = download(du, m * m), vt = download(dvt, n * n);
  double e = 0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      double t = -a[i + (size_t)j * m];
      for (int k = 0; k < n; k++) t += u[i + (size_t)k * m] * s[k] * vt[k + (size_t)j * n];
      e = std::fmax(e, std::fabs(t));
    }
  for (int k = 1; k < n; k++)
    if (s[k] > s[k - 1]) e = 1; // descending
  expect("gesvd U S V^T - A", e, 1e-12);
  // m < n is not supported by cuSOLVER's gesvd
  expect_eq("gesvd m < n", cusolverDnDgesvd_bufferSize(h, n, m, &lwork), 3);
  cudaFree(da), cudaFree(ds), cudaFree(du), cudaFree(dvt), cudaFree(work), cudaFree(rwork);
  cudaFree(info);
}

static void infos(cusolverDnHandle_t h) {
  const int n = 4;
  // column 2 (1-based) is zero: U(2,2) = 0
  std::vector<double> a = {2, 1, 0, 1, 0, 0, 0, 0, 1, 3, 2, 0, 0, 1, 1, 4};
  double *da = upload(a), *work;
  int *ipiv, *info, lwork;
  cudaMalloc(&ipiv, n * sizeof(int));
  cudaMalloc(&info, sizeof(int));
  cusolverDnDgetrf_bufferSize(h, n, n, da, n, &lwork);
  cudaMalloc(&work, lwork * sizeof(double));
  int st = cusolverDnDgetrf(h, n, n, da, n, work, ipiv, info);
  printf("singular: status %d, devInfo %d\n", st, info_of(info));
  // not positive definite: the leading minor of order 2 is -3
  std::vector<double> ind = {1, 2, 0, 0, 2, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  cudaMemcpy(da, ind.data(), ind.size() * sizeof(double), cudaMemcpyHostToDevice);
  st = cusolverDnDpotrf(h, CUBLAS_FILL_MODE_UPPER, n, da, n, work, lwork, info);
  printf("indefinite: status %d, devInfo %d\n", st, info_of(info));
  st = cusolverDnDgetrf(h, n, n, da, n - 1, work, ipiv, info);
  printf("lda < m: status %d, devInfo %d\n", st, info_of(info));
  printf("null handle: %d, null lwork: %d\n",
         (int)cusolverDnDgetrf(nullptr, n, n, da, n, work, ipiv, info),
         (int)cusolverDnDpotrf_bufferSize(h, CUBLAS_FILL_MODE_LOWER, n, da, n, nullptr));
  cudaFree(da), cudaFree(work), cudaFree(ipiv), cudaFree(info);
}

// the factor read on another stream: with an event (clean) or without (race)
static int factor_then_kernel(cusolverDnHandle_t h, cudaStream_t sa, bool ordered) {
  const int n = 64;
  std::vector<double> a = random_matrix(n, n, n, 8.0);
  double *da = upload(a), *dd, *work;
  int *ipiv, *info, lwork;
  cudaMalloc(&dd, n * sizeof(double));
  cudaMalloc(&ipiv, n * sizeof(int));
  cudaMalloc(&info, sizeof(int));
  cusolverDnDgetrf_bufferSize(h, n, n, da, n, &lwork);
  cudaMalloc(&work, lwork * sizeof(double));
  cudaStream_t sb;
  cudaStreamCreateWithFlags(&sb, cudaStreamNonBlocking);
  cudaEvent_t done;
  cudaEventCreateWithFlags(&done, cudaEventDisableTiming);
  cudaDeviceSynchronize();
  cusolverDnDgetrf(h, n, n, da, n, work, ipiv, info);
  cudaEventRecord(done, sa);
  if (ordered) cudaStreamWaitEvent(sb, done, 0);
  diagonal<<<1, n, 0, sb>>>(da, dd, n, n);
  cudaDeviceSynchronize();
  // U's diagonal: its product is det(P A) up to the permutation's sign
  std::vector<double> d = download(dd, n), lu = download(da, (size_t)n * n);
  int bad = info_of(info) != 0;
  for (int i = 0; i < n; i++) bad += d[i] != lu[i + (size_t)i * n] || d[i] == 0;
  cudaFree(da), cudaFree(dd), cudaFree(work), cudaFree(ipiv), cudaFree(info);
  cudaStreamDestroy(sb);
  cudaEventDestroy(done);
  return bad;
}

int main(int argc, char **argv) {
  bool race = argc > 1 && !strcmp(argv[1], "race");
  cudaStream_t s; // a blocking stream: cudaMemcpy waits for the calls on it
  cudaStreamCreate(&s);
  cusolverDnHandle_t h;
  if (cusolverDnCreate(&h) || cusolverDnSetStream(h, s)) {
    printf("no cuSOLVER\n");
    return 1;
  }
  if (race) {
    int bad = factor_then_kernel(h, s, false);
    printf("race: %d wrong\n", bad);
    cusolverDnDestroy(h);
    return bad != 0;
  }
  lu(h);
  cholesky(h);
  least_squares(h);
  complex_qr(h);
  eigen(h);
  svd(h);
  infos(h);
  graph(h, s);
  wrong += factor_then_kernel(h, s, true);
  cusolverDnDestroy(h);
  cudaStreamDestroy(s);
  printf("solver_dense: %d wrong\n", wrong);
  return wrong != 0;
}
