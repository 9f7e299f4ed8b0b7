/*
 * simulee runtime: cuSOLVER.
 *
 * The dense handles are entries of the runtime's handle registry (the
 * sparse, low-level and refactorization API: runtime/solversp.c). The
 * dense routines (cusolverDn<t>getrf, getrs, potrf, potrs, potri, geqrf,
 * ormqr / unmqr, orgqr / ungqr, syevd / heevd, gesvd and their
 * _bufferSize, in S, D, C and Z) are computed by OpenBLAS's LAPACK (the
 * Fortran routines of the same names) on the host bytes of their device,
 * managed or page-locked operands, column-major with the program's leading
 * dimensions, as cuBLAS's calls are (runtime/blas.c): a call is an
 * operation on its handle's stream in the order between launches (the
 * matrices it reads and writes, pivots, tau, eigen- or singular values,
 * the workspace and devInfo), or on a capturing stream a graph node that
 * makes it at each launch. devInfo gets LAPACK's info: 0, i > 0 (a zero
 * pivot U(i,i), a minor that is not positive definite, a decomposition that
 * did not converge), or -i for a bad parameter i (not counting the handle),
 * which also returns CUSOLVER_STATUS_INVALID_VALUE. getrf without a pivot
 * array factors without pivoting (LAPACK has no such routine: a loop here).
 * Workspace sizes are LAPACK's optimal ones in elements; LAPACK works in
 * workspaces of its own, the program's is only marked written.
 *
 * The routines of runtime/solver.def (cusolverRf's factors on the device)
 * are stubs that say once on stderr that they are not supported and return
 * CUSOLVER_STATUS_NOT_SUPPORTED, the way a program meets a feature a library
 * lacks. Each is weak: a file that implements one overrides it.
 */
#include <complex.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/internal.h"
#include "runtime/lapack.h"
#include "runtime/op.h"

#define EXPORT __attribute__((visibility("default")))
#define STUB_EXPORT __attribute__((weak, visibility("default")))

enum { OK = 0, NOT_INITIALIZED = 1, ALLOC_FAILED = 2, INVALID_VALUE = 3, MAPPING_ERROR = 5,
       EXECUTION_FAILED = 6, NOT_SUPPORTED = 9 };

/* ------------------------------------------------------------ handles */

/* A dense handle: an entry of the runtime's handle registry (runtime/handles.c), so that a destroyed or
 * made-up one is never dereferenced. */
typedef struct solver_handle {
  cudaStream_t stream;
} solver_handle;

static int make(void **h) {
  if (!h) return INVALID_VALUE;
  simR_lock();
  solver_handle *s = simR_handle_new_locked(SIMR_H_CUSOLVER, sizeof *s);
  simR_unlock();
  if (!s) return ALLOC_FAILED;
  *h = s;
  return OK;
}
/* The live handle h for function fn, or NULL after the registry's warning
 * (the lock held). */
static solver_handle *handle_locked(void *h, const char *fn) {
  return simR_handle_check_locked((uint64_t)(uintptr_t)h, SIMR_H_CUSOLVER, fn,
                                  "CUSOLVER_STATUS_NOT_INITIALIZED");
}
static int drop_in(void *h, const char *fn) {
  simR_lock();
  solver_handle *s = handle_locked(h, fn);
  if (s) simR_handle_delete_locked(s, SIMR_H_CUSOLVER);
  simR_unlock();
  return s ? OK : NOT_INITIALIZED;
}
static int set_stream(void *h, cudaStream_t st, const char *fn) {
  simR_lock();
  solver_handle *s = handle_locked(h, fn);
  if (s) s->stream = st;
  simR_unlock();
  return s ? OK : NOT_INITIALIZED;
}
static int get_stream(void *h, cudaStream_t *st, const char *fn) {
  simR_lock();
  solver_handle *s = handle_locked(h, fn);
  int r = !s ? NOT_INITIALIZED : !st ? INVALID_VALUE : OK;
  if (r == OK) *st = s->stream;
  simR_unlock();
  return r;
}
#define drop(h) drop_in(h, __func__)

EXPORT int cusolverDnCreate(void **h) { return make(h); }
EXPORT int cusolverDnDestroy(void *h) { return drop(h); }
EXPORT int cusolverDnSetStream(void *h, cudaStream_t s) { return set_stream(h, s, __func__); }
EXPORT int cusolverDnGetStream(void *h, cudaStream_t *s) { return get_stream(h, s, __func__); }
/* ------------------------------------------------ the dense routines */

/* OpenBLAS's LAPACK (Fortran: every argument by address; a character
 * argument's length follows all of them). Matrices as void *: one table per
 * routine, by precision S, D, C, Z. */
typedef simR_flen flen;
typedef simR_getrf_f getrf_f;
typedef simR_getrs_f getrs_f;
typedef void potrf_f(const char *, const int *, void *, const int *, int *, flen);
typedef void potrs_f(const char *, const int *, const int *, const void *, const int *, void *,
                     const int *, int *, flen);
typedef simR_geqrf_f geqrf_f;
typedef void ormqr_f(const char *, const char *, const int *, const int *, const int *,
                     const void *, const int *, const void *, void *, const int *, void *,
                     const int *, int *, flen, flen);
typedef void orgqr_f(const int *, const int *, const int *, void *, const int *, const void *,
                     void *, const int *, int *);
typedef void syevd_f(const char *, const char *, const int *, void *, const int *, void *,
                     void *, const int *, int *, const int *, int *, flen, flen);
