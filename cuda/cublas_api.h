/* simulee CUDA headers: cuBLAS's host API.
 *
 * Written for simulee from the cuBLAS documentation. Host code that calls
 * cuBLAS compiles; under `simulee run` (runtime/blas.c, on OpenBLAS) the
 * handles, the copies and the float and double functions of levels 1-3 run;
 * a program that calls any other function declared here does not link (the
 * error names it). Nothing is callable from device code (a kernel that calls
 * a cuBLAS function is a clang error naming it). <cublas_v2.h> and
 * <cublas.h> include this file. */
#ifndef SIMULEE_CUBLAS_API_H
#define SIMULEE_CUBLAS_API_H
#ifndef CUBLAS_API_H_
#define CUBLAS_API_H_
#endif

#include "cuda_runtime.h"
#include "cuComplex.h"
#include <stdint.h> /* int64_t of the _64 API, also in C */
#include "cuda_fp16.h"
#include "cuda_bf16.h"
#include "library_types.h"

typedef cudaDataType cublasDataType_t;

typedef enum {
  CUBLAS_STATUS_SUCCESS = 0,
  CUBLAS_STATUS_NOT_INITIALIZED = 1,
  CUBLAS_STATUS_ALLOC_FAILED = 3,
  CUBLAS_STATUS_INVALID_VALUE = 7,
  CUBLAS_STATUS_ARCH_MISMATCH = 8,
  CUBLAS_STATUS_MAPPING_ERROR = 11,
  CUBLAS_STATUS_EXECUTION_FAILED = 13,
  CUBLAS_STATUS_INTERNAL_ERROR = 14,
  CUBLAS_STATUS_NOT_SUPPORTED = 15,
  CUBLAS_STATUS_LICENSE_ERROR = 16
} cublasStatus_t;
typedef enum { CUBLAS_FILL_MODE_LOWER = 0, CUBLAS_FILL_MODE_UPPER = 1, CUBLAS_FILL_MODE_FULL = 2 } cublasFillMode_t;
typedef enum { CUBLAS_DIAG_NON_UNIT = 0, CUBLAS_DIAG_UNIT = 1 } cublasDiagType_t;
typedef enum { CUBLAS_SIDE_LEFT = 0, CUBLAS_SIDE_RIGHT = 1 } cublasSideMode_t;
typedef enum {
  CUBLAS_OP_N = 0,
  CUBLAS_OP_T = 1,
  CUBLAS_OP_C = 2,
  CUBLAS_OP_HERMITAN = 2,
  CUBLAS_OP_CONJG = 3
} cublasOperation_t;
typedef enum { CUBLAS_POINTER_MODE_HOST = 0, CUBLAS_POINTER_MODE_DEVICE = 1 } cublasPointerMode_t;
typedef enum { CUBLAS_ATOMICS_NOT_ALLOWED = 0, CUBLAS_ATOMICS_ALLOWED = 1 } cublasAtomicsMode_t;
typedef enum {
  CUBLAS_DEFAULT_MATH = 0,
  CUBLAS_TENSOR_OP_MATH = 1,
  CUBLAS_PEDANTIC_MATH = 2,
  CUBLAS_TF32_TENSOR_OP_MATH = 3
} cublasMath_t;
typedef enum {
  CUBLAS_GEMM_DEFAULT = -1,
  CUBLAS_GEMM_DFALT = -1,
  CUBLAS_GEMM_DEFAULT_TENSOR_OP = 99,
  CUBLAS_GEMM_DFALT_TENSOR_OP = 99
} cublasGemmAlgo_t;
typedef enum {
  CUBLAS_COMPUTE_16F = 64,
  CUBLAS_COMPUTE_32F = 68,
  CUBLAS_COMPUTE_32F_FAST_16F = 74,
  CUBLAS_COMPUTE_32F_FAST_16BF = 75,
  CUBLAS_COMPUTE_32F_FAST_TF32 = 77,
  CUBLAS_COMPUTE_64F = 70,
  CUBLAS_COMPUTE_32I = 72
} cublasComputeType_t;
typedef struct cublasContext *cublasHandle_t;

typedef void (*cublasLogCallback)(const char *msg);

__SIM_BEGIN_C
__host__ cublasStatus_t cublasCreate_v2(cublasHandle_t *handle);
__host__ cublasStatus_t cublasDestroy_v2(cublasHandle_t handle);
__host__ cublasStatus_t cublasGetVersion_v2(cublasHandle_t handle, int *version);
__host__ cublasStatus_t cublasSetStream_v2(cublasHandle_t handle, cudaStream_t s);
__host__ cublasStatus_t cublasGetStream_v2(cublasHandle_t handle, cudaStream_t *s);
__host__ cublasStatus_t cublasSetPointerMode_v2(cublasHandle_t h, cublasPointerMode_t m);
__host__ cublasStatus_t cublasGetPointerMode_v2(cublasHandle_t h, cublasPointerMode_t *m);
__host__ cublasStatus_t cublasSetMathMode(cublasHandle_t h, cublasMath_t m);
__host__ cublasStatus_t cublasGetMathMode(cublasHandle_t h, cublasMath_t *m);
__host__ const char *cublasGetStatusString(cublasStatus_t status);
__host__ const char *cublasGetStatusName(cublasStatus_t status);
__host__ cublasStatus_t cublasSetVector(int n, int elem_size, const void *x, int incx, void *y, int incy);
__host__ cublasStatus_t cublasGetVector(int n, int elem_size, const void *x, int incx, void *y, int incy);
__host__ cublasStatus_t cublasSetMatrix(int rows, int cols, int elem_size, const void *a, int lda, void *b, int ldb);
__host__ cublasStatus_t cublasGetMatrix(int rows, int cols, int elem_size, const void *a, int lda, void *b, int ldb);
__host__ cublasStatus_t cublasSetVectorAsync(int n, int elem_size, const void *x, int incx, void *y, int incy, cudaStream_t s);
__host__ cublasStatus_t cublasGetVectorAsync(int n, int elem_size, const void *x, int incx, void *y, int incy, cudaStream_t s);
__host__ cublasStatus_t cublasSetMatrixAsync(int rows, int cols, int elem_size, const void *a, int lda, void *b, int ldb, cudaStream_t s);
__host__ cublasStatus_t cublasGetMatrixAsync(int rows, int cols, int elem_size, const void *a, int lda, void *b, int ldb, cudaStream_t s);
#define __SIM_BLAS1(P, T, RT)                                                  \
  __host__ cublasStatus_t cublas##P##axpy_v2(cublasHandle_t h, int n, const T *alpha, const T *x, int incx, T *y, int incy); \
  __host__ cublasStatus_t cublas##P##scal_v2(cublasHandle_t h, int n, const T *alpha, T *x, int incx); \
  __host__ cublasStatus_t cublas##P##copy_v2(cublasHandle_t h, int n, const T *x, int incx, T *y, int incy); \
  __host__ cublasStatus_t cublas##P##swap_v2(cublasHandle_t h, int n, T *x, int incx, T *y, int incy); \
  __host__ cublasStatus_t cublas##P##gemv_v2(cublasHandle_t h, cublasOperation_t t, int m, int n, const T *alpha, const T *a, int lda, const T *x, int incx, const T *beta, T *y, int incy); \
  __host__ cublasStatus_t cublas##P##gemm_v2(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, const T *alpha, const T *a, int lda, const T *b, int ldb, const T *beta, T *c, int ldc); \
  __host__ cublasStatus_t cublas##P##gemmBatched(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, const T *alpha, const T *const a[], int lda, const T *const b[], int ldb, const T *beta, T *const c[], int ldc, int batch); \
  __host__ cublasStatus_t cublas##P##gemmStridedBatched(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, const T *alpha, const T *a, int lda, long long sa, const T *b, int ldb, long long sb, const T *beta, T *c, int ldc, long long sc, int batch); \
  __host__ cublasStatus_t cublas##P##trsm_v2(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo, cublasOperation_t t, cublasDiagType_t diag, int m, int n, const T *alpha, const T *a, int lda, T *b, int ldb); \
  __host__ cublasStatus_t cublas##P##geam(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, const T *alpha, const T *a, int lda, const T *beta, const T *b, int ldb, T *c, int ldc);
