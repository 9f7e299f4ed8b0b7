/*
 * simulee runtime: cuFFT on the CPU, computed by FFTW3.
 *
 * A plan (cufftHandle, a small integer) keeps its transform: rank 1-3,
 * sizes, batch, type (C2C, R2C, C2R single; Z2Z, D2Z, Z2D double) and the
 * data layout (cufftPlanMany's advanced layout, or the basic one: packed,
 * the complex side of a real transform n/2+1 long in its last dimension).
 * An execution resolves its input and output through the runtime's
 * allocation table (the whole strided extent of the batch), is an operation
 * on the plan's stream in the order between launches (its input read, its
 * output written, so a kernel racing with it is found), and runs FFTW's
 * plan of the same transform on those bytes (unnormalized, as cuFFT's;
 * in place or not). On a capturing stream it becomes a graph node that
 * makes the same transform at each launch. Work areas are not needed
 * (sizes 0); cuFFT's callbacks and multi-GPU (Xt) functions are not
 * supported.
 */
#include <fftw3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/internal.h"
#include "runtime/op.h"

#define EXPORT __attribute__((visibility("default")))

enum {
  R_SUCCESS = 0, R_INVALID_PLAN = 1, R_ALLOC_FAILED = 2, R_INVALID_TYPE = 3,
  R_INVALID_VALUE = 4, R_INTERNAL_ERROR = 5, R_EXEC_FAILED = 6, R_SETUP_FAILED = 7,
  R_INVALID_SIZE = 8, R_NOT_SUPPORTED = 16
};
enum { T_R2C = 0x2a, T_C2R = 0x2c, T_C2C = 0x29, T_D2Z = 0x6a, T_Z2D = 0x6c, T_Z2Z = 0x69 };

/* A plan: what cufftMakePlan* described. */
typedef struct plan {
  int made;              /* a transform is planned */
  int type, rank, batch;
  long long n[3];
  long long inembed[3], onembed[3];
  long long istride, idist, ostride, odist;
  cudaStream_t stream;
} plan;

static plan **plans;
static int nplans; /* handles are 1..nplans */

static plan *get(int h) { return h >= 1 && h <= nplans ? plans[h - 1] : NULL; }

static int dbl(int type) { return type == T_D2Z || type == T_Z2D || type == T_Z2Z; }
static int valid_type(int t) {
  return t == T_R2C || t == T_C2R || t == T_C2C || t == T_D2Z || t == T_Z2D || t == T_Z2Z;
}
/* input and output are complex */
static int cin(int t) { return t != T_R2C && t != T_D2Z; }
static int cout(int t) { return t != T_C2R && t != T_Z2D; }

EXPORT int cufftCreate(int *h) {
  if (!h) return R_INVALID_VALUE;
  simR_lock();
  plan **nv = realloc(plans, (size_t)(nplans + 1) * sizeof *nv);
  plan *p = nv ? calloc(1, sizeof *p) : NULL;
  if (nv) plans = nv;
  if (!p) {
    simR_unlock();
    return R_ALLOC_FAILED;
  }
  plans[nplans++] = p;
  *h = nplans;
  simR_unlock();
  return R_SUCCESS;
}

EXPORT int cufftDestroy(int h) {
  simR_lock();
  plan *p = get(h);
  if (p) free(p), plans[h - 1] = NULL;
  simR_unlock();
  return p ? R_SUCCESS : R_INVALID_PLAN;
}

/* Logical extent of the last dimension on one side of a transform. */
static long long last(const plan *p, int complex_side) {
  long long n = p->n[p->rank - 1];
  return complex_side && p->type != T_C2C && p->type != T_Z2Z ? n / 2 + 1 : n;
}

