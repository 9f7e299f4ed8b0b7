/*
 * simulee runtime: the state every file of runtime/ shares, at the bottom
 * of the runtime's files (it calls none of them): the runtime lock, the
 * error state (the last error, the sticky error, a kernel's pending one)
 * with the errors' names, the allocation table, and the values of
 * conditional handles (a graph's conditional nodes read them, kernels set
 * them with cudaGraphSetConditional).
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "runtime/internal.h"

#define EXPORT __attribute__((visibility("default")))

/* the allocation table (runtime/memory.c manages it) */
simR_memtab simR_mem;

static pthread_mutex_t lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static __thread int depth; /* this thread's holds of the lock */
void simR_lock(void) {
  pthread_mutex_lock(&lock);
  depth++;
}
void simR_unlock(void) {
  depth--;
  pthread_mutex_unlock(&lock);
}
int simR_lock_held(void) { return depth > 0; }
int simR_lock_within(double secs) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  ts.tv_sec += (time_t)secs;
  ts.tv_nsec += (long)((secs - (double)(time_t)secs) * 1e9);
  if (ts.tv_nsec >= 1000000000L) ts.tv_sec++, ts.tv_nsec -= 1000000000L;
  if (pthread_mutex_timedlock(&lock, &ts) != 0) return 0;
  depth++;
  return 1;
}
void simR_lock_reset(void) {
  pthread_mutex_t fresh = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
  memcpy(&lock, &fresh, sizeof lock);
  depth = 0;
}

/* ------------------------------------------------------------- errors */

static cudaError_t last_error; /* cudaGetLastError */
static cudaError_t sticky;     /* a kernel's error after it was reported */
cudaError_t simR_pending;      /* a kernel's error not reported yet */

cudaError_t simR_error_locked(cudaError_t e) {
  if (e) last_error = e;
  return e;
}

cudaError_t simR_sticky_locked(void) { return sticky; }

cudaError_t simR_error_settle_locked(void) {
  if (!sticky && simR_pending) {
    sticky = simR_pending;
    simR_pending = cudaSuccess;
  }
  if (sticky) last_error = sticky;
  return sticky;
}

void simR_error_reset_locked(void) {
  sticky = cudaSuccess;
  simR_pending = cudaSuccess;
  last_error = cudaSuccess;
}

cudaError_t simR_unsupported_locked(const char *what) {
  fprintf(stderr, "simulee: error: %s is not supported by simulee's CUDA runtime\n", what);
  return simR_error_locked(cudaErrorNotSupported);
}

