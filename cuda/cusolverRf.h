/* simulee CUDA headers: <cusolverRf.h>, cuSOLVER's refactorization API
 * (written from the cuSOLVER documentation). The handle, its settings,
 * set-up, analysis, refactorization, solve, the batched API and the
 * factors on the host work (runtime/solversp.c); the factors on the device
 * (cusolverRfAccessBundledFactorsDevice) link and return
 * CUSOLVER_STATUS_NOT_SUPPORTED with one line on stderr (runtime/solver.def). */
#ifndef SIMULEE_CUSOLVERRF_H
#define SIMULEE_CUSOLVERRF_H
#ifndef CUSOLVERRF_H_
#define CUSOLVERRF_H_
#endif
#include "cusolverDn.h"

typedef enum {
  CUSOLVERRF_RESET_VALUES_FAST_MODE_OFF = 0,
  CUSOLVERRF_RESET_VALUES_FAST_MODE_ON = 1
} cusolverRfResetValuesFastMode_t;
typedef enum { CUSOLVERRF_MATRIX_FORMAT_CSR = 0, CUSOLVERRF_MATRIX_FORMAT_CSC = 1 } cusolverRfMatrixFormat_t;
typedef enum {
  CUSOLVERRF_UNIT_DIAGONAL_STORED_L = 0,
  CUSOLVERRF_UNIT_DIAGONAL_STORED_U = 1,
  CUSOLVERRF_UNIT_DIAGONAL_ASSUMED_L = 2,
  CUSOLVERRF_UNIT_DIAGONAL_ASSUMED_U = 3
} cusolverRfUnitDiagonal_t;
typedef enum {
  CUSOLVERRF_FACTORIZATION_ALG0 = 0,
  CUSOLVERRF_FACTORIZATION_ALG1 = 1,
  CUSOLVERRF_FACTORIZATION_ALG2 = 2
} cusolverRfFactorization_t;
typedef enum {
  CUSOLVERRF_TRIANGULAR_SOLVE_ALG1 = 1,
  CUSOLVERRF_TRIANGULAR_SOLVE_ALG2 = 2,
  CUSOLVERRF_TRIANGULAR_SOLVE_ALG3 = 3
} cusolverRfTriangularSolve_t;
typedef enum {
  CUSOLVERRF_NUMERIC_BOOST_NOT_USED = 0,
  CUSOLVERRF_NUMERIC_BOOST_USED = 1
} cusolverRfNumericBoostReport_t;
typedef struct cusolverRfCommon *cusolverRfHandle_t;

__SIM_BEGIN_C
__host__ cusolverStatus_t cusolverRfCreate(cusolverRfHandle_t *handle);
__host__ cusolverStatus_t cusolverRfDestroy(cusolverRfHandle_t handle);
__host__ cusolverStatus_t cusolverRfSetMatrixFormat(cusolverRfHandle_t h, cusolverRfMatrixFormat_t f,
                                                    cusolverRfUnitDiagonal_t d);
__host__ cusolverStatus_t cusolverRfSetNumericProperties(cusolverRfHandle_t h, double zero,
                                                         double boost);
__host__ cusolverStatus_t cusolverRfSetResetValuesFastMode(cusolverRfHandle_t h,
                                                           cusolverRfResetValuesFastMode_t m);
__host__ cusolverStatus_t cusolverRfSetAlgs(cusolverRfHandle_t h, cusolverRfFactorization_t f,
                                            cusolverRfTriangularSolve_t s);
__host__ cusolverStatus_t cusolverRfSetupHost(int n, int nnzA, int *rowPtrA, int *colIndA,
                                              double *valA, int nnzL, int *rowPtrL, int *colIndL,
                                              double *valL, int nnzU, int *rowPtrU, int *colIndU,
                                              double *valU, int *p, int *q, cusolverRfHandle_t h);
__host__ cusolverStatus_t cusolverRfAnalyze(cusolverRfHandle_t h);
__host__ cusolverStatus_t cusolverRfRefactor(cusolverRfHandle_t h);
__host__ cusolverStatus_t cusolverRfResetValues(int n, int nnzA, int *rowPtrA, int *colIndA,
                                                double *valA, int *p, int *q, cusolverRfHandle_t h);
__host__ cusolverStatus_t cusolverRfSolve(cusolverRfHandle_t h, int *p, int *q, int nrhs,
                                          double *temp, int ldt, double *x, int ldx);
__host__ cusolverStatus_t cusolverRfGetMatrixFormat(cusolverRfHandle_t h, cusolverRfMatrixFormat_t *f,
                                                    cusolverRfUnitDiagonal_t *d);
__host__ cusolverStatus_t cusolverRfGetNumericProperties(cusolverRfHandle_t h, double *zero,
                                                         double *boost);
__host__ cusolverStatus_t cusolverRfGetResetValuesFastMode(cusolverRfHandle_t h,
                                                           cusolverRfResetValuesFastMode_t *m);
__host__ cusolverStatus_t cusolverRfGetAlgs(cusolverRfHandle_t h, cusolverRfFactorization_t *f,
                                            cusolverRfTriangularSolve_t *s);
__host__ cusolverStatus_t cusolverRfGetNumericBoostReport(cusolverRfHandle_t h,
                                                          cusolverRfNumericBoostReport_t *report);
__host__ cusolverStatus_t cusolverRfAccessBundledFactorsDevice(cusolverRfHandle_t h, int *nnzM,
                                                               int **Mp, int **Mi, double **Mx);
__host__ cusolverStatus_t cusolverRfExtractBundledFactorsHost(cusolverRfHandle_t h, int *nnzM,
                                                              int **Mp, int **Mi, double **Mx);
__host__ cusolverStatus_t cusolverRfExtractSplitFactorsHost(cusolverRfHandle_t h, int *nnzL,
                                                            int **Lp, int **Li, double **Lx,
                                                            int *nnzU, int **Up, int **Ui,
                                                            double **Ux);
__host__ cusolverStatus_t cusolverRfBatchSetupHost(int batchSize, int n, int nnzA, int *rowPtrA,
                                                   int *colIndA, double *valA_array[], int nnzL,
                                                   int *rowPtrL, int *colIndL, double *valL,
                                                   int nnzU, int *rowPtrU, int *colIndU,
                                                   double *valU, int *p, int *q,
                                                   cusolverRfHandle_t h);
__host__ cusolverStatus_t cusolverRfBatchAnalyze(cusolverRfHandle_t h);
__host__ cusolverStatus_t cusolverRfBatchResetValues(int batchSize, int n, int nnzA, int *rowPtrA,
                                                     int *colIndA, double *valA_array[], int *p,
                                                     int *q, cusolverRfHandle_t h);
__host__ cusolverStatus_t cusolverRfBatchRefactor(cusolverRfHandle_t h);
__host__ cusolverStatus_t cusolverRfBatchSolve(cusolverRfHandle_t h, int *p, int *q, int nrhs,
                                               double *temp, int ldt, double *XF_array[],
                                               int ldxf);
__host__ cusolverStatus_t cusolverRfBatchZeroPivot(cusolverRfHandle_t h, int *position);
__SIM_END_C
#endif
