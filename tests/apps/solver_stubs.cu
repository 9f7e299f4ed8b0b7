// A program that sets up cuSOLVER as CUDA's solver samples do (dense,
// sparse and refactorization handles on a stream, a low-level info object),
// solves a small system with the dense LU and with the sparse LU (both
// computed), then asks cusolverRf for its factors on the device, which
// simulee does not implement: it returns CUSOLVER_STATUS_NOT_SUPPORTED (each time, with
// one line on stderr the first time), and the program falls back to its
// host path; the results are checked against the known solution.
#include <cuda_runtime.h>
#include <cusolverDn.h>
#include <cusolverRf.h>
#include <cusolverSp.h>
#include <cusolverSp_LOWLEVEL_PREVIEW.h>
#include <cmath>
#include <cstdio>

// status names per library, as sample helpers define them: each guarded by
// the macro NVIDIA's header of that library defines
#if !defined(CUSOLVER_COMMON_H_) || !defined(CUSPARSEAPI)
#error "cuSOLVER's and cuSPARSE's header guards are not defined"
#endif
static const char *status_name(cusolverStatus_t s) {
  switch (s) {
  case CUSOLVER_STATUS_SUCCESS: return "CUSOLVER_STATUS_SUCCESS";
  case CUSOLVER_STATUS_NOT_SUPPORTED: return "CUSOLVER_STATUS_NOT_SUPPORTED";
  case CUSOLVER_STATUS_ZERO_PIVOT: return "CUSOLVER_STATUS_ZERO_PIVOT";
  case CUSOLVER_STATUS_INVALID_LICENSE: return "CUSOLVER_STATUS_INVALID_LICENSE";
  default: return "other";
  }
}

// Gaussian elimination with partial pivoting on the host (n <= 8)
static void host_solve(int n, double *a, double *b) {
  for (int k = 0; k < n; k++) {
    int p = k;
    for (int i = k + 1; i < n; i++)
      if (fabs(a[i * n + k]) > fabs(a[p * n + k])) p = i;
    for (int j = 0; j < n; j++) {
      double t = a[k * n + j];
      a[k * n + j] = a[p * n + j];
      a[p * n + j] = t;
    }
    double t = b[k];
    b[k] = b[p];
    b[p] = t;
    for (int i = k + 1; i < n; i++) {
      double f = a[i * n + k] / a[k * n + k];
      for (int j = k; j < n; j++) a[i * n + j] -= f * a[k * n + j];
      b[i] -= f * b[k];
    }
  }
  for (int i = n - 1; i >= 0; i--) {
    for (int j = i + 1; j < n; j++) b[i] -= a[i * n + j] * b[j];
    b[i] /= a[i * n + i];
  }
}