__SIM_BLAS1(S, float, float)
__SIM_BLAS1(D, double, double)
__SIM_BLAS1(C, cuComplex, float)
__SIM_BLAS1(Z, cuDoubleComplex, double)
#undef __SIM_BLAS1
__host__ cublasStatus_t cublasSdot_v2(cublasHandle_t h, int n, const float *x, int incx, const float *y, int incy, float *result);
__host__ cublasStatus_t cublasDdot_v2(cublasHandle_t h, int n, const double *x, int incx, const double *y, int incy, double *result);
__host__ cublasStatus_t cublasSnrm2_v2(cublasHandle_t h, int n, const float *x, int incx, float *result);
__host__ cublasStatus_t cublasDnrm2_v2(cublasHandle_t h, int n, const double *x, int incx, double *result);
__host__ cublasStatus_t cublasSasum_v2(cublasHandle_t h, int n, const float *x, int incx, float *result);
__host__ cublasStatus_t cublasDasum_v2(cublasHandle_t h, int n, const double *x, int incx, double *result);
__host__ cublasStatus_t cublasIsamax_v2(cublasHandle_t h, int n, const float *x, int incx, int *result);
__host__ cublasStatus_t cublasIdamax_v2(cublasHandle_t h, int n, const double *x, int incx, int *result);
__host__ cublasStatus_t cublasHgemm(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, const __half *alpha, const __half *a, int lda, const __half *b, int ldb, const __half *beta, __half *c, int ldc);
__host__ cublasStatus_t cublasGemmEx(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, const void *alpha, const void *a, cudaDataType at, int lda, const void *b, cudaDataType bt, int ldb, const void *beta, void *c, cudaDataType ct, int ldc, cublasComputeType_t compute, cublasGemmAlgo_t algo);
/* ---- the rest of the cuBLAS API host code calls most (declaration-only) */
__host__ cublasStatus_t cublasSetAtomicsMode(cublasHandle_t h, cublasAtomicsMode_t m);
__host__ cublasStatus_t cublasGetAtomicsMode(cublasHandle_t h, cublasAtomicsMode_t *m);
__host__ cublasStatus_t cublasSetWorkspace_v2(cublasHandle_t h, void *ws, size_t bytes);
__host__ cublasStatus_t cublasGetProperty(libraryPropertyType type, int *value);
__host__ size_t cublasGetCudartVersion(void);
#define __SIM_BLAS2(P, T, R)                                                   \
  __host__ cublasStatus_t cublas##P##rot_v2(cublasHandle_t h, int n, T *x, int incx, T *y, int incy, const R *c, const T *s); \
  __host__ cublasStatus_t cublas##P##rotg_v2(cublasHandle_t h, T *a, T *b, R *c, T *s); \
  __host__ cublasStatus_t cublas##P##ger_v2(cublasHandle_t h, int m, int n, const T *alpha, const T *x, int incx, const T *y, int incy, T *a, int lda); \
  __host__ cublasStatus_t cublas##P##symv_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const T *alpha, const T *a, int lda, const T *x, int incx, const T *beta, T *y, int incy); \
  __host__ cublasStatus_t cublas##P##syr_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const T *alpha, const T *x, int incx, T *a, int lda); \
  __host__ cublasStatus_t cublas##P##gbmv_v2(cublasHandle_t h, cublasOperation_t t, int m, int n, int kl, int ku, const T *alpha, const T *a, int lda, const T *x, int incx, const T *beta, T *y, int incy); \
  __host__ cublasStatus_t cublas##P##trmv_v2(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t t, cublasDiagType_t diag, int n, const T *a, int lda, T *x, int incx); \
  __host__ cublasStatus_t cublas##P##trsv_v2(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t t, cublasDiagType_t diag, int n, const T *a, int lda, T *x, int incx); \
  __host__ cublasStatus_t cublas##P##symm_v2(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo, int m, int n, const T *alpha, const T *a, int lda, const T *b, int ldb, const T *beta, T *c, int ldc); \
  __host__ cublasStatus_t cublas##P##syrk_v2(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t t, int n, int k, const T *alpha, const T *a, int lda, const T *beta, T *c, int ldc); \
  __host__ cublasStatus_t cublas##P##syr2k_v2(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t t, int n, int k, const T *alpha, const T *a, int lda, const T *b, int ldb, const T *beta, T *c, int ldc); \
  __host__ cublasStatus_t cublas##P##trmm_v2(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo, cublasOperation_t t, cublasDiagType_t diag, int m, int n, const T *alpha, const T *a, int lda, const T *b, int ldb, T *c, int ldc); \
  __host__ cublasStatus_t cublas##P##dgmm(cublasHandle_t h, cublasSideMode_t mode, int m, int n, const T *a, int lda, const T *x, int incx, T *c, int ldc); \
  __host__ cublasStatus_t cublas##P##getrfBatched(cublasHandle_t h, int n, T *const a[], int lda, int *piv, int *info, int batch); \
  __host__ cublasStatus_t cublas##P##getrsBatched(cublasHandle_t h, cublasOperation_t t, int n, int nrhs, const T *const a[], int lda, const int *piv, T *const b[], int ldb, int *info, int batch); \
  __host__ cublasStatus_t cublas##P##getriBatched(cublasHandle_t h, int n, const T *const a[], int lda, const int *piv, T *const c[], int ldc, int *info, int batch); \
  __host__ cublasStatus_t cublas##P##matinvBatched(cublasHandle_t h, int n, const T *const a[], int lda, T *const ainv[], int lda_inv, int *info, int batch); \
  __host__ cublasStatus_t cublas##P##trsmBatched(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo, cublasOperation_t t, cublasDiagType_t diag, int m, int n, const T *alpha, const T *const a[], int lda, T *const b[], int ldb, int batch); \
  __host__ cublasStatus_t cublas##P##geqrfBatched(cublasHandle_t h, int m, int n, T *const a[], int lda, T *const tau[], int *info, int batch);
__SIM_BLAS2(S, float, float)
__SIM_BLAS2(D, double, double)
__SIM_BLAS2(C, cuComplex, float)
__SIM_BLAS2(Z, cuDoubleComplex, double)
#undef __SIM_BLAS2
__host__ cublasStatus_t cublasCdotu_v2(cublasHandle_t h, int n, const cuComplex *x, int incx, const cuComplex *y, int incy, cuComplex *result);
__host__ cublasStatus_t cublasCdotc_v2(cublasHandle_t h, int n, const cuComplex *x, int incx, const cuComplex *y, int incy, cuComplex *result);
__host__ cublasStatus_t cublasZdotu_v2(cublasHandle_t h, int n, const cuDoubleComplex *x, int incx, const cuDoubleComplex *y, int incy, cuDoubleComplex *result);
__host__ cublasStatus_t cublasZdotc_v2(cublasHandle_t h, int n, const cuDoubleComplex *x, int incx, const cuDoubleComplex *y, int incy, cuDoubleComplex *result);
__host__ cublasStatus_t cublasScnrm2_v2(cublasHandle_t h, int n, const cuComplex *x, int incx, float *result);
__host__ cublasStatus_t cublasDznrm2_v2(cublasHandle_t h, int n, const cuDoubleComplex *x, int incx, double *result);
__host__ cublasStatus_t cublasIsamin_v2(cublasHandle_t h, int n, const float *x, int incx, int *result);
__host__ cublasStatus_t cublasIdamin_v2(cublasHandle_t h, int n, const double *x, int incx, int *result);
__host__ cublasStatus_t cublasCsscal_v2(cublasHandle_t h, int n, const float *alpha, cuComplex *x, int incx);
__host__ cublasStatus_t cublasZdscal_v2(cublasHandle_t h, int n, const double *alpha, cuDoubleComplex *x, int incx);
__host__ cublasStatus_t cublasCherk_v2(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t t, int n, int k, const float *alpha, const cuComplex *a, int lda, const float *beta, cuComplex *c, int ldc);
__host__ cublasStatus_t cublasZherk_v2(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t t, int n, int k, const double *alpha, const cuDoubleComplex *a, int lda, const double *beta, cuDoubleComplex *c, int ldc);
__host__ cublasStatus_t cublasCgemm3m(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, const cuComplex *alpha, const cuComplex *a, int lda, const cuComplex *b, int ldb, const cuComplex *beta, cuComplex *c, int ldc);
__host__ cublasStatus_t cublasHgemmBatched(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, const __half *alpha, const __half *const a[], int lda, const __half *const b[], int ldb, const __half *beta, __half *const c[], int ldc, int batch);
__host__ cublasStatus_t cublasHgemmStridedBatched(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, const __half *alpha, const __half *a, int lda, long long sa, const __half *b, int ldb, long long sb, const __half *beta, __half *c, int ldc, long long sc, int batch);
__host__ cublasStatus_t cublasSgemmEx(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, const float *alpha, const void *a, cudaDataType at, int lda, const void *b, cudaDataType bt, int ldb, const float *beta, void *c, cudaDataType ct, int ldc);
__host__ cublasStatus_t cublasGemmBatchedEx(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, const void *alpha, const void *const a[], cudaDataType at, int lda, const void *const b[], cudaDataType bt, int ldb, const void *beta, void *const c[], cudaDataType ct, int ldc, int batch, cublasComputeType_t compute, cublasGemmAlgo_t algo);
__host__ cublasStatus_t cublasAxpyEx(cublasHandle_t h, int n, const void *alpha, cudaDataType alpha_t, const void *x, cudaDataType xt, int incx, void *y, cudaDataType yt, int incy, cudaDataType exec_t);
__host__ cublasStatus_t cublasDotEx(cublasHandle_t h, int n, const void *x, cudaDataType xt, int incx, const void *y, cudaDataType yt, int incy, void *result, cudaDataType rt, cudaDataType exec_t);
__host__ cublasStatus_t cublasNrm2Ex(cublasHandle_t h, int n, const void *x, cudaDataType xt, int incx, void *result, cudaDataType rt, cudaDataType exec_t);
__host__ cublasStatus_t cublasScalEx(cublasHandle_t h, int n, const void *alpha, cudaDataType alpha_t, void *x, cudaDataType xt, int incx, cudaDataType exec_t);
__host__ cublasStatus_t cublasGemmStridedBatchedEx(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, const void *alpha, const void *a, cudaDataType at, int lda, long long sa, const void *b, cudaDataType bt, int ldb, long long sb, const void *beta, void *c, cudaDataType ct, int ldc, long long sc, int batch, cublasComputeType_t compute, cublasGemmAlgo_t algo);
/* ---- the rest of CUDA 12's cuBLAS API: the 64-bit (_64) entry points, the
 * complex, mixed-type and batched functions (CUDA 12's signatures). Those
 * simulee does not compute return CUBLAS_STATUS_NOT_SUPPORTED at run time
 * (runtime/stubs.def). */
