/*
 * simulee runtime: cuBLAS on OpenBLAS (Debian's libopenblas-dev). The
 * level 1-3 calls of float and double the table of README.md names run on
 * the host CPU over device memory (runtime/internal.h: device pointer to
 * host bytes), column-major as cuBLAS is, after the handle's stream is
 * synchronized (a kernel's pending error fails the call). Scalars and
 * results follow the handle's pointer mode. Other cuBLAS functions are
 * undefined symbols: the link names them.
 */
#include <cblas.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/internal.h"

#define EXPORT __attribute__((visibility("default")))

typedef enum {
  ST_SUCCESS = 0,
  ST_NOT_INITIALIZED = 1,
  ST_ALLOC_FAILED = 3,
  ST_INVALID_VALUE = 7,
  ST_MAPPING_ERROR = 11,
  ST_EXECUTION_FAILED = 13
} blas_status; /* cublasStatus_t */

struct cublasContext {
  cudaStream_t stream; /* cublasSetStream */
  int device_ptrs;     /* CUBLAS_POINTER_MODE_DEVICE */
};
typedef struct cublasContext *blas_handle;

EXPORT blas_status cublasCreate_v2(blas_handle *h) {
  if (!h) return ST_INVALID_VALUE;
  *h = calloc(1, sizeof **h);
  return *h ? ST_SUCCESS : ST_ALLOC_FAILED;
}

EXPORT blas_status cublasDestroy_v2(blas_handle h) {
  if (!h) return ST_NOT_INITIALIZED;
  free(h);
  return ST_SUCCESS;
}

EXPORT blas_status cublasGetVersion_v2(blas_handle h, int *v) {
  (void)h;
  if (!v) return ST_INVALID_VALUE;
  *v = 120000;
  return ST_SUCCESS;
}

EXPORT blas_status cublasSetStream_v2(blas_handle h, cudaStream_t s) {
  if (!h) return ST_NOT_INITIALIZED;
  h->stream = s;
  return ST_SUCCESS;
}

EXPORT blas_status cublasGetStream_v2(blas_handle h, cudaStream_t *s) {
  if (!h) return ST_NOT_INITIALIZED;
  if (s) *s = h->stream;
  return ST_SUCCESS;
}

EXPORT blas_status cublasSetPointerMode_v2(blas_handle h, int mode) {
  if (!h) return ST_NOT_INITIALIZED;
  h->device_ptrs = mode == 1;
  return ST_SUCCESS;
}

EXPORT blas_status cublasSetMathMode(blas_handle h, int mode) {
  (void)mode;
  return h ? ST_SUCCESS : ST_NOT_INITIALIZED;
}

EXPORT const char *cublasGetStatusName(blas_status s) {
  switch (s) {
  case ST_SUCCESS: return "CUBLAS_STATUS_SUCCESS";
  case ST_NOT_INITIALIZED: return "CUBLAS_STATUS_NOT_INITIALIZED";
  case ST_ALLOC_FAILED: return "CUBLAS_STATUS_ALLOC_FAILED";
  case ST_INVALID_VALUE: return "CUBLAS_STATUS_INVALID_VALUE";
  case ST_MAPPING_ERROR: return "CUBLAS_STATUS_MAPPING_ERROR";
  case ST_EXECUTION_FAILED: return "CUBLAS_STATUS_EXECUTION_FAILED";
  default: return "CUBLAS_STATUS_UNKNOWN";
  }
}

EXPORT const char *cublasGetStatusString(blas_status s) {
  switch (s) {
  case ST_SUCCESS: return "success";
  case ST_NOT_INITIALIZED: return "the library was not initialized";
  case ST_ALLOC_FAILED: return "the resource allocation failed";
  case ST_INVALID_VALUE: return "an invalid numeric value was used as an argument";
  case ST_MAPPING_ERROR: return "an access to GPU memory space failed";
  case ST_EXECUTION_FAILED: return "the GPU program failed to execute";
  default: return "unknown error";
  }
}

