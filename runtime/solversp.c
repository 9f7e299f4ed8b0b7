/*
 * simulee runtime: cuSOLVER's sparse API (cusolverSp.h), its low-level
 * factorizations (cusolverSp_LOWLEVEL_PREVIEW.h) and the refactorization
 * API (cusolverRf.h), on SuiteSparse.
 *
 * The numerics are SuiteSparse's: Cholesky by CHOLMOD (csrlsvchol, the
 * low-level csrchol*), LU with partial pivoting by KLU (csrlsvlu, the
 * low-level csrlu*, whose factors cusolverRf starts from), sparse QR by
 * CXSparse's Householder QR (csrlsvqr, the low-level csrqr*), the minimum
 * degree orderings by AMD (csrsymamd, csrsymmdq) and nested dissection by
 * METIS through CHOLMOD (csrmetisnd); the reverse Cuthill-McKee ordering
 * (csrsymrcm) and cusolverRf's refactorization (an LU without pivoting on
 * the fixed pattern of L + U, row by row) are written here. Values are
 * computed in double: the S routines convert their float operands.
 *
 * The matrix is CSR, base 0 or 1 as its descriptor says, with rows
 * checked (offsets that do not grow, a column outside the matrix or stored
 * twice: a line on stderr and CUSOLVER_STATUS_INVALID_VALUE). The Host routines work on
 * host memory at once. The others take device, managed or page-locked
 * operands: such a call is an operation on its handle's stream (cusolverRf:
 * the legacy default stream) in the order between launches, its operands
 * read and written there so that a kernel racing with it is reported, or,
 * on a capturing stream, a graph node that makes it at each launch
 * (csrlsv*, whose singularity comes back to the host, and the analyses,
 * which answer at once, cannot be captured).
 *
 * Handles and info objects are entries of the handle registry
 * (runtime/handles.c) with kinds of their own: a destroyed, made-up or
 * other-kind handle is a warning line and CUSOLVER_STATUS_NOT_INITIALIZED
 * (an info object of another factorization: CUSOLVER_STATUS_INVALID_VALUE).
 * A low-level routine called before the step it needs (a factor before its
 * analysis, a solve before the factor) is CUSOLVER_STATUS_INVALID_VALUE
 * with a line.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <suitesparse/amd.h>
#include <suitesparse/cholmod.h>
#include <suitesparse/cs.h>
#include <suitesparse/klu.h>

#include "runtime/internal.h"
#include "runtime/op.h"

#define EXPORT __attribute__((visibility("default")))

enum { OK = 0, NOT_INITIALIZED = 1, ALLOC_FAILED = 2, INVALID_VALUE = 3, MAPPING_ERROR = 5,
       EXECUTION_FAILED = 6, INTERNAL_ERROR = 7, NOT_SUPPORTED = 9, ZERO_PIVOT = 10 };

/* cuSPARSE's matrix descriptor, read through its exported getters
 * (runtime/sparse.c) */
int cusparseGetMatIndexBase(const void *d);

/* ------------------------------------------------------------ handles */

/* cusolverSpHandle_t */
typedef struct sp_handle {
  cudaStream_t stream;
} sp_handle;

/* what an info object holds */
enum { I_LU_HOST, I_QR_HOST, I_QR, I_CHOL_HOST, I_CHOL };
static const char *const INFO_NAME[] = {"csrluInfoHost_t", "csrqrInfoHost_t", "csrqrInfo_t",
                                        "csrcholInfoHost_t", "csrcholInfo_t"};
/* the steps of a low-level factorization */
enum { S_NEW, S_ANALYSED, S_SET_UP, S_FACTORED };

/* A matrix as SuiteSparse takes it: compressed columns, 0-based, row
 * indices ascending in each column; map[k]: the CSR position of entry k. */
typedef struct csc {
  int m, n, nnz;
  int *p, *i, *map;
  double *x;
} csc;

/* csrluInfoHost_t, csrqrInfo(Host)_t, csrcholInfo(Host)_t */
typedef struct sp_info {
  int kind, step;
  int single;          /* factored from float values */
  int base;            /* the analysed matrix's index base */
  csc a;               /* the analysed pattern (values from the factor) */
  cholmod_factor *L;   /* CHOLMOD */
  klu_symbolic *sym;   /* KLU */
  klu_numeric *num;
  cs_di *qa;           /* CXSparse: A - mu I */
  cs_dis *qs;
  cs_din *qn;
} sp_info;

/* cusolverRfHandle_t: the settings, P, Q and the pattern of A and of
 * L + U (the factors' combined pattern, CSR, diagonal included), whose
 * values the refactorization recomputes. */
typedef struct rf_handle {
  double zero, boost;
  int fast, diag, falg, salg;
  int n, ready, analysed, factored, boosted;
  int batched;                /* set up by the batched API */
  int batch;                  /* matrices (1, or the batched API's batchSize): their
                                 values ax, mx one after the other */
  int *zpos;                  /* per matrix: the first zero pivot, or -1 */
  int nnza, *ap, *ai, *p, *q, *pinv, *qinv;
  double *ax;
  int nnzm, *mp, *mi, *mdiag; /* M = L + U - I, mdiag: the diagonal's position per row */
  double *mx;
} rf_handle;

static void csc_free(csc *a) {
  free(a->p), free(a->i), free(a->map), free(a->x);
  memset(a, 0, sizeof *a);
}

/* The CHOLMOD and KLU settings of every call (the runtime's lock held). */
static cholmod_common chol_c;
static int chol_started;
static cholmod_common *chol(void) {
  if (!chol_started) {
    cholmod_start(&chol_c);
    chol_c.print = 0;
    chol_c.error_handler = NULL;
    chol_c.quick_return_if_not_posdef = 1;
    chol_started = 1;
  }
  return &chol_c;
}

static void info_clear(sp_info *in) {
  klu_common c;
  klu_defaults(&c);
  if (in->L) cholmod_free_factor(&in->L, chol());
  if (in->num) klu_free_numeric(&in->num, &c);
  if (in->sym) klu_free_symbolic(&in->sym, &c);
  cs_di_spfree(in->qa), cs_di_sfree(in->qs), cs_di_nfree(in->qn);
  in->qa = NULL, in->qs = NULL, in->qn = NULL;
  csc_free(&in->a);
  in->step = S_NEW;
}

static void rf_clear(rf_handle *r) {
  free(r->ap), free(r->ai), free(r->ax), free(r->p), free(r->q), free(r->pinv), free(r->qinv);
  free(r->mp), free(r->mi), free(r->mdiag), free(r->mx), free(r->zpos);
  r->ap = r->ai = r->p = r->q = r->pinv = r->qinv = r->mp = r->mi = r->mdiag = r->zpos = NULL;
  r->ax = r->mx = NULL;
  r->ready = r->analysed = r->factored = 0;
}

/* A new handle or info object of registry kind `kind`. */
static int make(void **h, unsigned kind, size_t bytes) {
  if (!h) return INVALID_VALUE;
  simR_lock();
  void *s = simR_handle_new_locked(kind, bytes);
  simR_unlock();
  if (!s) return ALLOC_FAILED;
  *h = s;
  return OK;
}

static sp_handle *sp_locked(void *h, const char *fn) {
  return simR_handle_check_locked((uint64_t)(uintptr_t)h, SIMR_H_CUSOLVER_SP, fn,
                                  "CUSOLVER_STATUS_NOT_INITIALIZED");
}
static rf_handle *rf_locked(void *h, const char *fn) {
  return simR_handle_check_locked((uint64_t)(uintptr_t)h, SIMR_H_CUSOLVER_RF, fn,
                                  "CUSOLVER_STATUS_NOT_INITIALIZED");
}
/* The live info object of kind `kind` (a line otherwise; *st the status). */
static sp_info *info_locked(void *info, int kind, const char *fn, int *st) {
  sp_info *in = simR_handle_check_locked((uint64_t)(uintptr_t)info, SIMR_H_CUSOLVER_INFO, fn,
                                         "CUSOLVER_STATUS_INVALID_VALUE");
  if (in && in->kind != kind) {
    simR_handle_warn_locked(fn, "the info object is a %s, not a %s: returns "
                            "CUSOLVER_STATUS_INVALID_VALUE", INFO_NAME[in->kind], INFO_NAME[kind]);
    in = NULL;
  }
  if (!in) *st = INVALID_VALUE;
  return in;
}

EXPORT int cusolverSpCreate(void **h) { return make(h, SIMR_H_CUSOLVER_SP, sizeof(sp_handle)); }
EXPORT int cusolverSpDestroy(void *h) {
  simR_lock();
  sp_handle *s = sp_locked(h, __func__);
  if (s) simR_handle_delete_locked(s, SIMR_H_CUSOLVER_SP);
  simR_unlock();
  return s ? OK : NOT_INITIALIZED;
}
EXPORT int cusolverSpSetStream(void *h, cudaStream_t st) {
  simR_lock();
  sp_handle *s = sp_locked(h, __func__);
  if (s) s->stream = st;
  simR_unlock();
  return s ? OK : NOT_INITIALIZED;
}
EXPORT int cusolverSpGetStream(void *h, cudaStream_t *st) {
  simR_lock();
  sp_handle *s = sp_locked(h, __func__);
  int r = !s ? NOT_INITIALIZED : !st ? INVALID_VALUE : OK;
  if (r == OK) *st = s->stream;
  simR_unlock();
  return r;
}

#define INFO(K, KD)                                                          \
  EXPORT int cusolverSpCreate##K(void **info) {                                \
    int st = make(info, SIMR_H_CUSOLVER_INFO, sizeof(sp_info));                \
    if (st == OK) ((sp_info *)*info)->kind = KD;                             \
    return st;                                                                 \
  }                                                                            \
  EXPORT int cusolverSpDestroy##K(void *info) {                                \
    int st = OK;                                                               \
    simR_lock();                                                               \
    sp_info *in = info_locked(info, KD, "cusolverSpDestroy" #K, &st);        \
    if (in) {                                                                  \
      info_clear(in);                                                          \
      simR_handle_delete_locked(in, SIMR_H_CUSOLVER_INFO);                     \
    }                                                                          \
    simR_unlock();                                                             \
    return st;                                                                 \
  }
INFO(CsrluInfoHost, I_LU_HOST)
INFO(CsrqrInfoHost, I_QR_HOST)
INFO(CsrqrInfo, I_QR)
INFO(CsrcholInfoHost, I_CHOL_HOST)
INFO(CsrcholInfo, I_CHOL)
#undef INFO

EXPORT int cusolverRfCreate(void **h) {
  int st = make(h, SIMR_H_CUSOLVER_RF, sizeof(rf_handle));
  if (st == OK) {
    rf_handle *r = *h;
    r->zero = 0, r->boost = 0, r->diag = 2; /* CUSOLVERRF_UNIT_DIAGONAL_ASSUMED_L */
    r->falg = 0, r->salg = 1;               /* ALG0, TRIANGULAR_SOLVE_ALG1 */
  }
  return st;
}
EXPORT int cusolverRfDestroy(void *h) {
  simR_lock();
  rf_handle *r = rf_locked(h, __func__);
  if (r) {
    rf_clear(r);
    simR_handle_delete_locked(r, SIMR_H_CUSOLVER_RF);
  }
  simR_unlock();
  return r ? OK : NOT_INITIALIZED;
}
EXPORT int cusolverRfSetMatrixFormat(void *h, int format, int diag) {
  simR_lock();
  rf_handle *r = rf_locked(h, __func__);
  int st = !r ? NOT_INITIALIZED : format != 0 || diag < 0 || diag > 3 ? INVALID_VALUE : OK;
  if (st == OK) r->diag = diag;
  simR_unlock();
  return st;
}
EXPORT int cusolverRfSetNumericProperties(void *h, double zero, double boost) {
  simR_lock();
  rf_handle *r = rf_locked(h, __func__);
  int st = !r ? NOT_INITIALIZED : zero < 0 || boost < 0 ? INVALID_VALUE : OK;
  if (st == OK) r->zero = zero, r->boost = boost;
  simR_unlock();
  return st;
}
EXPORT int cusolverRfSetResetValuesFastMode(void *h, int m) {
  simR_lock();
  rf_handle *r = rf_locked(h, __func__);
  int st = !r ? NOT_INITIALIZED : m != 0 && m != 1 ? INVALID_VALUE : OK;
  if (st == OK) r->fast = m;
  simR_unlock();
  return st;
}
/* the algorithms: one refactorization and one triangular solve here */
EXPORT int cusolverRfSetAlgs(void *h, int f, int s) {
  simR_lock();
  rf_handle *r = rf_locked(h, __func__);
  int st = !r ? NOT_INITIALIZED : f < 0 || f > 2 || s < 1 || s > 3 ? INVALID_VALUE : OK;
  if (st == OK) r->falg = f, r->salg = s;
  simR_unlock();
  return st;
}
/* the settings read back */
#define RF_GET(NAME, DECL, COND, SET)                                          \
  EXPORT int cusolverRf##NAME DECL {                                          \
    simR_lock();                                                               \
    rf_handle *r = rf_locked(h, "cusolverRf" #NAME);                           \
    int st = !r ? NOT_INITIALIZED : !(COND) ? INVALID_VALUE : OK;              \
    if (st == OK) SET;                                                         \
    simR_unlock();                                                             \
    return st;                                                                 \
  }
