// A sparse solver's inner products through cuSPARSE's generic API, the way
// iterative solvers call it: a CSR matrix built on the host (a 2-D Laplacian
// with a few extra couplings), descriptors for it and its vectors, buffer
// sizes and SpMV (plain and transposed, with beta), the same matrix as COO
// in double, and SpMM against column- and row-major dense blocks; each
// checked against a host CSR loop.
// Pattern: none (clean).
#include <cusparse.h>
#include <cmath>
#include <cstdio>
#include <vector>

#define CK(call)                                                             \
  do {                                                                       \
    int r_ = (int)(call);                                                    \
    if (r_ != 0) {                                                           \
      printf("%s: %s\n", #call, cusparseGetErrorName((cusparseStatus_t)r_)); \
      return 1;                                                              \
    }                                                                        \
  } while (0)

static int wrong = 0;
static void expect(const char *what, int i, double got, double want, double tol) {
  if (!(std::fabs(got - want) <= tol * (1 + std::fabs(want)))) {
    if (wrong < 10) printf("%s[%d]: got %.9g, want %.9g\n", what, i, got, want);
    wrong++;
  }
}

template <typename T> static T *upload(const std::vector<T> &h) {
  T *d;
  cudaMalloc(&d, h.size() * sizeof(T) + 1);
  cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice);
  return d;
}

