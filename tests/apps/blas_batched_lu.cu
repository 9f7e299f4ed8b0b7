// Batches of small systems through cuBLAS's batched LU family, the way
// programs such as simpleCUBLAS_LU call it: device arrays of device matrix
// pointers on a handle bound to a stream of the program's own, then
//   LU        getrfBatched with pivots (double, single complex, double
//             complex) and without (double), getrsBatched A x = b and
//             A^T x = b from the factors
//   inverse   getriBatched from the factors, matinvBatched (float), each
//             C A = I
//   QR        geqrfBatched: R^T R = A^T A for tall matrices
//   gels      gelsBatched least squares: A^T (A x - c) = 0
//   info      a batch with a singular matrix (its info 2, the others 0),
//             a bad leading dimension (CUBLAS_STATUS_INVALID_VALUE, info
//             -5), gels with m < n (CUBLAS_STATUS_NOT_SUPPORTED), a null
//             handle (CUBLAS_STATUS_NOT_INITIALIZED)
//   graph     getrfBatched + getrsBatched captured on the handle's stream,
//             the graph launched
// each checked against a host loop (residuals under a tolerance).
// Mode "race": a kernel on another stream writes the factors right after
// getrsBatched read them, nothing ordering them: a race between launches
// naming the cuBLAS function. Pattern: none (clean) in the default mode.
#include <cublas_v2.h>
#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstring>
#include <vector>

typedef std::complex<double> zc;
typedef std::complex<float> cc;

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

static unsigned seed = 4242;
static double rnd() { // in [-1, 1)
  seed = seed * 1103515245u + 12345u;
  return (double)((seed >> 8) & 0xffff) / 32768.0 - 1.0;
}

// A batch of `count` column-major rows x cols matrices (leading dimension
// ld), each on the device, and the device array of their pointers.
template <typename T> struct batch {
  int rows, cols, ld, count;
  std::vector<std::vector<T>> h;
  std::vector<T *> d;
  T **dptrs;
  batch(int r, int c, int l, int n, double diag) : rows(r), cols(c), ld(l), count(n) {
    for (int k = 0; k < n; k++) {
      std::vector<T> a((size_t)l * c, T(0));
      for (int j = 0; j < c; j++)
        for (int i = 0; i < r; i++) a[i + (size_t)j * l] = T(rnd()) + T(i == j ? diag : 0.0);
      h.push_back(a);
      d.push_back(upload(a));
    }
    dptrs = upload(d);
  }
  std::vector<T> get(int k) const { return download(d[k], (size_t)ld * cols); }
  void put(int k) { cudaMemcpy(d[k], h[k].data(), h[k].size() * sizeof(T), cudaMemcpyHostToDevice); }
  ~batch() {
    for (T *p : d) cudaFree(p);
    cudaFree(dptrs);
  }
};

// ||op(A) x - b|| / ||b|| for column-major A (n x n, ld), x and b n x 1
template <typename T>
static double residual(int n, const std::vector<T> &a, int ld, bool trans,
                       const std::vector<T> &x, const std::vector<T> &b) {
  double r = 0, nb = 0;
  for (int i = 0; i < n; i++) {
    T s = 0;
    for (int j = 0; j < n; j++) s += (trans ? a[j + (size_t)i * ld] : a[i + (size_t)j * ld]) * x[j];
    r += std::norm(s - b[i]), nb += std::norm(b[i]);
  }
  return std::sqrt(r / nb);
}

// max |(C A - I)(i, j)|
template <typename T>
static double inverse_error(int n, const std::vector<T> &c, int ldc, const std::vector<T> &a,
                            int lda) {
  double e = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      T s = 0;
      for (int k = 0; k < n; k++) s += c[i + (size_t)k * ldc] * a[k + (size_t)j * lda];
      e = std::fmax(e, std::abs(s - T(i == j ? 1.0 : 0.0)));
    }
  return e;
}