/* Bytes of a strided vector / a column-major matrix of es-byte elements. */
static uint64_t vec_bytes(int n, int inc, size_t es) {
  return n <= 0 ? 0 : (1 + (uint64_t)(n - 1) * (uint64_t)(inc < 0 ? -inc : inc)) * es;
}
static uint64_t mat_bytes(int rows, int cols, int ld, size_t es) {
  return rows <= 0 || cols <= 0 ? 0 : ((uint64_t)ld * (uint64_t)(cols - 1) + (uint64_t)rows) * es;
}

/* Host bytes of device (or, in host pointer mode, host) memory; NULL when
 * the range is not memory the program owns. */
static void *dev(const void *p, uint64_t bytes) {
  cudaError_t e;
  if (!bytes) return (void *)p;
  return simR_host_bytes_locked(p, bytes, &e);
}

/* Enter a call: the lock, the stream's work done. ST_SUCCESS or why not. */
static blas_status enter(blas_handle h) {
  if (!h) return ST_NOT_INITIALIZED;
  simR_lock();
  if (simR_stream_sync_locked(h->stream) != cudaSuccess) {
    simR_unlock();
    return ST_EXECUTION_FAILED;
  }
  return ST_SUCCESS;
}

static blas_status leave(blas_status s) {
  simR_unlock();
  return s;
}

/* A scalar argument by the pointer mode. */
#define SCALAR(T, p) (h->device_ptrs ? (T *)dev(p, sizeof(T)) : (T *)(p))

static enum CBLAS_TRANSPOSE trans(int op) { return op == 0 ? CblasNoTrans : CblasTrans; }