int main() {
  cudaStream_t s, back = nullptr;
  cudaStreamCreate(&s);
  cusolverDnHandle_t dn;
  cusolverSpHandle_t sp;
  cusolverRfHandle_t rf;
  csrqrInfo_t qr;
  int setup = cusolverDnCreate(&dn) | cusolverDnSetStream(dn, s) | cusolverDnGetStream(dn, &back) |
              cusolverSpCreate(&sp) | cusolverSpSetStream(sp, s) | cusolverRfCreate(&rf) |
              cusolverRfSetAlgs(rf, CUSOLVERRF_FACTORIZATION_ALG0, CUSOLVERRF_TRIANGULAR_SOLVE_ALG1) |
              cusolverSpCreateCsrqrInfo(&qr);
  printf("set-up: %s, stream kept: %s\n", setup == CUSOLVER_STATUS_SUCCESS ? "ok" : "failed",
         back == s ? "yes" : "no");
  // the matrix descriptor as the samples' helper reads it back
  cusparseMatDescr_t descr;
  cusparseCreateMatDescr(&descr);
  cusparseSetMatIndexBase(descr, CUSPARSE_INDEX_BASE_ONE);
  cusparseSetMatType(descr, CUSPARSE_MATRIX_TYPE_SYMMETRIC);
  printf("descriptor: base %d, type %s\n", cusparseGetMatIndexBase(descr) == CUSPARSE_INDEX_BASE_ONE ? 1 : 0,
         cusparseGetMatType(descr) == CUSPARSE_MATRIX_TYPE_SYMMETRIC ? "symmetric" : "other");
  cusparseDestroyMatDescr(descr);
  const int n = 3;
  double a[n * n] = {4, -2, 1, -2, 4, -2, 1, -2, 4}, b[n] = {11, -16, 17}, *da;
  cudaMalloc(&da, sizeof a);
  cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
  int lwork = -1;
  cusolverStatus_t st = cusolverDnDgetrf_bufferSize(dn, n, n, da, n, &lwork);
  printf("getrf workspace: %s\n", status_name(st));
  // the dense solve on the device
  double x[n], *db, *work;
  int *ipiv, *info, dinfo = -1;
  cudaMalloc(&db, sizeof b);
  cudaMalloc(&work, (lwork > 0 ? lwork : 1) * sizeof(double));
  cudaMalloc(&ipiv, n * sizeof(int));
  cudaMalloc(&info, sizeof(int));
  cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
  cusolverStatus_t fst = cusolverDnDgetrf(dn, n, n, da, n, work, ipiv, info);
  cusolverStatus_t sst = cusolverDnDgetrs(dn, CUBLAS_OP_N, n, 1, da, n, ipiv, db, n, info);
  cudaMemcpy(x, db, sizeof x, cudaMemcpyDeviceToHost);
  cudaMemcpy(&dinfo, info, sizeof dinfo, cudaMemcpyDeviceToHost);
  int wrong = 0, dwrong = st || fst || sst || dinfo || fabs(x[0] - 1) > 1e-12 || fabs(x[1] + 2) > 1e-12 ||
               fabs(x[2] - 3) > 1e-12;
  printf("dense solve: %d wrong\n", dwrong);
  // the sparse LU (a CSR copy of the matrix; the matrix is symmetric)
  const int rowptr[n + 1] = {0, 3, 6, 9}, colind[9] = {0, 1, 2, 0, 1, 2, 0, 1, 2};
  int singular = -2;
  cusparseMatDescr_t sd;
  cusparseCreateMatDescr(&sd);
  double xs[n] = {0, 0, 0};
  cusolverStatus_t sp1 = cusolverSpDcsrlsvluHost(sp, n, 9, sd, a, rowptr, colind, b, 1e-12, 0,
                                                 xs, &singular);
  int swrong = sp1 || singular != -1 || fabs(xs[0] - 1) > 1e-12 || fabs(xs[1] + 2) > 1e-12 ||
               fabs(xs[2] - 3) > 1e-12;
  cusparseDestroyMatDescr(sd);
  int nnzm = 0, *mp = nullptr, *mi = nullptr;
  double *mx = nullptr;
  cusolverStatus_t rst = cusolverRfAccessBundledFactorsDevice(rf, &nnzm, &mp, &mi, &mx);
  cusolverStatus_t rst2 = cusolverRfAccessBundledFactorsDevice(rf, &nnzm, &mp, &mi, &mx);
  printf("sparse solve: %d wrong, device factors: %s, again: %s\n", swrong,
         rst == CUSOLVER_STATUS_NOT_SUPPORTED ? "not supported" : "other",
         rst2 == CUSOLVER_STATUS_NOT_SUPPORTED ? "not supported" : "other");
  if (rst != CUSOLVER_STATUS_SUCCESS) host_solve(n, a, b); // the program's own fallback
  wrong += swrong;
  int hwrong = fabs(b[0] - 1) > 1e-12 || fabs(b[1] + 2) > 1e-12 || fabs(b[2] - 3) > 1e-12;
  printf("host solve: %d wrong\n", hwrong);
  wrong += hwrong + dwrong;
  cudaFree(db), cudaFree(work), cudaFree(ipiv), cudaFree(info);
  int down = cusolverSpDestroyCsrqrInfo(qr) | cusolverRfDestroy(rf) | cusolverSpDestroy(sp) |
             cusolverDnDestroy(dn);
  printf("tear-down: %s\n", down == CUSOLVER_STATUS_SUCCESS ? "ok" : "failed");
  cudaFree(da);
  return wrong;
}
