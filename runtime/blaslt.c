/*
 * simulee runtime: cuBLASLt on the CPU.
 *
 * Handles, matmul descriptors, matrix layouts and preferences are host
 * objects holding their attributes (set and read back with the sizes
 * cuBLASLt's documentation gives each, CUBLAS_STATUS_INVALID_VALUE for
 * another size). cublasLtMatmulAlgoGetHeuristic offers one algorithm (no
 * workspace) for every problem cublasLtMatmul computes, which is
 *
 *   D = epilogue(alpha op(A) op(B) + beta C)
 *
 * for fp32, fp64, fp16, bf16 (and int8 into int32) data, column- or
 * row-major layouts, strided batches, the 16F, 32F (and its FAST forms),
 * 64F and 32I compute types, and the epilogues DEFAULT, RELU, RELU_AUX,
 * BIAS, RELU_BIAS, RELU_AUX_BIAS, GELU, GELU_AUX, GELU_BIAS, GELU_AUX_BIAS,
 * BGRADA and BGRADB (runtime/gemm.c computes it). Another epilogue, a
 * device-vector pointer mode, fp8 scale pointers or another layout order
 * is CUBLAS_STATUS_NOT_SUPPORTED with a line naming it. A matmul runs when
 * it is made and is an operation on its stream in the order between
 * launches, every operand's bytes (A, B, C, bias, auxiliary buffer read,
 * D, auxiliary buffer, bias gradient written) checked against the launches
 * it is not ordered with, as a cuBLAS call is (runtime/blas.c); on a
 * capturing stream it becomes a graph node that makes the same call (its
 * descriptors and host scalars as they were when captured) at each launch.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/gemm.h"
#include "runtime/internal.h"
#include "runtime/op.h"

#define EXPORT __attribute__((visibility("default")))

enum {
  ST_SUCCESS = 0,
  ST_NOT_INITIALIZED = 1,
  ST_ALLOC_FAILED = 3,
  ST_INVALID_VALUE = 7,
  ST_ARCH_MISMATCH = 8,
  ST_MAPPING_ERROR = 11,
  ST_EXECUTION_FAILED = 13,
  ST_INTERNAL_ERROR = 14,
  ST_NOT_SUPPORTED = 15,
  ST_LICENSE_ERROR = 16
};

#define LT_MAGIC 0x73696d6c74ull     /* "simlt" */
#define DESC_MAGIC 0x73696d6d64ull   /* "simmd" */
#define LAYOUT_MAGIC 0x73696d6c79ull /* "simly" */
#define PREF_MAGIC 0x73696d7066ull   /* "simpf" */

struct cublasLtContext {
  uint64_t magic;
};

/* A matmul descriptor: its attributes (cublasLtMatmulDescAttributes_t). */
typedef struct lt_desc {
  uint64_t magic;
  int32_t compute, scale, pointer_mode, transa, transb, transc, fill;
  uint32_t epilogue;
  const void *bias;
  int64_t bias_stride;
  void *aux;
  int64_t aux_ld, aux_stride, alpha_stride;
  int32_t sm_count;
  const void *a_scale, *b_scale, *c_scale, *d_scale, *amax_d;
  int32_t aux_type;
  const void *aux_scale, *aux_amax;
  int8_t fast_accum;
  int32_t bias_type;
} lt_desc;

/* A matrix layout (cublasLtMatrixLayoutAttribute_t). */
typedef struct lt_layout {
  uint64_t magic;
  uint32_t type;
  int32_t order;
  uint64_t rows, cols;
  int64_t ld;
  int32_t batch;
  int64_t stride, plane;
} lt_layout;

/* A preference (cublasLtMatmulPreferenceAttributes_t). */
typedef struct lt_pref {
  uint64_t magic;
  uint32_t search;
  uint64_t max_workspace;
  uint32_t reduction_mask, align_a, align_b, align_c, align_d;
  float max_waves;
  uint64_t impl_mask;
} lt_pref;

/* An attribute: its number, its bytes and where it lives in the object. */
typedef struct attr {
  int id;
  size_t size, offset;
} attr;