int main() {
  // a g x g grid Laplacian, rows m = g * g, plus a coupling to the last column
  const int g = 5, m = g * g;
  std::vector<int> rowptr(1, 0), col;
  std::vector<float> val;
  for (int r = 0; r < m; r++) {
    int y = r / g, x = r % g;
    auto add = [&](int c, float v) { col.push_back(c), val.push_back(v); };
    if (y > 0) add(r - g, -1);
    if (x > 0) add(r - 1, -1);
    add(r, 4);
    if (x < g - 1) add(r + 1, -1);
    if (y < g - 1) add(r + g, -1);
    if (r % 7 == 3 && r != m - 1) add(m - 1, 0.5f);
    rowptr.push_back((int)col.size());
  }
  const int nnz = (int)col.size();
  std::vector<float> x(m), y(m);
  for (int i = 0; i < m; i++) x[i] = (float)(i % 4) - 1.5f, y[i] = (float)i / 10;
  int *drow = upload(rowptr), *dcol = upload(col);
  float *dval = upload(val), *dx = upload(x), *dy = upload(y);

  cusparseHandle_t h;
  CK(cusparseCreate(&h));
  cudaStream_t s;
  cudaStreamCreate(&s);
  CK(cusparseSetStream(h, s));
  cusparseSpMatDescr_t A;
  cusparseDnVecDescr_t vx, vy;
  CK(cusparseCreateCsr(&A, m, m, nnz, drow, dcol, dval, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                       CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  CK(cusparseCreateDnVec(&vx, m, dx, CUDA_R_32F));
  CK(cusparseCreateDnVec(&vy, m, dy, CUDA_R_32F));
  int64_t rows, cols, nz;
  CK(cusparseSpMatGetSize(A, &rows, &cols, &nz));
  if (rows != m || cols != m || nz != nnz) printf("SpMatGetSize: wrong\n"), wrong++;
  float alpha = 2.0f, beta = 0.5f;
  size_t bytes = 1;
  CK(cusparseSpMV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, vx, &beta, vy,
                             CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, &bytes));
  void *buf;
  cudaMalloc(&buf, bytes);
  for (int op = 0; op < 2; op++) {
    CK(cusparseSpMV(h, op ? CUSPARSE_OPERATION_TRANSPOSE : CUSPARSE_OPERATION_NON_TRANSPOSE,
                    &alpha, A, vx, &beta, vy, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, buf));
    std::vector<float> got(m);
    cudaMemcpyAsync(got.data(), dy, m * sizeof(float), cudaMemcpyDeviceToHost, s);
    cudaStreamSynchronize(s);
    std::vector<double> ax(m, 0.0);
    for (int r = 0; r < m; r++)
      for (int p = rowptr[r]; p < rowptr[r + 1]; p++) {
        if (op) ax[col[p]] += val[p] * x[r];
        else ax[r] += val[p] * x[col[p]];
      }
    for (int i = 0; i < m; i++) {
      double want = alpha * ax[i] + beta * y[i];
      expect(op ? "SpMV transposed" : "SpMV", i, got[i], want, 1e-6);
      y[i] = got[i];
    }
  }

  // the same matrix as COO, double values
  std::vector<int> crow;
  std::vector<double> dvals;
  for (int r = 0; r < m; r++)
    for (int p = rowptr[r]; p < rowptr[r + 1]; p++) crow.push_back(r), dvals.push_back(val[p]);
  std::vector<double> xd(x.begin(), x.end()), yd(m, 0.0);
  int *dcrow = upload(crow);
  double *ddv = upload(dvals), *dxd = upload(xd), *dyd = upload(yd);
  cusparseSpMatDescr_t C;
  cusparseDnVecDescr_t vxd, vyd;
  CK(cusparseCreateCoo(&C, m, m, nnz, dcrow, dcol, ddv, CUSPARSE_INDEX_32I,
                       CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F));
  CK(cusparseCreateDnVec(&vxd, m, dxd, CUDA_R_64F));
  CK(cusparseCreateDnVec(&vyd, m, dyd, CUDA_R_64F));
  double one = 1, zero = 0;
  CK(cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, C, vxd, &zero, vyd, CUDA_R_64F,
                  CUSPARSE_SPMV_ALG_DEFAULT, nullptr));
  cudaStreamSynchronize(s);
  cudaMemcpy(yd.data(), dyd, m * sizeof(double), cudaMemcpyDeviceToHost);
  for (int r = 0; r < m; r++) {
    double want = 0;
    for (int p = rowptr[r]; p < rowptr[r + 1]; p++) want += dvals[p] * xd[col[p]];
    expect("COO SpMV double", r, yd[r], want, 1e-12);
  }

  // SpMM: C (m x 3, row-major) = A B, B (m x 3, column-major, ld m + 2)
  const int nc = 3, ldb = m + 2;
  std::vector<float> B(ldb * nc), Cm(m * nc, 0.0f);
  for (int j = 0; j < nc; j++)
    for (int i = 0; i < m; i++) B[i + j * ldb] = (float)((i + 3 * j) % 5) - 2.0f;
  float *dB = upload(B), *dC = upload(Cm), fone = 1, fzero = 0;
  cusparseDnMatDescr_t mb, mc;
  CK(cusparseCreateDnMat(&mb, m, nc, ldb, dB, CUDA_R_32F, CUSPARSE_ORDER_COL));
  CK(cusparseCreateDnMat(&mc, m, nc, nc, dC, CUDA_R_32F, CUSPARSE_ORDER_ROW));
  CK(cusparseSpMM_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE,
                             CUSPARSE_OPERATION_NON_TRANSPOSE, &fone, A, mb, &fzero, mc,
                             CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT, &bytes));
  CK(cusparseSpMM(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &fone, A,
                  mb, &fzero, mc, CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT, buf));
  cudaStreamSynchronize(s);
  cudaMemcpy(Cm.data(), dC, Cm.size() * sizeof(float), cudaMemcpyDeviceToHost);
  for (int r = 0; r < m; r++)
    for (int j = 0; j < nc; j++) {
      double want = 0;
      for (int p = rowptr[r]; p < rowptr[r + 1]; p++) want += val[p] * B[col[p] + j * ldb];
      expect("SpMM", r * nc + j, Cm[r * nc + j], want, 1e-6);
    }

  CK(cusparseDestroySpMat(A));
  CK(cusparseDestroySpMat(C));
  CK(cusparseDestroyDnVec(vx));
  CK(cusparseDestroyDnVec(vy));
  CK(cusparseDestroyDnVec(vxd));
  CK(cusparseDestroyDnVec(vyd));
  CK(cusparseDestroyDnMat(mb));
  CK(cusparseDestroyDnMat(mc));
  CK(cusparseDestroy(h));
  cudaStreamDestroy(s);
  printf("sparse: %d wrong\n", wrong);
  return wrong != 0;
}