typedef void heevd_f(const char *, const char *, const int *, void *, const int *, void *,
                     void *, const int *, void *, const int *, int *, const int *, int *, flen,
                     flen);
typedef void gesvd_f(const char *, const char *, const int *, const int *, void *, const int *,
                     void *, void *, const int *, void *, const int *, void *, const int *,
                     int *, flen, flen);
typedef void cgesvd_f(const char *, const char *, const int *, const int *, void *,
                      const int *, void *, void *, const int *, void *, const int *, void *,
                      const int *, void *, int *, flen, flen);
extern potrf_f spotrf_, dpotrf_, cpotrf_, zpotrf_, spotri_, dpotri_, cpotri_, zpotri_;
extern potrs_f spotrs_, dpotrs_, cpotrs_, zpotrs_;
extern ormqr_f sormqr_, dormqr_, cunmqr_, zunmqr_;
extern orgqr_f sorgqr_, dorgqr_, cungqr_, zungqr_;
extern syevd_f ssyevd_, dsyevd_;
extern heevd_f cheevd_, zheevd_;
extern gesvd_f sgesvd_, dgesvd_;
extern cgesvd_f cgesvd_, zgesvd_;
static getrf_f *const GETRF[4] = {sgetrf_, dgetrf_, cgetrf_, zgetrf_};
static getrs_f *const GETRS[4] = {sgetrs_, dgetrs_, cgetrs_, zgetrs_};
static potrf_f *const POTRF[4] = {spotrf_, dpotrf_, cpotrf_, zpotrf_};
static potrf_f *const POTRI[4] = {spotri_, dpotri_, cpotri_, zpotri_};
static potrs_f *const POTRS[4] = {spotrs_, dpotrs_, cpotrs_, zpotrs_};
static geqrf_f *const GEQRF[4] = {sgeqrf_, dgeqrf_, cgeqrf_, zgeqrf_};
static ormqr_f *const ORMQR[4] = {sormqr_, dormqr_, cunmqr_, zunmqr_};
static orgqr_f *const ORGQR[4] = {sorgqr_, dorgqr_, cungqr_, zungqr_};

enum { T_S, T_D, T_C, T_Z };
static const unsigned TSIZE[4] = {4, 8, 8, 16}; /* an element's bytes */
static const unsigned RSIZE[4] = {4, 8, 4, 8};  /* its real part's */
static int is_complex(int t) { return t >= T_C; }

/* cuBLAS's operations, fill modes and sides (cuda/cublas_api.h), cuSOLVER's
 * eigen modes (cuda/cusolverDn.h) */
enum { OP_N = 0, OP_T = 1, OP_C = 2 };
enum { FILL_LOWER = 0, FILL_UPPER = 1 };
enum { SIDE_LEFT = 0, SIDE_RIGHT = 1 };
enum { EIG_NOVECTOR = 0, EIG_VECTOR = 1 };

typedef enum { R_GETRF, R_GETRS, R_POTRF, R_POTRS, R_POTRI, R_GEQRF, R_ORMQR, R_ORGQR, R_SYEVD,
               R_GESVD } routine;

/* One call, its arguments as the program gave them (a capture keeps a copy
 * and makes the call at each launch of its graph). */
typedef struct dn_call {
  routine r;
  int t;                 /* T_S .. T_Z */
  const char *fn;        /* the API function */
  int m, n, k, nrhs;     /* sizes (getrs, potrs: n, nrhs) */
  int lda, ldb, ldu, ldvt, lwork;
  char uplo, trans, side, jobz, jobu, jobvt; /* LAPACK's letters */
  void *a, *b, *tau, *w, *u, *vt, *work, *rwork; /* b: getrs/potrs B, ormqr C; w: eigen- or
                                                    singular values */
  int *ipiv, *info;
} dn_call;

static int imax(int a, int b) { return a > b ? a : b; }
static int imin(int a, int b) { return a < b ? a : b; }

/* Elements a column-major rows x cols matrix with leading dimension ld
 * spans (0 when empty). */
static uint64_t mspan(int rows, int cols, int ld) {
  return rows > 0 && cols > 0 ? (uint64_t)ld * (uint64_t)(cols - 1) + (uint64_t)rows : 0;
}

/* Host bytes of an operand the call reads or (write) writes, placed in its
 * order between launches; NULL after a line on stderr. */
static void *opnd(const dn_call *c, const char *what, const void *p, uint64_t bytes, int write) {
  static char none;
  if (!bytes) return &none;
  cudaError_t e;
  void *h = p ? simR_host_bytes_locked(p, bytes, &e) : NULL;
  if (h) simR_libcall_access_locked(p, bytes, write);
  else
    fprintf(stderr, "simulee: error: %s: %s (%llu bytes at %p) is not inside one allocation of "
            "device, managed or host memory\n", c->fn, what, (unsigned long long)bytes, p);
  return h;
}

/* LU without pivoting (cuSOLVER's getrf with no pivot array, cuBLAS's
 * getrfBatched with none: runtime/lapack.h), right-looking in the
 * precision's own arithmetic: *info the first zero pivot (1-based), after
 * which its column is left as it is. */