#define A_(id, T, f) {id, sizeof(((T *)0)->f), offsetof(T, f)}
static const attr desc_attrs[] = {
    A_(0, lt_desc, compute),   A_(1, lt_desc, scale),         A_(2, lt_desc, pointer_mode),
    A_(3, lt_desc, transa),    A_(4, lt_desc, transb),        A_(5, lt_desc, transc),
    A_(6, lt_desc, fill),      A_(7, lt_desc, epilogue),      A_(8, lt_desc, bias),
    A_(10, lt_desc, bias_stride), A_(11, lt_desc, aux),       A_(12, lt_desc, aux_ld),
    A_(13, lt_desc, aux_stride), A_(14, lt_desc, alpha_stride), A_(15, lt_desc, sm_count),
    A_(17, lt_desc, a_scale),  A_(18, lt_desc, b_scale),      A_(19, lt_desc, c_scale),
    A_(20, lt_desc, d_scale),  A_(21, lt_desc, amax_d),       A_(22, lt_desc, aux_type),
    A_(23, lt_desc, aux_scale), A_(24, lt_desc, aux_amax),    A_(25, lt_desc, fast_accum),
    A_(26, lt_desc, bias_type),
};
static const attr layout_attrs[] = {
    A_(0, lt_layout, type), A_(1, lt_layout, order), A_(2, lt_layout, rows),
    A_(3, lt_layout, cols), A_(4, lt_layout, ld), A_(5, lt_layout, batch),
    A_(6, lt_layout, stride), A_(7, lt_layout, plane),
};
static const attr pref_attrs[] = {
    A_(0, lt_pref, search),  A_(1, lt_pref, max_workspace), A_(3, lt_pref, reduction_mask),
    A_(5, lt_pref, align_a), A_(6, lt_pref, align_b),       A_(7, lt_pref, align_c),
    A_(8, lt_pref, align_d), A_(9, lt_pref, max_waves),     A_(12, lt_pref, impl_mask),
};
#undef A_

static const attr *find_attr(const attr *v, size_t n, int id) {
  for (size_t i = 0; i < n; i++)
    if (v[i].id == id) return &v[i];
  return NULL;
}

/* Set / get attribute id of an object (its attribute table v[0..n)). */
static int set_attr(void *obj, const attr *v, size_t n, int id, const void *buf, size_t size) {
  const attr *a = find_attr(v, n, id);
  if (!a || !buf || size != a->size) return ST_INVALID_VALUE;
  memcpy((char *)obj + a->offset, buf, size);
  return ST_SUCCESS;
}
static int get_attr(const void *obj, const attr *v, size_t n, int id, void *buf, size_t size,
                    size_t *written) {
  const attr *a = find_attr(v, n, id);
  if (!a) return ST_INVALID_VALUE;
  if (size == 0 && written) {
    *written = a->size;
    return ST_SUCCESS;
  }
  if (!buf || size != a->size) return ST_INVALID_VALUE;
  memcpy(buf, (const char *)obj + a->offset, size);
  if (written) *written = a->size;
  return ST_SUCCESS;
}
#define NATTR(v) (sizeof v / sizeof *v)

/* ------------------------------------------------------------ the library */

EXPORT size_t cublasLtGetVersion(void) { return 120000; }
EXPORT size_t cublasLtGetCudartVersion(void) { return 12000; }
EXPORT unsigned cublasLtDisableCpuInstructionsSetMask(unsigned mask) {
  (void)mask;
  return 0;
}

EXPORT int cublasLtGetProperty(int type, int *value) {
  if (!value) return ST_INVALID_VALUE;
  switch (type) { /* libraryPropertyType: MAJOR, MINOR, PATCH */
  case 0: *value = 12; return ST_SUCCESS;
  case 1: *value = 0; return ST_SUCCESS;
  case 2: *value = 0; return ST_SUCCESS;
  default: return ST_INVALID_VALUE;
  }
}

