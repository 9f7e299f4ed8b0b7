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
__SIM_END_C

#endif
