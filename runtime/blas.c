/*
 * simulee runtime: cuBLAS on the CPU, computed by OpenBLAS (cblas_*).
 *
 * A cuBLAS call runs when it is made, as launches do, and is an operation
 * on its handle's stream in the order between launches (runtime/order.c):
 * the device bytes it reads and writes (each operand's whole strided
 * extent) are checked against the launches it is not ordered with, so a
 * kernel on another stream writing a matrix cublasSgemm reads, with no event
 * between them, is a race between launches naming the cuBLAS function. It
 * turns every vector and matrix it touches into host bytes through the
 * runtime's allocation table (device, managed or page-locked memory, the
 * whole strided extent checked against its allocation), and calls the
 * OpenBLAS routine of the same name in column-major order, which is
 * cuBLAS's. Scalars (alpha, beta, results) may live on the host or the
 * device whatever the pointer mode says: both resolve to host bytes.
 * On a capturing stream a call becomes a graph node that makes it each
 * time the graph is launched (a replay: its arguments as words, host-mode
 * scalars read at the capture); a reduction returning its result to host
 * memory is refused there (the call would have to wait for its result).
 * Float and double only; a cuBLAS function not defined here is left
 * undefined, so a program that calls one does not link and `simulee run`
 * names it.
 */
#include <cblas.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/gemm.h"
#include "runtime/internal.h"
#include "runtime/op.h"

#define EXPORT __attribute__((visibility("default")))

/* cuBLAS's status codes, operations and pointer modes (cuda/cublas_api.h) */
typedef enum {
  ST_SUCCESS = 0,
  ST_NOT_INITIALIZED = 1,
  ST_ALLOC_FAILED = 3,
  ST_INVALID_VALUE = 7,
  ST_MAPPING_ERROR = 11,
  ST_EXECUTION_FAILED = 13,
  ST_INTERNAL_ERROR = 14,
  ST_NOT_SUPPORTED = 15
} status_t;
enum { OP_N = 0, OP_T = 1, OP_C = 2 };
enum { PTR_HOST = 0, PTR_DEVICE = 1 };
enum { FILL_LOWER = 0, FILL_UPPER = 1 };
enum { SIDE_LEFT = 0, SIDE_RIGHT = 1 };
enum { DIAG_NON_UNIT = 0, DIAG_UNIT = 1 };

#define HANDLE_MAGIC 0x73696d626c6173ull /* "simblas" */

/* A cuBLAS handle. */
typedef struct cublasContext {
  uint64_t magic;      /* HANDLE_MAGIC while alive */
  cudaStream_t stream; /* cublasSetStream (NULL: the default stream) */
  int pointer_mode;    /* cublasSetPointerMode (no effect on where scalars are read) */
  int math_mode;       /* cublasSetMathMode (kept, not used) */
} cublasContext;

static cudaStream_t replay_stream;

/* Whether h is a live cuBLAS handle (the registry, runtime/handles.c: a
 * destroyed or made-up handle is never dereferenced) whose stream is one,
 * for function fn; else a warning naming fn. */
static int valid_in(const cublasContext *h, const char *fn) {
  simR_lock();
  int ok = simR_handle_check_locked((uint64_t)(uintptr_t)h, SIMR_H_CUBLAS, fn,
                                    "CUBLAS_STATUS_NOT_INITIALIZED") != NULL;
  if (ok && !replay_stream && !simR_stream_ok_locked(h->stream, fn)) ok = 0;
  simR_unlock();
  return ok;
}
#define valid(h) valid_in(h, __func__)

int simR_blas_handle_locked(const void *h, const char *fn, cudaStream_t *s) {
  const cublasContext *c = simR_handle_check_locked((uint64_t)(uintptr_t)h, SIMR_H_CUBLAS, fn,
                                                    "CUBLAS_STATUS_NOT_INITIALIZED");
  if (!c || !simR_stream_ok_locked(c->stream, fn)) return 0;
  *s = c->stream;
  return 1;
}

/* The call begun (begin) on this stream, not yet placed in the order
 * between launches: its first operand does it, naming the function. */
static struct {
  int pending;
  cudaStream_t stream;
} call;

/* Host bytes of `elems` elements of `size` bytes at p for function fn's
 * operand `what`, which the call reads or (write) writes; NULL after a line
 * on stderr. */
static void *bytes_of(const char *fn, const char *what, const void *p, uint64_t elems,
                      uint64_t size, int write) {
  cudaError_t e = cudaSuccess;
  if (call.pending) {
    simR_libcall_begin_locked(call.stream, fn);
    call.pending = 0;
  }
  void *h = simR_host_bytes_locked(p, elems * size, &e);
  if (h) simR_libcall_access_locked(p, elems * size, write);
  if (!h)
    fprintf(stderr,
            "simulee: error: %s: %s (%llu bytes at %p) is not inside one allocation of device, "
            "managed or host memory\n",
            fn, what, (unsigned long long)(elems * size), p);
  return h;
}

/* Elements a strided vector of n spans (n > 0). */
static uint64_t vspan(int n, int inc) {
  return 1 + (uint64_t)(n - 1) * (uint64_t)(inc < 0 ? -(int64_t)inc : inc);
}

/* Elements a column-major rows x cols matrix with leading dimension ld
 * spans (0 when empty). */
static uint64_t mspan(int rows, int cols, int ld) {
  return rows > 0 && cols > 0 ? (uint64_t)ld * (uint64_t)(cols - 1) + (uint64_t)rows : 0;
}

static enum CBLAS_TRANSPOSE trans(int op) {
  return op == OP_N ? CblasNoTrans : op == OP_T ? CblasTrans : CblasConjTrans;
}

static int valid_op(int op) { return op == OP_N || op == OP_T || op == OP_C; }

/* ------------------------------------------------------- stream capture */

/* A call made on a capturing stream becomes a node of the capture's graph
 * that makes the same call each time the graph is launched: the call's
 * arguments as words (every cuBLAS argument is an integer or a pointer),
 * the function that unpacks them (replay_F, one per cuBLAS function F),
 * and the scalars (alpha, beta) read when the call is captured when the
 * handle's pointer mode is host, as cuBLAS reads them. */
#define MAX_WORDS 24
typedef struct replay {
  status_t (*call)(const uint64_t *w); /* unpacks w and makes the call */
  uint64_t w[MAX_WORDS];               /* the arguments */
  unsigned nw;                         /* their number */
  unsigned want;                       /* words that point to host scalars
                                          to read when captured (a bit each) */
  unsigned size;                       /* their bytes */
  unsigned scalars;                    /* words that point to val[] (a bit each) */
  double val[MAX_WORDS];               /* the host scalars' values (as bytes) */
} replay;

#define W(x) ((uint64_t)(uintptr_t)(x))
#define ARG(i, T) ((T)(uintptr_t)w[i])

/* (replay_stream: the stream a replayed call is placed on, a graph
 * branch's stand-in; NULL when no call is replayed) */

/* A node's call, on the graph branch lane. */
static int run_replay(const void *data, cudaStream_t lane) {
  const replay *r = data;
  uint64_t w[MAX_WORDS];
  memcpy(w, r->w, sizeof w);
  for (unsigned i = 0; i < r->nw; i++)
    if (r->scalars >> i & 1) w[i] = W(&r->val[i]);
  cudaStream_t keep = replay_stream;
  replay_stream = lane;
  status_t st = r->call(w);
  replay_stream = keep;
  return st != ST_SUCCESS;
}

/* The stream a call of h is an operation on. */
static cudaStream_t stream_of(const cublasContext *h) {
  return replay_stream ? replay_stream : h->stream;
}

/* A captured call's record, readied: the host scalars read now, as
 * cuBLAS reads them (a sticky kernel error fails the call). */
static int ready_replay(void *data) {
  replay *r = data;
  if (simR_sticky_locked()) return ST_EXECUTION_FAILED;
  for (unsigned i = 0; i < r->nw; i++) {
    if (!(r->want >> i & 1)) continue;
    cudaError_t e;
    const void *p = simR_host_bytes_locked((const void *)(uintptr_t)r->w[i], r->size, &e);
    if (!p) return ST_INVALID_VALUE;
    memcpy(&r->val[i], p, r->size);
    r->scalars |= 1u << i;
  }
  return ST_SUCCESS;
}

/* Call (arguments w[0..nw), host scalars of `size` bytes at the words of
 * mask `scalars`) as a record submitted on h's stream: 1 with *st its
 * status when submit made it a node of the stream's capture (or refused
 * it), else 0 (the call is made now). `results`: the call returns a value
 * to memory a host pointer mode puts on the host, which cuBLAS cannot do
 * inside a capture (the capture is invalidated). */
static int captured(cublasContext *h, status_t (*call)(const uint64_t *), const uint64_t *w,
                    unsigned nw, unsigned scalars, unsigned size, int results, status_t *st) {
  if (!valid(h) || replay_stream) return 0;
  replay r;
  memset(&r, 0, sizeof r);
  r.call = call;
  r.nw = nw;
  memcpy(r.w, w, nw * sizeof *w);
  r.want = h->pointer_mode == PTR_HOST ? scalars : 0;
  r.size = size;
  int refuse = results && h->pointer_mode == PTR_HOST, rst;
  cudaError_t e;
  simR_lock();
  int c = simR_submit_libcall_locked(
      h->stream, refuse ? "a cuBLAS call returning its result to the host" : "a cuBLAS call",
      run_replay, ready_replay, &r, sizeof r, refuse ? SIMR_OP_NOCAPTURE : 0, &rst, &e);
  simR_unlock();
  if (c)
    *st = rst ? (status_t)rst : refuse ? ST_NOT_SUPPORTED : e ? ST_ALLOC_FAILED : ST_SUCCESS;
  return c;
}

