/*
 * simulee runtime: graph memory (CUDA 12's memory allocation and free
 * nodes: cudaGraphAddMemAllocNode, cudaGraphAddMemFreeNode; the
 * cudaDeviceGetGraphMemAttribute counters and cudaDeviceGraphMemTrim).
 *
 * An allocation node's address is fixed when the node is made: keeping
 * its record (the executor's keep, which runtime/graph.c calls through
 * the table of runtime/op.c) reserves a slot of the allocation table whose
 * device pointer the node hands out, with no bytes behind it. Each launch
 * of the graph allocates the slot's bytes when it reaches the node (zeroed,
 * as cudaMalloc's) and a free node (or cudaFree, cudaFreeAsync) releases
 * them; between the two the pointer is ordinary device memory, before and
 * after it is a freed allocation whose use is a finding. A launch that
 * reaches an allocation node whose last allocation is still live fails
 * with cudaErrorInvalidValue, as CUDA's does. Stream capture makes the
 * same nodes of cudaMallocAsync and cudaFreeAsync (runtime/submit.c hands
 * their records to the capture like any other operation's); a captured
 * free may also free memory allocated outside graphs, which each launch
 * then frees as cudaFree does.
 *
 * The counters: "used" is the bytes the graph allocations hold, live or
 * freed and kept for the next launch until cudaDeviceGraphMemTrim (what
 * CUDA counts as memory associated with graphs); "reserved" is the same
 * allocations in whole 2 MiB units, a GPU's granularity.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/internal.h"
#include "runtime/op.h"

#define EXPORT __attribute__((visibility("default")))

/* One reserved graph allocation. */
typedef struct graph_alloc {
  unsigned slot; /* its slot of simR_mem */
  uint64_t size; /* its bytes */
  int held;      /* its bytes count as reserved (allocated by a launch,
                    not trimmed since) */
} graph_alloc;

static graph_alloc *allocs;
static unsigned nallocs, capallocs;
static uint64_t used_high, reserved_high; /* the high-water marks */

/* The graph allocation device pointer p starts, NULL if none. */
static graph_alloc *find(const void *p) {
  uint64_t v = (uint64_t)(uintptr_t)p;
  if (SIMI_PTR_SPACE(v) != SIMI_SPACE_GLOBAL || SIMI_PTR_OFFSET(v)) return NULL;
  for (unsigned i = 0; i < nallocs; i++)
    if (allocs[i].slot == SIMI_PTR_ALLOC(v)) return &allocs[i];
  return NULL;
}

static int live(const graph_alloc *a) {
  return a->slot < simR_mem.n && simR_mem.v[a->slot].kind == SIMR_MEM_DEVICE;
}

/* The counters now (the marks raised to them). */
static void counters(uint64_t *used, uint64_t *reserved) {
  uint64_t u = 0, r = 0, unit = (uint64_t)2 << 20;
  for (unsigned i = 0; i < nallocs; i++)
    if (allocs[i].held || live(&allocs[i])) {
      u += allocs[i].size;
      r += (allocs[i].size + unit - 1) / unit * unit;
    }
  if (u > used_high) used_high = u;
  if (r > reserved_high) reserved_high = r;
  *used = u;
  *reserved = r;
}

/* ---------------------------------------------------------- executors */

/* An allocation node's record is kept: its address reserved (once). */
static cudaError_t alloc_keep(simR_op *op, int *invalidates) {
  *invalidates = 0;
  if (op->u.mem.dptr) return cudaSuccess;
  if (!op->u.mem.size) return cudaErrorInvalidValue;
  if (op->u.mem.size >= SIMI_MAX_ALLOC_BYTES) return cudaErrorMemoryAllocation;
  if (nallocs == capallocs) {
    unsigned nc = capallocs ? 2 * capallocs : 16;
    graph_alloc *nv = realloc(allocs, nc * sizeof *nv);
    if (!nv) return cudaErrorMemoryAllocation;
    allocs = nv;
    capallocs = nc;
  }
  int s = simR_mem_slot_locked();
  void *p = s < 0 ? NULL : (void *)(uintptr_t)SIMI_PTR_MAKE(SIMI_SPACE_GLOBAL, (unsigned)s, 0);
  if (!p || find(p)) return cudaErrorMemoryAllocation; /* (a full table) */
  allocs[nallocs++] = (graph_alloc){(unsigned)s, op->u.mem.size, 0};
  op->u.mem.dptr = p;
  if (op->u.mem.out) *op->u.mem.out = p;
  op->u.mem.out = NULL;
  return cudaSuccess;
}

static cudaError_t alloc_run(simR_op *op, unsigned sidx, cudaStream_t lane) {
  (void)sidx, (void)lane;
  graph_alloc *a = find(op->u.mem.dptr);
  if (!a) return simR_error_locked(cudaErrorInvalidValue);
  simR_alloc *m = &simR_mem.v[a->slot];
  if (m->kind != SIMR_MEM_FREE) {
    fprintf(stderr, "simulee: error: cudaGraphLaunch: a memory allocation node allocates %llu "
            "bytes at %p while the allocation of an earlier launch there is not freed yet (a "
            "free node, cudaFree or cudaFreeAsync frees it)\n",
            (unsigned long long)a->size, op->u.mem.dptr);
    return simR_error_locked(cudaErrorInvalidValue);
  }
  uint8_t *d = simI_mem_alloc((a->size + 255) & ~255ull, NULL, 0);
  if (!d) return simR_error_locked(cudaErrorMemoryAllocation);
  *m = (simR_alloc){d, a->size, SIMR_MEM_DEVICE, SIMR_MEM_FREE, 0, 0};
  simR_mem_changed_locked(a->slot);
  a->held = 1;
  uint64_t u, r;
  counters(&u, &r);
  return cudaSuccess;
}