#define LEVEL1(T, P, p)                                                                        \
  EXPORT blas_status cublas##P##axpy_v2(blas_handle h, int n, const T *alpha, const T *x,      \
                                        int incx, T *y, int incy) {                            \
    blas_status s = enter(h);                                                                  \
    if (s) return s;                                                                           \
    const T *a = SCALAR(const T, alpha);                                                       \
    const T *hx = dev(x, vec_bytes(n, incx, sizeof(T)));                                       \
    T *hy = dev(y, vec_bytes(n, incy, sizeof(T)));                                             \
    if (!a || (n > 0 && (!hx || !hy))) return leave(ST_INVALID_VALUE);                         \
    if (n > 0) cblas_##p##axpy(n, *a, hx, incx, hy, incy);                                     \
    return leave(ST_SUCCESS);                                                                  \
  }                                                                                            \
  EXPORT blas_status cublas##P##scal_v2(blas_handle h, int n, const T *alpha, T *x, int incx) { \
    blas_status s = enter(h);                                                                  \
    if (s) return s;                                                                           \
    const T *a = SCALAR(const T, alpha);                                                       \
    T *hx = dev(x, vec_bytes(n, incx, sizeof(T)));                                             \
    if (!a || (n > 0 && !hx)) return leave(ST_INVALID_VALUE);                                  \
    if (n > 0) cblas_##p##scal(n, *a, hx, incx);                                               \
    return leave(ST_SUCCESS);                                                                  \
  }                                                                                            \
  EXPORT blas_status cublas##P##copy_v2(blas_handle h, int n, const T *x, int incx, T *y,      \
                                        int incy) {                                            \
    blas_status s = enter(h);                                                                  \
    if (s) return s;                                                                           \
    const T *hx = dev(x, vec_bytes(n, incx, sizeof(T)));                                       \
    T *hy = dev(y, vec_bytes(n, incy, sizeof(T)));                                             \
    if (n > 0 && (!hx || !hy)) return leave(ST_INVALID_VALUE);                                 \
    if (n > 0) cblas_##p##copy(n, hx, incx, hy, incy);                                         \
    return leave(ST_SUCCESS);                                                                  \
  }                                                                                            \
  EXPORT blas_status cublas##P##dot_v2(blas_handle h, int n, const T *x, int incx, const T *y, \
                                       int incy, T *result) {                                  \
    blas_status s = enter(h);                                                                  \
    if (s) return s;                                                                           \
    const T *hx = dev(x, vec_bytes(n, incx, sizeof(T)));                                       \
    const T *hy = dev(y, vec_bytes(n, incy, sizeof(T)));                                       \
    T *r = SCALAR(T, result);                                                                  \
    if (!r || (n > 0 && (!hx || !hy))) return leave(ST_INVALID_VALUE);                         \
    *r = n > 0 ? cblas_##p##dot(n, hx, incx, hy, incy) : (T)0;                                 \
    return leave(ST_SUCCESS);                                                                  \
  }                                                                                            \
  EXPORT blas_status cublas##P##nrm2_v2(blas_handle h, int n, const T *x, int incx,            \
                                        T *result) {                                           \
    blas_status s = enter(h);                                                                  \
    if (s) return s;                                                                           \
    const T *hx = dev(x, vec_bytes(n, incx, sizeof(T)));                                       \
    T *r = SCALAR(T, result);                                                                  \
    if (!r || (n > 0 && !hx)) return leave(ST_INVALID_VALUE);                                  \
    *r = n > 0 && incx > 0 ? cblas_##p##nrm2(n, hx, incx) : (T)0;                              \
    return leave(ST_SUCCESS);                                                                  \
  }                                                                                            \
  EXPORT blas_status cublas##P##asum_v2(blas_handle h, int n, const T *x, int incx,            \
                                        T *result) {                                           \
    blas_status s = enter(h);                                                                  \
    if (s) return s;                                                                           \
    const T *hx = dev(x, vec_bytes(n, incx, sizeof(T)));                                       \
    T *r = SCALAR(T, result);                                                                  \
    if (!r || (n > 0 && !hx)) return leave(ST_INVALID_VALUE);                                  \
    *r = n > 0 && incx > 0 ? cblas_##p##asum(n, hx, incx) : (T)0;                              \
    return leave(ST_SUCCESS);                                                                  \
  }                                                                                            \
  EXPORT blas_status cublas##P##gemv_v2(blas_handle h, int op, int m, int n, const T *alpha,   \
                                        const T *A, int lda, const T *x, int incx,             \
                                        const T *beta, T *y, int incy) {                       \
    if (m < 0 || n < 0 || lda < (m > 1 ? m : 1) || !incx || !incy) return ST_INVALID_VALUE;    \
    blas_status s = enter(h);                                                                  \
    if (s) return s;                                                                           \
    int xl = op == 0 ? n : m, yl = op == 0 ? m : n;                                            \
    const T *a = SCALAR(const T, alpha), *b = SCALAR(const T, beta);                           \
    const T *hA = dev(A, mat_bytes(m, n, lda, sizeof(T)));                                     \
    const T *hx = dev(x, vec_bytes(xl, incx, sizeof(T)));                                      \
    T *hy = dev(y, vec_bytes(yl, incy, sizeof(T)));                                            \
    if (!a || !b || (m && n && (!hA || !hx || !hy))) return leave(ST_INVALID_VALUE);           \
    if (m && n) cblas_##p##gemv(CblasColMajor, trans(op), m, n, *a, hA, lda, hx, incx, *b, hy, \
                                incy);                                                         \
    return leave(ST_SUCCESS);                                                                  \
  }                                                                                            \
  static blas_status p##gemm_one(blas_handle h, int ta, int tb, int m, int n, int k,           \
                                 const T *a, const T *A, int lda, const T *B, int ldb,         \
                                 const T *b, T *C, int ldc) {                                  \
    const T *hA = dev(A, ta == 0 ? mat_bytes(m, k, lda, sizeof(T))                             \
                                 : mat_bytes(k, m, lda, sizeof(T)));                           \
    const T *hB = dev(B, tb == 0 ? mat_bytes(k, n, ldb, sizeof(T))                             \
                                 : mat_bytes(n, k, ldb, sizeof(T)));                           \
    T *hC = dev(C, mat_bytes(m, n, ldc, sizeof(T)));                                           \
    (void)h;                                                                                   \
    if (m && n && ((k && (!hA || !hB)) || !hC)) return ST_INVALID_VALUE;                       \
    if (m && n) cblas_##p##gemm(CblasColMajor, trans(ta), trans(tb), m, n, k, *a, hA, lda, hB, \
                                ldb, *b, hC, ldc);                                             \
    return ST_SUCCESS;                                                                         \
  }                                                                                            \
  EXPORT blas_status cublas##P##gemm_v2(blas_handle h, int ta, int tb, int m, int n, int k,    \
                                        const T *alpha, const T *A, int lda, const T *B,       \
                                        int ldb, const T *beta, T *C, int ldc) {               \
    if (m < 0 || n < 0 || k < 0 || ldc < (m > 1 ? m : 1)) return ST_INVALID_VALUE;             \
    blas_status s = enter(h);                                                                  \
    if (s) return s;                                                                           \
    const T *a = SCALAR(const T, alpha), *b = SCALAR(const T, beta);                           \
    if (!a || !b) return leave(ST_INVALID_VALUE);                                              \
    return leave(p##gemm_one(h, ta, tb, m, n, k, a, A, lda, B, ldb, b, C, ldc));               \
  }                                                                                            \
  EXPORT blas_status cublas##P##gemmStridedBatched(                                            \
      blas_handle h, int ta, int tb, int m, int n, int k, const T *alpha, const T *A, int lda, \
      long long sa, const T *B, int ldb, long long sb, const T *beta, T *C, int ldc,           \
      long long sc, int batch) {                                                               \
    if (m < 0 || n < 0 || k < 0 || batch < 0 || ldc < (m > 1 ? m : 1)) return ST_INVALID_VALUE; \
    blas_status s = enter(h);                                                                  \
    if (s) return s;                                                                           \
    const T *a = SCALAR(const T, alpha), *b = SCALAR(const T, beta);                           \
    if (!a || !b) return leave(ST_INVALID_VALUE);                                              \
    for (int i = 0; i < batch && !s; i++)                                                      \
      s = p##gemm_one(h, ta, tb, m, n, k, a, A + i * sa, lda, B + i * sb, ldb, b, C + i * sc,  \
                      ldc);                                                                    \
    return leave(s);                                                                           \
  }