RF_GET(GetMatrixFormat, (void *h, int *format, int *diag), format && diag,
       (*format = 0, *diag = r->diag))
RF_GET(GetNumericProperties, (void *h, double *zero, double *boost), zero && boost,
       (*zero = r->zero, *boost = r->boost))
RF_GET(GetResetValuesFastMode, (void *h, int *mode), mode, *mode = r->fast)
RF_GET(GetAlgs, (void *h, int *f, int *s), f && s, (*f = r->falg, *s = r->salg))
#undef RF_GET
EXPORT int cusolverRfGetNumericBoostReport(void *h, int *report) {
  simR_lock();
  rf_handle *r = rf_locked(h, __func__);
  int st = !r ? NOT_INITIALIZED : !report ? INVALID_VALUE : OK;
  if (st == OK) *report = r->boosted;
  simR_unlock();
  return st;
}

/* ------------------------------------------------------------ operands */

/* One call, as a capture keeps it: its arguments. */
typedef struct job {
  int (*work)(struct job *);
  const char *fn;
  int dev;                    /* device operands: resolved and ordered */
  int single;                 /* float values */
  int m, n, nnz, base, reorder, nrhs, ldt, ldx;
  const int *rowptr, *colind;
  const void *val, *b;
  void *x, *t, *buf;
  size_t bufbytes;
  double tol, mu;
  int *sing;                  /* host */
  void *obj;                  /* the info object or cusolverRf handle */
  unsigned objkind;           /* its registry kind */
  int *p, *q;
  double *const *arr;         /* cusolverRf's batched API: a device pointer per matrix */
} job;

/* The bytes of operand p of call j (what: its name): a host pointer as it
 * is; a device one resolved through the allocation table and placed in the
 * call's order (write: written). NULL after a line on stderr. */
static void *opnd(const job *j, const char *what, const void *p, uint64_t bytes, int write) {
  static char none;
  if (!bytes) return &none;
  if (!p) {
    fprintf(stderr, "simulee: error: %s: %s is a null pointer\n", j->fn, what);
    return NULL;
  }
  if (!j->dev) return (void *)p;
  cudaError_t e;
  void *h = simR_host_bytes_locked(p, bytes, &e);
  if (h) simR_libcall_access_locked(p, bytes, write);
  else
    fprintf(stderr, "simulee: error: %s: %s (%llu bytes at %p) is not inside one allocation of "
            "device, managed or host memory\n", j->fn, what, (unsigned long long)bytes, p);
  return h;
}
static unsigned vsz(const job *j) { return j->single ? 4 : 8; }
static double getv(const void *p, int single, size_t i) {
  return single ? ((const float *)p)[i] : ((const double *)p)[i];
}
static void setv(void *p, int single, size_t i, double v) {
  if (single) ((float *)p)[i] = (float)v;
  else ((double *)p)[i] = v;
}

/* CSR rows [rowptr, colind] of an m x n matrix with nnz entries, base
 * `base`, checked, as compressed columns (a line and INVALID_VALUE when
 * they are not a matrix); values from val (NULL: the pattern only). */
static int to_csc(const char *fn, int m, int n, int nnz, int base, const int *rowptr,
                  const int *colind, const void *val, int single, csc *out) {
  memset(out, 0, sizeof *out);
  if (rowptr[0] != base || rowptr[m] - base != nnz) {
    fprintf(stderr, "simulee: error: %s: the row offsets run from %d to %d, not from %d to %d "
            "(nnz %d, base %d)\n", fn, rowptr[0], rowptr[m], base, nnz + base, nnz, base);
    return INVALID_VALUE;
  }
  for (int r = 0; r < m; r++) /* all first: then every row lies inside the nnz elements */
    if (rowptr[r + 1] < rowptr[r]) {
      fprintf(stderr, "simulee: error: %s: the offset of row %d (%d) is below row %d's (%d)\n", fn,
              r + 1, rowptr[r + 1], r, rowptr[r]);
      return INVALID_VALUE;
    }
  for (int r = 0; r < m; r++) {
    for (int k = rowptr[r] - base; k < rowptr[r + 1] - base; k++)
      if (colind[k] - base < 0 || colind[k] - base >= n) {
        fprintf(stderr, "simulee: error: %s: stored element %d of row %d has column %d, outside "
                "the %d x %d matrix (base %d)\n", fn, k, r, colind[k], m, n, base);
        return INVALID_VALUE;
      }
  }
  out->m = m, out->n = n, out->nnz = nnz;
  out->p = calloc((size_t)n + 1, sizeof(int));
  out->i = malloc((size_t)(nnz ? nnz : 1) * sizeof(int));
  out->map = malloc((size_t)(nnz ? nnz : 1) * sizeof(int));
  out->x = malloc((size_t)(nnz ? nnz : 1) * sizeof(double));
  if (!out->p || !out->i || !out->map || !out->x) {
    csc_free(out);
    return ALLOC_FAILED;
  }
  /* a transpose by counting: rows visited in order leave each column's
   * row indices ascending */
  for (int k = 0; k < nnz; k++) out->p[colind[k] - base + 1]++;
  for (int c = 0; c < n; c++) out->p[c + 1] += out->p[c];
  int *next = malloc((size_t)(n ? n : 1) * sizeof(int));
  if (!next) {
    csc_free(out);
    return ALLOC_FAILED;
  }
  memcpy(next, out->p, (size_t)n * sizeof(int));
  for (int r = 0; r < m; r++)
    for (int k = rowptr[r] - base; k < rowptr[r + 1] - base; k++) {
      int d = next[colind[k] - base]++;
      out->i[d] = r, out->map[d] = k;
    }
  free(next);
  for (int c = 0; c < n; c++)
    for (int k = out->p[c] + 1; k < out->p[c + 1]; k++)
      if (out->i[k] == out->i[k - 1]) {
        fprintf(stderr, "simulee: error: %s: row %d stores column %d twice (base %d)\n", fn,
                out->i[k], c + base, base);
        csc_free(out);
        return INVALID_VALUE;
      }
  for (int k = 0; k < nnz; k++) out->x[k] = val ? getv(val, single, (size_t)out->map[k]) : 0;
  return OK;
}

/* The pattern operands of call j (rowptr: m+1, colind: nnz) and its
 * values (val: nnz, when want_val), as compressed columns. */
static int read_matrix(job *j, int want_val, csc *a) {
  const int *rp = opnd(j, "csrRowPtrA", j->rowptr, ((uint64_t)j->m + 1) * 4, 0);
  if (!rp) return j->dev ? MAPPING_ERROR : INVALID_VALUE;
  const int *ci = opnd(j, "csrColIndA", j->colind, (uint64_t)j->nnz * 4, 0);
  if (!ci) return j->dev ? MAPPING_ERROR : INVALID_VALUE;
  const void *v = NULL;
  if (want_val && !(v = opnd(j, "csrValA", j->val, (uint64_t)j->nnz * vsz(j), 0)))
    return j->dev ? MAPPING_ERROR : INVALID_VALUE;
  return to_csc(j->fn, j->m, j->n, j->nnz, j->base, rp, ci, v, j->single, a);
}

/* A CHOLMOD view of a (no copy): stype -1 reads its lower triangle. */
static cholmod_sparse chol_view(const csc *a, int stype, int pattern) {
  cholmod_sparse s;
  memset(&s, 0, sizeof s);
  s.nrow = (size_t)a->m, s.ncol = (size_t)a->n, s.nzmax = (size_t)(a->nnz ? a->nnz : 1);
  s.p = a->p, s.i = a->i, s.x = pattern ? NULL : a->x;
  s.stype = stype, s.itype = CHOLMOD_INT, s.xtype = pattern ? CHOLMOD_PATTERN : CHOLMOD_REAL;
  s.dtype = CHOLMOD_DOUBLE, s.sorted = 1, s.packed = 1;
  return s;
}
static cholmod_dense dense_view(double *x, int n) {
  cholmod_dense d;
  memset(&d, 0, sizeof d);
  d.nrow = (size_t)n, d.ncol = 1, d.nzmax = (size_t)n, d.d = (size_t)(n ? n : 1), d.x = x;
  d.xtype = CHOLMOD_REAL, d.dtype = CHOLMOD_DOUBLE;
  return d;
}

/* CHOLMOD: L of a's lower triangle, analysed (values: factored); NULL
 * when CHOLMOD could not. */
static cholmod_factor *chol_factor(const csc *a, int values) {
  cholmod_sparse s = chol_view(a, -1, !values);
  cholmod_factor *L = cholmod_analyze(&s, chol());
  if (L && values) {
    cholmod_factorize(&s, L, chol());
    if (chol()->status < CHOLMOD_OK) cholmod_free_factor(&L, chol());
  }
  return L;
}
/* x = A \ b by L (n values, in place) */
static int chol_solve(cholmod_factor *L, double *x, int n) {
  cholmod_dense b = dense_view(x, n);
  cholmod_dense *r = cholmod_solve(CHOLMOD_A, L, &b, chol());
  if (!r) return INTERNAL_ERROR;
  memcpy(x, r->x, (size_t)n * sizeof(double));
  cholmod_free_dense(&r, chol());
  return OK;
}
static int chol_zero(const cholmod_factor *L) {
  return L->minor < L->n ? (int)L->minor : -1;
}

/* KLU: P A Q = L U with partial pivoting (threshold tol), A's given order
 * (order: AMD's first); *num NULL when KLU could not. */
static void klu_set(klu_common *c, double tol) {
  klu_defaults(c);
  c->btf = 0, c->scale = 0, c->halt_if_singular = 0;
  c->tol = tol > 0 && tol <= 1 ? tol : 1;
}
static int lu_factor(csc *a, int order, double tol, klu_symbolic **sym, klu_numeric **num) {
  klu_common c;
  klu_set(&c, tol);
  if (!*sym) *sym = order ? klu_analyze(a->n, a->p, a->i, &c)
                          : klu_analyze_given(a->n, a->p, a->i, NULL, NULL, &c);
  if (!*sym) return ALLOC_FAILED;
  if (*num) klu_free_numeric(num, &c);
  *num = klu_factor(a->p, a->i, a->x, *sym, &c);
  return *num ? OK : c.status == KLU_OUT_OF_MEMORY ? ALLOC_FAILED : INTERNAL_ERROR;
}
/* the first k with |U(k,k)| <= tol, or -1 */
static int lu_zero(const klu_numeric *num, double tol) {
  const double *d = num->Udiag;
  for (int k = 0; k < num->n; k++)
    if (!(fabs(d[k]) > tol)) return k;
  return -1;
}
static int lu_solve(klu_symbolic *sym, klu_numeric *num, double *x, int n) {
  klu_common c;
  klu_set(&c, 1);
  return n == 0 || klu_solve(sym, num, n, 1, x, &c) ? OK : INTERNAL_ERROR;
}

