/* simulee CUDA headers: <cusparse.h>, cuSPARSE's host API
 * (written from the cuSPARSE documentation: handles, the generic API's
 * descriptors and SpMV/SpMM, which runtime/sparse.c implements, SpSV and
 * the legacy csrilu02, csric02 and bsrsv2 families, which
 * runtime/sparse_ilu.c implements; the other
 * functions declared here are not implemented and a program calling one
 * does not link; nothing is callable from device code). */
#ifndef SIMULEE_CUSPARSE_H
#define SIMULEE_CUSPARSE_H
/* NVIDIA's cusparse.h defines it (the calling convention of its functions,
 * empty on Linux); code such as CUDA's helper_cuda.h tests it */
#ifndef CUSPARSEAPI
#define CUSPARSEAPI
#endif
#ifndef CUSPARSE_H_
#define CUSPARSE_H_
#endif
#include "cuComplex.h"
#include "cuda_runtime.h"
#include "library_types.h"
#include <stdint.h>

typedef enum {
  CUSPARSE_STATUS_SUCCESS = 0, CUSPARSE_STATUS_NOT_INITIALIZED = 1,
  CUSPARSE_STATUS_ALLOC_FAILED = 2, CUSPARSE_STATUS_INVALID_VALUE = 3,
  CUSPARSE_STATUS_ARCH_MISMATCH = 4, CUSPARSE_STATUS_MAPPING_ERROR = 5,
  CUSPARSE_STATUS_EXECUTION_FAILED = 6, CUSPARSE_STATUS_INTERNAL_ERROR = 7,
  CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED = 8,
  CUSPARSE_STATUS_ZERO_PIVOT = 9, CUSPARSE_STATUS_NOT_SUPPORTED = 10,
  CUSPARSE_STATUS_INSUFFICIENT_RESOURCES = 11
} cusparseStatus_t;
typedef struct cusparseContext *cusparseHandle_t;
typedef struct cusparseMatDescr *cusparseMatDescr_t;
typedef struct cusparseSpVecDescr *cusparseSpVecDescr_t;
typedef struct cusparseDnVecDescr *cusparseDnVecDescr_t;
typedef struct cusparseSpMatDescr *cusparseSpMatDescr_t;
typedef struct cusparseDnMatDescr *cusparseDnMatDescr_t;
typedef enum { CUSPARSE_OPERATION_NON_TRANSPOSE = 0, CUSPARSE_OPERATION_TRANSPOSE = 1, CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE = 2 } cusparseOperation_t;
typedef enum { CUSPARSE_INDEX_BASE_ZERO = 0, CUSPARSE_INDEX_BASE_ONE = 1 } cusparseIndexBase_t;
typedef enum { CUSPARSE_MATRIX_TYPE_GENERAL = 0, CUSPARSE_MATRIX_TYPE_SYMMETRIC = 1, CUSPARSE_MATRIX_TYPE_HERMITIAN = 2, CUSPARSE_MATRIX_TYPE_TRIANGULAR = 3 } cusparseMatrixType_t;
typedef enum { CUSPARSE_INDEX_16U = 1, CUSPARSE_INDEX_32I = 2, CUSPARSE_INDEX_64I = 3 } cusparseIndexType_t;
typedef enum { CUSPARSE_ORDER_COL = 1, CUSPARSE_ORDER_ROW = 2 } cusparseOrder_t;
typedef enum { CUSPARSE_SPMV_ALG_DEFAULT = 0, CUSPARSE_SPMV_CSR_ALG1 = 2, CUSPARSE_SPMV_CSR_ALG2 = 3, CUSPARSE_SPMV_COO_ALG1 = 1, CUSPARSE_SPMV_COO_ALG2 = 4 } cusparseSpMVAlg_t;
typedef enum {
  CUSPARSE_SPMM_ALG_DEFAULT = 0,
  CUSPARSE_SPMM_COO_ALG1 = 1,
  CUSPARSE_SPMM_COO_ALG2 = 2,
  CUSPARSE_SPMM_COO_ALG3 = 3,
  CUSPARSE_SPMM_COO_ALG4 = 5,
  CUSPARSE_SPMM_CSR_ALG1 = 4,
  CUSPARSE_SPMM_CSR_ALG2 = 6,
  CUSPARSE_SPMM_CSR_ALG3 = 12,
  CUSPARSE_SPMM_BLOCKED_ELL_ALG1 = 13
} cusparseSpMMAlg_t;
typedef enum { CUSPARSE_SPGEMM_DEFAULT = 0, CUSPARSE_SPGEMM_CSR_ALG_DETERMINITIC = 1, CUSPARSE_SPGEMM_CSR_ALG_NONDETERMINITIC = 2, CUSPARSE_SPGEMM_ALG1 = 3, CUSPARSE_SPGEMM_ALG2 = 4, CUSPARSE_SPGEMM_ALG3 = 5 } cusparseSpGEMMAlg_t;
typedef enum { CUSPARSE_SDDMM_ALG_DEFAULT = 0 } cusparseSDDMMAlg_t;
typedef enum { CUSPARSE_SPSV_ALG_DEFAULT = 0 } cusparseSpSVAlg_t;
typedef enum { CUSPARSE_SPSM_ALG_DEFAULT = 0 } cusparseSpSMAlg_t;
typedef enum { CUSPARSE_SPARSETODENSE_ALG_DEFAULT = 0 } cusparseSparseToDenseAlg_t;
typedef enum { CUSPARSE_DENSETOSPARSE_ALG_DEFAULT = 0 } cusparseDenseToSparseAlg_t;
typedef enum { CUSPARSE_CSR2CSC_ALG_DEFAULT = 1, CUSPARSE_CSR2CSC_ALG1 = 1 } cusparseCsr2CscAlg_t;
typedef enum { CUSPARSE_ACTION_SYMBOLIC = 0, CUSPARSE_ACTION_NUMERIC = 1 } cusparseAction_t;
typedef enum { CUSPARSE_FILL_MODE_LOWER = 0, CUSPARSE_FILL_MODE_UPPER = 1 } cusparseFillMode_t;
typedef enum { CUSPARSE_DIAG_TYPE_NON_UNIT = 0, CUSPARSE_DIAG_TYPE_UNIT = 1 } cusparseDiagType_t;
typedef enum { CUSPARSE_POINTER_MODE_HOST = 0, CUSPARSE_POINTER_MODE_DEVICE = 1 } cusparsePointerMode_t;
typedef enum { CUSPARSE_SPMAT_FILL_MODE = 0, CUSPARSE_SPMAT_DIAG_TYPE = 1 } cusparseSpMatAttribute_t;
typedef enum { CUSPARSE_FORMAT_CSR = 1, CUSPARSE_FORMAT_CSC = 2, CUSPARSE_FORMAT_COO = 3, CUSPARSE_FORMAT_BLOCKED_ELL = 5, CUSPARSE_FORMAT_BSR = 6, CUSPARSE_FORMAT_SLICED_ELLPACK = 7 } cusparseFormat_t;
typedef struct cusparseSpGEMMDescr *cusparseSpGEMMDescr_t;
typedef struct cusparseSpSVDescr *cusparseSpSVDescr_t;
typedef struct cusparseSpSMDescr *cusparseSpSMDescr_t;
/* the legacy API's incomplete factorizations and BSR triangular solve */
typedef enum { CUSPARSE_DIRECTION_ROW = 0, CUSPARSE_DIRECTION_COLUMN = 1 } cusparseDirection_t;
typedef enum { CUSPARSE_SOLVE_POLICY_NO_LEVEL = 0, CUSPARSE_SOLVE_POLICY_USE_LEVEL = 1 } cusparseSolvePolicy_t;
typedef struct csrilu02Info *csrilu02Info_t;
typedef struct csric02Info *csric02Info_t;
typedef struct bsrsv2Info *bsrsv2Info_t;