/* The start of an exported function F whose replay is replay_F: on a
 * capturing stream, the node (scalars and results as captured() takes). */
#define CAPTURE(F, scalars, size, results, ...)                                \
  do {                                                                         \
    const uint64_t w_[] = {__VA_ARGS__};                                       \
    status_t cst_;                                                             \
    if (captured(h, replay_##F, w_, sizeof w_ / sizeof *w_, scalars, size,                 \
                 results, &cst_))                                              \
      return cst_;                                                             \
  } while (0)

/* Start of a call on the handle's stream (a sticky kernel error makes the
 * call fail as cuBLAS's kernels would). */
static status_t begin(cublasContext *h) {
  if (!valid(h)) return ST_NOT_INITIALIZED;
  if (simR_sticky_locked()) return ST_EXECUTION_FAILED;
  call.pending = 1;
  call.stream = stream_of(h);
  return ST_SUCCESS;
}

/* ------------------------------------------------------------ handles */

EXPORT status_t cublasCreate_v2(cublasContext **handle) {
  if (!handle) return ST_INVALID_VALUE;
  simR_lock();
  cublasContext *h = simR_handle_new_locked(SIMR_H_CUBLAS, sizeof *h);
  simR_unlock();
  if (!h) return ST_ALLOC_FAILED;
  h->magic = HANDLE_MAGIC;
  *handle = h;
  return ST_SUCCESS;
}

EXPORT status_t cublasDestroy_v2(cublasContext *h) {
  if (!valid(h)) return ST_NOT_INITIALIZED;
  /* nothing to wait for (calls complete when made); the stream may be
   * destroyed already */
  h->magic = 0;
  simR_lock();
  simR_handle_delete_locked(h, SIMR_H_CUBLAS);
  simR_unlock();
  return ST_SUCCESS;
}

EXPORT status_t cublasGetVersion_v2(cublasContext *h, int *version) {
  if (!version) return ST_INVALID_VALUE;
  (void)h;
  *version = 120000; /* the CUDA 12.0 headers' */
  return ST_SUCCESS;
}

EXPORT size_t cublasGetCudartVersion(void) { return 12000; }

/* cuBLAS's error handler of the legacy API: names the routine and the
 * argument that was wrong. */
EXPORT void cublasXerbla(const char *name, int info) {
  fprintf(stderr, "simulee: cuBLAS: parameter number %d had an illegal value in %s\n", info,
          name ? name : "(unknown)");
}

EXPORT status_t cublasSetStream_v2(cublasContext *h, cudaStream_t s) {
  simR_lock();
  int ok = simR_handle_check_locked((uint64_t)(uintptr_t)h, SIMR_H_CUBLAS, "cublasSetStream_v2",
                                    "CUBLAS_STATUS_NOT_INITIALIZED") != NULL;
  int sok = ok && simR_stream_ok_locked(s, "cublasSetStream_v2");
  simR_unlock();
  if (!ok) return ST_NOT_INITIALIZED;
  if (!sok) return ST_INVALID_VALUE;
  h->stream = s;
  return ST_SUCCESS;
}

EXPORT status_t cublasGetStream_v2(cublasContext *h, cudaStream_t *s) {
  if (!valid(h)) return ST_NOT_INITIALIZED;
  if (!s) return ST_INVALID_VALUE;
  *s = h->stream;
  return ST_SUCCESS;
}

EXPORT status_t cublasSetPointerMode_v2(cublasContext *h, int mode) {
  if (!valid(h)) return ST_NOT_INITIALIZED;
  if (mode != PTR_HOST && mode != PTR_DEVICE) return ST_INVALID_VALUE;
  h->pointer_mode = mode;
  return ST_SUCCESS;
}

EXPORT status_t cublasGetPointerMode_v2(cublasContext *h, int *mode) {
  if (!valid(h)) return ST_NOT_INITIALIZED;
  if (!mode) return ST_INVALID_VALUE;
  *mode = h->pointer_mode;
  return ST_SUCCESS;
}

EXPORT status_t cublasSetMathMode(cublasContext *h, int mode) {
  if (!valid(h)) return ST_NOT_INITIALIZED;
  h->math_mode = mode;
  return ST_SUCCESS;
}

EXPORT status_t cublasGetMathMode(cublasContext *h, int *mode) {
  if (!valid(h)) return ST_NOT_INITIALIZED;
  if (!mode) return ST_INVALID_VALUE;
  *mode = h->math_mode;
  return ST_SUCCESS;
}

static const struct {
  status_t st;
  const char *name, *text;
} statuses[] = {
    {ST_SUCCESS, "CUBLAS_STATUS_SUCCESS", "success"},
    {ST_NOT_INITIALIZED, "CUBLAS_STATUS_NOT_INITIALIZED", "the library was not initialized"},
    {ST_ALLOC_FAILED, "CUBLAS_STATUS_ALLOC_FAILED", "the resource allocation failed"},
    {ST_INVALID_VALUE, "CUBLAS_STATUS_INVALID_VALUE", "an invalid numeric value was used as an argument"},
    {8, "CUBLAS_STATUS_ARCH_MISMATCH", "an absent device architectural feature is required"},
    {ST_MAPPING_ERROR, "CUBLAS_STATUS_MAPPING_ERROR", "an access to GPU memory space failed"},
    {ST_EXECUTION_FAILED, "CUBLAS_STATUS_EXECUTION_FAILED", "the GPU program failed to execute"},
    {ST_INTERNAL_ERROR, "CUBLAS_STATUS_INTERNAL_ERROR", "an internal operation failed"},
    {ST_NOT_SUPPORTED, "CUBLAS_STATUS_NOT_SUPPORTED", "the functionality requested is not supported"},
    {16, "CUBLAS_STATUS_LICENSE_ERROR", "error detected trying to check the license"},
};

const char *simR_blas_status(int st, int text) {
  for (size_t i = 0; i < sizeof statuses / sizeof *statuses; i++)
    if ((int)statuses[i].st == st) return text ? statuses[i].text : statuses[i].name;
  return text ? "unknown error" : "CUBLAS_STATUS_UNKNOWN";
}

EXPORT const char *cublasGetStatusName(status_t st) { return simR_blas_status((int)st, 0); }

EXPORT const char *cublasGetStatusString(status_t st) { return simR_blas_status((int)st, 1); }

/* ------------------------------------------ copies between host and device */

/* rows x cols elements of elem bytes from a (leading dimension lda) to b
 * (ldb), either side host or device memory: an operation on stream s in
 * the order between launches (sync: on the legacy stream, which the host
 * then waits for, as cudaMemcpy2D is), a copy node on a capturing s. */
static status_t copy_matrix(const char *fn, int rows, int cols, int elem, const void *a, int lda,
                            void *b, int ldb, cudaStream_t s, int sync) {
  if (rows < 0 || cols < 0 || elem <= 0 || lda <= 0 || ldb <= 0 || lda < rows || ldb < rows)
    return ST_INVALID_VALUE;
  if (!rows || !cols) return ST_SUCCESS;
  simR_lock();
  if (!sync && !simR_stream_ok_locked(s, fn)) {
    simR_unlock();
    return ST_INVALID_VALUE;
  }
  if (!sync) {
    simR_op op; /* a copy: submit decides (a copy node on a capturing s) */
    memset(&op, 0, sizeof op);
    op.kind = SIMR_OP_COPY;
    op.stream = s;
    op.call = fn;
    op.flags = SIMR_OP_CHECKED | SIMR_OP_INLINE;
    op.u.copy.dir = -1;
    op.u.copy.dst = b, op.u.copy.dpitch = (size_t)ldb * elem;
    op.u.copy.src = a, op.u.copy.spitch = (size_t)lda * elem;
    op.u.copy.width = (size_t)rows * elem, op.u.copy.height = (size_t)cols;
    cudaError_t e = simR_submit_locked(&op);
    if (op.captured) {
      simR_unlock();
      return e ? ST_MAPPING_ERROR : ST_SUCCESS;
    }
  }
  status_t st = (sync ? simR_sync_locked() : simR_sticky_locked()) ? ST_MAPPING_ERROR
                                                                    : ST_SUCCESS;
  call.pending = !st;
  call.stream = sync ? NULL : s;
  const uint8_t *src = st ? NULL : bytes_of(fn, "the source", a, mspan(rows, cols, lda), elem, 0);
  uint8_t *dst = src ? bytes_of(fn, "the destination", b, mspan(rows, cols, ldb), elem, 1) : NULL;
  if (!st && !dst) st = ST_MAPPING_ERROR;
  for (int c = 0; !st && c < cols; c++)
    memmove(dst + (uint64_t)c * ldb * elem, src + (uint64_t)c * lda * elem,
            (uint64_t)rows * elem);
  call.pending = 0;
  simR_libcall_end_locked();
  if (sync) simR_order_host_stream_locked(0);
  simR_unlock();
  return st;
}

/* n strided elements: as a 1 x n matrix with leading dimensions inc */
static status_t copy_vector(const char *fn, int n, int elem, const void *x, int incx, void *y,
                            int incy, cudaStream_t s, int sync) {
  if (n < 0 || elem <= 0 || incx <= 0 || incy <= 0) return ST_INVALID_VALUE;
  return copy_matrix(fn, n ? 1 : 0, n, elem, x, incx, y, incy, s, sync);
}

