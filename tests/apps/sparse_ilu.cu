// Preconditioned conjugate gradients through cuSPARSE, the way
// conjugateGradientPrecond does it: a symmetric positive definite CSR
// matrix (a 2-D Laplacian with a shifted diagonal) built on the host, then
//   ILU(0)    csrilu02 (buffer size, analysis, zero pivot, factorization)
//             and CG preconditioned by L U, both triangles solved with
//             the generic SpSV (fill mode and diagonal type attributes)
//   IC(0)     csric02 and CG preconditioned by L L^T (SpSV of L, then of
//             L transposed)
//   factors   both factors and a double complex ILU(0) against host
//             reference factorizations
//   bsrsv2    U y = x with U as 2x2 blocks, row- and column-major, against
//             a host back substitution
//   pivots    a missing diagonal (csrilu02_analysis: position 3), a zero
//             pivot (csrilu02: position 2), a non-positive one (csric02)
//   errors    a null handle, a destroyed info object, a null position
//   graph     both SpSV solves captured on a stream, the graph launched
// each checked against a host reference (CG against a dense solve).
// Mode "race": a kernel on another stream writes the ILU factors right
// after cusparseSpSV_solve read them, nothing ordering them: a race between
// launches naming it. Pattern: none (clean) in the default mode.
#include <cublas_v2.h>
#include <cusparse.h>
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

// a g x g grid Laplacian with diagonal 4 + shift, CSR, columns ascending
struct csr {
  int n;
  std::vector<int> row, col;
  std::vector<double> val;
};
static csr laplacian(int g, double shift) {
  csr a;
  a.n = g * g;
  a.row.push_back(0);
  for (int r = 0; r < a.n; r++) {
    int y = r / g, x = r % g;
    auto add = [&](int c, double v) { a.col.push_back(c), a.val.push_back(v); };
    if (y > 0) add(r - g, -1);
    if (x > 0) add(r - 1, -1);
    add(r, 4 + shift);
    if (x < g - 1) add(r + 1, -1);
    if (y < g - 1) add(r + g, -1);
    a.row.push_back((int)a.col.size());
  }
  return a;
}

// host references on a dense copy, entries outside the pattern kept zero
template <typename T> static std::vector<T> dense(const csr &a, const std::vector<T> &v) {
  std::vector<T> d((size_t)a.n * a.n, T(0));
  for (int i = 0; i < a.n; i++)
    for (int p = a.row[i]; p < a.row[i + 1]; p++) d[(size_t)i * a.n + a.col[p]] = v[p];
  return d;
}
static bool in_pattern(const csr &a, int i, int j) {
  for (int p = a.row[i]; p < a.row[i + 1]; p++)
    if (a.col[p] == j) return true;
  return false;
}
template <typename T> static std::vector<T> host_ilu0(const csr &a, const std::vector<T> &v) {
  int n = a.n;
  std::vector<T> d = dense(a, v);
  for (int i = 1; i < n; i++)
    for (int k = 0; k < i; k++) {
      if (!in_pattern(a, i, k)) continue;
      d[(size_t)i * n + k] /= d[(size_t)k * n + k];
      for (int j = k + 1; j < n; j++)
        if (in_pattern(a, i, j)) d[(size_t)i * n + j] -= d[(size_t)i * n + k] * d[(size_t)k * n + j];
    }
  return d;
}
static std::vector<double> host_ic0(const csr &a) {
  int n = a.n;
  std::vector<double> d = dense(a, a.val), l((size_t)n * n, 0.0);
  for (int k = 0; k < n; k++) {
    double s = d[(size_t)k * n + k];
    for (int j = 0; j < k; j++) s -= l[(size_t)k * n + j] * l[(size_t)k * n + j];
    l[(size_t)k * n + k] = std::sqrt(s);
    for (int i = k + 1; i < n; i++) {
      if (!in_pattern(a, i, k)) continue;
      double t = d[(size_t)i * n + k];
      for (int j = 0; j < k; j++) t -= l[(size_t)i * n + j] * l[(size_t)k * n + j];
      l[(size_t)i * n + k] = t / l[(size_t)k * n + k];
    }
  }
  return l;
}
// max difference between a device factor (CSR values) and a dense one,
// over the pattern (lower: only the lower triangle)
template <typename T>
static double factor_error(const csr &a, const std::vector<T> &got, const std::vector<T> &want,
                           bool lower) {
  double e = 0;
  for (int i = 0; i < a.n; i++)
    for (int p = a.row[i]; p < a.row[i + 1]; p++)
      if (!lower || a.col[p] <= i)
        e = std::fmax(e, std::abs(got[p] - want[(size_t)i * a.n + a.col[p]]));
  return e;
}

