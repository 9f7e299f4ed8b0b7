/*
 * simulee runtime: cuSPARSE's generic API on the CPU.
 *
 * Handles, the legacy matrix descriptor, sparse matrices (CSR, CSC, COO
 * with 32- or 64-bit indices, base 0 or 1) and dense vectors and matrices
 * (column- or row-major) of float or double values are host objects; SpMV
 * (y = alpha op(A) x + beta y) and SpMM (C = alpha op(A) op(B) + beta C)
 * are computed in double from the descriptors' device, managed or host
 * memory, resolved through the allocation table, and rounded to the
 * values' type. A call is an operation on the handle's stream in the order
 * between launches (the matrix's offsets, indices and values and x or B
 * read, y or C written) or, on a capturing stream, a graph node that makes
 * it at each launch. Buffer sizes are 0. The descriptors' structures are
 * runtime/sparse.h's (runtime/sparse_ilu.c reads them: SpSV, the legacy
 * incomplete factorizations). An index that lies outside the
 * matrix is CUSPARSE_STATUS_EXECUTION_FAILED with a line naming it. Sparse
 * vectors, scatter and gather: runtime/sparse_vec.c; other cuSPARSE
 * functions are not implemented (the link names them).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/internal.h"
#include "runtime/op.h"
#include "runtime/sparse.h"

#define EXPORT __attribute__((visibility("default")))

enum {
  S_SUCCESS = 0, S_NOT_INITIALIZED = 1, S_ALLOC_FAILED = 2, S_INVALID_VALUE = 3,
  S_MAPPING_ERROR = 5, S_EXECUTION_FAILED = 6, S_INTERNAL_ERROR = 7, S_NOT_SUPPORTED = 10
};
enum { F_CSR = 1, F_CSC = 2, F_COO = 3 };
enum { IDX_32I = 2, IDX_64I = 3 };
enum { R_32F = 0, R_64F = 1 };
enum { ORDER_COL = 1, ORDER_ROW = 2 };


static const struct {
  int st;
  const char *name, *text;
} statuses[] = {
    {0, "CUSPARSE_STATUS_SUCCESS", "success"},
    {1, "CUSPARSE_STATUS_NOT_INITIALIZED", "initialization error"},
    {2, "CUSPARSE_STATUS_ALLOC_FAILED", "out of memory"},
    {3, "CUSPARSE_STATUS_INVALID_VALUE", "invalid value"},
    {4, "CUSPARSE_STATUS_ARCH_MISMATCH", "architecture mismatch"},
    {5, "CUSPARSE_STATUS_MAPPING_ERROR", "memory mapping error"},
    {6, "CUSPARSE_STATUS_EXECUTION_FAILED", "execution failed"},
    {7, "CUSPARSE_STATUS_INTERNAL_ERROR", "internal error"},
    {8, "CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED", "matrix type not supported"},
    {9, "CUSPARSE_STATUS_ZERO_PIVOT", "zero pivot"},
    {10, "CUSPARSE_STATUS_NOT_SUPPORTED", "operation not supported"},
    {11, "CUSPARSE_STATUS_INSUFFICIENT_RESOURCES", "insufficient resources"},
};
EXPORT const char *cusparseGetErrorName(int st) {
  for (size_t i = 0; i < sizeof statuses / sizeof *statuses; i++)
    if (statuses[i].st == st) return statuses[i].name;
  return "CUSPARSE_STATUS_UNKNOWN";
}
EXPORT const char *cusparseGetErrorString(int st) {
  for (size_t i = 0; i < sizeof statuses / sizeof *statuses; i++)
    if (statuses[i].st == st) return statuses[i].text;
  return "unknown error";
}

static int valid_h(const struct cusparseContext *h) { return h && h->magic == H_MAGIC; }

EXPORT int cusparseCreate(struct cusparseContext **h) {
  if (!h) return S_INVALID_VALUE;
  struct cusparseContext *c = calloc(1, sizeof *c);
  if (!c) return S_ALLOC_FAILED;
  c->magic = H_MAGIC;
  *h = c;
  return S_SUCCESS;
}
EXPORT int cusparseDestroy(struct cusparseContext *h) {
  if (!valid_h(h)) return S_NOT_INITIALIZED;
  h->magic = 0;
  free(h);
  return S_SUCCESS;
}
EXPORT int cusparseSetStream(struct cusparseContext *h, cudaStream_t s) {
  if (!valid_h(h)) return S_NOT_INITIALIZED;
  h->stream = s;
  return S_SUCCESS;
}
EXPORT int cusparseGetStream(struct cusparseContext *h, cudaStream_t *s) {
  if (!valid_h(h)) return S_NOT_INITIALIZED;
  if (!s) return S_INVALID_VALUE;
  *s = h->stream;
  return S_SUCCESS;
}
EXPORT int cusparseSetPointerMode(struct cusparseContext *h, int m) {
  if (!valid_h(h)) return S_NOT_INITIALIZED;
  if (m != 0 && m != 1) return S_INVALID_VALUE;
  h->pointer_mode = m;
  return S_SUCCESS;
}
EXPORT int cusparseGetVersion(struct cusparseContext *h, int *v) {
  (void)h;
  if (!v) return S_INVALID_VALUE;
  *v = 12000;
  return S_SUCCESS;
}
EXPORT int cusparseGetProperty(int type, int *v) {
  if (!v || type < 0 || type > 2) return S_INVALID_VALUE;
  *v = type == 0 ? 12 : 0;
  return S_SUCCESS;
}

EXPORT int cusparseCreateMatDescr(struct cusparseMatDescr **d) {
  if (!d) return S_INVALID_VALUE;
  *d = calloc(1, sizeof **d);
  return *d ? S_SUCCESS : S_ALLOC_FAILED;
}
EXPORT int cusparseDestroyMatDescr(struct cusparseMatDescr *d) {
  free(d);
  return S_SUCCESS;
}
EXPORT int cusparseSetMatType(struct cusparseMatDescr *d, int t) {
  if (!d) return S_INVALID_VALUE;
  d->type = t;
  return S_SUCCESS;
}
EXPORT int cusparseSetMatIndexBase(struct cusparseMatDescr *d, int b) {
  if (!d || (b != 0 && b != 1)) return S_INVALID_VALUE;
  d->base = b;
  return S_SUCCESS;
}
/* the descriptor's settings (cuSOLVER's sample helpers read them) */
EXPORT int cusparseGetMatType(const struct cusparseMatDescr *d) { return d ? d->type : 0; }
EXPORT int cusparseGetMatIndexBase(const struct cusparseMatDescr *d) { return d ? d->base : 0; }
EXPORT int cusparseGetMatFillMode(const struct cusparseMatDescr *d) { return d ? d->fill : 0; }
EXPORT int cusparseGetMatDiagType(const struct cusparseMatDescr *d) { return d ? d->diag : 0; }
EXPORT int cusparseSetMatFillMode(struct cusparseMatDescr *d, int f) {
  if (!d) return S_INVALID_VALUE;
  d->fill = f;
  return S_SUCCESS;
}
EXPORT int cusparseSetMatDiagType(struct cusparseMatDescr *d, int t) {
  if (!d) return S_INVALID_VALUE;
  d->diag = t;
  return S_SUCCESS;
}