#define LU_NOPIV(NAME, T)                                                      \
  static void NAME(int m, int n, T *a, int lda, int *info) {                   \
    for (int k = 0; k < imin(m, n); k++) {                                     \
      T p = a[k + (size_t)k * lda];                                            \
      if (p == 0) {                                                            \
        if (!*info) *info = k + 1;                                             \
        continue;                                                              \
      }                                                                        \
      for (int i = k + 1; i < m; i++) a[i + (size_t)k * lda] /= p;            \
      for (int j = k + 1; j < n; j++) {                                        \
        T f = a[k + (size_t)j * lda];                                          \
        if (f == 0) continue;                                                  \
        for (int i = k + 1; i < m; i++)                                        \
          a[i + (size_t)j * lda] -= a[i + (size_t)k * lda] * f;                \
      }                                                                        \
    }                                                                          \
  }
LU_NOPIV(lu_s, float)
LU_NOPIV(lu_d, double)
LU_NOPIV(lu_c, float complex)
LU_NOPIV(lu_z, double complex)
#undef LU_NOPIV

void simR_lu_nopiv(int t, int m, int n, void *a, int lda, int *info) {
  if (t == SIMR_LA_S) lu_s(m, n, a, lda, info);
  else if (t == SIMR_LA_D) lu_d(m, n, a, lda, info);
  else if (t == SIMR_LA_C) lu_c(m, n, a, lda, info);
  else lu_z(m, n, a, lda, info);
}

/* LAPACK's optimal workspace after a query (work[0], a real or complex
 * element), as an element count. */
static int query_size(int t, const void *w) {
  double v = t == T_S || t == T_C ? *(const float *)w : *(const double *)w;
  return v < 1 ? 1 : v > INT_MAX ? INT_MAX : (int)ceil(v);
}

/* syevd / heevd, workspace query (lwork -1) or the call. */
static void eig(int t, const char *jobz, const char *uplo, const int *n, void *a, const int *lda,
                void *w, void *work, int lwork, void *rwork, int lrwork, int *iwork, int liwork,
                int *info) {
  if (t == T_S) ssyevd_(jobz, uplo, n, a, lda, w, work, &lwork, iwork, &liwork, info, 1, 1);
  else if (t == T_D) dsyevd_(jobz, uplo, n, a, lda, w, work, &lwork, iwork, &liwork, info, 1, 1);
  else
    (t == T_C ? cheevd_ : zheevd_)(jobz, uplo, n, a, lda, w, work, &lwork, rwork, &lrwork, iwork,
                                  &liwork, info, 1, 1);
}

/* gesvd, workspace query (lwork -1) or the call. */
static void svd(int t, const char *ju, const char *jv, const int *m, const int *n, void *a,
                const int *lda, void *s, void *u, const int *ldu, void *vt, const int *ldvt,
                void *work, int lwork, void *rwork, int *info) {
  if (t == T_S || t == T_D)
    (t == T_S ? sgesvd_ : dgesvd_)(ju, jv, m, n, a, lda, s, u, ldu, vt, ldvt, work, &lwork, info,
                                   1, 1);
  else
    (t == T_C ? cgesvd_ : zgesvd_)(ju, jv, m, n, a, lda, s, u, ldu, vt, ldvt, work, &lwork,
                                   rwork, info, 1, 1);
}

/* The computation on host bytes: LAPACK's info, or -1000 when a workspace
 * of its own could not be had. */
static int compute(const dn_call *c, void *a, void *b, void *tau, void *w, void *u, void *vt,
                   void *rwork, int *ipiv) {
  int t = c->t, info = 0;
  unsigned ts = TSIZE[t];
  double q[4] = {0};
  int iq = 0;
  void *work = NULL, *rw = NULL;
  int *iw = NULL;
  switch (c->r) {
  case R_GETRF:
    if (ipiv) GETRF[t](&c->m, &c->n, a, &c->lda, ipiv, &info);
    else simR_lu_nopiv(t, c->m, c->n, a, c->lda, &info);
    break;
  case R_GETRS: {
    int *id = NULL; /* no pivots: the identity's */
    if (!ipiv && !(ipiv = id = malloc((size_t)imax(c->n, 1) * sizeof *id))) return -1000;
    for (int i = 0; id && i < c->n; i++) id[i] = i + 1;
    GETRS[t](&c->trans, &c->n, &c->nrhs, a, &c->lda, ipiv, b, &c->ldb, &info, 1);
    free(id);
    break;
  }
  case R_POTRF: POTRF[t](&c->uplo, &c->n, a, &c->lda, &info, 1); break;
  case R_POTRI: POTRI[t](&c->uplo, &c->n, a, &c->lda, &info, 1); break;
  case R_POTRS: POTRS[t](&c->uplo, &c->n, &c->nrhs, a, &c->lda, b, &c->ldb, &info, 1); break;
  case R_GEQRF:
  case R_ORMQR:
  case R_ORGQR: {
    int lw = -1;
    for (int pass = 0; pass < 2; pass++) {
      void *wk = pass ? work : q;
      if (c->r == R_GEQRF) GEQRF[t](&c->m, &c->n, a, &c->lda, tau, wk, &lw, &info);
      else if (c->r == R_ORGQR) ORGQR[t](&c->m, &c->n, &c->k, a, &c->lda, tau, wk, &lw, &info);
      else
        ORMQR[t](&c->side, &c->trans, &c->m, &c->n, &c->k, a, &c->lda, tau, b, &c->ldb, wk, &lw,
                 &info, 1, 1);
      if (pass || info) break;
      lw = query_size(t, q);
      if (!(work = malloc((size_t)lw * ts))) return -1000;
    }
    break;
  }
  case R_SYEVD: {
    int n = c->n, lw, lrw = 1, liw;
    eig(t, &c->jobz, &c->uplo, &n, a, &c->lda, w, q, -1, &q[2], -1, &iq, -1, &info);
    if (info) break;
    lw = query_size(t, q), liw = imax(iq, 1);
    if (is_complex(t)) lrw = query_size(t - 2, &q[2]);
    work = malloc((size_t)lw * ts), iw = malloc((size_t)liw * sizeof *iw);
    rw = malloc((size_t)lrw * RSIZE[t]);
    if (!work || !iw || !rw) info = -1000;
    else eig(t, &c->jobz, &c->uplo, &n, a, &c->lda, w, work, lw, rw, lrw, iw, liw, &info);
    break;
  }
  case R_GESVD: {
    int mn = imin(c->m, c->n), lw, ldu = imax(c->ldu, 1), ldvt = imax(c->ldvt, 1);
    svd(t, &c->jobu, &c->jobvt, &c->m, &c->n, a, &c->lda, w, u, &ldu, vt, &ldvt, q, -1, NULL,
        &info);
    if (info) break;
    lw = query_size(t, q);
    work = malloc((size_t)lw * ts);
    rw = malloc((size_t)imax(5 * mn, 1) * RSIZE[t]);
    if (!work || !rw) info = -1000;
    else svd(t, &c->jobu, &c->jobvt, &c->m, &c->n, a, &c->lda, w, u, &ldu, vt, &ldvt, work, lw,
             rw, &info);
    /* the superdiagonal of a bidiagonal form that did not converge: LAPACK
     * leaves it in work[1..] (real) or rwork[0..] (complex), cuSOLVER in
     * rwork */
    if (info >= 0 && rwork && mn > 1)
      memcpy(rwork, is_complex(t) ? rw : (char *)work + ts, (size_t)(mn - 1) * RSIZE[t]);
    break;
  }
  }
  free(work), free(rw), free(iw);
  return info;
}