/* cuBLASLt's statuses are cuBLAS's: one table (runtime/blas.c) names them */
EXPORT const char *cublasLtGetStatusName(int st) { return simR_blas_status(st, 0); }
EXPORT const char *cublasLtGetStatusString(int st) { return simR_blas_status(st, 1); }

/* Whether p is a live handle of kind (the registry, runtime/handles.c): a
 * destroyed or made-up handle or descriptor is never read. */
static int lt_live_in(const void *p, unsigned kind, const char *fn) {
  simR_lock();
  int ok = simR_handle_check_locked((uint64_t)(uintptr_t)p, kind, fn,
                                    kind == SIMR_H_CUBLASLT ? "CUBLAS_STATUS_NOT_INITIALIZED"
                                                            : "CUBLAS_STATUS_INVALID_VALUE") != NULL;
  simR_unlock();
  return ok;
}
#define lt_live(p, kind) lt_live_in(p, kind, __func__)

EXPORT int cublasLtCreate(struct cublasLtContext **h) {
  if (!h) return ST_INVALID_VALUE;
  simR_lock();
  struct cublasLtContext *c = simR_handle_new_locked(SIMR_H_CUBLASLT, sizeof *c);
  simR_unlock();
  if (!c) return ST_ALLOC_FAILED;
  c->magic = LT_MAGIC;
  *h = c;
  return ST_SUCCESS;
}

EXPORT int cublasLtDestroy(struct cublasLtContext *h) {
  if (!lt_live(h, SIMR_H_CUBLASLT) || h->magic != LT_MAGIC) return ST_NOT_INITIALIZED;
  h->magic = 0;
  simR_lock();
  simR_handle_delete_locked(h, SIMR_H_CUBLASLT);
  simR_unlock();
  return ST_SUCCESS;
}

/* ------------------------------------------------------------ descriptors */

EXPORT int cublasLtMatmulDescCreate(lt_desc **d, int compute, int scale) {
  if (!d) return ST_INVALID_VALUE;
  simR_lock();
  lt_desc *x = simR_handle_new_locked(SIMR_H_CUBLASLT_DESC, sizeof *x);
  simR_unlock();
  if (!x) return ST_ALLOC_FAILED;
  x->magic = DESC_MAGIC;
  x->compute = compute, x->scale = scale;
  x->epilogue = 1; /* CUBLASLT_EPILOGUE_DEFAULT */
  x->aux_type = -1, x->bias_type = -1; /* as D's */
  *d = x;
  return ST_SUCCESS;
}
EXPORT int cublasLtMatmulDescDestroy(lt_desc *d) {
  if (!lt_live(d, SIMR_H_CUBLASLT_DESC) || d->magic != DESC_MAGIC) return ST_INVALID_VALUE;
  d->magic = 0;
  simR_lock();
  simR_handle_delete_locked(d, SIMR_H_CUBLASLT_DESC);
  simR_unlock();
  return ST_SUCCESS;
}
EXPORT int cublasLtMatmulDescSetAttribute(lt_desc *d, int a, const void *buf, size_t size) {
  if (!lt_live(d, SIMR_H_CUBLASLT_DESC) || d->magic != DESC_MAGIC) return ST_INVALID_VALUE;
  return set_attr(d, desc_attrs, NATTR(desc_attrs), a, buf, size);
}
EXPORT int cublasLtMatmulDescGetAttribute(const lt_desc *d, int a, void *buf, size_t size,
                                          size_t *written) {
  if (!lt_live(d, SIMR_H_CUBLASLT_DESC) || d->magic != DESC_MAGIC) return ST_INVALID_VALUE;
  return get_attr(d, desc_attrs, NATTR(desc_attrs), a, buf, size, written);
}

