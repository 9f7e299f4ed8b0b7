/*
 * simulee runtime: cuSPARSE's incomplete factorizations and triangular
 * solves on the CPU.
 *
 *   csrilu02   ILU(0) of a square CSR matrix in place: L (unit diagonal,
 *              not stored) below the diagonal, U on and above it, on A's
 *              pattern (no fill-in); the row-by-row "IKJ" elimination
 *   csric02    IC(0): the lower triangle of A replaced by L with
 *              A ~ L L^H on its pattern (the upper triangle left as it
 *              is); the row-by-row (left-looking) Cholesky
 *   bsrsv2     op(A) y = alpha x for a triangle of a BSR matrix (the
 *              descriptor's fill mode and diagonal type; blocks row- or
 *              column-major)
 *   SpSV       the generic API's op(A) y = alpha x for a triangle of a CSR
 *              matrix (cusparseSpMatSetAttribute's fill mode and diagonal
 *              type)
 *
 * in S, D, C and Z (SpSV: float and double, the types runtime/sparse.c's
 * descriptors take), computed in double (complex) and rounded to the
 * values' type. Every call is an operation on its handle's stream in the
 * order between launches (offsets, indices and values read, or written by
 * a factorization; x read, y written), or on a capturing stream a graph
 * node that makes it at each launch (runtime/submit.c), as runtime/sparse.c's
 * SpMV is. The info objects and SpSV descriptors are entries of the
 * runtime's handle registry: a destroyed one is a warning and
 * CUSPARSE_STATUS_INVALID_VALUE, never dereferenced. The analysis records
 * the first structural zero (a missing diagonal element, or block), the
 * factorization or solve the first numerical one (a zero U(j,j), a
 * non-positive L(j,j)^2, a zero diagonal element); cusparseX*_zeroPivot
 * writes it (in the matrix's index base), -1 when none, and returns
 * CUSPARSE_STATUS_ZERO_PIVOT when there is one. Buffer sizes are small and
 * the buffers are not used. An index outside the matrix is
 * CUSPARSE_STATUS_EXECUTION_FAILED with a line naming it.
 */
#include <complex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/internal.h"
#include "runtime/op.h"
#include "runtime/sparse.h"

#define EXPORT __attribute__((visibility("default")))

enum {
  S_SUCCESS = 0, S_NOT_INITIALIZED = 1, S_ALLOC_FAILED = 2, S_INVALID_VALUE = 3,
  S_MAPPING_ERROR = 5, S_EXECUTION_FAILED = 6, S_MATRIX_TYPE_NOT_SUPPORTED = 8,
  S_ZERO_PIVOT = 9, S_NOT_SUPPORTED = 10
};
enum { F_CSR = 1 };
enum { IDX_32I = 2, IDX_64I = 3 };
enum { R_32F = 0, R_64F = 1 };
enum { FILL_LOWER = 0, FILL_UPPER = 1 };
enum { DIAG_NON_UNIT = 0, DIAG_UNIT = 1 };
enum { ATTR_FILL = 0, ATTR_DIAG = 1 };
enum { OP_N = 0, OP_T = 1, OP_C = 2 };
enum { T_S, T_D, T_C, T_Z }; /* the legacy routines' precisions */
static const unsigned TSIZE[4] = {4, 8, 8, 16};

/* ------------------------------------------------ info objects, descriptors */

/* A csrilu02Info_t, csric02Info_t, bsrsv2Info_t or cusparseSpSVDescr_t. */
typedef enum { I_ILU, I_IC, I_BSRSV, I_SPSV } info_kind;
static const char *const INFO_NAME[] = {"csrilu02Info_t", "csric02Info_t", "bsrsv2Info_t",
                                        "cusparseSpSVDescr_t"};
typedef struct sp_info {
  info_kind kind;
  int structural; /* the analysis' first structural zero (base applied), or -1 */
  int numerical;  /* the last factorization's or solve's first zero, or -1 */
} sp_info;

static int info_new(void **out, info_kind k) {
  if (!out) return S_INVALID_VALUE;
  simR_lock();
  sp_info *i = simR_handle_new_locked(SIMR_H_CUSPARSE_INFO, sizeof *i);
  simR_unlock();
  if (!i) return S_ALLOC_FAILED;
  i->kind = k, i->structural = -1, i->numerical = -1;
  *out = i;
  return S_SUCCESS;
}
/* The live info object p of kind k for function fn, or NULL after a line
 * (the lock held). */