/* The call now on stream s (a graph branch's stand-in when replayed): its
 * operands resolved and placed in the order between launches, LAPACK's
 * routine on their host bytes, devInfo written. */
static int run_call(const dn_call *c, cudaStream_t s) {
  if (simR_sticky_locked()) return EXECUTION_FAILED;
  simR_libcall_begin_locked(s, c->fn);
  int t = c->t, m = c->m, n = c->n, mn = imin(m, n);
  unsigned ts = TSIZE[t], rs = RSIZE[t];
  void *a = NULL, *b = NULL, *tau = NULL, *w = NULL, *u = NULL, *vt = NULL, *rwork = NULL;
  int *ipiv = NULL, *info = NULL, ok = 1;
#define R(dst, what, p, bytes, write) (ok = ok && ((dst) = opnd(c, what, p, bytes, write)) != NULL)
  switch (c->r) {
  case R_GETRF:
    R(a, "A", c->a, mspan(m, n, c->lda) * ts, 1);
    if (c->ipiv) R(ipiv, "devIpiv", c->ipiv, (uint64_t)mn * 4, 1);
    break;
  case R_GETRS:
    R(a, "A", c->a, mspan(n, n, c->lda) * ts, 0);
    if (c->ipiv) R(ipiv, "devIpiv", c->ipiv, (uint64_t)n * 4, 0);
    R(b, "B", c->b, mspan(n, c->nrhs, c->ldb) * ts, 1);
    break;
  case R_POTRS:
    R(a, "A", c->a, mspan(n, n, c->lda) * ts, 0);
    R(b, "B", c->b, mspan(n, c->nrhs, c->ldb) * ts, 1);
    break;
  case R_POTRF:
  case R_POTRI: R(a, "A", c->a, mspan(n, n, c->lda) * ts, 1); break;
  case R_GEQRF:
    R(a, "A", c->a, mspan(m, n, c->lda) * ts, 1);
    R(tau, "TAU", c->tau, (uint64_t)mn * ts, 1);
    break;
  case R_ORMQR: {
    int rows = c->side == 'L' ? m : n;
    R(a, "A", c->a, mspan(rows, c->k, c->lda) * ts, 0);
    R(tau, "tau", c->tau, (uint64_t)c->k * ts, 0);
    R(b, "C", c->b, mspan(m, n, c->ldb) * ts, 1);
    break;
  }
  case R_ORGQR:
    R(a, "A", c->a, mspan(m, n, c->lda) * ts, 1);
    R(tau, "tau", c->tau, (uint64_t)c->k * ts, 0);
    break;
  case R_SYEVD:
    R(a, "A", c->a, mspan(n, n, c->lda) * ts, 1);
    R(w, "W", c->w, (uint64_t)n * rs, 1);
    break;
  case R_GESVD: {
    int ucols = c->jobu == 'A' ? m : c->jobu == 'S' ? mn : 0;
    int vrows = c->jobvt == 'A' ? n : c->jobvt == 'S' ? mn : 0;
    R(a, "A", c->a, mspan(m, n, c->lda) * ts, 1);
    R(w, "S", c->w, (uint64_t)mn * rs, 1);
    if (ucols) R(u, "U", c->u, mspan(m, ucols, c->ldu) * ts, 1);
    if (vrows) R(vt, "VT", c->vt, mspan(vrows, n, c->ldvt) * ts, 1);
    if (c->rwork && mn > 1) R(rwork, "rwork", c->rwork, (uint64_t)(mn - 1) * rs, 1);
    break;
  }
  }
  /* the workspace: contents left undefined (LAPACK works in its own) */
  if (c->work && c->lwork > 0) {
    void *wk;
    R(wk, "the workspace", c->work, (uint64_t)c->lwork * ts, 1);
  }
  R(info, "devInfo", c->info, 4, 1);
#undef R
  int st = OK;
  if (!ok) st = MAPPING_ERROR;
  else {
    int r = compute(c, a, b, tau, w, u, vt, rwork, ipiv);
    if (r == -1000) st = ALLOC_FAILED;
    else *info = r;
  }
  simR_libcall_end_locked();
  return st;
}