__host__ cublasStatus_t cublasAsumEx(cublasHandle_t, int, const void *, cudaDataType, int, void *, cudaDataType, cudaDataType);
__host__ cublasStatus_t cublasAsumEx_64(cublasHandle_t, int64_t, const void *, cudaDataType, int64_t, void *, cudaDataType, cudaDataType);
__host__ cublasStatus_t cublasAxpyEx_64(cublasHandle_t, int64_t, const void *, cudaDataType, const void *, cudaDataType, int64_t, void *, cudaDataType, int64_t, cudaDataType);
__host__ cublasStatus_t cublasCaxpy_v2_64(cublasHandle_t, int64_t, const cuComplex *, const cuComplex *, int64_t, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCcopy_v2_64(cublasHandle_t, int64_t, const cuComplex *, int64_t, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCdgmm_64(cublasHandle_t, cublasSideMode_t, int64_t, int64_t, const cuComplex *, int64_t, const cuComplex *, int64_t, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCdotc_v2_64(cublasHandle_t, int64_t, const cuComplex *, int64_t, const cuComplex *, int64_t, cuComplex *);
__host__ cublasStatus_t cublasCdotu_v2_64(cublasHandle_t, int64_t, const cuComplex *, int64_t, const cuComplex *, int64_t, cuComplex *);
__host__ cublasStatus_t cublasCgbmv_v2_64(cublasHandle_t, cublasOperation_t, int64_t, int64_t, int64_t, int64_t, const cuComplex *, const cuComplex *, int64_t, const cuComplex *, int64_t, const cuComplex *, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCgeam_64(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t, const cuComplex *, const cuComplex *, int64_t, const cuComplex *, const cuComplex *, int64_t, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCgelsBatched(cublasHandle_t, cublasOperation_t, int, int, int, cuComplex *const[], int, cuComplex *const[], int, int *, int *, int);
__host__ cublasStatus_t cublasCgemm3mBatched(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const cuComplex *, const cuComplex *const[], int, const cuComplex *const[], int, const cuComplex *, cuComplex *const[], int, int);
__host__ cublasStatus_t cublasCgemm3mBatched_64(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t, int64_t, const cuComplex *, const cuComplex *const[], int64_t, const cuComplex *const[], int64_t, const cuComplex *, cuComplex *const[], int64_t, int64_t);
__host__ cublasStatus_t cublasCgemm3mEx(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const cuComplex *, const void *, cudaDataType, int, const void *, cudaDataType, int, const cuComplex *, void *, cudaDataType, int);
__host__ cublasStatus_t cublasCgemm3mEx_64(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t, int64_t, const cuComplex *, const void *, cudaDataType, int64_t, const void *, cudaDataType, int64_t, const cuComplex *, void *, cudaDataType, int64_t);
__host__ cublasStatus_t cublasCgemm3mStridedBatched(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const cuComplex *, const cuComplex *, int, long long int, const cuComplex *, int, long long int, const cuComplex *, cuComplex *, int, long long int, int);
__host__ cublasStatus_t cublasCgemm3mStridedBatched_64(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t, int64_t, const cuComplex *, const cuComplex *, int64_t, long long int, const cuComplex *, int64_t, long long int, const cuComplex *, cuComplex *, int64_t, long long int, int64_t);
__host__ cublasStatus_t cublasCgemm3m_64(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t, int64_t, const cuComplex *, const cuComplex *, int64_t, const cuComplex *, int64_t, const cuComplex *, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCgemmBatched_64(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t, int64_t, const cuComplex *, const cuComplex *const[], int64_t, const cuComplex *const[], int64_t, const cuComplex *, cuComplex *const[], int64_t, int64_t);
__host__ cublasStatus_t cublasCgemmEx(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const cuComplex *, const void *, cudaDataType, int, const void *, cudaDataType, int, const cuComplex *, void *, cudaDataType, int);
__host__ cublasStatus_t cublasCgemmEx_64(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t, int64_t, const cuComplex *, const void *, cudaDataType, int64_t, const void *, cudaDataType, int64_t, const cuComplex *, void *, cudaDataType, int64_t);
__host__ cublasStatus_t cublasCgemmStridedBatched_64(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t, int64_t, const cuComplex *, const cuComplex *, int64_t, long long int, const cuComplex *, int64_t, long long int, const cuComplex *, cuComplex *, int64_t, long long int, int64_t);
__host__ cublasStatus_t cublasCgemm_v2_64(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t, int64_t, const cuComplex *, const cuComplex *, int64_t, const cuComplex *, int64_t, const cuComplex *, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCgemvBatched(cublasHandle_t, cublasOperation_t, int, int, const cuComplex *, const cuComplex *const[], int, const cuComplex *const[], int, const cuComplex *, cuComplex *const[], int, int);
__host__ cublasStatus_t cublasCgemvBatched_64(cublasHandle_t, cublasOperation_t, int64_t, int64_t, const cuComplex *, const cuComplex *const[], int64_t, const cuComplex *const[], int64_t, const cuComplex *, cuComplex *const[], int64_t, int64_t);
__host__ cublasStatus_t cublasCgemvStridedBatched(cublasHandle_t, cublasOperation_t, int, int, const cuComplex *, const cuComplex *, int, long long int, const cuComplex *, int, long long int, const cuComplex *, cuComplex *, int, long long int, int);
__host__ cublasStatus_t cublasCgemvStridedBatched_64(cublasHandle_t, cublasOperation_t, int64_t, int64_t, const cuComplex *, const cuComplex *, int64_t, long long int, const cuComplex *, int64_t, long long int, const cuComplex *, cuComplex *, int64_t, long long int, int64_t);
__host__ cublasStatus_t cublasCgemv_v2_64(cublasHandle_t, cublasOperation_t, int64_t, int64_t, const cuComplex *, const cuComplex *, int64_t, const cuComplex *, int64_t, const cuComplex *, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCgerc_v2(cublasHandle_t, int, int, const cuComplex *, const cuComplex *, int, const cuComplex *, int, cuComplex *, int);
__host__ cublasStatus_t cublasCgerc_v2_64(cublasHandle_t, int64_t, int64_t, const cuComplex *, const cuComplex *, int64_t, const cuComplex *, int64_t, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCgeru_v2(cublasHandle_t, int, int, const cuComplex *, const cuComplex *, int, const cuComplex *, int, cuComplex *, int);
__host__ cublasStatus_t cublasCgeru_v2_64(cublasHandle_t, int64_t, int64_t, const cuComplex *, const cuComplex *, int64_t, const cuComplex *, int64_t, cuComplex *, int64_t);
__host__ cublasStatus_t cublasChbmv_v2(cublasHandle_t, cublasFillMode_t, int, int, const cuComplex *, const cuComplex *, int, const cuComplex *, int, const cuComplex *, cuComplex *, int);
__host__ cublasStatus_t cublasChbmv_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, int64_t, const cuComplex *, const cuComplex *, int64_t, const cuComplex *, int64_t, const cuComplex *, cuComplex *, int64_t);
__host__ cublasStatus_t cublasChemm_v2(cublasHandle_t, cublasSideMode_t, cublasFillMode_t, int, int, const cuComplex *, const cuComplex *, int, const cuComplex *, int, const cuComplex *, cuComplex *, int);
__host__ cublasStatus_t cublasChemm_v2_64(cublasHandle_t, cublasSideMode_t, cublasFillMode_t, int64_t, int64_t, const cuComplex *, const cuComplex *, int64_t, const cuComplex *, int64_t, const cuComplex *, cuComplex *, int64_t);
__host__ cublasStatus_t cublasChemv_v2(cublasHandle_t, cublasFillMode_t, int, const cuComplex *, const cuComplex *, int, const cuComplex *, int, const cuComplex *, cuComplex *, int);
__host__ cublasStatus_t cublasChemv_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, const cuComplex *, const cuComplex *, int64_t, const cuComplex *, int64_t, const cuComplex *, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCher2_v2(cublasHandle_t, cublasFillMode_t, int, const cuComplex *, const cuComplex *, int, const cuComplex *, int, cuComplex *, int);
__host__ cublasStatus_t cublasCher2_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, const cuComplex *, const cuComplex *, int64_t, const cuComplex *, int64_t, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCher2k_v2(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int, int, const cuComplex *, const cuComplex *, int, const cuComplex *, int, const float *, cuComplex *, int);
__host__ cublasStatus_t cublasCher2k_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int64_t, int64_t, const cuComplex *, const cuComplex *, int64_t, const cuComplex *, int64_t, const float *, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCher_v2(cublasHandle_t, cublasFillMode_t, int, const float *, const cuComplex *, int, cuComplex *, int);
__host__ cublasStatus_t cublasCher_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, const float *, const cuComplex *, int64_t, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCherk3mEx(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int, int, const float *, const void *, cudaDataType, int, const float *, void *, cudaDataType, int);
__host__ cublasStatus_t cublasCherk3mEx_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int64_t, int64_t, const float *, const void *, cudaDataType, int64_t, const float *, void *, cudaDataType, int64_t);
__host__ cublasStatus_t cublasCherkEx(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int, int, const float *, const void *, cudaDataType, int, const float *, void *, cudaDataType, int);
__host__ cublasStatus_t cublasCherkEx_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int64_t, int64_t, const float *, const void *, cudaDataType, int64_t, const float *, void *, cudaDataType, int64_t);
__host__ cublasStatus_t cublasCherk_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int64_t, int64_t, const float *, const cuComplex *, int64_t, const float *, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCherkx(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int, int, const cuComplex *, const cuComplex *, int, const cuComplex *, int, const float *, cuComplex *, int);
__host__ cublasStatus_t cublasCherkx_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int64_t, int64_t, const cuComplex *, const cuComplex *, int64_t, const cuComplex *, int64_t, const float *, cuComplex *, int64_t);
__host__ cublasStatus_t cublasChpmv_v2(cublasHandle_t, cublasFillMode_t, int, const cuComplex *, const cuComplex *, const cuComplex *, int, const cuComplex *, cuComplex *, int);
__host__ cublasStatus_t cublasChpmv_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, const cuComplex *, const cuComplex *, const cuComplex *, int64_t, const cuComplex *, cuComplex *, int64_t);
__host__ cublasStatus_t cublasChpr2_v2(cublasHandle_t, cublasFillMode_t, int, const cuComplex *, const cuComplex *, int, const cuComplex *, int, cuComplex *);
__host__ cublasStatus_t cublasChpr2_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, const cuComplex *, const cuComplex *, int64_t, const cuComplex *, int64_t, cuComplex *);
__host__ cublasStatus_t cublasChpr_v2(cublasHandle_t, cublasFillMode_t, int, const float *, const cuComplex *, int, cuComplex *);
__host__ cublasStatus_t cublasChpr_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, const float *, const cuComplex *, int64_t, cuComplex *);
__host__ cublasStatus_t cublasCopyEx(cublasHandle_t, int, const void *, cudaDataType, int, void *, cudaDataType, int);
__host__ cublasStatus_t cublasCopyEx_64(cublasHandle_t, int64_t, const void *, cudaDataType, int64_t, void *, cudaDataType, int64_t);
__host__ cublasStatus_t cublasCrot_v2_64(cublasHandle_t, int64_t, cuComplex *, int64_t, cuComplex *, int64_t, const float *, const cuComplex *);
__host__ cublasStatus_t cublasCscal_v2_64(cublasHandle_t, int64_t, const cuComplex *, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCsrot_v2(cublasHandle_t, int, cuComplex *, int, cuComplex *, int, const float *, const float *);
__host__ cublasStatus_t cublasCsrot_v2_64(cublasHandle_t, int64_t, cuComplex *, int64_t, cuComplex *, int64_t, const float *, const float *);
__host__ cublasStatus_t cublasCsscal_v2_64(cublasHandle_t, int64_t, const float *, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCswap_v2_64(cublasHandle_t, int64_t, cuComplex *, int64_t, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCsymm_v2_64(cublasHandle_t, cublasSideMode_t, cublasFillMode_t, int64_t, int64_t, const cuComplex *, const cuComplex *, int64_t, const cuComplex *, int64_t, const cuComplex *, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCsymv_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, const cuComplex *, const cuComplex *, int64_t, const cuComplex *, int64_t, const cuComplex *, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCsyr2_v2(cublasHandle_t, cublasFillMode_t, int, const cuComplex *, const cuComplex *, int, const cuComplex *, int, cuComplex *, int);
__host__ cublasStatus_t cublasCsyr2_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, const cuComplex *, const cuComplex *, int64_t, const cuComplex *, int64_t, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCsyr2k_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int64_t, int64_t, const cuComplex *, const cuComplex *, int64_t, const cuComplex *, int64_t, const cuComplex *, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCsyr_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, const cuComplex *, const cuComplex *, int64_t, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCsyrk3mEx(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int, int, const cuComplex *, const void *, cudaDataType, int, const cuComplex *, void *, cudaDataType, int);
__host__ cublasStatus_t cublasCsyrk3mEx_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int64_t, int64_t, const cuComplex *, const void *, cudaDataType, int64_t, const cuComplex *, void *, cudaDataType, int64_t);
__host__ cublasStatus_t cublasCsyrkEx(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int, int, const cuComplex *, const void *, cudaDataType, int, const cuComplex *, void *, cudaDataType, int);
__host__ cublasStatus_t cublasCsyrkEx_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int64_t, int64_t, const cuComplex *, const void *, cudaDataType, int64_t, const cuComplex *, void *, cudaDataType, int64_t);
__host__ cublasStatus_t cublasCsyrk_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int64_t, int64_t, const cuComplex *, const cuComplex *, int64_t, const cuComplex *, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCsyrkx(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int, int, const cuComplex *, const cuComplex *, int, const cuComplex *, int, const cuComplex *, cuComplex *, int);
__host__ cublasStatus_t cublasCsyrkx_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int64_t, int64_t, const cuComplex *, const cuComplex *, int64_t, const cuComplex *, int64_t, const cuComplex *, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCtbmv_v2(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int, int, const cuComplex *, int, cuComplex *, int);
__host__ cublasStatus_t cublasCtbmv_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, int64_t, const cuComplex *, int64_t, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCtbsv_v2(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int, int, const cuComplex *, int, cuComplex *, int);
__host__ cublasStatus_t cublasCtbsv_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, int64_t, const cuComplex *, int64_t, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCtpmv_v2(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int, const cuComplex *, cuComplex *, int);
__host__ cublasStatus_t cublasCtpmv_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, const cuComplex *, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCtpsv_v2(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int, const cuComplex *, cuComplex *, int);
__host__ cublasStatus_t cublasCtpsv_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, const cuComplex *, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCtpttr(cublasHandle_t, cublasFillMode_t, int, const cuComplex *, cuComplex *, int);
__host__ cublasStatus_t cublasCtrmm_v2_64(cublasHandle_t, cublasSideMode_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, int64_t, const cuComplex *, const cuComplex *, int64_t, const cuComplex *, int64_t, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCtrmv_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, const cuComplex *, int64_t, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCtrsmBatched_64(cublasHandle_t, cublasSideMode_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, int64_t, const cuComplex *, const cuComplex *const[], int64_t, cuComplex *const[], int64_t, int64_t);
__host__ cublasStatus_t cublasCtrsm_v2_64(cublasHandle_t, cublasSideMode_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, int64_t, const cuComplex *, const cuComplex *, int64_t, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCtrsv_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, const cuComplex *, int64_t, cuComplex *, int64_t);
__host__ cublasStatus_t cublasCtrttp(cublasHandle_t, cublasFillMode_t, int, const cuComplex *, int, cuComplex *);
__host__ cublasStatus_t cublasDasum_v2_64(cublasHandle_t, int64_t, const double *, int64_t, double *);
__host__ cublasStatus_t cublasDaxpy_v2_64(cublasHandle_t, int64_t, const double *, const double *, int64_t, double *, int64_t);
__host__ cublasStatus_t cublasDcopy_v2_64(cublasHandle_t, int64_t, const double *, int64_t, double *, int64_t);
__host__ cublasStatus_t cublasDdgmm_64(cublasHandle_t, cublasSideMode_t, int64_t, int64_t, const double *, int64_t, const double *, int64_t, double *, int64_t);
__host__ cublasStatus_t cublasDdot_v2_64(cublasHandle_t, int64_t, const double *, int64_t, const double *, int64_t, double *);
__host__ cublasStatus_t cublasDgbmv_v2_64(cublasHandle_t, cublasOperation_t, int64_t, int64_t, int64_t, int64_t, const double *, const double *, int64_t, const double *, int64_t, const double *, double *, int64_t);
__host__ cublasStatus_t cublasDgeam_64(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t, const double *, const double *, int64_t, const double *, const double *, int64_t, double *, int64_t);
__host__ cublasStatus_t cublasDgelsBatched(cublasHandle_t, cublasOperation_t, int, int, int, double *const[], int, double *const[], int, int *, int *, int);
__host__ cublasStatus_t cublasDgemmBatched_64(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t, int64_t, const double *, const double *const[], int64_t, const double *const[], int64_t, const double *, double *const[], int64_t, int64_t);
__host__ cublasStatus_t cublasDgemmGroupedBatched(cublasHandle_t, const cublasOperation_t[], const cublasOperation_t[], const int[], const int[], const int[], const double[], const double *const[], const int[], const double *const[], const int[], const double[], double *const[], const int[], int, const int[]);
__host__ cublasStatus_t cublasDgemmGroupedBatched_64(cublasHandle_t, const cublasOperation_t[], const cublasOperation_t[], const int64_t[], const int64_t[], const int64_t[], const double[], const double *const[], const int64_t[], const double *const[], const int64_t[], const double[], double *const[], const int64_t[], int64_t, const int64_t[]);
__host__ cublasStatus_t cublasDgemmStridedBatched_64(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t, int64_t, const double *, const double *, int64_t, long long int, const double *, int64_t, long long int, const double *, double *, int64_t, long long int, int64_t);
__host__ cublasStatus_t cublasDgemm_v2_64(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t, int64_t, const double *, const double *, int64_t, const double *, int64_t, const double *, double *, int64_t);
__host__ cublasStatus_t cublasDgemvBatched(cublasHandle_t, cublasOperation_t, int, int, const double *, const double *const[], int, const double *const[], int, const double *, double *const[], int, int);
__host__ cublasStatus_t cublasDgemvBatched_64(cublasHandle_t, cublasOperation_t, int64_t, int64_t, const double *, const double *const[], int64_t, const double *const[], int64_t, const double *, double *const[], int64_t, int64_t);
__host__ cublasStatus_t cublasDgemvStridedBatched(cublasHandle_t, cublasOperation_t, int, int, const double *, const double *, int, long long int, const double *, int, long long int, const double *, double *, int, long long int, int);
__host__ cublasStatus_t cublasDgemvStridedBatched_64(cublasHandle_t, cublasOperation_t, int64_t, int64_t, const double *, const double *, int64_t, long long int, const double *, int64_t, long long int, const double *, double *, int64_t, long long int, int64_t);
__host__ cublasStatus_t cublasDgemv_v2_64(cublasHandle_t, cublasOperation_t, int64_t, int64_t, const double *, const double *, int64_t, const double *, int64_t, const double *, double *, int64_t);
__host__ cublasStatus_t cublasDger_v2_64(cublasHandle_t, int64_t, int64_t, const double *, const double *, int64_t, const double *, int64_t, double *, int64_t);
__host__ cublasStatus_t cublasDnrm2_v2_64(cublasHandle_t, int64_t, const double *, int64_t, double *);
__host__ cublasStatus_t cublasDotEx_64(cublasHandle_t, int64_t, const void *, cudaDataType, int64_t, const void *, cudaDataType, int64_t, void *, cudaDataType, cudaDataType);
__host__ cublasStatus_t cublasDotcEx(cublasHandle_t, int, const void *, cudaDataType, int, const void *, cudaDataType, int, void *, cudaDataType, cudaDataType);
__host__ cublasStatus_t cublasDotcEx_64(cublasHandle_t, int64_t, const void *, cudaDataType, int64_t, const void *, cudaDataType, int64_t, void *, cudaDataType, cudaDataType);
__host__ cublasStatus_t cublasDrot_v2_64(cublasHandle_t, int64_t, double *, int64_t, double *, int64_t, const double *, const double *);
__host__ cublasStatus_t cublasDrotm_v2(cublasHandle_t, int, double *, int, double *, int, const double *);
__host__ cublasStatus_t cublasDrotm_v2_64(cublasHandle_t, int64_t, double *, int64_t, double *, int64_t, const double *);
__host__ cublasStatus_t cublasDrotmg_v2(cublasHandle_t, double *, double *, double *, const double *, double *);
__host__ cublasStatus_t cublasDsbmv_v2(cublasHandle_t, cublasFillMode_t, int, int, const double *, const double *, int, const double *, int, const double *, double *, int);
__host__ cublasStatus_t cublasDsbmv_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, int64_t, const double *, const double *, int64_t, const double *, int64_t, const double *, double *, int64_t);
__host__ cublasStatus_t cublasDscal_v2_64(cublasHandle_t, int64_t, const double *, double *, int64_t);
__host__ cublasStatus_t cublasDspmv_v2(cublasHandle_t, cublasFillMode_t, int, const double *, const double *, const double *, int, const double *, double *, int);
__host__ cublasStatus_t cublasDspmv_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, const double *, const double *, const double *, int64_t, const double *, double *, int64_t);
__host__ cublasStatus_t cublasDspr2_v2(cublasHandle_t, cublasFillMode_t, int, const double *, const double *, int, const double *, int, double *);
__host__ cublasStatus_t cublasDspr2_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, const double *, const double *, int64_t, const double *, int64_t, double *);
__host__ cublasStatus_t cublasDspr_v2(cublasHandle_t, cublasFillMode_t, int, const double *, const double *, int, double *);
__host__ cublasStatus_t cublasDspr_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, const double *, const double *, int64_t, double *);
__host__ cublasStatus_t cublasDswap_v2_64(cublasHandle_t, int64_t, double *, int64_t, double *, int64_t);
__host__ cublasStatus_t cublasDsymm_v2_64(cublasHandle_t, cublasSideMode_t, cublasFillMode_t, int64_t, int64_t, const double *, const double *, int64_t, const double *, int64_t, const double *, double *, int64_t);
__host__ cublasStatus_t cublasDsymv_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, const double *, const double *, int64_t, const double *, int64_t, const double *, double *, int64_t);
__host__ cublasStatus_t cublasDsyr2_v2(cublasHandle_t, cublasFillMode_t, int, const double *, const double *, int, const double *, int, double *, int);
__host__ cublasStatus_t cublasDsyr2_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, const double *, const double *, int64_t, const double *, int64_t, double *, int64_t);
__host__ cublasStatus_t cublasDsyr2k_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int64_t, int64_t, const double *, const double *, int64_t, const double *, int64_t, const double *, double *, int64_t);
__host__ cublasStatus_t cublasDsyr_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, const double *, const double *, int64_t, double *, int64_t);
__host__ cublasStatus_t cublasDsyrk_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int64_t, int64_t, const double *, const double *, int64_t, const double *, double *, int64_t);
__host__ cublasStatus_t cublasDsyrkx(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int, int, const double *, const double *, int, const double *, int, const double *, double *, int);
__host__ cublasStatus_t cublasDsyrkx_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int64_t, int64_t, const double *, const double *, int64_t, const double *, int64_t, const double *, double *, int64_t);
__host__ cublasStatus_t cublasDtbmv_v2(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int, int, const double *, int, double *, int);
__host__ cublasStatus_t cublasDtbmv_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, int64_t, const double *, int64_t, double *, int64_t);
__host__ cublasStatus_t cublasDtbsv_v2(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int, int, const double *, int, double *, int);
__host__ cublasStatus_t cublasDtbsv_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, int64_t, const double *, int64_t, double *, int64_t);
__host__ cublasStatus_t cublasDtpmv_v2(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int, const double *, double *, int);
__host__ cublasStatus_t cublasDtpmv_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, const double *, double *, int64_t);
__host__ cublasStatus_t cublasDtpsv_v2(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int, const double *, double *, int);
__host__ cublasStatus_t cublasDtpsv_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, const double *, double *, int64_t);
__host__ cublasStatus_t cublasDtpttr(cublasHandle_t, cublasFillMode_t, int, const double *, double *, int);
__host__ cublasStatus_t cublasDtrmm_v2_64(cublasHandle_t, cublasSideMode_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, int64_t, const double *, const double *, int64_t, const double *, int64_t, double *, int64_t);
__host__ cublasStatus_t cublasDtrmv_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, const double *, int64_t, double *, int64_t);
__host__ cublasStatus_t cublasDtrsmBatched_64(cublasHandle_t, cublasSideMode_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, int64_t, const double *, const double *const[], int64_t, double *const[], int64_t, int64_t);
__host__ cublasStatus_t cublasDtrsm_v2_64(cublasHandle_t, cublasSideMode_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, int64_t, const double *, const double *, int64_t, double *, int64_t);
__host__ cublasStatus_t cublasDtrsv_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, const double *, int64_t, double *, int64_t);
__host__ cublasStatus_t cublasDtrttp(cublasHandle_t, cublasFillMode_t, int, const double *, int, double *);
__host__ cublasStatus_t cublasDzasum_v2(cublasHandle_t, int, const cuDoubleComplex *, int, double *);
__host__ cublasStatus_t cublasDzasum_v2_64(cublasHandle_t, int64_t, const cuDoubleComplex *, int64_t, double *);
__host__ cublasStatus_t cublasDznrm2_v2_64(cublasHandle_t, int64_t, const cuDoubleComplex *, int64_t, double *);
__host__ cublasStatus_t cublasGemmBatchedEx_64(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t, int64_t, const void *, const void *const[], cudaDataType, int64_t, const void *const[], cudaDataType, int64_t, const void *, void *const[], cudaDataType, int64_t, int64_t, cublasComputeType_t, cublasGemmAlgo_t);
__host__ cublasStatus_t cublasGemmEx_64(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t, int64_t, const void *, const void *, cudaDataType, int64_t, const void *, cudaDataType, int64_t, const void *, void *, cudaDataType, int64_t, cublasComputeType_t, cublasGemmAlgo_t);
__host__ cublasStatus_t cublasGemmGroupedBatchedEx(cublasHandle_t, const cublasOperation_t[], const cublasOperation_t[], const int[], const int[], const int[], const void *, const void *const[], cudaDataType_t, const int[], const void *const[], cudaDataType_t, const int[], const void *, void *const[], cudaDataType_t, const int[], int, const int[], cublasComputeType_t);
__host__ cublasStatus_t cublasGemmGroupedBatchedEx_64(cublasHandle_t, const cublasOperation_t[], const cublasOperation_t[], const int64_t[], const int64_t[], const int64_t[], const void *, const void *const[], cudaDataType_t, const int64_t[], const void *const[], cudaDataType_t, const int64_t[], const void *, void *const[], cudaDataType_t, const int64_t[], int64_t, const int64_t[], cublasComputeType_t);
__host__ cublasStatus_t cublasGemmStridedBatchedEx_64(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t, int64_t, const void *, const void *, cudaDataType, int64_t, long long int, const void *, cudaDataType, int64_t, long long int, const void *, void *, cudaDataType, int64_t, long long int, int64_t, cublasComputeType_t, cublasGemmAlgo_t);
__host__ cublasStatus_t cublasGetLoggerCallback(cublasLogCallback *);
__host__ cublasStatus_t cublasGetMatrixAsync_64(int64_t, int64_t, int64_t, const void *, int64_t, void *, int64_t, cudaStream_t);
__host__ cublasStatus_t cublasGetMatrix_64(int64_t, int64_t, int64_t, const void *, int64_t, void *, int64_t);
__host__ cublasStatus_t cublasGetSmCountTarget(cublasHandle_t, int *);
__host__ cublasStatus_t cublasGetVectorAsync_64(int64_t, int64_t, const void *, int64_t, void *, int64_t, cudaStream_t);
__host__ cublasStatus_t cublasGetVector_64(int64_t, int64_t, const void *, int64_t, void *, int64_t);
__host__ cublasStatus_t cublasHSHgemvBatched(cublasHandle_t, cublasOperation_t, int, int, const float *, const __half *const[], int, const __half *const[], int, const float *, __half *const[], int, int);
__host__ cublasStatus_t cublasHSHgemvBatched_64(cublasHandle_t, cublasOperation_t, int64_t, int64_t, const float *, const __half *const[], int64_t, const __half *const[], int64_t, const float *, __half *const[], int64_t, int64_t);
__host__ cublasStatus_t cublasHSHgemvStridedBatched(cublasHandle_t, cublasOperation_t, int, int, const float *, const __half *, int, long long int, const __half *, int, long long int, const float *, __half *, int, long long int, int);
__host__ cublasStatus_t cublasHSHgemvStridedBatched_64(cublasHandle_t, cublasOperation_t, int64_t, int64_t, const float *, const __half *, int64_t, long long int, const __half *, int64_t, long long int, const float *, __half *, int64_t, long long int, int64_t);
__host__ cublasStatus_t cublasHSSgemvBatched(cublasHandle_t, cublasOperation_t, int, int, const float *, const __half *const[], int, const __half *const[], int, const float *, float *const[], int, int);
__host__ cublasStatus_t cublasHSSgemvBatched_64(cublasHandle_t, cublasOperation_t, int64_t, int64_t, const float *, const __half *const[], int64_t, const __half *const[], int64_t, const float *, float *const[], int64_t, int64_t);
__host__ cublasStatus_t cublasHSSgemvStridedBatched(cublasHandle_t, cublasOperation_t, int, int, const float *, const __half *, int, long long int, const __half *, int, long long int, const float *, float *, int, long long int, int);
__host__ cublasStatus_t cublasHSSgemvStridedBatched_64(cublasHandle_t, cublasOperation_t, int64_t, int64_t, const float *, const __half *, int64_t, long long int, const __half *, int64_t, long long int, const float *, float *, int64_t, long long int, int64_t);
__host__ cublasStatus_t cublasHgemmBatched_64(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t, int64_t, const __half *, const __half *const[], int64_t, const __half *const[], int64_t, const __half *, __half *const[], int64_t, int64_t);
__host__ cublasStatus_t cublasHgemmStridedBatched_64(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t, int64_t, const __half *, const __half *, int64_t, long long int, const __half *, int64_t, long long int, const __half *, __half *, int64_t, long long int, int64_t);
__host__ cublasStatus_t cublasHgemm_64(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t, int64_t, const __half *, const __half *, int64_t, const __half *, int64_t, const __half *, __half *, int64_t);
__host__ cublasStatus_t cublasIamaxEx(cublasHandle_t, int, const void *, cudaDataType, int, int *);
__host__ cublasStatus_t cublasIamaxEx_64(cublasHandle_t, int64_t, const void *, cudaDataType, int64_t, int64_t *);
__host__ cublasStatus_t cublasIaminEx(cublasHandle_t, int, const void *, cudaDataType, int, int *);
__host__ cublasStatus_t cublasIaminEx_64(cublasHandle_t, int64_t, const void *, cudaDataType, int64_t, int64_t *);
__host__ cublasStatus_t cublasIcamax_v2(cublasHandle_t, int, const cuComplex *, int, int *);
__host__ cublasStatus_t cublasIcamax_v2_64(cublasHandle_t, int64_t, const cuComplex *, int64_t, int64_t *);
__host__ cublasStatus_t cublasIcamin_v2(cublasHandle_t, int, const cuComplex *, int, int *);
__host__ cublasStatus_t cublasIcamin_v2_64(cublasHandle_t, int64_t, const cuComplex *, int64_t, int64_t *);
__host__ cublasStatus_t cublasIdamax_v2_64(cublasHandle_t, int64_t, const double *, int64_t, int64_t *);
__host__ cublasStatus_t cublasIdamin_v2_64(cublasHandle_t, int64_t, const double *, int64_t, int64_t *);
__host__ cublasStatus_t cublasIsamax_v2_64(cublasHandle_t, int64_t, const float *, int64_t, int64_t *);
__host__ cublasStatus_t cublasIsamin_v2_64(cublasHandle_t, int64_t, const float *, int64_t, int64_t *);
__host__ cublasStatus_t cublasIzamax_v2(cublasHandle_t, int, const cuDoubleComplex *, int, int *);
__host__ cublasStatus_t cublasIzamax_v2_64(cublasHandle_t, int64_t, const cuDoubleComplex *, int64_t, int64_t *);
__host__ cublasStatus_t cublasIzamin_v2(cublasHandle_t, int, const cuDoubleComplex *, int, int *);
__host__ cublasStatus_t cublasIzamin_v2_64(cublasHandle_t, int64_t, const cuDoubleComplex *, int64_t, int64_t *);
__host__ cublasStatus_t cublasLoggerConfigure(int, int, int, const char *);
__host__ cublasStatus_t cublasNrm2Ex_64(cublasHandle_t, int64_t, const void *, cudaDataType, int64_t, void *, cudaDataType, cudaDataType);
__host__ cublasStatus_t cublasRotEx(cublasHandle_t, int, void *, cudaDataType, int, void *, cudaDataType, int, const void *, const void *, cudaDataType, cudaDataType);
__host__ cublasStatus_t cublasRotEx_64(cublasHandle_t, int64_t, void *, cudaDataType, int64_t, void *, cudaDataType, int64_t, const void *, const void *, cudaDataType, cudaDataType);
__host__ cublasStatus_t cublasRotgEx(cublasHandle_t, void *, void *, cudaDataType, void *, void *, cudaDataType, cudaDataType);
__host__ cublasStatus_t cublasRotmEx(cublasHandle_t, int, void *, cudaDataType, int, void *, cudaDataType, int, const void *, cudaDataType, cudaDataType);
__host__ cublasStatus_t cublasRotmEx_64(cublasHandle_t, int64_t, void *, cudaDataType, int64_t, void *, cudaDataType, int64_t, const void *, cudaDataType, cudaDataType);
__host__ cublasStatus_t cublasRotmgEx(cublasHandle_t, void *, cudaDataType, void *, cudaDataType, void *, cudaDataType, const void *, cudaDataType, void *, cudaDataType, cudaDataType);
__host__ cublasStatus_t cublasSasum_v2_64(cublasHandle_t, int64_t, const float *, int64_t, float *);
__host__ cublasStatus_t cublasSaxpy_v2_64(cublasHandle_t, int64_t, const float *, const float *, int64_t, float *, int64_t);
__host__ cublasStatus_t cublasScalEx_64(cublasHandle_t, int64_t, const void *, cudaDataType, void *, cudaDataType, int64_t, cudaDataType);
__host__ cublasStatus_t cublasScasum_v2(cublasHandle_t, int, const cuComplex *, int, float *);
__host__ cublasStatus_t cublasScasum_v2_64(cublasHandle_t, int64_t, const cuComplex *, int64_t, float *);
__host__ cublasStatus_t cublasScnrm2_v2_64(cublasHandle_t, int64_t, const cuComplex *, int64_t, float *);
__host__ cublasStatus_t cublasScopy_v2_64(cublasHandle_t, int64_t, const float *, int64_t, float *, int64_t);
__host__ cublasStatus_t cublasSdgmm_64(cublasHandle_t, cublasSideMode_t, int64_t, int64_t, const float *, int64_t, const float *, int64_t, float *, int64_t);
__host__ cublasStatus_t cublasSdot_v2_64(cublasHandle_t, int64_t, const float *, int64_t, const float *, int64_t, float *);
__host__ cublasStatus_t cublasSetLoggerCallback(cublasLogCallback);
__host__ cublasStatus_t cublasSetMatrixAsync_64(int64_t, int64_t, int64_t, const void *, int64_t, void *, int64_t, cudaStream_t);
__host__ cublasStatus_t cublasSetMatrix_64(int64_t, int64_t, int64_t, const void *, int64_t, void *, int64_t);
__host__ cublasStatus_t cublasSetSmCountTarget(cublasHandle_t, int);
__host__ cublasStatus_t cublasSetVectorAsync_64(int64_t, int64_t, const void *, int64_t, void *, int64_t, cudaStream_t);
__host__ cublasStatus_t cublasSetVector_64(int64_t, int64_t, const void *, int64_t, void *, int64_t);
__host__ cublasStatus_t cublasSgbmv_v2_64(cublasHandle_t, cublasOperation_t, int64_t, int64_t, int64_t, int64_t, const float *, const float *, int64_t, const float *, int64_t, const float *, float *, int64_t);
__host__ cublasStatus_t cublasSgeam_64(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t, const float *, const float *, int64_t, const float *, const float *, int64_t, float *, int64_t);
__host__ cublasStatus_t cublasSgelsBatched(cublasHandle_t, cublasOperation_t, int, int, int, float *const[], int, float *const[], int, int *, int *, int);
__host__ cublasStatus_t cublasSgemmBatched_64(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t, int64_t, const float *, const float *const[], int64_t, const float *const[], int64_t, const float *, float *const[], int64_t, int64_t);
__host__ cublasStatus_t cublasSgemmEx_64(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t, int64_t, const float *, const void *, cudaDataType, int64_t, const void *, cudaDataType, int64_t, const float *, void *, cudaDataType, int64_t);
__host__ cublasStatus_t cublasSgemmGroupedBatched(cublasHandle_t, const cublasOperation_t[], const cublasOperation_t[], const int[], const int[], const int[], const float[], const float *const[], const int[], const float *const[], const int[], const float[], float *const[], const int[], int, const int[]);
__host__ cublasStatus_t cublasSgemmGroupedBatched_64(cublasHandle_t, const cublasOperation_t[], const cublasOperation_t[], const int64_t[], const int64_t[], const int64_t[], const float[], const float *const[], const int64_t[], const float *const[], const int64_t[], const float[], float *const[], const int64_t[], int64_t, const int64_t[]);
__host__ cublasStatus_t cublasSgemmStridedBatched_64(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t, int64_t, const float *, const float *, int64_t, long long int, const float *, int64_t, long long int, const float *, float *, int64_t, long long int, int64_t);
__host__ cublasStatus_t cublasSgemm_v2_64(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t, int64_t, const float *, const float *, int64_t, const float *, int64_t, const float *, float *, int64_t);
__host__ cublasStatus_t cublasSgemvBatched(cublasHandle_t, cublasOperation_t, int, int, const float *, const float *const[], int, const float *const[], int, const float *, float *const[], int, int);
__host__ cublasStatus_t cublasSgemvBatched_64(cublasHandle_t, cublasOperation_t, int64_t, int64_t, const float *, const float *const[], int64_t, const float *const[], int64_t, const float *, float *const[], int64_t, int64_t);
__host__ cublasStatus_t cublasSgemvStridedBatched(cublasHandle_t, cublasOperation_t, int, int, const float *, const float *, int, long long int, const float *, int, long long int, const float *, float *, int, long long int, int);
__host__ cublasStatus_t cublasSgemvStridedBatched_64(cublasHandle_t, cublasOperation_t, int64_t, int64_t, const float *, const float *, int64_t, long long int, const float *, int64_t, long long int, const float *, float *, int64_t, long long int, int64_t);
__host__ cublasStatus_t cublasSgemv_v2_64(cublasHandle_t, cublasOperation_t, int64_t, int64_t, const float *, const float *, int64_t, const float *, int64_t, const float *, float *, int64_t);
__host__ cublasStatus_t cublasSger_v2_64(cublasHandle_t, int64_t, int64_t, const float *, const float *, int64_t, const float *, int64_t, float *, int64_t);
__host__ cublasStatus_t cublasSnrm2_v2_64(cublasHandle_t, int64_t, const float *, int64_t, float *);
__host__ cublasStatus_t cublasSrot_v2_64(cublasHandle_t, int64_t, float *, int64_t, float *, int64_t, const float *, const float *);
__host__ cublasStatus_t cublasSrotm_v2(cublasHandle_t, int, float *, int, float *, int, const float *);
__host__ cublasStatus_t cublasSrotm_v2_64(cublasHandle_t, int64_t, float *, int64_t, float *, int64_t, const float *);
__host__ cublasStatus_t cublasSrotmg_v2(cublasHandle_t, float *, float *, float *, const float *, float *);
__host__ cublasStatus_t cublasSsbmv_v2(cublasHandle_t, cublasFillMode_t, int, int, const float *, const float *, int, const float *, int, const float *, float *, int);
__host__ cublasStatus_t cublasSsbmv_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, int64_t, const float *, const float *, int64_t, const float *, int64_t, const float *, float *, int64_t);
__host__ cublasStatus_t cublasSscal_v2_64(cublasHandle_t, int64_t, const float *, float *, int64_t);
__host__ cublasStatus_t cublasSspmv_v2(cublasHandle_t, cublasFillMode_t, int, const float *, const float *, const float *, int, const float *, float *, int);
__host__ cublasStatus_t cublasSspmv_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, const float *, const float *, const float *, int64_t, const float *, float *, int64_t);
__host__ cublasStatus_t cublasSspr2_v2(cublasHandle_t, cublasFillMode_t, int, const float *, const float *, int, const float *, int, float *);
__host__ cublasStatus_t cublasSspr2_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, const float *, const float *, int64_t, const float *, int64_t, float *);
__host__ cublasStatus_t cublasSspr_v2(cublasHandle_t, cublasFillMode_t, int, const float *, const float *, int, float *);
__host__ cublasStatus_t cublasSspr_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, const float *, const float *, int64_t, float *);
__host__ cublasStatus_t cublasSswap_v2_64(cublasHandle_t, int64_t, float *, int64_t, float *, int64_t);
__host__ cublasStatus_t cublasSsymm_v2_64(cublasHandle_t, cublasSideMode_t, cublasFillMode_t, int64_t, int64_t, const float *, const float *, int64_t, const float *, int64_t, const float *, float *, int64_t);
__host__ cublasStatus_t cublasSsymv_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, const float *, const float *, int64_t, const float *, int64_t, const float *, float *, int64_t);
__host__ cublasStatus_t cublasSsyr2_v2(cublasHandle_t, cublasFillMode_t, int, const float *, const float *, int, const float *, int, float *, int);
__host__ cublasStatus_t cublasSsyr2_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, const float *, const float *, int64_t, const float *, int64_t, float *, int64_t);
__host__ cublasStatus_t cublasSsyr2k_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int64_t, int64_t, const float *, const float *, int64_t, const float *, int64_t, const float *, float *, int64_t);
__host__ cublasStatus_t cublasSsyr_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, const float *, const float *, int64_t, float *, int64_t);
__host__ cublasStatus_t cublasSsyrk_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int64_t, int64_t, const float *, const float *, int64_t, const float *, float *, int64_t);
__host__ cublasStatus_t cublasSsyrkx(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int, int, const float *, const float *, int, const float *, int, const float *, float *, int);
__host__ cublasStatus_t cublasSsyrkx_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int64_t, int64_t, const float *, const float *, int64_t, const float *, int64_t, const float *, float *, int64_t);
__host__ cublasStatus_t cublasStbmv_v2(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int, int, const float *, int, float *, int);
__host__ cublasStatus_t cublasStbmv_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, int64_t, const float *, int64_t, float *, int64_t);
__host__ cublasStatus_t cublasStbsv_v2(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int, int, const float *, int, float *, int);
__host__ cublasStatus_t cublasStbsv_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, int64_t, const float *, int64_t, float *, int64_t);
__host__ cublasStatus_t cublasStpmv_v2(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int, const float *, float *, int);
__host__ cublasStatus_t cublasStpmv_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, const float *, float *, int64_t);
__host__ cublasStatus_t cublasStpsv_v2(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int, const float *, float *, int);
__host__ cublasStatus_t cublasStpsv_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, const float *, float *, int64_t);
__host__ cublasStatus_t cublasStpttr(cublasHandle_t, cublasFillMode_t, int, const float *, float *, int);
__host__ cublasStatus_t cublasStrmm_v2_64(cublasHandle_t, cublasSideMode_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, int64_t, const float *, const float *, int64_t, const float *, int64_t, float *, int64_t);
__host__ cublasStatus_t cublasStrmv_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, const float *, int64_t, float *, int64_t);
__host__ cublasStatus_t cublasStrsmBatched_64(cublasHandle_t, cublasSideMode_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, int64_t, const float *, const float *const[], int64_t, float *const[], int64_t, int64_t);
__host__ cublasStatus_t cublasStrsm_v2_64(cublasHandle_t, cublasSideMode_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, int64_t, const float *, const float *, int64_t, float *, int64_t);
__host__ cublasStatus_t cublasStrsv_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, const float *, int64_t, float *, int64_t);
__host__ cublasStatus_t cublasStrttp(cublasHandle_t, cublasFillMode_t, int, const float *, int, float *);
__host__ cublasStatus_t cublasSwapEx(cublasHandle_t, int, void *, cudaDataType, int, void *, cudaDataType, int);
__host__ cublasStatus_t cublasSwapEx_64(cublasHandle_t, int64_t, void *, cudaDataType, int64_t, void *, cudaDataType, int64_t);
__host__ cublasStatus_t cublasTSSgemvBatched(cublasHandle_t, cublasOperation_t, int, int, const float *, const __nv_bfloat16 *const[], int, const __nv_bfloat16 *const[], int, const float *, float *const[], int, int);
__host__ cublasStatus_t cublasTSSgemvBatched_64(cublasHandle_t, cublasOperation_t, int64_t, int64_t, const float *, const __nv_bfloat16 *const[], int64_t, const __nv_bfloat16 *const[], int64_t, const float *, float *const[], int64_t, int64_t);
__host__ cublasStatus_t cublasTSSgemvStridedBatched(cublasHandle_t, cublasOperation_t, int, int, const float *, const __nv_bfloat16 *, int, long long int, const __nv_bfloat16 *, int, long long int, const float *, float *, int, long long int, int);
__host__ cublasStatus_t cublasTSSgemvStridedBatched_64(cublasHandle_t, cublasOperation_t, int64_t, int64_t, const float *, const __nv_bfloat16 *, int64_t, long long int, const __nv_bfloat16 *, int64_t, long long int, const float *, float *, int64_t, long long int, int64_t);
__host__ cublasStatus_t cublasTSTgemvBatched(cublasHandle_t, cublasOperation_t, int, int, const float *, const __nv_bfloat16 *const[], int, const __nv_bfloat16 *const[], int, const float *, __nv_bfloat16 *const[], int, int);
__host__ cublasStatus_t cublasTSTgemvBatched_64(cublasHandle_t, cublasOperation_t, int64_t, int64_t, const float *, const __nv_bfloat16 *const[], int64_t, const __nv_bfloat16 *const[], int64_t, const float *, __nv_bfloat16 *const[], int64_t, int64_t);
__host__ cublasStatus_t cublasTSTgemvStridedBatched(cublasHandle_t, cublasOperation_t, int, int, const float *, const __nv_bfloat16 *, int, long long int, const __nv_bfloat16 *, int, long long int, const float *, __nv_bfloat16 *, int, long long int, int);
__host__ cublasStatus_t cublasTSTgemvStridedBatched_64(cublasHandle_t, cublasOperation_t, int64_t, int64_t, const float *, const __nv_bfloat16 *, int64_t, long long int, const __nv_bfloat16 *, int64_t, long long int, const float *, __nv_bfloat16 *, int64_t, long long int, int64_t);
__host__ cublasStatus_t cublasUint8gemmBias(cublasHandle_t, cublasOperation_t, cublasOperation_t, cublasOperation_t, int, int, int, const unsigned char *, int, int, const unsigned char *, int, int, unsigned char *, int, int, int, int);
__host__ cublasStatus_t cublasZaxpy_v2_64(cublasHandle_t, int64_t, const cuDoubleComplex *, const cuDoubleComplex *, int64_t, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZcopy_v2_64(cublasHandle_t, int64_t, const cuDoubleComplex *, int64_t, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZdgmm_64(cublasHandle_t, cublasSideMode_t, int64_t, int64_t, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, int64_t, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZdotc_v2_64(cublasHandle_t, int64_t, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, int64_t, cuDoubleComplex *);
__host__ cublasStatus_t cublasZdotu_v2_64(cublasHandle_t, int64_t, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, int64_t, cuDoubleComplex *);
__host__ cublasStatus_t cublasZdrot_v2(cublasHandle_t, int, cuDoubleComplex *, int, cuDoubleComplex *, int, const double *, const double *);
__host__ cublasStatus_t cublasZdrot_v2_64(cublasHandle_t, int64_t, cuDoubleComplex *, int64_t, cuDoubleComplex *, int64_t, const double *, const double *);
__host__ cublasStatus_t cublasZdscal_v2_64(cublasHandle_t, int64_t, const double *, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZgbmv_v2_64(cublasHandle_t, cublasOperation_t, int64_t, int64_t, int64_t, int64_t, const cuDoubleComplex *, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZgeam_64(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t, const cuDoubleComplex *, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, const cuDoubleComplex *, int64_t, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZgelsBatched(cublasHandle_t, cublasOperation_t, int, int, int, cuDoubleComplex *const[], int, cuDoubleComplex *const[], int, int *, int *, int);
__host__ cublasStatus_t cublasZgemm3m(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const cuDoubleComplex *, const cuDoubleComplex *, int, const cuDoubleComplex *, int, const cuDoubleComplex *, cuDoubleComplex *, int);
__host__ cublasStatus_t cublasZgemm3m_64(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t, int64_t, const cuDoubleComplex *, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZgemmBatched_64(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t, int64_t, const cuDoubleComplex *, const cuDoubleComplex *const[], int64_t, const cuDoubleComplex *const[], int64_t, const cuDoubleComplex *, cuDoubleComplex *const[], int64_t, int64_t);
__host__ cublasStatus_t cublasZgemmStridedBatched_64(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t, int64_t, const cuDoubleComplex *, const cuDoubleComplex *, int64_t, long long int, const cuDoubleComplex *, int64_t, long long int, const cuDoubleComplex *, cuDoubleComplex *, int64_t, long long int, int64_t);
__host__ cublasStatus_t cublasZgemm_v2_64(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t, int64_t, const cuDoubleComplex *, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZgemvBatched(cublasHandle_t, cublasOperation_t, int, int, const cuDoubleComplex *, const cuDoubleComplex *const[], int, const cuDoubleComplex *const[], int, const cuDoubleComplex *, cuDoubleComplex *const[], int, int);
__host__ cublasStatus_t cublasZgemvBatched_64(cublasHandle_t, cublasOperation_t, int64_t, int64_t, const cuDoubleComplex *, const cuDoubleComplex *const[], int64_t, const cuDoubleComplex *const[], int64_t, const cuDoubleComplex *, cuDoubleComplex *const[], int64_t, int64_t);
__host__ cublasStatus_t cublasZgemvStridedBatched(cublasHandle_t, cublasOperation_t, int, int, const cuDoubleComplex *, const cuDoubleComplex *, int, long long int, const cuDoubleComplex *, int, long long int, const cuDoubleComplex *, cuDoubleComplex *, int, long long int, int);
__host__ cublasStatus_t cublasZgemvStridedBatched_64(cublasHandle_t, cublasOperation_t, int64_t, int64_t, const cuDoubleComplex *, const cuDoubleComplex *, int64_t, long long int, const cuDoubleComplex *, int64_t, long long int, const cuDoubleComplex *, cuDoubleComplex *, int64_t, long long int, int64_t);
__host__ cublasStatus_t cublasZgemv_v2_64(cublasHandle_t, cublasOperation_t, int64_t, int64_t, const cuDoubleComplex *, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZgerc_v2(cublasHandle_t, int, int, const cuDoubleComplex *, const cuDoubleComplex *, int, const cuDoubleComplex *, int, cuDoubleComplex *, int);
__host__ cublasStatus_t cublasZgerc_v2_64(cublasHandle_t, int64_t, int64_t, const cuDoubleComplex *, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, int64_t, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZgeru_v2(cublasHandle_t, int, int, const cuDoubleComplex *, const cuDoubleComplex *, int, const cuDoubleComplex *, int, cuDoubleComplex *, int);
__host__ cublasStatus_t cublasZgeru_v2_64(cublasHandle_t, int64_t, int64_t, const cuDoubleComplex *, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, int64_t, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZhbmv_v2(cublasHandle_t, cublasFillMode_t, int, int, const cuDoubleComplex *, const cuDoubleComplex *, int, const cuDoubleComplex *, int, const cuDoubleComplex *, cuDoubleComplex *, int);
__host__ cublasStatus_t cublasZhbmv_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, int64_t, const cuDoubleComplex *, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZhemm_v2(cublasHandle_t, cublasSideMode_t, cublasFillMode_t, int, int, const cuDoubleComplex *, const cuDoubleComplex *, int, const cuDoubleComplex *, int, const cuDoubleComplex *, cuDoubleComplex *, int);
__host__ cublasStatus_t cublasZhemm_v2_64(cublasHandle_t, cublasSideMode_t, cublasFillMode_t, int64_t, int64_t, const cuDoubleComplex *, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZhemv_v2(cublasHandle_t, cublasFillMode_t, int, const cuDoubleComplex *, const cuDoubleComplex *, int, const cuDoubleComplex *, int, const cuDoubleComplex *, cuDoubleComplex *, int);
__host__ cublasStatus_t cublasZhemv_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, const cuDoubleComplex *, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZher2_v2(cublasHandle_t, cublasFillMode_t, int, const cuDoubleComplex *, const cuDoubleComplex *, int, const cuDoubleComplex *, int, cuDoubleComplex *, int);
__host__ cublasStatus_t cublasZher2_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, const cuDoubleComplex *, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, int64_t, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZher2k_v2(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int, int, const cuDoubleComplex *, const cuDoubleComplex *, int, const cuDoubleComplex *, int, const double *, cuDoubleComplex *, int);
__host__ cublasStatus_t cublasZher2k_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int64_t, int64_t, const cuDoubleComplex *, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, int64_t, const double *, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZher_v2(cublasHandle_t, cublasFillMode_t, int, const double *, const cuDoubleComplex *, int, cuDoubleComplex *, int);
__host__ cublasStatus_t cublasZher_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, const double *, const cuDoubleComplex *, int64_t, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZherk_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int64_t, int64_t, const double *, const cuDoubleComplex *, int64_t, const double *, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZherkx(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int, int, const cuDoubleComplex *, const cuDoubleComplex *, int, const cuDoubleComplex *, int, const double *, cuDoubleComplex *, int);
__host__ cublasStatus_t cublasZherkx_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int64_t, int64_t, const cuDoubleComplex *, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, int64_t, const double *, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZhpmv_v2(cublasHandle_t, cublasFillMode_t, int, const cuDoubleComplex *, const cuDoubleComplex *, const cuDoubleComplex *, int, const cuDoubleComplex *, cuDoubleComplex *, int);
__host__ cublasStatus_t cublasZhpmv_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, const cuDoubleComplex *, const cuDoubleComplex *, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZhpr2_v2(cublasHandle_t, cublasFillMode_t, int, const cuDoubleComplex *, const cuDoubleComplex *, int, const cuDoubleComplex *, int, cuDoubleComplex *);
__host__ cublasStatus_t cublasZhpr2_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, const cuDoubleComplex *, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, int64_t, cuDoubleComplex *);
__host__ cublasStatus_t cublasZhpr_v2(cublasHandle_t, cublasFillMode_t, int, const double *, const cuDoubleComplex *, int, cuDoubleComplex *);
__host__ cublasStatus_t cublasZhpr_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, const double *, const cuDoubleComplex *, int64_t, cuDoubleComplex *);
__host__ cublasStatus_t cublasZrot_v2_64(cublasHandle_t, int64_t, cuDoubleComplex *, int64_t, cuDoubleComplex *, int64_t, const double *, const cuDoubleComplex *);
__host__ cublasStatus_t cublasZscal_v2_64(cublasHandle_t, int64_t, const cuDoubleComplex *, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZswap_v2_64(cublasHandle_t, int64_t, cuDoubleComplex *, int64_t, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZsymm_v2_64(cublasHandle_t, cublasSideMode_t, cublasFillMode_t, int64_t, int64_t, const cuDoubleComplex *, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZsymv_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, const cuDoubleComplex *, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZsyr2_v2(cublasHandle_t, cublasFillMode_t, int, const cuDoubleComplex *, const cuDoubleComplex *, int, const cuDoubleComplex *, int, cuDoubleComplex *, int);
__host__ cublasStatus_t cublasZsyr2_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, const cuDoubleComplex *, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, int64_t, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZsyr2k_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int64_t, int64_t, const cuDoubleComplex *, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZsyr_v2_64(cublasHandle_t, cublasFillMode_t, int64_t, const cuDoubleComplex *, const cuDoubleComplex *, int64_t, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZsyrk_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int64_t, int64_t, const cuDoubleComplex *, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZsyrkx(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int, int, const cuDoubleComplex *, const cuDoubleComplex *, int, const cuDoubleComplex *, int, const cuDoubleComplex *, cuDoubleComplex *, int);
__host__ cublasStatus_t cublasZsyrkx_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int64_t, int64_t, const cuDoubleComplex *, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZtbmv_v2(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int, int, const cuDoubleComplex *, int, cuDoubleComplex *, int);
__host__ cublasStatus_t cublasZtbmv_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, int64_t, const cuDoubleComplex *, int64_t, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZtbsv_v2(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int, int, const cuDoubleComplex *, int, cuDoubleComplex *, int);
__host__ cublasStatus_t cublasZtbsv_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, int64_t, const cuDoubleComplex *, int64_t, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZtpmv_v2(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int, const cuDoubleComplex *, cuDoubleComplex *, int);
__host__ cublasStatus_t cublasZtpmv_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, const cuDoubleComplex *, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZtpsv_v2(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int, const cuDoubleComplex *, cuDoubleComplex *, int);
__host__ cublasStatus_t cublasZtpsv_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, const cuDoubleComplex *, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZtpttr(cublasHandle_t, cublasFillMode_t, int, const cuDoubleComplex *, cuDoubleComplex *, int);
__host__ cublasStatus_t cublasZtrmm_v2_64(cublasHandle_t, cublasSideMode_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, int64_t, const cuDoubleComplex *, const cuDoubleComplex *, int64_t, const cuDoubleComplex *, int64_t, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZtrmv_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, const cuDoubleComplex *, int64_t, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZtrsmBatched_64(cublasHandle_t, cublasSideMode_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, int64_t, const cuDoubleComplex *, const cuDoubleComplex *const[], int64_t, cuDoubleComplex *const[], int64_t, int64_t);
__host__ cublasStatus_t cublasZtrsm_v2_64(cublasHandle_t, cublasSideMode_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, int64_t, const cuDoubleComplex *, const cuDoubleComplex *, int64_t, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZtrsv_v2_64(cublasHandle_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t, int64_t, const cuDoubleComplex *, int64_t, cuDoubleComplex *, int64_t);
__host__ cublasStatus_t cublasZtrttp(cublasHandle_t, cublasFillMode_t, int, const cuDoubleComplex *, int, cuDoubleComplex *);
__SIM_END_C

#endif
