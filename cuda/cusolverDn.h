/* simulee CUDA headers: <cusolverDn.h>, cuSOLVER's dense host API
 * (written from the cuSOLVER documentation: handles, LU, Cholesky, QR,
 * symmetric / Hermitian eigenvalues and the SVD in four precisions; nothing
 * is callable from device code). runtime/solver.c computes them with
 * OpenBLAS's LAPACK. */
#ifndef SIMULEE_CUSOLVERDN_H
#define SIMULEE_CUSOLVERDN_H
#ifndef CUSOLVERDN_H_
#define CUSOLVERDN_H_
#endif
/* cuSOLVER's common types are here (NVIDIA's cusolver_common.h guard: code
 * such as CUDA's helper_cuda.h tests it for cusolverStatus_t) */
#ifndef CUSOLVER_COMMON_H_
#define CUSOLVER_COMMON_H_
#endif
#include "cublas_api.h"

typedef enum {
  CUSOLVER_STATUS_SUCCESS = 0, CUSOLVER_STATUS_NOT_INITIALIZED = 1,
  CUSOLVER_STATUS_ALLOC_FAILED = 2, CUSOLVER_STATUS_INVALID_VALUE = 3,
  CUSOLVER_STATUS_ARCH_MISMATCH = 4, CUSOLVER_STATUS_MAPPING_ERROR = 5,
  CUSOLVER_STATUS_EXECUTION_FAILED = 6, CUSOLVER_STATUS_INTERNAL_ERROR = 7,
  CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED = 8,
  CUSOLVER_STATUS_NOT_SUPPORTED = 9, CUSOLVER_STATUS_ZERO_PIVOT = 10,
  CUSOLVER_STATUS_INVALID_LICENSE = 11
} cusolverStatus_t;
typedef enum { CUSOLVER_EIG_TYPE_1 = 1, CUSOLVER_EIG_TYPE_2 = 2, CUSOLVER_EIG_TYPE_3 = 3 } cusolverEigType_t;
typedef enum { CUSOLVER_EIG_MODE_NOVECTOR = 0, CUSOLVER_EIG_MODE_VECTOR = 1 } cusolverEigMode_t;
typedef struct cusolverDnContext *cusolverDnHandle_t;

__SIM_BEGIN_C
__host__ cusolverStatus_t cusolverDnCreate(cusolverDnHandle_t *handle);
__host__ cusolverStatus_t cusolverDnDestroy(cusolverDnHandle_t handle);
__host__ cusolverStatus_t cusolverDnSetStream(cusolverDnHandle_t handle, cudaStream_t s);
__host__ cusolverStatus_t cusolverDnGetStream(cusolverDnHandle_t handle, cudaStream_t *s);
/* every precision: S float, D double, C cuComplex, Z cuDoubleComplex (R:
 * the real type of T, for eigenvalues and singular values) */
#define __SIM_SOLVER(P, T, R)                                                  \
  __host__ cusolverStatus_t cusolverDn##P##getrf_bufferSize(cusolverDnHandle_t h, int m, int n, T *a, int lda, int *lwork); \
  __host__ cusolverStatus_t cusolverDn##P##getrf(cusolverDnHandle_t h, int m, int n, T *a, int lda, T *work, int *ipiv, int *info); \
  __host__ cusolverStatus_t cusolverDn##P##getrs(cusolverDnHandle_t h, cublasOperation_t t, int n, int nrhs, const T *a, int lda, const int *ipiv, T *b, int ldb, int *info); \
  __host__ cusolverStatus_t cusolverDn##P##potrf_bufferSize(cusolverDnHandle_t h, cublasFillMode_t uplo, int n, T *a, int lda, int *lwork); \
  __host__ cusolverStatus_t cusolverDn##P##potrf(cusolverDnHandle_t h, cublasFillMode_t uplo, int n, T *a, int lda, T *work, int lwork, int *info); \
  __host__ cusolverStatus_t cusolverDn##P##potrs(cusolverDnHandle_t h, cublasFillMode_t uplo, int n, int nrhs, const T *a, int lda, T *b, int ldb, int *info); \
  __host__ cusolverStatus_t cusolverDn##P##potri_bufferSize(cusolverDnHandle_t h, cublasFillMode_t uplo, int n, T *a, int lda, int *lwork); \
  __host__ cusolverStatus_t cusolverDn##P##potri(cusolverDnHandle_t h, cublasFillMode_t uplo, int n, T *a, int lda, T *work, int lwork, int *info); \
  __host__ cusolverStatus_t cusolverDn##P##geqrf_bufferSize(cusolverDnHandle_t h, int m, int n, T *a, int lda, int *lwork); \
  __host__ cusolverStatus_t cusolverDn##P##geqrf(cusolverDnHandle_t h, int m, int n, T *a, int lda, T *tau, T *work, int lwork, int *info); \
  __host__ cusolverStatus_t cusolverDn##P##gesvd_bufferSize(cusolverDnHandle_t h, int m, int n, int *lwork); \
  __host__ cusolverStatus_t cusolverDn##P##gesvd(cusolverDnHandle_t h, signed char jobu, signed char jobvt, int m, int n, T *a, int lda, R *s, T *u, int ldu, T *vt, int ldvt, T *work, int lwork, R *rwork, int *info);
/* the real precisions' orthogonal and symmetric routines (OR: orm / org,
 * SY: sy), the complex ones' unitary and Hermitian (un, he) */
#define __SIM_SOLVER_Q(P, T, R, OR, SY)                                        \
  __host__ cusolverStatus_t cusolverDn##P##OR##mqr_bufferSize(cusolverDnHandle_t h, cublasSideMode_t side, cublasOperation_t t, int m, int n, int k, const T *a, int lda, const T *tau, const T *c, int ldc, int *lwork); \
  __host__ cusolverStatus_t cusolverDn##P##OR##mqr(cusolverDnHandle_t h, cublasSideMode_t side, cublasOperation_t t, int m, int n, int k, const T *a, int lda, const T *tau, T *c, int ldc, T *work, int lwork, int *info); \
  __host__ cusolverStatus_t cusolverDn##P##OR##gqr_bufferSize(cusolverDnHandle_t h, int m, int n, int k, const T *a, int lda, const T *tau, int *lwork); \
  __host__ cusolverStatus_t cusolverDn##P##OR##gqr(cusolverDnHandle_t h, int m, int n, int k, T *a, int lda, const T *tau, T *work, int lwork, int *info); \
  __host__ cusolverStatus_t cusolverDn##P##SY##evd_bufferSize(cusolverDnHandle_t h, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n, const T *a, int lda, const R *w, int *lwork); \
  __host__ cusolverStatus_t cusolverDn##P##SY##evd(cusolverDnHandle_t h, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n, T *a, int lda, R *w, T *work, int lwork, int *info);
__SIM_SOLVER(S, float, float)
__SIM_SOLVER(D, double, double)
__SIM_SOLVER(C, cuComplex, float)
__SIM_SOLVER(Z, cuDoubleComplex, double)
__SIM_SOLVER_Q(S, float, float, or, sy)
__SIM_SOLVER_Q(D, double, double, or, sy)
__SIM_SOLVER_Q(C, cuComplex, float, un, he)
__SIM_SOLVER_Q(Z, cuDoubleComplex, double, un, he)
#undef __SIM_SOLVER
#undef __SIM_SOLVER_Q
__SIM_END_C
#endif