/* ---------------------------------------------------------- descriptors */

static int valid_type(int t) { return t == R_32F || t == R_64F; }
static int valid_idx(int t) { return t == IDX_32I || t == IDX_64I; }

static int create_sp(spmat **out, int format, long long rows, long long cols, long long nnz,
                     void *offsets, void *indices, void *values, int off_type, int idx_type,
                     int base, int type) {
  if (!out || rows < 0 || cols < 0 || nnz < 0 || (base != 0 && base != 1) ||
      !valid_idx(off_type) || !valid_idx(idx_type))
    return S_INVALID_VALUE;
  if (!valid_type(type)) return S_NOT_SUPPORTED;
  spmat *m = calloc(1, sizeof *m);
  if (!m) return S_ALLOC_FAILED;
  *m = (spmat){M_MAGIC, format, rows, cols, nnz, offsets, indices, values, off_type, idx_type,
               base, type, 0, 0};
  *out = m;
  return S_SUCCESS;
}
EXPORT int cusparseCreateCsr(spmat **m, long long rows, long long cols, long long nnz,
                             void *row_offsets, void *col_ind, void *values, int row_type,
                             int col_type, int base, int type) {
  return create_sp(m, F_CSR, rows, cols, nnz, row_offsets, col_ind, values, row_type, col_type,
                   base, type);
}
EXPORT int cusparseCreateCsc(spmat **m, long long rows, long long cols, long long nnz,
                             void *col_offsets, void *row_ind, void *values, int off_type,
                             int idx_type, int base, int type) {
  return create_sp(m, F_CSC, rows, cols, nnz, col_offsets, row_ind, values, off_type, idx_type,
                   base, type);
}
EXPORT int cusparseCreateCoo(spmat **m, long long rows, long long cols, long long nnz,
                             void *row_ind, void *col_ind, void *values, int idx_type, int base,
                             int type) {
  return create_sp(m, F_COO, rows, cols, nnz, row_ind, col_ind, values, idx_type, idx_type, base,
                   type);
}
static int valid_sp(const spmat *m) { return m && m->magic == M_MAGIC; }
EXPORT int cusparseDestroySpMat(spmat *m) {
  if (!m) return S_SUCCESS;
  if (!valid_sp(m)) return S_INVALID_VALUE;
  m->magic = 0;
  free(m);
  return S_SUCCESS;
}
EXPORT int cusparseSpMatGetSize(const spmat *m, long long *rows, long long *cols,
                                long long *nnz) {
  if (!valid_sp(m) || !rows || !cols || !nnz) return S_INVALID_VALUE;
  *rows = m->rows, *cols = m->cols, *nnz = m->nnz;
  return S_SUCCESS;
}
EXPORT int cusparseSpMatGetFormat(const spmat *m, int *format) {
  if (!valid_sp(m) || !format) return S_INVALID_VALUE;
  *format = m->format;
  return S_SUCCESS;
}
EXPORT int cusparseSpMatGetIndexBase(const spmat *m, int *base) {
  if (!valid_sp(m) || !base) return S_INVALID_VALUE;
  *base = m->base;
  return S_SUCCESS;
}
EXPORT int cusparseSpMatGetValues(spmat *m, void **values) {
  if (!valid_sp(m) || !values) return S_INVALID_VALUE;
  *values = m->values;
  return S_SUCCESS;
}
EXPORT int cusparseSpMatSetValues(spmat *m, void *values) {
  if (!valid_sp(m)) return S_INVALID_VALUE;
  m->values = values;
  return S_SUCCESS;
}
EXPORT int cusparseCsrSetPointers(spmat *m, void *offsets, void *indices, void *values) {
  if (!valid_sp(m) || m->format != F_CSR) return S_INVALID_VALUE;
  m->offsets = offsets, m->indices = indices, m->values = values;
  return S_SUCCESS;
}
EXPORT int cusparseCsrGet(spmat *m, long long *rows, long long *cols, long long *nnz,
                          void **offsets, void **indices, void **values, int *off_type,
                          int *idx_type, int *base, int *type) {
  if (!valid_sp(m) || m->format != F_CSR) return S_INVALID_VALUE;
  if (rows) *rows = m->rows;
  if (cols) *cols = m->cols;
  if (nnz) *nnz = m->nnz;
  if (offsets) *offsets = m->offsets;
  if (indices) *indices = m->indices;
  if (values) *values = m->values;
  if (off_type) *off_type = m->off_type;
  if (idx_type) *idx_type = m->idx_type;
  if (base) *base = m->base;
  if (type) *type = m->type;
  return S_SUCCESS;
}