EXPORT status_t cublasSetMatrix(int rows, int cols, int elem, const void *a, int lda, void *b,
                                int ldb) {
  return copy_matrix("cublasSetMatrix", rows, cols, elem, a, lda, b, ldb, NULL, 1);
}
EXPORT status_t cublasGetMatrix(int rows, int cols, int elem, const void *a, int lda, void *b,
                                int ldb) {
  return copy_matrix("cublasGetMatrix", rows, cols, elem, a, lda, b, ldb, NULL, 1);
}
EXPORT status_t cublasSetVector(int n, int elem, const void *x, int incx, void *y, int incy) {
  return copy_vector("cublasSetVector", n, elem, x, incx, y, incy, NULL, 1);
}
EXPORT status_t cublasGetVector(int n, int elem, const void *x, int incx, void *y, int incy) {
  return copy_vector("cublasGetVector", n, elem, x, incx, y, incy, NULL, 1);
}
EXPORT status_t cublasSetMatrixAsync(int rows, int cols, int elem, const void *a, int lda,
                                     void *b, int ldb, cudaStream_t s) {
  return copy_matrix("cublasSetMatrixAsync", rows, cols, elem, a, lda, b, ldb, s, 0);
}
EXPORT status_t cublasGetMatrixAsync(int rows, int cols, int elem, const void *a, int lda,
                                     void *b, int ldb, cudaStream_t s) {
  return copy_matrix("cublasGetMatrixAsync", rows, cols, elem, a, lda, b, ldb, s, 0);
}
EXPORT status_t cublasSetVectorAsync(int n, int elem, const void *x, int incx, void *y, int incy,
                                     cudaStream_t s) {
  return copy_vector("cublasSetVectorAsync", n, elem, x, incx, y, incy, s, 0);
}
EXPORT status_t cublasGetVectorAsync(int n, int elem, const void *x, int incx, void *y, int incy,
                                     cudaStream_t s) {
  return copy_vector("cublasGetVectorAsync", n, elem, x, incx, y, incy, s, 0);
}

/* ---------------------------------------------------- level 1, 2 and 3 */

/* The body of a BLAS function: lock, begin, the operands (each NULL ends
 * the call with CUBLAS_STATUS_MAPPING_ERROR... as a GPU's cuBLAS would
 * fault), the computation, unlock. */
#define CALL_BEGIN(h)                                                          \
  simR_lock();                                                                 \
  status_t st_ = begin(h);                                                     \
  if (st_) goto out_