EXPORT int cublasLtMatrixLayoutCreate(lt_layout **l, int type, uint64_t rows, uint64_t cols,
                                      int64_t ld) {
  if (!l) return ST_INVALID_VALUE;
  simR_lock();
  lt_layout *x = simR_handle_new_locked(SIMR_H_CUBLASLT_DESC, sizeof *x);
  simR_unlock();
  if (!x) return ST_ALLOC_FAILED;
  x->magic = LAYOUT_MAGIC;
  x->type = (uint32_t)type, x->rows = rows, x->cols = cols, x->ld = ld, x->batch = 1;
  *l = x;
  return ST_SUCCESS;
}
EXPORT int cublasLtMatrixLayoutDestroy(lt_layout *l) {
  if (!lt_live(l, SIMR_H_CUBLASLT_DESC) || l->magic != LAYOUT_MAGIC) return ST_INVALID_VALUE;
  l->magic = 0;
  simR_lock();
  simR_handle_delete_locked(l, SIMR_H_CUBLASLT_DESC);
  simR_unlock();
  return ST_SUCCESS;
}
EXPORT int cublasLtMatrixLayoutSetAttribute(lt_layout *l, int a, const void *buf, size_t size) {
  if (!lt_live(l, SIMR_H_CUBLASLT_DESC) || l->magic != LAYOUT_MAGIC) return ST_INVALID_VALUE;
  return set_attr(l, layout_attrs, NATTR(layout_attrs), a, buf, size);
}
EXPORT int cublasLtMatrixLayoutGetAttribute(const lt_layout *l, int a, void *buf, size_t size,
                                            size_t *written) {
  if (!lt_live(l, SIMR_H_CUBLASLT_DESC) || l->magic != LAYOUT_MAGIC) return ST_INVALID_VALUE;
  return get_attr(l, layout_attrs, NATTR(layout_attrs), a, buf, size, written);
}

EXPORT int cublasLtMatmulPreferenceCreate(lt_pref **p) {
  if (!p) return ST_INVALID_VALUE;
  simR_lock();
  lt_pref *x = simR_handle_new_locked(SIMR_H_CUBLASLT_DESC, sizeof *x);
  simR_unlock();
  if (!x) return ST_ALLOC_FAILED;
  x->magic = PREF_MAGIC;
  x->impl_mask = ~(uint64_t)0;
  *p = x;
  return ST_SUCCESS;
}
EXPORT int cublasLtMatmulPreferenceDestroy(lt_pref *p) {
  if (!lt_live(p, SIMR_H_CUBLASLT_DESC) || p->magic != PREF_MAGIC) return ST_INVALID_VALUE;
  p->magic = 0;
  simR_lock();
  simR_handle_delete_locked(p, SIMR_H_CUBLASLT_DESC);
  simR_unlock();
  return ST_SUCCESS;
}
EXPORT int cublasLtMatmulPreferenceSetAttribute(lt_pref *p, int a, const void *buf, size_t size) {
  if (!lt_live(p, SIMR_H_CUBLASLT_DESC) || p->magic != PREF_MAGIC) return ST_INVALID_VALUE;
  return set_attr(p, pref_attrs, NATTR(pref_attrs), a, buf, size);
}
EXPORT int cublasLtMatmulPreferenceGetAttribute(const lt_pref *p, int a, void *buf, size_t size,
                                                size_t *written) {
  if (!lt_live(p, SIMR_H_CUBLASLT_DESC) || p->magic != PREF_MAGIC) return ST_INVALID_VALUE;
  return get_attr(p, pref_attrs, NATTR(pref_attrs), a, buf, size, written);
}

/* ---------------------------------------------------------- the problem */

/* Say once per cause that a matmul asks for what simulee does not compute. */
static int unsupported(const char *fn, const char *what, long long value) {
  static char said[16][96];
  static unsigned nsaid;
  char key[96];
  snprintf(key, sizeof key, "%s %lld", what, value);
  for (unsigned i = 0; i < nsaid; i++)
    if (!strcmp(said[i], key)) return ST_NOT_SUPPORTED;
  if (nsaid < 16) memcpy(said[nsaid++], key, sizeof key);
  fprintf(stderr, "simulee: warning: %s: %s (%lld) is not supported by simulee's cuBLASLt: it "
          "returns CUBLAS_STATUS_NOT_SUPPORTED\n", fn, what, value);
  return ST_NOT_SUPPORTED;
}

