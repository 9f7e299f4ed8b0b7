/*
 * simulee runtime: cuSPARSE's sparse vectors (cusparseCreateSpVec,
 * cusparseDestroySpVec, cusparseSpVecGet, ...) and the two operations
 * between a sparse and a dense vector, cusparseScatter (y[idx[i]] = x[i])
 * and cusparseGather (x[i] = y[idx[i]]).
 *
 * A sparse vector is a host object (size, nnz, indices 32- or 64-bit,
 * base 0 or 1, float or double values); its indices and values and the
 * dense vector's are device, managed or host memory resolved through the
 * allocation table. A call is an operation on the handle's stream in the
 * order between launches (what it reads and writes placed there) or, on a
 * capturing stream, a graph node that makes it at each launch. An index
 * outside the dense vector is CUSPARSE_STATUS_INVALID_VALUE with a line,
 * nothing written.
 * The handles and dense vectors are runtime/sparse.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/internal.h"
#include "runtime/op.h"

#define EXPORT __attribute__((visibility("default")))

enum { S_SUCCESS = 0, S_NOT_INITIALIZED = 1, S_ALLOC_FAILED = 2, S_INVALID_VALUE = 3,
       S_MAPPING_ERROR = 5, S_EXECUTION_FAILED = 6, S_NOT_SUPPORTED = 10 };
enum { IDX_32I = 2, IDX_64I = 3 };
enum { R_32F = 0, R_64F = 1 };

#define SV_MAGIC 0x73696d7376ecull

typedef struct spvec {
  uint64_t magic;
  long long size, nnz;
  void *indices, *values;
  int idx_type, base, type;
} spvec;

static int valid_sv(const spvec *v) { return v && v->magic == SV_MAGIC; }

EXPORT int cusparseCreateSpVec(spvec **v, int64_t size, int64_t nnz, void *indices, void *values,
                               int idx_type, int base, int type) {
  if (!v || size < 0 || nnz < 0 || nnz > size || (base != 0 && base != 1) ||
      (idx_type != IDX_32I && idx_type != IDX_64I) || (nnz && (!indices || !values)))
    return S_INVALID_VALUE;
  if (type != R_32F && type != R_64F) return S_NOT_SUPPORTED;
  spvec *x = calloc(1, sizeof *x);
  if (!x) return S_ALLOC_FAILED;
  *x = (spvec){SV_MAGIC, size, nnz, indices, values, idx_type, base, type};
  *v = x;
  return S_SUCCESS;
}
EXPORT int cusparseDestroySpVec(spvec *v) {
  if (!v) return S_SUCCESS;
  if (!valid_sv(v)) return S_INVALID_VALUE;
  v->magic = 0;
  free(v);
  return S_SUCCESS;
}
EXPORT int cusparseSpVecGet(spvec *v, int64_t *size, int64_t *nnz, void **indices, void **values,
                            int *idx_type, int *base, int *type) {
  if (!valid_sv(v) || !size || !nnz || !indices || !values || !idx_type || !base || !type)
    return S_INVALID_VALUE;
  *size = v->size, *nnz = v->nnz, *indices = v->indices, *values = v->values;
  *idx_type = v->idx_type, *base = v->base, *type = v->type;
  return S_SUCCESS;
}
EXPORT int cusparseSpVecGetIndexBase(const spvec *v, int *base) {
  if (!valid_sv(v) || !base) return S_INVALID_VALUE;
  *base = v->base;
  return S_SUCCESS;
}
EXPORT int cusparseSpVecGetValues(spvec *v, void **values) {
  if (!valid_sv(v) || !values) return S_INVALID_VALUE;
  *values = v->values;
  return S_SUCCESS;
}
EXPORT int cusparseSpVecSetValues(spvec *v, void *values) {
  if (!valid_sv(v)) return S_INVALID_VALUE;
  v->values = values;
  return S_SUCCESS;
}

/* One scatter or gather, as a capture keeps it: copies of the vectors. */
typedef struct vcall {
  int gather;
  spvec x;
  long long ysize;
  void *y;
  int ytype;
  const char *fn;
} vcall;