#define OPERAND(var, type, fn, what, ptr, elems)                               \
  type var = (type)bytes_of(fn, what, ptr, elems, sizeof *(var),              \
                            strstr(#type, "const") == NULL);                   \
  if (!(var)) {                                                                \
    st_ = ST_MAPPING_ERROR;                                                    \
    goto out_;                                                                 \
  }
#define CALL_END                                                               \
  out_:                                                                        \
  call.pending = 0;                                                            \
  simR_libcall_end_locked();                                                   \
  simR_unlock();                                                               \
  return st_

/* Level 1, for P (S, D), T (float, double), p (s, d) */
#define LEVEL1(P, T, p)                                                                   \
  static status_t replay_cublas##P##axpy_v2(const uint64_t *w);                            \
  EXPORT status_t cublas##P##axpy_v2(cublasContext *h, int n, const T *alpha, const T *x, \
                                     int incx, T *y, int incy) {                         \
    if (!valid(h)) return ST_NOT_INITIALIZED;                                             \
    if (n <= 0) return ST_SUCCESS;                                                        \
    CAPTURE(cublas##P##axpy_v2, (1u << 2), sizeof(T), 0, W(h), W(n), W(alpha), W(x),       \
        W(incx), W(y), W(incy));                                                           \
    CALL_BEGIN(h);                                                                        \
    OPERAND(a, const T *, "cublas" #P "axpy", "alpha", alpha, 1)                          \
    OPERAND(xs, const T *, "cublas" #P "axpy", "x", x, vspan(n, incx))                    \
    OPERAND(ys, T *, "cublas" #P "axpy", "y", y, vspan(n, incy))                          \
    cblas_##p##axpy(n, *a, xs, incx, ys, incy);                                           \
    CALL_END;                                                                             \
  }                                                                                        \
  static status_t replay_cublas##P##axpy_v2(const uint64_t *w) {                           \
    return cublas##P##axpy_v2(ARG(0, cublasContext *), ARG(1, int), ARG(2, const T *),     \
        ARG(3, const T *), ARG(4, int), ARG(5, T *), ARG(6, int));                         \
  }                                                                                        \
  static status_t replay_cublas##P##scal_v2(const uint64_t *w);                            \
  EXPORT status_t cublas##P##scal_v2(cublasContext *h, int n, const T *alpha, T *x,      \
                                     int incx) {                                          \
    if (!valid(h)) return ST_NOT_INITIALIZED;                                             \
    if (n <= 0 || incx <= 0) return ST_SUCCESS;                                           \
    CAPTURE(cublas##P##scal_v2, (1u << 2), sizeof(T), 0, W(h), W(n), W(alpha), W(x),       \
        W(incx));                                                                          \
    CALL_BEGIN(h);                                                                        \
    OPERAND(a, const T *, "cublas" #P "scal", "alpha", alpha, 1)                          \
    OPERAND(xs, T *, "cublas" #P "scal", "x", x, vspan(n, incx))                          \
    cblas_##p##scal(n, *a, xs, incx);                                                     \
    CALL_END;                                                                             \
  }                                                                                        \
  static status_t replay_cublas##P##scal_v2(const uint64_t *w) {                           \
    return cublas##P##scal_v2(ARG(0, cublasContext *), ARG(1, int), ARG(2, const T *),     \
        ARG(3, T *), ARG(4, int));                                                         \
  }                                                                                        \
  static status_t replay_cublas##P##copy_v2(const uint64_t *w);                            \
  EXPORT status_t cublas##P##copy_v2(cublasContext *h, int n, const T *x, int incx, T *y, \
                                     int incy) {                                          \
    if (!valid(h)) return ST_NOT_INITIALIZED;                                             \
    if (n <= 0) return ST_SUCCESS;                                                        \
    CAPTURE(cublas##P##copy_v2, 0, sizeof(T), 0, W(h), W(n), W(x), W(incx), W(y),          \
        W(incy));                                                                          \
    CALL_BEGIN(h);                                                                        \
    OPERAND(xs, const T *, "cublas" #P "copy", "x", x, vspan(n, incx))                    \
    OPERAND(ys, T *, "cublas" #P "copy", "y", y, vspan(n, incy))                          \
    cblas_##p##copy(n, xs, incx, ys, incy);                                               \
    CALL_END;                                                                             \
  }                                                                                        \
  static status_t replay_cublas##P##copy_v2(const uint64_t *w) {                           \
    return cublas##P##copy_v2(ARG(0, cublasContext *), ARG(1, int), ARG(2, const T *),     \
        ARG(3, int), ARG(4, T *), ARG(5, int));                                            \
  }                                                                                        \
  static status_t replay_cublas##P##swap_v2(const uint64_t *w);                            \
  EXPORT status_t cublas##P##swap_v2(cublasContext *h, int n, T *x, int incx, T *y,      \
                                     int incy) {                                          \
    if (!valid(h)) return ST_NOT_INITIALIZED;                                             \
    if (n <= 0) return ST_SUCCESS;                                                        \
    CAPTURE(cublas##P##swap_v2, 0, sizeof(T), 0, W(h), W(n), W(x), W(incx), W(y),          \
        W(incy));                                                                          \
    CALL_BEGIN(h);                                                                        \
    OPERAND(xs, T *, "cublas" #P "swap", "x", x, vspan(n, incx))                          \
    OPERAND(ys, T *, "cublas" #P "swap", "y", y, vspan(n, incy))                          \
    cblas_##p##swap(n, xs, incx, ys, incy);                                               \
    CALL_END;                                                                             \
  }                                                                                        \
  static status_t replay_cublas##P##swap_v2(const uint64_t *w) {                           \
    return cublas##P##swap_v2(ARG(0, cublasContext *), ARG(1, int), ARG(2, T *),           \
        ARG(3, int), ARG(4, T *), ARG(5, int));                                            \
  }                                                                                        \
  static status_t replay_cublas##P##dot_v2(const uint64_t *w);                             \
  EXPORT status_t cublas##P##dot_v2(cublasContext *h, int n, const T *x, int incx,       \
                                    const T *y, int incy, T *result) {                   \
    if (!valid(h)) return ST_NOT_INITIALIZED;                                             \
    CAPTURE(cublas##P##dot_v2, 0, sizeof(T), 1, W(h), W(n), W(x), W(incx), W(y), W(incy),  \
        W(result));                                                                        \
    CALL_BEGIN(h);                                                                        \
    OPERAND(r, T *, "cublas" #P "dot", "result", result, 1)                               \
    *r = 0;                                                                               \
    if (n > 0) {                                                                          \
      OPERAND(xs, const T *, "cublas" #P "dot", "x", x, vspan(n, incx))                   \
      OPERAND(ys, const T *, "cublas" #P "dot", "y", y, vspan(n, incy))                   \
      *r = cblas_##p##dot(n, xs, incx, ys, incy);                                         \
    }                                                                                     \
    CALL_END;                                                                             \
  }                                                                                        \
  static status_t replay_cublas##P##dot_v2(const uint64_t *w) {                            \
    return cublas##P##dot_v2(ARG(0, cublasContext *), ARG(1, int), ARG(2, const T *),      \
        ARG(3, int), ARG(4, const T *), ARG(5, int), ARG(6, T *));                         \
  }                                                                                        \
  static status_t replay_cublas##P##nrm2_v2(const uint64_t *w);                            \
  EXPORT status_t cublas##P##nrm2_v2(cublasContext *h, int n, const T *x, int incx,      \
                                     T *result) {                                         \
    if (!valid(h)) return ST_NOT_INITIALIZED;                                             \
    CAPTURE(cublas##P##nrm2_v2, 0, sizeof(T), 1, W(h), W(n), W(x), W(incx), W(result));    \
    CALL_BEGIN(h);                                                                        \
    OPERAND(r, T *, "cublas" #P "nrm2", "result", result, 1)                              \
    *r = 0;                                                                               \
    if (n > 0 && incx > 0) {                                                              \
      OPERAND(xs, const T *, "cublas" #P "nrm2", "x", x, vspan(n, incx))                  \
      *r = cblas_##p##nrm2(n, xs, incx);                                                  \
    }                                                                                     \
    CALL_END;                                                                             \
  }                                                                                        \
  static status_t replay_cublas##P##nrm2_v2(const uint64_t *w) {                           \
    return cublas##P##nrm2_v2(ARG(0, cublasContext *), ARG(1, int), ARG(2, const T *),     \
        ARG(3, int), ARG(4, T *));                                                         \
  }                                                                                        \
  static status_t replay_cublas##P##asum_v2(const uint64_t *w);                            \
  EXPORT status_t cublas##P##asum_v2(cublasContext *h, int n, const T *x, int incx,      \
                                     T *result) {                                         \
    if (!valid(h)) return ST_NOT_INITIALIZED;                                             \
    CAPTURE(cublas##P##asum_v2, 0, sizeof(T), 1, W(h), W(n), W(x), W(incx), W(result));    \
    CALL_BEGIN(h);                                                                        \
    OPERAND(r, T *, "cublas" #P "asum", "result", result, 1)                              \
    *r = 0;                                                                               \
    if (n > 0 && incx > 0) {                                                              \
      OPERAND(xs, const T *, "cublas" #P "asum", "x", x, vspan(n, incx))                  \
      *r = cblas_##p##asum(n, xs, incx);                                                  \
    }                                                                                     \
    CALL_END;                                                                             \
  }                                                                                        \
  static status_t replay_cublas##P##asum_v2(const uint64_t *w) {                           \
    return cublas##P##asum_v2(ARG(0, cublasContext *), ARG(1, int), ARG(2, const T *),     \
        ARG(3, int), ARG(4, T *));                                                         \
  }                                                                                        \
  static status_t replay_cublasI##p##amax_v2(const uint64_t *w);                           \
  EXPORT status_t cublasI##p##amax_v2(cublasContext *h, int n, const T *x, int incx,     \
                                      int *result) {                                      \
    if (!valid(h)) return ST_NOT_INITIALIZED;                                             \
    CAPTURE(cublasI##p##amax_v2, 0, sizeof(T), 1, W(h), W(n), W(x), W(incx), W(result));   \
    CALL_BEGIN(h);                                                                        \
    OPERAND(r, int *, "cublasI" #p "amax", "result", result, 1)                           \
    *r = 0; /* cuBLAS's indices start at 1; 0 for an empty vector */                      \
    if (n > 0 && incx > 0) {                                                              \
      OPERAND(xs, const T *, "cublasI" #p "amax", "x", x, vspan(n, incx))                 \
      *r = (int)cblas_i##p##amax(n, xs, incx) + 1;                                        \
    }                                                                                     \
    CALL_END;                                                                             \
  }                                                                                        \
  static status_t replay_cublasI##p##amax_v2(const uint64_t *w) {                          \
    return cublasI##p##amax_v2(ARG(0, cublasContext *), ARG(1, int), ARG(2, const T *),    \
        ARG(3, int), ARG(4, int *));                                                       \
  }

LEVEL1(S, float, s)
LEVEL1(D, double, d)

/* Level 2 and 3. gemv: y = alpha op(A) x + beta y, A m x n. gemm: C = alpha
 * op(A) op(B) + beta C, C m x n, op(A) m x k. */
#define LEVEL23(P, T, p)                                                                   \
  static status_t replay_cublas##P##gemv_v2(const uint64_t *w);                            \
  EXPORT status_t cublas##P##gemv_v2(cublasContext *h, int op, int m, int n, const T *alpha, \
                                     const T *A, int lda, const T *x, int incx,            \
                                     const T *beta, T *y, int incy) {                      \
    if (!valid(h)) return ST_NOT_INITIALIZED;                                              \
    if (!valid_op(op) || m < 0 || n < 0 || lda < (m > 1 ? m : 1) || !incx || !incy)        \
      return ST_INVALID_VALUE;                                                             \
    if (!m || !n) return ST_SUCCESS;                                                       \
    int lx = op == OP_N ? n : m, ly = op == OP_N ? m : n;                                  \
    CAPTURE(cublas##P##gemv_v2, (1u << 4) | (1u << 9), sizeof(T), 0, W(h), W(op), W(m),    \
        W(n), W(alpha), W(A), W(lda), W(x), W(incx), W(beta), W(y), W(incy));              \
    CALL_BEGIN(h);                                                                         \
    OPERAND(a, const T *, "cublas" #P "gemv", "alpha", alpha, 1)                           \
    OPERAND(b, const T *, "cublas" #P "gemv", "beta", beta, 1)                             \
    OPERAND(as, const T *, "cublas" #P "gemv", "A", A, mspan(m, n, lda))                   \
    OPERAND(xs, const T *, "cublas" #P "gemv", "x", x, vspan(lx, incx))                    \
    OPERAND(ys, T *, "cublas" #P "gemv", "y", y, vspan(ly, incy))                          \
    cblas_##p##gemv(CblasColMajor, trans(op), m, n, *a, as, lda, xs, incx, *b, ys, incy);  \
    CALL_END;                                                                              \
  }                                                                                        \
  static status_t replay_cublas##P##gemv_v2(const uint64_t *w) {                           \
    return cublas##P##gemv_v2(ARG(0, cublasContext *), ARG(1, int), ARG(2, int),           \
        ARG(3, int), ARG(4, const T *), ARG(5, const T *), ARG(6, int),                    \
        ARG(7, const T *), ARG(8, int), ARG(9, const T *), ARG(10, T *), ARG(11, int));    \
  }                                                                                        \
  static status_t p##gemm_args(int ta, int tb, int m, int n, int k, int lda, int ldb,      \
                               int ldc) {                                                  \
    if (!valid_op(ta) || !valid_op(tb) || m < 0 || n < 0 || k < 0) return ST_INVALID_VALUE; \
    int ra = ta == OP_N ? m : k, rb = tb == OP_N ? k : n;                                  \
    if (lda < (ra > 1 ? ra : 1) || ldb < (rb > 1 ? rb : 1) || ldc < (m > 1 ? m : 1))       \
      return ST_INVALID_VALUE;                                                             \
    return ST_SUCCESS;                                                                     \
  }                                                                                        \
  /* one gemm on resolved operands: A, B and C at element offsets */                       \
  static status_t p##gemm_one(const char *fn, int ta, int tb, int m, int n, int k,         \
                              const T *alpha, const T *A, int lda, const T *B, int ldb,    \
                              const T *beta, T *C, int ldc) {                              \
    int ra = ta == OP_N ? m : k, ca = ta == OP_N ? k : m;                                  \
    int rb = tb == OP_N ? k : n, cb = tb == OP_N ? n : k;                                  \
    status_t st_ = ST_SUCCESS;                                                             \
    OPERAND(a, const T *, fn, "alpha", alpha, 1)                                           \
    OPERAND(b, const T *, fn, "beta", beta, 1)                                             \
    OPERAND(cs, T *, fn, "C", C, mspan(m, n, ldc))                                         \
    if (k > 0 && *a != 0) {                                                                \
      OPERAND(as, const T *, fn, "A", A, mspan(ra, ca, lda))                               \
      OPERAND(bs, const T *, fn, "B", B, mspan(rb, cb, ldb))                               \
      cblas_##p##gemm(CblasColMajor, trans(ta), trans(tb), m, n, k, *a, as, lda, bs, ldb,  \
                      *b, cs, ldc);                                                        \
    } else { /* C = beta C (BLAS reads neither A nor B then) */                           \
      for (int j = 0; j < n; j++)                                                          \
        for (int i = 0; i < m; i++)                                                        \
          cs[(uint64_t)j * ldc + i] = *b == 0 ? 0 : *b * cs[(uint64_t)j * ldc + i];        \
    }                                                                                      \
  out_:                                                                                    \
    return st_;                                                                            \
  }                                                                                        \
  static status_t replay_cublas##P##gemm_v2(const uint64_t *w);                            \
  EXPORT status_t cublas##P##gemm_v2(cublasContext *h, int ta, int tb, int m, int n, int k, \
                                     const T *alpha, const T *A, int lda, const T *B,      \
                                     int ldb, const T *beta, T *C, int ldc) {              \
    if (!valid(h)) return ST_NOT_INITIALIZED;                                              \
    status_t st = p##gemm_args(ta, tb, m, n, k, lda, ldb, ldc);                            \
    if (st || !m || !n) return st;                                                         \
    CAPTURE(cublas##P##gemm_v2, (1u << 6) | (1u << 11), sizeof(T), 0, W(h), W(ta), W(tb),  \
        W(m), W(n), W(k), W(alpha), W(A), W(lda), W(B), W(ldb), W(beta), W(C), W(ldc));    \
    CALL_BEGIN(h);                                                                         \
    st_ = p##gemm_one("cublas" #P "gemm", ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, \
                      ldc);                                                                \
    CALL_END;                                                                              \
  }                                                                                        \
  static status_t replay_cublas##P##gemm_v2(const uint64_t *w) {                           \
    return cublas##P##gemm_v2(ARG(0, cublasContext *), ARG(1, int), ARG(2, int),           \
        ARG(3, int), ARG(4, int), ARG(5, int), ARG(6, const T *), ARG(7, const T *),       \
        ARG(8, int), ARG(9, const T *), ARG(10, int), ARG(11, const T *), ARG(12, T *),    \
        ARG(13, int));                                                                     \
  }                                                                                        \
  static status_t replay_cublas##P##gemmStridedBatched(const uint64_t *w);                 \
  EXPORT status_t cublas##P##gemmStridedBatched(                                           \
      cublasContext *h, int ta, int tb, int m, int n, int k, const T *alpha, const T *A,   \
      int lda, long long sa, const T *B, int ldb, long long sb, const T *beta, T *C,       \
      int ldc, long long sc, int batch) {                                                  \
    if (!valid(h)) return ST_NOT_INITIALIZED;                                              \
    status_t st = p##gemm_args(ta, tb, m, n, k, lda, ldb, ldc);                            \
    if (!st && batch < 0) st = ST_INVALID_VALUE;                                           \
    if (st || !m || !n || !batch) return st;                                               \
    CAPTURE(cublas##P##gemmStridedBatched, (1u << 6) | (1u << 13), sizeof(T), 0, W(h),     \
        W(ta), W(tb), W(m), W(n), W(k), W(alpha), W(A), W(lda), W(sa), W(B), W(ldb),       \
        W(sb), W(beta), W(C), W(ldc), W(sc), W(batch));                                    \
    CALL_BEGIN(h);                                                                         \
    for (int i = 0; i < batch && !st_; i++)                                                \
      st_ = p##gemm_one("cublas" #P "gemmStridedBatched", ta, tb, m, n, k, alpha,          \
                        A + i * sa, lda, B + i * sb, ldb, beta, C + i * sc, ldc);          \
    CALL_END;                                                                              \
  }                                                                                        \
  static status_t replay_cublas##P##gemmStridedBatched(const uint64_t *w) {                \
    return cublas##P##gemmStridedBatched(ARG(0, cublasContext *), ARG(1, int),             \
        ARG(2, int), ARG(3, int), ARG(4, int), ARG(5, int), ARG(6, const T *),             \
        ARG(7, const T *), ARG(8, int), ARG(9, long long), ARG(10, const T *),             \
        ARG(11, int), ARG(12, long long), ARG(13, const T *), ARG(14, T *), ARG(15, int),  \
        ARG(16, long long), ARG(17, int));                                                 \
  }                                                                                        \
  static status_t replay_cublas##P##gemmBatched(const uint64_t *w);                        \
  EXPORT status_t cublas##P##gemmBatched(cublasContext *h, int ta, int tb, int m, int n,   \
                                         int k, const T *alpha, const T *const Aarray[],   \
                                         int lda, const T *const Barray[], int ldb,        \
                                         const T *beta, T *const Carray[], int ldc,        \
                                         int batch) {                                      \
    if (!valid(h)) return ST_NOT_INITIALIZED;                                              \
    status_t st = p##gemm_args(ta, tb, m, n, k, lda, ldb, ldc);                            \
    if (!st && batch < 0) st = ST_INVALID_VALUE;                                           \
    if (st || !m || !n || !batch) return st;                                               \
    CAPTURE(cublas##P##gemmBatched, (1u << 6) | (1u << 11), sizeof(T), 0, W(h), W(ta),     \
        W(tb), W(m), W(n), W(k), W(alpha), W(Aarray), W(lda), W(Barray), W(ldb), W(beta),  \
        W(Carray), W(ldc), W(batch));                                                      \
    CALL_BEGIN(h);                                                                         \
    /* the pointer arrays are in device memory, as cuBLAS requires */                      \
    OPERAND(pa, const T *const *, "cublas" #P "gemmBatched", "Aarray", Aarray, batch)      \
    OPERAND(pb, const T *const *, "cublas" #P "gemmBatched", "Barray", Barray, batch)      \
    OPERAND(pc, T *const *, "cublas" #P "gemmBatched", "Carray", Carray, batch)            \
    for (int i = 0; i < batch && !st_; i++)                                                \
      st_ = p##gemm_one("cublas" #P "gemmBatched", ta, tb, m, n, k, alpha, pa[i], lda,     \
                        pb[i], ldb, beta, pc[i], ldc);                                     \
    CALL_END;                                                                              \
  }                                                                                        \
  static status_t replay_cublas##P##gemmBatched(const uint64_t *w) {                       \
    return cublas##P##gemmBatched(ARG(0, cublasContext *), ARG(1, int), ARG(2, int),       \
        ARG(3, int), ARG(4, int), ARG(5, int), ARG(6, const T *),                          \
        ARG(7, const T *const *), ARG(8, int), ARG(9, const T *const *), ARG(10, int),     \
        ARG(11, const T *), ARG(12, T *const *), ARG(13, int), ARG(14, int));              \
  }                                                                                        \
  static status_t replay_cublas##P##trsm_v2(const uint64_t *w);                            \
  EXPORT status_t cublas##P##trsm_v2(cublasContext *h, int side, int uplo, int op,         \
                                     int diag, int m, int n, const T *alpha, const T *A,   \
                                     int lda, T *B, int ldb) {                             \
    if (!valid(h)) return ST_NOT_INITIALIZED;                                              \
    int ka = side == SIDE_LEFT ? m : n;                                                    \
    if ((side != SIDE_LEFT && side != SIDE_RIGHT) ||                                       \
        (uplo != FILL_LOWER && uplo != FILL_UPPER) || !valid_op(op) ||                     \
        (diag != DIAG_NON_UNIT && diag != DIAG_UNIT) || m < 0 || n < 0 ||                  \
        lda < (ka > 1 ? ka : 1) || ldb < (m > 1 ? m : 1))                                  \
      return ST_INVALID_VALUE;                                                             \
    if (!m || !n) return ST_SUCCESS;                                                       \
    CAPTURE(cublas##P##trsm_v2, (1u << 7), sizeof(T), 0, W(h), W(side), W(uplo), W(op),    \
        W(diag), W(m), W(n), W(alpha), W(A), W(lda), W(B), W(ldb));                        \
    CALL_BEGIN(h);                                                                         \
    OPERAND(a, const T *, "cublas" #P "trsm", "alpha", alpha, 1)                           \
    OPERAND(as, const T *, "cublas" #P "trsm", "A", A, mspan(ka, ka, lda))                 \
    OPERAND(bs, T *, "cublas" #P "trsm", "B", B, mspan(m, n, ldb))                         \
    cblas_##p##trsm(CblasColMajor, side == SIDE_LEFT ? CblasLeft : CblasRight,             \
                    uplo == FILL_LOWER ? CblasLower : CblasUpper, trans(op),               \
                    diag == DIAG_UNIT ? CblasUnit : CblasNonUnit, m, n, *a, as, lda, bs,   \
                    ldb);                                                                  \
    CALL_END;                                                                              \
  }                                                                                        \
  static status_t replay_cublas##P##trsm_v2(const uint64_t *w) {                           \
    return cublas##P##trsm_v2(ARG(0, cublasContext *), ARG(1, int), ARG(2, int),           \
        ARG(3, int), ARG(4, int), ARG(5, int), ARG(6, int), ARG(7, const T *),             \
        ARG(8, const T *), ARG(9, int), ARG(10, T *), ARG(11, int));                       \
  }