// x of A x = b by Gaussian elimination (dense, A SPD: no pivoting)
static std::vector<double> host_solve(const csr &a, std::vector<double> b) {
  int n = a.n;
  std::vector<double> d = dense(a, a.val);
  for (int k = 0; k < n; k++)
    for (int i = k + 1; i < n; i++) {
      double f = d[(size_t)i * n + k] / d[(size_t)k * n + k];
      for (int j = k; j < n; j++) d[(size_t)i * n + j] -= f * d[(size_t)k * n + j];
      b[i] -= f * b[k];
    }
  for (int i = n - 1; i >= 0; i--) {
    for (int j = i + 1; j < n; j++) b[i] -= d[(size_t)i * n + j] * b[j];
    b[i] /= d[(size_t)i * n + i];
  }
  return b;
}

// the device side: the matrix, its preconditioner factors and the vectors
struct solver {
  cusparseHandle_t sp;
  cublasHandle_t bl;
  int n, nnz;
  int *row, *col;
  double *val, *fac, *x, *r, *z, *t, *p, *q;
  cusparseSpMatDescr_t A, M1, M2; // M1 z = r, then M2: the preconditioner
  cusparseDnVecDescr_t vx, vr, vz, vt, vp, vq;
  cusparseSpSVDescr_t s1, s2;
  int op2;                         // M2's operation (IC: L^T)
};

static void setup(solver &s, const csr &a, bool ic) {
  s.n = a.n, s.nnz = (int)a.col.size();
  s.row = upload(a.row), s.col = upload(a.col), s.val = upload(a.val), s.fac = upload(a.val);
  std::vector<double> zero(a.n, 0.0);
  s.x = upload(zero), s.r = upload(zero), s.z = upload(zero), s.t = upload(zero);
  s.p = upload(zero), s.q = upload(zero);
  cusparseCreateCsr(&s.A, s.n, s.n, s.nnz, s.row, s.col, s.val, CUSPARSE_INDEX_32I,
                    CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F);
  cusparseCreateCsr(&s.M1, s.n, s.n, s.nnz, s.row, s.col, s.fac, CUSPARSE_INDEX_32I,
                    CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F);
  cusparseCreateCsr(&s.M2, s.n, s.n, s.nnz, s.row, s.col, s.fac, CUSPARSE_INDEX_32I,
                    CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F);
  cusparseFillMode_t lower = CUSPARSE_FILL_MODE_LOWER, upper = CUSPARSE_FILL_MODE_UPPER;
  cusparseDiagType_t unit = CUSPARSE_DIAG_TYPE_UNIT, non_unit = CUSPARSE_DIAG_TYPE_NON_UNIT;
  cusparseSpMatSetAttribute(s.M1, CUSPARSE_SPMAT_FILL_MODE, &lower, sizeof lower);
  cusparseSpMatSetAttribute(s.M1, CUSPARSE_SPMAT_DIAG_TYPE, ic ? &non_unit : &unit, sizeof unit);
  cusparseSpMatSetAttribute(s.M2, CUSPARSE_SPMAT_FILL_MODE, ic ? &lower : &upper, sizeof lower);
  cusparseSpMatSetAttribute(s.M2, CUSPARSE_SPMAT_DIAG_TYPE, &non_unit, sizeof non_unit);
  s.op2 = ic ? CUSPARSE_OPERATION_TRANSPOSE : CUSPARSE_OPERATION_NON_TRANSPOSE;
  cusparseCreateDnVec(&s.vx, s.n, s.x, CUDA_R_64F);
  cusparseCreateDnVec(&s.vr, s.n, s.r, CUDA_R_64F);
  cusparseCreateDnVec(&s.vz, s.n, s.z, CUDA_R_64F);
  cusparseCreateDnVec(&s.vt, s.n, s.t, CUDA_R_64F);
  cusparseCreateDnVec(&s.vp, s.n, s.p, CUDA_R_64F);
  cusparseCreateDnVec(&s.vq, s.n, s.q, CUDA_R_64F);
  cusparseSpSV_createDescr(&s.s1);
  cusparseSpSV_createDescr(&s.s2);
}