EXPORT int cusparseCreateDnVec(dnvec **v, long long size, void *values, int type) {
  if (!v || size < 0) return S_INVALID_VALUE;
  if (!valid_type(type)) return S_NOT_SUPPORTED;
  dnvec *x = calloc(1, sizeof *x);
  if (!x) return S_ALLOC_FAILED;
  *x = (dnvec){V_MAGIC, size, values, type};
  *v = x;
  return S_SUCCESS;
}
static int valid_v(const dnvec *v) { return v && v->magic == V_MAGIC; }
EXPORT int cusparseDestroyDnVec(dnvec *v) {
  if (!v) return S_SUCCESS;
  if (!valid_v(v)) return S_INVALID_VALUE;
  v->magic = 0;
  free(v);
  return S_SUCCESS;
}
EXPORT int cusparseDnVecGetValues(dnvec *v, void **values) {
  if (!valid_v(v) || !values) return S_INVALID_VALUE;
  *values = v->values;
  return S_SUCCESS;
}
EXPORT int cusparseDnVecSetValues(dnvec *v, void *values) {
  if (!valid_v(v)) return S_INVALID_VALUE;
  v->values = values;
  return S_SUCCESS;
}
EXPORT int cusparseCreateDnMat(dnmat **m, long long rows, long long cols, long long ld,
                               void *values, int type, int order) {
  if (!m || rows < 0 || cols < 0 || (order != ORDER_COL && order != ORDER_ROW) ||
      ld < (order == ORDER_COL ? (rows > 1 ? rows : 1) : (cols > 1 ? cols : 1)))
    return S_INVALID_VALUE;
  if (!valid_type(type)) return S_NOT_SUPPORTED;
  dnmat *x = calloc(1, sizeof *x);
  if (!x) return S_ALLOC_FAILED;
  *x = (dnmat){D_MAGIC, rows, cols, ld, values, type, order};
  *m = x;
  return S_SUCCESS;
}
static int valid_d(const dnmat *m) { return m && m->magic == D_MAGIC; }
EXPORT int cusparseDestroyDnMat(dnmat *m) {
  if (!m) return S_SUCCESS;
  if (!valid_d(m)) return S_INVALID_VALUE;
  m->magic = 0;
  free(m);
  return S_SUCCESS;
}
EXPORT int cusparseDnMatGetValues(dnmat *m, void **values) {
  if (!valid_d(m) || !values) return S_INVALID_VALUE;
  *values = m->values;
  return S_SUCCESS;
}
EXPORT int cusparseDnMatSetValues(dnmat *m, void *values) {
  if (!valid_d(m)) return S_INVALID_VALUE;
  m->values = values;
  return S_SUCCESS;
}