static int layout_ok(const lt_layout *l) {
  return lt_live_in(l, SIMR_H_CUBLASLT_DESC, "cublasLtMatmul") && l->magic == LAYOUT_MAGIC;
}

/* Whether the descriptor and the layouts make a matmul simulee computes:
 * ST_SUCCESS, or the status (after a line for NOT_SUPPORTED). */
static int check_problem(const char *fn, const lt_desc *d, const lt_layout *la,
                         const lt_layout *lb, const lt_layout *lc, const lt_layout *ld) {
  if (!lt_live(d, SIMR_H_CUBLASLT_DESC) || d->magic != DESC_MAGIC || !layout_ok(la) || !layout_ok(lb) || !layout_ok(lc) ||
      !layout_ok(ld))
    return ST_INVALID_VALUE;
  const lt_layout *ls[4] = {la, lb, lc, ld};
  for (int i = 0; i < 4; i++) {
    const lt_layout *l = ls[i];
    if (l->order != 0 && l->order != 1)
      return unsupported(fn, "the matrix layout order", l->order);
    if (!simR_elem_size((int)l->type)) return unsupported(fn, "the data type", l->type);
    if (l->rows > INT32_MAX || l->cols > INT32_MAX || l->batch < 1 || l->batch > 1 << 20)
      return ST_INVALID_VALUE;
    int64_t need = (int64_t)(l->order == 1 ? l->cols : l->rows);
    if (l->ld < (need > 1 ? need : 1)) return ST_INVALID_VALUE;
  }
  if (d->transa < 0 || d->transa > 2 || d->transb < 0 || d->transb > 2 || d->transc != 0)
    return ST_INVALID_VALUE;
  uint64_t m = ld->rows, n = ld->cols;
  uint64_t am = d->transa ? la->cols : la->rows, ak = d->transa ? la->rows : la->cols;
  uint64_t bk = d->transb ? lb->cols : lb->rows, bn = d->transb ? lb->rows : lb->cols;
  if (am != m || bn != n || ak != bk || lc->rows != m || lc->cols != n) return ST_INVALID_VALUE;
  if (lc->type != ld->type || la->type != lb->type) return unsupported(fn, "the data type", lc->type);
  if (lb->batch != la->batch || lc->batch != ld->batch || la->batch != ld->batch) {
    /* a batch of one broadcasts A or B (stride 0) */
    if ((la->batch != 1 && la->batch != ld->batch) || (lb->batch != 1 && lb->batch != ld->batch) ||
        lc->batch != ld->batch)
      return ST_INVALID_VALUE;
  }
  switch (d->compute) {
  case SIMR_COMPUTE_16F: case SIMR_COMPUTE_16F_PEDANTIC: case SIMR_COMPUTE_32F:
  case SIMR_COMPUTE_32F_PEDANTIC: case SIMR_COMPUTE_32F_FAST_16F: case SIMR_COMPUTE_32F_FAST_16BF:
  case SIMR_COMPUTE_32F_FAST_TF32: case SIMR_COMPUTE_64F: case SIMR_COMPUTE_64F_PEDANTIC:
  case SIMR_COMPUTE_32I: case SIMR_COMPUTE_32I_PEDANTIC:
    break;
  default:
    return unsupported(fn, "the compute type", d->compute);
  }
  if (!simR_elem_size(d->scale)) return unsupported(fn, "the scale type", d->scale);
  if (d->pointer_mode != 0 && d->pointer_mode != 1)
    return unsupported(fn, "the pointer mode", d->pointer_mode);
  if (d->a_scale || d->b_scale || d->c_scale || d->d_scale || d->amax_d)
    return unsupported(fn, "a scale or amax pointer", 0);
  switch (d->epilogue) {
  case 1: case 2: case 130: case 4: case 6: case 134: case 32: case 160: case 36: case 164:
  case 256: case 512:
    break;
  default:
    return unsupported(fn, "the epilogue", d->epilogue);
  }
  if ((d->epilogue & (SIMR_EPI_BIAS | SIMR_EPI_BGRADA | SIMR_EPI_BGRADB)) && !d->bias)
    return ST_INVALID_VALUE;
  if (d->epilogue & SIMR_EPI_AUX) {
    if (!d->aux) return ST_INVALID_VALUE;
    if (d->aux_ld < (int64_t)m) return ST_INVALID_VALUE;
    if (d->aux_type != -1 && !simR_elem_size(d->aux_type))
      return unsupported(fn, "the auxiliary data type", d->aux_type);
  }
  if (d->bias_type != -1 && !simR_elem_size(d->bias_type))
    return unsupported(fn, "the bias data type", d->bias_type);
  return ST_SUCCESS;
}