static void teardown(solver &s) {
  cusparseDestroySpMat(s.A), cusparseDestroySpMat(s.M1), cusparseDestroySpMat(s.M2);
  cusparseDnVecDescr_t v[] = {s.vx, s.vr, s.vz, s.vt, s.vp, s.vq};
  for (auto d : v) cusparseDestroyDnVec(d);
  cusparseSpSV_destroyDescr(s.s1), cusparseSpSV_destroyDescr(s.s2);
  double *m[] = {s.val, s.fac, s.x, s.r, s.z, s.t, s.p, s.q};
  for (auto d : m) cudaFree(d);
  cudaFree(s.row), cudaFree(s.col);
}

// the factorization (ILU or IC) of s.fac: the zero pivot's position (-1)
static int factor(solver &s, bool ic) {
  cusparseMatDescr_t d;
  cusparseCreateMatDescr(&d);
  int size = 0, pos = 7;
  void *buf;
  int st;
  if (ic) {
    csric02Info_t info;
    cusparseCreateCsric02Info(&info);
    cusparseDcsric02_bufferSize(s.sp, s.n, s.nnz, d, s.fac, s.row, s.col, info, &size);
    cudaMalloc(&buf, size);
    cusparseDcsric02_analysis(s.sp, s.n, s.nnz, d, s.fac, s.row, s.col, info,
                              CUSPARSE_SOLVE_POLICY_USE_LEVEL, buf);
    expect_eq("csric02 analysis zero pivot", cusparseXcsric02_zeroPivot(s.sp, info, &pos), 0);
    expect_eq("csric02", cusparseDcsric02(s.sp, s.n, s.nnz, d, s.fac, s.row, s.col, info,
                                          CUSPARSE_SOLVE_POLICY_USE_LEVEL, buf), 0);
    st = cusparseXcsric02_zeroPivot(s.sp, info, &pos);
    cusparseDestroyCsric02Info(info);
  } else {
    csrilu02Info_t info;
    cusparseCreateCsrilu02Info(&info);
    cusparseDcsrilu02_bufferSize(s.sp, s.n, s.nnz, d, s.fac, s.row, s.col, info, &size);
    cudaMalloc(&buf, size);
    cusparseDcsrilu02_analysis(s.sp, s.n, s.nnz, d, s.fac, s.row, s.col, info,
                               CUSPARSE_SOLVE_POLICY_USE_LEVEL, buf);
    expect_eq("csrilu02 analysis zero pivot", cusparseXcsrilu02_zeroPivot(s.sp, info, &pos), 0);
    expect_eq("csrilu02", cusparseDcsrilu02(s.sp, s.n, s.nnz, d, s.fac, s.row, s.col, info,
                                            CUSPARSE_SOLVE_POLICY_USE_LEVEL, buf), 0);
    st = cusparseXcsrilu02_zeroPivot(s.sp, info, &pos);
    cusparseDestroyCsrilu02Info(info);
  }
  expect_eq("zero pivot status", st, 0);
  cudaFree(buf);
  cusparseDestroyMatDescr(d);
  return pos;
}

// z = M^-1 r: the two triangular solves
static void precondition(solver &s) {
  const double one = 1.0;
  cusparseSpSV_solve(s.sp, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, s.M1, s.vr, s.vt, CUDA_R_64F,
                     CUSPARSE_SPSV_ALG_DEFAULT, s.s1);
  cusparseSpSV_solve(s.sp, (cusparseOperation_t)s.op2, &one, s.M2, s.vt, s.vz, CUDA_R_64F,
                     CUSPARSE_SPSV_ALG_DEFAULT, s.s2);
}

