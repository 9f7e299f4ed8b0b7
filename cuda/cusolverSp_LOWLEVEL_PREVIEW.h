/* simulee CUDA headers: <cusolverSp_LOWLEVEL_PREVIEW.h>, cuSOLVER's
 * low-level sparse factorizations (written from the cuSOLVER
 * documentation: QR and Cholesky on the device and the host, LU on the
 * host), computed on SuiteSparse (runtime/solversp.c). */
#ifndef SIMULEE_CUSOLVERSP_LOWLEVEL_PREVIEW_H
#define SIMULEE_CUSOLVERSP_LOWLEVEL_PREVIEW_H
#include "cusolverSp.h"

typedef struct csrluInfoHost *csrluInfoHost_t;
typedef struct csrqrInfoHost *csrqrInfoHost_t;
typedef struct csrcholInfoHost *csrcholInfoHost_t;
typedef struct csrcholInfo *csrcholInfo_t;

__SIM_BEGIN_C
#define __SIM_INFO(K, I)                                        \
  __host__ cusolverStatus_t cusolverSpCreate##K(I *info);       \
  __host__ cusolverStatus_t cusolverSpDestroy##K(I info);
__SIM_INFO(CsrluInfoHost, csrluInfoHost_t)
__SIM_INFO(CsrqrInfoHost, csrqrInfoHost_t)
__SIM_INFO(CsrqrInfo, csrqrInfo_t)
__SIM_INFO(CsrcholInfoHost, csrcholInfoHost_t)
__SIM_INFO(CsrcholInfo, csrcholInfo_t)
#undef __SIM_INFO
/* analysis: the pattern only */
__host__ cusolverStatus_t cusolverSpXcsrluAnalysisHost(cusolverSpHandle_t h, int n, int nnz,
                                                       const cusparseMatDescr_t d, const int *rowPtr,
                                                       const int *colInd, csrluInfoHost_t info);
__host__ cusolverStatus_t cusolverSpXcsrqrAnalysisHost(cusolverSpHandle_t h, int m, int n, int nnz,
                                                       const cusparseMatDescr_t d, const int *rowPtr,
                                                       const int *colInd, csrqrInfoHost_t info);
__host__ cusolverStatus_t cusolverSpXcsrqrAnalysis(cusolverSpHandle_t h, int m, int n, int nnz,
                                                   const cusparseMatDescr_t d, const int *rowPtr,
                                                   const int *colInd, csrqrInfo_t info);
__host__ cusolverStatus_t cusolverSpXcsrcholAnalysisHost(cusolverSpHandle_t h, int n, int nnz,
                                                         const cusparseMatDescr_t d,
                                                         const int *rowPtr, const int *colInd,
                                                         csrcholInfoHost_t info);
__host__ cusolverStatus_t cusolverSpXcsrcholAnalysis(cusolverSpHandle_t h, int n, int nnz,
                                                     const cusparseMatDescr_t d, const int *rowPtr,
                                                     const int *colInd, csrcholInfo_t info);
__host__ cusolverStatus_t cusolverSpXcsrluNnzHost(cusolverSpHandle_t h, int *nnzL, int *nnzU,
                                                  csrluInfoHost_t info);