/* CXSparse: A - mu I (m x n, m >= n) as a cs matrix; the diagonal added
 * where mu is not 0 and A has none. */
static cs_di *qr_matrix(const csc *a, double mu) {
  int extra = 0;
  for (int c = 0; mu != 0 && c < a->n && c < a->m; c++) {
    int has = 0;
    for (int k = a->p[c]; k < a->p[c + 1]; k++) has |= a->i[k] == c;
    extra += !has;
  }
  cs_di *q = cs_di_spalloc(a->m, a->n, a->nnz + extra > 0 ? a->nnz + extra : 1, 1, 0);
  if (!q) return NULL;
  int o = 0;
  for (int c = 0; c < a->n; c++) {
    q->p[c] = o;
    int diag = mu != 0 && c < a->m, put = 0;
    for (int k = a->p[c]; k < a->p[c + 1]; k++) {
      if (diag && !put && a->i[k] > c) q->i[o] = c, q->x[o++] = -mu, put = 1;
      q->i[o] = a->i[k], q->x[o] = a->x[k];
      if (diag && a->i[k] == c) q->x[o] -= mu, put = 1;
      o++;
    }
    if (diag && !put) q->i[o] = c, q->x[o++] = -mu;
  }
  q->p[a->n] = o;
  return q;
}
/* the QR factors of q (order 3: AMD on A'A, else the columns' own) */
static int qr_factor(const cs_di *q, int order, cs_dis **s, cs_din **nm) {
  cs_di_sfree(*s), cs_di_nfree(*nm);
  *nm = NULL;
  *s = cs_di_sqr(order ? 3 : 0, q, 1);
  if (*s) *nm = cs_di_qr(q, *s);
  return *s && *nm ? OK : ALLOC_FAILED;
}
/* the first k with |R(k,k)| <= tol, or -1 */
static int qr_zero(const cs_din *nm, int n, double tol) {
  const cs_di *r = nm->U;
  for (int c = 0; c < n; c++) {
    double d = 0;
    for (int k = r->p[c]; k < r->p[c + 1]; k++)
      if (r->i[k] == c) d = r->x[k];
    if (!(fabs(d) > tol)) return c;
  }
  return -1;
}
/* x (n) = the least-squares solution of A x = b (m) by the factors: the
 * steps of CXSparse's cs_qrsol (Q' b by the Householder vectors, then
 * R's back substitution, then the column order) */
static int qr_solve(const cs_dis *s, const cs_din *nm, int m, int n, const double *b, double *x) {
  double *w = calloc((size_t)(s->m2 > 0 ? s->m2 : 1), sizeof *w);
  if (!w) return ALLOC_FAILED;
  cs_di_ipvec(s->pinv, b, w, m);
  for (int k = 0; k < n; k++) cs_di_happly(nm->L, k, nm->B[k], w);
  cs_di_usolve(nm->U, w);
  cs_di_ipvec(s->q, w, x, n);
  free(w);
  return OK;
}

/* ------------------------------------------------------------ issuing */

/* Call j now on stream s: its computation inside the library call's
 * order (device operands). */
static int run_job(job *j, cudaStream_t s) {
  if (!j->dev) return j->work(j);
  if (simR_sticky_locked()) return EXECUTION_FAILED;
  simR_libcall_begin_locked(s, j->fn);
  int st = j->work(j);
  simR_libcall_end_locked();
  return st;
}
/* a graph's replay: the info object or handle must still be alive */
static int run_node(const void *data, cudaStream_t lane) {
  job j = *(const job *)data;
  if (j.obj && !simR_handle_get_locked((uint64_t)(uintptr_t)j.obj, j.objkind)) {
    fprintf(stderr, "simulee: error: %s: its %s was destroyed before the graph ran\n", j.fn,
            simR_handle_kind_name(j.objkind));
    return 1;
  }
  return run_job(&j, lane) != OK;
}
static int ready_node(void *data) {
  (void)data;
  return simR_sticky_locked() ? EXECUTION_FAILED : OK;
}
/* Issue call j on stream s (the lock held): a host call at once; a device
 * call in its stream's order, or a node of its capture (nocapture: the
 * capture refused and invalidated). */
static int issue(job *j, cudaStream_t s, int nocapture) {
  if (!j->dev) return j->work(j);
  if (!simR_stream_ok_locked(s, j->fn)) return INVALID_VALUE;
  int rst;
  cudaError_t e;
  if (simR_submit_libcall_locked(s, j->fn, run_node, ready_node, j, sizeof *j,
                                 nocapture ? SIMR_OP_NOCAPTURE : 0, &rst, &e))
    return rst ? rst : e == cudaErrorStreamCaptureUnsupported ? NOT_SUPPORTED
                     : e ? ALLOC_FAILED : OK;
  return run_job(j, s);
}

/* The descriptor's base (0 or 1), or -1 after a line. */
static int base_of(const void *descr, const char *fn) {
  if (!descr) {
    fprintf(stderr, "simulee: error: %s: the matrix descriptor is a null pointer\n", fn);
    return -1;
  }
  return cusparseGetMatIndexBase(descr);
}

/* ------------------------------------------- csrlsvlu, csrlsvqr, csrlsvchol */

enum { LSV_LU, LSV_QR, LSV_CHOL };
static int lsv_work(job *j, int how) {
  csc a;
  int st = read_matrix(j, 1, &a), n = j->n;
  if (st) return st;
  if (n == 0) { /* nothing to solve */
    csc_free(&a);
    *j->sing = -1;
    return OK;
  }
  const void *b = opnd(j, "b", j->b, (uint64_t)n * vsz(j), 0);
  void *x = b ? opnd(j, "x", j->x, (uint64_t)n * vsz(j), 1) : NULL;
  double *w = malloc((size_t)(n ? n : 1) * sizeof *w);
  if (!b || !x) st = j->dev ? MAPPING_ERROR : INVALID_VALUE;
  else if (!w) st = ALLOC_FAILED;
  int sing = -1;
  for (int i = 0; !st && i < n; i++) w[i] = getv(b, j->single, (size_t)i);
  if (!st && how == LSV_CHOL) {
    cholmod_factor *L = chol_factor(&a, 1);
    if (!L) st = chol()->status == CHOLMOD_OUT_OF_MEMORY ? ALLOC_FAILED : INTERNAL_ERROR;
    else if ((sing = chol_zero(L)) < 0) st = chol_solve(L, w, n);
    if (L) cholmod_free_factor(&L, chol());
  } else if (!st && how == LSV_LU) {
    klu_symbolic *sym = NULL;
    klu_numeric *num = NULL;
    st = lu_factor(&a, j->reorder, 1, &sym, &num);
    if (!st && (sing = lu_zero(num, j->tol)) < 0) st = lu_solve(sym, num, w, n);
    klu_common c;
    klu_defaults(&c);
    if (num) klu_free_numeric(&num, &c);
    if (sym) klu_free_symbolic(&sym, &c);
  } else if (!st) {
    cs_di *q = qr_matrix(&a, 0);
    cs_dis *s = NULL;
    cs_din *nm = NULL;
    st = q ? qr_factor(q, j->reorder, &s, &nm) : ALLOC_FAILED;
    if (!st && (sing = qr_zero(nm, n, j->tol)) < 0) {
      double *b2 = malloc((size_t)(n ? n : 1) * sizeof *b2);
      if (!b2) st = ALLOC_FAILED;
      else {
        memcpy(b2, w, (size_t)n * sizeof *w);
        st = qr_solve(s, nm, n, n, b2, w);
        free(b2);
      }
    }
    cs_di_spfree(q), cs_di_sfree(s), cs_di_nfree(nm);
  }
  if (!st && sing < 0)
    for (int i = 0; i < n; i++) setv(x, j->single, (size_t)i, w[i]);
  if (!st) *j->sing = sing;
  free(w);
  csc_free(&a);
  return st;
}
static int lsv_lu(job *j) { return lsv_work(j, LSV_LU); }
static int lsv_qr(job *j) { return lsv_work(j, LSV_QR); }
static int lsv_chol(job *j) { return lsv_work(j, LSV_CHOL); }

static int lsv(void *h, const char *fn, int how, int dev, int single, int n, int nnz,
               const void *descr, const void *val, const int *rowptr, const int *colind,
               const void *b, double tol, int reorder, void *x, int *sing) {
  job j = {.work = how == LSV_LU ? lsv_lu : how == LSV_QR ? lsv_qr : lsv_chol, .fn = fn,
           .dev = dev, .single = single, .m = n, .n = n, .nnz = nnz, .rowptr = rowptr,
           .colind = colind, .val = val, .b = b, .x = x, .tol = tol, .reorder = reorder,
           .sing = sing};
  simR_lock();
  sp_handle *s = sp_locked(h, fn);
  int st = !s ? NOT_INITIALIZED : OK;
  if (!st && (n < 0 || nnz < 0 || reorder < 0 || reorder > 3 || !sing ||
              (j.base = base_of(descr, fn)) < 0))
    st = INVALID_VALUE;
  if (!st) st = issue(&j, s->stream, 1);
  simR_unlock();
  return st;
}

#define LSV(P, T, SG)                                                      \
  EXPORT int cusolverSp##P##csrlsvluHost(void *h, int n, int nnz, const void *d, const T *v,  \
                                         const int *rp, const int *ci, const T *b, T tol,     \
                                         int reorder, T *x, int *sing) {                      \
    return lsv(h, __func__, LSV_LU, 0, SG, n, nnz, d, v, rp, ci, b, tol, reorder, x, sing); \
  }                                                                            \
  EXPORT int cusolverSp##P##csrlsvqrHost(void *h, int n, int nnz, const void *d, const T *v,  \
                                         const int *rp, const int *ci, const T *b, T tol,     \
                                         int reorder, T *x, int *sing) {                      \
    return lsv(h, __func__, LSV_QR, 0, SG, n, nnz, d, v, rp, ci, b, tol, reorder, x, sing); \
  }                                                                            \
  EXPORT int cusolverSp##P##csrlsvqr(void *h, int n, int nnz, const void *d, const T *v,      \
                                     const int *rp, const int *ci, const T *b, T tol,         \
                                     int reorder, T *x, int *sing) {                          \
    return lsv(h, __func__, LSV_QR, 1, SG, n, nnz, d, v, rp, ci, b, tol, reorder, x, sing); \
  }                                                                            \
  EXPORT int cusolverSp##P##csrlsvcholHost(void *h, int n, int nnz, const void *d, const T *v, \
                                           const int *rp, const int *ci, const T *b, T tol,   \
                                           int reorder, T *x, int *sing) {                    \
    return lsv(h, __func__, LSV_CHOL, 0, SG, n, nnz, d, v, rp, ci, b, tol, reorder, x,    \
               sing);                                                          \
  }                                                                            \
  EXPORT int cusolverSp##P##csrlsvchol(void *h, int n, int nnz, const void *d, const T *v,    \
                                       const int *rp, const int *ci, const T *b, T tol,       \
                                       int reorder, T *x, int *sing) {                        \
    return lsv(h, __func__, LSV_CHOL, 1, SG, n, nnz, d, v, rp, ci, b, tol, reorder, x,    \
               sing);                                                          \
  }
LSV(S, float, 1)
LSV(D, double, 0)
#undef LSV

/* ------------------------------------------------------- orderings */

/* The host matrix of a Host routine, checked: its handle, sizes, base. */
static int host_matrix(void *h, const char *fn, int m, int n, int nnz, const void *descr,
                       const int *rowptr, const int *colind, csc *a) {
  simR_lock();
  int ok = sp_locked(h, fn) != NULL;
  simR_unlock();
  if (!ok) return NOT_INITIALIZED;
  int base = base_of(descr, fn);
  if (m < 0 || n < 0 || nnz < 0 || base < 0 || !rowptr || (nnz && !colind)) return INVALID_VALUE;
  return to_csc(fn, m, n, nnz, base, rowptr, colind, NULL, 0, a);
}

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}
/* a column and the entry it came from, sorted by column */
typedef struct colmap {
  int col, from;
} colmap;
static int cmp_col(const void *a, const void *b) {
  return cmp_int(&((const colmap *)a)->col, &((const colmap *)b)->col);
}

