/*
 * simulee runtime: the device queries (the numbers: runtime/settings.c),
 * streams, events (their records and waits as stream operations,
 * runtime/op.h), synchronization. (The lock and the error state:
 * runtime/state.c; the run's settings: runtime/settings.c.)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "runtime/internal.h"
#include "runtime/op.h"
#include "simulee/report.h"

#define EXPORT __attribute__((visibility("default")))

/* ------------------------------------------------------------- device */

EXPORT cudaError_t cudaGetDeviceProperties(cudaDeviceProp *prop, int device) {
  if (!prop) return cudaErrorInvalidValue;
  if (device != 0) return cudaErrorInvalidDevice;
  *prop = *simR_props();
  return cudaSuccess;
}

EXPORT cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device) {
  if (!value) return cudaErrorInvalidValue;
  if (device != 0) return cudaErrorInvalidDevice;
  const cudaDeviceProp *p = simR_props();
  switch (attr) {
  case cudaDevAttrMaxThreadsPerBlock: *value = p->maxThreadsPerBlock; break;
  case cudaDevAttrMaxBlockDimX: *value = p->maxThreadsDim[0]; break;
  case cudaDevAttrMaxBlockDimY: *value = p->maxThreadsDim[1]; break;
  case cudaDevAttrMaxBlockDimZ: *value = p->maxThreadsDim[2]; break;
  case cudaDevAttrMaxGridDimX: *value = p->maxGridSize[0]; break;
  case cudaDevAttrMaxGridDimY: *value = p->maxGridSize[1]; break;
  case cudaDevAttrMaxGridDimZ: *value = p->maxGridSize[2]; break;
  case cudaDevAttrMaxSharedMemoryPerBlock: *value = (int)p->sharedMemPerBlock; break;
  case cudaDevAttrTotalConstantMemory: *value = (int)p->totalConstMem; break;
  case cudaDevAttrWarpSize: *value = p->warpSize; break;
  case cudaDevAttrMaxPitch: *value = (int)p->memPitch; break;
  case cudaDevAttrMaxRegistersPerBlock: *value = p->regsPerBlock; break;
  case cudaDevAttrClockRate: *value = p->clockRate; break;
  case cudaDevAttrTextureAlignment: *value = (int)p->textureAlignment; break;
  case cudaDevAttrGpuOverlap: *value = p->deviceOverlap; break;
  case cudaDevAttrMultiProcessorCount: *value = p->multiProcessorCount; break;
  case cudaDevAttrKernelExecTimeout: *value = 0; break;
  case cudaDevAttrIntegrated: *value = 0; break;
  case cudaDevAttrCanMapHostMemory: *value = 1; break;
  case cudaDevAttrComputeMode: *value = 0; break;
  case cudaDevAttrConcurrentKernels: *value = 1; break;
  case cudaDevAttrEccEnabled: *value = 0; break;
  case cudaDevAttrPciBusId: case cudaDevAttrPciDeviceId: *value = 0; break;
  case cudaDevAttrMemoryClockRate: *value = p->memoryClockRate; break;
  case cudaDevAttrGlobalMemoryBusWidth: *value = p->memoryBusWidth; break;
  case cudaDevAttrL2CacheSize: *value = p->l2CacheSize; break;
  case cudaDevAttrMaxThreadsPerMultiProcessor: *value = p->maxThreadsPerMultiProcessor; break;
  case cudaDevAttrComputeCapabilityMajor: *value = p->major; break;
  case cudaDevAttrComputeCapabilityMinor: *value = p->minor; break;
  case cudaDevAttrMaxSharedMemoryPerMultiprocessor:
    *value = (int)p->sharedMemPerMultiprocessor;
    break;
  case cudaDevAttrManagedMemory: *value = 1; break;
  case cudaDevAttrCooperativeLaunch: *value = 1; break;
  case cudaDevAttrMaxSharedMemoryPerBlockOptin: *value = (int)p->sharedMemPerBlockOptin; break;
  case cudaDevAttrMaxBlocksPerMultiprocessor: *value = p->maxBlocksPerMultiProcessor; break;
  default: {
    if (simR_device_attr((int)attr, value)) break; /* the others (runtime/more.c) */
    char what[64];
    snprintf(what, sizeof what, "cudaDeviceGetAttribute of attribute %d", (int)attr);
    simR_lock();
    cudaError_t e = simR_unsupported_locked(what);
    simR_unlock();
    return e;
  }
  }
  return cudaSuccess;
}

EXPORT cudaError_t cudaGetDeviceCount(int *count) {
  if (!count) return cudaErrorInvalidValue;
  *count = 1;
  return cudaSuccess;
}