#define __SIM_LL(P, T)                                                                             \
  __host__ cusolverStatus_t cusolverSp##P##csrluBufferInfoHost(                                    \
      cusolverSpHandle_t h, int n, int nnz, const cusparseMatDescr_t d, const T *val,              \
      const int *rowPtr, const int *colInd, csrluInfoHost_t info, size_t *internal, size_t *work); \
  __host__ cusolverStatus_t cusolverSp##P##csrluFactorHost(                                        \
      cusolverSpHandle_t h, int n, int nnz, const cusparseMatDescr_t d, const T *val,              \
      const int *rowPtr, const int *colInd, csrluInfoHost_t info, T pivot_threshold, void *buf);   \
  __host__ cusolverStatus_t cusolverSp##P##csrluZeroPivotHost(cusolverSpHandle_t h,                \
      csrluInfoHost_t info, T tol, int *position);                                                 \
  __host__ cusolverStatus_t cusolverSp##P##csrluSolveHost(cusolverSpHandle_t h, int n, const T *b, \
      T *x, csrluInfoHost_t info, void *buf);                                                      \
  __host__ cusolverStatus_t cusolverSp##P##csrluExtractHost(                                       \
      cusolverSpHandle_t h, int *p, int *q, const cusparseMatDescr_t dL, T *valL, int *rowPtrL,    \
      int *colIndL, const cusparseMatDescr_t dU, T *valU, int *rowPtrU, int *colIndU,              \
      csrluInfoHost_t info, void *buf);                                                            \
  __host__ cusolverStatus_t cusolverSp##P##csrqrBufferInfoHost(                                    \
      cusolverSpHandle_t h, int m, int n, int nnz, const cusparseMatDescr_t d, const T *val,       \
      const int *rowPtr, const int *colInd, csrqrInfoHost_t info, size_t *internal, size_t *work); \
  __host__ cusolverStatus_t cusolverSp##P##csrqrBufferInfo(                                        \
      cusolverSpHandle_t h, int m, int n, int nnz, const cusparseMatDescr_t d, const T *val,       \
      const int *rowPtr, const int *colInd, csrqrInfo_t info, size_t *internal, size_t *work);     \
  __host__ cusolverStatus_t cusolverSp##P##csrqrSetupHost(                                         \
      cusolverSpHandle_t h, int m, int n, int nnz, const cusparseMatDescr_t d, const T *val,       \
      const int *rowPtr, const int *colInd, T mu, csrqrInfoHost_t info);                           \
  __host__ cusolverStatus_t cusolverSp##P##csrqrSetup(                                             \
      cusolverSpHandle_t h, int m, int n, int nnz, const cusparseMatDescr_t d, const T *val,       \
      const int *rowPtr, const int *colInd, T mu, csrqrInfo_t info);                               \
  __host__ cusolverStatus_t cusolverSp##P##csrqrFactorHost(cusolverSpHandle_t h, int m, int n,     \
      int nnz, T *b, T *x, csrqrInfoHost_t info, void *buf);                                       \
  __host__ cusolverStatus_t cusolverSp##P##csrqrFactor(cusolverSpHandle_t h, int m, int n,         \
      int nnz, T *b, T *x, csrqrInfo_t info, void *buf);                                           \
  __host__ cusolverStatus_t cusolverSp##P##csrqrZeroPivotHost(cusolverSpHandle_t h,                \
      csrqrInfoHost_t info, T tol, int *position);                                                 \
  __host__ cusolverStatus_t cusolverSp##P##csrqrZeroPivot(cusolverSpHandle_t h, csrqrInfo_t info,  \
      T tol, int *position);                                                                       \
  __host__ cusolverStatus_t cusolverSp##P##csrqrSolveHost(cusolverSpHandle_t h, int m, int n,      \
      T *b, T *x, csrqrInfoHost_t info, void *buf);                                                \
  __host__ cusolverStatus_t cusolverSp##P##csrqrSolve(cusolverSpHandle_t h, int m, int n, T *b,    \
      T *x, csrqrInfo_t info, void *buf);                                                          \
  __host__ cusolverStatus_t cusolverSp##P##csrcholBufferInfoHost(                                  \
      cusolverSpHandle_t h, int n, int nnz, const cusparseMatDescr_t d, const T *val,              \
      const int *rowPtr, const int *colInd, csrcholInfoHost_t info, size_t *internal,              \
      size_t *work);                                                                               \
  __host__ cusolverStatus_t cusolverSp##P##csrcholBufferInfo(                                      \
      cusolverSpHandle_t h, int n, int nnz, const cusparseMatDescr_t d, const T *val,              \
      const int *rowPtr, const int *colInd, csrcholInfo_t info, size_t *internal, size_t *work);   \
  __host__ cusolverStatus_t cusolverSp##P##csrcholFactorHost(                                      \
      cusolverSpHandle_t h, int n, int nnz, const cusparseMatDescr_t d, const T *val,              \
      const int *rowPtr, const int *colInd, csrcholInfoHost_t info, void *buf);                    \
  __host__ cusolverStatus_t cusolverSp##P##csrcholFactor(                                          \
      cusolverSpHandle_t h, int n, int nnz, const cusparseMatDescr_t d, const T *val,              \
      const int *rowPtr, const int *colInd, csrcholInfo_t info, void *buf);                        \
  __host__ cusolverStatus_t cusolverSp##P##csrcholZeroPivotHost(cusolverSpHandle_t h,              \
      csrcholInfoHost_t info, T tol, int *position);                                               \
  __host__ cusolverStatus_t cusolverSp##P##csrcholZeroPivot(cusolverSpHandle_t h,                  \
      csrcholInfo_t info, T tol, int *position);                                                   \
  __host__ cusolverStatus_t cusolverSp##P##csrcholSolveHost(cusolverSpHandle_t h, int n,           \
      const T *b, T *x, csrcholInfoHost_t info, void *buf);                                        \
  __host__ cusolverStatus_t cusolverSp##P##csrcholSolve(cusolverSpHandle_t h, int n, const T *b,   \
      T *x, csrcholInfo_t info, void *buf);
__SIM_LL(S, float)
__SIM_LL(D, double)
#undef __SIM_LL
__SIM_END_C
#endif