/* Whether p is the start of a live allocation of device or managed memory
 * made outside graphs (what a captured cudaFreeAsync may free too). */
static int live_start(const void *p) {
  uint64_t v = (uint64_t)(uintptr_t)p;
  for (unsigned i = 0; i < simR_mem.n; i++) {
    const simR_alloc *m = &simR_mem.v[i];
    if (m->registered || (m->kind != SIMR_MEM_DEVICE && m->kind != SIMR_MEM_MANAGED)) continue;
    if (m->kind == SIMR_MEM_MANAGED ? (uint64_t)(uintptr_t)m->data == v
                                    : SIMI_PTR_SPACE(v) == SIMI_SPACE_GLOBAL &&
                                          SIMI_PTR_ALLOC(v) == i && !SIMI_PTR_OFFSET(v))
      return 1;
  }
  return 0;
}

/* A free node's record is kept: its pointer must be a graph allocation (of
 * this graph or another), as CUDA's free nodes require; a captured
 * cudaFreeAsync of other memory is refused and invalidates the capture. */
static cudaError_t free_keep(simR_op *op, int *invalidates) {
  *invalidates = 0;
  if (find(op->u.mem.dptr)) return cudaSuccess;
  *invalidates = op->u.mem.any;
  fprintf(stderr, "simulee: error: %s frees %p, which no memory allocation node allocates (a "
          "graph's free nodes free graph allocations only)%s\n",
          op->u.mem.any ? "cudaFreeAsync on a capturing stream" : "a memory free node",
          op->u.mem.dptr, op->u.mem.any && live_start(op->u.mem.dptr)
                              ? ": it was allocated outside graphs; free it after the graph"
                              : "");
  return cudaErrorInvalidValue;
}

static cudaError_t free_run(simR_op *op, unsigned sidx, cudaStream_t lane) {
  (void)sidx, (void)lane;
  graph_alloc *a = find(op->u.mem.dptr); /* a graph allocation (free_keep) */
  if (!a || !live(a)) {
    simR_api_finding_locked("cudaGraphLaunch", NULL, "a memory free node frees %p, which is "
                            "not allocated (freed already, or its allocation node has not "
                            "run)", op->u.mem.dptr);
    return simR_error_locked(cudaErrorInvalidValue);
  }
  simR_alloc *m = &simR_mem.v[a->slot];
  simI_mem_free(m->data);
  *m = (simR_alloc){NULL, 0, SIMR_MEM_FREE, SIMR_MEM_DEVICE, 0, 0};
  simR_mem_changed_locked(a->slot);
  return cudaSuccess;
}

static const simR_executor alloc_executor = {alloc_run, alloc_keep, NULL, NULL, NULL};
static const simR_executor free_executor = {free_run, free_keep, NULL, NULL, NULL};

__attribute__((constructor)) static void register_graphmem(void) {
  simR_op_register(SIMR_OP_ALLOC, &alloc_executor);
  simR_op_register(SIMR_OP_FREE, &free_executor);
}

/* ---------------------------------------------------------- counters */

/* enum cudaGraphMemAttributeType */
enum { USED_CURRENT = 0, USED_HIGH = 1, RESERVED_CURRENT = 2, RESERVED_HIGH = 3 };

EXPORT cudaError_t cudaDeviceGetGraphMemAttribute(int device, int attr, void *value) {
  if (device != 0) return cudaErrorInvalidDevice;
  if (!value || attr < USED_CURRENT || attr > RESERVED_HIGH) return cudaErrorInvalidValue;
  simR_lock();
  uint64_t u, r;
  counters(&u, &r);
  uint64_t v = attr == USED_CURRENT ? u : attr == USED_HIGH ? used_high
             : attr == RESERVED_CURRENT ? r : reserved_high;
  simR_unlock();
  memcpy(value, &v, sizeof v);
  return cudaSuccess;
}

EXPORT cudaError_t cudaDeviceSetGraphMemAttribute(int device, int attr, void *value) {
  if (device != 0) return cudaErrorInvalidDevice;
  uint64_t v;
  if (!value || (attr != USED_HIGH && attr != RESERVED_HIGH)) return cudaErrorInvalidValue;
  memcpy(&v, value, sizeof v);
  if (v) return cudaErrorInvalidValue; /* a mark can only be reset */
  simR_lock();
  uint64_t u, r;
  counters(&u, &r);
  if (attr == USED_HIGH) used_high = u;
  else reserved_high = r;
  simR_unlock();
  return cudaSuccess;
}

EXPORT cudaError_t cudaDeviceGraphMemTrim(int device) {
  if (device != 0) return cudaErrorInvalidDevice;
  simR_lock();
  for (unsigned i = 0; i < nallocs; i++)
    if (!live(&allocs[i])) allocs[i].held = 0;
  simR_unlock();
  return cudaSuccess;
}
