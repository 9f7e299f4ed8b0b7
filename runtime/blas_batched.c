/*
 * simulee runtime: cuBLAS's batched LU family, computed by OpenBLAS's
 * LAPACK (runtime/lapack.h) on the host bytes of each matrix.
 *
 * cublas<t>getrfBatched (P A = L U per matrix; a NULL pivot array: A = L U
 * without pivoting, the LU runtime/solver.c gives cuSOLVER's getrf),
 * getrsBatched (op(A) X = B from those factors), getriBatched (the inverse
 * from them), matinvBatched (the inverse of A, n <= 32), geqrfBatched
 * (A = Q R, Householder vectors below R and tau) and gelsBatched (least
 * squares min ||A X - C||, m >= n, no transpose), S, D, C and Z. The
 * arrays of matrix pointers live in device (or managed, or page-locked)
 * memory as cuBLAS's do, and are read when the call runs: a call is an
 * operation on its handle's stream in the order between launches (the
 * pointer arrays, every matrix it reads or writes, pivots, tau, the info
 * array), so a kernel on another stream writing a matrix the call reads,
 * nothing ordering them, is a race between launches naming the cuBLAS
 * function; on a capturing stream the call is a graph node that makes it at
 * each launch of the graph (runtime/submit.c).
 *
 * Info, as cuBLAS documents it: getrf, getri and matinv write one int per
 * matrix to the device info array (0, or k when U(k,k) is zero: the matrix
 * is singular); gels writes per matrix to devInfoArray (k: A's R(k,k) is
 * zero, the matrix has not full rank). getrs, geqrf and gels also take a
 * host int, 0 or -i for a bad parameter i (not counting the handle), set
 * when the call is made, which then returns CUBLAS_STATUS_INVALID_VALUE.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/internal.h"
#include "runtime/lapack.h"
#include "runtime/op.h"

#define EXPORT __attribute__((visibility("default")))

/* cuBLAS's status codes and operations (cuda/cublas_api.h) */
enum { ST_SUCCESS = 0, ST_NOT_INITIALIZED = 1, ST_ALLOC_FAILED = 3, ST_INVALID_VALUE = 7,
       ST_MAPPING_ERROR = 11, ST_EXECUTION_FAILED = 13, ST_NOT_SUPPORTED = 15 };
enum { OP_N = 0, OP_T = 1, OP_C = 2 };

static simR_getrf_f *const GETRF[4] = {sgetrf_, dgetrf_, cgetrf_, zgetrf_};
static simR_getrs_f *const GETRS[4] = {sgetrs_, dgetrs_, cgetrs_, zgetrs_};
static simR_getri_f *const GETRI[4] = {sgetri_, dgetri_, cgetri_, zgetri_};
static simR_geqrf_f *const GEQRF[4] = {sgeqrf_, dgeqrf_, cgeqrf_, zgeqrf_};
static simR_gels_f *const GELS[4] = {sgels_, dgels_, cgels_, zgels_};
static const unsigned TSIZE[4] = {4, 8, 8, 16}; /* an element's bytes */

typedef enum { B_GETRF, B_GETRS, B_GETRI, B_MATINV, B_GEQRF, B_GELS } routine;

/* One call, its arguments as the program gave them (a capture keeps a copy
 * and makes the call at each launch of its graph). */
typedef struct batch_call {
  routine r;
  int t;                 /* SIMR_LA_S .. SIMR_LA_Z */
  const char *fn;        /* the API function */
  int m, n, nrhs, lda, ldb, batch;
  char trans;            /* getrs: LAPACK's letter */
  const void *a;         /* the array of A's pointers */
  const void *b;         /* getrs: B's; getri: C's; matinv: Ainv's; geqrf: tau's; gels: C's */
  int *piv;              /* getrf, getrs, getri: n per matrix, or NULL */
  int *info;             /* the device info array (getrf, getri, matinv, gels), or NULL */
} batch_call;

static int imax(int a, int b) { return a > b ? a : b; }
static int imin(int a, int b) { return a < b ? a : b; }

/* Elements a column-major rows x cols matrix with leading dimension ld
 * spans (0 when empty). */
static uint64_t mspan(int rows, int cols, int ld) {
  return rows > 0 && cols > 0 ? (uint64_t)ld * (uint64_t)(cols - 1) + (uint64_t)rows : 0;
}