static sp_info *info_locked(const void *p, info_kind k, const char *fn) {
  sp_info *i = simR_handle_check_locked((uint64_t)(uintptr_t)p, SIMR_H_CUSPARSE_INFO, fn,
                                        "CUSPARSE_STATUS_INVALID_VALUE");
  if (i && i->kind != k) {
    simR_handle_warn_locked(fn, "%p is a %s, not a %s: returns CUSPARSE_STATUS_INVALID_VALUE",
                            p, INFO_NAME[i->kind], INFO_NAME[k]);
    return NULL;
  }
  return i;
}
static int info_drop(void *p, info_kind k, const char *fn) {
  simR_lock();
  sp_info *i = info_locked(p, k, fn);
  if (i) simR_handle_delete_locked(i, SIMR_H_CUSPARSE_INFO);
  simR_unlock();
  return i ? S_SUCCESS : S_INVALID_VALUE;
}

EXPORT int cusparseCreateCsrilu02Info(void **info) { return info_new(info, I_ILU); }
EXPORT int cusparseDestroyCsrilu02Info(void *info) {
  return info_drop(info, I_ILU, "cusparseDestroyCsrilu02Info");
}
EXPORT int cusparseCreateCsric02Info(void **info) { return info_new(info, I_IC); }
EXPORT int cusparseDestroyCsric02Info(void *info) {
  return info_drop(info, I_IC, "cusparseDestroyCsric02Info");
}
EXPORT int cusparseCreateBsrsv2Info(void **info) { return info_new(info, I_BSRSV); }
EXPORT int cusparseDestroyBsrsv2Info(void *info) {
  return info_drop(info, I_BSRSV, "cusparseDestroyBsrsv2Info");
}
EXPORT int cusparseSpSV_createDescr(void **d) { return info_new(d, I_SPSV); }
EXPORT int cusparseSpSV_destroyDescr(void *d) {
  return d ? info_drop(d, I_SPSV, "cusparseSpSV_destroyDescr") : S_SUCCESS;
}

/* the generic API's triangle: a sparse matrix's attributes */
static int valid_sp(const spmat *m) { return m && m->magic == M_MAGIC; }
EXPORT int cusparseSpMatSetAttribute(spmat *m, int attr, void *data, size_t size) {
  if (!valid_sp(m) || !data || size != sizeof(int)) return S_INVALID_VALUE;
  int v;
  memcpy(&v, data, sizeof v);
  if (attr == ATTR_FILL && (v == FILL_LOWER || v == FILL_UPPER)) m->fill = v;
  else if (attr == ATTR_DIAG && (v == DIAG_NON_UNIT || v == DIAG_UNIT)) m->diag = v;
  else return S_INVALID_VALUE;
  return S_SUCCESS;
}
EXPORT int cusparseSpMatGetAttribute(const spmat *m, int attr, void *data, size_t size) {
  if (!valid_sp(m) || !data || size != sizeof(int) || (attr != ATTR_FILL && attr != ATTR_DIAG))
    return S_INVALID_VALUE;
  int v = attr == ATTR_FILL ? m->fill : m->diag;
  memcpy(data, &v, sizeof v);
  return S_SUCCESS;
}

/* ---------------------------------------------------------------- calls */

typedef enum { K_ILU_ANALYSIS, K_ILU, K_IC_ANALYSIS, K_IC, K_BSRSV_ANALYSIS, K_BSRSV, K_SPSV,
               K_ZERO } call_kind;

/* One call as a capture keeps it. */
typedef struct sp_call {
  call_kind k;
  const char *fn;
  int t;                       /* T_S .. T_Z */
  long long m, nnz;            /* rows (bsrsv2: block rows), stored elements (blocks) */
  int bd, dir, op, base, fill, diag;
  void *val;
  const void *ptr, *ind;       /* row offsets, column indices */
  int ptype, itype;            /* their types (IDX_32I, IDX_64I) */
  const void *x;
  void *y;
  int xt, yt;                  /* SpSV: x's and y's value types */
  uint64_t info;               /* the info object (its registry key) */
  info_kind ik;
  const void *alpha_p;
  double complex alpha;        /* read at the capture (host pointer mode) */
  int host_alpha, host_mode;
  int *position;               /* K_ZERO */
} sp_call;

static double complex getv(const void *p, int t, int64_t i) {
  switch (t) {
  case T_S: return ((const float *)p)[i];
  case T_D: return ((const double *)p)[i];
  case T_C: return ((const float complex *)p)[i];
  default: return ((const double complex *)p)[i];
  }
}
static void setv(void *p, int t, int64_t i, double complex v) {
  switch (t) {
  case T_S: ((float *)p)[i] = (float)creal(v); break;
  case T_D: ((double *)p)[i] = creal(v); break;
  case T_C: ((float complex *)p)[i] = (float complex)v; break;
  default: ((double complex *)p)[i] = v; break;
  }
}
static long long idx(const void *p, int type, int64_t i) {
  return type == IDX_64I ? ((const int64_t *)p)[i] : ((const int32_t *)p)[i];
}
static unsigned isz(int type) { return type == IDX_64I ? 8 : 4; }

