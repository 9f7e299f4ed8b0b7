/* simulee CUDA headers: <cublasXt.h>, cuBLAS's multi-GPU host API (matrices
 * in host or device memory, split in tiles over the selected GPUs).
 *
 * Written for simulee from the cuBLAS documentation: the handle, the device
 * selection and tiling settings, and the gemm of each element type. Under
 * `simulee run` (runtime/blasxt.c) a gemm copies the host operands to the
 * one device, runs cuBLAS's gemm there and copies C back; the tiling and
 * CPU-share settings are kept and change nothing. The other routines of
 * NVIDIA's cublasXt.h (syrk, symm, trsm, ...) are not declared. */
#ifndef SIMULEE_CUBLASXT_H
#define SIMULEE_CUBLASXT_H
#ifndef CUBLAS_XT_H_
#define CUBLAS_XT_H_
#endif

#include "cublas_v2.h"

struct cublasXtContext;
typedef struct cublasXtContext *cublasXtHandle_t;

typedef enum {
  CUBLASXT_PINNING_DISABLED = 0,
  CUBLASXT_PINNING_ENABLED = 1
} cublasXtPinnedMemMode_t;
typedef enum {
  CUBLASXT_FLOAT = 0,
  CUBLASXT_DOUBLE = 1,
  CUBLASXT_COMPLEX = 2,
  CUBLASXT_DOUBLECOMPLEX = 3
} cublasXtOpType_t;
typedef enum {
  CUBLASXT_GEMM = 0,
  CUBLASXT_SYRK = 1,
  CUBLASXT_HERK = 2,
  CUBLASXT_SYMM = 3,
  CUBLASXT_HEMM = 4,
  CUBLASXT_TRSM = 5,
  CUBLASXT_SYR2K = 6,
  CUBLASXT_HER2K = 7,
  CUBLASXT_SPMM = 8,
  CUBLASXT_SYRKX = 9,
  CUBLASXT_HERKX = 10,
  CUBLASXT_TRMM = 11,
  CUBLASXT_ROUTINE_MAX = 12
} cublasXtBlasOp_t;

__SIM_BEGIN_C
__host__ cublasStatus_t cublasXtCreate(cublasXtHandle_t *handle);
__host__ cublasStatus_t cublasXtDestroy(cublasXtHandle_t handle);
__host__ cublasStatus_t cublasXtGetNumBoards(int nbDevices, int deviceId[], int *nbBoards);
__host__ cublasStatus_t cublasXtMaxBoards(int *nbGpuBoards);
__host__ cublasStatus_t cublasXtDeviceSelect(cublasXtHandle_t handle, int nbDevices,
                                             int deviceId[]);
__host__ cublasStatus_t cublasXtSetBlockDim(cublasXtHandle_t handle, int blockDim);
__host__ cublasStatus_t cublasXtGetBlockDim(cublasXtHandle_t handle, int *blockDim);
__host__ cublasStatus_t cublasXtGetPinningMemMode(cublasXtHandle_t handle,
                                                  cublasXtPinnedMemMode_t *mode);
__host__ cublasStatus_t cublasXtSetPinningMemMode(cublasXtHandle_t handle,
                                                  cublasXtPinnedMemMode_t mode);
__host__ cublasStatus_t cublasXtSetCpuRoutine(cublasXtHandle_t handle, cublasXtBlasOp_t blasOp,
                                              cublasXtOpType_t type, void *blasFunctor);
__host__ cublasStatus_t cublasXtSetCpuRatio(cublasXtHandle_t handle, cublasXtBlasOp_t blasOp,
                                            cublasXtOpType_t type, float ratio);
__host__ cublasStatus_t cublasXtSgemm(cublasXtHandle_t handle, cublasOperation_t transa,
                                      cublasOperation_t transb, size_t m, size_t n, size_t k,
                                      const float *alpha, const float *A, size_t lda,
                                      const float *B, size_t ldb, const float *beta, float *C,
                                      size_t ldc);
__host__ cublasStatus_t cublasXtDgemm(cublasXtHandle_t handle, cublasOperation_t transa,
                                      cublasOperation_t transb, size_t m, size_t n, size_t k,
                                      const double *alpha, const double *A, size_t lda,
                                      const double *B, size_t ldb, const double *beta,
                                      double *C, size_t ldc);
__host__ cublasStatus_t cublasXtCgemm(cublasXtHandle_t handle, cublasOperation_t transa,
                                      cublasOperation_t transb, size_t m, size_t n, size_t k,
                                      const cuComplex *alpha, const cuComplex *A, size_t lda,
                                      const cuComplex *B, size_t ldb, const cuComplex *beta,
                                      cuComplex *C, size_t ldc);
__host__ cublasStatus_t cublasXtZgemm(cublasXtHandle_t handle, cublasOperation_t transa,
                                      cublasOperation_t transb, size_t m, size_t n, size_t k,
                                      const cuDoubleComplex *alpha, const cuDoubleComplex *A,
                                      size_t lda, const cuDoubleComplex *B, size_t ldb,
                                      const cuDoubleComplex *beta, cuDoubleComplex *C,
                                      size_t ldc);
__SIM_END_C

#endif