EXPORT int cufftMakePlanMany64(int h, int rank, long long *n, long long *inembed,
                               long long istride, long long idist, long long *onembed,
                               long long ostride, long long odist, int type, long long batch,
                               size_t *work) {
  simR_lock();
  plan *p = get(h);
  int r = !p ? R_INVALID_PLAN : !valid_type(type) ? R_INVALID_TYPE
          : rank < 1 || rank > 3 || !n || batch < 1 || batch > INT32_MAX ? R_INVALID_VALUE
                                                                          : R_SUCCESS;
  for (int i = 0; !r && i < rank; i++)
    if (n[i] < 1 || n[i] > (1 << 27)) r = R_INVALID_SIZE;
  if (!r) {
    plan q;
    memset(&q, 0, sizeof q);
    q.made = 1, q.type = type, q.rank = rank, q.batch = (int)batch, q.stream = p->stream;
    for (int i = 0; i < rank; i++) q.n[i] = n[i];
    /* the basic layout when an embed is NULL; the advanced one otherwise */
    int adv = inembed && onembed;
    long long ie = 1, oe = 1;
    for (int i = 0; i < rank; i++) {
      long long li = i == rank - 1 ? last(&q, cin(type)) : n[i];
      long long lo = i == rank - 1 ? last(&q, cout(type)) : n[i];
      q.inembed[i] = adv ? inembed[i] : li;
      q.onembed[i] = adv ? onembed[i] : lo;
      if (q.inembed[i] < (i ? li : 1) || q.onembed[i] < (i ? lo : 1)) r = R_INVALID_VALUE;
      ie *= q.inembed[i], oe *= q.onembed[i];
    }
    q.istride = adv ? istride : 1, q.ostride = adv ? ostride : 1;
    q.idist = adv ? idist : ie, q.odist = adv ? odist : oe;
    if (q.istride < 1 || q.ostride < 1 || q.idist < 0 || q.odist < 0) r = R_INVALID_VALUE;
    if (!r) *p = q;
  }
  if (!r && work) *work = 0;
  simR_unlock();
  return r;
}

EXPORT int cufftMakePlanMany(int h, int rank, int *n, int *inembed, int istride, int idist,
                             int *onembed, int ostride, int odist, int type, int batch,
                             size_t *work) {
  long long N[3] = {0}, I[3] = {0}, O[3] = {0};
  if (!n || rank < 1 || rank > 3) return R_INVALID_VALUE;
  for (int i = 0; i < rank; i++) {
    N[i] = n[i];
    if (inembed) I[i] = inembed[i];
    if (onembed) O[i] = onembed[i];
  }
  return cufftMakePlanMany64(h, rank, N, inembed ? I : NULL, istride, idist,
                             onembed ? O : NULL, ostride, odist, type, batch, work);
}

EXPORT int cufftMakePlan1d(int h, int nx, int type, int batch, size_t *work) {
  return cufftMakePlanMany(h, 1, &nx, NULL, 1, 0, NULL, 1, 0, type, batch, work);
}
EXPORT int cufftMakePlan2d(int h, int nx, int ny, int type, size_t *work) {
  int n[2] = {nx, ny};
  return cufftMakePlanMany(h, 2, n, NULL, 1, 0, NULL, 1, 0, type, 1, work);
}
EXPORT int cufftMakePlan3d(int h, int nx, int ny, int nz, int type, size_t *work) {
  int n[3] = {nx, ny, nz};
  return cufftMakePlanMany(h, 3, n, NULL, 1, 0, NULL, 1, 0, type, 1, work);
}

/* cufftPlan*: create and make; the handle is destroyed again on failure */
#define PLAN_AND_MAKE(call)                                                    \
  if (!h) return R_INVALID_VALUE;                                              \
  int r_ = cufftCreate(h);                                                     \
  if (r_) return r_;                                                           \
  r_ = (call);                                                                 \
  if (r_) cufftDestroy(*h);                                                    \
  return r_
EXPORT int cufftPlan1d(int *h, int nx, int type, int batch) {
  PLAN_AND_MAKE(cufftMakePlan1d(*h, nx, type, batch, NULL));
}
EXPORT int cufftPlan2d(int *h, int nx, int ny, int type) {
  PLAN_AND_MAKE(cufftMakePlan2d(*h, nx, ny, type, NULL));
}
EXPORT int cufftPlan3d(int *h, int nx, int ny, int nz, int type) {
  PLAN_AND_MAKE(cufftMakePlan3d(*h, nx, ny, nz, type, NULL));
}
EXPORT int cufftPlanMany(int *h, int rank, int *n, int *inembed, int istride, int idist,
                         int *onembed, int ostride, int odist, int type, int batch) {
  PLAN_AND_MAKE(cufftMakePlanMany(*h, rank, n, inembed, istride, idist, onembed, ostride, odist,
                                  type, batch, NULL));
}