/* Host bytes of an operand, read or written in the call's order. */
static void *bytes(const char *fn, const char *what, const void *p, uint64_t n, int write) {
  static char none;
  cudaError_t e;
  if (!n) return &none;
  void *h = p ? simR_host_bytes_locked(p, n, &e) : NULL;
  if (h) simR_libcall_access_locked(p, n, write);
  else
    fprintf(stderr, "simulee: error: %s: %s (%llu bytes at %p) is not inside one allocation of "
            "device, managed or host memory\n", fn, what, (unsigned long long)n, p);
  return h;
}

/* The compressed rows' structure, checked: offsets within [0, nnz] and
 * ascending, indices within [0, cols). S_SUCCESS, or
 * S_EXECUTION_FAILED after a line naming the first bad one. */
static int check_rows(const sp_call *c, const void *ptr, const void *ind, long long cols) {
  long long prev = 0;
  for (long long i = 0; i <= c->m; i++) {
    long long o = idx(ptr, c->ptype, i) - c->base;
    if (o < prev || o > c->nnz || (i == 0 && o != 0) || (i == c->m && o != c->nnz)) {
      fprintf(stderr, "simulee: error: %s: row offset %lld of the sparse matrix is %lld, not "
              "within %lld..%lld\n", c->fn, i, o + c->base, prev + c->base,
              c->nnz + c->base);
      return S_EXECUTION_FAILED;
    }
    prev = o;
  }
  for (long long p = 0; p < c->nnz; p++) {
    long long j = idx(ind, c->itype, p) - c->base;
    if (j < 0 || j >= cols) {
      fprintf(stderr, "simulee: error: %s: stored element %lld of the sparse matrix lies "
              "outside it (column %lld of %lld)\n", c->fn, p, j, cols);
      return S_EXECUTION_FAILED;
    }
  }
  return S_SUCCESS;
}

#define OFF(i) (idx(ptr, c->ptype, i) - c->base)
#define COL(p) (idx(ind, c->itype, p) - c->base)

/* The first row without a diagonal element (block), or -1. */
static long long structural_zero(const sp_call *c, const void *ptr, const void *ind) {
  for (long long i = 0; i < c->m; i++) {
    int found = 0;
    for (long long p = OFF(i); p < OFF(i + 1) && !found; p++) found = COL(p) == i;
    if (!found) return i;
  }
  return -1;
}

/* ILU(0) in place, the IKJ variant (row i eliminated by the rows k < i of
 * its pattern, in ascending column order, updates only where row i has an
 * element): the first zero pivot U(j,j), or -1. */
static long long ilu0(const sp_call *c, const void *ptr, const void *ind, void *val,
                      long long *pos, long long *dpos) {
  long long zero = -1;
  int t = c->t;
  for (long long i = 0; i < c->m; i++) {
    for (long long p = OFF(i); p < OFF(i + 1); p++) pos[COL(p)] = p;
    for (long long p = OFF(i); p < OFF(i + 1); p++) {
      long long k = COL(p);
      if (k >= i || dpos[k] < 0) continue;
      double complex lik = getv(val, t, p) / getv(val, t, dpos[k]);
      setv(val, t, p, lik);
      for (long long q = OFF(k); q < OFF(k + 1); q++) {
        long long j = COL(q);
        if (j > k && pos[j] >= 0)
          setv(val, t, pos[j], getv(val, t, pos[j]) - lik * getv(val, t, q));
      }
    }
    dpos[i] = pos[i];
    if (zero < 0 && (dpos[i] < 0 || getv(val, t, dpos[i]) == 0)) zero = i;
    for (long long p = OFF(i); p < OFF(i + 1); p++) pos[COL(p)] = -1;
  }
  return zero;
}

/* IC(0) in place on the lower triangle, row by row (left-looking):
 * L(i,k) = (A(i,k) - sum_{j<k} L(i,j) conj(L(k,j))) / L(k,k) over the
 * pattern, L(i,i) = sqrt(A(i,i) - sum_{j<i} |L(i,j)|^2): the first row whose
 * L(i,i)^2 is not positive (or missing), or -1. */