EXPORT int cublasLtMatmulAlgoGetHeuristic(struct cublasLtContext *h, const lt_desc *d,
                                          const lt_layout *la, const lt_layout *lb,
                                          const lt_layout *lc, const lt_layout *ld,
                                          const lt_pref *p, int requested, void *results,
                                          int *returned) {
  if (!lt_live(h, SIMR_H_CUBLASLT) || h->magic != LT_MAGIC) return ST_NOT_INITIALIZED;
  if (!lt_live(p, SIMR_H_CUBLASLT_DESC) || p->magic != PREF_MAGIC || requested < 1 || !results || !returned)
    return ST_INVALID_VALUE;
  *returned = 0;
  int st = check_problem("cublasLtMatmulAlgoGetHeuristic", d, la, lb, lc, ld);
  if (st) return st;
  /* one cublasLtMatmulHeuristicResult_t: algo (64 bytes), workspaceSize,
   * state, wavesCount, reserved[4] */
  struct {
    uint64_t algo[8];
    size_t workspace;
    int state;
    float waves;
    int reserved[4];
  } r;
  memset(&r, 0, sizeof r);
  r.algo[0] = 0x73696d756c6565ull; /* "simulee": the one algorithm */
  r.waves = 1.0f;
  memcpy(results, &r, sizeof r);
  *returned = 1;
  return ST_SUCCESS;
}

/* ------------------------------------------------------------- the matmul */

/* A matmul as the graph node of a capture keeps it: copies of the
 * descriptor and layouts, the pointers, the host scalars' values. */
typedef struct lt_call {
  lt_desc d;
  lt_layout la, lb, lc, ld;
  double alpha, beta; /* (as the scale type's bytes) */
  int host_scalars;   /* alpha and beta are the values above */
  const void *alpha_p, *beta_p, *a, *b, *c;
  void *dst;
} lt_call;

/* The call in progress: begun in the order between launches on its first
 * operand. */
static struct {
  int pending;
  cudaStream_t stream;
} call;

/* Host bytes of [p, p + bytes) for operand `what`: NULL after a line. */
static void *bytes_of(const char *what, const void *p, uint64_t bytes, int write) {
  cudaError_t e = cudaSuccess;
  if (call.pending) {
    simR_libcall_begin_locked(call.stream, "cublasLtMatmul");
    call.pending = 0;
  }
  void *h = bytes ? simR_host_bytes_locked(p, bytes, &e) : (void *)p;
  if (h && bytes) simR_libcall_access_locked(p, bytes, write);
  if (!h)
    fprintf(stderr,
            "simulee: error: cublasLtMatmul: %s (%llu bytes at %p) is not inside one allocation "
            "of device, managed or host memory\n",
            what, (unsigned long long)bytes, p);
  return h;
}

/* Bytes a layout's batch of matrices spans. */
static uint64_t layout_bytes(const lt_layout *l, int batch) {
  uint64_t one = simR_mat_span((int64_t)l->rows, (int64_t)l->cols, l->ld, l->order == 1);
  if (!one) return 0;
  int64_t s = l->stride < 0 ? -l->stride : l->stride;
  return (one + (uint64_t)s * (uint64_t)(batch - 1)) * simR_elem_size((int)l->type);
}

static double scalar(const void *p, int type) { return simR_elem_get(p, type, 0); }