// getrf (pivots or none) + getrs, plain and transposed, on a batch of n x n
template <typename T, typename F, typename S>
static void lu(cublasHandle_t h, const char *name, F getrf, S getrs, bool pivots, double tol) {
  const int n = 6, lda = 7, count = 5;
  batch<T> a(n, n, lda, count, pivots ? 0.5 : 6.0), b(n, 1, n, count, 0.0);
  int *piv = nullptr, *info, hinfo = 1;
  if (pivots) cudaMalloc(&piv, n * count * sizeof(int));
  cudaMalloc(&info, count * sizeof(int));
  cudaMemset(info, 0xff, count * sizeof(int));
  expect_eq(name, getrf(h, n, a.dptrs, lda, piv, info, count), 0);
  std::vector<int> infos = download(info, count);
  for (int k = 0; k < count; k++) expect_eq("getrf info", infos[k], 0);
  for (int trans = 0; trans < 2; trans++) {
    for (int k = 0; k < count; k++) b.put(k);
    expect_eq(name, getrs(h, trans ? CUBLAS_OP_T : CUBLAS_OP_N, n, 1, a.dptrs, lda, piv, b.dptrs,
                          n, &hinfo, count), 0);
    expect_eq("getrs info", hinfo, 0);
    for (int k = 0; k < count; k++) {
      char what[64];
      snprintf(what, sizeof what, "%s residual %d%s", name, k, trans ? " (T)" : "");
      expect(what, residual(n, a.h[k], lda, trans, b.get(k), b.h[k]), tol);
    }
  }
  cudaFree(piv), cudaFree(info);
}

// getri from getrf's factors (double, pivots) and matinv (float)
static void inverses(cublasHandle_t h) {
  const int n = 5, lda = 5, ldc = 6, count = 4;
  batch<double> a(n, n, lda, count, 0.3), c(n, n, ldc, count, 0.0);
  int *piv, *info;
  cudaMalloc(&piv, n * count * sizeof(int));
  cudaMalloc(&info, count * sizeof(int));
  cublasDgetrfBatched(h, n, a.dptrs, lda, piv, info, count);
  expect_eq("getriBatched", cublasDgetriBatched(h, n, a.dptrs, lda, piv, c.dptrs, ldc, info,
                                                 count), 0);
  std::vector<int> infos = download(info, count);
  for (int k = 0; k < count; k++) {
    expect_eq("getri info", infos[k], 0);
    expect("getri C A - I", inverse_error(n, c.get(k), ldc, a.h[k], lda), 1e-12);
  }
  batch<float> f(n, n, lda, count, 1.0), fi(n, n, n, count, 0.0);
  expect_eq("matinvBatched", cublasSmatinvBatched(h, n, f.dptrs, lda, fi.dptrs, n, info, count),
            0);
  infos = download(info, count);
  for (int k = 0; k < count; k++) {
    expect_eq("matinv info", infos[k], 0);
    expect("matinv C A - I", inverse_error(n, fi.get(k), n, f.h[k], lda), 1e-4);
    expect("matinv left A alone", inverse_error(n, fi.get(k), n, f.get(k), lda), 1e-4);
  }
  cudaFree(piv), cudaFree(info);
}

// geqrf: R^T R = A^T A (R the upper triangle of the result)
static void qr(cublasHandle_t h) {
  const int m = 8, n = 4, count = 3;
  batch<double> a(m, n, m, count, 0.0), tau(n, 1, n, count, 0.0);
  int hinfo = 1;
  expect_eq("geqrfBatched", cublasDgeqrfBatched(h, m, n, a.dptrs, m, tau.dptrs, &hinfo, count),
            0);
  expect_eq("geqrf info", hinfo, 0);
  for (int k = 0; k < count; k++) {
    std::vector<double> r = a.get(k);
    double e = 0;
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) {
        double rr = 0, aa = 0;
        for (int l = 0; l <= std::min(i, j); l++) rr += r[l + i * m] * r[l + j * m];
        for (int l = 0; l < m; l++) aa += a.h[k][l + i * m] * a.h[k][l + j * m];
        e = std::fmax(e, std::fabs(rr - aa));
      }
    expect("geqrf R^T R - A^T A", e, 1e-12);
  }
}