static long long ic0(const sp_call *c, const void *ptr, const void *ind, void *val,
                     long long *pos, long long *dpos) {
  long long zero = -1;
  int t = c->t;
  for (long long i = 0; i < c->m; i++) {
    for (long long p = OFF(i); p < OFF(i + 1); p++) pos[COL(p)] = p;
    double complex d = 0;
    for (long long p = OFF(i); p < OFF(i + 1); p++) {
      long long k = COL(p);
      if (k >= i) continue;
      double complex s = getv(val, t, p);
      for (long long q = OFF(k); q < OFF(k + 1); q++) {
        long long j = COL(q);
        if (j < k && pos[j] >= 0) s -= getv(val, t, pos[j]) * conj(getv(val, t, q));
      }
      if (dpos[k] >= 0) s /= getv(val, t, dpos[k]);
      setv(val, t, p, s);
      d += s * conj(s);
    }
    dpos[i] = pos[i];
    if (dpos[i] >= 0) {
      double complex s = getv(val, t, dpos[i]) - d;
      if (zero < 0 && !(creal(s) > 0)) zero = i;
      setv(val, t, dpos[i], csqrt(s));
    } else if (zero < 0) zero = i;
    for (long long p = OFF(i); p < OFF(i + 1); p++) pos[COL(p)] = -1;
  }
  return zero;
}

/* A triangle of a scalar CSR matrix (n rows, 0-based int64 offsets and
 * columns, values in double complex). */
typedef struct tri {
  long long n;
  long long *ptr, *col;
  double complex *val;
} tri;

/* op(T) z = z in place for the triangle `lower` of T (unit: its diagonal
 * taken as ones): forward or back substitution by rows (op N), or by
 * columns (op T, C: T's row i is op(T)'s column i). The first row with a
 * zero diagonal element (not unit), or -1. */
static long long trisolve(const tri *a, int op, int lower, int unit, double complex *z) {
  long long n = a->n, zero = -1;
  int fwd = op == OP_N ? lower : !lower;
  for (long long s = 0; s < n; s++) {
    long long i = fwd ? s : n - 1 - s;
    double complex d = 0;
    for (long long p = a->ptr[i]; p < a->ptr[i + 1]; p++)
      if (a->col[p] == i) d += op == OP_C ? conj(a->val[p]) : a->val[p];
    if (op == OP_N)
      for (long long p = a->ptr[i]; p < a->ptr[i + 1]; p++) {
        long long j = a->col[p];
        if (lower ? j < i : j > i) z[i] -= a->val[p] * z[j];
      }
    if (!unit) {
      if (zero < 0 && d == 0) zero = i;
      z[i] /= d;
    }
    if (op != OP_N)
      for (long long p = a->ptr[i]; p < a->ptr[i + 1]; p++) {
        long long j = a->col[p];
        if (lower ? j < i : j > i) z[j] -= (op == OP_C ? conj(a->val[p]) : a->val[p]) * z[i];
      }
  }
  return zero;
}

/* The scalar triangle of c's matrix: CSR as it is; BSR's blocks expanded
 * (row r of block row b is scalar row b bd + r). 0, or -1 when memory ran
 * out. */
static int expand(const sp_call *c, const void *ptr, const void *ind, const void *val, tri *a) {
  long long bd = c->k == K_BSRSV ? c->bd : 1, n = c->m * bd, nz = c->nnz * bd * bd;
  a->n = n;
  a->ptr = malloc((size_t)(n + 1) * sizeof *a->ptr);
  a->col = malloc((size_t)(nz ? nz : 1) * sizeof *a->col);
  a->val = malloc((size_t)(nz ? nz : 1) * sizeof *a->val);
  if (!a->ptr || !a->col || !a->val) return -1;
  long long e = 0;
  a->ptr[0] = 0;
  for (long long b = 0; b < c->m; b++)
    for (long long r = 0; r < bd; r++) {
      for (long long p = OFF(b); p < OFF(b + 1); p++)
        for (long long q = 0; q < bd; q++) {
          long long at = p * bd * bd + (c->dir == 0 ? r * bd + q : q * bd + r);
          a->col[e] = COL(p) * bd + q;
          a->val[e++] = getv(val, c->t, at);
        }
      a->ptr[b * bd + r + 1] = e;
    }
  return 0;
}