/* Run call c on stream s (lock held): a status. */
static int run_call(const lt_call *c, cudaStream_t s) {
  const lt_desc *d = &c->d;
  if (simR_sticky_locked()) return ST_EXECUTION_FAILED;
  call.pending = 1;
  call.stream = s;
  int st = ST_SUCCESS;
  int batch = c->ld.batch;
  simR_gemm g;
  memset(&g, 0, sizeof g);
  g.m = (int64_t)c->ld.rows, g.n = (int64_t)c->ld.cols;
  g.k = (int64_t)(d->transa ? c->la.rows : c->la.cols);
  g.ta = d->transa != 0, g.tb = d->transb != 0;
  g.compute = d->compute, g.epilogue = d->epilogue;
  unsigned ssize = simR_elem_size(d->scale);
  if (c->host_scalars) {
    g.alpha = scalar(&c->alpha, d->scale), g.beta = scalar(&c->beta, d->scale);
  } else {
    const void *pa = bytes_of("alpha", c->alpha_p, ssize, 0);
    const void *pb = pa ? bytes_of("beta", c->beta_p, ssize, 0) : NULL;
    if (!pb) {
      st = ST_MAPPING_ERROR;
      goto out;
    }
    g.alpha = scalar(pa, d->scale), g.beta = scalar(pb, d->scale);
  }
  /* the operands' whole batches */
  uint8_t *A = bytes_of("A", c->a, layout_bytes(&c->la, c->la.batch), 0);
  uint8_t *B = A ? bytes_of("B", c->b, layout_bytes(&c->lb, c->lb.batch), 0) : NULL;
  uint8_t *C = B && g.beta != 0 ? bytes_of("C", c->c, layout_bytes(&c->lc, batch), 0) : NULL;
  if (!B || (g.beta != 0 && !C)) {
    st = ST_MAPPING_ERROR;
    goto out;
  }
  uint8_t *D = bytes_of("D", c->dst, layout_bytes(&c->ld, batch), 1);
  int dtype = (int)c->ld.type;
  g.bias_type = d->bias_type == -1 ? dtype : d->bias_type;
  uint8_t *bias = NULL, *aux = NULL;
  unsigned bsize = simR_elem_size(g.bias_type);
  if (D && (d->epilogue & (SIMR_EPI_BIAS | SIMR_EPI_BGRADA | SIMR_EPI_BGRADB))) {
    uint64_t len = d->epilogue & SIMR_EPI_BGRADB ? (uint64_t)g.n : (uint64_t)g.m;
    int64_t bs = d->bias_stride < 0 ? -d->bias_stride : d->bias_stride;
    bias = bytes_of(d->epilogue & SIMR_EPI_BIAS ? "the bias vector" : "the bias gradient",
                    d->bias, (len + (uint64_t)bs * (uint64_t)(batch - 1)) * bsize,
                    !(d->epilogue & SIMR_EPI_BIAS));
    if (!bias) D = NULL;
  }
  g.aux.type = (d->epilogue & SIMR_EPI_RELU) ? SIMR_R_8I : d->aux_type == -1 ? dtype : d->aux_type;
  if (D && (d->epilogue & SIMR_EPI_AUX)) {
    uint64_t span = simR_mat_span(g.m, g.n, d->aux_ld, 0);
    int64_t as = d->aux_stride < 0 ? -d->aux_stride : d->aux_stride;
    span += (uint64_t)as * (uint64_t)(batch - 1);
    uint64_t bytes = (d->epilogue & SIMR_EPI_RELU) ? (span + 7) / 8
                                                   : span * simR_elem_size(g.aux.type);
    aux = bytes_of("the epilogue's auxiliary buffer", d->aux, bytes, 1);
    if (!aux) D = NULL;
  }
  if (!D) {
    st = ST_MAPPING_ERROR;
    goto out;
  }
  unsigned asz = simR_elem_size((int)c->la.type), bsz = simR_elem_size((int)c->lb.type);
  unsigned csz = simR_elem_size((int)c->lc.type), dsz = simR_elem_size(dtype);
  for (int i = 0; i < batch && !st; i++) {
    int ia = c->la.batch == 1 ? 0 : i, ib = c->lb.batch == 1 ? 0 : i;
    g.a = (simR_mat){A + (int64_t)ia * c->la.stride * asz, (int)c->la.type, c->la.order == 1,
                     c->la.ld};
    g.b = (simR_mat){B + (int64_t)ib * c->lb.stride * bsz, (int)c->lb.type, c->lb.order == 1,
                     c->lb.ld};
    g.c = (simR_mat){C ? C + (int64_t)i * c->lc.stride * csz : NULL, (int)c->lc.type,
                     c->lc.order == 1, c->lc.ld};
    g.d = (simR_mat){D + (int64_t)i * c->ld.stride * dsz, dtype, c->ld.order == 1, c->ld.ld};
    g.bias = bias ? bias + (int64_t)i * d->bias_stride * bsize : NULL;
    if (aux) {
      int64_t off = (int64_t)i * d->aux_stride;
      if (d->epilogue & SIMR_EPI_RELU) { /* bits: batch strides are multiples of 128 */
        g.aux = (simR_mat){aux + off / 8, SIMR_R_8I, 0, d->aux_ld};
      } else {
        g.aux = (simR_mat){aux + off * (int64_t)simR_elem_size(g.aux.type), g.aux.type, 0,
                           d->aux_ld};
      }
    }
    if (simR_gemm_run(&g)) st = ST_ALLOC_FAILED;
  }
out:
  call.pending = 0;
  simR_libcall_end_locked();
  return st;
}