static int run_node(const void *data, cudaStream_t lane) {
  return run_call(data, lane) != OK;
}

/* A captured call, readied: a sticky kernel error fails it. */
static int ready_node(void *data) {
  (void)data;
  return simR_sticky_locked() ? EXECUTION_FAILED : OK;
}

/* Issue call c on handle h: the handle, then c's bad parameter `bad` (its
 * number, not counting the handle; 0: none), which is
 * CUSOLVER_STATUS_INVALID_VALUE with devInfo = -bad (written in stream
 * order, not on a capturing stream); else the call in its stream's order,
 * or a node of its capture. */
static int issue(void *h, dn_call *c, int bad) {
  simR_lock();
  solver_handle *sh = handle_locked(h, c->fn);
  int st;
  if (!sh) st = NOT_INITIALIZED;
  else if (!simR_stream_ok_locked(sh->stream, c->fn)) st = INVALID_VALUE;
  else if (bad) {
    st = INVALID_VALUE;
    if (c->info && !simR_submit_capturing_locked(sh->stream)) {
      simR_libcall_begin_locked(sh->stream, c->fn);
      int *info = opnd(c, "devInfo", c->info, 4, 1);
      if (info) *info = -bad;
      simR_libcall_end_locked();
    }
  } else if (!c->info) st = INVALID_VALUE;
  else {
    int rst;
    cudaError_t e;
    if (simR_submit_libcall_locked(sh->stream, c->fn, run_node, ready_node, c, sizeof *c, 0, &rst,
                                   &e))
      st = rst ? rst : e ? ALLOC_FAILED : OK;
    else st = run_call(c, sh->stream);
  }
  simR_unlock();
  return st;
}

/* A buffer-size query of function fn on handle h: the handle, then `bad`
 * (INVALID_VALUE), then *lwork = size. */
static int answer(void *h, const char *fn, int bad, int *lwork, int size) {
  simR_lock();
  int ok = handle_locked(h, fn) != NULL;
  simR_unlock();
  if (!ok) return NOT_INITIALIZED;
  if (bad || !lwork) return INVALID_VALUE;
  *lwork = size;
  return OK;
}

static char fill(int uplo) { return uplo == FILL_LOWER ? 'L' : uplo == FILL_UPPER ? 'U' : 0; }
static char opl(int op, int t, int conj_only) {
  /* getrs: N, T, C; ormqr: N, T; unmqr: N, C */
  if (op == OP_N) return 'N';
  if (op == OP_T && (!conj_only || !is_complex(t))) return 'T';
  if (op == OP_C && (!conj_only || is_complex(t))) return 'C';
  return 0;
}

/* The first bad parameter of a matrix's sizes, by their numbers. */
#define BAD(cond, i) (bad ? bad : (cond) ? (i) : 0)

/* getrf: A = P L U (ipiv NULL: A = L U, no pivoting) */
static int getrf_size(void *h, const char *fn, int m, int n, int lda, int *lwork) {
  int bad = 0;
  bad = BAD(m < 0, 1), bad = BAD(n < 0, 2), bad = BAD(lda < imax(1, m), 4);
  return answer(h, fn, bad, lwork, imax(1, n));
}
static int getrf(void *h, const char *fn, int t, int m, int n, void *a, int lda, void *work,
                 int *ipiv, int *info) {
  dn_call c = {.r = R_GETRF, .t = t, .fn = fn, .m = m, .n = n, .lda = lda, .a = a, .ipiv = ipiv,
               .info = info};
  (void)work; /* its size is getrf_bufferSize's answer, not an argument */
  int bad = 0;
  bad = BAD(m < 0, 1), bad = BAD(n < 0, 2), bad = BAD(lda < imax(1, m), 4);
  return issue(h, &c, bad);
}
static int getrs(void *h, const char *fn, int t, int op, int n, int nrhs, const void *a, int lda,
                 const int *ipiv, void *b, int ldb, int *info) {
  dn_call c = {.r = R_GETRS, .t = t, .fn = fn, .n = n, .nrhs = nrhs, .lda = lda, .ldb = ldb,
               .trans = opl(op, t, 0), .a = (void *)a, .b = b, .ipiv = (int *)ipiv, .info = info};
  int bad = 0;
  bad = BAD(!c.trans, 1), bad = BAD(n < 0, 2), bad = BAD(nrhs < 0, 3);
  bad = BAD(lda < imax(1, n), 5), bad = BAD(ldb < imax(1, n), 8);
  return issue(h, &c, bad);
}

