/*
 * simulee runtime: registered host memory and stream-ordered memory pools.
 *
 * cudaHostRegister makes the program's own memory page-locked memory of the
 * allocation table (SIMR_MEM_HOST, registered): kernels reach it through
 * the host pointer (translated at kernel arguments as cudaMallocHost's
 * memory is) or cudaHostGetDevicePointer's, and cudaHostUnregister takes it
 * out of the table again without freeing it.
 *
 * A memory pool (cudaMemPool_t) is a record of the allocations made from
 * it: cudaMallocFromPoolAsync is cudaMallocAsync (memory that is valid
 * when the call returns, as the stream's order guarantees on a device),
 * the pool's attributes are kept, and its used and reserved bytes (with
 * their high-water marks) are those of its live allocations. The device
 * has a default pool (cudaDeviceGetDefaultMemPool) that cudaMallocAsync's
 * allocations are not counted in; cudaDeviceSetMemPool / GetMemPool choose
 * the current one. Trimming has nothing to release; access is read-write
 * for the one device. IPC export and import are not supported.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/internal.h"

#define EXPORT __attribute__((visibility("default")))

cudaError_t cudaMallocAsync(void **ptr, size_t size, cudaStream_t s);
cudaError_t cudaFreeAsync(void *ptr, cudaStream_t s);

/* ------------------------------------------------- registered host memory */

enum {
  ERR_ALREADY_REGISTERED = 712, /* cudaErrorHostMemoryAlreadyRegistered */
  ERR_NOT_REGISTERED = 713      /* cudaErrorHostMemoryNotRegistered */
};