EXPORT cudaError_t cudaGetLastError(void) {
  simR_lock();
  cudaError_t e = sticky ? sticky : last_error;
  last_error = cudaSuccess;
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaPeekAtLastError(void) {
  simR_lock();
  cudaError_t e = sticky ? sticky : last_error;
  simR_unlock();
  return e;
}

static const struct {
  cudaError_t e;
  const char *name, *text;
} ERRS[] = {
    {cudaSuccess, "cudaSuccess", "no error"},
    {cudaErrorInvalidValue, "cudaErrorInvalidValue", "invalid argument"},
    {cudaErrorMemoryAllocation, "cudaErrorMemoryAllocation", "out of memory"},
    {cudaErrorInitializationError, "cudaErrorInitializationError", "initialization error"},
    {cudaErrorInvalidConfiguration, "cudaErrorInvalidConfiguration",
     "invalid configuration argument"},
    {cudaErrorInvalidPitchValue, "cudaErrorInvalidPitchValue", "invalid pitch argument"},
    {cudaErrorInvalidSymbol, "cudaErrorInvalidSymbol", "invalid device symbol"},
    {cudaErrorInvalidDevicePointer, "cudaErrorInvalidDevicePointer", "invalid device pointer"},
    {cudaErrorInvalidMemcpyDirection, "cudaErrorInvalidMemcpyDirection",
     "invalid copy direction for memcpy"},
    {cudaErrorInvalidDevice, "cudaErrorInvalidDevice", "invalid device ordinal"},
    {cudaErrorInvalidDeviceFunction, "cudaErrorInvalidDeviceFunction",
     "invalid device function"},
    {cudaErrorInvalidResourceHandle, "cudaErrorInvalidResourceHandle",
     "invalid resource handle"},
    {cudaErrorNotReady, "cudaErrorNotReady", "device not ready"},
    {cudaErrorIllegalAddress, "cudaErrorIllegalAddress",
     "an illegal memory access was encountered"},
    {cudaErrorMisalignedAddress, "cudaErrorMisalignedAddress", "misaligned address"},
    {cudaErrorLaunchOutOfResources, "cudaErrorLaunchOutOfResources",
     "too many resources requested for launch"},
    {cudaErrorLaunchTimeout, "cudaErrorLaunchTimeout",
     "the launch timed out and was terminated"},
    {cudaErrorAssert, "cudaErrorAssert", "device-side assert triggered"},
    {cudaErrorLaunchFailure, "cudaErrorLaunchFailure", "unspecified launch failure"},
    {cudaErrorNotSupported, "cudaErrorNotSupported", "operation not supported"},
    {cudaErrorNoDevice, "cudaErrorNoDevice", "no CUDA-capable device is detected"},
    {cudaErrorIllegalState, "cudaErrorIllegalState",
     "the operation cannot be performed in the present state"},
    {cudaErrorStreamCaptureUnsupported, "cudaErrorStreamCaptureUnsupported",
     "operation not permitted when stream is capturing"},
    {cudaErrorStreamCaptureInvalidated, "cudaErrorStreamCaptureInvalidated",
     "operation failed due to a previous error during capture"},
    {cudaErrorStreamCaptureMerge, "cudaErrorStreamCaptureMerge",
     "operation would result in a merge of separate capture sequences"},
    {cudaErrorStreamCaptureUnmatched, "cudaErrorStreamCaptureUnmatched",
     "capture was not ended in the same stream as it began"},
    {cudaErrorStreamCaptureUnjoined, "cudaErrorStreamCaptureUnjoined",
     "capturing stream has unjoined work"},
    {cudaErrorStreamCaptureIsolation, "cudaErrorStreamCaptureIsolation",
     "dependency created on uncaptured work in another stream"},
    {cudaErrorStreamCaptureImplicit, "cudaErrorStreamCaptureImplicit",
     "operation would make the legacy stream depend on a capturing blocking stream"},
    {cudaErrorGraphExecUpdateFailure, "cudaErrorGraphExecUpdateFailure",
     "the graph update was not performed because it included changes which violated "
     "constraints specific to instantiated graph update"},
};

EXPORT const char *cudaGetErrorName(cudaError_t e) {
  for (size_t i = 0; i < sizeof ERRS / sizeof ERRS[0]; i++)
    if (ERRS[i].e == e) return ERRS[i].name;
  return "cudaErrorUnknown";
}

EXPORT const char *cudaGetErrorString(cudaError_t e) {
  for (size_t i = 0; i < sizeof ERRS / sizeof ERRS[0]; i++)
    if (ERRS[i].e == e) return ERRS[i].text;
  return "unknown error";
}

/* ------------------------------------------------ conditional handles */

/* A conditional handle (cudaGraphConditionalHandle): COND_TAG | its index
 * in conds, so that a made-up value names none. */
#define COND_TAG 0x5C0D000000000000ull
#define COND_MASK 0xFFFF000000000000ull

typedef struct cond_value {
  unsigned value;  /* what the conditional node reads */
  unsigned dflt;   /* the default launch value */
  int assign;      /* cudaGraphCondAssignDefault: dflt at each graph launch */
} cond_value;

static cond_value *conds;
static unsigned nconds, capconds;

static cond_value *cond_of(unsigned long long h) {
  if ((h & COND_MASK) != COND_TAG || (h & ~COND_MASK) >= nconds) return NULL;
  return &conds[h & ~COND_MASK];
}

unsigned long long simR_cond_new_locked(unsigned dflt, int assign) {
  if (nconds == capconds) {
    unsigned nc = capconds ? 2 * capconds : 16;
    cond_value *nv = realloc(conds, nc * sizeof *nv);
    if (!nv) return 0;
    conds = nv;
    capconds = nc;
  }
  conds[nconds] = (cond_value){dflt, dflt, assign};
  return COND_TAG | nconds++;
}

int simR_cond_get_locked(unsigned long long h, unsigned *value) {
  cond_value *c = cond_of(h);
  if (c) *value = c->value;
  return c ? 0 : -1;
}

int simR_cond_set_locked(unsigned long long h, unsigned value) {
  cond_value *c = cond_of(h);
  if (c) c->value = value;
  return c ? 0 : -1;
}

void simR_cond_start_locked(unsigned long long h, int instantiate) {
  cond_value *c = cond_of(h);
  if (c && (instantiate || c->assign)) c->value = c->dflt;
}