LEVEL23(S, float, s)
LEVEL23(D, double, d)

/* ------------------------------------- mixed types: GemmEx, Hgemm, geam */

/* Say once per function and cause that a call asks for what simulee does
 * not compute; CUBLAS_STATUS_NOT_SUPPORTED. */
static status_t not_computed(const char *fn, const char *what, long long value) {
  static char said[32][96];
  static unsigned nsaid;
  char key[96];
  snprintf(key, sizeof key, "%s %s %lld", fn, what, value);
  for (unsigned i = 0; i < nsaid; i++)
    if (!strcmp(said[i], key)) return ST_NOT_SUPPORTED;
  if (nsaid < 32) memcpy(said[nsaid++], key, sizeof key);
  fprintf(stderr, "simulee: warning: %s: %s (%lld) is not supported by simulee's cuBLAS: it "
          "returns CUBLAS_STATUS_NOT_SUPPORTED\n", fn, what, value);
  return ST_NOT_SUPPORTED;
}

/* The scale type (alpha, beta) of a compute type; -1 when unknown. The
 * legacy spelling (a cudaDataType as the compute type) is accepted. */
static int scale_of(int *compute) {
  switch (*compute) {
  case SIMR_R_32F: *compute = SIMR_COMPUTE_32F; return SIMR_R_32F;
  case SIMR_R_16F: *compute = SIMR_COMPUTE_16F; return SIMR_R_16F;
  case SIMR_R_64F: *compute = SIMR_COMPUTE_64F; return SIMR_R_64F;
  case SIMR_R_32I: *compute = SIMR_COMPUTE_32I; return SIMR_R_32I;
  case SIMR_COMPUTE_16F: case SIMR_COMPUTE_16F_PEDANTIC: return SIMR_R_16F;
  case SIMR_COMPUTE_32F: case SIMR_COMPUTE_32F_PEDANTIC: case SIMR_COMPUTE_32F_FAST_16F:
  case SIMR_COMPUTE_32F_FAST_16BF: case SIMR_COMPUTE_32F_FAST_TF32: return SIMR_R_32F;
  case SIMR_COMPUTE_64F: case SIMR_COMPUTE_64F_PEDANTIC: return SIMR_R_64F;
  case SIMR_COMPUTE_32I: case SIMR_COMPUTE_32I_PEDANTIC: return SIMR_R_32I;
  default: return -1;
  }
}

/* Whether cuBLAS's GemmEx takes A and B of type ab and C of type c. */
static int ex_types(int ab, int c) {
  switch (ab) {
  case SIMR_R_8I: return c == SIMR_R_32F || c == SIMR_R_32I;
  case SIMR_R_16F: case SIMR_R_16BF: return c == ab || c == SIMR_R_32F;
  case SIMR_R_32F: case SIMR_R_64F: return c == ab;
  default: return 0;
  }
}