/* The call now on stream s (a graph branch's stand-in when replayed). */
static int run_call(const sp_call *c, cudaStream_t s) {
  if (simR_sticky_locked()) return S_EXECUTION_FAILED;
  sp_info *info = c->info ? info_locked((const void *)(uintptr_t)c->info, c->ik, c->fn) : NULL;
  if (c->info && !info) return S_INVALID_VALUE; /* destroyed before a graph's launch */
  simR_libcall_begin_locked(s, c->fn);
  int st = S_SUCCESS;
  if (c->k == K_ZERO) {
    int *p = bytes(c->fn, "position", c->position, sizeof(int), 1);
    int z = info->numerical >= 0 && (info->structural < 0 || info->numerical < info->structural)
                ? info->numerical : info->structural;
    if (!p) st = S_MAPPING_ERROR;
    else {
      *p = z;
      st = z >= 0 ? S_ZERO_PIVOT : S_SUCCESS;
    }
    simR_libcall_end_locked();
    return st;
  }
  int factor = c->k == K_ILU || c->k == K_IC, bsr = c->k == K_BSRSV || c->k == K_BSRSV_ANALYSIS;
  long long bd = bsr ? c->bd : 1, n = c->m * bd;
  unsigned ts = TSIZE[c->t];
  const void *ptr = bytes(c->fn, bsr ? "bsrRowPtrA" : "the row offsets", c->ptr,
                          (uint64_t)(c->m + 1) * isz(c->ptype), 0);
  const void *ind = ptr ? bytes(c->fn, bsr ? "bsrColIndA" : "the column indices", c->ind,
                                (uint64_t)c->nnz * isz(c->itype), 0) : NULL;
  void *val = ind ? bytes(c->fn, bsr ? "bsrValA" : "the values", c->val,
                          (uint64_t)c->nnz * bd * bd * ts, factor) : NULL;
  if (!val) st = S_MAPPING_ERROR;
  if (!st) st = check_rows(c, ptr, ind, c->m);
  if (!st && (c->k == K_ILU_ANALYSIS || c->k == K_IC_ANALYSIS || c->k == K_BSRSV_ANALYSIS)) {
    long long z = structural_zero(c, ptr, ind);
    info->structural = z < 0 ? -1 : (int)(z + c->base);
    info->numerical = -1;
  } else if (!st && factor) {
    long long *pos = malloc((size_t)(c->m ? c->m : 1) * sizeof *pos);
    long long *dpos = malloc((size_t)(c->m ? c->m : 1) * sizeof *dpos);
    if (!pos || !dpos) st = S_ALLOC_FAILED;
    for (long long i = 0; !st && i < c->m; i++) pos[i] = -1, dpos[i] = -1;
    if (!st) {
      long long z = c->k == K_ILU ? ilu0(c, ptr, ind, val, pos, dpos)
                                  : ic0(c, ptr, ind, val, pos, dpos);
      info->numerical = z < 0 ? -1 : (int)(z + c->base);
    }
    free(pos), free(dpos);
  } else if (!st) { /* a triangular solve */
    int xt = c->k == K_SPSV ? c->xt : c->t, yt = c->k == K_SPSV ? c->yt : c->t;
    double complex alpha = c->alpha;
    if (!c->host_alpha) {
      const void *pa = bytes(c->fn, "alpha", c->alpha_p, ts, 0);
      if (!pa) st = S_MAPPING_ERROR;
      else alpha = getv(pa, c->t, 0);
    }
    const void *x = st ? NULL : bytes(c->fn, "x", c->x, (uint64_t)n * TSIZE[xt], 0);
    void *y = x ? bytes(c->fn, "y", c->y, (uint64_t)n * TSIZE[yt], 1) : NULL;
    if (!st && !y) st = S_MAPPING_ERROR;
    tri a = {0};
    double complex *z = st ? NULL : malloc((size_t)(n ? n : 1) * sizeof *z);
    if (!st && (!z || expand(c, ptr, ind, val, &a) < 0)) st = S_ALLOC_FAILED;
    if (!st) {
      for (long long i = 0; i < n; i++) z[i] = alpha * getv(x, xt, i);
      long long zr = trisolve(&a, c->op, c->fill == FILL_LOWER, c->diag == DIAG_UNIT, z);
      for (long long i = 0; i < n; i++) setv(y, yt, i, z[i]);
      if (info && c->k == K_BSRSV) info->numerical = zr < 0 ? -1 : (int)(zr / bd + c->base);
    }
    free(z), free(a.ptr), free(a.col), free(a.val);
  }
  simR_libcall_end_locked();
  return st;
}
#undef OFF
#undef COL

static int run_node(const void *data, cudaStream_t lane) {
  int st = run_call(data, lane);
  return st != S_SUCCESS && st != S_ZERO_PIVOT;
}

/* A captured call, readied (its host alpha was read when it was issued):
 * a sticky kernel error fails it. */
static int ready_node(void *data) {
  (void)data;
  if (simR_sticky_locked()) return S_EXECUTION_FAILED;
  return S_SUCCESS;
}

/* Issue call c on handle h: its info object, a host alpha read now, then
 * the call in its stream's order or a node of its capture. */
static int issue(struct cusparseContext *h, sp_call *c, const void *info) {
  if (!h || h->magic != H_MAGIC) return S_NOT_INITIALIZED;
  simR_lock();
  int st = S_SUCCESS, rst;
  if (!info_locked(info, c->ik, c->fn)) st = S_INVALID_VALUE;
  c->info = (uint64_t)(uintptr_t)info;
  c->host_mode = h->pointer_mode == 0;
  if (!st && c->alpha_p && c->host_mode) {
    double complex a[2];
    if (simR_host_scalars_locked(c->alpha_p, c->alpha_p, TSIZE[c->t], &a[0], &a[1]) < 0)
      st = S_INVALID_VALUE;
    else c->alpha = getv(a, c->t, 0), c->host_alpha = 1;
  }
  cudaError_t e;
  if (st) {
  } else if (simR_submit_libcall_locked(h->stream, c->fn, run_node, ready_node, c, sizeof *c, 0,
                                        &rst, &e))
    st = rst ? rst : e ? S_ALLOC_FAILED : S_SUCCESS;
  else st = run_call(c, h->stream);
  simR_unlock();
  return st;
}