/* --------------------------------------------------------- computation */

/* A call as a capture keeps it: copies of its descriptors. */
typedef struct call {
  int spmm;              /* SpMM, else SpMV */
  int opa, opb, compute;
  spmat a;
  dnvec x, y;            /* SpMV */
  dnmat b, c;            /* SpMM */
  double alpha, beta;    /* host scalars (as the compute type's bytes), or */
  int host_scalars;
  int host_mode;         /* the handle's pointer mode was host: a capture
                            reads the scalars at once */
  const void *alpha_p, *beta_p;
  const char *fn;
} call;

static double get(const void *p, int type, int64_t i) {
  return type == R_64F ? ((const double *)p)[i] : ((const float *)p)[i];
}
static void set(void *p, int type, int64_t i, double v) {
  if (type == R_64F) ((double *)p)[i] = v;
  else ((float *)p)[i] = (float)v;
}
static long long idx(const void *p, int type, int64_t i) {
  return type == IDX_64I ? ((const int64_t *)p)[i] : ((const int32_t *)p)[i];
}
static unsigned isz(int type) { return type == IDX_64I ? 8 : 4; }
static unsigned vsz(int type) { return type == R_64F ? 8 : 4; }

/* Host bytes of an operand, read or written in the call's order. */
static void *bytes(const char *fn, const char *what, const void *p, uint64_t n, int write) {
  cudaError_t e;
  if (!n) return (void *)1; /* nothing to read */
  void *h = simR_host_bytes_locked(p, n, &e);
  if (h) simR_libcall_access_locked(p, n, write);
  else
    fprintf(stderr, "simulee: error: %s: %s (%llu bytes at %p) is not inside one allocation of "
            "device, managed or host memory\n", fn, what, (unsigned long long)n, p);
  return h;
}

