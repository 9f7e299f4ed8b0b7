/*
 * simulee runtime: cuSOLVER's handles (dense, sparse, refactorization) and
 * the info objects of its low-level sparse API, so that a program's set-up
 * runs; the routines themselves (runtime/solver.def) are stubs that say
 * once on stderr that they are not supported and return
 * CUSOLVER_STATUS_NOT_SUPPORTED, the way a program meets a feature a
 * library lacks. Each is weak: a file that implements one overrides it.
 */
#include <stdio.h>
#include <stdlib.h>

#include "runtime/internal.h"

#define EXPORT __attribute__((visibility("default")))
#define STUB_EXPORT __attribute__((weak, visibility("default")))

enum { OK = 0, NOT_INITIALIZED = 1, ALLOC_FAILED = 2, INVALID_VALUE = 3, NOT_SUPPORTED = 9 };

/* ------------------------------------------------------------ handles */

typedef struct solver_handle {
  unsigned magic;       /* SOLVER_MAGIC while alive */
  cudaStream_t stream;
} solver_handle;
#define SOLVER_MAGIC 0x50564c53u

static int make(void **h) {
  if (!h) return INVALID_VALUE;
  solver_handle *s = calloc(1, sizeof *s);
  if (!s) return ALLOC_FAILED;
  s->magic = SOLVER_MAGIC;
  *h = s;
  return OK;
}
static int drop(void *h) {
  solver_handle *s = h;
  if (!s || s->magic != SOLVER_MAGIC) return NOT_INITIALIZED;
  s->magic = 0;
  free(s);
  return OK;
}
static int set_stream(void *h, cudaStream_t st) {
  solver_handle *s = h;
  if (!s || s->magic != SOLVER_MAGIC) return NOT_INITIALIZED;
  s->stream = st;
  return OK;
}
static int get_stream(void *h, cudaStream_t *st) {
  solver_handle *s = h;
  if (!s || s->magic != SOLVER_MAGIC) return NOT_INITIALIZED;
  if (!st) return INVALID_VALUE;
  *st = s->stream;
  return OK;
}

EXPORT int cusolverDnCreate(void **h) { return make(h); }
EXPORT int cusolverDnDestroy(void *h) { return drop(h); }
EXPORT int cusolverDnSetStream(void *h, cudaStream_t s) { return set_stream(h, s); }
EXPORT int cusolverDnGetStream(void *h, cudaStream_t *s) { return get_stream(h, s); }
EXPORT int cusolverSpCreate(void **h) { return make(h); }
EXPORT int cusolverSpDestroy(void *h) { return drop(h); }
EXPORT int cusolverSpSetStream(void *h, cudaStream_t s) { return set_stream(h, s); }
EXPORT int cusolverSpGetStream(void *h, cudaStream_t *s) { return get_stream(h, s); }
EXPORT int cusolverRfCreate(void **h) { return make(h); }
EXPORT int cusolverRfDestroy(void *h) { return drop(h); }
/* the refactorization's settings: kept by nobody (nothing factors) */
static int setting(void *h) {
  solver_handle *s = h;
  return s && s->magic == SOLVER_MAGIC ? OK : NOT_INITIALIZED;
}
EXPORT int cusolverRfSetMatrixFormat(void *h, int f, int d) {
  (void)f, (void)d;
  return setting(h);
}
EXPORT int cusolverRfSetNumericProperties(void *h, double zero, double boost) {
  (void)zero, (void)boost;
  return setting(h);
}
EXPORT int cusolverRfSetResetValuesFastMode(void *h, int m) {
  (void)m;
  return setting(h);
}
EXPORT int cusolverRfSetAlgs(void *h, int f, int s) {
  (void)f, (void)s;
  return setting(h);
}
/* the low-level API's info objects */
#define INFO(K)                                                                \
  EXPORT int cusolverSpCreate##K(void **info) { return make(info); }           \
  EXPORT int cusolverSpDestroy##K(void *info) { return drop(info); }
INFO(CsrluInfoHost)
INFO(CsrqrInfoHost)
INFO(CsrqrInfo)
INFO(CsrcholInfoHost)
INFO(CsrcholInfo)
#undef INFO

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
