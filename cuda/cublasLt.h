/* simulee CUDA headers: <cublasLt.h>, cuBLASLt's host API (declaration-only,
 * written for simulee from the cuBLASLt documentation). Host code that
 * builds matmul descriptors and layouts and calls cublasLtMatmul compiles;
 * nothing here runs. */
#ifndef SIMULEE_CUBLASLT_H
#define SIMULEE_CUBLASLT_H
#ifndef CUBLAS_LT_H_
#define CUBLAS_LT_H_
#endif
#include <stdint.h>
#include "cublas_api.h"

typedef struct cublasLtContext *cublasLtHandle_t;
typedef struct cublasLtMatmulDescOpaque_st *cublasLtMatmulDesc_t;
typedef struct cublasLtMatrixLayoutOpaque_st *cublasLtMatrixLayout_t;
typedef struct cublasLtMatmulPreferenceOpaque_st *cublasLtMatmulPreference_t;
typedef struct cublasLtMatrixTransformDescOpaque_st *cublasLtMatrixTransformDesc_t;
typedef struct {
  uint64_t data[8]; /* opaque */
} cublasLtMatmulAlgo_t;
typedef struct {
  cublasLtMatmulAlgo_t algo;  /* the algorithm */
  size_t workspaceSize;       /* bytes of workspace it needs */
  cublasStatus_t state;       /* CUBLAS_STATUS_SUCCESS if usable */
  float wavesCount;           /* waves of the GPU it fills */
  int reserved[4];
} cublasLtMatmulHeuristicResult_t;

typedef enum {
  CUBLASLT_ORDER_COL = 0,
  CUBLASLT_ORDER_ROW = 1,
  CUBLASLT_ORDER_COL32 = 2,
  CUBLASLT_ORDER_COL4_4R2_8C = 3,
  CUBLASLT_ORDER_COL32_2R_4R4 = 4
} cublasLtOrder_t;
typedef enum {
  CUBLASLT_MATRIX_LAYOUT_TYPE = 0,
  CUBLASLT_MATRIX_LAYOUT_ORDER = 1,
  CUBLASLT_MATRIX_LAYOUT_ROWS = 2,
  CUBLASLT_MATRIX_LAYOUT_COLS = 3,
  CUBLASLT_MATRIX_LAYOUT_LD = 4,
  CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT = 5,
  CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET = 6,
  CUBLASLT_MATRIX_LAYOUT_PLANE_OFFSET = 7
} cublasLtMatrixLayoutAttribute_t;
typedef enum {
  CUBLASLT_MATMUL_DESC_COMPUTE_TYPE = 0,
  CUBLASLT_MATMUL_DESC_SCALE_TYPE = 1,
  CUBLASLT_MATMUL_DESC_POINTER_MODE = 2,
  CUBLASLT_MATMUL_DESC_TRANSA = 3,
  CUBLASLT_MATMUL_DESC_TRANSB = 4,
  CUBLASLT_MATMUL_DESC_TRANSC = 5,
  CUBLASLT_MATMUL_DESC_FILL_MODE = 6,
  CUBLASLT_MATMUL_DESC_EPILOGUE = 7,
  CUBLASLT_MATMUL_DESC_BIAS_POINTER = 8,
  CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE = 10,
  CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER = 11,
  CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD = 12,
  CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_BATCH_STRIDE = 13,
  CUBLASLT_MATMUL_DESC_ALPHA_VECTOR_BATCH_STRIDE = 14,
  CUBLASLT_MATMUL_DESC_SM_COUNT_TARGET = 15,
  CUBLASLT_MATMUL_DESC_A_SCALE_POINTER = 17,
  CUBLASLT_MATMUL_DESC_B_SCALE_POINTER = 18,
  CUBLASLT_MATMUL_DESC_C_SCALE_POINTER = 19,
  CUBLASLT_MATMUL_DESC_D_SCALE_POINTER = 20,
  CUBLASLT_MATMUL_DESC_AMAX_D_POINTER = 21,
  CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_DATA_TYPE = 22,
  CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_SCALE_POINTER = 23,
  CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_AMAX_POINTER = 24,
  CUBLASLT_MATMUL_DESC_FAST_ACCUM = 25,
  CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE = 26
} cublasLtMatmulDescAttributes_t;
typedef enum {
  CUBLASLT_EPILOGUE_DEFAULT = 1,
  CUBLASLT_EPILOGUE_RELU = 2,
  CUBLASLT_EPILOGUE_RELU_AUX = 130,
  CUBLASLT_EPILOGUE_BIAS = 4,
  CUBLASLT_EPILOGUE_RELU_BIAS = 6,
  CUBLASLT_EPILOGUE_RELU_AUX_BIAS = 134,
  CUBLASLT_EPILOGUE_DRELU = 136,
  CUBLASLT_EPILOGUE_DRELU_BGRAD = 152,
  CUBLASLT_EPILOGUE_GELU = 32,
  CUBLASLT_EPILOGUE_GELU_AUX = 160,
  CUBLASLT_EPILOGUE_GELU_BIAS = 36,
  CUBLASLT_EPILOGUE_GELU_AUX_BIAS = 164,
  CUBLASLT_EPILOGUE_DGELU = 192,
  CUBLASLT_EPILOGUE_DGELU_BGRAD = 208,
  CUBLASLT_EPILOGUE_BGRADA = 256,
  CUBLASLT_EPILOGUE_BGRADB = 512
} cublasLtEpilogue_t;
typedef enum {
  CUBLASLT_MATMUL_PREF_SEARCH_MODE = 0,
  CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES = 1,
  CUBLASLT_MATMUL_PREF_REDUCTION_SCHEME_MASK = 3,
  CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES = 5,
  CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES = 6,
  CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES = 7,
  CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES = 8,
  CUBLASLT_MATMUL_PREF_MAX_WAVES_COUNT = 9,
  CUBLASLT_MATMUL_PREF_IMPL_MASK = 12
} cublasLtMatmulPreferenceAttributes_t;
typedef enum {
  CUBLASLT_MATRIX_TRANSFORM_DESC_SCALE_TYPE = 0,
  CUBLASLT_MATRIX_TRANSFORM_DESC_POINTER_MODE = 1,
  CUBLASLT_MATRIX_TRANSFORM_DESC_TRANSA = 2,
  CUBLASLT_MATRIX_TRANSFORM_DESC_TRANSB = 3
} cublasLtMatrixTransformDescAttributes_t;
typedef enum {
  CUBLASLT_ALGO_CONFIG_ID = 0,
  CUBLASLT_ALGO_CONFIG_TILE_ID = 1,
  CUBLASLT_ALGO_CONFIG_SPLITK_NUM = 2,
  CUBLASLT_ALGO_CONFIG_REDUCTION_SCHEME = 3,
  CUBLASLT_ALGO_CONFIG_CTA_SWIZZLING = 4,
  CUBLASLT_ALGO_CONFIG_CUSTOM_OPTION = 5,
  CUBLASLT_ALGO_CONFIG_STAGES_ID = 6
} cublasLtMatmulAlgoConfigAttributes_t;
typedef void (*cublasLtLoggerCallback_t)(int level, const char *function, const char *message);