/* A captured matmul, at each launch of its graph, on the branch lane. */
/* A captured matmul, readied: host scalars are read when the call is
 * captured, as cuBLASLt does (a sticky kernel error fails the call). */
static int ready_node(void *data) {
  lt_call *x = data;
  if (simR_sticky_locked()) return ST_EXECUTION_FAILED;
  if (x->d.pointer_mode != 0) return ST_SUCCESS;
  if (simR_host_scalars_locked(x->alpha_p, x->beta_p, simR_elem_size(x->d.scale), &x->alpha,
                               &x->beta) < 0)
    return ST_INVALID_VALUE;
  x->host_scalars = 1;
  return ST_SUCCESS;
}

static int run_node(const void *data, cudaStream_t lane) {
  return run_call(data, lane) != ST_SUCCESS;
}

EXPORT int cublasLtMatmul(struct cublasLtContext *h, const lt_desc *d, const void *alpha,
                          const void *a, const lt_layout *la, const void *b, const lt_layout *lb,
                          const void *beta, const void *c, const lt_layout *lc, void *dst,
                          const lt_layout *ld, const void *algo, void *workspace,
                          size_t workspace_bytes, cudaStream_t s) {
  (void)algo, (void)workspace, (void)workspace_bytes;
  if (!lt_live(h, SIMR_H_CUBLASLT) || h->magic != LT_MAGIC) return ST_NOT_INITIALIZED;
  if (!alpha || !beta || !a || !b || !dst) return ST_INVALID_VALUE;
  int st = check_problem("cublasLtMatmul", d, la, lb, lc, ld);
  if (st) return st;
  if (!ld->rows || !ld->cols) return ST_SUCCESS;
  lt_call x;
  memset(&x, 0, sizeof x);
  x.d = *d, x.la = *la, x.lb = *lb, x.lc = *lc, x.ld = *ld;
  x.alpha_p = alpha, x.beta_p = beta, x.a = a, x.b = b, x.c = c ? c : dst, x.dst = dst;
  simR_lock();
  if (!simR_stream_ok_locked(s, "cublasLtMatmul")) {
    simR_unlock();
    return ST_INVALID_VALUE;
  }
  int rst;
  cudaError_t e;
  if (simR_submit_libcall_locked(s, "cublasLtMatmul", run_node, ready_node, &x, sizeof x, 0, &rst,
                                 &e))
    st = rst ? rst : e ? ST_ALLOC_FAILED : ST_SUCCESS;
  else
    st = run_call(&x, s);
  simR_unlock();
  return st;
}