EXPORT cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned flags) {
  (void)flags; /* portable, mapped, I/O memory, read-only: all the same here */
  if (!ptr || !size) return cudaErrorInvalidValue;
  simR_lock();
  uint64_t b = (uint64_t)(uintptr_t)ptr;
  cudaError_t e = cudaSuccess;
  for (unsigned i = 0; i < simR_mem.n && !e; i++) {
    const simR_alloc *a = &simR_mem.v[i];
    uint64_t ab = (uint64_t)(uintptr_t)a->data;
    if ((a->kind == SIMR_MEM_HOST || a->kind == SIMR_MEM_MANAGED) && b < ab + a->size &&
        ab < b + size)
      e = simR_error_locked((cudaError_t)ERR_ALREADY_REGISTERED);
  }
  int s = e ? -1 : simR_mem_slot_locked();
  if (!e && s < 0) e = simR_error_locked(cudaErrorMemoryAllocation);
  if (!e) simR_mem.v[s] = (simR_alloc){(uint8_t *)ptr, size, SIMR_MEM_HOST, SIMR_MEM_FREE, 0, 1};
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaHostUnregister(void *ptr) {
  simR_lock();
  cudaError_t e = simR_error_locked((cudaError_t)ERR_NOT_REGISTERED);
  for (unsigned i = 0; i < simR_mem.n; i++) {
    simR_alloc *a = &simR_mem.v[i];
    if (a->kind == SIMR_MEM_HOST && a->registered && a->data == ptr) {
      *a = (simR_alloc){NULL, 0, SIMR_MEM_FREE, SIMR_MEM_HOST, 0, 0};
      simR_mem_changed_locked(i);
      e = cudaSuccess;
      break;
    }
  }
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaHostGetFlags(unsigned *flags, void *ptr) {
  if (!flags) return cudaErrorInvalidValue;
  simR_lock();
  cudaError_t e = cudaErrorInvalidValue;
  uint64_t v = (uint64_t)(uintptr_t)ptr;
  for (unsigned i = 0; i < simR_mem.n; i++) {
    const simR_alloc *a = &simR_mem.v[i];
    uint64_t ab = (uint64_t)(uintptr_t)a->data;
    if (a->kind == SIMR_MEM_HOST && v >= ab && v - ab < a->size) {
      *flags = 0x02u; /* cudaHostAllocMapped: kernels see it */
      e = cudaSuccess;
      break;
    }
  }
  simR_unlock();
  return e;
}

/* ------------------------------------------------------------------ pools */

#define POOL_MAGIC 0x73696d706f6full /* "simpoo" */

/* cudaMemPoolAttr */
enum {
  ATTR_REUSE_FOLLOW_EVENTS = 1, ATTR_REUSE_OPPORTUNISTIC = 2, ATTR_REUSE_INTERNAL_DEPS = 3,
  ATTR_RELEASE_THRESHOLD = 4, ATTR_RESERVED_CURRENT = 5, ATTR_RESERVED_HIGH = 6,
  ATTR_USED_CURRENT = 7, ATTR_USED_HIGH = 8
};

typedef struct block {
  void *ptr;
  uint64_t size;
  struct block *next;
} block;

struct CUmemPoolHandle_st {
  uint64_t magic;
  int reuse[3];          /* the three reuse policies (default: on) */
  uint64_t threshold;    /* release threshold */
  uint64_t used, high;   /* live bytes, their high-water mark */
  block *blocks;         /* live allocations */
};
typedef struct CUmemPoolHandle_st *pool_t;

static struct CUmemPoolHandle_st default_pool = {POOL_MAGIC, {1, 1, 1}, 0, 0, 0, NULL};
static pool_t current = &default_pool;

/* Whether p is the default pool or a live pool of cudaMemPoolCreate (the
 * handle registry, runtime/handles.c: a destroyed or made-up pool is never
 * read), for API function fn; else a warning naming fn. */
static int valid_pool_in(pool_t p, const char *fn) {
  if (p == &default_pool) return 1;
  simR_lock();
  int ok = simR_handle_check_locked((uint64_t)(uintptr_t)p, SIMR_H_MEMPOOL, fn,
                                    "cudaErrorInvalidValue") != NULL;
  simR_unlock();
  return ok && p->magic == POOL_MAGIC;
}
#define valid_pool(p) valid_pool_in(p, __func__)

/* cudaMemPoolProps: the allocation type (1: pinned), handle types, the
 * location (type 1: a device, id), ... */
typedef struct pool_props {
  int alloc_type, handle_types, loc_type, loc_id;
} pool_props;

EXPORT cudaError_t cudaMemPoolCreate(pool_t *out, const pool_props *props) {
  if (!out || !props) return cudaErrorInvalidValue;
  if (props->alloc_type != 1 || props->loc_type != 1 || props->loc_id != 0)
    return cudaErrorInvalidValue;
  if (props->handle_types) {
    simR_lock();
    cudaError_t e = simR_unsupported_locked("cudaMemPoolCreate with shareable handle types");
    simR_unlock();
    return e;
  }
  simR_lock();
  pool_t p = simR_handle_new_locked(SIMR_H_MEMPOOL, sizeof *p);
  simR_unlock();
  if (!p) return cudaErrorMemoryAllocation;
  p->magic = POOL_MAGIC;
  p->reuse[0] = p->reuse[1] = p->reuse[2] = 1;
  *out = p;
  return cudaSuccess;
}

EXPORT cudaError_t cudaMemPoolDestroy(pool_t p) {
  if (!valid_pool(p) || p == &default_pool) return cudaErrorInvalidValue;
  simR_lock();
  if (current == p) current = &default_pool;
  /* allocations still live stay valid until freed, as on a device */
  for (block *b = p->blocks, *n; b; b = n) n = b->next, free(b);
  p->blocks = NULL;
  p->magic = 0;
  simR_handle_delete_locked(p, SIMR_H_MEMPOOL);
  simR_unlock();
  return cudaSuccess;
}

EXPORT cudaError_t cudaDeviceGetDefaultMemPool(pool_t *out, int device) {
  if (!out) return cudaErrorInvalidValue;
  if (device != 0) return cudaErrorInvalidDevice;
  *out = &default_pool;
  return cudaSuccess;
}

EXPORT cudaError_t cudaDeviceGetMemPool(pool_t *out, int device) {
  if (!out) return cudaErrorInvalidValue;
  if (device != 0) return cudaErrorInvalidDevice;
  simR_lock();
  *out = current;
  simR_unlock();
  return cudaSuccess;
}

EXPORT cudaError_t cudaDeviceSetMemPool(int device, pool_t p) {
  if (device != 0) return cudaErrorInvalidDevice;
  if (!valid_pool(p)) return cudaErrorInvalidValue;
  simR_lock();
  current = p;
  simR_unlock();
  return cudaSuccess;
}

/* The bytes of p's live allocations (those its list holds and the table
 * still has: a cudaFree elsewhere ends them too). */
static void recount(pool_t p) {
  uint64_t used = 0;
  for (block **l = &p->blocks; *l;) {
    block *b = *l;
    cudaError_t e;
    if (!simR_host_bytes_locked(b->ptr, 1, &e)) {
      *l = b->next;
      free(b);
      continue;
    }
    used += b->size;
    l = &b->next;
  }
  p->used = used;
}

EXPORT cudaError_t cudaMemPoolSetAttribute(pool_t p, int attr, void *value) {
  if (!valid_pool(p) || !value) return cudaErrorInvalidValue;
  simR_lock();
  cudaError_t e = cudaSuccess;
  switch (attr) {
  case ATTR_REUSE_FOLLOW_EVENTS: case ATTR_REUSE_OPPORTUNISTIC: case ATTR_REUSE_INTERNAL_DEPS:
    p->reuse[attr - 1] = *(int *)value != 0;
    break;
  case ATTR_RELEASE_THRESHOLD: p->threshold = *(uint64_t *)value; break;
  case ATTR_RESERVED_HIGH: case ATTR_USED_HIGH: /* only a reset to 0 */
    if (*(uint64_t *)value) e = cudaErrorInvalidValue;
    else recount(p), p->high = p->used;
    break;
  default: e = cudaErrorInvalidValue;
  }
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaMemPoolGetAttribute(pool_t p, int attr, void *value) {
  if (!valid_pool(p) || !value) return cudaErrorInvalidValue;
  simR_lock();
  recount(p);
  cudaError_t e = cudaSuccess;
  switch (attr) {
  case ATTR_REUSE_FOLLOW_EVENTS: case ATTR_REUSE_OPPORTUNISTIC: case ATTR_REUSE_INTERNAL_DEPS:
    *(int *)value = p->reuse[attr - 1];
    break;
  case ATTR_RELEASE_THRESHOLD: *(uint64_t *)value = p->threshold; break;
  case ATTR_RESERVED_CURRENT: case ATTR_USED_CURRENT: *(uint64_t *)value = p->used; break;
  case ATTR_RESERVED_HIGH: case ATTR_USED_HIGH: *(uint64_t *)value = p->high; break;
  default: e = cudaErrorInvalidValue;
  }
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size, pool_t p, cudaStream_t s) {
  if (!valid_pool(p)) return cudaErrorInvalidValue;
  cudaError_t e = cudaMallocAsync(ptr, size, s);
  if (e || !size) return e;
  simR_lock();
  block *b = malloc(sizeof *b);
  if (b) {
    *b = (block){*ptr, size, p->blocks};
    p->blocks = b;
    recount(p);
    if (p->used > p->high) p->high = p->used;
  }
  simR_unlock();
  return cudaSuccess;
}

EXPORT cudaError_t cudaMemPoolTrimTo(pool_t p, size_t keep) {
  (void)keep; /* freed memory goes back at once: nothing to trim */
  return valid_pool(p) ? cudaSuccess : cudaErrorInvalidValue;
}

/* cudaMemAccessDesc: a location (type, id) and the access flags */
typedef struct access_desc {
  int loc_type, loc_id, flags;
} access_desc;

EXPORT cudaError_t cudaMemPoolSetAccess(pool_t p, const access_desc *v, size_t n) {
  if (!valid_pool(p) || (n && !v)) return cudaErrorInvalidValue;
  for (size_t i = 0; i < n; i++)
    if (v[i].loc_type != 1 || v[i].loc_id != 0) return cudaErrorInvalidDevice;
  return cudaSuccess;
}

EXPORT cudaError_t cudaMemPoolGetAccess(int *flags, pool_t p, const int *location) {
  if (!valid_pool(p) || !flags || !location) return cudaErrorInvalidValue;
  *flags = location[0] == 1 && location[1] == 0 ? 3 : 0; /* read-write for the device */
  return cudaSuccess;
}

/* ------------------------------------------ CUDA 12.2's managed-memory hints */

/* cudaMemLocation: its type (device, host, ...) and id */
typedef struct mem_location {
  int type, id;
} mem_location;

/* nothing to move or advise on a CPU, as cudaMemPrefetchAsync/cudaMemAdvise */
EXPORT cudaError_t cudaMemPrefetchAsync_v2(const void *ptr, size_t count, mem_location loc,
                                           unsigned flags, cudaStream_t s) {
  (void)ptr, (void)count, (void)loc, (void)flags, (void)s;
  return cudaSuccess;
}

EXPORT cudaError_t cudaMemAdvise_v2(const void *ptr, size_t count, int advice, mem_location loc) {
  (void)ptr, (void)count, (void)advice, (void)loc;
  return cudaSuccess;
}