typedef enum {
  CUBLASLT_ALGO_CAP_SPLITK_SUPPORT = 0,
  CUBLASLT_ALGO_CAP_REDUCTION_SCHEME_MASK = 1,
  CUBLASLT_ALGO_CAP_CTA_SWIZZLING_SUPPORT = 2,
  CUBLASLT_ALGO_CAP_STRIDED_BATCH_SUPPORT = 3,
  CUBLASLT_ALGO_CAP_OUT_OF_PLACE_RESULT_SUPPORT = 4,
  CUBLASLT_ALGO_CAP_UPLO_SUPPORT = 5,
  CUBLASLT_ALGO_CAP_TILE_IDS = 6,
  CUBLASLT_ALGO_CAP_CUSTOM_OPTION_MAX = 7,
  CUBLASLT_ALGO_CAP_CUSTOM_MEMORY_ORDER = 10,
  CUBLASLT_ALGO_CAP_POINTER_MODE_MASK = 11,
  CUBLASLT_ALGO_CAP_EPILOGUE_MASK = 12,
  CUBLASLT_ALGO_CAP_STAGES_IDS = 13,
  CUBLASLT_ALGO_CAP_LD_NEGATIVE = 14,
  CUBLASLT_ALGO_CAP_NUMERICAL_IMPL_FLAGS = 15,
  CUBLASLT_ALGO_CAP_MIN_ALIGNMENT_A_BYTES = 16,
  CUBLASLT_ALGO_CAP_MIN_ALIGNMENT_B_BYTES = 17,
  CUBLASLT_ALGO_CAP_MIN_ALIGNMENT_C_BYTES = 18,
  CUBLASLT_ALGO_CAP_MIN_ALIGNMENT_D_BYTES = 19,
  CUBLASLT_ALGO_CAP_ATOMIC_SYNC = 20
} cublasLtMatmulAlgoCapAttributes_t;