LEVEL1(float, S, s)
LEVEL1(double, D, d)

/* cublasSet/GetVector and Matrix: host <-> device copies */
static blas_status copy_strided(int n, int es, const void *x, int incx, void *y, int incy) {
  if (n < 0 || es <= 0 || incx <= 0 || incy <= 0) return ST_INVALID_VALUE;
  simR_lock();
  const uint8_t *hx = dev(x, vec_bytes(n, incx, (size_t)es));
  uint8_t *hy = dev(y, vec_bytes(n, incy, (size_t)es));
  blas_status s = n && (!hx || !hy) ? ST_MAPPING_ERROR : ST_SUCCESS;
  for (int i = 0; i < n && !s; i++)
    memmove(hy + (size_t)i * incy * es, hx + (size_t)i * incx * es, (size_t)es);
  simR_unlock();
  return s;
}

EXPORT blas_status cublasSetVector(int n, int es, const void *x, int incx, void *y, int incy) {
  return copy_strided(n, es, x, incx, y, incy);
}

EXPORT blas_status cublasGetVector(int n, int es, const void *x, int incx, void *y, int incy) {
  return copy_strided(n, es, x, incx, y, incy);
}

static blas_status copy_matrix(int rows, int cols, int es, const void *a, int lda, void *b,
                               int ldb) {
  if (rows < 0 || cols < 0 || es <= 0 || lda < rows || ldb < rows) return ST_INVALID_VALUE;
  simR_lock();
  const uint8_t *ha = dev(a, mat_bytes(rows, cols, lda, (size_t)es));
  uint8_t *hb = dev(b, mat_bytes(rows, cols, ldb, (size_t)es));
  blas_status s = rows && cols && (!ha || !hb) ? ST_MAPPING_ERROR : ST_SUCCESS;
  for (int c = 0; c < cols && !s; c++)
    memmove(hb + (size_t)c * ldb * es, ha + (size_t)c * lda * es, (size_t)rows * es);
  simR_unlock();
  return s;
}

EXPORT blas_status cublasSetMatrix(int rows, int cols, int es, const void *a, int lda, void *b,
                                   int ldb) {
  return copy_matrix(rows, cols, es, a, lda, b, ldb);
}

EXPORT blas_status cublasGetMatrix(int rows, int cols, int es, const void *a, int lda, void *b,
                                   int ldb) {
  return copy_matrix(rows, cols, es, a, lda, b, ldb);
}