EXPORT cudaError_t cudaGetDevice(int *device) {
  if (!device) return cudaErrorInvalidValue;
  *device = 0;
  return cudaSuccess;
}

EXPORT cudaError_t cudaSetDevice(int device) {
  if (device == 0) return cudaSuccess;
  simR_lock();
  cudaError_t e = simR_error_locked(cudaErrorInvalidDevice);
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaSetDeviceFlags(unsigned flags) { (void)flags; return cudaSuccess; }
EXPORT cudaError_t cudaGetDeviceFlags(unsigned *flags) {
  if (flags) *flags = 0;
  return cudaSuccess;
}
EXPORT cudaError_t cudaDeviceSetCacheConfig(int c) { (void)c; return cudaSuccess; }
EXPORT cudaError_t cudaDeviceSetSharedMemConfig(int c) { (void)c; return cudaSuccess; }
/* The limits: the device heap's size is kept (runtime/launch.c); the
 * others are accepted and answered with what was set (CUDA's defaults
 * before): simulee's stacks, printf buffer and launch queue do not depend
 * on them. */
static size_t limits[7] = {1024, 1u << 20, 8u << 20, 2, 2048, 64, 0};

EXPORT cudaError_t cudaDeviceSetLimit(int limit, size_t value) {
  if (limit < 0 || limit > cudaLimitPersistingL2CacheSize) {
    simR_lock();
    cudaError_t e = simR_error_locked(cudaErrorUnsupportedLimit);
    simR_unlock();
    return e;
  }
  if (limit != cudaLimitMallocHeapSize) {
    limits[limit] = value;
    return cudaSuccess;
  }
  simR_lock();
  cudaError_t e = simR_heap_set_limit_locked(value);
  if (e) e = simR_error_locked(e);
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaDeviceGetLimit(size_t *value, int limit) {
  if (limit < 0 || limit > cudaLimitPersistingL2CacheSize) {
    simR_lock();
    cudaError_t e = simR_error_locked(cudaErrorUnsupportedLimit);
    simR_unlock();
    return e;
  }
  if (!value) {
    simR_lock();
    cudaError_t e = simR_error_locked(cudaErrorInvalidValue);
    simR_unlock();
    return e;
  }
  if (limit != cudaLimitMallocHeapSize) {
    *value = limits[limit];
    return cudaSuccess;
  }
  simR_lock();
  *value = simR_heap_limit_locked();
  simR_unlock();
  return cudaSuccess;
}

EXPORT cudaError_t cudaThreadSetLimit(int limit, size_t value) {
  return cudaDeviceSetLimit(limit, value);
}
EXPORT cudaError_t cudaThreadGetLimit(size_t *value, int limit) {
  return cudaDeviceGetLimit(value, limit);
}
/* the driver's: CUDA 12.8, whose graph features a program may ask for by
 * version (conditional IF nodes with an else body, SWITCH nodes) run here;
 * the runtime's is that of the headers, 12.0 */
EXPORT cudaError_t cudaDriverGetVersion(int *v) {
  if (v) *v = 12080;
  return cudaSuccess;
}
EXPORT cudaError_t cudaRuntimeGetVersion(int *v) {
  if (v) *v = 12000;
  return cudaSuccess;
}
EXPORT cudaError_t cudaProfilerStart(void) { return cudaSuccess; }
EXPORT cudaError_t cudaProfilerStop(void) { return cudaSuccess; }

EXPORT cudaError_t cudaDeviceSynchronize(void) {
  simR_lock();
  simR_order_host_all_locked();
  cudaError_t e = simR_sync_locked();
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaThreadSynchronize(void) { return cudaDeviceSynchronize(); }

EXPORT cudaError_t cudaDeviceReset(void) {
  /* the device allocations go (a later use of their pointers is a
   * finding); errors go */
  simR_lock();
  cudaError_t e = simR_sync_locked();
  simR_mem_reset_locked();
  simR_heap_reset_locked(); /* the device heap's blocks go too */
  simR_error_reset_locked(); /* the context's errors, sticky ones too, go with it */
  simR_unlock();
  return e == cudaErrorIllegalAddress || e == cudaErrorMisalignedAddress || e == cudaErrorAssert
             ? cudaSuccess : e;
}

/* ---------------------------------------------------- streams, events */

/* (struct CUstream_st and CUevent_st: runtime/internal.h) */
_Static_assert(sizeof ((struct CUevent_st *)0)->vc == SIMR_MAX_STREAMS * sizeof(uint64_t),
               "an event holds one clock");

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

EXPORT cudaError_t cudaStreamCreateWithPriority(cudaStream_t *s, unsigned flags, int prio) {
  if (!s) return cudaErrorInvalidValue;
  simR_lock();
  struct CUstream_st *st = simR_handle_new_locked(SIMR_H_STREAM, sizeof *st);
  if (!st) {
    simR_unlock();
    return cudaErrorMemoryAllocation;
  }
  st->flags = flags;
  st->priority = prio;
  st->idx = simR_order_new_stream_locked(flags);
  simR_unlock();
  *s = st;
  return cudaSuccess;
}

EXPORT cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned flags) {
  return cudaStreamCreateWithPriority(s, flags, 0);
}

EXPORT cudaError_t cudaStreamCreate(cudaStream_t *s) { return cudaStreamCreateWithPriority(s, 0, 0); }

EXPORT cudaError_t cudaStreamDestroy(cudaStream_t s) {
  if ((uintptr_t)s <= 2) return cudaSuccess;
  simR_lock();
  cudaError_t e = simR_bad_stream_locked(s, "cudaStreamDestroy");
  if (!e) {
    simR_submit_forget_locked(s);
    free(s->tail);
    s->tail = NULL;
    s->ntail = 0;
    simR_handle_delete_locked(s, SIMR_H_STREAM);
  }
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaStreamSynchronize(cudaStream_t s) {
  simR_lock();
  cudaError_t be = simR_bad_stream_locked(s, "cudaStreamSynchronize");
  if (be) {
    simR_unlock();
    return be;
  }
  if (simR_submit_capturing_locked(s)) {
    cudaError_t e = simR_submit_refuse_locked(s, "cudaStreamSynchronize");
    simR_unlock();
    return e;
  }
  simR_order_host_stream_locked(simR_stream_index(s));
  cudaError_t e = simR_stream_sync_locked(s);
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaStreamQuery(cudaStream_t s) {
  simR_lock();
  cudaError_t e = simR_bad_stream_locked(s, "cudaStreamQuery");
  if (!e) e = simR_sticky_locked();
  simR_unlock();
  return e;
}

/* An event record or wait (a record built below), now on clock index
 * sidx. */
static cudaError_t wait_run(simR_op *op, unsigned sidx, cudaStream_t lane) {
  (void)lane;
  simR_order_wait_locked(sidx, op->u.event.ev->vc);
  return simR_sticky_locked();
}

static cudaError_t record_run(simR_op *op, unsigned sidx, cudaStream_t lane) {
  (void)lane;
  cudaEvent_t ev = op->u.event.ev;
  ev->cap = NULL; /* an ordinary record from now on */
  ev->when = now();
  simR_order_record_locked(sidx, ev->vc);
  return simR_sticky_locked();
}

/* A host function (a graph's host node; cudaLaunchHostFunc calls its own
 * outside the lock): everything it depends on is complete. */
static cudaError_t host_run(simR_op *op, unsigned sidx, cudaStream_t lane) {
  (void)lane;
  simR_order_op_locked(sidx);
  op->u.host.fn(op->u.host.data);
  return cudaSuccess;
}

static const simR_executor wait_executor = {wait_run, NULL, NULL, NULL, NULL};
static const simR_executor record_executor = {record_run, NULL, NULL, NULL, NULL};
static const simR_executor host_executor = {host_run, NULL, NULL, NULL, NULL};

__attribute__((constructor)) static void register_stream_ops(void) {
  simR_op_register(SIMR_OP_WAIT, &wait_executor);
  simR_op_register(SIMR_OP_RECORD, &record_executor);
  simR_op_register(SIMR_OP_HOST, &host_executor);
}

/* An event record or wait issued on s by `call`. */
static simR_op event_op(simR_opkind kind, const char *call, cudaEvent_t ev, cudaStream_t s) {
  simR_op op;
  memset(&op, 0, sizeof op);
  op.kind = kind;
  op.stream = s;
  op.call = call;
  op.u.event.ev = ev;
  return op;
}

EXPORT cudaError_t cudaStreamWaitEvent(cudaStream_t s, cudaEvent_t ev, unsigned flags) {
  (void)flags;
  simR_op op = event_op(SIMR_OP_WAIT, "cudaStreamWaitEvent", ev, s);
  simR_lock();
  cudaError_t e = simR_submit_locked(&op);
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaStreamGetFlags(cudaStream_t s, unsigned *flags) {
  if (!flags) return cudaErrorInvalidValue;
  simR_lock();
  cudaError_t e = simR_bad_stream_locked(s, "cudaStreamGetFlags");
  if (!e) *flags = (uintptr_t)s > 2 ? s->flags : 0;
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaStreamGetPriority(cudaStream_t s, int *prio) {
  if (!prio) return cudaErrorInvalidValue;
  simR_lock();
  cudaError_t e = simR_bad_stream_locked(s, "cudaStreamGetPriority");
  if (!e) *prio = (uintptr_t)s > 2 ? s->priority : 0;
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaDeviceGetStreamPriorityRange(int *least, int *greatest) {
  if (least) *least = 0;
  if (greatest) *greatest = -5;
  return cudaSuccess;
}

typedef void (*host_fn)(void *);
typedef void (*stream_cb)(cudaStream_t, cudaError_t, void *);

EXPORT cudaError_t cudaLaunchHostFunc(cudaStream_t s, host_fn fn, void *data) {
  if (!fn) return cudaErrorInvalidValue;
  simR_op op;
  memset(&op, 0, sizeof op);
  op.kind = SIMR_OP_HOST;
  op.stream = s;
  op.call = "cudaLaunchHostFunc";
  op.flags = SIMR_OP_INLINE; /* run here, outside the lock */
  op.u.host.fn = fn, op.u.host.data = data;
  simR_lock();
  cudaError_t e = simR_submit_locked(&op);
  simR_unlock();
  if (e || op.captured) return e;
  fn(data); /* everything before it on the stream is complete */
  return cudaSuccess;
}

EXPORT cudaError_t cudaStreamAddCallback(cudaStream_t s, stream_cb cb, void *data,
                                         unsigned flags) {
  (void)flags;
  if (!cb) return cudaErrorInvalidValue;
  simR_op op; /* a host function simulee does not capture, called here */
  memset(&op, 0, sizeof op);
  op.kind = SIMR_OP_HOST;
  op.stream = s;
  op.call = "cudaStreamAddCallback";
  op.flags = SIMR_OP_NOCAPTURE | SIMR_OP_INLINE;
  simR_lock();
  cudaError_t be = simR_submit_locked(&op);
  if (be) {
    simR_unlock();
    return be;
  }
  cudaError_t e = simR_sync_locked();
  simR_unlock();
  cb(s, e, data);
  return cudaSuccess;
}

EXPORT cudaError_t cudaStreamAttachMemAsync(cudaStream_t s, void *p, size_t n, unsigned f) {
  (void)p, (void)n, (void)f;
  simR_lock();
  cudaError_t e = simR_bad_stream_locked(s, "cudaStreamAttachMemAsync");
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaEventCreateWithFlags(cudaEvent_t *ev, unsigned flags) {
  if (!ev) return cudaErrorInvalidValue;
  simR_lock();
  struct CUevent_st *e = simR_handle_new_locked(SIMR_H_EVENT, sizeof *e);
  if (e) {
    e->flags = flags;
    e->when = -1;
  }
  simR_unlock();
  if (!e) return cudaErrorMemoryAllocation;
  *ev = e;
  return cudaSuccess;
}

EXPORT cudaError_t cudaEventCreate(cudaEvent_t *ev) { return cudaEventCreateWithFlags(ev, 0); }

EXPORT cudaError_t cudaEventDestroy(cudaEvent_t ev) {
  simR_lock();
  cudaError_t e = simR_bad_handle_locked(ev, SIMR_H_EVENT, "cudaEventDestroy");
  if (!e) {
    free(ev->nodes);
    ev->nodes = NULL;
    ev->nnodes = 0;
    simR_handle_delete_locked(ev, SIMR_H_EVENT);
  }
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaEventRecord(cudaEvent_t ev, cudaStream_t s) {
  simR_op op = event_op(SIMR_OP_RECORD, "cudaEventRecord", ev, s);
  simR_lock();
  cudaError_t e = simR_submit_locked(&op);
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaEventRecordWithFlags(cudaEvent_t ev, cudaStream_t s, unsigned flags) {
  (void)flags;
  return cudaEventRecord(ev, s);
}

EXPORT cudaError_t cudaEventSynchronize(cudaEvent_t ev) {
  simR_lock();
  cudaError_t e = simR_bad_handle_locked(ev, SIMR_H_EVENT, "cudaEventSynchronize");
  if (!e) {
    simR_order_host_event_locked(ev->vc);
    e = simR_sync_locked();
  }
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaEventQuery(cudaEvent_t ev) {
  simR_lock();
  cudaError_t e = simR_bad_handle_locked(ev, SIMR_H_EVENT, "cudaEventQuery");
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t a, cudaEvent_t b) {
  if (!ms) return cudaErrorInvalidValue;
  simR_lock();
  cudaError_t e = simR_bad_handle_locked(a, SIMR_H_EVENT, "cudaEventElapsedTime");
  if (!e) e = simR_bad_handle_locked(b, SIMR_H_EVENT, "cudaEventElapsedTime");
  if (!e && (a->when < 0 || b->when < 0)) e = cudaErrorInvalidResourceHandle;
  if (!e) *ms = (float)((b->when - a->when) * 1e3);
  simR_unlock();
  return e;
}