/* potrf, potri: A's Cholesky factor, the inverse from it; potrs: solve */
static int potrf_size(void *h, const char *fn, int uplo, int n, int lda, int *lwork) {
  int bad = 0;
  bad = BAD(!fill(uplo), 1), bad = BAD(n < 0, 2), bad = BAD(lda < imax(1, n), 4);
  return answer(h, fn, bad, lwork, imax(1, n));
}
static int potrf(void *h, const char *fn, int t, routine r, int uplo, int n, void *a, int lda,
                 void *work, int lwork, int *info) {
  dn_call c = {.r = r, .t = t, .fn = fn, .n = n, .lda = lda, .lwork = lwork, .uplo = fill(uplo),
               .a = a, .work = work, .info = info};
  int bad = 0;
  bad = BAD(!c.uplo, 1), bad = BAD(n < 0, 2), bad = BAD(lda < imax(1, n), 4);
  bad = BAD(lwork < 0, 6);
  return issue(h, &c, bad);
}
static int potrs(void *h, const char *fn, int t, int uplo, int n, int nrhs, const void *a,
                 int lda, void *b, int ldb, int *info) {
  dn_call c = {.r = R_POTRS, .t = t, .fn = fn, .n = n, .nrhs = nrhs, .lda = lda, .ldb = ldb,
               .uplo = fill(uplo), .a = (void *)a, .b = b, .info = info};
  int bad = 0;
  bad = BAD(!c.uplo, 1), bad = BAD(n < 0, 2), bad = BAD(nrhs < 0, 3);
  bad = BAD(lda < imax(1, n), 5), bad = BAD(ldb < imax(1, n), 7);
  return issue(h, &c, bad);
}

/* geqrf: A = Q R; ormqr / unmqr: C = op(Q) C or C op(Q); orgqr / ungqr: Q */
static int geqrf_size(void *h, const char *fn, int t, int m, int n, int lda, int *lwork) {
  int bad = 0, info = 0, lw = -1;
  double q[2] = {0}, dummy[2] = {0};
  bad = BAD(m < 0, 1), bad = BAD(n < 0, 2), bad = BAD(lda < imax(1, m), 4);
  if (!bad) GEQRF[t](&m, &n, dummy, &lda, dummy, q, &lw, &info);
  return answer(h, fn, bad ? bad : info != 0, lwork, query_size(t, q));
}
static int geqrf(void *h, const char *fn, int t, int m, int n, void *a, int lda, void *tau,
                 void *work, int lwork, int *info) {
  dn_call c = {.r = R_GEQRF, .t = t, .fn = fn, .m = m, .n = n, .lda = lda, .lwork = lwork,
               .a = a, .tau = tau, .work = work, .info = info};
  int bad = 0;
  bad = BAD(m < 0, 1), bad = BAD(n < 0, 2), bad = BAD(lda < imax(1, m), 4);
  bad = BAD(lwork < 0, 7);
  return issue(h, &c, bad);
}
static int ormqr_bad(int t, int side, char tr, int m, int n, int k, int lda, int ldc) {
  int bad = 0, rows = side == SIDE_LEFT ? m : n;
  (void)t;
  bad = BAD(side != SIDE_LEFT && side != SIDE_RIGHT, 1), bad = BAD(!tr, 2);
  bad = BAD(m < 0, 3), bad = BAD(n < 0, 4), bad = BAD(k < 0 || k > rows, 5);
  bad = BAD(lda < imax(1, rows), 7), bad = BAD(ldc < imax(1, m), 10);
  return bad;
}
static int ormqr_size(void *h, const char *fn, int t, int side, int op, int m, int n, int k,
                      int lda, int ldc, int *lwork) {
  char sd = side == SIDE_LEFT ? 'L' : 'R', tr = opl(op, t, 1);
  int bad = ormqr_bad(t, side, tr, m, n, k, lda, ldc), info = 0, lw = -1;
  double q[2] = {0}, dummy[2] = {0};
  if (!bad)
    ORMQR[t](&sd, &tr, &m, &n, &k, dummy, &lda, dummy, dummy, &ldc, q, &lw, &info, 1, 1);
  return answer(h, fn, bad ? bad : info != 0, lwork, query_size(t, q));
}
static int ormqr(void *h, const char *fn, int t, int side, int op, int m, int n, int k,
                 const void *a, int lda, const void *tau, void *cm, int ldc, void *work,
                 int lwork, int *info) {
  dn_call c = {.r = R_ORMQR, .t = t, .fn = fn, .m = m, .n = n, .k = k, .lda = lda, .ldb = ldc,
               .lwork = lwork, .side = side == SIDE_LEFT ? 'L' : 'R', .trans = opl(op, t, 1),
               .a = (void *)a, .tau = (void *)tau, .b = cm, .work = work, .info = info};
  int bad = ormqr_bad(t, side, c.trans, m, n, k, lda, ldc);
  bad = BAD(lwork < 0, 12);
  return issue(h, &c, bad);
}
static int orgqr_bad(int m, int n, int k, int lda) {
  int bad = 0;
  bad = BAD(m < 0, 1), bad = BAD(n < 0 || n > m, 2), bad = BAD(k < 0 || k > n, 3);
  bad = BAD(lda < imax(1, m), 5);
  return bad;
}
static int orgqr_size(void *h, const char *fn, int t, int m, int n, int k, int lda, int *lwork) {
  int bad = orgqr_bad(m, n, k, lda), info = 0, lw = -1;
  double q[2] = {0}, dummy[2] = {0};
  if (!bad) ORGQR[t](&m, &n, &k, dummy, &lda, dummy, q, &lw, &info);
  return answer(h, fn, bad ? bad : info != 0, lwork, query_size(t, q));
}
static int orgqr(void *h, const char *fn, int t, int m, int n, int k, void *a, int lda,
                 const void *tau, void *work, int lwork, int *info) {
  dn_call c = {.r = R_ORGQR, .t = t, .fn = fn, .m = m, .n = n, .k = k, .lda = lda,
               .lwork = lwork, .a = a, .tau = (void *)tau, .work = work, .info = info};
  int bad = orgqr_bad(m, n, k, lda);
  bad = BAD(lwork < 0, 8);
  return issue(h, &c, bad);
}