static status_t replay_ex(const uint64_t *w);

/* batch products C_i = alpha op(A_i) op(B_i) + beta C_i of mixed types: the
 * operands at element strides sa, sb, sc, or (arrays) from device arrays
 * of pointers. Every Ex gemm and half gemm comes here. */
static status_t ex_gemm(cublasContext *h, const char *fn, int ta, int tb, int m, int n, int k,
                        const void *alpha, const void *A, int at, int lda, long long sa,
                        const void *B, int bt, int ldb, long long sb, const void *beta, void *C,
                        int ct, int ldc, long long sc, int batch, int compute, int arrays) {
  if (!valid(h)) return ST_NOT_INITIALIZED;
  if (!valid_op(ta) || !valid_op(tb) || m < 0 || n < 0 || k < 0 || batch < 0)
    return ST_INVALID_VALUE;
  int ra = ta == OP_N ? m : k, ca = ta == OP_N ? k : m;
  int rb = tb == OP_N ? k : n, cb = tb == OP_N ? n : k;
  if (lda < (ra > 1 ? ra : 1) || ldb < (rb > 1 ? rb : 1) || ldc < (m > 1 ? m : 1))
    return ST_INVALID_VALUE;
  int requested = compute, scale = scale_of(&compute);
  if (scale < 0) return not_computed(fn, "the compute type", requested);
  if (at != bt || !ex_types(at, ct)) return not_computed(fn, "the data types (A, C)", at * 100LL + ct);
  if (!m || !n || !batch) return ST_SUCCESS;
  unsigned ss = simR_elem_size(scale);
  const uint64_t w[] = {W(h), W(fn), W(ta), W(tb), W(m), W(n), W(k), W(alpha), W(A), W(at),
                        W(lda), W(sa), W(B), W(bt), W(ldb), W(sb), W(beta), W(C), W(ct), W(ldc),
                        W(sc), W(batch), W(compute), W(arrays)};
  status_t cst;
  if (captured(h, replay_ex, w, sizeof w / sizeof *w, (1u << 7) | (1u << 16), ss, 0, &cst))
    return cst;
  CALL_BEGIN(h);
  const void *pa = bytes_of(fn, "alpha", alpha, 1, ss, 0);
  const void *pb = pa ? bytes_of(fn, "beta", beta, 1, ss, 0) : NULL;
  if (!pb) {
    st_ = ST_MAPPING_ERROR;
    goto out_;
  }
  simR_gemm g;
  memset(&g, 0, sizeof g);
  g.m = m, g.n = n, g.k = k, g.ta = ta != OP_N, g.tb = tb != OP_N, g.compute = compute;
  g.alpha = simR_elem_get(pa, scale, 0), g.beta = simR_elem_get(pb, scale, 0);
  g.epilogue = 1;
  unsigned as = simR_elem_size(at), cs = simR_elem_size(ct);
  const void *const *parr = NULL, *const *pbrr = NULL;
  void *const *pcrr = NULL;
  if (arrays) {
    parr = bytes_of(fn, "Aarray", A, (uint64_t)batch, sizeof(void *), 0);
    pbrr = parr ? bytes_of(fn, "Barray", B, (uint64_t)batch, sizeof(void *), 0) : NULL;
    pcrr = pbrr ? bytes_of(fn, "Carray", C, (uint64_t)batch, sizeof(void *), 0) : NULL;
    if (!pcrr) {
      st_ = ST_MAPPING_ERROR;
      goto out_;
    }
  }
  for (int i = 0; i < batch && !st_; i++) {
    const void *ai = arrays ? parr[i] : (const char *)A + (int64_t)i * sa * as;
    const void *bi = arrays ? pbrr[i] : (const char *)B + (int64_t)i * sb * as;
    void *ci = arrays ? pcrr[i] : (char *)C + (int64_t)i * sc * cs;
    void *hc = bytes_of(fn, "C", ci, mspan(m, n, ldc), cs, 1);
    void *ha = hc && k > 0 ? bytes_of(fn, "A", ai, mspan(ra, ca, lda), as, 0) : NULL;
    void *hb = ha ? bytes_of(fn, "B", bi, mspan(rb, cb, ldb), as, 0) : NULL;
    if (!hc || (k > 0 && !hb)) {
      st_ = ST_MAPPING_ERROR;
      break;
    }
    g.a = (simR_mat){ha, at, 0, lda};
    g.b = (simR_mat){hb, bt, 0, ldb};
    g.c = (simR_mat){hc, ct, 0, ldc};
    g.d = g.c;
    if (simR_gemm_run(&g)) st_ = ST_ALLOC_FAILED;
  }
  CALL_END;
}

static status_t replay_ex(const uint64_t *w) {
  return ex_gemm(ARG(0, cublasContext *), ARG(1, const char *), ARG(2, int), ARG(3, int),
                 ARG(4, int), ARG(5, int), ARG(6, int), ARG(7, const void *),
                 ARG(8, const void *), ARG(9, int), ARG(10, int), ARG(11, long long),
                 ARG(12, const void *), ARG(13, int), ARG(14, int), ARG(15, long long),
                 ARG(16, const void *), ARG(17, void *), ARG(18, int), ARG(19, int),
                 ARG(20, long long), ARG(21, int), ARG(22, int), ARG(23, int));
}

EXPORT status_t cublasGemmEx(cublasContext *h, int ta, int tb, int m, int n, int k,
                             const void *alpha, const void *A, int at, int lda, const void *B,
                             int bt, int ldb, const void *beta, void *C, int ct, int ldc,
                             int compute, int algo) {
  (void)algo;
  return ex_gemm(h, "cublasGemmEx", ta, tb, m, n, k, alpha, A, at, lda, 0, B, bt, ldb, 0, beta,
                 C, ct, ldc, 0, 1, compute, 0);
}

EXPORT status_t cublasGemmStridedBatchedEx(cublasContext *h, int ta, int tb, int m, int n, int k,
                                           const void *alpha, const void *A, int at, int lda,
                                           long long sa, const void *B, int bt, int ldb,
                                           long long sb, const void *beta, void *C, int ct,
                                           int ldc, long long sc, int batch, int compute,
                                           int algo) {
  (void)algo;
  return ex_gemm(h, "cublasGemmStridedBatchedEx", ta, tb, m, n, k, alpha, A, at, lda, sa, B, bt,
                 ldb, sb, beta, C, ct, ldc, sc, batch, compute, 0);
}

EXPORT status_t cublasGemmBatchedEx(cublasContext *h, int ta, int tb, int m, int n, int k,
                                    const void *alpha, const void *const A[], int at, int lda,
                                    const void *const B[], int bt, int ldb, const void *beta,
                                    void *const C[], int ct, int ldc, int batch, int compute,
                                    int algo) {
  (void)algo;
  return ex_gemm(h, "cublasGemmBatchedEx", ta, tb, m, n, k, alpha, A, at, lda, 0, B, bt, ldb, 0,
                 beta, (void *)(uintptr_t)C, ct, ldc, 0, batch, compute, 1);
}

EXPORT status_t cublasSgemmEx(cublasContext *h, int ta, int tb, int m, int n, int k,
                              const float *alpha, const void *A, int at, int lda, const void *B,
                              int bt, int ldb, const float *beta, void *C, int ct, int ldc) {
  return ex_gemm(h, "cublasSgemmEx", ta, tb, m, n, k, alpha, A, at, lda, 0, B, bt, ldb, 0, beta,
                 C, ct, ldc, 0, 1, SIMR_COMPUTE_32F, 0);
}

/* half: uint16_t bits, 16F compute, half scalars */
EXPORT status_t cublasHgemm(cublasContext *h, int ta, int tb, int m, int n, int k,
                            const uint16_t *alpha, const uint16_t *A, int lda, const uint16_t *B,
                            int ldb, const uint16_t *beta, uint16_t *C, int ldc) {
  return ex_gemm(h, "cublasHgemm", ta, tb, m, n, k, alpha, A, SIMR_R_16F, lda, 0, B, SIMR_R_16F,
                 ldb, 0, beta, C, SIMR_R_16F, ldc, 0, 1, SIMR_COMPUTE_16F, 0);
}

EXPORT status_t cublasHgemmStridedBatched(cublasContext *h, int ta, int tb, int m, int n, int k,
                                          const uint16_t *alpha, const uint16_t *A, int lda,
                                          long long sa, const uint16_t *B, int ldb, long long sb,
                                          const uint16_t *beta, uint16_t *C, int ldc,
                                          long long sc, int batch) {
  return ex_gemm(h, "cublasHgemmStridedBatched", ta, tb, m, n, k, alpha, A, SIMR_R_16F, lda, sa,
                 B, SIMR_R_16F, ldb, sb, beta, C, SIMR_R_16F, ldc, sc, batch, SIMR_COMPUTE_16F, 0);
}

EXPORT status_t cublasHgemmBatched(cublasContext *h, int ta, int tb, int m, int n, int k,
                                   const uint16_t *alpha, const uint16_t *const A[], int lda,
                                   const uint16_t *const B[], int ldb, const uint16_t *beta,
                                   uint16_t *const C[], int ldc, int batch) {
  return ex_gemm(h, "cublasHgemmBatched", ta, tb, m, n, k, alpha, A, SIMR_R_16F, lda, 0, B,
                 SIMR_R_16F, ldb, 0, beta, (void *)(uintptr_t)C, SIMR_R_16F, ldc, 0, batch,
                 SIMR_COMPUTE_16F, 1);
}