// preconditioned CG for A x = b: the iterations it took (-1: none converged)
static int pcg(solver &s, const std::vector<double> &b, bool ic) {
  const double one = 1.0, zero = 0.0;
  size_t size = 0;
  void *buf;
  cudaMemcpy(s.r, b.data(), s.n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(s.x, 0, s.n * sizeof(double));
  cusparseSpMV_bufferSize(s.sp, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, s.A, s.vp, &zero, s.vq,
                          CUDA_R_64F, CUSPARSE_SPMV_ALG_DEFAULT, &size);
  cudaMalloc(&buf, size + 8);
  size_t s1 = 0, s2 = 0;
  expect_eq("SpSV_bufferSize", cusparseSpSV_bufferSize(s.sp, CUSPARSE_OPERATION_NON_TRANSPOSE,
                               &one, s.M1, s.vr, s.vt, CUDA_R_64F, CUSPARSE_SPSV_ALG_DEFAULT,
                               s.s1, &s1), 0);
  cusparseSpSV_bufferSize(s.sp, (cusparseOperation_t)s.op2, &one, s.M2, s.vt, s.vz, CUDA_R_64F,
                          CUSPARSE_SPSV_ALG_DEFAULT, s.s2, &s2);
  expect_eq("SpSV_analysis", cusparseSpSV_analysis(s.sp, CUSPARSE_OPERATION_NON_TRANSPOSE, &one,
                             s.M1, s.vr, s.vt, CUDA_R_64F, CUSPARSE_SPSV_ALG_DEFAULT, s.s1,
                             buf), 0);
  cusparseSpSV_analysis(s.sp, (cusparseOperation_t)s.op2, &one, s.M2, s.vt, s.vz, CUDA_R_64F,
                        CUSPARSE_SPSV_ALG_DEFAULT, s.s2, buf);
  double rz = 0, nb = 0;
  cublasDnrm2(s.bl, s.n, s.r, 1, &nb);
  int it;
  for (it = 0; it < 200; it++) {
    double rn;
    cublasDnrm2(s.bl, s.n, s.r, 1, &rn);
    if (rn < 1e-10 * nb) break;
    precondition(s);
    double rz_new;
    cublasDdot(s.bl, s.n, s.r, 1, s.z, 1, &rz_new);
    if (it == 0) cublasDcopy(s.bl, s.n, s.z, 1, s.p, 1);
    else {
      double beta = rz_new / rz;
      cublasDscal(s.bl, s.n, &beta, s.p, 1);
      cublasDaxpy(s.bl, s.n, &one, s.z, 1, s.p, 1);
    }
    rz = rz_new;
    cusparseSpMV(s.sp, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, s.A, s.vp, &zero, s.vq,
                 CUDA_R_64F, CUSPARSE_SPMV_ALG_DEFAULT, buf);
    double pq;
    cublasDdot(s.bl, s.n, s.p, 1, s.q, 1, &pq);
    double alpha = rz / pq, malpha = -alpha;
    cublasDaxpy(s.bl, s.n, &alpha, s.p, 1, s.x, 1);
    cublasDaxpy(s.bl, s.n, &malpha, s.q, 1, s.r, 1);
  }
  (void)ic;
  cudaFree(buf);
  return it < 200 ? it : -1;
}

static void cg_case(cusparseHandle_t sp, cublasHandle_t bl, bool ic) {
  const char *name = ic ? "IC(0) CG" : "ILU(0) CG";
  csr a = laplacian(6, 0.05);
  solver s;
  s.sp = sp, s.bl = bl;
  setup(s, a, ic);
  expect_eq(ic ? "IC(0) zero pivot" : "ILU(0) zero pivot", factor(s, ic), -1);
  std::vector<double> got = download(s.fac, a.val.size());
  if (ic) expect("IC(0) factor", factor_error(a, got, host_ic0(a), true), 1e-12);
  else expect("ILU(0) factor", factor_error(a, got, host_ilu0(a, a.val), false), 1e-12);
  std::vector<double> b(a.n);
  for (int i = 0; i < a.n; i++) b[i] = std::sin(0.3 * i) + 0.5;
  int its = pcg(s, b, ic);
  std::vector<double> x = download(s.x, a.n), ref = host_solve(a, b);
  double e = 0;
  for (int i = 0; i < a.n; i++) e = std::fmax(e, std::fabs(x[i] - ref[i]));
  expect(name, e, 1e-8);
  if (its < 0 || its > 25) {
    printf("%s: %d iterations\n", name, its);
    wrong++;
  }
  teardown(s);
}

// a double complex ILU(0) against the host's
static void complex_ilu(cusparseHandle_t sp) {
  csr a = laplacian(4, 0.0);
  std::vector<zc> v(a.val.size());
  for (size_t p = 0; p < v.size(); p++) v[p] = zc(a.val[p], 0.25 * (double)(p % 3));
  int *row = upload(a.row), *col = upload(a.col);
  zc *dv = upload(v);
  cusparseMatDescr_t d;
  cusparseCreateMatDescr(&d);
  csrilu02Info_t info;
  cusparseCreateCsrilu02Info(&info);
  int nnz = (int)v.size(), pos;
  cusparseZcsrilu02_analysis(sp, a.n, nnz, d, (cuDoubleComplex *)dv, row, col, info,
                             CUSPARSE_SOLVE_POLICY_NO_LEVEL, nullptr);
  expect_eq("csrilu02 (Z)", cusparseZcsrilu02(sp, a.n, nnz, d, (cuDoubleComplex *)dv, row, col,
                                              info, CUSPARSE_SOLVE_POLICY_NO_LEVEL, nullptr), 0);
  expect_eq("csrilu02 (Z) zero pivot", cusparseXcsrilu02_zeroPivot(sp, info, &pos), 0);
  expect("ILU(0) (Z) factor", factor_error(a, download(dv, v.size()), host_ilu0(a, v), false),
         1e-12);
  cusparseDestroyCsrilu02Info(info);
  cusparseDestroyMatDescr(d);
  cudaFree(row), cudaFree(col), cudaFree(dv);
}

// U y = x for an upper triangular U stored as 2x2 blocks (BSR), row- and
// column-major blocks
static void bsr(cusparseHandle_t sp) {
  const int mb = 4, bd = 2, n = mb * bd;
  std::vector<double> u((size_t)n * n, 0.0); // dense U, row-major
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++) u[(size_t)i * n + j] = i == j ? 2.0 + 0.1 * i : 0.3 / (1 + j - i);
  std::vector<double> x(n), ref(n);
  for (int i = 0; i < n; i++) x[i] = 1.0 + i;
  const double alpha = 2.0;
  for (int i = n - 1; i >= 0; i--) { // host back substitution
    double s = alpha * x[i];
    for (int j = i + 1; j < n; j++) s -= u[(size_t)i * n + j] * ref[j];
    ref[i] = s / u[(size_t)i * n + i];
  }
  for (int dir = 0; dir < 2; dir++) {
    std::vector<int> row(1, 0), col;
    std::vector<double> val;
    for (int bi = 0; bi < mb; bi++) {
      for (int bj = bi; bj < mb; bj++) {
        col.push_back(bj);
        for (int k = 0; k < bd * bd; k++) {
          int r = dir == 0 ? k / bd : k % bd, c = dir == 0 ? k % bd : k / bd;
          // the block's lower part of a diagonal block holds junk the
          // upper fill mode must ignore
          double v = u[(size_t)(bi * bd + r) * n + bj * bd + c];
          val.push_back(bi == bj && r > c ? 99.0 : v);
        }
      }
      row.push_back((int)col.size());
    }
    int *drow = upload(row), *dcol = upload(col);
    double *dval = upload(val), *dx = upload(x), *dy;
    cudaMalloc(&dy, n * sizeof(double));
    cusparseMatDescr_t d;
    cusparseCreateMatDescr(&d);
    cusparseSetMatFillMode(d, CUSPARSE_FILL_MODE_UPPER);
    cusparseSetMatDiagType(d, CUSPARSE_DIAG_TYPE_NON_UNIT);
    bsrsv2Info_t info;
    cusparseCreateBsrsv2Info(&info);
    int size = 0, pos;
    cusparseDirection_t dr = dir ? CUSPARSE_DIRECTION_COLUMN : CUSPARSE_DIRECTION_ROW;
    int nnzb = (int)col.size();
    cusparseDbsrsv2_bufferSize(sp, dr, CUSPARSE_OPERATION_NON_TRANSPOSE, mb, nnzb, d, dval, drow,
                               dcol, bd, info, &size);
    void *buf;
    cudaMalloc(&buf, size);
    cusparseDbsrsv2_analysis(sp, dr, CUSPARSE_OPERATION_NON_TRANSPOSE, mb, nnzb, d, dval, drow,
                             dcol, bd, info, CUSPARSE_SOLVE_POLICY_USE_LEVEL, buf);
    expect_eq("bsrsv2 analysis zero pivot", cusparseXbsrsv2_zeroPivot(sp, info, &pos), 0);
    expect_eq("bsrsv2_solve", cusparseDbsrsv2_solve(sp, dr, CUSPARSE_OPERATION_NON_TRANSPOSE,
                                                    mb, nnzb, &alpha, d, dval, drow, dcol, bd,
                                                    info, dx, dy,
                                                    CUSPARSE_SOLVE_POLICY_USE_LEVEL, buf), 0);
    expect_eq("bsrsv2 zero pivot", cusparseXbsrsv2_zeroPivot(sp, info, &pos), 0);
    std::vector<double> y = download(dy, n);
    double e = 0;
    for (int i = 0; i < n; i++) e = std::fmax(e, std::fabs(y[i] - ref[i]));
    expect(dir ? "bsrsv2 (column-major blocks)" : "bsrsv2 (row-major blocks)", e, 1e-12);
    cusparseDestroyBsrsv2Info(info);
    cusparseDestroyMatDescr(d);
    cudaFree(drow), cudaFree(dcol), cudaFree(dval), cudaFree(dx), cudaFree(dy), cudaFree(buf);
  }
}