// gels: A^T (A x - c) = 0 for tall A
static void gels(cublasHandle_t h) {
  const int m = 9, n = 3, count = 3;
  batch<double> a(m, n, m, count, 0.0), c(m, 1, m, count, 0.0);
  int hinfo = 1, *dinfo;
  cudaMalloc(&dinfo, count * sizeof(int));
  expect_eq("gelsBatched", cublasDgelsBatched(h, CUBLAS_OP_N, m, n, 1, a.dptrs, m, c.dptrs, m,
                                              &hinfo, dinfo, count), 0);
  expect_eq("gels info", hinfo, 0);
  std::vector<int> infos = download(dinfo, count);
  for (int k = 0; k < count; k++) {
    expect_eq("gels devInfo", infos[k], 0);
    std::vector<double> x = c.get(k);
    double e = 0;
    for (int j = 0; j < n; j++) {
      double g = 0;
      for (int i = 0; i < m; i++) {
        double r = -c.h[k][i];
        for (int l = 0; l < n; l++) r += a.h[k][i + l * m] * x[l];
        g += a.h[k][i + j * m] * r;
      }
      e = std::fmax(e, std::fabs(g));
    }
    expect("gels normal equations", e, 1e-12);
  }
  cudaFree(dinfo);
}

// info arrays and statuses
static void infos(cublasHandle_t h) {
  const int n = 4, count = 3;
  batch<double> a(n, n, n, count, 3.0), b(n, 1, n, count, 0.0);
  for (int i = 0; i < n; i++) a.h[1][i + 1 * n] = 0; // column 2 of matrix 1 zero
  a.put(1);
  int *piv, *info, hinfo = 0;
  cudaMalloc(&piv, n * count * sizeof(int));
  cudaMalloc(&info, count * sizeof(int));
  int st = cublasDgetrfBatched(h, n, a.dptrs, n, piv, info, count);
  std::vector<int> in = download(info, count);
  printf("singular: status %d, info %d %d %d\n", st, in[0], in[1], in[2]);
  st = cublasDgetrsBatched(h, CUBLAS_OP_N, n, 1, a.dptrs, n - 1, piv, b.dptrs, n, &hinfo, count);
  printf("lda < n: status %d, info %d\n", st, hinfo);
  st = cublasDgelsBatched(h, CUBLAS_OP_N, 2, 3, 1, a.dptrs, n, b.dptrs, n, &hinfo, info, count);
  printf("gels m < n: status %d\n", st);
  printf("null handle: %d\n", (int)cublasDgetrfBatched(nullptr, n, a.dptrs, n, piv, info, count));
  cudaFree(piv), cudaFree(info);
}

// getrf + getrs captured on the handle's stream, the graph launched
static void graph(cublasHandle_t h, cudaStream_t s) {
  const int n = 5, count = 3;
  batch<double> a(n, n, n, count, 0.5), b(n, 1, n, count, 0.0);
  int *piv, *info, hinfo = 1;
  cudaMalloc(&piv, n * count * sizeof(int));
  cudaMalloc(&info, count * sizeof(int));
  cudaGraph_t g;
  cudaGraphExec_t ge;
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  cublasDgetrfBatched(h, n, a.dptrs, n, piv, info, count);
  cublasDgetrsBatched(h, CUBLAS_OP_N, n, 1, a.dptrs, n, piv, b.dptrs, n, &hinfo, count);
  cudaStreamEndCapture(s, &g);
  // nothing ran yet
  expect("captured, not run", std::abs(b.get(0)[0] - b.h[0][0]), 0);
  cudaGraphInstantiate(&ge, g, 0);
  cudaGraphLaunch(ge, s);
  cudaStreamSynchronize(s);
  for (int k = 0; k < count; k++) expect("graph residual", residual(n, a.h[k], n, false, b.get(k), b.h[k]), 1e-12);
  cudaGraphExecDestroy(ge);
  cudaGraphDestroy(g);
  cudaFree(piv), cudaFree(info);
}

__global__ void scale(double *a, int n, double f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] *= f;
}