/* geam: C = alpha op(A) + beta op(B), C m x n (A not read when alpha is 0,
 * B not when beta is 0; C may be A or B) */
#define GEAM(P, T)                                                                           \
  static status_t replay_cublas##P##geam(const uint64_t *w);                                 \
  EXPORT status_t cublas##P##geam(cublasContext *h, int ta, int tb, int m, int n,            \
                                  const T *alpha, const T *A, int lda, const T *beta,        \
                                  const T *B, int ldb, T *C, int ldc) {                      \
    if (!valid(h)) return ST_NOT_INITIALIZED;                                                \
    int ra = ta == OP_N ? m : n, rb = tb == OP_N ? m : n;                                    \
    if (!valid_op(ta) || !valid_op(tb) || m < 0 || n < 0 || lda < (ra > 1 ? ra : 1) ||       \
        ldb < (rb > 1 ? rb : 1) || ldc < (m > 1 ? m : 1))                                    \
      return ST_INVALID_VALUE;                                                               \
    if (!m || !n) return ST_SUCCESS;                                                         \
    CAPTURE(cublas##P##geam, (1u << 5) | (1u << 8), sizeof(T), 0, W(h), W(ta), W(tb), W(m),  \
        W(n), W(alpha), W(A), W(lda), W(beta), W(B), W(ldb), W(C), W(ldc));                  \
    CALL_BEGIN(h);                                                                           \
    T *tmp = NULL;                                                                           \
    OPERAND(a, const T *, "cublas" #P "geam", "alpha", alpha, 1)                             \
    OPERAND(b, const T *, "cublas" #P "geam", "beta", beta, 1)                               \
    const T *as = NULL, *bs = NULL;                                                          \
    if (*a != 0) {                                                                           \
      OPERAND(x, const T *, "cublas" #P "geam", "A", A, mspan(ra, ta == OP_N ? n : m, lda))  \
      as = x;                                                                                \
    }                                                                                        \
    if (*b != 0) {                                                                           \
      OPERAND(y, const T *, "cublas" #P "geam", "B", B, mspan(rb, tb == OP_N ? n : m, ldb))  \
      bs = y;                                                                                \
    }                                                                                        \
    OPERAND(cs, T *, "cublas" #P "geam", "C", C, mspan(m, n, ldc))                           \
    tmp = malloc(sizeof(T) * (size_t)m * (size_t)n);                                         \
    if (!tmp) {                                                                              \
      st_ = ST_ALLOC_FAILED;                                                                 \
      goto out_;                                                                             \
    }                                                                                        \
    for (int64_t j = 0; j < n; j++)                                                          \
      for (int64_t i = 0; i < m; i++) {                                                      \
        T v = 0;                                                                             \
        if (as) v += *a * (ta == OP_N ? as[i + j * lda] : as[j + i * lda]);                  \
        if (bs) v += *b * (tb == OP_N ? bs[i + j * ldb] : bs[j + i * ldb]);                  \
        tmp[i + j * m] = v;                                                                  \
      }                                                                                      \
    for (int64_t j = 0; j < n; j++)                                                          \
      memcpy(cs + j * ldc, tmp + j * m, sizeof(T) * (size_t)m);                              \
    free(tmp);                                                                               \
    CALL_END;                                                                                \
  }                                                                                          \
  static status_t replay_cublas##P##geam(const uint64_t *w) {                                \
    return cublas##P##geam(ARG(0, cublasContext *), ARG(1, int), ARG(2, int), ARG(3, int),   \
        ARG(4, int), ARG(5, const T *), ARG(6, const T *), ARG(7, int), ARG(8, const T *),   \
        ARG(9, const T *), ARG(10, int), ARG(11, T *), ARG(12, int));                        \
  }
GEAM(S, float)
GEAM(D, double)

/* ------------------------------------------- the 64-bit (_64) entry points */

/* Whether 64-bit sizes fit the 32-bit functions; else a line and
 * CUBLAS_STATUS_NOT_SUPPORTED. */
static int fits(const char *fn, int n, ...) {
  va_list ap;
  va_start(ap, n);
  int ok = 1;
  for (int i = 0; i < n; i++) {
    int64_t v = va_arg(ap, int64_t);
    if (v < INT_MIN || v > INT_MAX) ok = 0;
  }
  va_end(ap);
  if (!ok) not_computed(fn, "a size past 2^31", 0);
  return ok;
}
#define I64(x) ((int64_t)(x))
#define FIT(fn, ...) \
  if (!fits(fn, (int)(sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t)), __VA_ARGS__)) \
    return ST_NOT_SUPPORTED

EXPORT status_t cublasSetVector_64(int64_t n, int64_t e, const void *x, int64_t ix, void *y,
                                   int64_t iy) {
  FIT("cublasSetVector_64", n, e, ix, iy);
  return cublasSetVector((int)n, (int)e, x, (int)ix, y, (int)iy);
}
EXPORT status_t cublasGetVector_64(int64_t n, int64_t e, const void *x, int64_t ix, void *y,
                                   int64_t iy) {
  FIT("cublasGetVector_64", n, e, ix, iy);
  return cublasGetVector((int)n, (int)e, x, (int)ix, y, (int)iy);
}
EXPORT status_t cublasSetMatrix_64(int64_t r, int64_t c, int64_t e, const void *a, int64_t lda,
                                   void *b, int64_t ldb) {
  FIT("cublasSetMatrix_64", r, c, e, lda, ldb);
  return cublasSetMatrix((int)r, (int)c, (int)e, a, (int)lda, b, (int)ldb);
}
EXPORT status_t cublasGetMatrix_64(int64_t r, int64_t c, int64_t e, const void *a, int64_t lda,
                                   void *b, int64_t ldb) {
  FIT("cublasGetMatrix_64", r, c, e, lda, ldb);
  return cublasGetMatrix((int)r, (int)c, (int)e, a, (int)lda, b, (int)ldb);
}
EXPORT status_t cublasSetVectorAsync_64(int64_t n, int64_t e, const void *x, int64_t ix, void *y,
                                        int64_t iy, cudaStream_t s) {
  FIT("cublasSetVectorAsync_64", n, e, ix, iy);
  return cublasSetVectorAsync((int)n, (int)e, x, (int)ix, y, (int)iy, s);
}
EXPORT status_t cublasGetVectorAsync_64(int64_t n, int64_t e, const void *x, int64_t ix, void *y,
                                        int64_t iy, cudaStream_t s) {
  FIT("cublasGetVectorAsync_64", n, e, ix, iy);
  return cublasGetVectorAsync((int)n, (int)e, x, (int)ix, y, (int)iy, s);
}
EXPORT status_t cublasSetMatrixAsync_64(int64_t r, int64_t c, int64_t e, const void *a,
                                        int64_t lda, void *b, int64_t ldb, cudaStream_t s) {
  FIT("cublasSetMatrixAsync_64", r, c, e, lda, ldb);
  return cublasSetMatrixAsync((int)r, (int)c, (int)e, a, (int)lda, b, (int)ldb, s);
}
EXPORT status_t cublasGetMatrixAsync_64(int64_t r, int64_t c, int64_t e, const void *a,
                                        int64_t lda, void *b, int64_t ldb, cudaStream_t s) {
  FIT("cublasGetMatrixAsync_64", r, c, e, lda, ldb);
  return cublasGetMatrixAsync((int)r, (int)c, (int)e, a, (int)lda, b, (int)ldb, s);
}

/* An index result (I?amax) of the 32-bit function widened into the
 * caller's int64_t, wherever it lives. */
static status_t widen_index(const char *fn, status_t st, int v, int64_t *result) {
  if (st) return st;
  simR_lock();
  cudaError_t e;
  int64_t *r = simR_host_bytes_locked(result, sizeof *r, &e);
  if (r) *r = v;
  else
    fprintf(stderr, "simulee: error: %s: result (8 bytes at %p) is not inside one allocation of "
            "device, managed or host memory\n", fn, (void *)result);
  simR_unlock();
  return r ? ST_SUCCESS : ST_MAPPING_ERROR;
}

#define WIDE(P, T, p)                                                                        \
  EXPORT status_t cublas##P##axpy_v2_64(cublasContext *h, int64_t n, const T *alpha,         \
                                        const T *x, int64_t ix, T *y, int64_t iy) {          \
    FIT("cublas" #P "axpy_v2_64", n, ix, iy);                                                \
    return cublas##P##axpy_v2(h, (int)n, alpha, x, (int)ix, y, (int)iy);                     \
  }                                                                                          \
  EXPORT status_t cublas##P##scal_v2_64(cublasContext *h, int64_t n, const T *alpha, T *x,   \
                                        int64_t ix) {                                        \
    FIT("cublas" #P "scal_v2_64", n, ix);                                                    \
    return cublas##P##scal_v2(h, (int)n, alpha, x, (int)ix);                                 \
  }                                                                                          \
  EXPORT status_t cublas##P##copy_v2_64(cublasContext *h, int64_t n, const T *x, int64_t ix, \
                                        T *y, int64_t iy) {                                  \
    FIT("cublas" #P "copy_v2_64", n, ix, iy);                                                \
    return cublas##P##copy_v2(h, (int)n, x, (int)ix, y, (int)iy);                            \
  }                                                                                          \
  EXPORT status_t cublas##P##swap_v2_64(cublasContext *h, int64_t n, T *x, int64_t ix, T *y, \
                                        int64_t iy) {                                        \
    FIT("cublas" #P "swap_v2_64", n, ix, iy);                                                \
    return cublas##P##swap_v2(h, (int)n, x, (int)ix, y, (int)iy);                            \
  }                                                                                          \
  EXPORT status_t cublas##P##dot_v2_64(cublasContext *h, int64_t n, const T *x, int64_t ix,  \
                                       const T *y, int64_t iy, T *r) {                       \
    FIT("cublas" #P "dot_v2_64", n, ix, iy);                                                 \
    return cublas##P##dot_v2(h, (int)n, x, (int)ix, y, (int)iy, r);                          \
  }                                                                                          \
  EXPORT status_t cublas##P##nrm2_v2_64(cublasContext *h, int64_t n, const T *x, int64_t ix, \
                                        T *r) {                                              \
    FIT("cublas" #P "nrm2_v2_64", n, ix);                                                    \
    return cublas##P##nrm2_v2(h, (int)n, x, (int)ix, r);                                     \
  }                                                                                          \
  EXPORT status_t cublas##P##asum_v2_64(cublasContext *h, int64_t n, const T *x, int64_t ix, \
                                        T *r) {                                              \
    FIT("cublas" #P "asum_v2_64", n, ix);                                                    \
    return cublas##P##asum_v2(h, (int)n, x, (int)ix, r);                                     \
  }                                                                                          \
  EXPORT status_t cublasI##p##amax_v2_64(cublasContext *h, int64_t n, const T *x,            \
                                         int64_t ix, int64_t *r) {                           \
    FIT("cublasI" #p "amax_v2_64", n, ix);                                                   \
    int v = 0;                                                                               \
    if (!r) return ST_INVALID_VALUE;                                                         \
    status_t st = cublasI##p##amax_v2(h, (int)n, x, (int)ix, &v);                            \
    return widen_index("cublasI" #p "amax_v2_64", st, v, r);                                 \
  }                                                                                          \
  EXPORT status_t cublas##P##gemv_v2_64(cublasContext *h, int op, int64_t m, int64_t n,      \
                                        const T *alpha, const T *A, int64_t lda, const T *x, \
                                        int64_t ix, const T *beta, T *y, int64_t iy) {       \
    FIT("cublas" #P "gemv_v2_64", m, n, lda, ix, iy);                                        \
    return cublas##P##gemv_v2(h, op, (int)m, (int)n, alpha, A, (int)lda, x, (int)ix, beta,   \
                              y, (int)iy);                                                   \
  }                                                                                          \
  EXPORT status_t cublas##P##gemm_v2_64(cublasContext *h, int ta, int tb, int64_t m,         \
                                        int64_t n, int64_t k, const T *alpha, const T *A,    \
                                        int64_t lda, const T *B, int64_t ldb, const T *beta, \
                                        T *C, int64_t ldc) {                                 \
    FIT("cublas" #P "gemm_v2_64", m, n, k, lda, ldb, ldc);                                   \
    return cublas##P##gemm_v2(h, ta, tb, (int)m, (int)n, (int)k, alpha, A, (int)lda, B,      \
                              (int)ldb, beta, C, (int)ldc);                                  \
  }                                                                                          \
  EXPORT status_t cublas##P##gemmBatched_64(                                                 \
      cublasContext *h, int ta, int tb, int64_t m, int64_t n, int64_t k, const T *alpha,     \
      const T *const A[], int64_t lda, const T *const B[], int64_t ldb, const T *beta,       \
      T *const C[], int64_t ldc, int64_t batch) {                                            \
    FIT("cublas" #P "gemmBatched_64", m, n, k, lda, ldb, ldc, batch);                        \
    return cublas##P##gemmBatched(h, ta, tb, (int)m, (int)n, (int)k, alpha, A, (int)lda, B,  \
                                  (int)ldb, beta, C, (int)ldc, (int)batch);                  \
  }                                                                                          \
  EXPORT status_t cublas##P##gemmStridedBatched_64(                                          \
      cublasContext *h, int ta, int tb, int64_t m, int64_t n, int64_t k, const T *alpha,     \
      const T *A, int64_t lda, long long sa, const T *B, int64_t ldb, long long sb,          \
      const T *beta, T *C, int64_t ldc, long long sc, int64_t batch) {                       \
    FIT("cublas" #P "gemmStridedBatched_64", m, n, k, lda, ldb, ldc, batch);                 \
    return cublas##P##gemmStridedBatched(h, ta, tb, (int)m, (int)n, (int)k, alpha, A,        \
                                         (int)lda, sa, B, (int)ldb, sb, beta, C, (int)ldc,   \
                                         sc, (int)batch);                                    \
  }                                                                                          \
  EXPORT status_t cublas##P##trsm_v2_64(cublasContext *h, int side, int uplo, int op,        \
                                        int diag, int64_t m, int64_t n, const T *alpha,      \
                                        const T *A, int64_t lda, T *B, int64_t ldb) {        \
    FIT("cublas" #P "trsm_v2_64", m, n, lda, ldb);                                           \
    return cublas##P##trsm_v2(h, side, uplo, op, diag, (int)m, (int)n, alpha, A, (int)lda,   \
                              B, (int)ldb);                                                  \
  }                                                                                          \
  EXPORT status_t cublas##P##geam_64(cublasContext *h, int ta, int tb, int64_t m, int64_t n, \
                                     const T *alpha, const T *A, int64_t lda, const T *beta, \
                                     const T *B, int64_t ldb, T *C, int64_t ldc) {           \
    FIT("cublas" #P "geam_64", m, n, lda, ldb, ldc);                                         \
    return cublas##P##geam(h, ta, tb, (int)m, (int)n, alpha, A, (int)lda, beta, B, (int)ldb, \
                           C, (int)ldc);                                                     \
  }