__SIM_BEGIN_C
__host__ cublasStatus_t cublasLtCreate(cublasLtHandle_t *h);
__host__ cublasStatus_t cublasLtDestroy(cublasLtHandle_t h);
__host__ size_t cublasLtGetVersion(void);
__host__ size_t cublasLtGetCudartVersion(void);
__host__ cublasStatus_t cublasLtGetProperty(libraryPropertyType type, int *value);
__host__ const char *cublasLtGetStatusName(cublasStatus_t status);
__host__ const char *cublasLtGetStatusString(cublasStatus_t status);
__host__ cublasStatus_t cublasLtMatmul(cublasLtHandle_t h, cublasLtMatmulDesc_t desc,
                                       const void *alpha, const void *a, cublasLtMatrixLayout_t adesc,
                                       const void *b, cublasLtMatrixLayout_t bdesc, const void *beta,
                                       const void *c, cublasLtMatrixLayout_t cdesc, void *d,
                                       cublasLtMatrixLayout_t ddesc, const cublasLtMatmulAlgo_t *algo,
                                       void *workspace, size_t workspace_bytes, cudaStream_t s);
__host__ cublasStatus_t cublasLtMatrixTransform(cublasLtHandle_t h, cublasLtMatrixTransformDesc_t desc,
                                                const void *alpha, const void *a,
                                                cublasLtMatrixLayout_t adesc, const void *beta,
                                                const void *b, cublasLtMatrixLayout_t bdesc, void *c,
                                                cublasLtMatrixLayout_t cdesc, cudaStream_t s);
__host__ cublasStatus_t cublasLtMatrixLayoutCreate(cublasLtMatrixLayout_t *l, cudaDataType type,
                                                   uint64_t rows, uint64_t cols, int64_t ld);
__host__ cublasStatus_t cublasLtMatrixLayoutDestroy(cublasLtMatrixLayout_t l);
__host__ cublasStatus_t cublasLtMatrixLayoutSetAttribute(cublasLtMatrixLayout_t l,
                                                         cublasLtMatrixLayoutAttribute_t attr,
                                                         const void *buf, size_t size);
__host__ cublasStatus_t cublasLtMatrixLayoutGetAttribute(cublasLtMatrixLayout_t l,
                                                         cublasLtMatrixLayoutAttribute_t attr,
                                                         void *buf, size_t size, size_t *written);
__host__ cublasStatus_t cublasLtMatmulDescCreate(cublasLtMatmulDesc_t *d, cublasComputeType_t compute,
                                                 cudaDataType scale);
__host__ cublasStatus_t cublasLtMatmulDescDestroy(cublasLtMatmulDesc_t d);
__host__ cublasStatus_t cublasLtMatmulDescSetAttribute(cublasLtMatmulDesc_t d,
                                                       cublasLtMatmulDescAttributes_t attr,
                                                       const void *buf, size_t size);
__host__ cublasStatus_t cublasLtMatmulDescGetAttribute(cublasLtMatmulDesc_t d,
                                                       cublasLtMatmulDescAttributes_t attr,
                                                       void *buf, size_t size, size_t *written);
__host__ cublasStatus_t cublasLtMatrixTransformDescCreate(cublasLtMatrixTransformDesc_t *d,
                                                          cudaDataType scale);
__host__ cublasStatus_t cublasLtMatrixTransformDescDestroy(cublasLtMatrixTransformDesc_t d);
__host__ cublasStatus_t cublasLtMatrixTransformDescSetAttribute(
    cublasLtMatrixTransformDesc_t d, cublasLtMatrixTransformDescAttributes_t attr, const void *buf,
    size_t size);
__host__ cublasStatus_t cublasLtMatmulPreferenceCreate(cublasLtMatmulPreference_t *p);
__host__ cublasStatus_t cublasLtMatmulPreferenceDestroy(cublasLtMatmulPreference_t p);
__host__ cublasStatus_t cublasLtMatmulPreferenceSetAttribute(cublasLtMatmulPreference_t p,
                                                             cublasLtMatmulPreferenceAttributes_t attr,
                                                             const void *buf, size_t size);