/* Host bytes of an operand the call reads or (write) writes, placed in its
 * order between launches; NULL after a line on stderr. */
static void *opnd(const batch_call *c, const char *what, long i, const void *p, uint64_t bytes,
                  int write) {
  static char none;
  if (!bytes) return &none;
  cudaError_t e;
  void *h = p ? simR_host_bytes_locked(p, bytes, &e) : NULL;
  if (h) simR_libcall_access_locked(p, bytes, write);
  else if (i >= 0)
    fprintf(stderr, "simulee: error: %s: %s[%ld] (%llu bytes at %p) is not inside one "
            "allocation of device, managed or host memory\n", c->fn, what, i,
            (unsigned long long)bytes, p);
  else
    fprintf(stderr, "simulee: error: %s: %s (%llu bytes at %p) is not inside one allocation of "
            "device, managed or host memory\n", c->fn, what, (unsigned long long)bytes, p);
  return h;
}

/* LAPACK's optimal workspace after a query (its first element, real or
 * complex), as an element count. */
static int query_size(int t, const void *w) {
  double v = t == SIMR_LA_S || t == SIMR_LA_C ? *(const float *)w : *(const double *)w;
  return v < 1 ? 1 : v > 1e9 ? 1000000000 : (int)v;
}

/* A workspace for routine r on an m x n problem (lwork elements), from a
 * LAPACK query; NULL when none could be had. */
static void *workspace(const batch_call *c, int *lwork) {
  int t = c->t, lw = -1, info = 0, one = 1;
  double q[4] = {0}, dummy[4] = {0};
  int ld = imax(1, c->r == B_GETRI || c->r == B_MATINV ? c->n : c->m);
  if (c->r == B_GETRI || c->r == B_MATINV) GETRI[t](&c->n, dummy, &ld, &one, q, &lw, &info);
  else if (c->r == B_GEQRF) GEQRF[t](&c->m, &c->n, dummy, &ld, dummy, q, &lw, &info);
  else {
    int ldb = imax(1, imax(c->m, c->n));
    GELS[t]("N", &c->m, &c->n, &c->nrhs, dummy, &ld, dummy, &ldb, q, &lw, &info, 1);
  }
  *lwork = info ? imax(1, 64 * imax(c->m, c->n)) : query_size(t, q);
  return malloc((size_t)*lwork * TSIZE[t]);
}

/* Copy an n-column matrix of `rows` rows between leading dimensions. */
static void copy_matrix(void *dst, int ldd, const void *src, int lds, int rows, int cols,
                        unsigned ts) {
  for (int j = 0; j < cols; j++)
    memmove((char *)dst + (size_t)j * ldd * ts, (const char *)src + (size_t)j * lds * ts,
            (size_t)rows * ts);
}

/* The call now on stream s (a graph branch's stand-in when replayed): the
 * pointer arrays read, each matrix resolved and placed in the order between
 * launches, LAPACK's routine on its host bytes, the info array written. */