/* The graph of A + A' without its diagonal: adjacency lists (xadj: n+1
 * offsets into adj), neighbours ascending, none repeated. */
static int sym_graph(const csc *a, int **xadj, int **adj) {
  int n = a->n, *cnt = calloc((size_t)n + 1, sizeof(int));
  int *mark = malloc((size_t)(n ? n : 1) * sizeof(int));
  if (!cnt || !mark) {
    free(cnt), free(mark);
    return ALLOC_FAILED;
  }
  /* entries (i, c) and (c, i) of A, both counted, then each column made
   * unique by a marker */
  for (int c = 0; c < n; c++)
    for (int k = a->p[c]; k < a->p[c + 1]; k++)
      if (a->i[k] != c) cnt[c + 1]++, cnt[a->i[k] + 1]++;
  for (int c = 0; c < n; c++) cnt[c + 1] += cnt[c];
  int *raw = malloc((size_t)(cnt[n] ? cnt[n] : 1) * sizeof(int));
  int *at = malloc((size_t)(n ? n : 1) * sizeof(int));
  int *xa = calloc((size_t)n + 1, sizeof(int));
  if (!raw || !at || !xa) {
    free(cnt), free(mark), free(raw), free(at), free(xa);
    return ALLOC_FAILED;
  }
  memcpy(at, cnt, (size_t)n * sizeof(int));
  for (int c = 0; c < n; c++)
    for (int k = a->p[c]; k < a->p[c + 1]; k++)
      if (a->i[k] != c) raw[at[c]++] = a->i[k], raw[at[a->i[k]]++] = c;
  for (int v = 0; v < n; v++) mark[v] = -1;
  int o = 0;
  for (int v = 0; v < n; v++) {
    xa[v] = o;
    for (int k = cnt[v]; k < cnt[v + 1]; k++)
      if (mark[raw[k]] != v) mark[raw[k]] = v, raw[o++] = raw[k];
    qsort(raw + xa[v], (size_t)(o - xa[v]), sizeof(int), cmp_int);
  }
  xa[n] = o;
  free(cnt), free(mark), free(at);
  *xadj = xa, *adj = raw;
  return OK;
}

/* Reverse Cuthill-McKee (the textbook method): per connected component, a
 * breadth-first search from a pseudo-peripheral vertex (the far end of
 * repeated searches from a vertex of least degree), neighbours visited by
 * increasing degree; the whole order reversed. */
static int bfs_levels(int n, const int *xa, const int *adj, int root, int *level, int *queue,
                      int *last) {
  for (int v = 0; v < n; v++) level[v] = -1;
  int head = 0, tail = 0, depth = 0;
  level[root] = 0, queue[tail++] = root;
  while (head < tail) {
    int v = queue[head++];
    if (level[v] > depth) depth = level[v];
    for (int k = xa[v]; k < xa[v + 1]; k++)
      if (level[adj[k]] < 0) level[adj[k]] = level[v] + 1, queue[tail++] = adj[k];
  }
  /* the far vertex of least degree */
  int best = root;
  for (int i = 0; i < tail; i++) {
    int v = queue[i];
    if (level[v] == depth && (level[best] != depth || xa[v + 1] - xa[v] < xa[best + 1] - xa[best]))
      best = v;
  }
  *last = best;
  return depth;
}
static int rcm(const csc *a, int *p) {
  int n = a->n, *xa, *adj;
  int st = sym_graph(a, &xa, &adj);
  if (st) return st;
  int *level = malloc((size_t)(n ? n : 1) * sizeof(int));
  int *queue = malloc((size_t)(n ? n : 1) * sizeof(int));
  char *done = calloc((size_t)(n ? n : 1), 1);
  if (!level || !queue || !done) {
    free(xa), free(adj), free(level), free(queue), free(done);
    return ALLOC_FAILED;
  }
  int out = 0;
  for (int start = 0; start < n; start++) {
    if (done[start]) continue;
    /* the component's vertex of least degree, then farther roots */
    int root = start, far;
    int depth = bfs_levels(n, xa, adj, root, level, queue, &far);
    for (int v = 0; v < n; v++)
      if (level[v] >= 0 && xa[v + 1] - xa[v] < xa[root + 1] - xa[root]) root = v;
    depth = bfs_levels(n, xa, adj, root, level, queue, &far);
    for (int tries = 0; tries < 8; tries++) {
      int far2, d2 = bfs_levels(n, xa, adj, far, level, queue, &far2);
      if (d2 <= depth) break;
      root = far, depth = d2, far = far2;
    }
    /* Cuthill-McKee from root */
    int head = out;
    p[out++] = root, done[root] = 1;
    while (head < out) {
      int v = p[head++], first = out;
      for (int k = xa[v]; k < xa[v + 1]; k++)
        if (!done[adj[k]]) done[adj[k]] = 1, p[out++] = adj[k];
      for (int s = first + 1; s < out; s++) /* by degree, insertion sort */
        for (int t = s; t > first && xa[p[t - 1] + 1] - xa[p[t - 1]] > xa[p[t] + 1] - xa[p[t]]; t--) {
          int tmp = p[t];
          p[t] = p[t - 1], p[t - 1] = tmp;
        }
    }
  }
  for (int i = 0; i < n / 2; i++) {
    int tmp = p[i];
    p[i] = p[n - 1 - i], p[n - 1 - i] = tmp;
  }
  free(xa), free(adj), free(level), free(queue), free(done);
  return OK;
}

enum { ORD_RCM, ORD_AMD, ORD_METIS };
static int order(void *h, const char *fn, int how, int n, int nnz, const void *descr,
                 const int *rowptr, const int *colind, int *p) {
  csc a;
  int st = host_matrix(h, fn, n, n, nnz, descr, rowptr, colind, &a);
  if (st) return st;
  if (!p) st = INVALID_VALUE;
  else if (how == ORD_RCM) st = rcm(&a, p);
  else if (how == ORD_AMD) {
    /* AMD orders the pattern of A + A' (the compressed columns of A) */
    double control[AMD_CONTROL], info[AMD_INFO];
    amd_defaults(control);
    int r = n ? amd_order(n, a.p, a.i, p, control, info) : AMD_OK;
    st = r == AMD_OK || r == AMD_OK_BUT_JUMBLED ? OK : r == AMD_OUT_OF_MEMORY ? ALLOC_FAILED
                                                                                : INTERNAL_ERROR;
  } else {
    /* METIS's nested dissection of A + A' (CHOLMOD's interface to it) */
    int *xa, *adj;
    st = sym_graph(&a, &xa, &adj);
    if (!st) {
      csc g = {.m = n, .n = n, .nnz = xa[n], .p = xa, .i = adj};
      cholmod_sparse s = chol_view(&g, 1, 1);
      simR_lock();
      if (n && !cholmod_metis(&s, NULL, 0, 0, p, chol()))
        st = chol()->status == CHOLMOD_OUT_OF_MEMORY ? ALLOC_FAILED : INTERNAL_ERROR;
      simR_unlock();
      free(xa), free(adj);
    }
  }
  csc_free(&a);
  return st;
}
EXPORT int cusolverSpXcsrsymrcmHost(void *h, int n, int nnz, const void *d, const int *rp,
                                    const int *ci, int *p) {
  return order(h, __func__, ORD_RCM, n, nnz, d, rp, ci, p);
}
EXPORT int cusolverSpXcsrsymamdHost(void *h, int n, int nnz, const void *d, const int *rp,
                                    const int *ci, int *p) {
  return order(h, __func__, ORD_AMD, n, nnz, d, rp, ci, p);
}
/* minimum degree by quotient graph: AMD's approximate minimum degree */
EXPORT int cusolverSpXcsrsymmdqHost(void *h, int n, int nnz, const void *d, const int *rp,
                                    const int *ci, int *p) {
  return order(h, __func__, ORD_AMD, n, nnz, d, rp, ci, p);
}
EXPORT int cusolverSpXcsrmetisndHost(void *h, int n, int nnz, const void *d, const int *rp,
                                     const int *ci, const int64_t *options, int *p) {
  (void)options; /* METIS's defaults */
  return order(h, __func__, ORD_METIS, n, nnz, d, rp, ci, p);
}

/* issym: whether A's pattern is symmetric (rows [rowStart[i], rowEnd[i])) */
EXPORT int cusolverSpXcsrissymHost(void *h, int m, int nnz, const void *descr,
                                   const int *rowstart, const int *rowend, const int *colind,
                                   int *issym) {
  simR_lock();
  int ok = sp_locked(h, __func__) != NULL;
  simR_unlock();
  if (!ok) return NOT_INITIALIZED;
  int base = base_of(descr, __func__);
  if (m < 0 || nnz < 0 || base < 0 || !rowstart || !rowend || !issym || (nnz && !colind))
    return INVALID_VALUE;
  /* the rows as one CSR (rowEnd may leave gaps), checked */
  int *rp = malloc(((size_t)m + 1) * sizeof(int)), *ci = malloc((size_t)(nnz ? nnz : 1) * sizeof(int));
  int st = rp && ci ? OK : ALLOC_FAILED, o = 0;
  for (int r = 0; !st && r < m; r++) {
    rp[r] = o + base;
    if (rowend[r] < rowstart[r] || rowstart[r] - base < 0 || rowend[r] - base > nnz ||
        o + rowend[r] - rowstart[r] > nnz) {
      fprintf(stderr, "simulee: error: %s: row %d runs from %d to %d, not inside the %d stored "
              "elements (base %d)\n", __func__, r, rowstart[r], rowend[r], nnz, base);
      st = INVALID_VALUE;
      break;
    }
    for (int k = rowstart[r]; k < rowend[r]; k++) ci[o++] = colind[k - base];
  }
  csc a, b;
  if (!st) {
    rp[m] = o + base;
    st = to_csc(__func__, m, m, o, base, rp, ci, NULL, 0, &a);
  }
  if (!st) {
    /* symmetric when the transpose's sorted pattern equals A's sorted
     * pattern: a's columns are A's transpose's rows, ascending; A's own rows
     * sorted by the same counting transpose of a */
    int *rp2 = malloc(((size_t)m + 1) * sizeof(int));
    st = rp2 ? OK : ALLOC_FAILED;
    if (!st) {
      for (int c = 0; c <= m; c++) rp2[c] = a.p[c];
      st = to_csc(__func__, m, m, o, 0, rp2, a.i, NULL, 0, &b); /* columns of a': A's rows */
      free(rp2);
    }
    if (!st) {
      int sym = 1;
      for (int c = 0; sym && c <= m; c++) sym = a.p[c] == b.p[c];
      for (int k = 0; sym && k < o; k++) sym = a.i[k] == b.i[k];
      *issym = sym;
      csc_free(&b);
    }
    csc_free(&a);
  }
  free(rp), free(ci);
  return st;
}

