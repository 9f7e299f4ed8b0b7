/* simulee CUDA headers: <cusolverSp.h>, cuSOLVER's sparse host API
 * (written from the cuSOLVER documentation: the handle, the CSR linear
 * solvers by LU, QR and Cholesky, and the reorderings; nothing is callable
 * from device code), computed on SuiteSparse (runtime/solversp.c). */
#ifndef SIMULEE_CUSOLVERSP_H
#define SIMULEE_CUSOLVERSP_H
#ifndef CUSOLVERSP_H_
#define CUSOLVERSP_H_
#endif
#include <stdint.h>
#include "cusolverDn.h"
#include "cusparse.h"

typedef struct cusolverSpContext *cusolverSpHandle_t;
typedef struct csrqrInfo *csrqrInfo_t;

__SIM_BEGIN_C
__host__ cusolverStatus_t cusolverSpCreate(cusolverSpHandle_t *handle);
__host__ cusolverStatus_t cusolverSpDestroy(cusolverSpHandle_t handle);
__host__ cusolverStatus_t cusolverSpSetStream(cusolverSpHandle_t handle, cudaStream_t s);
__host__ cusolverStatus_t cusolverSpGetStream(cusolverSpHandle_t handle, cudaStream_t *s);
__host__ cusolverStatus_t cusolverSpXcsrissymHost(cusolverSpHandle_t h, int m, int nnz,
                                                  const cusparseMatDescr_t descr,
                                                  const int *rowStart, const int *rowEnd,
                                                  const int *colInd, int *issym);
#define __SIM_SP(P, T)                                                                            \
  __host__ cusolverStatus_t cusolverSp##P##csrlsvluHost(                                          \
      cusolverSpHandle_t h, int n, int nnz, const cusparseMatDescr_t descr, const T *val,         \
      const int *rowPtr, const int *colInd, const T *b, T tol, int reorder, T *x, int *singularity); \
  __host__ cusolverStatus_t cusolverSp##P##csrlsvqr(                                              \
      cusolverSpHandle_t h, int m, int nnz, const cusparseMatDescr_t descr, const T *val,         \
      const int *rowPtr, const int *colInd, const T *b, T tol, int reorder, T *x, int *singularity); \
  __host__ cusolverStatus_t cusolverSp##P##csrlsvqrHost(                                          \
      cusolverSpHandle_t h, int m, int nnz, const cusparseMatDescr_t descr, const T *val,         \
      const int *rowPtr, const int *colInd, const T *b, T tol, int reorder, T *x, int *singularity); \
  __host__ cusolverStatus_t cusolverSp##P##csrlsvchol(                                            \
      cusolverSpHandle_t h, int m, int nnz, const cusparseMatDescr_t descr, const T *val,         \
      const int *rowPtr, const int *colInd, const T *b, T tol, int reorder, T *x, int *singularity); \
  __host__ cusolverStatus_t cusolverSp##P##csrlsvcholHost(                                        \
      cusolverSpHandle_t h, int m, int nnz, const cusparseMatDescr_t descr, const T *val,         \
      const int *rowPtr, const int *colInd, const T *b, T tol, int reorder, T *x, int *singularity);
__SIM_SP(S, float)
__SIM_SP(D, double)
#undef __SIM_SP
__host__ cusolverStatus_t cusolverSpXcsrsymrcmHost(cusolverSpHandle_t h, int n, int nnz,
                                                   const cusparseMatDescr_t descr,
                                                   const int *rowPtr, const int *colInd, int *p);
__host__ cusolverStatus_t cusolverSpXcsrsymamdHost(cusolverSpHandle_t h, int n, int nnz,
                                                   const cusparseMatDescr_t descr,
                                                   const int *rowPtr, const int *colInd, int *p);
__host__ cusolverStatus_t cusolverSpXcsrsymmdqHost(cusolverSpHandle_t h, int n, int nnz,
                                                   const cusparseMatDescr_t descr,
                                                   const int *rowPtr, const int *colInd, int *p);
__host__ cusolverStatus_t cusolverSpXcsrmetisndHost(cusolverSpHandle_t h, int n, int nnz,
                                                    const cusparseMatDescr_t descr,
                                                    const int *rowPtr, const int *colInd,
                                                    const int64_t *options, int *p);
__host__ cusolverStatus_t cusolverSpXcsrperm_bufferSizeHost(
    cusolverSpHandle_t h, int m, int n, int nnz, const cusparseMatDescr_t descr,
    const int *rowPtr, const int *colInd, const int *p, const int *q, size_t *bytes);
__host__ cusolverStatus_t cusolverSpXcsrpermHost(cusolverSpHandle_t h, int m, int n, int nnz,
                                                 const cusparseMatDescr_t descr, int *rowPtr,
                                                 int *colInd, const int *p, const int *q,
                                                 int *map, void *buffer);
__SIM_END_C
#endif