/* ------------------------------------------------- the legacy routines */

/* The legacy descriptor's checks: a descriptor of a general matrix. */
static int descr_status(const struct cusparseMatDescr *d) {
  if (!d) return S_INVALID_VALUE;
  return d->type == 0 ? S_SUCCESS : S_MATRIX_TYPE_NOT_SUPPORTED;
}
static int valid_h(const struct cusparseContext *h) { return h && h->magic == H_MAGIC; }

/* csrilu02 / csric02: buffer size, analysis, factorization */
static int csr_size(struct cusparseContext *h, int m, int nnz, const struct cusparseMatDescr *d,
                    const void *info, info_kind k, const char *fn, int *size) {
  if (!valid_h(h)) return S_NOT_INITIALIZED;
  int st = descr_status(d);
  if (st) return st;
  if (m < 0 || nnz < 0 || !size) return S_INVALID_VALUE;
  simR_lock();
  int ok = info_locked(info, k, fn) != NULL;
  simR_unlock();
  if (!ok) return S_INVALID_VALUE;
  *size = 8; /* not used */
  return S_SUCCESS;
}
static int csr_call(struct cusparseContext *h, call_kind kind, info_kind ik, const char *fn,
                    int t, int m, int nnz, const struct cusparseMatDescr *d, const void *val,
                    const int *ptr, const int *ind, const void *info, int policy) {
  if (!valid_h(h)) return S_NOT_INITIALIZED;
  int st = descr_status(d);
  if (st) return st;
  if (m < 0 || nnz < 0 || (policy != 0 && policy != 1)) return S_INVALID_VALUE;
  sp_call c = {.k = kind, .fn = fn, .t = t, .m = m, .nnz = nnz, .base = d->base,
               .val = (void *)val, .ptr = ptr, .ind = ind, .ptype = IDX_32I, .itype = IDX_32I,
               .ik = ik};
  return issue(h, &c, info);
}
static int zero_pivot(struct cusparseContext *h, const void *info, info_kind ik, const char *fn,
                      int *position) {
  if (!valid_h(h)) return S_NOT_INITIALIZED;
  if (!position) return S_INVALID_VALUE;
  sp_call c = {.k = K_ZERO, .fn = fn, .ik = ik, .position = position};
  return issue(h, &c, info);
}
EXPORT int cusparseXcsrilu02_zeroPivot(struct cusparseContext *h, void *info, int *position) {
  return zero_pivot(h, info, I_ILU, "cusparseXcsrilu02_zeroPivot", position);
}
EXPORT int cusparseXcsric02_zeroPivot(struct cusparseContext *h, void *info, int *position) {
  return zero_pivot(h, info, I_IC, "cusparseXcsric02_zeroPivot", position);
}
EXPORT int cusparseXbsrsv2_zeroPivot(struct cusparseContext *h, void *info, int *position) {
  return zero_pivot(h, info, I_BSRSV, "cusparseXbsrsv2_zeroPivot", position);
}

/* bsrsv2: buffer size, analysis, solve */
static int bsr_status(struct cusparseContext *h, int dir, int op, int t, int mb, int nnzb,
                      const struct cusparseMatDescr *d, int bd) {
  if (!valid_h(h)) return S_NOT_INITIALIZED;
  int st = descr_status(d);
  if (st) return st;
  if ((dir != 0 && dir != 1) || mb < 0 || nnzb < 0 || bd <= 0) return S_INVALID_VALUE;
  if (op != OP_N && op != OP_T && op != OP_C) return S_INVALID_VALUE;
  if (op == OP_C && t < T_C) return S_INVALID_VALUE;
  if ((d->fill != FILL_LOWER && d->fill != FILL_UPPER) ||
      (d->diag != DIAG_NON_UNIT && d->diag != DIAG_UNIT))
    return S_INVALID_VALUE;
  return S_SUCCESS;
}
static int bsr_size(struct cusparseContext *h, const char *fn, int dir, int op, int t, int mb,
                    int nnzb, const struct cusparseMatDescr *d, int bd, const void *info,
                    int *size) {
  int st = bsr_status(h, dir, op, t, mb, nnzb, d, bd);
  if (st) return st;
  if (!size) return S_INVALID_VALUE;
  simR_lock();
  int ok = info_locked(info, I_BSRSV, fn) != NULL;
  simR_unlock();
  if (!ok) return S_INVALID_VALUE;
  *size = 8; /* not used */
  return S_SUCCESS;
}
static int bsr_call(struct cusparseContext *h, call_kind kind, const char *fn, int t, int dir,
                    int op, int mb, int nnzb, const void *alpha,
                    const struct cusparseMatDescr *d, const void *val, const int *ptr,
                    const int *ind, int bd, const void *info, const void *x, void *y,
                    int policy) {
  int st = bsr_status(h, dir, op, t, mb, nnzb, d, bd);
  if (st) return st;
  if (policy != 0 && policy != 1) return S_INVALID_VALUE;
  if (kind == K_BSRSV && !alpha) return S_INVALID_VALUE;
  sp_call c = {.k = kind, .fn = fn, .t = t, .m = mb, .nnz = nnzb, .bd = bd, .dir = dir,
               .op = op, .base = d->base, .fill = d->fill, .diag = d->diag, .val = (void *)val,
               .ptr = ptr, .ind = ind, .ptype = IDX_32I, .itype = IDX_32I, .x = x, .y = y,
               .ik = I_BSRSV, .alpha_p = alpha};
  return issue(h, &c, info);
}