/* csrperm: B = A(p, q) in place (rows p, columns q), map permuted alike */
EXPORT int cusolverSpXcsrperm_bufferSizeHost(void *h, int m, int n, int nnz, const void *descr,
                                             const int *rp, const int *ci, const int *p,
                                             const int *q, size_t *bytes) {
  (void)rp, (void)ci, (void)p, (void)q;
  simR_lock();
  int ok = sp_locked(h, __func__) != NULL;
  simR_unlock();
  if (!ok) return NOT_INITIALIZED;
  if (m < 0 || n < 0 || nnz < 0 || !descr || !bytes) return INVALID_VALUE;
  *bytes = ((size_t)nnz + (size_t)m + (size_t)n + 1) * sizeof(int); /* the scratch used here */
  return OK;
}
static int bad_perm(const char *fn, const char *what, const int *p, int n, char *seen) {
  memset(seen, 0, (size_t)(n ? n : 1));
  for (int i = 0; i < n; i++) {
    if (p[i] < 0 || p[i] >= n || seen[p[i]]) {
      fprintf(stderr, "simulee: error: %s: %s is not a permutation of 0..%d (element %d is %d)\n",
              fn, what, n - 1, i, p[i]);
      return 1;
    }
    seen[p[i]] = 1;
  }
  return 0;
}
EXPORT int cusolverSpXcsrpermHost(void *h, int m, int n, int nnz, const void *descr, int *rowptr,
                                  int *colind, const int *p, const int *q, int *map,
                                  void *buffer) {
  (void)buffer;
  const char *fn = __func__;
  csc a;
  int st = host_matrix(h, fn, m, n, nnz, descr, rowptr, colind, &a);
  if (st) return st;
  csc_free(&a); /* checked */
  int base = cusparseGetMatIndexBase(descr);
  if (!p || !q || !map) return INVALID_VALUE;
  char *seen = malloc((size_t)(m > n ? m : n) + 1);
  int *qinv = malloc((size_t)(n ? n : 1) * sizeof(int));
  int *nrp = malloc(((size_t)m + 1) * sizeof(int));
  int *nci = malloc((size_t)(nnz ? nnz : 1) * sizeof(int));
  int *nmap = malloc((size_t)(nnz ? nnz : 1) * sizeof(int));
  colmap *row = malloc((size_t)(n ? n : 1) * sizeof *row);
  if (!seen || !qinv || !nrp || !nci || !nmap || !row) st = ALLOC_FAILED;
  else if (bad_perm(fn, "P", p, m, seen) || bad_perm(fn, "Q", q, n, seen)) st = INVALID_VALUE;
  if (!st) {
    for (int j = 0; j < n; j++) qinv[q[j]] = j;
    int o = 0;
    for (int i = 0; i < m; i++) {
      nrp[i] = o + base;
      int r = p[i], len = 0;
      for (int k = rowptr[r] - base; k < rowptr[r + 1] - base; k++)
        row[len].col = qinv[colind[k] - base], row[len++].from = map[k];
      qsort(row, (size_t)len, sizeof *row, cmp_col); /* columns ascending */
      for (int k = 0; k < len; k++) nci[o] = row[k].col + base, nmap[o++] = row[k].from;
    }
    nrp[m] = o + base;
    memcpy(rowptr, nrp, ((size_t)m + 1) * sizeof(int));
    memcpy(colind, nci, (size_t)nnz * sizeof(int));
    memcpy(map, nmap, (size_t)nnz * sizeof(int));
  }
  free(seen), free(qinv), free(nrp), free(nci), free(nmap), free(row);
  return st;
}

/* ----------------------------------------------- the low-level routines */

/* Analysis: A's pattern kept (CHOLMOD's symbolic factor for Cholesky). */
static int analysis_work(job *j) {
  sp_info *in = j->obj;
  csc a;
  int st = read_matrix(j, 0, &a);
  if (st) return st;
  info_clear(in);
  in->a = a, in->base = j->base;
  if (in->kind == I_CHOL || in->kind == I_CHOL_HOST) {
    in->L = chol_factor(&in->a, 0);
    if (!in->L) st = chol()->status == CHOLMOD_OUT_OF_MEMORY ? ALLOC_FAILED : INTERNAL_ERROR;
  }
  in->step = st ? S_NEW : S_ANALYSED;
  return st;
}
static int analysis(void *h, const char *fn, int kind, int m, int n, int nnz, const void *descr,
                    const int *rowptr, const int *colind, void *info) {
  job j = {.work = analysis_work, .fn = fn, .dev = kind == I_QR || kind == I_CHOL, .m = m,
           .n = n, .nnz = nnz, .rowptr = rowptr, .colind = colind, .objkind = SIMR_H_CUSOLVER_INFO};
  simR_lock();
  int st = OK;
  sp_handle *s = sp_locked(h, fn);
  sp_info *in = s ? info_locked(info, kind, fn, &st) : NULL;
  if (!s) st = NOT_INITIALIZED;
  else if (!st && (m < 0 || n < 0 || nnz < 0 || (kind != I_QR && kind != I_QR_HOST && m != n) ||
                   m < n || (j.base = base_of(descr, fn)) < 0))
    st = INVALID_VALUE;
  if (!st) {
    j.obj = in;
    st = issue(&j, s->stream, 1);
  }
  simR_unlock();
  return st;
}
EXPORT int cusolverSpXcsrluAnalysisHost(void *h, int n, int nnz, const void *d, const int *rp,
                                        const int *ci, void *info) {
  return analysis(h, __func__, I_LU_HOST, n, n, nnz, d, rp, ci, info);
}
EXPORT int cusolverSpXcsrqrAnalysisHost(void *h, int m, int n, int nnz, const void *d,
                                        const int *rp, const int *ci, void *info) {
  return analysis(h, __func__, I_QR_HOST, m, n, nnz, d, rp, ci, info);
}
EXPORT int cusolverSpXcsrqrAnalysis(void *h, int m, int n, int nnz, const void *d, const int *rp,
                                    const int *ci, void *info) {
  return analysis(h, __func__, I_QR, m, n, nnz, d, rp, ci, info);
}
EXPORT int cusolverSpXcsrcholAnalysisHost(void *h, int n, int nnz, const void *d, const int *rp,
                                          const int *ci, void *info) {
  return analysis(h, __func__, I_CHOL_HOST, n, n, nnz, d, rp, ci, info);
}
EXPORT int cusolverSpXcsrcholAnalysis(void *h, int n, int nnz, const void *d, const int *rp,
                                      const int *ci, void *info) {
  return analysis(h, __func__, I_CHOL, n, n, nnz, d, rp, ci, info);
}

/* The info object of a call after analysis (the lock held): the handle,
 * the object, its step (at least `step`), then sizes matching the
 * analysis (m, n, nnz; negative: not compared). */
static sp_info *ready_info(void *h, const char *fn, int kind, void *info, int step, int m, int n,
                           int nnz, sp_handle **sh, int *st) {
  *st = OK;
  sp_handle *s = sp_locked(h, fn);
  if (sh) *sh = s;
  if (!s) {
    *st = NOT_INITIALIZED;
    return NULL;
  }
  sp_info *in = info_locked(info, kind, fn, st);
  if (!in) return NULL;
  static const char *const STEP[] = {"", "its analysis", "its set-up", "the factorization"};
  if (in->step < step) {
    simR_handle_warn_locked(fn, "the %s has not had %s yet: returns "
                            "CUSOLVER_STATUS_INVALID_VALUE", INFO_NAME[kind], STEP[step]);
    *st = INVALID_VALUE;
    return NULL;
  }
  if ((m >= 0 && m != in->a.m) || (n >= 0 && n != in->a.n) || (nnz >= 0 && nnz != in->a.nnz)) {
    simR_handle_warn_locked(fn, "the sizes (%d x %d, nnz %d) are not those of the analysis "
                            "(%d x %d, nnz %d): returns CUSOLVER_STATUS_INVALID_VALUE", m, n,
                            nnz, in->a.m, in->a.n, in->a.nnz);
    *st = INVALID_VALUE;
    return NULL;
  }
  return in;
}

/* BufferInfo: the sizes of the internal data and of the workspace (the
 * factor's bytes as SuiteSparse estimates them; the workspace is not
 * used) */
static int bufinfo(void *h, const char *fn, int kind, void *info, int m, int n, int nnz,
                   size_t *internal, size_t *work) {
  int st;
  simR_lock();
  sp_info *in = ready_info(h, fn, kind, info, S_ANALYSED, m, n, nnz, NULL, &st);
  if (in && (!internal || !work)) st = INVALID_VALUE;
  if (in && !st) {
    size_t fill = (size_t)in->a.nnz * 8 + (size_t)in->a.n * 16;
    if (in->L) fill = (size_t)(in->L->is_super ? in->L->xsize : in->L->nzmax) * 12 + fill;
    *internal = fill;
    *work = ((size_t)in->a.m + (size_t)in->a.n) * sizeof(double) + 256;
  }
  simR_unlock();
  return st;
}

/* Factor: the values, as the analysed pattern has them. */
static int values_of(job *j, sp_info *in) {
  const int *rp = opnd(j, "csrRowPtrA", j->rowptr, ((uint64_t)in->a.m + 1) * 4, 0);
  const int *ci = rp ? opnd(j, "csrColIndA", j->colind, (uint64_t)in->a.nnz * 4, 0) : NULL;
  const void *v = ci ? opnd(j, "csrValA", j->val, (uint64_t)in->a.nnz * vsz(j), 0) : NULL;
  if (!v) return j->dev ? MAPPING_ERROR : INVALID_VALUE;
  /* the pattern must be the analysed one: each entry where it was */
  int b = in->base;
  for (int c = 0; c < in->a.n; c++)
    for (int k = in->a.p[c]; k < in->a.p[c + 1]; k++) {
      int r = in->a.i[k], at = in->a.map[k];
      if (ci[at] - b != c || rp[r] - b > at || rp[r + 1] - b <= at) {
        fprintf(stderr, "simulee: error: %s: the matrix's pattern is not the one its analysis "
                "saw (row %d, column %d)\n", j->fn, r, c);
        return INVALID_VALUE;
      }
    }
  for (int k = 0; k < in->a.nnz; k++) in->a.x[k] = getv(v, j->single, (size_t)in->a.map[k]);
  in->single = j->single;
  return OK;
}
static int workspace(job *j) {
  if (j->buf && j->bufbytes && !opnd(j, "pBuffer", j->buf, j->bufbytes, 1))
    return j->dev ? MAPPING_ERROR : INVALID_VALUE;
  return OK;
}
static int chol_factor_work(job *j) {
  sp_info *in = j->obj;
  int st = values_of(j, in);
  if (!st) st = workspace(j);
  if (st) return st;
  cholmod_sparse s = chol_view(&in->a, -1, 0);
  cholmod_factorize(&s, in->L, chol());
  if (chol()->status < CHOLMOD_OK)
    return chol()->status == CHOLMOD_OUT_OF_MEMORY ? ALLOC_FAILED : INTERNAL_ERROR;
  in->step = S_FACTORED;
  return OK;
}
static int lu_factor_work(job *j) {
  sp_info *in = j->obj;
  int st = values_of(j, in);
  if (!st) st = workspace(j);
  if (!st) st = lu_factor(&in->a, 0, j->tol, &in->sym, &in->num);
  if (!st) in->step = S_FACTORED;
  return st;
}
static int qr_setup_work(job *j) {
  sp_info *in = j->obj;
  int st = values_of(j, in);
  if (st) return st;
  cs_di_spfree(in->qa);
  in->qa = qr_matrix(&in->a, j->mu);
  if (!in->qa) return ALLOC_FAILED;
  in->step = S_SET_UP;
  return OK;
}

/* Solve (and QR's factor with b and x): x = A \ b by the factor */
static int solve_work(job *j) {
  sp_info *in = j->obj;
  int m = in->a.m, n = in->a.n, st = OK;
  if (in->kind == I_QR || in->kind == I_QR_HOST) {
    if (j->work != solve_work) { /* the QR factor first */
      if ((st = workspace(j))) return st;
      if ((st = qr_factor(in->qa, 1, &in->qs, &in->qn))) return st;
      in->step = S_FACTORED;
      if (!j->b && !j->x) return OK;
    }
  } else if ((st = workspace(j)))
    return st;
  const void *b = opnd(j, "b", j->b, (uint64_t)m * vsz(j), 0);
  void *x = b ? opnd(j, "x", j->x, (uint64_t)n * vsz(j), 1) : NULL;
  if (!x) return j->dev ? MAPPING_ERROR : INVALID_VALUE;
  double *w = malloc(((size_t)m + (size_t)n + 1) * sizeof *w), *xs = w + m;
  if (!w) return ALLOC_FAILED;
  for (int i = 0; i < m; i++) w[i] = getv(b, j->single, (size_t)i);
  if (in->kind == I_QR || in->kind == I_QR_HOST) st = qr_solve(in->qs, in->qn, m, n, w, xs);
  else {
    memcpy(xs, w, (size_t)n * sizeof *w);
    st = in->kind == I_LU_HOST ? lu_solve(in->sym, in->num, xs, n) : chol_solve(in->L, xs, n);
  }
  for (int i = 0; !st && i < n; i++) setv(x, j->single, (size_t)i, xs[i]);
  free(w);
  return st;
}
static int qr_factor_work(job *j) { return solve_work(j); }