__SIM_BEGIN_C
/* handles, descriptors and the generic API (declaration-only) */
__host__ cusparseStatus_t cusparseGetVersion(cusparseHandle_t h, int *version);
__host__ cusparseStatus_t cusparseGetProperty(libraryPropertyType type, int *value);
__host__ const char *cusparseGetErrorName(cusparseStatus_t status);
__host__ cusparseStatus_t cusparseGetStream(cusparseHandle_t h, cudaStream_t *s);
__host__ cusparseStatus_t cusparseSetPointerMode(cusparseHandle_t h, cusparsePointerMode_t m);
__host__ cusparseStatus_t cusparseSetMatFillMode(cusparseMatDescr_t d, cusparseFillMode_t f);
__host__ cusparseStatus_t cusparseSetMatDiagType(cusparseMatDescr_t d, cusparseDiagType_t t);
__host__ cusparseStatus_t cusparseCreateCsc(cusparseSpMatDescr_t *m, int64_t rows, int64_t cols, int64_t nnz, void *col_offsets, void *row_ind, void *values, cusparseIndexType_t off_type, cusparseIndexType_t idx_type, cusparseIndexBase_t base, cudaDataType value_type);
__host__ cusparseStatus_t cusparseCreateBlockedEll(cusparseSpMatDescr_t *m, int64_t rows, int64_t cols, int64_t block_size, int64_t ell_cols, void *col_ind, void *values, cusparseIndexType_t idx_type, cusparseIndexBase_t base, cudaDataType value_type);
__host__ cusparseStatus_t cusparseCreateSpVec(cusparseSpVecDescr_t *v, int64_t size, int64_t nnz, void *indices, void *values, cusparseIndexType_t idx_type, cusparseIndexBase_t base, cudaDataType value_type);
__host__ cusparseStatus_t cusparseDestroySpVec(cusparseSpVecDescr_t v);
__host__ cusparseStatus_t cusparseSpVecGet(cusparseSpVecDescr_t v, int64_t *size, int64_t *nnz, void **indices, void **values, cusparseIndexType_t *idx_type, cusparseIndexBase_t *base, cudaDataType *value_type);
__host__ cusparseStatus_t cusparseSpVecGetIndexBase(cusparseSpVecDescr_t v, cusparseIndexBase_t *base);
__host__ cusparseStatus_t cusparseSpVecGetValues(cusparseSpVecDescr_t v, void **values);
__host__ cusparseStatus_t cusparseSpVecSetValues(cusparseSpVecDescr_t v, void *values);
__host__ cusparseStatus_t cusparseSpMatGetFormat(cusparseSpMatDescr_t m, cusparseFormat_t *format);
__host__ cusparseStatus_t cusparseSpMatGetIndexBase(cusparseSpMatDescr_t m, cusparseIndexBase_t *base);
__host__ cusparseStatus_t cusparseSpMatGetValues(cusparseSpMatDescr_t m, void **values);
__host__ cusparseStatus_t cusparseSpMatSetValues(cusparseSpMatDescr_t m, void *values);
__host__ cusparseStatus_t cusparseSpMatGetSize(cusparseSpMatDescr_t m, int64_t *rows, int64_t *cols, int64_t *nnz);
__host__ cusparseStatus_t cusparseSpMatSetAttribute(cusparseSpMatDescr_t m, cusparseSpMatAttribute_t a, void *data, size_t size);
__host__ cusparseStatus_t cusparseSpMatGetAttribute(cusparseSpMatDescr_t m, cusparseSpMatAttribute_t a, void *data, size_t size);
__host__ cusparseStatus_t cusparseCsrSetPointers(cusparseSpMatDescr_t m, void *row_offsets, void *col_ind, void *values);
__host__ cusparseStatus_t cusparseCsrGet(cusparseSpMatDescr_t m, int64_t *rows, int64_t *cols, int64_t *nnz, void **row_offsets, void **col_ind, void **values, cusparseIndexType_t *row_type, cusparseIndexType_t *col_type, cusparseIndexBase_t *base, cudaDataType *value_type);
__host__ cusparseStatus_t cusparseDnVecGetValues(cusparseDnVecDescr_t v, void **values);
__host__ cusparseStatus_t cusparseDnVecSetValues(cusparseDnVecDescr_t v, void *values);
__host__ cusparseStatus_t cusparseDnMatGetValues(cusparseDnMatDescr_t m, void **values);
__host__ cusparseStatus_t cusparseDnMatSetValues(cusparseDnMatDescr_t m, void *values);
__host__ cusparseStatus_t cusparseSpMM_preprocess(cusparseHandle_t h, cusparseOperation_t opa, cusparseOperation_t opb, const void *alpha, cusparseSpMatDescr_t a, cusparseDnMatDescr_t b, const void *beta, cusparseDnMatDescr_t c, cudaDataType compute, cusparseSpMMAlg_t alg, void *buffer);
__host__ cusparseStatus_t cusparseSpGEMM_createDescr(cusparseSpGEMMDescr_t *d);
__host__ cusparseStatus_t cusparseSpGEMM_destroyDescr(cusparseSpGEMMDescr_t d);
__host__ cusparseStatus_t cusparseSpGEMM_workEstimation(cusparseHandle_t h, cusparseOperation_t opa, cusparseOperation_t opb, const void *alpha, cusparseSpMatDescr_t a, cusparseSpMatDescr_t b, const void *beta, cusparseSpMatDescr_t c, cudaDataType compute, cusparseSpGEMMAlg_t alg, cusparseSpGEMMDescr_t d, size_t *size1, void *buffer1);
__host__ cusparseStatus_t cusparseSpGEMM_compute(cusparseHandle_t h, cusparseOperation_t opa, cusparseOperation_t opb, const void *alpha, cusparseSpMatDescr_t a, cusparseSpMatDescr_t b, const void *beta, cusparseSpMatDescr_t c, cudaDataType compute, cusparseSpGEMMAlg_t alg, cusparseSpGEMMDescr_t d, size_t *size2, void *buffer2);
__host__ cusparseStatus_t cusparseSpGEMM_copy(cusparseHandle_t h, cusparseOperation_t opa, cusparseOperation_t opb, const void *alpha, cusparseSpMatDescr_t a, cusparseSpMatDescr_t b, const void *beta, cusparseSpMatDescr_t c, cudaDataType compute, cusparseSpGEMMAlg_t alg, cusparseSpGEMMDescr_t d);
__host__ cusparseStatus_t cusparseSDDMM_bufferSize(cusparseHandle_t h, cusparseOperation_t opa, cusparseOperation_t opb, const void *alpha, cusparseDnMatDescr_t a, cusparseDnMatDescr_t b, const void *beta, cusparseSpMatDescr_t c, cudaDataType compute, cusparseSDDMMAlg_t alg, size_t *size);
__host__ cusparseStatus_t cusparseSDDMM(cusparseHandle_t h, cusparseOperation_t opa, cusparseOperation_t opb, const void *alpha, cusparseDnMatDescr_t a, cusparseDnMatDescr_t b, const void *beta, cusparseSpMatDescr_t c, cudaDataType compute, cusparseSDDMMAlg_t alg, void *buffer);
__host__ cusparseStatus_t cusparseSpSV_createDescr(cusparseSpSVDescr_t *d);
__host__ cusparseStatus_t cusparseSpSV_destroyDescr(cusparseSpSVDescr_t d);
__host__ cusparseStatus_t cusparseSpSV_bufferSize(cusparseHandle_t h, cusparseOperation_t op, const void *alpha, cusparseSpMatDescr_t a, cusparseDnVecDescr_t x, cusparseDnVecDescr_t y, cudaDataType compute, cusparseSpSVAlg_t alg, cusparseSpSVDescr_t d, size_t *size);
__host__ cusparseStatus_t cusparseSpSV_analysis(cusparseHandle_t h, cusparseOperation_t op, const void *alpha, cusparseSpMatDescr_t a, cusparseDnVecDescr_t x, cusparseDnVecDescr_t y, cudaDataType compute, cusparseSpSVAlg_t alg, cusparseSpSVDescr_t d, void *buffer);
__host__ cusparseStatus_t cusparseSpSV_solve(cusparseHandle_t h, cusparseOperation_t op, const void *alpha, cusparseSpMatDescr_t a, cusparseDnVecDescr_t x, cusparseDnVecDescr_t y, cudaDataType compute, cusparseSpSVAlg_t alg, cusparseSpSVDescr_t d);
__host__ cusparseStatus_t cusparseSparseToDense_bufferSize(cusparseHandle_t h, cusparseSpMatDescr_t a, cusparseDnMatDescr_t b, cusparseSparseToDenseAlg_t alg, size_t *size);
__host__ cusparseStatus_t cusparseSparseToDense(cusparseHandle_t h, cusparseSpMatDescr_t a, cusparseDnMatDescr_t b, cusparseSparseToDenseAlg_t alg, void *buffer);
__host__ cusparseStatus_t cusparseDenseToSparse_bufferSize(cusparseHandle_t h, cusparseDnMatDescr_t a, cusparseSpMatDescr_t b, cusparseDenseToSparseAlg_t alg, size_t *size);
__host__ cusparseStatus_t cusparseDenseToSparse_analysis(cusparseHandle_t h, cusparseDnMatDescr_t a, cusparseSpMatDescr_t b, cusparseDenseToSparseAlg_t alg, void *buffer);
__host__ cusparseStatus_t cusparseDenseToSparse_convert(cusparseHandle_t h, cusparseDnMatDescr_t a, cusparseSpMatDescr_t b, cusparseDenseToSparseAlg_t alg, void *buffer);
__host__ cusparseStatus_t cusparseCsr2cscEx2_bufferSize(cusparseHandle_t h, int m, int n, int nnz, const void *csr_val, const int *csr_row_ptr, const int *csr_col_ind, void *csc_val, int *csc_col_ptr, int *csc_row_ind, cudaDataType value_type, cusparseAction_t action, cusparseIndexBase_t base, cusparseCsr2CscAlg_t alg, size_t *size);
__host__ cusparseStatus_t cusparseCsr2cscEx2(cusparseHandle_t h, int m, int n, int nnz, const void *csr_val, const int *csr_row_ptr, const int *csr_col_ind, void *csc_val, int *csc_col_ptr, int *csc_row_ind, cudaDataType value_type, cusparseAction_t action, cusparseIndexBase_t base, cusparseCsr2CscAlg_t alg, void *buffer);
__host__ cusparseStatus_t cusparseXcoo2csr(cusparseHandle_t h, const int *coo_row, int nnz, int m, int *csr_row_ptr, cusparseIndexBase_t base);
__host__ cusparseStatus_t cusparseXcsr2coo(cusparseHandle_t h, const int *csr_row_ptr, int nnz, int m, int *coo_row, cusparseIndexBase_t base);
__host__ cusparseStatus_t cusparseCreate(cusparseHandle_t *handle);
__host__ cusparseStatus_t cusparseDestroy(cusparseHandle_t handle);
__host__ cusparseStatus_t cusparseSetStream(cusparseHandle_t handle, cudaStream_t s);
__host__ const char *cusparseGetErrorString(cusparseStatus_t status);
__host__ cusparseStatus_t cusparseCreateMatDescr(cusparseMatDescr_t *d);
__host__ cusparseStatus_t cusparseDestroyMatDescr(cusparseMatDescr_t d);
__host__ cusparseStatus_t cusparseSetMatType(cusparseMatDescr_t d, cusparseMatrixType_t t);
__host__ cusparseStatus_t cusparseSetMatIndexBase(cusparseMatDescr_t d, cusparseIndexBase_t b);
__host__ cusparseMatrixType_t cusparseGetMatType(const cusparseMatDescr_t d);
__host__ cusparseIndexBase_t cusparseGetMatIndexBase(const cusparseMatDescr_t d);
__host__ cusparseFillMode_t cusparseGetMatFillMode(const cusparseMatDescr_t d);
__host__ cusparseDiagType_t cusparseGetMatDiagType(const cusparseMatDescr_t d);
__host__ cusparseStatus_t cusparseScatter(cusparseHandle_t h, cusparseSpVecDescr_t x, cusparseDnVecDescr_t y);
__host__ cusparseStatus_t cusparseGather(cusparseHandle_t h, cusparseDnVecDescr_t y, cusparseSpVecDescr_t x);
__host__ cusparseStatus_t cusparseCreateCsr(cusparseSpMatDescr_t *m, int64_t rows, int64_t cols, int64_t nnz, void *row_offsets, void *col_ind, void *values, cusparseIndexType_t row_type, cusparseIndexType_t col_type, cusparseIndexBase_t base, cudaDataType value_type);
__host__ cusparseStatus_t cusparseCreateCoo(cusparseSpMatDescr_t *m, int64_t rows, int64_t cols, int64_t nnz, void *row_ind, void *col_ind, void *values, cusparseIndexType_t idx_type, cusparseIndexBase_t base, cudaDataType value_type);
__host__ cusparseStatus_t cusparseDestroySpMat(cusparseSpMatDescr_t m);
__host__ cusparseStatus_t cusparseCreateDnVec(cusparseDnVecDescr_t *v, int64_t size, void *values, cudaDataType value_type);
__host__ cusparseStatus_t cusparseDestroyDnVec(cusparseDnVecDescr_t v);
__host__ cusparseStatus_t cusparseCreateDnMat(cusparseDnMatDescr_t *m, int64_t rows, int64_t cols, int64_t ld, void *values, cudaDataType value_type, cusparseOrder_t order);
__host__ cusparseStatus_t cusparseDestroyDnMat(cusparseDnMatDescr_t m);
__host__ cusparseStatus_t cusparseSpMV_bufferSize(cusparseHandle_t h, cusparseOperation_t op, const void *alpha, cusparseSpMatDescr_t a, cusparseDnVecDescr_t x, const void *beta, cusparseDnVecDescr_t y, cudaDataType compute, cusparseSpMVAlg_t alg, size_t *size);
__host__ cusparseStatus_t cusparseSpMV(cusparseHandle_t h, cusparseOperation_t op, const void *alpha, cusparseSpMatDescr_t a, cusparseDnVecDescr_t x, const void *beta, cusparseDnVecDescr_t y, cudaDataType compute, cusparseSpMVAlg_t alg, void *buffer);
__host__ cusparseStatus_t cusparseSpMM_bufferSize(cusparseHandle_t h, cusparseOperation_t opa, cusparseOperation_t opb, const void *alpha, cusparseSpMatDescr_t a, cusparseDnMatDescr_t b, const void *beta, cusparseDnMatDescr_t c, cudaDataType compute, cusparseSpMMAlg_t alg, size_t *size);
__host__ cusparseStatus_t cusparseSpMM(cusparseHandle_t h, cusparseOperation_t opa, cusparseOperation_t opb, const void *alpha, cusparseSpMatDescr_t a, cusparseDnMatDescr_t b, const void *beta, cusparseDnMatDescr_t c, cudaDataType compute, cusparseSpMMAlg_t alg, void *buffer);
/* the legacy API: ILU(0), IC(0) of a CSR matrix (runtime/sparse_ilu.c) */
__host__ cusparseStatus_t cusparseCreateCsrilu02Info(csrilu02Info_t *info);
__host__ cusparseStatus_t cusparseDestroyCsrilu02Info(csrilu02Info_t info);
__host__ cusparseStatus_t cusparseXcsrilu02_zeroPivot(cusparseHandle_t h, csrilu02Info_t info, int *position);
__host__ cusparseStatus_t cusparseCreateCsric02Info(csric02Info_t *info);
__host__ cusparseStatus_t cusparseDestroyCsric02Info(csric02Info_t info);
__host__ cusparseStatus_t cusparseXcsric02_zeroPivot(cusparseHandle_t h, csric02Info_t info, int *position);
__host__ cusparseStatus_t cusparseCreateBsrsv2Info(bsrsv2Info_t *info);
__host__ cusparseStatus_t cusparseDestroyBsrsv2Info(bsrsv2Info_t info);
__host__ cusparseStatus_t cusparseXbsrsv2_zeroPivot(cusparseHandle_t h, bsrsv2Info_t info, int *position);
#define __SIM_SPARSE_LEGACY(P, T)                                              \
  __host__ cusparseStatus_t cusparse##P##csrilu02_bufferSize(cusparseHandle_t h, int m, int nnz, const cusparseMatDescr_t descr, T *val, const int *row_ptr, const int *col_ind, csrilu02Info_t info, int *size); \
  __host__ cusparseStatus_t cusparse##P##csrilu02_analysis(cusparseHandle_t h, int m, int nnz, const cusparseMatDescr_t descr, const T *val, const int *row_ptr, const int *col_ind, csrilu02Info_t info, cusparseSolvePolicy_t policy, void *buffer); \
  __host__ cusparseStatus_t cusparse##P##csrilu02(cusparseHandle_t h, int m, int nnz, const cusparseMatDescr_t descr, T *val, const int *row_ptr, const int *col_ind, csrilu02Info_t info, cusparseSolvePolicy_t policy, void *buffer); \
  __host__ cusparseStatus_t cusparse##P##csric02_bufferSize(cusparseHandle_t h, int m, int nnz, const cusparseMatDescr_t descr, T *val, const int *row_ptr, const int *col_ind, csric02Info_t info, int *size); \
  __host__ cusparseStatus_t cusparse##P##csric02_analysis(cusparseHandle_t h, int m, int nnz, const cusparseMatDescr_t descr, const T *val, const int *row_ptr, const int *col_ind, csric02Info_t info, cusparseSolvePolicy_t policy, void *buffer); \
  __host__ cusparseStatus_t cusparse##P##csric02(cusparseHandle_t h, int m, int nnz, const cusparseMatDescr_t descr, T *val, const int *row_ptr, const int *col_ind, csric02Info_t info, cusparseSolvePolicy_t policy, void *buffer); \
  __host__ cusparseStatus_t cusparse##P##bsrsv2_bufferSize(cusparseHandle_t h, cusparseDirection_t dir, cusparseOperation_t op, int mb, int nnzb, const cusparseMatDescr_t descr, T *val, const int *row_ptr, const int *col_ind, int block_dim, bsrsv2Info_t info, int *size); \
  __host__ cusparseStatus_t cusparse##P##bsrsv2_analysis(cusparseHandle_t h, cusparseDirection_t dir, cusparseOperation_t op, int mb, int nnzb, const cusparseMatDescr_t descr, const T *val, const int *row_ptr, const int *col_ind, int block_dim, bsrsv2Info_t info, cusparseSolvePolicy_t policy, void *buffer); \
  __host__ cusparseStatus_t cusparse##P##bsrsv2_solve(cusparseHandle_t h, cusparseDirection_t dir, cusparseOperation_t op, int mb, int nnzb, const T *alpha, const cusparseMatDescr_t descr, const T *val, const int *row_ptr, const int *col_ind, int block_dim, bsrsv2Info_t info, const T *x, T *y, cusparseSolvePolicy_t policy, void *buffer);
__SIM_SPARSE_LEGACY(S, float)
__SIM_SPARSE_LEGACY(D, double)
__SIM_SPARSE_LEGACY(C, cuComplex)
__SIM_SPARSE_LEGACY(Z, cuDoubleComplex)
#undef __SIM_SPARSE_LEGACY
__SIM_END_C
#endif