/* The exported legacy functions, per precision P (t its index; the element
 * type as the program's header has it, here void). */
#define LEGACY(P, t)                                                           \
  EXPORT int cusparse##P##csrilu02_bufferSize(struct cusparseContext *h, int m, int nnz,     \
                                              const struct cusparseMatDescr *d, void *val,  \
                                              const int *ptr, const int *ind, void *info,   \
                                              int *size) {                     \
    (void)val, (void)ptr, (void)ind;                                           \
    return csr_size(h, m, nnz, d, info, I_ILU, __func__, size);                \
  }                                                                            \
  EXPORT int cusparse##P##csrilu02_analysis(struct cusparseContext *h, int m, int nnz,       \
                                            const struct cusparseMatDescr *d, const void *val, \
                                            const int *ptr, const int *ind, void *info,     \
                                            int policy, void *buffer) {        \
    (void)buffer;                                                              \
    return csr_call(h, K_ILU_ANALYSIS, I_ILU, __func__, t, m, nnz, d, val, ptr, ind, info,  \
                    policy);                                                   \
  }                                                                            \
  EXPORT int cusparse##P##csrilu02(struct cusparseContext *h, int m, int nnz,                \
                                   const struct cusparseMatDescr *d, void *val,             \
                                   const int *ptr, const int *ind, void *info, int policy,  \
                                   void *buffer) {                             \
    (void)buffer;                                                              \
    return csr_call(h, K_ILU, I_ILU, __func__, t, m, nnz, d, val, ptr, ind, info, policy);  \
  }                                                                            \
  EXPORT int cusparse##P##csric02_bufferSize(struct cusparseContext *h, int m, int nnz,      \
                                             const struct cusparseMatDescr *d, void *val,   \
                                             const int *ptr, const int *ind, void *info,    \
                                             int *size) {                      \
    (void)val, (void)ptr, (void)ind;                                           \
    return csr_size(h, m, nnz, d, info, I_IC, __func__, size);                 \
  }                                                                            \
  EXPORT int cusparse##P##csric02_analysis(struct cusparseContext *h, int m, int nnz,        \
                                           const struct cusparseMatDescr *d, const void *val, \
                                           const int *ptr, const int *ind, void *info,      \
                                           int policy, void *buffer) {         \
    (void)buffer;                                                              \
    return csr_call(h, K_IC_ANALYSIS, I_IC, __func__, t, m, nnz, d, val, ptr, ind, info,    \
                    policy);                                                   \
  }                                                                            \
  EXPORT int cusparse##P##csric02(struct cusparseContext *h, int m, int nnz,                 \
                                  const struct cusparseMatDescr *d, void *val, const int *ptr, \
                                  const int *ind, void *info, int policy, void *buffer) {   \
    (void)buffer;                                                              \
    return csr_call(h, K_IC, I_IC, __func__, t, m, nnz, d, val, ptr, ind, info, policy);    \
  }                                                                            \
  EXPORT int cusparse##P##bsrsv2_bufferSize(struct cusparseContext *h, int dir, int op,      \
                                            int mb, int nnzb,                  \
                                            const struct cusparseMatDescr *d, void *val,    \
                                            const int *ptr, const int *ind, int bd,         \
                                            void *info, int *size) {           \
    (void)val, (void)ptr, (void)ind;                                           \
    return bsr_size(h, __func__, dir, op, t, mb, nnzb, d, bd, info, size);     \
  }                                                                            \
  EXPORT int cusparse##P##bsrsv2_analysis(struct cusparseContext *h, int dir, int op, int mb, \
                                          int nnzb, const struct cusparseMatDescr *d,       \
                                          const void *val, const int *ptr, const int *ind,  \
                                          int bd, void *info, int policy, void *buffer) {   \
    (void)buffer;                                                              \
    return bsr_call(h, K_BSRSV_ANALYSIS, __func__, t, dir, op, mb, nnzb, NULL, d, val, ptr, \
                    ind, bd, info, NULL, NULL, policy);                        \
  }                                                                            \
  EXPORT int cusparse##P##bsrsv2_solve(struct cusparseContext *h, int dir, int op, int mb,   \
                                       int nnzb, const void *alpha,            \
                                       const struct cusparseMatDescr *d, const void *val,   \
                                       const int *ptr, const int *ind, int bd, void *info,  \
                                       const void *x, void *y, int policy, void *buffer) {  \
    (void)buffer;                                                              \
    return bsr_call(h, K_BSRSV, __func__, t, dir, op, mb, nnzb, alpha, d, val, ptr, ind, bd, \
                    info, x, y, policy);                                       \
  }
