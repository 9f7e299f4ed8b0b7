/*
 * simulee runtime: cuBLASXt (cuda/cublasXt.h), cuBLAS's multi-GPU host
 * API. A handle holds a cuBLAS handle of its own; a gemm takes its
 * operands where they are (device memory as it is; host memory copied to
 * device memory of the one device, C copied back) and runs cuBLAS's gemm
 * there, so its checks and its place in the order between launches are
 * the cuBLAS call's. The device selection must name device 0; the tile
 * size, the pinning mode and the CPU share are kept and change nothing.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

#include "runtime/internal.h"

#define EXPORT __attribute__((visibility("default")))

typedef int status_t; /* cublasStatus_t */
enum { OK = 0, NOT_INITIALIZED = 1, ALLOC_FAILED = 3, INVALID_VALUE = 7 };

/* cuBLAS (runtime/blas.c; complex gemms: runtime/stubs.c) and the runtime */
status_t cublasCreate_v2(void **handle);
status_t cublasDestroy_v2(void *handle);
typedef status_t (*gemm_fn)(void *, int, int, int, int, int, const void *, const void *, int,
                            const void *, int, const void *, void *, int);
status_t cublasSgemm_v2(void *, int, int, int, int, int, const void *, const void *, int,
                        const void *, int, const void *, void *, int);
status_t cublasDgemm_v2(void *, int, int, int, int, int, const void *, const void *, int,
                        const void *, int, const void *, void *, int);
status_t cublasCgemm_v2(void *, int, int, int, int, int, const void *, const void *, int,
                        const void *, int, const void *, void *, int);
status_t cublasZgemm_v2(void *, int, int, int, int, int, const void *, const void *, int,
                        const void *, int, const void *, void *, int);
cudaError_t cudaMalloc(void **ptr, size_t size);
cudaError_t cudaFree(void *ptr);
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                         size_t height, int kind);
cudaError_t cudaDeviceSynchronize(void);

struct cublasXtContext {
  void *blas;   /* its cuBLAS handle */
  int block;    /* cublasXtSetBlockDim's tile size */
  int pinning;  /* cublasXtPinnedMemMode_t */
  int devices;  /* selected */
};

EXPORT status_t cublasXtCreate(struct cublasXtContext **out) {
  if (!out) return INVALID_VALUE;
  struct cublasXtContext *x = calloc(1, sizeof *x);
  if (!x) return ALLOC_FAILED;
  status_t s = cublasCreate_v2(&x->blas);
  if (s) {
    free(x);
    return s;
  }
  x->block = 1024;
  *out = x;
  return OK;
}

EXPORT status_t cublasXtDestroy(struct cublasXtContext *x) {
  if (!x) return NOT_INITIALIZED;
  cublasDestroy_v2(x->blas);
  free(x);
  return OK;
}

EXPORT status_t cublasXtMaxBoards(int *n) {
  if (!n) return INVALID_VALUE;
  *n = 1;
  return OK;
}

EXPORT status_t cublasXtGetNumBoards(int ndev, int *ids, int *boards) {
  if (!boards || ndev < 0 || (ndev && !ids)) return INVALID_VALUE;
  *boards = ndev > 0;
  return OK;
}

EXPORT status_t cublasXtDeviceSelect(struct cublasXtContext *x, int ndev, int *ids) {
  if (!x) return NOT_INITIALIZED;
  if (ndev < 1 || !ids) return INVALID_VALUE;
  for (int i = 0; i < ndev; i++)
    if (ids[i] != 0) return INVALID_VALUE; /* one device */
  x->devices = ndev;
  return OK;
}

EXPORT status_t cublasXtSetBlockDim(struct cublasXtContext *x, int block) {
  if (!x) return NOT_INITIALIZED;
  if (block <= 0) return INVALID_VALUE;
  x->block = block;
  return OK;
}

EXPORT status_t cublasXtGetBlockDim(struct cublasXtContext *x, int *block) {
  if (!x) return NOT_INITIALIZED;
  if (!block) return INVALID_VALUE;
  *block = x->block;
  return OK;
}

EXPORT status_t cublasXtSetPinningMemMode(struct cublasXtContext *x, int mode) {
  if (!x) return NOT_INITIALIZED;
  if (mode != 0 && mode != 1) return INVALID_VALUE;
  x->pinning = mode;
  return OK;
}

EXPORT status_t cublasXtGetPinningMemMode(struct cublasXtContext *x, int *mode) {
  if (!x) return NOT_INITIALIZED;
  if (!mode) return INVALID_VALUE;
  *mode = x->pinning;
  return OK;
}

EXPORT status_t cublasXtSetCpuRoutine(struct cublasXtContext *x, int op, int type, void *fn) {
  (void)op, (void)type, (void)fn; /* the CPU takes no share here */
  return x ? OK : NOT_INITIALIZED;
}

