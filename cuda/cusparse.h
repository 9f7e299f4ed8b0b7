/* simulee CUDA headers: <cusparse.h>, cuSPARSE's host API
 * (declaration-only, written from the cuSPARSE documentation: handles, the
 * generic API's descriptors and SpMV/SpMM; nothing is callable from device
 * code). */
#ifndef SIMULEE_CUSPARSE_H
#define SIMULEE_CUSPARSE_H
#ifndef CUSPARSE_H_
#define CUSPARSE_H_
#endif
#include "cuda_runtime.h"
#include "library_types.h"

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
typedef enum { CUSPARSE_SPMM_ALG_DEFAULT = 0 } cusparseSpMMAlg_t;

extern "C" {
__host__ cusparseStatus_t cusparseCreate(cusparseHandle_t *handle);
__host__ cusparseStatus_t cusparseDestroy(cusparseHandle_t handle);
__host__ cusparseStatus_t cusparseSetStream(cusparseHandle_t handle, cudaStream_t s);
__host__ const char *cusparseGetErrorString(cusparseStatus_t status);
__host__ cusparseStatus_t cusparseCreateMatDescr(cusparseMatDescr_t *d);
__host__ cusparseStatus_t cusparseDestroyMatDescr(cusparseMatDescr_t d);
__host__ cusparseStatus_t cusparseSetMatType(cusparseMatDescr_t d, cusparseMatrixType_t t);
__host__ cusparseStatus_t cusparseSetMatIndexBase(cusparseMatDescr_t d, cusparseIndexBase_t b);
__host__ cusparseStatus_t cusparseCreateCsr(cusparseSpMatDescr_t *m, long long rows, long long cols, long long nnz, void *row_offsets, void *col_ind, void *values, cusparseIndexType_t row_type, cusparseIndexType_t col_type, cusparseIndexBase_t base, cudaDataType value_type);
__host__ cusparseStatus_t cusparseCreateCoo(cusparseSpMatDescr_t *m, long long rows, long long cols, long long nnz, void *row_ind, void *col_ind, void *values, cusparseIndexType_t idx_type, cusparseIndexBase_t base, cudaDataType value_type);
__host__ cusparseStatus_t cusparseDestroySpMat(cusparseSpMatDescr_t m);
__host__ cusparseStatus_t cusparseCreateDnVec(cusparseDnVecDescr_t *v, long long size, void *values, cudaDataType value_type);
__host__ cusparseStatus_t cusparseDestroyDnVec(cusparseDnVecDescr_t v);
__host__ cusparseStatus_t cusparseCreateDnMat(cusparseDnMatDescr_t *m, long long rows, long long cols, long long ld, void *values, cudaDataType value_type, cusparseOrder_t order);
__host__ cusparseStatus_t cusparseDestroyDnMat(cusparseDnMatDescr_t m);
__host__ cusparseStatus_t cusparseSpMV_bufferSize(cusparseHandle_t h, cusparseOperation_t op, const void *alpha, cusparseSpMatDescr_t a, cusparseDnVecDescr_t x, const void *beta, cusparseDnVecDescr_t y, cudaDataType compute, cusparseSpMVAlg_t alg, size_t *size);
__host__ cusparseStatus_t cusparseSpMV(cusparseHandle_t h, cusparseOperation_t op, const void *alpha, cusparseSpMatDescr_t a, cusparseDnVecDescr_t x, const void *beta, cusparseDnVecDescr_t y, cudaDataType compute, cusparseSpMVAlg_t alg, void *buffer);
__host__ cusparseStatus_t cusparseSpMM_bufferSize(cusparseHandle_t h, cusparseOperation_t opa, cusparseOperation_t opb, const void *alpha, cusparseSpMatDescr_t a, cusparseDnMatDescr_t b, const void *beta, cusparseDnMatDescr_t c, cudaDataType compute, cusparseSpMMAlg_t alg, size_t *size);
__host__ cusparseStatus_t cusparseSpMM(cusparseHandle_t h, cusparseOperation_t opa, cusparseOperation_t opb, const void *alpha, cusparseSpMatDescr_t a, cusparseDnMatDescr_t b, const void *beta, cusparseDnMatDescr_t c, cudaDataType compute, cusparseSpMMAlg_t alg, void *buffer);
}
#endif