// the factors written on another stream after getrsBatched read them: with
// an event between (clean) or without (race)
static int solve_then_kernel(cublasHandle_t h, cudaStream_t s, bool ordered) {
  const int n = 8, count = 2;
  batch<double> a(n, n, n, count, 1.0), b(n, 1, n, count, 0.0);
  int *piv, *info, hinfo = 1;
  cudaMalloc(&piv, n * count * sizeof(int));
  cudaMalloc(&info, count * sizeof(int));
  cudaStream_t sb;
  cudaStreamCreateWithFlags(&sb, cudaStreamNonBlocking);
  cudaEvent_t done;
  cudaEventCreateWithFlags(&done, cudaEventDisableTiming);
  cublasDgetrfBatched(h, n, a.dptrs, n, piv, info, count);
  cudaDeviceSynchronize();
  cublasDgetrsBatched(h, CUBLAS_OP_N, n, 1, a.dptrs, n, piv, b.dptrs, n, &hinfo, count);
  cudaEventRecord(done, s);
  if (ordered) cudaStreamWaitEvent(sb, done, 0);
  scale<<<1, n * n, 0, sb>>>(a.d[1], n * n, 2.0);
  cudaDeviceSynchronize();
  int bad = hinfo != 0;
  for (int k = 0; k < count; k++) bad += !(residual(n, a.h[k], n, false, b.get(k), b.h[k]) < 1e-12);
  cudaFree(piv), cudaFree(info);
  cudaStreamDestroy(sb);
  cudaEventDestroy(done);
  return bad;
}

int main(int argc, char **argv) {
  bool race = argc > 1 && !strcmp(argv[1], "race");
  cudaStream_t s; // a blocking stream: cudaMemcpy waits for the calls on it
  cudaStreamCreate(&s);
  cublasHandle_t h;
  if (cublasCreate(&h) || cublasSetStream(h, s)) {
    printf("no cuBLAS\n");
    return 1;
  }
  if (race) {
    int bad = solve_then_kernel(h, s, false);
    printf("race: %d wrong\n", bad);
    cublasDestroy(h);
    return bad != 0;
  }
  lu<double>(h, "cublasDgetrfBatched", cublasDgetrfBatched, cublasDgetrsBatched, true, 1e-12);
  lu<double>(h, "cublasDgetrfBatched (no pivots)", cublasDgetrfBatched, cublasDgetrsBatched,
             false, 1e-12);
  lu<cc>(h, "cublasCgetrfBatched", [](cublasHandle_t h, int n, cc *const *a, int lda, int *p,
                                      int *i, int c) {
           return cublasCgetrfBatched(h, n, (cuComplex *const *)a, lda, p, i, c);
         },
         [](cublasHandle_t h, cublasOperation_t t, int n, int r, cc *const *a, int lda,
            const int *p, cc *const *b, int ldb, int *i, int c) {
           return cublasCgetrsBatched(h, t, n, r, (const cuComplex *const *)a, lda, p,
                                      (cuComplex *const *)b, ldb, i, c);
         },
         true, 1e-5);
  lu<zc>(h, "cublasZgetrfBatched", [](cublasHandle_t h, int n, zc *const *a, int lda, int *p,
                                      int *i, int c) {
           return cublasZgetrfBatched(h, n, (cuDoubleComplex *const *)a, lda, p, i, c);
         },
         [](cublasHandle_t h, cublasOperation_t t, int n, int r, zc *const *a, int lda,
            const int *p, zc *const *b, int ldb, int *i, int c) {
           return cublasZgetrsBatched(h, t, n, r, (const cuDoubleComplex *const *)a, lda, p,
                                      (cuDoubleComplex *const *)b, ldb, i, c);
         },
         true, 1e-12);
  inverses(h);
  qr(h);
  gels(h);
  infos(h);
  graph(h, s);
  wrong += solve_then_kernel(h, s, true);
  cublasDestroy(h);
  cudaStreamDestroy(s);
  printf("blas_batched_lu: %d wrong\n", wrong);
  return wrong != 0;
}