static int lowlevel(job *j, void *h, int kind, void *info, int step, int m, int n, int nnz,
                    const void *descr, int nocapture) {
  int st;
  simR_lock();
  sp_handle *s;
  sp_info *in = ready_info(h, j->fn, kind, info, step, m, n, nnz, &s, &st);
  if (in && descr && (j->base = base_of(descr, j->fn)) < 0) st = INVALID_VALUE;
  if (in && !st) {
    j->obj = in, j->objkind = SIMR_H_CUSOLVER_INFO;
    j->dev = kind == I_QR || kind == I_CHOL;
    st = issue(j, s->stream, nocapture);
  }
  simR_unlock();
  return st;
}

/* ZeroPivot: the first j with a zero (|d| <= tol) pivot of the factor */
static int zero_pivot(void *h, const char *fn, int kind, void *info, double tol, int *position) {
  int st;
  simR_lock();
  sp_info *in = ready_info(h, fn, kind, info, S_FACTORED, -1, -1, -1, NULL, &st);
  if (in && !position) st = INVALID_VALUE;
  if (in && !st)
    *position = in->kind == I_LU_HOST ? lu_zero(in->num, tol)
                : in->L ? chol_zero(in->L) : qr_zero(in->qn, in->a.n, tol);
  simR_unlock();
  return st;
}

#define LOWLEVEL(P, T, SG)                                                 \
  EXPORT int cusolverSp##P##csrluBufferInfoHost(void *h, int n, int nnz, const void *d,     \
      const T *v, const int *rp, const int *ci, void *info, size_t *internal, size_t *work) { \
    (void)d, (void)v, (void)rp, (void)ci;                                      \
    return bufinfo(h, __func__, I_LU_HOST, info, n, n, nnz, internal, work);   \
  }                                                                            \
  EXPORT int cusolverSp##P##csrqrBufferInfoHost(void *h, int m, int n, int nnz, const void *d, \
      const T *v, const int *rp, const int *ci, void *info, size_t *internal, size_t *work) { \
    (void)d, (void)v, (void)rp, (void)ci;                                      \
    return bufinfo(h, __func__, I_QR_HOST, info, m, n, nnz, internal, work);   \
  }                                                                            \
  EXPORT int cusolverSp##P##csrqrBufferInfo(void *h, int m, int n, int nnz, const void *d,  \
      const T *v, const int *rp, const int *ci, void *info, size_t *internal, size_t *work) { \
    (void)d, (void)v, (void)rp, (void)ci;                                      \
    return bufinfo(h, __func__, I_QR, info, m, n, nnz, internal, work);        \
  }                                                                            \
  EXPORT int cusolverSp##P##csrcholBufferInfoHost(void *h, int n, int nnz, const void *d,   \
      const T *v, const int *rp, const int *ci, void *info, size_t *internal, size_t *work) { \
    (void)d, (void)v, (void)rp, (void)ci;                                      \
    return bufinfo(h, __func__, I_CHOL_HOST, info, n, n, nnz, internal, work); \
  }                                                                            \
  EXPORT int cusolverSp##P##csrcholBufferInfo(void *h, int n, int nnz, const void *d,       \
      const T *v, const int *rp, const int *ci, void *info, size_t *internal, size_t *work) { \
    (void)d, (void)v, (void)rp, (void)ci;                                      \
    return bufinfo(h, __func__, I_CHOL, info, n, n, nnz, internal, work);      \
  }                                                                            \
  EXPORT int cusolverSp##P##csrluFactorHost(void *h, int n, int nnz, const void *d,         \
      const T *v, const int *rp, const int *ci, void *info, T thr, void *buf) { \
    job j = {.work = lu_factor_work, .fn = __func__, .single = SG, .val = v, .rowptr = rp, \
             .colind = ci, .tol = thr, .buf = buf};                           \
    return lowlevel(&j, h, I_LU_HOST, info, S_ANALYSED, n, n, nnz, d, 1);      \
  }                                                                            \
  EXPORT int cusolverSp##P##csrcholFactorHost(void *h, int n, int nnz, const void *d,       \
      const T *v, const int *rp, const int *ci, void *info, void *buf) {       \
    job j = {.work = chol_factor_work, .fn = __func__, .single = SG, .val = v, .rowptr = rp, \
             .colind = ci, .buf = buf};                                        \
    return lowlevel(&j, h, I_CHOL_HOST, info, S_ANALYSED, n, n, nnz, d, 1);    \
  }                                                                            \
  EXPORT int cusolverSp##P##csrcholFactor(void *h, int n, int nnz, const void *d, const T *v, \
      const int *rp, const int *ci, void *info, void *buf) {                   \
    job j = {.work = chol_factor_work, .fn = __func__, .single = SG, .val = v, .rowptr = rp, \
             .colind = ci, .buf = buf, .bufbytes = 256};                       \
    return lowlevel(&j, h, I_CHOL, info, S_ANALYSED, n, n, nnz, d, 0);         \
  }                                                                            \
  EXPORT int cusolverSp##P##csrqrSetupHost(void *h, int m, int n, int nnz, const void *d,   \
      const T *v, const int *rp, const int *ci, T mu, void *info) {            \
    job j = {.work = qr_setup_work, .fn = __func__, .single = SG, .val = v, .rowptr = rp, \
             .colind = ci, .mu = mu};                                          \
    return lowlevel(&j, h, I_QR_HOST, info, S_ANALYSED, m, n, nnz, d, 1);      \
  }                                                                            \
  EXPORT int cusolverSp##P##csrqrSetup(void *h, int m, int n, int nnz, const void *d,       \
      const T *v, const int *rp, const int *ci, T mu, void *info) {            \
    job j = {.work = qr_setup_work, .fn = __func__, .single = SG, .val = v, .rowptr = rp, \
             .colind = ci, .mu = mu};                                          \
    return lowlevel(&j, h, I_QR, info, S_ANALYSED, m, n, nnz, d, 0);           \
  }                                                                            \
  EXPORT int cusolverSp##P##csrqrFactorHost(void *h, int m, int n, int nnz, T *b, T *x,     \
                                            void *info, void *buf) {           \
    job j = {.work = qr_factor_work, .fn = __func__, .single = SG, .b = b, .x = x,     \
             .buf = buf};                                                      \
    return lowlevel(&j, h, I_QR_HOST, info, S_SET_UP, m, n, nnz, NULL, 1);     \
  }                                                                            \
  EXPORT int cusolverSp##P##csrqrFactor(void *h, int m, int n, int nnz, T *b, T *x,         \
                                        void *info, void *buf) {               \
    job j = {.work = qr_factor_work, .fn = __func__, .single = SG, .b = b, .x = x,     \
             .buf = buf, .bufbytes = 256};                                     \
    return lowlevel(&j, h, I_QR, info, S_SET_UP, m, n, nnz, NULL, 0);          \
  }                                                                            \
  EXPORT int cusolverSp##P##csrluZeroPivotHost(void *h, void *info, T tol, int *pos) {     \
    return zero_pivot(h, __func__, I_LU_HOST, info, tol, pos);                 \
  }                                                                            \
  EXPORT int cusolverSp##P##csrqrZeroPivotHost(void *h, void *info, T tol, int *pos) {     \
    return zero_pivot(h, __func__, I_QR_HOST, info, tol, pos);                 \
  }                                                                            \
  EXPORT int cusolverSp##P##csrqrZeroPivot(void *h, void *info, T tol, int *pos) {         \
    return zero_pivot(h, __func__, I_QR, info, tol, pos);                      \
  }                                                                            \
  EXPORT int cusolverSp##P##csrcholZeroPivotHost(void *h, void *info, T tol, int *pos) {   \
    return zero_pivot(h, __func__, I_CHOL_HOST, info, tol, pos);               \
  }                                                                            \
  EXPORT int cusolverSp##P##csrcholZeroPivot(void *h, void *info, T tol, int *pos) {       \
    return zero_pivot(h, __func__, I_CHOL, info, tol, pos);                    \
  }                                                                            \
  EXPORT int cusolverSp##P##csrluSolveHost(void *h, int n, const T *b, T *x, void *info,   \
                                           void *buf) {                        \
    job j = {.work = solve_work, .fn = __func__, .single = SG, .b = b, .x = x, .buf = buf}; \
    return lowlevel(&j, h, I_LU_HOST, info, S_FACTORED, n, n, -1, NULL, 1);    \
  }                                                                            \
  EXPORT int cusolverSp##P##csrqrSolveHost(void *h, int m, int n, T *b, T *x, void *info,  \
                                           void *buf) {                        \
    job j = {.work = solve_work, .fn = __func__, .single = SG, .b = b, .x = x, .buf = buf}; \
    return lowlevel(&j, h, I_QR_HOST, info, S_FACTORED, m, n, -1, NULL, 1);    \
  }                                                                            \
  EXPORT int cusolverSp##P##csrqrSolve(void *h, int m, int n, T *b, T *x, void *info,      \
                                       void *buf) {                            \
    job j = {.work = solve_work, .fn = __func__, .single = SG, .b = b, .x = x, .buf = buf, \
             .bufbytes = 256};                                                 \
    return lowlevel(&j, h, I_QR, info, S_FACTORED, m, n, -1, NULL, 0);         \
  }                                                                            \
  EXPORT int cusolverSp##P##csrcholSolveHost(void *h, int n, const T *b, T *x, void *info, \
                                             void *buf) {                      \
    job j = {.work = solve_work, .fn = __func__, .single = SG, .b = b, .x = x, .buf = buf}; \
    return lowlevel(&j, h, I_CHOL_HOST, info, S_FACTORED, n, n, -1, NULL, 1);  \
  }                                                                            \
  EXPORT int cusolverSp##P##csrcholSolve(void *h, int n, const T *b, T *x, void *info,     \
                                         void *buf) {                          \
    job j = {.work = solve_work, .fn = __func__, .single = SG, .b = b, .x = x, .buf = buf, \
             .bufbytes = 256};                                                 \
    return lowlevel(&j, h, I_CHOL, info, S_FACTORED, n, n, -1, NULL, 0);       \
  }                                                                            \
  EXPORT int cusolverSp##P##csrluExtractHost(void *h, int *p, int *q, const void *dl, T *lx,  \
      int *lp, int *li, const void *du, T *ux, int *up, int *ui, void *info, void *buf) {  \
    (void)buf;                                                                 \
    return lu_extract(h, __func__, SG, p, q, dl, lx, lp, li, du, ux, up, ui, info);   \
  }

/* nnzL, nnzU: L (unit diagonal stored) and U of the LU factor */
EXPORT int cusolverSpXcsrluNnzHost(void *h, int *nnzl, int *nnzu, void *info) {
  int st;
  simR_lock();
  sp_info *in = ready_info(h, __func__, I_LU_HOST, info, S_FACTORED, -1, -1, -1, NULL, &st);
  if (in && (!nnzl || !nnzu)) st = INVALID_VALUE;
  if (in && !st) *nnzl = in->num->lnz, *nnzu = in->num->unz;
  simR_unlock();
  return st;
}

/* Extract: P B Q' = L U, L (unit diagonal stored) and U as CSR with the
 * descriptors' bases; KLU's columns turned into rows. */