WIDE(S, float, s)
WIDE(D, double, d)

EXPORT status_t cublasGemmEx_64(cublasContext *h, int ta, int tb, int64_t m, int64_t n,
                                int64_t k, const void *alpha, const void *A, int at, int64_t lda,
                                const void *B, int bt, int64_t ldb, const void *beta, void *C,
                                int ct, int64_t ldc, int compute, int algo) {
  FIT("cublasGemmEx_64", m, n, k, lda, ldb, ldc);
  return cublasGemmEx(h, ta, tb, (int)m, (int)n, (int)k, alpha, A, at, (int)lda, B, bt, (int)ldb,
                      beta, C, ct, (int)ldc, compute, algo);
}
EXPORT status_t cublasGemmStridedBatchedEx_64(cublasContext *h, int ta, int tb, int64_t m,
                                              int64_t n, int64_t k, const void *alpha,
                                              const void *A, int at, int64_t lda, long long sa,
                                              const void *B, int bt, int64_t ldb, long long sb,
                                              const void *beta, void *C, int ct, int64_t ldc,
                                              long long sc, int64_t batch, int compute,
                                              int algo) {
  FIT("cublasGemmStridedBatchedEx_64", m, n, k, lda, ldb, ldc, batch);
  return cublasGemmStridedBatchedEx(h, ta, tb, (int)m, (int)n, (int)k, alpha, A, at, (int)lda,
                                    sa, B, bt, (int)ldb, sb, beta, C, ct, (int)ldc, sc,
                                    (int)batch, compute, algo);
}
EXPORT status_t cublasGemmBatchedEx_64(cublasContext *h, int ta, int tb, int64_t m, int64_t n,
                                       int64_t k, const void *alpha, const void *const A[],
                                       int at, int64_t lda, const void *const B[], int bt,
                                       int64_t ldb, const void *beta, void *const C[], int ct,
                                       int64_t ldc, int64_t batch, int compute, int algo) {
  FIT("cublasGemmBatchedEx_64", m, n, k, lda, ldb, ldc, batch);
  return cublasGemmBatchedEx(h, ta, tb, (int)m, (int)n, (int)k, alpha, A, at, (int)lda, B, bt,
                             (int)ldb, beta, C, ct, (int)ldc, (int)batch, compute, algo);
}
EXPORT status_t cublasHgemm_64(cublasContext *h, int ta, int tb, int64_t m, int64_t n, int64_t k,
                               const uint16_t *alpha, const uint16_t *A, int64_t lda,
                               const uint16_t *B, int64_t ldb, const uint16_t *beta, uint16_t *C,
                               int64_t ldc) {
  FIT("cublasHgemm_64", m, n, k, lda, ldb, ldc);
  return cublasHgemm(h, ta, tb, (int)m, (int)n, (int)k, alpha, A, (int)lda, B, (int)ldb, beta, C,
                     (int)ldc);
}
EXPORT status_t cublasHgemmStridedBatched_64(cublasContext *h, int ta, int tb, int64_t m,
                                             int64_t n, int64_t k, const uint16_t *alpha,
                                             const uint16_t *A, int64_t lda, long long sa,
                                             const uint16_t *B, int64_t ldb, long long sb,
                                             const uint16_t *beta, uint16_t *C, int64_t ldc,
                                             long long sc, int64_t batch) {
  FIT("cublasHgemmStridedBatched_64", m, n, k, lda, ldb, ldc, batch);
  return cublasHgemmStridedBatched(h, ta, tb, (int)m, (int)n, (int)k, alpha, A, (int)lda, sa, B,
                                   (int)ldb, sb, beta, C, (int)ldc, sc, (int)batch);
}
EXPORT status_t cublasHgemmBatched_64(cublasContext *h, int ta, int tb, int64_t m, int64_t n,
                                      int64_t k, const uint16_t *alpha, const uint16_t *const A[],
                                      int64_t lda, const uint16_t *const B[], int64_t ldb,
                                      const uint16_t *beta, uint16_t *const C[], int64_t ldc,
                                      int64_t batch) {
  FIT("cublasHgemmBatched_64", m, n, k, lda, ldb, ldc, batch);
  return cublasHgemmBatched(h, ta, tb, (int)m, (int)n, (int)k, alpha, A, (int)lda, B, (int)ldb,
                            beta, C, (int)ldc, (int)batch);
}