__host__ cublasStatus_t cublasLtMatmulPreferenceGetAttribute(cublasLtMatmulPreference_t p,
                                                             cublasLtMatmulPreferenceAttributes_t attr,
                                                             void *buf, size_t size, size_t *written);
__host__ cublasStatus_t cublasLtMatmulAlgoGetHeuristic(
    cublasLtHandle_t h, cublasLtMatmulDesc_t desc, cublasLtMatrixLayout_t adesc,
    cublasLtMatrixLayout_t bdesc, cublasLtMatrixLayout_t cdesc, cublasLtMatrixLayout_t ddesc,
    cublasLtMatmulPreference_t pref, int requested, cublasLtMatmulHeuristicResult_t results[],
    int *returned);
__host__ cublasStatus_t cublasLtMatmulAlgoGetIds(cublasLtHandle_t h, cublasComputeType_t compute,
                                                 cudaDataType scale, cudaDataType at,
                                                 cudaDataType bt, cudaDataType ct, cudaDataType dt,
                                                 int requested, int ids[], int *returned);
__host__ cublasStatus_t cublasLtMatmulAlgoInit(cublasLtHandle_t h, cublasComputeType_t compute,
                                               cudaDataType scale, cudaDataType at, cudaDataType bt,
                                               cudaDataType ct, cudaDataType dt, int id,
                                               cublasLtMatmulAlgo_t *algo);
__host__ cublasStatus_t cublasLtMatmulAlgoCheck(cublasLtHandle_t h, cublasLtMatmulDesc_t desc,
                                                cublasLtMatrixLayout_t adesc,
                                                cublasLtMatrixLayout_t bdesc,
                                                cublasLtMatrixLayout_t cdesc,
                                                cublasLtMatrixLayout_t ddesc,
                                                const cublasLtMatmulAlgo_t *algo,
                                                cublasLtMatmulHeuristicResult_t *result);
__host__ cublasStatus_t cublasLtMatmulAlgoConfigSetAttribute(cublasLtMatmulAlgo_t *algo,
                                                             cublasLtMatmulAlgoConfigAttributes_t attr,
                                                             const void *buf, size_t size);
__host__ cublasStatus_t cublasLtMatmulAlgoConfigGetAttribute(const cublasLtMatmulAlgo_t *algo,
                                                             cublasLtMatmulAlgoConfigAttributes_t attr,
                                                             void *buf, size_t size, size_t *written);
__host__ cublasStatus_t cublasLtLoggerSetCallback(cublasLtLoggerCallback_t cb);
__host__ cublasStatus_t cublasLtLoggerSetLevel(int level);
__host__ cublasStatus_t cublasLtLoggerSetMask(int mask);
__host__ cublasStatus_t cublasLtLoggerForceDisable(void);
/* ---- the rest of CUDA 12's cuBLASLt API (CUBLAS_STATUS_NOT_SUPPORTED at run
 * time: runtime/stubs.def) */
__host__ cublasStatus_t cublasLtHeuristicsCacheGetCapacity(size_t *);
__host__ cublasStatus_t cublasLtHeuristicsCacheSetCapacity(size_t);
__host__ cublasStatus_t cublasLtLoggerOpenFile(const char *);
__host__ cublasStatus_t cublasLtLoggerSetFile(FILE *);
__host__ cublasStatus_t cublasLtMatmulAlgoCapGetAttribute(const cublasLtMatmulAlgo_t *, cublasLtMatmulAlgoCapAttributes_t, void *, size_t, size_t *);
__host__ cublasStatus_t cublasLtMatmulDescInit_internal(cublasLtMatmulDesc_t, size_t, cublasComputeType_t, cudaDataType_t);
__host__ cublasStatus_t cublasLtMatmulPreferenceInit_internal(cublasLtMatmulPreference_t, size_t);
__host__ cublasStatus_t cublasLtMatrixLayoutInit_internal(cublasLtMatrixLayout_t, size_t, cudaDataType, uint64_t, uint64_t, int64_t);
__host__ cublasStatus_t cublasLtMatrixTransformDescGetAttribute(cublasLtMatrixTransformDesc_t, cublasLtMatrixTransformDescAttributes_t, void *, size_t, size_t *);
__host__ cublasStatus_t cublasLtMatrixTransformDescInit_internal(cublasLtMatrixTransformDesc_t, size_t, cudaDataType);
__SIM_END_C
#endif