/* no work area is needed */
static int zero_work(int h, size_t *work) {
  if (!work) return R_INVALID_VALUE;
  *work = 0;
  return get(h) ? R_SUCCESS : R_INVALID_PLAN;
}
EXPORT int cufftEstimate1d(int nx, int type, int batch, size_t *work) {
  (void)nx, (void)type, (void)batch;
  if (!work) return R_INVALID_VALUE;
  *work = 0;
  return R_SUCCESS;
}
EXPORT int cufftEstimate2d(int nx, int ny, int type, size_t *work) {
  (void)nx, (void)ny, (void)type;
  if (!work) return R_INVALID_VALUE;
  *work = 0;
  return R_SUCCESS;
}
EXPORT int cufftEstimate3d(int nx, int ny, int nz, int type, size_t *work) {
  (void)nx, (void)ny, (void)nz, (void)type;
  if (!work) return R_INVALID_VALUE;
  *work = 0;
  return R_SUCCESS;
}
EXPORT int cufftGetSize(int h, size_t *work) { return zero_work(h, work); }
EXPORT int cufftGetSize1d(int h, int nx, int type, int batch, size_t *work) {
  (void)nx, (void)type, (void)batch;
  return zero_work(h, work);
}
EXPORT int cufftSetWorkArea(int h, void *work) {
  (void)work;
  return get(h) ? R_SUCCESS : R_INVALID_PLAN;
}
EXPORT int cufftSetAutoAllocation(int h, int on) {
  (void)on;
  return get(h) ? R_SUCCESS : R_INVALID_PLAN;
}
EXPORT int cufftSetStream(int h, cudaStream_t s) {
  simR_lock();
  plan *p = get(h);
  int sok = p && simR_stream_ok_locked(s, "cufftSetStream"); /* (runtime/handles.c) */
  if (sok) p->stream = s;
  simR_unlock();
  return !p ? R_INVALID_PLAN : sok ? R_SUCCESS : R_INVALID_VALUE;
}
EXPORT int cufftGetVersion(int *v) {
  if (!v) return R_INVALID_VALUE;
  *v = 11000;
  return R_SUCCESS;
}
EXPORT int cufftGetProperty(int type, int *v) {
  if (!v) return R_INVALID_VALUE;
  if (type < 0 || type > 2) return R_INVALID_VALUE;
  *v = type == 0 ? 11 : 0;
  return R_SUCCESS;
}

/* ------------------------------------------------------------ execution */

/* An execution: a copy of its plan, its buffers and direction. */
typedef struct exec {
  plan p;
  void *in, *out;
  int dir;
  const char *fn;
} exec;

/* Elements one side (complex_side: its elements are complex) of the
 * batch spans: the last element of the last transform, + 1. */
static uint64_t span(const plan *p, int complex_side, const long long *embed, long long stride,
                     long long dist) {
  uint64_t last_el = 0, inner = 1;
  for (int i = p->rank - 1; i >= 0; i--) {
    long long n = i == p->rank - 1 ? last(p, complex_side) : p->n[i];
    last_el += (uint64_t)(n - 1) * inner;
    inner *= (uint64_t)embed[i];
  }
  return (uint64_t)(p->batch - 1) * (uint64_t)dist + last_el * (uint64_t)stride + 1;
}