static int run_call(const batch_call *c, cudaStream_t s) {
  if (simR_sticky_locked()) return ST_EXECUTION_FAILED;
  simR_libcall_begin_locked(s, c->fn);
  int t = c->t, m = c->m, n = c->n, batch = c->batch, mn = imin(m, n), st = ST_SUCCESS;
  unsigned ts = TSIZE[t];
  uint64_t pb = (uint64_t)batch * sizeof(void *);
  void *const *pa = opnd(c, "Aarray", -1, c->a, pb, 0);
  void *const *pbv = c->b ? opnd(c, c->r == B_GEQRF ? "TauArray" : c->r == B_MATINV ? "Ainv"
                                    : c->r == B_GETRI ? "Carray" : "Barray", -1, c->b, pb, 0)
                          : NULL;
  int *piv = NULL, *info = NULL;
  if (!pa || (c->b && !pbv)) st = ST_MAPPING_ERROR;
  if (!st && c->piv) {
    int w = c->r == B_GETRF;
    if (!(piv = opnd(c, "PivotArray", -1, c->piv, (uint64_t)n * batch * 4, w))) st = ST_MAPPING_ERROR;
  }
  if (!st && c->info && !(info = opnd(c, c->r == B_GELS ? "devInfoArray" : "infoArray", -1,
                                      c->info, (uint64_t)batch * 4, 1)))
    st = ST_MAPPING_ERROR;
  int lwork = 0, *ident = NULL, *own = NULL;
  void *work = NULL;
  if (!st && (c->r == B_GETRI || c->r == B_MATINV || c->r == B_GEQRF || c->r == B_GELS) &&
      batch > 0 && !(work = workspace(c, &lwork)))
    st = ST_ALLOC_FAILED;
  /* no pivots: the identity's (getrs, getri); matinv's own */
  if (!st && !(ident = malloc((size_t)imax(n, 1) * sizeof *ident))) st = ST_ALLOC_FAILED;
  if (!st && c->r == B_MATINV && !(own = malloc((size_t)imax(n, 1) * sizeof *own)))
    st = ST_ALLOC_FAILED;
  for (int i = 0; ident && i < n; i++) ident[i] = i + 1;
  for (long i = 0; !st && i < batch; i++) {
    int inf = 0, *ip = piv ? piv + (size_t)i * n : NULL;
    void *a = NULL, *b = NULL;
    switch (c->r) {
    case B_GETRF:
      if (!(a = opnd(c, "Aarray", i, pa[i], mspan(n, n, c->lda) * ts, 1))) break;
      if (ip) GETRF[t](&n, &n, a, &c->lda, ip, &inf);
      else simR_lu_nopiv(t, n, n, a, c->lda, &inf);
      info[i] = inf;
      break;
    case B_GETRS:
      if (!(a = opnd(c, "Aarray", i, pa[i], mspan(n, n, c->lda) * ts, 0))) break;
      if (!(b = opnd(c, "Barray", i, pbv[i], mspan(n, c->nrhs, c->ldb) * ts, 1))) break;
      GETRS[t](&c->trans, &n, &c->nrhs, a, &c->lda, ip ? ip : ident, b, &c->ldb, &inf, 1);
      break;
    case B_GETRI:
    case B_MATINV:
      if (!(a = opnd(c, "Aarray", i, pa[i], mspan(n, n, c->lda) * ts, 0))) break;
      if (!(b = opnd(c, c->r == B_GETRI ? "Carray" : "Ainv", i, pbv[i],
                     mspan(n, n, c->ldb) * ts, 1)))
        break;
      copy_matrix(b, c->ldb, a, c->lda, n, n, ts);
      if (c->r == B_MATINV) GETRF[t](&n, &n, b, &c->ldb, ip = own, &inf);
      /* U's zero pivot first, as cuBLAS reports it (getri stops there too) */
      if (!inf && n > 0) GETRI[t](&n, b, &c->ldb, ip ? ip : ident, work, &lwork, &inf);
      info[i] = inf;
      break;
    case B_GEQRF:
      if (!(a = opnd(c, "Aarray", i, pa[i], mspan(m, n, c->lda) * ts, 1))) break;
      if (!(b = opnd(c, "TauArray", i, pbv[i], (uint64_t)mn * ts, 1))) break;
      GEQRF[t](&m, &n, a, &c->lda, b, work, &lwork, &inf);
      break;
    case B_GELS:
      if (!(a = opnd(c, "Aarray", i, pa[i], mspan(m, n, c->lda) * ts, 1))) break;
      if (!(b = opnd(c, "Carray", i, pbv[i], mspan(m, c->nrhs, c->ldb) * ts, 1))) break;
      GELS[t]("N", &m, &n, &c->nrhs, a, &c->lda, b, &c->ldb, work, &lwork, &inf, 1);
      info[i] = inf;
      break;
    }
    if (!a || ((c->r != B_GETRF) && !b)) st = ST_MAPPING_ERROR;
  }
  free(work), free(ident), free(own);
  simR_libcall_end_locked();
  return st;
}

static int run_node(const void *data, cudaStream_t lane) {
  return run_call(data, lane) != ST_SUCCESS;
}

/* A captured call, readied: a sticky kernel error fails it. */
static int ready_node(void *data) {
  (void)data;
  return simR_sticky_locked() ? ST_EXECUTION_FAILED : ST_SUCCESS;
}

/* The first bad parameter, by its number (not counting the handle). */
#define BAD(cond, i) (bad ? bad : (cond) ? (i) : 0)