static void csc_to_csr(int n, const int *cp, const int *ri, const double *cx, int base, int single,
                       int *rp, int *ci, void *vx) {
  for (int r = 0; r <= n; r++) rp[r] = 0;
  for (int k = 0; k < cp[n]; k++) rp[ri[k] + 1]++;
  for (int r = 0; r < n; r++) rp[r + 1] += rp[r];
  int *next = malloc((size_t)(n ? n : 1) * sizeof(int));
  if (!next) return;
  memcpy(next, rp, (size_t)n * sizeof(int));
  for (int c = 0; c < n; c++)
    for (int k = cp[c]; k < cp[c + 1]; k++) {
      int d = next[ri[k]]++;
      ci[d] = c + base;
      setv(vx, single, (size_t)d, cx[k]);
    }
  for (int r = 0; r <= n; r++) rp[r] += base;
  free(next);
}
static int lu_extract(void *h, const char *fn, int single, int *p, int *q, const void *dl,
                      void *lx, int *lp, int *li, const void *du, void *ux, int *up, int *ui,
                      void *info) {
  int st;
  simR_lock();
  sp_info *in = ready_info(h, fn, I_LU_HOST, info, S_FACTORED, -1, -1, -1, NULL, &st);
  int bl = in ? base_of(dl, fn) : 0, bu = in ? base_of(du, fn) : 0;
  if (in && (!p || !q || !lx || !lp || !li || !ux || !up || !ui || bl < 0 || bu < 0))
    st = INVALID_VALUE;
  if (in && !st) {
    klu_numeric *num = in->num;
    int n = num->n, nl = num->lnz, nu = num->unz;
    int *cp = malloc(((size_t)n + 1) * 2 * sizeof(int));
    int *ri = malloc((size_t)(nl + nu + 1) * sizeof(int));
    double *cx = malloc((size_t)(nl + nu + 1) * sizeof(double));
    klu_common c;
    klu_set(&c, 1);
    if (!cp || !ri || !cx) st = ALLOC_FAILED;
    else if (!klu_extract(num, in->sym, cp, ri, cx, cp + n + 1, ri + nl, cx + nl, NULL, NULL,
                          NULL, p, q, NULL, NULL, &c))
      st = INTERNAL_ERROR;
    else {
      csc_to_csr(n, cp, ri, cx, bl, single, lp, li, lx);
      csc_to_csr(n, cp + n + 1, ri + nl, cx + nl, bu, single, up, ui, ux);
    }
    free(cp), free(ri), free(cx);
  }
  simR_unlock();
  return st;
}

LOWLEVEL(S, float, 1)
LOWLEVEL(D, double, 0)
#undef LOWLEVEL

/* ------------------------------------------------------------ cusolverRf */

/* SetupHost: A, P, Q and the pattern and values of L + U (host); batch
 * matrices of A's pattern, values axs[0..batch) (the batched API) */
static int rf_setup(const char *fn, int batched, int batch, int n, int nnza, int *ap, int *ai,
                    double *const *axs, int nnzl, int *lp, int *li, double *lx, int nnzu, int *up,
                    int *ui, double *ux, int *p, int *q, void *h) {
  double *ax = axs && batch > 0 ? axs[0] : NULL;
  for (int b = 1; ax && b < batch; b++)
    if (!axs[b]) ax = NULL;
  simR_lock();
  rf_handle *r = rf_locked(h, fn);
  simR_unlock();
  if (!r) return NOT_INITIALIZED;
  if (batch < 1 || n < 1 || nnza < 0 || nnzl < 0 || nnzu < 0 || !ap || !ai || !ax || !lp || !li ||
      !lx || !up || !ui || !ux || !p || !q)
    return INVALID_VALUE;
  csc a, l, u;
  int st = to_csc(fn, n, n, nnza, 0, ap, ai, ax, 0, &a);
  if (st) return st;
  if ((st = to_csc(fn, n, n, nnzl, 0, lp, li, lx, 0, &l))) {
    csc_free(&a);
    return st;
  }
  if ((st = to_csc(fn, n, n, nnzu, 0, up, ui, ux, 0, &u))) {
    csc_free(&a), csc_free(&l);
    return st;
  }
  csc_free(&a), csc_free(&l), csc_free(&u); /* checked */
  char *seen = malloc((size_t)n);
  if (!seen) return ALLOC_FAILED;
  if (bad_perm(fn, "P", p, n, seen) || bad_perm(fn, "Q", q, n, seen)) {
    free(seen);
    return INVALID_VALUE;
  }
  free(seen);
  simR_lock();
  rf_clear(r);
  r->n = n, r->nnza = nnza, r->batch = batch, r->batched = batched;
  size_t na = (size_t)(nnza ? nnza : 1), nm = (size_t)nnzl + (size_t)nnzu + (size_t)n + 1;
  r->ap = malloc(((size_t)n + 1) * sizeof(int)), r->ai = malloc(na * sizeof(int));
  r->ax = malloc(na * (size_t)batch * sizeof(double));
  r->zpos = malloc((size_t)batch * sizeof(int));
  r->p = malloc((size_t)n * sizeof(int)), r->q = malloc((size_t)n * sizeof(int));
  r->pinv = malloc((size_t)n * sizeof(int)), r->qinv = malloc((size_t)n * sizeof(int));
  r->mp = malloc(((size_t)n + 1) * sizeof(int)), r->mi = malloc(nm * sizeof(int));
  r->mx = malloc(nm * sizeof(double)), r->mdiag = malloc((size_t)n * sizeof(int));
  if (!r->ap || !r->ai || !r->ax || !r->p || !r->q || !r->pinv || !r->qinv || !r->mp || !r->mi ||
      !r->mx || !r->mdiag || !r->zpos) {
    rf_clear(r);
    simR_unlock();
    return ALLOC_FAILED;
  }
  memcpy(r->ap, ap, ((size_t)n + 1) * sizeof(int));
  memcpy(r->ai, ai, (size_t)nnza * sizeof(int));
  for (int b = 0; b < batch; b++) {
    memcpy(r->ax + (size_t)b * nnza, axs[b], (size_t)nnza * sizeof(double));
    r->zpos[b] = -1;
  }
  memcpy(r->p, p, (size_t)n * sizeof(int));
  memcpy(r->q, q, (size_t)n * sizeof(int));
  for (int i = 0; i < n; i++) r->pinv[p[i]] = i, r->qinv[q[i]] = i;
  /* M = L + U: each row L's strictly lower part, the diagonal (U's), U's
   * strictly upper part, columns ascending */
  colmap *row = malloc((size_t)n * sizeof *row);
  double *tmpx = malloc((size_t)n * sizeof *tmpx);
  if (!row || !tmpx) {
    free(row), free(tmpx);
    rf_clear(r);
    simR_unlock();
    return ALLOC_FAILED;
  }
  int o = 0;
  for (int i = 0; i < n && !st; i++) {
    r->mp[i] = o;
    int first = o;
    r->mdiag[i] = -1;
    for (int k = lp[i]; k < lp[i + 1]; k++)
      if (li[k] < i) r->mi[o] = li[k], r->mx[o++] = lx[k];
    for (int k = up[i]; k < up[i + 1]; k++)
      if (ui[k] >= i) r->mi[o] = ui[k], r->mx[o++] = ux[k];
    for (int k = first; k < o; k++) row[k - first].col = r->mi[k], row[k - first].from = k;
    qsort(row, (size_t)(o - first), sizeof *row, cmp_col); /* columns ascending */
    for (int k = first; k < o; k++) tmpx[k - first] = r->mx[row[k - first].from];
    for (int k = first; k < o; k++) r->mi[k] = row[k - first].col, r->mx[k] = tmpx[k - first];
    for (int k = first; k < o; k++)
      if (r->mi[k] == i) r->mdiag[i] = k;
    if (r->mdiag[i] < 0) {
      fprintf(stderr, "simulee: error: %s: U has no diagonal element in row %d\n", fn, i);
      st = INVALID_VALUE;
    }
  }
  r->mp[n] = o, r->nnzm = o;
  free(row), free(tmpx);
  if (!st && batch > 1) { /* each matrix starts from the factors given */
    double *mx = realloc(r->mx, (size_t)o * (size_t)batch * sizeof(double));
    if (!mx) st = ALLOC_FAILED;
    else {
      r->mx = mx;
      for (int b = 1; b < batch; b++) memcpy(mx + (size_t)b * o, mx, (size_t)o * sizeof(double));
    }
  }
  if (st) rf_clear(r);
  else r->ready = 1, r->factored = 1;
  simR_unlock();
  return st;
}

EXPORT int cusolverRfSetupHost(int n, int nnza, int *ap, int *ai, double *ax, int nnzl, int *lp,
                               int *li, double *lx, int nnzu, int *up, int *ui, double *ux,
                               int *p, int *q, void *h) {
  double *axs[1] = {ax};
  return rf_setup(__func__, 0, 1, n, nnza, ap, ai, axs, nnzl, lp, li, lx, nnzu, up, ui, ux, p, q, h);
}
EXPORT int cusolverRfBatchSetupHost(int batch, int n, int nnza, int *ap, int *ai, double **axs,
                                    int nnzl, int *lp, int *li, double *lx, int nnzu, int *up,
                                    int *ui, double *ux, int *p, int *q, void *h) {
  return rf_setup(__func__, 1, batch, n, nnza, ap, ai, axs, nnzl, lp, li, lx, nnzu, up, ui, ux, p, q,
                  h);
}

/* The handle of a call (the lock held): set up (batched: by the batched
 * API, or not) and, when `analysed`, analysed; else NULL after a line. */
static rf_handle *rf_ready_as(void *h, const char *fn, int analysed, int batched, int *st) {
  rf_handle *r = rf_locked(h, fn);
  *st = r ? OK : NOT_INITIALIZED;
  if (r && r->ready && batched >= 0 && r->batched != batched) {
    simR_handle_warn_locked(fn, "the cusolverRf handle was set up by %s: returns "
                            "CUSOLVER_STATUS_INVALID_VALUE",
                            batched ? "cusolverRfSetupHost" : "cusolverRfBatchSetupHost");
    *st = INVALID_VALUE;
    return NULL;
  }
  if (r && (!r->ready || (analysed && !r->analysed))) {
    simR_handle_warn_locked(fn, "the cusolverRf handle has not had %s yet: returns "
                            "CUSOLVER_STATUS_NOT_INITIALIZED",
                            !r->ready ? "its set-up" : "its analysis");
    *st = NOT_INITIALIZED;
    r = NULL;
  }
  return r;
}
static rf_handle *rf_ready(void *h, const char *fn, int analysed, int *st) {
  return rf_ready_as(h, fn, analysed, -1, st);
}
EXPORT int cusolverRfAnalyze(void *h) {
  int st;
  simR_lock();
  rf_handle *r = rf_ready_as(h, __func__, 0, 0, &st);
  if (r) r->analysed = 1; /* the pattern of L + U is the refactorization's */
  simR_unlock();
  return st;
}

/* ResetValues: A's new values (device), its pattern as set up; the
 * batched API: one device pointer per matrix (j->arr) */