EXPORT status_t cublasXtSetCpuRatio(struct cublasXtContext *x, int op, int type, float ratio) {
  (void)op, (void)type;
  if (!x) return NOT_INITIALIZED;
  return ratio < 0 || ratio > 1 ? INVALID_VALUE : OK;
}

/* Operand p of rows x cols elements (leading dimension ld) in device
 * memory: p itself when it is there, else a copy (*copy, freed by the
 * caller; `in`: with p's bytes). */
static status_t on_device(const void *p, size_t rows, size_t cols, size_t ld, size_t es,
                          int in, void **dev, void **copy) {
  *copy = NULL;
  if (SIMI_PTR_SPACE((uint64_t)(uintptr_t)p) == SIMI_SPACE_GLOBAL) {
    *dev = (void *)p;
    return OK;
  }
  if (!rows || !cols) {
    *dev = (void *)p;
    return OK;
  }
  if (cudaMalloc(copy, rows * cols * es)) return ALLOC_FAILED;
  if (in && cudaMemcpy2D(*copy, rows * es, p, ld * es, rows * es, cols, 1 /* H2D */)) {
    cudaFree(*copy);
    *copy = NULL;
    return INVALID_VALUE;
  }
  *dev = *copy;
  return OK;
}

static status_t xt_gemm(struct cublasXtContext *x, gemm_fn gemm, size_t es, int ta, int tb,
                        size_t m, size_t n, size_t k, const void *alpha, const void *A,
                        size_t lda, const void *B, size_t ldb, const void *beta, void *C,
                        size_t ldc) {
  if (!x) return NOT_INITIALIZED;
  if (m > INT_MAX || n > INT_MAX || k > INT_MAX || lda > INT_MAX || ldb > INT_MAX ||
      ldc > INT_MAX || !alpha || !beta)
    return INVALID_VALUE;
  size_t ar = ta ? k : m, ac = ta ? m : k, br = tb ? n : k, bc = tb ? k : n;
  if (lda < ar || ldb < br || ldc < m) return INVALID_VALUE;
  void *da, *db, *dc, *ca, *cb, *cc;
  status_t s = on_device(A, ar, ac, lda, es, 1, &da, &ca);
  if (!s) s = on_device(B, br, bc, ldb, es, 1, &db, &cb);
  else cb = NULL;
  if (!s) s = on_device(C, m, n, ldc, es, 1, &dc, &cc);
  else cc = NULL;
  if (!s)
    s = gemm(x->blas, ta, tb, (int)m, (int)n, (int)k, alpha, da, ca ? (int)ar : (int)lda, db,
             cb ? (int)br : (int)ldb, beta, dc, cc ? (int)m : (int)ldc);
  if (!s && cc && cudaMemcpy2D(C, ldc * es, cc, m * es, m * es, n, 2 /* D2H */))
    s = INVALID_VALUE;
  if (!s && !cc) cudaDeviceSynchronize(); /* the call returns when C is there */
  if (ca) cudaFree(ca);
  if (cb) cudaFree(cb);
  if (cc) cudaFree(cc);
  return s;
}

EXPORT status_t cublasXtSgemm(struct cublasXtContext *x, int ta, int tb, size_t m, size_t n,
                              size_t k, const float *alpha, const float *A, size_t lda,
                              const float *B, size_t ldb, const float *beta, float *C,
                              size_t ldc) {
  return xt_gemm(x, cublasSgemm_v2, sizeof(float), ta, tb, m, n, k, alpha, A, lda, B, ldb, beta,
                 C, ldc);
}

EXPORT status_t cublasXtDgemm(struct cublasXtContext *x, int ta, int tb, size_t m, size_t n,
                              size_t k, const double *alpha, const double *A, size_t lda,
                              const double *B, size_t ldb, const double *beta, double *C,
                              size_t ldc) {
  return xt_gemm(x, cublasDgemm_v2, sizeof(double), ta, tb, m, n, k, alpha, A, lda, B, ldb,
                 beta, C, ldc);
}

EXPORT status_t cublasXtCgemm(struct cublasXtContext *x, int ta, int tb, size_t m, size_t n,
                              size_t k, const void *alpha, const void *A, size_t lda,
                              const void *B, size_t ldb, const void *beta, void *C, size_t ldc) {
  return xt_gemm(x, cublasCgemm_v2, 2 * sizeof(float), ta, tb, m, n, k, alpha, A, lda, B, ldb,
                 beta, C, ldc);
}

EXPORT status_t cublasXtZgemm(struct cublasXtContext *x, int ta, int tb, size_t m, size_t n,
                              size_t k, const void *alpha, const void *A, size_t lda,
                              const void *B, size_t ldb, const void *beta, void *C, size_t ldc) {
  return xt_gemm(x, cublasZgemm_v2, 2 * sizeof(double), ta, tb, m, n, k, alpha, A, lda, B, ldb,
                 beta, C, ldc);
}