/* Element (i, j) offset of a dense matrix. */
static int64_t dn_at(const dnmat *m, long long i, long long j) {
  return m->order == ORDER_COL ? i + j * m->ld : i * m->ld + j;
}
static uint64_t dn_span(const dnmat *m) {
  if (!m->rows || !m->cols) return 0;
  return m->order == ORDER_COL ? (uint64_t)(m->ld * (m->cols - 1) + m->rows)
                               : (uint64_t)(m->ld * (m->rows - 1) + m->cols);
}

static int run_call(const call *c, cudaStream_t s) {
  if (simR_sticky_locked()) return S_EXECUTION_FAILED;
  simR_libcall_begin_locked(s, c->fn);
  const spmat *A = &c->a;
  int st = S_SUCCESS;
  unsigned ss = vsz(c->compute);
  /* host scalars read at a capture: the compute type's bytes */
  double alpha = get(&c->alpha, c->compute, 0), beta = get(&c->beta, c->compute, 0);
  if (!c->host_scalars) {
    const void *pa = bytes(c->fn, "alpha", c->alpha_p, ss, 0);
    const void *pb = pa ? bytes(c->fn, "beta", c->beta_p, ss, 0) : NULL;
    if (!pb) {
      simR_libcall_end_locked();
      return S_MAPPING_ERROR;
    }
    alpha = get(pa, c->compute, 0), beta = get(pb, c->compute, 0);
  }
  long long nout = A->format == F_CSC ? A->cols : A->rows; /* compressed dimension */
  uint64_t noff = A->format == F_COO ? (uint64_t)A->nnz : (uint64_t)nout + 1;
  const void *off = bytes(c->fn, "the offsets", A->offsets, noff * isz(A->off_type), 0);
  const void *ind = off ? bytes(c->fn, "the indices", A->indices,
                                (uint64_t)A->nnz * isz(A->idx_type), 0) : NULL;
  const void *val = ind ? bytes(c->fn, "the values", A->values, (uint64_t)A->nnz * vsz(A->type),
                                0) : NULL;
  /* op(A) is m x k; the output has m rows and (SpMM) n columns */
  long long m = c->opa ? A->cols : A->rows, k = c->opa ? A->rows : A->cols;
  long long n = 1;
  const void *xin = NULL;
  void *yout = NULL;
  if (val && !c->spmm) {
    if (c->x.size != k || c->y.size != m) st = S_INVALID_VALUE;
    else {
      xin = bytes(c->fn, "x", c->x.values, (uint64_t)k * vsz(c->x.type), 0);
      yout = xin ? bytes(c->fn, "y", c->y.values, (uint64_t)m * vsz(c->y.type), 1) : NULL;
    }
  } else if (val) {
    long long bk = c->opb ? c->b.cols : c->b.rows;
    n = c->opb ? c->b.rows : c->b.cols;
    if (bk != k || c->c.rows != m || c->c.cols != n) st = S_INVALID_VALUE;
    else {
      xin = bytes(c->fn, "B", c->b.values, dn_span(&c->b) * vsz(c->b.type), 0);
      yout = xin ? bytes(c->fn, "C", c->c.values, dn_span(&c->c) * vsz(c->c.type), 1) : NULL;
    }
  }
  if (!st && !yout) st = S_MAPPING_ERROR;
  double *acc = NULL;
  if (!st && (uint64_t)m * (uint64_t)n > ((uint64_t)1 << 31)) st = S_ALLOC_FAILED;
  if (!st && !(acc = calloc((size_t)(m > 0 && n > 0 ? m * n : 1), sizeof *acc))) st = S_ALLOC_FAILED;
  /* every stored element (r, col) of A, as op(A)'s (i, l) */
  for (long long p = 0, outer = 0; !st && p < A->nnz; p++) {
    long long r, col;
    if (A->format == F_COO) {
      r = idx(off, A->off_type, p) - A->base;
      col = idx(ind, A->idx_type, p) - A->base;
    } else {
      while (outer < nout && idx(off, A->off_type, outer + 1) - A->base <= p) outer++;
      long long inner = idx(ind, A->idx_type, p) - A->base;
      r = A->format == F_CSR ? outer : inner;
      col = A->format == F_CSR ? inner : outer;
    }
    if (r < 0 || r >= A->rows || col < 0 || col >= A->cols || outer >= nout) {
      fprintf(stderr, "simulee: error: %s: stored element %lld of the sparse matrix lies "
              "outside it (row %lld, column %lld of %lld x %lld)\n", c->fn, p, r, col, A->rows,
              A->cols);
      st = S_EXECUTION_FAILED;
      break;
    }
    double v = get(val, A->type, p);
    long long i = c->opa ? col : r, l = c->opa ? r : col;
    for (long long j = 0; j < n; j++) {
      double b = !c->spmm ? get(xin, c->x.type, l)
                 : get(xin, c->b.type, c->opb ? dn_at(&c->b, j, l) : dn_at(&c->b, l, j));
      acc[i + j * m] += v * b;
    }
  }
  for (long long j = 0; !st && j < n; j++)
    for (long long i = 0; i < m; i++) {
      int64_t o = c->spmm ? dn_at(&c->c, i, j) : i;
      int t = c->spmm ? c->c.type : c->y.type;
      double old = beta != 0 ? get(yout, t, o) : 0;
      set(yout, t, o, alpha * acc[i + j * m] + beta * old);
    }
  free(acc);
  simR_libcall_end_locked();
  return st;
}