// zero pivots and bad input
static void pivots(cusparseHandle_t sp) {
  // rows 0..4 of a tridiagonal matrix; row 3 without its diagonal
  std::vector<int> row = {0, 2, 5, 8, 10, 12};
  std::vector<int> col = {0, 1, 0, 1, 2, 1, 2, 3, 2, 4, 3, 4};
  std::vector<double> val = {2, -1, -1, 2, -1, -1, 2, -1, -1, -1, -1, 2};
  int *drow = upload(row), *dcol = upload(col);
  double *dval = upload(val);
  cusparseMatDescr_t d;
  cusparseCreateMatDescr(&d);
  csrilu02Info_t info;
  cusparseCreateCsrilu02Info(&info);
  int pos = 7;
  cusparseDcsrilu02_analysis(sp, 5, 12, d, dval, drow, dcol, info,
                             CUSPARSE_SOLVE_POLICY_USE_LEVEL, nullptr);
  int st = cusparseXcsrilu02_zeroPivot(sp, info, &pos);
  printf("structural zero: status %d, position %d\n", st, pos);
  // a full tridiagonal one whose U(2,2) is zero: [1 1; 1 1 x; ...]
  std::vector<int> row2 = {0, 2, 5, 8, 10};
  std::vector<int> col2 = {0, 1, 0, 1, 2, 1, 2, 3, 2, 3};
  std::vector<double> val2 = {1, 1, 1, 2, 1, 1, 1, 1, 1, 3};
  int *drow2 = upload(row2), *dcol2 = upload(col2);
  double *dval2 = upload(val2);
  cusparseDcsrilu02_analysis(sp, 4, 10, d, dval2, drow2, dcol2, info,
                             CUSPARSE_SOLVE_POLICY_USE_LEVEL, nullptr);
  cusparseDcsrilu02(sp, 4, 10, d, dval2, drow2, dcol2, info, CUSPARSE_SOLVE_POLICY_USE_LEVEL,
                    nullptr);
  st = cusparseXcsrilu02_zeroPivot(sp, info, &pos);
  printf("numerical zero: status %d, position %d\n", st, pos);
  // IC(0) of an indefinite matrix [1 2; 2 1]
  std::vector<int> row3 = {0, 2, 4}, col3 = {0, 1, 0, 1};
  std::vector<double> val3 = {1, 2, 2, 1};
  int *drow3 = upload(row3), *dcol3 = upload(col3);
  double *dval3 = upload(val3);
  csric02Info_t icinfo;
  cusparseCreateCsric02Info(&icinfo);
  cusparseDcsric02_analysis(sp, 2, 4, d, dval3, drow3, dcol3, icinfo,
                            CUSPARSE_SOLVE_POLICY_USE_LEVEL, nullptr);
  cusparseDcsric02(sp, 2, 4, d, dval3, drow3, dcol3, icinfo, CUSPARSE_SOLVE_POLICY_USE_LEVEL,
                   nullptr);
  st = cusparseXcsric02_zeroPivot(sp, icinfo, &pos);
  printf("not positive: status %d, position %d\n", st, pos);
  // errors
  int null_handle = cusparseDcsrilu02(nullptr, 4, 10, d, dval2, drow2, dcol2, info,
                                      CUSPARSE_SOLVE_POLICY_USE_LEVEL, nullptr);
  int null_position = cusparseXcsrilu02_zeroPivot(sp, info, nullptr);
  int wrong_info = cusparseXcsrilu02_zeroPivot(sp, (csrilu02Info_t)icinfo, &pos);
  cusparseDestroyCsrilu02Info(info);
  int destroyed = cusparseDcsrilu02(sp, 4, 10, d, dval2, drow2, dcol2, info,
                                    CUSPARSE_SOLVE_POLICY_USE_LEVEL, nullptr);
  printf("null handle: %d, null position: %d, wrong info: %d, destroyed info: %d\n", null_handle,
         null_position, wrong_info, destroyed);
  cusparseDestroyCsric02Info(icinfo);
  cusparseDestroyMatDescr(d);
  cudaFree(drow), cudaFree(dcol), cudaFree(dval), cudaFree(drow2), cudaFree(dcol2);
  cudaFree(dval2), cudaFree(drow3), cudaFree(dcol3), cudaFree(dval3);
}