/* syevd / heevd: eigenvalues (W, ascending) and, with vectors, A's
 * orthonormal eigenvectors in A */
static int syevd_bad(int jobz, int uplo, int n, int lda) {
  int bad = 0;
  bad = BAD(jobz != EIG_NOVECTOR && jobz != EIG_VECTOR, 1), bad = BAD(!fill(uplo), 2);
  bad = BAD(n < 0, 3), bad = BAD(lda < imax(1, n), 5);
  return bad;
}
static int syevd_size(void *h, const char *fn, int t, int jobz, int uplo, int n, int lda,
                      int *lwork) {
  int bad = syevd_bad(jobz, uplo, n, lda), info = 0, iq = 0;
  double q[4] = {0}, dummy[2] = {0};
  char jz = jobz == EIG_VECTOR ? 'V' : 'N', ul = fill(uplo);
  if (!bad) eig(t, &jz, &ul, &n, dummy, &lda, dummy, q, -1, &q[2], -1, &iq, -1, &info);
  return answer(h, fn, bad ? bad : info != 0, lwork, query_size(t, q));
}
static int syevd(void *h, const char *fn, int t, int jobz, int uplo, int n, void *a, int lda,
                 void *w, void *work, int lwork, int *info) {
  dn_call c = {.r = R_SYEVD, .t = t, .fn = fn, .n = n, .lda = lda, .lwork = lwork,
               .jobz = jobz == EIG_VECTOR ? 'V' : 'N', .uplo = fill(uplo), .a = a, .w = w,
               .work = work, .info = info};
  int bad = syevd_bad(jobz, uplo, n, lda);
  bad = BAD(lwork < 0, 8);
  return issue(h, &c, bad);
}

/* gesvd: A = U S V^H, m >= n only (cuSOLVER's restriction) */
static int gesvd_size(void *h, const char *fn, int t, int m, int n, int *lwork) {
  int bad = 0, info = 0, ldu = imax(m, 1), ldvt = imax(n, 1);
  double q[2] = {0}, dummy[2] = {0};
  bad = BAD(m < 0, 1), bad = BAD(n < 0 || n > m, 2);
  if (!bad)
    svd(t, "A", "A", &m, &n, dummy, &ldu, dummy, dummy, &ldu, dummy, &ldvt, q, -1, NULL, &info);
  return answer(h, fn, bad ? bad : info != 0, lwork, query_size(t, q));
}
static int gesvd(void *h, const char *fn, int t, signed char jobu, signed char jobvt, int m,
                 int n, void *a, int lda, void *s, void *u, int ldu, void *vt, int ldvt,
                 void *work, int lwork, void *rwork, int *info) {
  dn_call c = {.r = R_GESVD, .t = t, .fn = fn, .m = m, .n = n, .lda = lda, .ldu = ldu,
               .ldvt = ldvt, .lwork = lwork, .jobu = (char)jobu, .jobvt = (char)jobvt, .a = a,
               .w = s, .u = u, .vt = vt, .work = work, .rwork = rwork, .info = info};
  int bad = 0, mn = imin(m, n);
  bad = BAD(!jobu || !strchr("ASON", jobu), 1);
  bad = BAD(!jobvt || !strchr("ASON", jobvt) || (jobu == 'O' && jobvt == 'O'), 2);
  bad = BAD(m < 0, 3), bad = BAD(n < 0 || n > m, 4), bad = BAD(lda < imax(1, m), 6);
  bad = BAD(ldu < 1 || ((jobu == 'A' || jobu == 'S') && ldu < m), 9);
  bad = BAD(ldvt < 1 || (jobvt == 'A' && ldvt < n) || (jobvt == 'S' && ldvt < mn), 11);
  bad = BAD(lwork < 0, 13);
  return issue(h, &c, bad);
}
#undef BAD

/* The exported functions, per precision P (t its index, T its element
 * type as the program's header has it, here void). */