static int run_node(const void *data, cudaStream_t lane) {
  return run_call(data, lane) != S_SUCCESS;
}

/* A captured call, readied: host scalars are read when the call is
 * captured (a sticky kernel error fails it). */
static int ready_node(void *data) {
  call *c = data;
  if (simR_sticky_locked()) return S_EXECUTION_FAILED;
  if (!c->host_mode) return S_SUCCESS;
  if (simR_host_scalars_locked(c->alpha_p, c->beta_p, vsz(c->compute), &c->alpha, &c->beta) < 0)
    return S_INVALID_VALUE;
  c->host_scalars = 1;
  return S_SUCCESS;
}

static int issue(struct cusparseContext *h, call *c) {
  if (!valid_h(h)) return S_NOT_INITIALIZED;
  if (!valid_sp(&c->a) || !c->alpha_p || !c->beta_p) return S_INVALID_VALUE;
  if (c->opa == 2 || c->opb == 2) return S_NOT_SUPPORTED; /* real types: as transpose */
  if (c->opa < 0 || c->opa > 1 || c->opb < 0 || c->opb > 1) return S_INVALID_VALUE;
  if (!valid_type(c->compute)) return S_NOT_SUPPORTED;
  simR_lock();
  int st, rst;
  cudaError_t e;
  c->host_mode = h->pointer_mode == 0;
  if (simR_submit_libcall_locked(h->stream, c->fn, run_node, ready_node, c, sizeof *c, 0, &rst, &e))
    st = rst ? rst : e ? S_ALLOC_FAILED : S_SUCCESS;
  else
    st = run_call(c, h->stream);
  simR_unlock();
  return st;
}