/* Issue call c on handle h: the handle, then c's bad parameter `bad` (0:
 * none), which is CUBLAS_STATUS_INVALID_VALUE with *hinfo = -bad when the
 * function has a host info; unsupported (`nosup`: a line naming it) is
 * CUBLAS_STATUS_NOT_SUPPORTED; else *hinfo = 0 and the call in its
 * stream's order, or a node of its capture. */
static int issue(const void *h, batch_call *c, int bad, const char *nosup, int *hinfo) {
  simR_lock();
  cudaStream_t s = NULL;
  int st;
  if (!simR_blas_handle_locked(h, c->fn, &s)) st = ST_NOT_INITIALIZED;
  else if (bad) {
    st = ST_INVALID_VALUE;
    if (hinfo) *hinfo = -bad;
  } else if (nosup) {
    fprintf(stderr, "simulee: error: %s: %s is not supported (cuBLAS's restriction): "
            "CUBLAS_STATUS_NOT_SUPPORTED\n", c->fn, nosup);
    st = ST_NOT_SUPPORTED;
  } else {
    if (hinfo) *hinfo = 0;
    int rst;
    cudaError_t e;
    if (!c->batch) st = ST_SUCCESS; /* nothing to do */
    else if (simR_submit_libcall_locked(s, c->fn, run_node, ready_node, c, sizeof *c, 0, &rst,
                                        &e))
      st = rst ? rst : e ? ST_ALLOC_FAILED : ST_SUCCESS;
    else st = run_call(c, s);
  }
  simR_unlock();
  return st;
}

static int getrf_b(const void *h, const char *fn, int t, int n, void *const *a, int lda,
                   int *piv, int *info, int batch) {
  batch_call c = {.r = B_GETRF, .t = t, .fn = fn, .m = n, .n = n, .lda = lda, .batch = batch,
                  .a = a, .piv = piv, .info = info};
  int bad = 0;
  bad = BAD(n < 0, 1), bad = BAD(!a && batch > 0, 2), bad = BAD(lda < imax(1, n), 3);
  bad = BAD(!info && batch > 0, 5), bad = BAD(batch < 0, 6);
  return issue(h, &c, bad, NULL, NULL);
}
static int getrs_b(const void *h, const char *fn, int t, int op, int n, int nrhs,
                   const void *const *a, int lda, const int *piv, void *const *b, int ldb,
                   int *info, int batch) {
  char tr = op == OP_N ? 'N' : op == OP_T ? 'T' : op == OP_C ? 'C' : 0;
  batch_call c = {.r = B_GETRS, .t = t, .fn = fn, .m = n, .n = n, .nrhs = nrhs, .lda = lda,
                  .ldb = ldb, .batch = batch, .trans = tr, .a = a, .b = b, .piv = (int *)piv};
  int bad = 0;
  bad = BAD(!tr, 1), bad = BAD(n < 0, 2), bad = BAD(nrhs < 0, 3);
  bad = BAD(!a && batch > 0, 4), bad = BAD(lda < imax(1, n), 5);
  bad = BAD(!b && batch > 0, 7), bad = BAD(ldb < imax(1, n), 8), bad = BAD(batch < 0, 10);
  if (!info) return issue(h, &c, bad ? bad : 9, NULL, NULL);
  return issue(h, &c, bad, NULL, info);
}
static int getri_b(const void *h, const char *fn, int t, routine r, int n, const void *const *a,
                   int lda, const int *piv, void *const *cm, int ldc, int *info, int batch) {
  batch_call c = {.r = r, .t = t, .fn = fn, .m = n, .n = n, .lda = lda, .ldb = ldc,
                  .batch = batch, .a = a, .b = cm, .piv = (int *)piv, .info = info};
  int bad = 0, p = r == B_GETRI; /* getri has the pivots as parameter 4 */
  bad = BAD(n < 0 || (r == B_MATINV && n > 32), 1), bad = BAD(!a && batch > 0, 2);
  bad = BAD(lda < imax(1, n), 3), bad = BAD(!cm && batch > 0, 4 + p);
  bad = BAD(ldc < imax(1, n), 5 + p), bad = BAD(!info && batch > 0, 6 + p);
  bad = BAD(batch < 0, 7 + p);
  return issue(h, &c, bad, NULL, NULL);
}
static int geqrf_b(const void *h, const char *fn, int t, int m, int n, void *const *a, int lda,
                   void *const *tau, int *info, int batch) {
  batch_call c = {.r = B_GEQRF, .t = t, .fn = fn, .m = m, .n = n, .lda = lda, .batch = batch,
                  .a = a, .b = tau};
  int bad = 0;
  bad = BAD(m < 0, 1), bad = BAD(n < 0, 2), bad = BAD(!a && batch > 0, 3);
  bad = BAD(lda < imax(1, m), 4), bad = BAD(!tau && batch > 0, 5), bad = BAD(batch < 0, 7);
  if (!info) return issue(h, &c, bad ? bad : 6, NULL, NULL);
  return issue(h, &c, bad, NULL, info);
}
static int gels_b(const void *h, const char *fn, int t, int op, int m, int n, int nrhs,
                  void *const *a, int lda, void *const *cm, int ldc, int *info, int *dinfo,
                  int batch) {
  batch_call c = {.r = B_GELS, .t = t, .fn = fn, .m = m, .n = n, .nrhs = nrhs, .lda = lda,
                  .ldb = ldc, .batch = batch, .a = a, .b = cm, .info = dinfo};
  int bad = 0;
  bad = BAD(op != OP_N && op != OP_T && op != OP_C, 1), bad = BAD(m < 0, 2);
  bad = BAD(n < 0, 3), bad = BAD(nrhs < 0, 4), bad = BAD(!a && batch > 0, 5);
  bad = BAD(lda < imax(1, m), 6), bad = BAD(!cm && batch > 0, 7);
  bad = BAD(ldc < imax(1, imax(m, n)), 8), bad = BAD(!dinfo && batch > 0, 10);
  bad = BAD(batch < 0, 11);
  const char *nosup = op != OP_N ? "a transposed A" : m < n ? "m < n" : NULL;
  if (!info) return issue(h, &c, bad ? bad : 9, NULL, NULL);
  return issue(h, &c, bad, nosup, info);
}
#undef BAD