#define DENSE(P, t)                                                            \
  EXPORT int cusolverDn##P##getrf_bufferSize(void *h, int m, int n, void *a, int lda, int *lw) { \
    (void)a;                                                                   \
    return getrf_size(h, __func__, m, n, lda, lw);                             \
  }                                                                            \
  EXPORT int cusolverDn##P##getrf(void *h, int m, int n, void *a, int lda, void *work, int *ipiv, \
                                  int *info) {                                 \
    return getrf(h, __func__, t, m, n, a, lda, work, ipiv, info);              \
  }                                                                            \
  EXPORT int cusolverDn##P##getrs(void *h, int op, int n, int nrhs, const void *a, int lda,  \
                                  const int *ipiv, void *b, int ldb, int *info) {            \
    return getrs(h, __func__, t, op, n, nrhs, a, lda, ipiv, b, ldb, info);    \
  }                                                                            \
  EXPORT int cusolverDn##P##potrf_bufferSize(void *h, int uplo, int n, void *a, int lda,     \
                                             int *lw) {                        \
    (void)a;                                                                   \
    return potrf_size(h, __func__, uplo, n, lda, lw);                          \
  }                                                                            \
  EXPORT int cusolverDn##P##potrf(void *h, int uplo, int n, void *a, int lda, void *work,   \
                                  int lwork, int *info) {                      \
    return potrf(h, __func__, t, R_POTRF, uplo, n, a, lda, work, lwork, info); \
  }                                                                            \
  EXPORT int cusolverDn##P##potri_bufferSize(void *h, int uplo, int n, void *a, int lda,     \
                                             int *lw) {                        \
    (void)a;                                                                   \
    return potrf_size(h, __func__, uplo, n, lda, lw);                          \
  }                                                                            \
  EXPORT int cusolverDn##P##potri(void *h, int uplo, int n, void *a, int lda, void *work,   \
                                  int lwork, int *info) {                      \
    return potrf(h, __func__, t, R_POTRI, uplo, n, a, lda, work, lwork, info); \
  }                                                                            \
  EXPORT int cusolverDn##P##potrs(void *h, int uplo, int n, int nrhs, const void *a, int lda, \
                                  void *b, int ldb, int *info) {               \
    return potrs(h, __func__, t, uplo, n, nrhs, a, lda, b, ldb, info);        \
  }                                                                            \
  EXPORT int cusolverDn##P##geqrf_bufferSize(void *h, int m, int n, void *a, int lda, int *lw) { \
    (void)a;                                                                   \
    return geqrf_size(h, __func__, t, m, n, lda, lw);                          \
  }                                                                            \
  EXPORT int cusolverDn##P##geqrf(void *h, int m, int n, void *a, int lda, void *tau,         \
                                  void *work, int lwork, int *info) {          \
    return geqrf(h, __func__, t, m, n, a, lda, tau, work, lwork, info);       \
  }                                                                            \
  EXPORT int cusolverDn##P##gesvd_bufferSize(void *h, int m, int n, int *lw) { \
    return gesvd_size(h, __func__, t, m, n, lw);                               \
  }                                                                            \
  EXPORT int cusolverDn##P##gesvd(void *h, signed char ju, signed char jv, int m, int n,     \
                                  void *a, int lda, void *s, void *u, int ldu, void *vt,     \
                                  int ldvt, void *work, int lwork, void *rwork, int *info) { \
    return gesvd(h, __func__, t, ju, jv, m, n, a, lda, s, u, ldu, vt, ldvt, work, lwork,     \
                 rwork, info);                                                 \
  }
/* orthogonal / unitary (OR: or, un) and symmetric / Hermitian (SY: sy, he) */
#define DENSE_Q(P, t, OR, SY)                                                  \
  EXPORT int cusolverDn##P##OR##mqr_bufferSize(void *h, int side, int op, int m, int n, int k, \
                                               const void *a, int lda, const void *tau,      \
                                               const void *cm, int ldc, int *lw) {           \
    (void)a, (void)tau, (void)cm;                                              \
    return ormqr_size(h, __func__, t, side, op, m, n, k, lda, ldc, lw);       \
  }                                                                            \
  EXPORT int cusolverDn##P##OR##mqr(void *h, int side, int op, int m, int n, int k,          \
                                    const void *a, int lda, const void *tau, void *cm, int ldc, \
                                    void *work, int lwork, int *info) {        \
    return ormqr(h, __func__, t, side, op, m, n, k, a, lda, tau, cm, ldc, work, lwork, info); \
  }                                                                            \
  EXPORT int cusolverDn##P##OR##gqr_bufferSize(void *h, int m, int n, int k, const void *a,  \
                                               int lda, const void *tau, int *lw) {          \
    (void)a, (void)tau;                                                        \
    return orgqr_size(h, __func__, t, m, n, k, lda, lw);                       \
  }                                                                            \
  EXPORT int cusolverDn##P##OR##gqr(void *h, int m, int n, int k, void *a, int lda,          \
                                    const void *tau, void *work, int lwork, int *info) {     \
    return orgqr(h, __func__, t, m, n, k, a, lda, tau, work, lwork, info);    \
  }                                                                            \
  EXPORT int cusolverDn##P##SY##evd_bufferSize(void *h, int jobz, int uplo, int n,           \
                                               const void *a, int lda, const void *w,        \
                                               int *lw) {                      \
    (void)a, (void)w;                                                          \
    return syevd_size(h, __func__, t, jobz, uplo, n, lda, lw);                 \
  }                                                                            \
  EXPORT int cusolverDn##P##SY##evd(void *h, int jobz, int uplo, int n, void *a, int lda,    \
                                    void *w, void *work, int lwork, int *info) { \
    return syevd(h, __func__, t, jobz, uplo, n, a, lda, w, work, lwork, info); \
  }
DENSE(S, T_S)
DENSE(D, T_D)
DENSE(C, T_C)
DENSE(Z, T_Z)
DENSE_Q(S, T_S, or, sy)
DENSE_Q(D, T_D, or, sy)
DENSE_Q(C, T_C, un, he)
DENSE_Q(Z, T_Z, un, he)
#undef DENSE
#undef DENSE_Q

/* -------------------------------------------------------------- stubs */

enum {
#define SIMR_SOLVER_STUB(name) SOLVER_##name,
#include "runtime/solver.def"
#undef SIMR_SOLVER_STUB
  SOLVER_COUNT
};
static unsigned char said[SOLVER_COUNT];

static int stub(unsigned idx, const char *name) {
  simR_lock();
  if (!said[idx]) {
    said[idx] = 1;
    fprintf(stderr, "simulee: warning: %s is not supported by simulee's cuSOLVER: it returns "
                    "CUSOLVER_STATUS_NOT_SUPPORTED\n", name);
  }
  simR_unlock();
  return NOT_SUPPORTED;
}

#define SIMR_SOLVER_STUB(name)                                                 \
  STUB_EXPORT int name(void);                                                  \
  STUB_EXPORT int name(void) { return stub(SOLVER_##name, #name); }
#include "runtime/solver.def"
#undef SIMR_SOLVER_STUB