EXPORT int cusparseSpMV_bufferSize(struct cusparseContext *h, int op, const void *alpha,
                                   const spmat *a, const dnvec *x, const void *beta,
                                   const dnvec *y, int compute, int alg, size_t *size) {
  (void)op, (void)alpha, (void)beta, (void)compute, (void)alg;
  if (!valid_h(h)) return S_NOT_INITIALIZED;
  if (!valid_sp(a) || !valid_v(x) || !valid_v(y) || !size) return S_INVALID_VALUE;
  *size = 0;
  return S_SUCCESS;
}

EXPORT int cusparseSpMV(struct cusparseContext *h, int op, const void *alpha, const spmat *a,
                        const dnvec *x, const void *beta, const dnvec *y, int compute, int alg,
                        void *buffer) {
  (void)alg, (void)buffer;
  if (!valid_h(h)) return S_NOT_INITIALIZED;
  if (!valid_sp(a) || !valid_v(x) || !valid_v(y)) return S_INVALID_VALUE;
  call c;
  memset(&c, 0, sizeof c);
  c.opa = op, c.compute = compute, c.a = *a, c.x = *x, c.y = *y;
  c.alpha_p = alpha, c.beta_p = beta, c.fn = "cusparseSpMV";
  return issue(h, &c);
}

EXPORT int cusparseSpMM_bufferSize(struct cusparseContext *h, int opa, int opb,
                                   const void *alpha, const spmat *a, const dnmat *b,
                                   const void *beta, const dnmat *cm, int compute, int alg,
                                   size_t *size) {
  (void)opa, (void)opb, (void)alpha, (void)beta, (void)compute, (void)alg;
  if (!valid_h(h)) return S_NOT_INITIALIZED;
  if (!valid_sp(a) || !valid_d(b) || !valid_d(cm) || !size) return S_INVALID_VALUE;
  *size = 0;
  return S_SUCCESS;
}

EXPORT int cusparseSpMM_preprocess(struct cusparseContext *h, int opa, int opb,
                                   const void *alpha, const spmat *a, const dnmat *b,
                                   const void *beta, const dnmat *cm, int compute, int alg,
                                   void *buffer) {
  (void)opa, (void)opb, (void)alpha, (void)beta, (void)compute, (void)alg, (void)buffer;
  if (!valid_h(h)) return S_NOT_INITIALIZED;
  return valid_sp(a) && valid_d(b) && valid_d(cm) ? S_SUCCESS : S_INVALID_VALUE;
}

EXPORT int cusparseSpMM(struct cusparseContext *h, int opa, int opb, const void *alpha,
                        const spmat *a, const dnmat *b, const void *beta, const dnmat *cm,
                        int compute, int alg, void *buffer) {
  (void)alg, (void)buffer;
  if (!valid_h(h)) return S_NOT_INITIALIZED;
  if (!valid_sp(a) || !valid_d(b) || !valid_d(cm)) return S_INVALID_VALUE;
  call c;
  memset(&c, 0, sizeof c);
  c.spmm = 1, c.opa = opa, c.opb = opb, c.compute = compute, c.a = *a, c.b = *b, c.c = *cm;
  c.alpha_p = alpha, c.beta_p = beta, c.fn = "cusparseSpMM";
  return issue(h, &c);
}

/* For runtime/sparse_vec.c (sparse vectors, scatter and gather): handle
 * h's stream (the lock not held), and dense vector v's size, values and
 * value type (R_32F, R_64F). A status. */
int simR_sparse_stream(const void *h, cudaStream_t *s) {
  if (!valid_h(h)) return S_NOT_INITIALIZED;
  *s = ((const struct cusparseContext *)h)->stream;
  return S_SUCCESS;
}
int simR_sparse_dnvec(const void *v, long long *size, void **values, int *type) {
  if (!valid_v(v)) return S_INVALID_VALUE;
  const dnvec *d = v;
  *size = d->size, *values = d->values, *type = d->type;
  return S_SUCCESS;
}