static int reset_work(job *j) {
  rf_handle *r = j->obj;
  int n = r->n;
  const int *rp = opnd(j, "csrRowPtrA", j->rowptr, ((uint64_t)n + 1) * 4, 0);
  const int *ci = rp ? opnd(j, "csrColIndA", j->colind, (uint64_t)r->nnza * 4, 0) : NULL;
  const int *p = ci ? opnd(j, "P", j->p, (uint64_t)n * 4, 0) : NULL;
  const int *q = p ? opnd(j, "Q", j->q, (uint64_t)n * 4, 0) : NULL;
  if (!q) return MAPPING_ERROR;
  if (memcmp(rp, r->ap, ((size_t)n + 1) * sizeof(int)) ||
      memcmp(ci, r->ai, (size_t)r->nnza * sizeof(int))) {
    fprintf(stderr, "simulee: error: %s: A's pattern is not the one of its set-up\n", j->fn);
    return INVALID_VALUE;
  }
  for (int b = 0; b < r->batch; b++) {
    const double *v = opnd(j, "csrValA", j->arr ? j->arr[b] : j->val, (uint64_t)r->nnza * 8, 0);
    if (!v) return MAPPING_ERROR;
    memcpy(r->ax + (size_t)b * r->nnza, v, (size_t)r->nnza * sizeof(double));
  }
  return OK;
}
static int rf_reset(const char *fn, int batched, int batch, int n, int nnza, int *ap, int *ai,
                    double *ax, double *const *axs, int *p, int *q, void *h) {
  int st;
  simR_lock();
  rf_handle *r = rf_ready_as(h, fn, 1, batched, &st);
  if (r && (n != r->n || nnza != r->nnza || batch != r->batch || (batched && !axs)))
    st = INVALID_VALUE;
  if (r && !st) {
    /* the batched call reads the program's array of pointers now: not
     * captured */
    job j = {.work = reset_work, .fn = fn, .dev = 1, .rowptr = ap, .colind = ai, .val = ax,
             .arr = axs, .p = p, .q = q, .obj = r, .objkind = SIMR_H_CUSOLVER_RF};
    st = issue(&j, NULL, batched);
  }
  simR_unlock();
  return st;
}
EXPORT int cusolverRfResetValues(int n, int nnza, int *ap, int *ai, double *ax, int *p, int *q,
                                 void *h) {
  return rf_reset("cusolverRfResetValues", 0, 1, n, nnza, ap, ai, ax, NULL, p, q, h);
}
EXPORT int cusolverRfBatchResetValues(int batch, int n, int nnza, int *ap, int *ai, double **axs,
                                      int *p, int *q, void *h) {
  return rf_reset("cusolverRfBatchResetValues", 1, batch, n, nnza, ap, ai, NULL, axs, p, q, h);
}

/* Refactor: L U = P A Q' on M's fixed pattern, row by row (the
 * up-looking "IKJ" Gaussian elimination without pivoting): row i of B is
 * scattered into a dense row, rows k < i of U eliminate its entries left
 * of the diagonal, what lies on M's pattern is kept. A pivot at or below
 * the zero threshold is replaced by the boost value when one is set, else
 * it is the matrix's zero pivot. Each matrix of the batch alike. */
static int refactor_work(job *j) {
  rf_handle *r = j->obj;
  int n = r->n;
  double *w = calloc((size_t)n, sizeof *w);
  if (!w) return ALLOC_FAILED;
  int boosted = 0;
  for (int b = 0; b < r->batch; b++) {
    const double *ax = r->ax + (size_t)b * r->nnza;
    double *mx = r->mx + (size_t)b * r->nnzm;
    r->zpos[b] = -1;
    for (int i = 0; i < n; i++) {
      int a = r->p[i];
      for (int k = r->ap[a]; k < r->ap[a + 1]; k++) w[r->qinv[r->ai[k]]] += ax[k];
      for (int k = r->mp[i]; k < r->mdiag[i]; k++) {
        int c = r->mi[k];
        double f = w[c] / mx[r->mdiag[c]];
        w[c] = f;
        for (int t = r->mdiag[c] + 1; t < r->mp[c + 1]; t++) w[r->mi[t]] -= f * mx[t];
      }
      for (int k = r->mp[i]; k < r->mp[i + 1]; k++) mx[k] = w[r->mi[k]];
      double *d = &mx[r->mdiag[i]];
      if (fabs(*d) <= r->zero && r->boost > 0) *d = *d < 0 ? -r->boost : r->boost, boosted = 1;
      else if (!(fabs(*d) > r->zero) && r->zpos[b] < 0) r->zpos[b] = i;
      /* cleared for the next row (B's entries outside M's pattern too) */
      for (int k = r->mp[i]; k < r->mp[i + 1]; k++) w[r->mi[k]] = 0;
      for (int k = r->ap[a]; k < r->ap[a + 1]; k++) w[r->qinv[r->ai[k]]] = 0;
    }
  }
  free(w);
  r->boosted = boosted, r->factored = 1;
  return OK;
}
static int rf_refactor(void *h, const char *fn, int batched) {
  int st;
  simR_lock();
  rf_handle *r = rf_ready_as(h, fn, 1, batched, &st);
  if (r) {
    job j = {.work = refactor_work, .fn = fn, .dev = 1, .obj = r, .objkind = SIMR_H_CUSOLVER_RF};
    st = issue(&j, NULL, 0);
  }
  simR_unlock();
  return st;
}
EXPORT int cusolverRfRefactor(void *h) { return rf_refactor(h, "cusolverRfRefactor", 0); }
EXPORT int cusolverRfBatchRefactor(void *h) { return rf_refactor(h, "cusolverRfBatchRefactor", 1); }
EXPORT int cusolverRfBatchAnalyze(void *h) {
  int st;
  simR_lock();
  rf_handle *r = rf_ready_as(h, __func__, 0, 1, &st);
  if (r) r->analysed = 1;
  simR_unlock();
  return st;
}
/* BatchZeroPivot: position[b], the first zero pivot of matrix b or -1;
 * CUSOLVER_STATUS_ZERO_PIVOT when one has */
EXPORT int cusolverRfBatchZeroPivot(void *h, int *position) {
  int st;
  simR_lock();
  rf_handle *r = rf_ready_as(h, __func__, 1, 1, &st);
  if (r && !position) st = INVALID_VALUE;
  for (int b = 0; r && !st && b < r->batch; b++) position[b] = r->zpos[b];
  for (int b = 0; r && position && b < r->batch; b++)
    if (!st && r->zpos[b] >= 0) st = ZERO_PIVOT;
  simR_unlock();
  return st;
}

/* Solve: x = Q' U^-1 L^-1 P b, for each of nrhs columns of XF (the
 * batched API: one column per matrix, XF one device pointer each) */
static int rf_solve_work(job *j) {
  rf_handle *r = j->obj;
  int n = r->n, nb = j->arr ? r->batch : 1;
  const int *p = opnd(j, "P", j->p, (uint64_t)n * 4, 0);
  const int *q = p ? opnd(j, "Q", j->q, (uint64_t)n * 4, 0) : NULL;
  void *t = q ? opnd(j, "Temp", j->t, (uint64_t)n * j->nrhs * nb * 8, 1) : NULL;
  if (!t) return MAPPING_ERROR;
  double *z = malloc((size_t)n * sizeof *z);
  if (!z) return ALLOC_FAILED;
  int st = OK;
  for (int b = 0; b < nb && !st; b++) {
    const double *mx = r->mx + (size_t)b * r->nnzm;
    double *x = opnd(j, "XF", j->arr ? j->arr[b] : j->x,
                     ((uint64_t)j->ldx * (j->nrhs - 1) + n) * 8, 1);
    if (!x) {
      st = MAPPING_ERROR;
      break;
    }
    for (int c = 0; c < j->nrhs; c++) {
      double *xc = x + (size_t)c * j->ldx;
      for (int i = 0; i < n; i++) z[i] = xc[p[i]];
      for (int i = 0; i < n; i++) /* L, unit diagonal */
        for (int k = r->mp[i]; k < r->mdiag[i]; k++) z[i] -= mx[k] * z[r->mi[k]];
      for (int i = n - 1; i >= 0; i--) { /* U */
        for (int k = r->mdiag[i] + 1; k < r->mp[i + 1]; k++) z[i] -= mx[k] * z[r->mi[k]];
        z[i] /= mx[r->mdiag[i]];
      }
      for (int i = 0; i < n; i++) xc[q[i]] = z[i];
    }
  }
  free(z);
  return st;
}
static int rf_solve(void *h, const char *fn, int batched, int *p, int *q, int nrhs, double *temp,
                    int ldt, double *x, double *const *xs, int ldx) {
  int st;
  simR_lock();
  rf_handle *r = rf_ready_as(h, fn, 1, batched, &st);
  if (r && (nrhs < 1 || (batched && (nrhs != 1 || !xs)) || ldt < r->n || ldx < r->n))
    st = INVALID_VALUE;
  if (r && !st) {
    job j = {.work = rf_solve_work, .fn = fn, .dev = 1, .p = p, .q = q, .nrhs = nrhs, .t = temp,
             .ldt = ldt, .x = x, .arr = xs, .ldx = ldx, .obj = r, .objkind = SIMR_H_CUSOLVER_RF};
    st = issue(&j, NULL, batched);
  }
  simR_unlock();
  return st;
}
EXPORT int cusolverRfSolve(void *h, int *p, int *q, int nrhs, double *temp, int ldt, double *x,
                           int ldx) {
  return rf_solve(h, "cusolverRfSolve", 0, p, q, nrhs, temp, ldt, x, NULL, ldx);
}
EXPORT int cusolverRfBatchSolve(void *h, int *p, int *q, int nrhs, double *temp, int ldt,
                                double **xs, int ldx) {
  return rf_solve(h, "cusolverRfBatchSolve", 1, p, q, nrhs, temp, ldt, NULL, xs, ldx);
}

/* The factors as host arrays the routine allocates and the program frees
 * (free()): M = L + U - I bundled, or L (its unit diagonal stored) and U. */
static int rf_extract(void *h, const char *fn, int split, int *nnz1, int **p1, int **i1,
                      double **x1, int *nnz2, int **p2, int **i2, double **x2) {
  int st;
  simR_lock();
  rf_handle *r = rf_ready(h, fn, 0, &st);
  if (r && (!nnz1 || !p1 || !i1 || !x1 || (split && (!nnz2 || !p2 || !i2 || !x2))))
    st = INVALID_VALUE;
  if (r && !st) {
    int n = r->n, nl = 0, nu = 0;
    for (int i = 0; i < n; i++) nl += r->mdiag[i] - r->mp[i] + 1, nu += r->mp[i + 1] - r->mdiag[i];
    int n1 = split ? nl : r->nnzm;
    int *ap = malloc(((size_t)n + 1) * sizeof(int)), *ai = malloc((size_t)n1 * sizeof(int));
    double *ax = malloc((size_t)n1 * sizeof(double));
    int *bp = split ? malloc(((size_t)n + 1) * sizeof(int)) : NULL;
    int *bi = split ? malloc((size_t)nu * sizeof(int)) : NULL;
    double *bx = split ? malloc((size_t)nu * sizeof(double)) : NULL;
    if (!ap || !ai || !ax || (split && (!bp || !bi || !bx))) {
      free(ap), free(ai), free(ax), free(bp), free(bi), free(bx);
      st = ALLOC_FAILED;
    } else if (!split) {
      memcpy(ap, r->mp, ((size_t)n + 1) * sizeof(int));
      memcpy(ai, r->mi, (size_t)n1 * sizeof(int));
      memcpy(ax, r->mx, (size_t)n1 * sizeof(double));
      *nnz1 = n1, *p1 = ap, *i1 = ai, *x1 = ax;
    } else {
      int ol = 0, ou = 0;
      for (int i = 0; i < n; i++) {
        ap[i] = ol, bp[i] = ou;
        for (int k = r->mp[i]; k < r->mdiag[i]; k++) ai[ol] = r->mi[k], ax[ol++] = r->mx[k];
        ai[ol] = i, ax[ol++] = 1;
        for (int k = r->mdiag[i]; k < r->mp[i + 1]; k++) bi[ou] = r->mi[k], bx[ou++] = r->mx[k];
      }
      ap[n] = ol, bp[n] = ou;
      *nnz1 = nl, *p1 = ap, *i1 = ai, *x1 = ax;
      *nnz2 = nu, *p2 = bp, *i2 = bi, *x2 = bx;
    }
  }
  simR_unlock();
  return st;
}
EXPORT int cusolverRfExtractBundledFactorsHost(void *h, int *nnzm, int **mp, int **mi,
                                               double **mx) {
  return rf_extract(h, __func__, 0, nnzm, mp, mi, mx, NULL, NULL, NULL, NULL);
}
EXPORT int cusolverRfExtractSplitFactorsHost(void *h, int *nnzl, int **lp, int **li, double **lx,
                                             int *nnzu, int **up, int **ui, double **ux) {
  return rf_extract(h, __func__, 1, nnzl, lp, li, lx, nnzu, up, ui, ux);
}