// both SpSV solves captured on the handle's stream; the graph launched
static void graph(cusparseHandle_t sp, cublasHandle_t bl, cudaStream_t st) {
  csr a = laplacian(4, 0.1);
  solver s;
  s.sp = sp, s.bl = bl;
  setup(s, a, false);
  factor(s, false);
  std::vector<double> r(a.n);
  for (int i = 0; i < a.n; i++) r[i] = 1.0 + 0.1 * i;
  cudaMemcpy(s.r, r.data(), a.n * sizeof(double), cudaMemcpyHostToDevice);
  precondition(s);
  std::vector<double> direct = download(s.z, a.n);
  cudaMemset(s.z, 0, a.n * sizeof(double));
  cusparseSetStream(sp, st);
  cudaGraph_t g;
  cudaGraphExec_t ge;
  cudaStreamBeginCapture(st, cudaStreamCaptureModeGlobal);
  precondition(s);
  cudaStreamEndCapture(st, &g);
  expect("captured, not run", std::fabs(download(s.z, 1)[0]), 0);
  cudaGraphInstantiate(&ge, g, 0);
  cudaGraphLaunch(ge, st);
  cudaStreamSynchronize(st);
  std::vector<double> z = download(s.z, a.n);
  double e = 0;
  for (int i = 0; i < a.n; i++) e = std::fmax(e, std::fabs(z[i] - direct[i]));
  expect("graph SpSV", e, 0);
  cusparseSetStream(sp, 0);
  cudaGraphExecDestroy(ge);
  cudaGraphDestroy(g);
  teardown(s);
}