/* The exported functions, per precision P (t its index; the element type as
 * the program's header has it, here void). */
#define BATCHED(P, t)                                                          \
  EXPORT int cublas##P##getrfBatched(const void *h, int n, void *const a[], int lda, int *piv, \
                                     int *info, int batch) {                   \
    return getrf_b(h, __func__, t, n, a, lda, piv, info, batch);               \
  }                                                                            \
  EXPORT int cublas##P##getrsBatched(const void *h, int op, int n, int nrhs,   \
                                     const void *const a[], int lda, const int *piv, \
                                     void *const b[], int ldb, int *info, int batch) { \
    return getrs_b(h, __func__, t, op, n, nrhs, a, lda, piv, b, ldb, info, batch); \
  }                                                                            \
  EXPORT int cublas##P##getriBatched(const void *h, int n, const void *const a[], int lda,   \
                                     const int *piv, void *const c[], int ldc, int *info,    \
                                     int batch) {                              \
    return getri_b(h, __func__, t, B_GETRI, n, a, lda, piv, c, ldc, info, batch); \
  }                                                                            \
  EXPORT int cublas##P##matinvBatched(const void *h, int n, const void *const a[], int lda,  \
                                      void *const ainv[], int lda_inv, int *info, int batch) { \
    return getri_b(h, __func__, t, B_MATINV, n, a, lda, NULL, ainv, lda_inv, info, batch); \
  }                                                                            \
  EXPORT int cublas##P##geqrfBatched(const void *h, int m, int n, void *const a[], int lda,  \
                                     void *const tau[], int *info, int batch) { \
    return geqrf_b(h, __func__, t, m, n, a, lda, tau, info, batch);            \
  }                                                                            \
  EXPORT int cublas##P##gelsBatched(const void *h, int op, int m, int n, int nrhs,           \
                                    void *const a[], int lda, void *const c[], int ldc,      \
                                    int *info, int *dinfo, int batch) {        \
    return gels_b(h, __func__, t, op, m, n, nrhs, a, lda, c, ldc, info, dinfo, batch); \
  }
BATCHED(S, SIMR_LA_S)
BATCHED(D, SIMR_LA_D)
BATCHED(C, SIMR_LA_C)
BATCHED(Z, SIMR_LA_Z)
#undef BATCHED