static int run_exec(const exec *x, cudaStream_t s) {
  const plan *p = &x->p;
  if (simR_sticky_locked()) return R_EXEC_FAILED;
  unsigned cs = dbl(p->type) ? 16 : 8, rs = dbl(p->type) ? 8 : 4;
  unsigned is = cin(p->type) ? cs : rs, os = cout(p->type) ? cs : rs;
  uint64_t ib = span(p, cin(p->type), p->inembed, p->istride, p->idist) * is;
  uint64_t ob = span(p, cout(p->type), p->onembed, p->ostride, p->odist) * os;
  simR_libcall_begin_locked(s, x->fn);
  cudaError_t e;
  void *in = simR_host_bytes_locked(x->in, ib, &e);
  void *out = in ? simR_host_bytes_locked(x->out, ob, &e) : NULL;
  int r = R_SUCCESS;
  if (!in || !out) {
    fprintf(stderr, "simulee: error: %s: the %s (%llu bytes at %p) is not inside one allocation "
            "of device, managed or host memory\n", x->fn, in ? "output" : "input",
            (unsigned long long)(in ? ob : ib), in ? x->out : x->in);
    r = R_EXEC_FAILED;
  } else {
    simR_libcall_access_locked(x->in, ib, 0);
    simR_libcall_access_locked(x->out, ob, 1);
    int n[3], ie[3], oe[3];
    for (int i = 0; i < p->rank; i++)
      n[i] = (int)p->n[i], ie[i] = (int)p->inembed[i], oe[i] = (int)p->onembed[i];
    unsigned flags = FFTW_ESTIMATE;
    if (dbl(p->type)) {
      fftw_plan f =
          p->type == T_Z2Z
              ? fftw_plan_many_dft(p->rank, n, p->batch, in, ie, (int)p->istride, (int)p->idist,
                                   out, oe, (int)p->ostride, (int)p->odist, x->dir, flags)
          : p->type == T_D2Z
              ? fftw_plan_many_dft_r2c(p->rank, n, p->batch, in, ie, (int)p->istride,
                                       (int)p->idist, out, oe, (int)p->ostride, (int)p->odist,
                                       flags)
              : fftw_plan_many_dft_c2r(p->rank, n, p->batch, in, ie, (int)p->istride,
                                       (int)p->idist, out, oe, (int)p->ostride, (int)p->odist,
                                       flags);
      if (f) fftw_execute(f), fftw_destroy_plan(f);
      else r = R_EXEC_FAILED;
    } else {
      fftwf_plan f =
          p->type == T_C2C
              ? fftwf_plan_many_dft(p->rank, n, p->batch, in, ie, (int)p->istride, (int)p->idist,
                                    out, oe, (int)p->ostride, (int)p->odist, x->dir, flags)
          : p->type == T_R2C
              ? fftwf_plan_many_dft_r2c(p->rank, n, p->batch, in, ie, (int)p->istride,
                                        (int)p->idist, out, oe, (int)p->ostride,
                                        (int)p->odist, flags)
              : fftwf_plan_many_dft_c2r(p->rank, n, p->batch, in, ie, (int)p->istride,
                                        (int)p->idist, out, oe, (int)p->ostride,
                                        (int)p->odist, flags);
      if (f) fftwf_execute(f), fftwf_destroy_plan(f);
      else r = R_EXEC_FAILED;
    }
  }
  simR_libcall_end_locked();
  return r;
}

static int run_node(const void *data, cudaStream_t lane) {
  return run_exec(data, lane) != R_SUCCESS;
}

/* A captured transform: a sticky kernel error fails it. */
static int ready_node(void *data) {
  (void)data;
  return simR_sticky_locked() ? R_EXEC_FAILED : R_SUCCESS;
}

static int execute(const char *fn, int h, void *in, void *out, int dir, int want_double,
                   int want_type) {
  simR_lock();
  plan *p = get(h);
  int r = !p || !p->made ? R_INVALID_PLAN
          : dbl(p->type) != want_double || (want_type && p->type != want_type) ? R_INVALID_TYPE
          : !in || !out ? R_INVALID_VALUE
          : (p->type == T_C2C || p->type == T_Z2Z) && dir != -1 && dir != 1 ? R_INVALID_VALUE
                                                                             : R_SUCCESS;
  if (!r) {
    exec x = {*p, in, out, dir, fn};
    int rst;
    cudaError_t e;
    if (simR_submit_libcall_locked(p->stream, fn, run_node, ready_node, &x, sizeof x, 0, &rst, &e))
      r = rst ? rst : e ? R_ALLOC_FAILED : R_SUCCESS;
    else
      r = run_exec(&x, p->stream);
  }
  simR_unlock();
  return r;
}

EXPORT int cufftExecC2C(int h, void *in, void *out, int dir) {
  return execute("cufftExecC2C", h, in, out, dir, 0, T_C2C);
}
EXPORT int cufftExecR2C(int h, void *in, void *out) {
  return execute("cufftExecR2C", h, in, out, -1, 0, T_R2C);
}
EXPORT int cufftExecC2R(int h, void *in, void *out) {
  return execute("cufftExecC2R", h, in, out, 1, 0, T_C2R);
}
EXPORT int cufftExecZ2Z(int h, void *in, void *out, int dir) {
  return execute("cufftExecZ2Z", h, in, out, dir, 1, T_Z2Z);
}
EXPORT int cufftExecD2Z(int h, void *in, void *out) {
  return execute("cufftExecD2Z", h, in, out, -1, 1, T_D2Z);
}
EXPORT int cufftExecZ2D(int h, void *in, void *out) {
  return execute("cufftExecZ2D", h, in, out, 1, 1, T_Z2D);
}