__global__ void scale(double *v, int n, double f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] *= f;
}

// the factors written on another stream after SpSV read them: with an
// event between (clean) or without (race)
static int solve_then_kernel(cusparseHandle_t sp, cublasHandle_t bl, cudaStream_t st,
                             bool ordered) {
  csr a = laplacian(4, 0.1);
  solver s;
  s.sp = sp, s.bl = bl;
  setup(s, a, false);
  factor(s, false);
  cusparseSetStream(sp, st);
  cudaStream_t sb;
  cudaStreamCreateWithFlags(&sb, cudaStreamNonBlocking);
  cudaEvent_t done;
  cudaEventCreateWithFlags(&done, cudaEventDisableTiming);
  cudaDeviceSynchronize();
  precondition(s);
  cudaEventRecord(done, st);
  if (ordered) cudaStreamWaitEvent(sb, done, 0);
  scale<<<1, 64, 0, sb>>>(s.fac, s.nnz, 1.0);
  cudaDeviceSynchronize();
  cusparseSetStream(sp, 0);
  int bad = 0;
  for (double v : download(s.z, a.n)) bad += !std::isfinite(v);
  cudaStreamDestroy(sb);
  cudaEventDestroy(done);
  teardown(s);
  return bad;
}

int main(int argc, char **argv) {
  bool race = argc > 1 && !strcmp(argv[1], "race");
  cusparseHandle_t sp;
  cublasHandle_t bl;
  if (cusparseCreate(&sp) || cublasCreate(&bl)) {
    printf("no cuSPARSE\n");
    return 1;
  }
  cudaStream_t st;
  cudaStreamCreate(&st);
  if (race) {
    int bad = solve_then_kernel(sp, bl, st, false);
    printf("race: %d wrong\n", bad);
    return bad != 0;
  }
  cg_case(sp, bl, false);
  cg_case(sp, bl, true);
  complex_ilu(sp);
  bsr(sp);
  pivots(sp);
  graph(sp, bl, st);
  wrong += solve_then_kernel(sp, bl, st, true);
  cublasDestroy(bl);
  cusparseDestroy(sp);
  cudaStreamDestroy(st);
  printf("sparse_ilu: %d wrong\n", wrong);
  return wrong != 0;
}