static void *bytes(const char *fn, const char *what, const void *p, uint64_t n, int write) {
  cudaError_t e;
  if (!n) return (void *)1;
  void *h = simR_host_bytes_locked(p, n, &e);
  if (h) simR_libcall_access_locked(p, n, write);
  else
    fprintf(stderr, "simulee: error: %s: %s (%llu bytes at %p) is not inside one allocation of "
            "device, managed or host memory\n", fn, what, (unsigned long long)n, p);
  return h;
}

static int run_call(const vcall *c, cudaStream_t s) {
  if (simR_sticky_locked()) return S_EXECUTION_FAILED;
  simR_libcall_begin_locked(s, c->fn);
  const spvec *x = &c->x;
  unsigned is = x->idx_type == IDX_64I ? 8 : 4, vs = x->type == R_64F ? 8 : 4;
  int st = S_SUCCESS;
  const void *idx = bytes(c->fn, "the indices", x->indices, (uint64_t)x->nnz * is, 0);
  void *xv = idx ? bytes(c->fn, "the sparse values", x->values, (uint64_t)x->nnz * vs,
                         c->gather) : NULL;
  void *yv = xv ? bytes(c->fn, "the dense values", c->y, (uint64_t)c->ysize * vs, !c->gather)
                : NULL;
  if (!yv) st = S_MAPPING_ERROR;
  /* the indices first: a bad one changes nothing */
  for (long long i = 0; !st && i < x->nnz; i++) {
    long long k = (is == 8 ? ((const int64_t *)idx)[i] : ((const int32_t *)idx)[i]) - x->base;
    if (k < 0 || k >= c->ysize) {
      fprintf(stderr, "simulee: error: %s: index %lld of the sparse vector is %lld, outside the "
              "dense vector of %lld (base %d)\n", c->fn, i, k + x->base, c->ysize, x->base);
      st = S_INVALID_VALUE;
    }
  }
  for (long long i = 0; !st && i < x->nnz; i++) {
    long long k = (is == 8 ? ((const int64_t *)idx)[i] : ((const int32_t *)idx)[i]) - x->base;
    char *sp = (char *)xv + i * vs, *dp = (char *)yv + k * vs;
    if (c->gather) memcpy(sp, dp, vs);
    else memcpy(dp, sp, vs);
  }
  simR_libcall_end_locked();
  return st;
}
static int run_node(const void *data, cudaStream_t lane) {
  return run_call(data, lane) != S_SUCCESS;
}
static int ready_node(void *data) {
  (void)data;
  return simR_sticky_locked() ? S_EXECUTION_FAILED : S_SUCCESS;
}

static int issue(const void *h, const spvec *x, const void *y, int gather, const char *fn) {
  cudaStream_t s;
  int st = simR_sparse_stream(h, &s);
  if (st) return st;
  vcall c;
  memset(&c, 0, sizeof c);
  if (!valid_sv(x) || simR_sparse_dnvec(y, &c.ysize, &c.y, &c.ytype)) return S_INVALID_VALUE;
  if (c.ytype != x->type || c.ysize != x->size) return S_INVALID_VALUE;
  c.gather = gather, c.x = *x, c.fn = fn;
  simR_lock();
  int rst;
  cudaError_t e;
  if (!simR_stream_ok_locked(s, fn)) st = S_INVALID_VALUE;
  else if (simR_submit_libcall_locked(s, fn, run_node, ready_node, &c, sizeof c, 0, &rst, &e))
    st = rst ? rst : e ? S_ALLOC_FAILED : S_SUCCESS;
  else
    st = run_call(&c, s);
  simR_unlock();
  return st;
}

EXPORT int cusparseScatter(void *h, spvec *x, void *y) {
  return issue(h, x, y, 0, "cusparseScatter");
}
EXPORT int cusparseGather(void *h, void *y, spvec *x) {
  return issue(h, x, y, 1, "cusparseGather");
}
