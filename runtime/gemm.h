/*
 * simulee runtime: one matrix product of mixed element types on the CPU,
 * shared by cuBLASLt's cublasLtMatmul (runtime/blaslt.c) and cuBLAS's
 * GemmEx family and half-precision gemms (runtime/blas.c):
 *
 *   D = epilogue(alpha op(A) op(B) + beta C)
 *
 * on host bytes the caller resolved (and placed in the order between
 * launches). Elements of fp32, fp64, fp16, bf16, int8 and int32 are widened
 * to double, the product is accumulated in double (OpenBLAS's dgemm) and
 * each result rounded to D's type (to half first for the 16F compute type,
 * whose sums are half); half and bfloat16 round to nearest even.
 */
#ifndef SIMULEE_RUNTIME_GEMM_H
#define SIMULEE_RUNTIME_GEMM_H

#include <stdint.h>

/* cudaDataType values (cuda/library_types.h) */
enum {
  SIMR_R_32F = 0, SIMR_R_64F = 1, SIMR_R_16F = 2, SIMR_R_8I = 3, SIMR_R_32I = 10,
  SIMR_R_16BF = 14
};
/* cublasComputeType_t values (cuda/cublas_api.h) */
enum {
  SIMR_COMPUTE_16F = 64, SIMR_COMPUTE_16F_PEDANTIC = 65, SIMR_COMPUTE_32F = 68,
  SIMR_COMPUTE_32F_PEDANTIC = 69, SIMR_COMPUTE_64F = 70, SIMR_COMPUTE_64F_PEDANTIC = 71,
  SIMR_COMPUTE_32I = 72, SIMR_COMPUTE_32I_PEDANTIC = 73, SIMR_COMPUTE_32F_FAST_16F = 74,
  SIMR_COMPUTE_32F_FAST_16BF = 75, SIMR_COMPUTE_32F_FAST_TF32 = 77
};
/* cublasLtEpilogue_t's bits (cuda/cublasLt.h) */
enum {
  SIMR_EPI_RELU = 2, SIMR_EPI_BIAS = 4, SIMR_EPI_GELU = 32, SIMR_EPI_AUX = 128,
  SIMR_EPI_BGRADA = 256, SIMR_EPI_BGRADB = 512
};

/* A matrix operand: host bytes, element type, order and leading dimension. */
typedef struct simR_mat {
  void *p;      /* host bytes of its first element */
  int type;     /* SIMR_R_* */
  int row;      /* row-major (CUBLASLT_ORDER_ROW), else column-major */
  int64_t ld;   /* leading dimension in elements */
} simR_mat;

typedef struct simR_gemm {
  int64_t m, n, k;       /* D is m x n, op(A) m x k, op(B) k x n */
  int ta, tb;            /* op of A and B: 0 N, 1 T, 2 C (as T: real types) */
  simR_mat a, b, c, d;   /* c.p NULL or beta 0: C is not read */
  int compute;           /* SIMR_COMPUTE_* */
  double alpha, beta;
  unsigned epilogue;     /* cublasLtEpilogue_t (1: none) */
  void *bias;            /* bias (read) or bias gradient (written), its type */
  int bias_type;
  simR_mat aux;          /* GELU input (type) or ReLU bit mask (ld in bits) */
} simR_gemm;

/* Element i of a vector of type t, as a double / store v rounded to t. */
double simR_elem_get(const void *p, int type, int64_t i);
void simR_elem_set(void *p, int type, int64_t i, double v);
/* Bytes of one element of type t, 0 when simulee does not compute with it. */
unsigned simR_elem_size(int type);
/* Elements a rows x cols matrix of order row (ld) spans, 0 when empty. */
uint64_t simR_mat_span(int64_t rows, int64_t cols, int64_t ld, int row);
/* Run g: 0, or -1 when memory for the widened operands is lacking. */
int simR_gemm_run(const simR_gemm *g);

#endif