LEGACY(S, T_S)
LEGACY(D, T_D)
LEGACY(C, T_C)
LEGACY(Z, T_Z)
#undef LEGACY

/* ------------------------------------------------------------------ SpSV */

/* The generic API's checks: a square CSR matrix of float or double, x and
 * y of its size. */
static int spsv_status(struct cusparseContext *h, int op, const spmat *a, const dnvec *x,
                       const dnvec *y, int compute, const void *d, const char *fn) {
  if (!valid_h(h)) return S_NOT_INITIALIZED;
  if (!valid_sp(a) || !x || x->magic != V_MAGIC || !y || y->magic != V_MAGIC)
    return S_INVALID_VALUE;
  if (op != OP_N && op != OP_T) return op == OP_C ? S_NOT_SUPPORTED : S_INVALID_VALUE;
  if (compute != R_32F && compute != R_64F) return S_NOT_SUPPORTED;
  if (a->format != F_CSR) {
    fprintf(stderr, "simulee: error: %s: only a matrix in CSR format is supported: "
            "CUSPARSE_STATUS_NOT_SUPPORTED\n", fn);
    return S_NOT_SUPPORTED;
  }
  if (a->rows != a->cols || x->size != a->rows || y->size != a->rows) return S_INVALID_VALUE;
  simR_lock();
  int ok = info_locked(d, I_SPSV, fn) != NULL;
  simR_unlock();
  return ok ? S_SUCCESS : S_INVALID_VALUE;
}

EXPORT int cusparseSpSV_bufferSize(struct cusparseContext *h, int op, const void *alpha,
                                   const spmat *a, const dnvec *x, const dnvec *y, int compute,
                                   int alg, void *d, size_t *size) {
  (void)alpha, (void)alg;
  int st = spsv_status(h, op, a, x, y, compute, d, "cusparseSpSV_bufferSize");
  if (st) return st;
  if (!size) return S_INVALID_VALUE;
  *size = 0;
  return S_SUCCESS;
}
EXPORT int cusparseSpSV_analysis(struct cusparseContext *h, int op, const void *alpha,
                                 const spmat *a, const dnvec *x, const dnvec *y, int compute,
                                 int alg, void *d, void *buffer) {
  (void)alpha, (void)alg, (void)buffer; /* the solve reads the matrix */
  return spsv_status(h, op, a, x, y, compute, d, "cusparseSpSV_analysis");
}
EXPORT int cusparseSpSV_solve(struct cusparseContext *h, int op, const void *alpha,
                              const spmat *a, const dnvec *x, const dnvec *y, int compute,
                              int alg, void *d) {
  (void)alg;
  int st = spsv_status(h, op, a, x, y, compute, d, "cusparseSpSV_solve");
  if (st) return st;
  if (!alpha) return S_INVALID_VALUE;
  int vt = a->type == R_64F ? T_D : T_S;
  sp_call c = {.k = K_SPSV, .fn = "cusparseSpSV_solve", .t = compute == R_64F ? T_D : T_S,
               .m = a->rows, .nnz = a->nnz, .op = op, .base = a->base, .fill = a->fill,
               .diag = a->diag, .val = a->values, .ptr = a->offsets, .ind = a->indices,
               .ptype = a->off_type, .itype = a->idx_type, .x = x->values, .y = y->values,
               .xt = x->type == R_64F ? T_D : T_S, .yt = y->type == R_64F ? T_D : T_S,
               .ik = I_SPSV, .alpha_p = alpha};
  /* the values are the matrix's type, alpha the compute type's */
  if (vt != c.t) {
    fprintf(stderr, "simulee: error: cusparseSpSV_solve: a compute type other than the "
            "matrix's values' is not supported: CUSPARSE_STATUS_NOT_SUPPORTED\n");
    return S_NOT_SUPPORTED;
  }
  return issue(h, &c, d);
}
