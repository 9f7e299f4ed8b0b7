/*
 * simulee runtime: device, managed and page-locked memory (the allocation
 * table), copies and sets. See runtime/internal.h for the pointer model.
 */
#include <errno.h>
#include <execinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "runtime/internal.h"
#include "runtime/findings.h"
#include "runtime/module.h"
#include "runtime/op.h"

#define EXPORT __attribute__((visibility("default")))

/* A slot for a new allocation: a fresh one, or (the table full) a freed
 * one. -1 when none is left. */
static int new_slot(void) {
  if (simR_mem.n < SIMI_WORKSPACE_ALLOC - 1) {
    if (simR_mem.n == simR_mem.cap) {
      unsigned nc = simR_mem.cap ? simR_mem.cap * 2 : 64;
      simR_alloc *nv = realloc(simR_mem.v, nc * sizeof *nv);
      if (!nv) return -1;
      simR_mem.v = nv;
      simR_mem.cap = nc;
    }
    memset(&simR_mem.v[simR_mem.n], 0, sizeof simR_mem.v[0]);
    simR_mem_changed_locked(simR_mem.n);
    return (int)simR_mem.n++;
  }
  for (unsigned i = 0; i < simR_mem.n; i++)
    if (simR_mem.v[i].kind == SIMR_MEM_FREE) {
      simR_mem_changed_locked(i);
      return (int)i;
    }
  return -1;
}

int simR_mem_slot_locked(void) { return new_slot(); }

static cudaError_t alloc_locked(void **ptr, uint64_t size, simR_memkind kind) {
  if (!ptr) return simR_error_locked(cudaErrorInvalidValue);
  *ptr = NULL;
  cudaError_t e = simR_sticky_locked();
  if (e) return e;
  if (size >= SIMI_MAX_ALLOC_BYTES) return simR_error_locked(cudaErrorMemoryAllocation);
  if (size == 0) return cudaSuccess;
  int s = new_slot();
  if (s < 0) return simR_error_locked(cudaErrorMemoryAllocation);
  /* whole 256-byte units, as cudaMalloc aligns (and zero: a program that
   * reads memory it never wrote gets the same bytes every run) */
  uint8_t *d;
  if (kind == SIMR_MEM_MANAGED) { /* whole pages: runtime/order.c protects them */
    d = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (d == MAP_FAILED) d = NULL;
  } else {
    d = simI_mem_alloc((size + 255) & ~255ull, NULL, 0);
  }
  if (!d) return simR_error_locked(cudaErrorMemoryAllocation);
  simR_mem.v[s] = (simR_alloc){d, size, kind, SIMR_MEM_FREE, 0, 0};
  *ptr = kind == SIMR_MEM_DEVICE ? (void *)(uintptr_t)SIMI_PTR_MAKE(SIMI_SPACE_GLOBAL, s, 0)
                                 : (void *)d;
  return cudaSuccess;
}

/* The slot of a host address inside a managed or page-locked allocation,
 * -1 if none. */
static int host_slot(uint64_t v, uint64_t *off) {
  for (unsigned i = 0; i < simR_mem.n; i++) {
    const simR_alloc *a = &simR_mem.v[i];
    if ((a->kind == SIMR_MEM_MANAGED || a->kind == SIMR_MEM_HOST) &&
        v >= (uint64_t)(uintptr_t)a->data && v - (uint64_t)(uintptr_t)a->data < a->size) {
      *off = v - (uint64_t)(uintptr_t)a->data;
      return (int)i;
    }
  }
  return -1;
}

uint64_t simR_device_value_locked(uint64_t v) {
  if (!v || SIMI_PTR_SPACE(v) != SIMI_SPACE_NONE) return v;
  uint64_t off;
  int s = host_slot(v, &off);
  return s < 0 ? v : SIMI_PTR_MAKE(SIMI_SPACE_GLOBAL, (unsigned)s, off);
}

/* Whether [v, v + bytes) of host memory is mapped (pages of the process):
 * a made-up address (a small integer, freed memory given back to the
 * system) is refused rather than written. */
static int host_mapped(uint64_t v, uint64_t bytes) {
  const uint64_t pg = 4096;
  if (v < 65536 || bytes > UINT64_MAX - v) return 0;
  uint64_t lo = v & ~(pg - 1), hi = (v + (bytes ? bytes : 1) + pg - 1) & ~(pg - 1);
  return msync((void *)(uintptr_t)lo, hi - lo, MS_ASYNC) == 0 || errno != ENOMEM;
}

void *simR_host_bytes_locked(const void *ptr, uint64_t bytes, cudaError_t *err) {
  uint64_t v = (uint64_t)(uintptr_t)ptr;
  *err = cudaErrorInvalidValue;
  if (!v) return NULL;
  unsigned space = SIMI_PTR_SPACE(v), al = SIMI_PTR_ALLOC(v);
  uint64_t off = SIMI_PTR_OFFSET(v);
  if (space == SIMI_SPACE_NONE) { /* host memory as it is */
    uint64_t o;
    int s = host_slot(v, &o);
    if (s >= 0 && bytes > simR_mem.v[s].size - o) return NULL; /* past its allocation */
    if (s >= 0) simR_order_unguard_locked((unsigned)s); /* the runtime's access */
    else if (!host_mapped(v, bytes)) return NULL; /* not the program's memory */
    *err = cudaSuccess;
    return (void *)ptr;
  }
  if (space == SIMI_SPACE_GLOBAL && al < simR_mem.n) {
    const simR_alloc *a = &simR_mem.v[al];
    if (a->kind == SIMR_MEM_FREE || off > a->size || bytes > a->size - off) return NULL;
    *err = cudaSuccess;
    return a->data + off;
  }
  uint8_t *b = simR_var_bytes_locked(v, bytes);
  if (b) *err = cudaSuccess;
  return b;
}

/* p + off as an address (a device pointer is a number, maybe null: no C
 * pointer arithmetic on it). */
static void *padd(const void *p, size_t off) { return (void *)((uintptr_t)p + off); }

/* Slots changed since the launch buffers were last brought up to date
 * (runtime/launch.c), at most MEM_DIRTY; past that, every slot is. */
#define MEM_DIRTY 4096u
static unsigned mem_dirty[MEM_DIRTY];
static unsigned mem_ndirty;
static int mem_all = 1; /* every slot (the first launch, an overflow) */

void simR_mem_changed_locked(unsigned slot) {
  if (mem_ndirty < MEM_DIRTY) mem_dirty[mem_ndirty++] = slot;
  else mem_all = 1;
}

const unsigned *simR_mem_changed_take_locked(unsigned *n, int *all) {
  *n = mem_ndirty;
  *all = mem_all;
  mem_ndirty = 0;
  mem_all = 0;
  return mem_dirty;
}

int simR_host_scalars_locked(const void *alpha, const void *beta, unsigned size, void *a_out,
                             void *b_out) {
  cudaError_t e;
  const void *pa = simR_host_bytes_locked(alpha, size, &e);
  const void *pb = pa ? simR_host_bytes_locked(beta, size, &e) : NULL;
  if (!pb) return -1;
  memcpy(a_out, pa, size);
  memcpy(b_out, pb, size);
  return 0;
}

/* ------------------------------------------------------------ the API */

/* An asynchronous call simulee does not capture: its record submitted
 * (runtime/internal.h). */
int simR_mem_not_captured(int kind, cudaStream_t s, const char *what, cudaError_t *e) {
  simR_op op;
  memset(&op, 0, sizeof op);
  op.kind = (simR_opkind)kind;
  op.stream = s;
  op.call = what;
  op.flags = SIMR_OP_NOCAPTURE | SIMR_OP_INLINE;
  if (kind == SIMR_OP_COPY) op.u.copy.dir = -1; /* (no direction to check) */
  simR_lock();
  *e = simR_submit_locked(&op);
  simR_unlock();
  return *e != cudaSuccess;
}

/* An allocation of `kind` under the runtime lock. */
static cudaError_t alloc_api(void **ptr, size_t size, simR_memkind kind) {
  simR_lock();
  cudaError_t e = alloc_locked(ptr, size, kind);
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaMalloc(void **ptr, size_t size) {
  return alloc_api(ptr, size, SIMR_MEM_DEVICE);
}

/* A stream-ordered allocation or free of ptr's record submitted: 1 when
 * submit made it a node of the stream's capture (a memory allocation node,
 * whose fixed address keep writes to *out, or a memory free node) or
 * refused it, with *e the result; 0 when the caller makes it now. */
static int mem_submitted(simR_opkind kind, cudaStream_t s, const char *call, void **out,
                         void *ptr, size_t size, cudaError_t *e) {
  simR_op op;
  memset(&op, 0, sizeof op);
  op.kind = kind;
  op.stream = s;
  op.call = call;
  op.flags = SIMR_OP_INLINE;
  op.u.mem.out = out;
  op.u.mem.dptr = ptr;
  op.u.mem.size = size;
  op.u.mem.any = 1; /* the stream-ordered API's (a captured free is checked as such) */
  simR_lock();
  *e = simR_submit_locked(&op);
  simR_unlock();
  return *e != cudaSuccess || op.captured;
}

EXPORT cudaError_t cudaMallocAsync(void **ptr, size_t size, cudaStream_t s) {
  cudaError_t e;
  if (!ptr) return cudaErrorInvalidValue;
  if (mem_submitted(SIMR_OP_ALLOC, s, "cudaMallocAsync", ptr, NULL, size, &e)) return e;
  return cudaMalloc(ptr, size);
}

EXPORT cudaError_t cudaMallocManaged(void **ptr, size_t size, unsigned flags) {
  (void)flags;
  return alloc_api(ptr, size, SIMR_MEM_MANAGED);
}

EXPORT cudaError_t cudaMallocHost(void **ptr, size_t size) {
  return alloc_api(ptr, size, SIMR_MEM_HOST);
}

EXPORT cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned flags) {
  (void)flags;
  return cudaMallocHost(ptr, size);
}

EXPORT cudaError_t cudaMallocPitch(void **ptr, size_t *pitch, size_t width, size_t height) {
  if (!pitch) return cudaErrorInvalidValue;
  size_t p = (width + 511) & ~(size_t)511;
  if (height && p > SIMI_MAX_ALLOC_BYTES / height) return cudaErrorMemoryAllocation;
  cudaError_t e = cudaMalloc(ptr, p * height);
  if (!e) *pitch = p;
  return e;
}

EXPORT cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pp, struct cudaExtent ext) {
  if (!pp) return cudaErrorInvalidValue;
  size_t pitch = 0;
  void *p = NULL;
  uint64_t rows = (uint64_t)ext.height * ext.depth;
  cudaError_t e = cudaMallocPitch(&p, &pitch, ext.width, rows);
  if (!e) *pp = (struct cudaPitchedPtr){p, pitch, ext.width, ext.height};
  return e;
}

/* The name of allocation s as findings give it ("device memory
 * 'cudaMalloc#3'"). */
static void alloc_name(unsigned s, char *buf, size_t len) {
  simR_memkind k = simR_mem.v[s].kind == SIMR_MEM_FREE ? simR_mem.v[s].was : simR_mem.v[s].kind;
  snprintf(buf, len, "%s '%s#%u'",
           k == SIMR_MEM_MANAGED ? "managed memory" : k == SIMR_MEM_HOST ? "page-locked host memory"
                                                                         : "device memory",
           k == SIMR_MEM_MANAGED ? "managed" : k == SIMR_MEM_HOST ? "host" : "cudaMalloc", s);
}

int simR_dead_pointer_locked(const char *call, const char *what, uint64_t v) {
  if (SIMI_PTR_SPACE(v) != SIMI_SPACE_GLOBAL || SIMI_PTR_ALLOC(v) >= simR_mem.n) return 0;
  unsigned s = SIMI_PTR_ALLOC(v);
  const simR_alloc *a = &simR_mem.v[s];
  if (a->kind != SIMR_MEM_FREE || a->was == SIMR_MEM_FREE) return 0;
  char nm[96], addr[128];
  alloc_name(s, nm, sizeof nm);
  snprintf(addr, sizeof addr, "%s + %llu", nm, (unsigned long long)SIMI_PTR_OFFSET(v));
  simR_api_finding_locked(call, addr, "use after %s: %s: %s is %s + %llu, freed by %s", 
                          a->reset ? "cudaDeviceReset" : "free", call, what, nm,
                          (unsigned long long)SIMI_PTR_OFFSET(v),
                          a->reset ? "cudaDeviceReset" : "cudaFree");
  return 1;
}

/* Release slot s (it becomes a freed slot that remembers what it was). */
static void release_slot(unsigned s, int reset) {
  simR_alloc *a = &simR_mem.v[s];
  if (a->kind == SIMR_MEM_MANAGED) {
    simR_order_unguard_locked(s);
    munmap(a->data, a->size);
  } else {
    simI_mem_free(a->data);
  }
  *a = (simR_alloc){NULL, 0, SIMR_MEM_FREE, a->kind, reset, 0};
  simR_mem_changed_locked(s);
}

void simR_mem_reset_locked(void) {
  for (unsigned i = 0; i < simR_mem.n; i++)
    if (simR_mem.v[i].kind == SIMR_MEM_DEVICE) release_slot(i, 1);
}

/* Free ptr (host: cudaFreeHost, else cudaFree & co., named fn), or
 * cudaErrorInvalidValue with a finding saying why. */
static cudaError_t free_locked(void *ptr, int host, const char *fn) {
  if (!ptr) return cudaSuccess;
  uint64_t v = (uint64_t)(uintptr_t)ptr, off = 0;
  int s = -1;
  char nm[96] = "";
  const char *why = NULL;
  if (SIMI_PTR_SPACE(v) == SIMI_SPACE_GLOBAL && SIMI_PTR_ALLOC(v) < simR_mem.n) {
    s = (int)SIMI_PTR_ALLOC(v);
    off = SIMI_PTR_OFFSET(v);
  } else if (SIMI_PTR_SPACE(v) == SIMI_SPACE_NONE) {
    s = host_slot(v, &off);
  }
  if (s >= 0) alloc_name((unsigned)s, nm, sizeof nm);
  const simR_alloc *a = s >= 0 ? &simR_mem.v[s] : NULL;
  if (!a && SIMI_PTR_SPACE(v) == SIMI_SPACE_NONE)
    why = host ? "is no page-locked allocation (cudaMallocHost, cudaHostAlloc)"
               : "is host memory, no allocation of cudaMalloc or cudaMallocManaged";
  else if (!a)
    why = "is no allocation of the runtime";
  else if (a->kind == SIMR_MEM_FREE)
    why = a->reset ? "was freed by cudaDeviceReset" : "was freed before (a double free)";
  else if (a->registered)
    why = "is host memory registered by cudaHostRegister (cudaHostUnregister releases it)";
  else if (off)
    why = "points inside an allocation, not to its start";
  else if (host && a->kind != SIMR_MEM_HOST)
    why = a->kind == SIMR_MEM_MANAGED ? "is managed memory (cudaFree frees it)"
                                      : "is device memory (cudaFree frees it)";
  else if (!host && a->kind == SIMR_MEM_HOST)
    why = "is page-locked host memory (cudaFreeHost frees it)";
  if (why) {
    char addr[128] = "";
    if (nm[0]) snprintf(addr, sizeof addr, "%s + %llu", nm, (unsigned long long)off);
    if (nm[0])
      simR_api_finding_locked(fn, addr, "invalid free: %s of %p: %s + %llu %s", fn, ptr, nm,
                              (unsigned long long)off, why);
    else
      simR_api_finding_locked(fn, NULL, "invalid free: %s of %p: the pointer %s", fn, ptr, why);
    return simR_error_locked(cudaErrorInvalidValue);
  }
  release_slot((unsigned)s, 0);
  return cudaSuccess;
}

cudaError_t simR_mem_free_locked(void *ptr, const char *fn) { return free_locked(ptr, 0, fn); }

EXPORT cudaError_t cudaFree(void *ptr) {
  simR_lock();
  cudaError_t e = simR_sync_locked();
  if (!e) e = free_locked(ptr, 0, "cudaFree");
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaFreeAsync(void *ptr, cudaStream_t s) {
  cudaError_t e;
  if (mem_submitted(SIMR_OP_FREE, s, "cudaFreeAsync", NULL, ptr, 0, &e)) return e;
  simR_lock();
  e = simR_sticky_locked();
  if (!e) e = free_locked(ptr, 0, "cudaFreeAsync");
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaFreeHost(void *ptr) {
  simR_lock();
  cudaError_t e = simR_sticky_locked();
  if (!e) e = free_locked(ptr, 1, "cudaFreeHost");
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaHostGetDevicePointer(void **dev, void *host, unsigned flags) {
  (void)flags;
  if (!dev) return cudaErrorInvalidValue;
  simR_lock();
  uint64_t off;
  int s = host_slot((uint64_t)(uintptr_t)host, &off);
  simR_unlock();
  if (s < 0) return cudaErrorInvalidValue;
  *dev = host; /* unified addressing: the same address (kernels map it) */
  return cudaSuccess;
}

EXPORT cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *at, const void *ptr) {
  if (!at) return cudaErrorInvalidValue;
  simR_lock();
  uint64_t v = (uint64_t)(uintptr_t)ptr, off;
  memset(at, 0, sizeof *at);
  int s = SIMI_PTR_SPACE(v) == SIMI_SPACE_NONE ? host_slot(v, &off) : -1;
  if (SIMI_PTR_SPACE(v) != SIMI_SPACE_NONE) {
    at->type = cudaMemoryTypeDevice;
    at->devicePointer = (void *)ptr;
  } else if (s >= 0) {
    at->type = simR_mem.v[s].kind == SIMR_MEM_MANAGED ? cudaMemoryTypeManaged : cudaMemoryTypeHost;
    at->devicePointer = at->hostPointer = (void *)ptr;
  } else {
    at->type = cudaMemoryTypeUnregistered;
    at->hostPointer = (void *)ptr;
    at->device = -2;
  }
  simR_unlock();
  return cudaSuccess;
}

EXPORT cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total_bytes) {
  size_t total = simR_props()->totalGlobalMem, used = 0;
  simR_lock();
  for (unsigned i = 0; i < simR_mem.n; i++)
    if (simR_mem.v[i].kind == SIMR_MEM_DEVICE) used += simR_mem.v[i].size;
  simR_unlock();
  if (free_bytes) *free_bytes = used < total ? total - used : 0;
  if (total_bytes) *total_bytes = total;
  return cudaSuccess;
}

/* --------------------------------- host operations in the order between launches */

/* A library function as the order model's `who` (a func without module);
 * kept until exit (retained operations point to it). */
static simR_func **libs;
static unsigned nlibs;
static struct {
  int on;           /* a call is being collected */
  simR_stamp st;    /* its place on its stream */
  uint64_t ordinal; /* library calls so far */
  simR_func *who;   /* its function */
} lib;

static simR_func *lib_func(const char *name) {
  for (unsigned i = 0; i < nlibs; i++)
    if (!strcmp(libs[i]->name, name)) return libs[i];
  simR_func *f = calloc(1, sizeof *f);
  simR_func **nl = f ? realloc(libs, (nlibs + 1) * sizeof *nl) : NULL;
  if (!nl || !(f->name = strdup(name))) {
    free(f);
    return NULL;
  }
  f->kernel = -1;
  libs = nl;
  libs[nlibs++] = f;
  return f;
}

void simR_libcall_begin_locked(cudaStream_t s, const char *name) {
  lib.who = lib_func(name);
  if (!lib.who) return;
  lib.on = 1;
  lib.st = simR_order_op_locked(simR_stream_index(s));
  void *frames[16]; /* the program's line of the call, for later conflicts */
  int nframes = backtrace(frames, 16);
  simR_order_begin_locked(lib.st, lib.who, ++lib.ordinal, frames, nframes);
}

void simR_libcall_access_locked(const void *ptr, uint64_t bytes, int write) {
  if (!lib.on) return;
  uint64_t v = simR_device_value_locked((uint64_t)(uintptr_t)ptr);
  if (SIMI_PTR_SPACE(v) == SIMI_SPACE_GLOBAL) simR_order_range_locked(v, bytes, write);
}

void simR_libcall_end_locked(void) {
  if (!lib.on) return;
  lib.on = 0;
  simR_conflict conf[8];
  unsigned nc = simR_order_end_locked(conf, 8);
  if (nc) simR_libcall_conflicts_locked(lib.who->name, lib.ordinal, conf, nc);
}

int simR_libcall_open(cudaStream_t s, const char *call) {
  simR_lock();
  if (!simR_stream_ok_locked(s, call)) {
    simR_unlock();
    return 1;
  }
  int rst;
  cudaError_t e;
  if (simR_submit_libcall_locked(s, call, NULL, NULL, NULL, 0, SIMR_OP_NOCAPTURE, &rst, &e) ||
      simR_sticky_locked()) {
    simR_unlock();
    return 2;
  }
  simR_libcall_begin_locked(s, call);
  return 0;
}

void simR_libcall_close(void) {
  simR_libcall_end_locked();
  simR_unlock();
}

/* ------------------------------------- copies and sets in the order */

/* A copy or set is an operation on its stream in the order between
 * launches, as a library call is (simR_libcall_begin_locked): op_begin
 * places operation `name` on stream s, copy_locked and set_locked collect
 * the device bytes it reads and writes, op_end reports its races with the
 * launches and operations it is not ordered with. A synchronous copy is an
 * operation on the legacy default stream the host then waits for
 * (sync_end). Its bytes are collected as launches are checked, by the
 * check policy (simR_set), per call site (`site`: the caller's address, a
 * graph node): a copy in a loop the first few times; otherwise it only
 * takes its place in the order. */

/* Call sites and how many operations each made. */
typedef struct site_count {
  const void *site; /* the caller's address, or a graph node */
  uint64_t seen;    /* operations made there */
} site_count;
static site_count *sites;
static unsigned nsites, capsites;

/* Whether the operation made at site collects its bytes. */
static int want_bytes(const void *site) {
  if (simR_set.check_mode == SIMR_CHECK_ALL) return 1;
  if (simR_set.check_mode == SIMR_CHECK_NONE) return 0;
  site_count *c = NULL;
  for (unsigned i = 0; i < nsites && !c; i++)
    if (sites[i].site == site) c = &sites[i];
  if (!c) {
    if (nsites == capsites) {
      unsigned nc = capsites ? 2 * capsites : 32;
      site_count *ns = realloc(sites, nc * sizeof *ns);
      if (!ns) return 0;
      sites = ns;
      capsites = nc;
    }
    c = &sites[nsites++];
    *c = (site_count){site, 0};
  }
  uint64_t k = c->seen++;
  if (simR_set.check_mode == SIMR_CHECK_SAMPLE) return k % simR_set.check_n == 0;
  return k < simR_set.check_n;
}

/* The API function of the operation being made (findings name it). */
static const char *op_name = "a copy";

static void op_begin(cudaStream_t s, const char *name, const void *site) {
  op_name = name;
  if (want_bytes(site)) simR_libcall_begin_locked(s, name);
  else simR_order_op_locked(simR_stream_index(s));
}

/* The caller of an API function: its call site. */
#define SITE __builtin_return_address(0)

static void op_end(void) { simR_libcall_end_locked(); }

/* The end of a synchronous copy: its races, then the host waits for the
 * legacy stream (everything on it and on the blocking streams before the
 * copy is complete). */
static cudaError_t sync_end(cudaError_t e) {
  op_end();
  simR_order_host_stream_locked(0);
  cudaError_t s = simR_sync_locked();
  return e ? e : s;
}

/* count bytes from src to dst (either side device, managed or host). */
static cudaError_t copy_locked(void *dst, const void *src, size_t count) {
  cudaError_t e = simR_sticky_locked();
  if (e) return e;
  if (!count) return cudaSuccess;
  void *d = simR_host_bytes_locked(dst, count, &e);
  if (!d) {
    simR_dead_pointer_locked(op_name, "the destination", (uint64_t)(uintptr_t)dst);
    return simR_error_locked(e);
  }
  void *s = simR_host_bytes_locked(src, count, &e);
  if (!s) {
    simR_dead_pointer_locked(op_name, "the source", (uint64_t)(uintptr_t)src);
    return simR_error_locked(e);
  }
  simR_libcall_access_locked(src, count, 0);
  simR_libcall_access_locked(dst, count, 1);
  memmove(d, s, count);
  return cudaSuccess;
}

/* What a pointer is for a copy's direction: device memory only, host
 * memory only, or both (managed and page-locked memory). */
enum { SIDE_DEVICE, SIDE_HOST, SIDE_BOTH };
static int side_of(const void *p) {
  uint64_t v = (uint64_t)(uintptr_t)p, off;
  if (!v) return SIDE_BOTH; /* a null pointer: the copy refuses it */
  if (SIMI_PTR_SPACE(v) != SIMI_SPACE_NONE) return SIDE_DEVICE;
  return host_slot(v, &off) >= 0 ? SIDE_BOTH : SIDE_HOST;
}

static const char *side_name(int side) {
  return side == SIDE_DEVICE ? "device memory" : side == SIDE_HOST ? "host memory"
                                                                   : "managed or page-locked memory";
}

/* The copy direction `kind` of API function fn against its pointers:
 * cudaSuccess; cudaErrorInvalidMemcpyDirection for a kind that is none;
 * cudaErrorInvalidValue with a finding where the pointers contradict it
 * (undefined behaviour in CUDA: nothing is copied). */
static cudaError_t direction_locked(const char *fn, void *dst, const void *src, int kind) {
  static const char *const KIND[] = {"cudaMemcpyHostToHost", "cudaMemcpyHostToDevice",
                                     "cudaMemcpyDeviceToHost", "cudaMemcpyDeviceToDevice"};
  if (kind == cudaMemcpyDefault) return cudaSuccess;
  if (kind < 0 || kind > cudaMemcpyDefault) {
    simR_handle_warn_locked(fn, "copy kind %d is no cudaMemcpyKind: returns "
                            "cudaErrorInvalidMemcpyDirection", kind);
    return simR_error_locked(cudaErrorInvalidMemcpyDirection);
  }
  int want_dst = kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice;
  int want_src = kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice;
  int ds = side_of(dst), ss = side_of(src);
  int bad_dst = ds != SIDE_BOTH && ds != (want_dst ? SIDE_DEVICE : SIDE_HOST);
  int bad_src = ss != SIDE_BOTH && ss != (want_src ? SIDE_DEVICE : SIDE_HOST);
  if (!bad_dst && !bad_src) return cudaSuccess;
  simR_api_finding_locked(fn, NULL,
                          "copy direction: %s with %s, but the destination %p is %s and the "
                          "source %p is %s (undefined behaviour; nothing was copied, the call "
                          "returns cudaErrorInvalidValue)",
                          fn, KIND[kind], dst, side_name(ds), src, side_name(ss));
  return simR_error_locked(cudaErrorInvalidValue);
}

/* A copy record: height rows of width bytes, issued on s by `call` at site
 * (dir: the cudaMemcpyKind given, -1 none). */
static simR_op copy_op(const char *call, cudaStream_t s, const void *site, int dir, void *dst,
                       size_t dpitch, const void *src, size_t spitch, size_t width,
                       size_t height) {
  simR_op op;
  memset(&op, 0, sizeof op);
  op.kind = SIMR_OP_COPY;
  op.stream = s;
  op.call = call;
  op.site = site;
  op.u.copy.dir = dir;
  op.u.copy.dst = dst, op.u.copy.src = src;
  op.u.copy.dpitch = dpitch, op.u.copy.spitch = spitch;
  op.u.copy.width = width, op.u.copy.height = height;
  return op;
}

/* cudaMemcpy made at site. */
static cudaError_t memcpy_api(void *dst, const void *src, size_t count, int kind,
                              const void *site) {
  simR_lock();
  op_begin(NULL, "cudaMemcpy", site);
  cudaError_t e = simR_sync_locked();
  if (!e) e = direction_locked("cudaMemcpy", dst, src, kind);
  if (!e) e = copy_locked(dst, src, count);
  e = sync_end(e);
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind k) {
  return memcpy_api(dst, src, count, (int)k, SITE);
}

/* cudaMemcpyAsync made at site. */
static cudaError_t memcpy_async_api(void *dst, const void *src, size_t count, int kind,
                                    cudaStream_t s, const void *site) {
  simR_op op = copy_op("cudaMemcpyAsync", s, site, kind, dst, count, src, count, count, 1);
  simR_lock();
  cudaError_t e = simR_submit_locked(&op);
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count,
                                   enum cudaMemcpyKind k, cudaStream_t s) {
  return memcpy_async_api(dst, src, count, (int)k, s, SITE);
}

EXPORT cudaError_t cudaMemcpyPeer(void *dst, int dd, const void *src, int sd, size_t count) {
  if (dd || sd) return cudaErrorInvalidDevice;
  return memcpy_api(dst, src, count, cudaMemcpyDefault, SITE);
}

EXPORT cudaError_t cudaMemcpyPeerAsync(void *dst, int dd, const void *src, int sd, size_t count,
                                       cudaStream_t s) {
  if (dd || sd) return cudaErrorInvalidDevice;
  return memcpy_async_api(dst, src, count, cudaMemcpyDefault, s, SITE);
}

/* height rows of width bytes, dpitch / spitch apart. */
static cudaError_t copy2d_locked(void *dst, size_t dpitch, const void *src, size_t spitch,
                                 size_t width, size_t height) {
  if ((height > 1 && (width > dpitch || width > spitch)))
    return simR_error_locked(cudaErrorInvalidPitchValue);
  cudaError_t e = cudaSuccess;
  for (size_t r = 0; r < height && !e; r++)
    e = copy_locked(padd(dst, r * dpitch), padd(src, r * spitch), width);
  return e;
}

EXPORT cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch,
                                size_t width, size_t height, enum cudaMemcpyKind k) {
  const void *site = SITE;
  simR_lock();
  op_begin(NULL, "cudaMemcpy2D", site);
  cudaError_t e = simR_sync_locked();
  if (!e) e = direction_locked("cudaMemcpy2D", dst, src, (int)k);
  if (!e) e = copy2d_locked(dst, dpitch, src, spitch, width, height);
  e = sync_end(e);
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
                                     size_t width, size_t height, enum cudaMemcpyKind k,
                                     cudaStream_t s) {
  simR_op op = copy_op("cudaMemcpy2DAsync", s, SITE, (int)k, dst, dpitch, src, spitch, width,
                       height);
  simR_lock();
  cudaError_t e = simR_submit_locked(&op);
  simR_unlock();
  return e;
}

/* count bytes of value at ptr. */
static cudaError_t set_locked(void *ptr, int value, size_t count) {
  cudaError_t e = simR_sticky_locked();
  if (e || !count) return e;
  void *d = simR_host_bytes_locked(ptr, count, &e);
  if (!d) {
    simR_dead_pointer_locked(op_name, "the destination", (uint64_t)(uintptr_t)ptr);
    return simR_error_locked(e);
  }
  simR_libcall_access_locked(ptr, count, 1);
  memset(d, value, count);
  return cudaSuccess;
}

/* height rows of width bytes of value, pitch apart. */
static cudaError_t set2d_locked(void *ptr, size_t pitch, int value, size_t width, size_t height) {
  cudaError_t e = width > pitch && height > 1 ? simR_error_locked(cudaErrorInvalidPitchValue)
                                              : cudaSuccess;
  for (size_t r = 0; r < height && !e; r++)
    e = set_locked(padd(ptr, r * pitch), value, width);
  return e;
}

/* A memset on stream s (cudaMemset: the legacy stream; asynchronous to the
 * host as CUDA's is for device memory), or a node of its capture. */
static cudaError_t set_api(const char *name, cudaStream_t s, void *ptr, size_t pitch, int value,
                           size_t width, size_t height, const void *site) {
  simR_op op;
  memset(&op, 0, sizeof op);
  op.kind = SIMR_OP_SET;
  op.stream = s;
  op.call = name;
  op.site = site;
  op.u.set.dst = ptr, op.u.set.pitch = pitch, op.u.set.width = width, op.u.set.height = height;
  op.u.set.value = (unsigned)value & 0xffu, op.u.set.elem = 1;
  simR_lock();
  cudaError_t e = simR_submit_locked(&op);
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaMemset(void *ptr, int value, size_t count) {
  return set_api("cudaMemset", NULL, ptr, count, value, count, 1, SITE);
}

EXPORT cudaError_t cudaMemsetAsync(void *ptr, int value, size_t count, cudaStream_t s) {
  return set_api("cudaMemsetAsync", s, ptr, count, value, count, 1, SITE);
}

EXPORT cudaError_t cudaMemset2D(void *ptr, size_t pitch, int value, size_t width,
                                size_t height) {
  return set_api("cudaMemset2D", NULL, ptr, pitch, value, width, height, SITE);
}

EXPORT cudaError_t cudaMemset2DAsync(void *ptr, size_t pitch, int value, size_t width,
                                     size_t height, cudaStream_t s) {
  return set_api("cudaMemset2DAsync", s, ptr, pitch, value, width, height, SITE);
}

/* ------------------------------------- copies and memsets as stream operations */

/* A memset record of 2- or 4-byte elements (a graph's memset node), now
 * as an operation on stream s (or a graph branch's stand-in). */
static cudaError_t set_elements(cudaStream_t s, const simR_op *op) {
  simR_libcall_begin_locked(s, "a memset node");
  cudaError_t e = simR_sticky_locked();
  if (!e && op->u.set.height > 1 && op->u.set.width > op->u.set.pitch)
    e = simR_error_locked(cudaErrorInvalidPitchValue);
  for (size_t r = 0; r < op->u.set.height && !e; r++) {
    void *row = padd(op->u.set.dst, r * op->u.set.pitch);
    uint8_t *h = simR_host_bytes_locked(row, op->u.set.width, &e);
    if (!h) {
      e = simR_error_locked(e);
      break;
    }
    simR_libcall_access_locked(row, op->u.set.width, 1);
    for (size_t k = 0; k + op->u.set.elem <= op->u.set.width; k += op->u.set.elem) {
      uint16_t v2 = (uint16_t)op->u.set.value;
      uint32_t v4 = op->u.set.value;
      memcpy(h + k, op->u.set.elem == 2 ? (const void *)&v2 : (const void *)&v4, op->u.set.elem);
    }
  }
  simR_libcall_end_locked();
  return e;
}

static cudaError_t set_run(simR_op *op, unsigned sidx, cudaStream_t s) {
  (void)sidx;
  if (op->u.set.elem != 1) return set_elements(s, op);
  op_begin(s, op->call, op->site);
  cudaError_t e = set2d_locked(op->u.set.dst, op->u.set.pitch, (int)op->u.set.value,
                               op->u.set.width, op->u.set.height);
  op_end();
  return e;
}

static cudaError_t set_keep(simR_op *op, int *invalidates) {
  *invalidates = 0;
  return op->u.set.height > 1 && op->u.set.width > op->u.set.pitch ? cudaErrorInvalidPitchValue
                                                                  : cudaSuccess;
}

static cudaError_t copy_run(simR_op *op, unsigned sidx, cudaStream_t s) {
  (void)sidx;
  op_begin(s, op->call, op->site);
  cudaError_t e = copy2d_locked(op->u.copy.dst, op->u.copy.dpitch, op->u.copy.src,
                                op->u.copy.spitch, op->u.copy.width, op->u.copy.height);
  op_end();
  return e;
}

static cudaError_t copy_keep(simR_op *op, int *invalidates) {
  *invalidates = 0;
  return op->u.copy.height > 1 &&
                 (op->u.copy.width > op->u.copy.dpitch || op->u.copy.width > op->u.copy.spitch)
             ? cudaErrorInvalidPitchValue
             : cudaSuccess;
}

/* A copy's direction against its pointers, before it is captured or run. */
static cudaError_t copy_check(simR_op *op) {
  return op->u.copy.dir < 0 ? cudaSuccess
                            : direction_locked(op->call, op->u.copy.dst, op->u.copy.src,
                                               op->u.copy.dir);
}

static const simR_executor copy_executor = {copy_run, copy_keep, NULL, NULL, copy_check};
static const simR_executor set_executor = {set_run, set_keep, NULL, NULL, NULL};

__attribute__((constructor)) static void register_copies(void) {
  simR_op_register(SIMR_OP_COPY, &copy_executor);
  simR_op_register(SIMR_OP_SET, &set_executor);
}

/* ------------------------------------------------------------ symbols */

/* The device address of [offset, offset + count) of symbol, 0 with *e. */
static uint64_t symbol_at(const void *symbol, size_t count, size_t offset, cudaError_t *e) {
  uint64_t size = 0, dev = 0;
  *e = cudaSuccess;
  if (!simR_symbol_locked(symbol, &size, &dev, e)) {
    *e = simR_error_locked(*e ? *e : cudaErrorInvalidSymbol);
    return 0;
  }
  if (offset > size || count > size - offset) {
    *e = simR_error_locked(cudaErrorInvalidValue);
    return 0;
  }
  return dev + offset;
}

/* A copy to (to) or from a symbol: synchronous (s unused), on stream s, or
 * a node of s's capture. */
static cudaError_t symbol_copy(const char *name, int to, void *mem, const void *symbol,
                               size_t count, size_t offset, int sync, cudaStream_t s,
                               const void *site) {
  simR_lock();
  cudaError_t e = sync ? simR_sync_locked() : simR_bad_stream_locked(s, name);
  if (!e && !sync) e = simR_sticky_locked();
  uint64_t dev = e ? 0 : symbol_at(symbol, count, offset, &e);
  void *d = to ? (void *)(uintptr_t)dev : mem;
  const void *src = to ? (const void *)mem : (const void *)(uintptr_t)dev;
  if (e) {
    /* the error as it is */
  } else if (!sync) {
    /* (its checks made above, in their order) */
    simR_op op = copy_op(name, s, site, -1, d, count, src, count, count, 1);
    op.flags = SIMR_OP_CHECKED;
    e = simR_submit_locked(&op);
  } else {
    op_begin(sync ? NULL : s, name, site);
    e = copy_locked(d, src, count);
    if (sync) e = sync_end(e);
    else op_end();
  }
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count,
                                      size_t offset, enum cudaMemcpyKind k) {
  (void)k;
  return symbol_copy("cudaMemcpyToSymbol", 1, (void *)src, symbol, count, offset, 1, NULL, SITE);
}

EXPORT cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count,
                                        size_t offset, enum cudaMemcpyKind k) {
  (void)k;
  return symbol_copy("cudaMemcpyFromSymbol", 0, dst, symbol, count, offset, 1, NULL, SITE);
}

EXPORT cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count,
                                           size_t offset, enum cudaMemcpyKind k,
                                           cudaStream_t s) {
  (void)k;
  return symbol_copy("cudaMemcpyToSymbolAsync", 1, (void *)src, symbol, count, offset, 0, s, SITE);
}

EXPORT cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count,
                                             size_t offset, enum cudaMemcpyKind k,
                                             cudaStream_t s) {
  (void)k;
  return symbol_copy("cudaMemcpyFromSymbolAsync", 0, dst, symbol, count, offset, 0, s, SITE);
}

EXPORT cudaError_t cudaGetSymbolAddress(void **ptr, const void *symbol) {
  if (!ptr) return cudaErrorInvalidValue;
  simR_lock();
  uint64_t size = 0, dev = 0;
  cudaError_t e = cudaSuccess;
  if (simR_symbol_locked(symbol, &size, &dev, &e)) *ptr = (void *)(uintptr_t)dev;
  else e = simR_error_locked(e ? e : cudaErrorInvalidSymbol);
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaGetSymbolSize(size_t *sz, const void *symbol) {
  if (!sz) return cudaErrorInvalidValue;
  simR_lock();
  uint64_t size = 0, dev = 0;
  cudaError_t e = cudaSuccess;
  if (simR_symbol_locked(symbol, &size, &dev, &e)) *sz = size;
  else e = simR_error_locked(e ? e : cudaErrorInvalidSymbol);
  simR_unlock();
  return e;
}

/* managed-memory hints: nothing to move on a CPU */
EXPORT cudaError_t cudaMemPrefetchAsync(const void *ptr, size_t count, int device,
                                        cudaStream_t s) {
  (void)ptr, (void)count, (void)device;
  simR_lock();
  cudaError_t e = simR_bad_stream_locked(s, "cudaMemPrefetchAsync");
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaMemAdvise(const void *ptr, size_t count, int advice, int device) {
  (void)ptr, (void)count, (void)advice, (void)device;
  return cudaSuccess;
}

/* cudaMemcpy3D between pitched pointers (runtime/array.c's cudaMemcpy3D
 * makes CUDA arrays pitched pointers first) */
static cudaError_t copy3d_locked(const struct cudaMemcpy3DParms *p) {
  const struct cudaPitchedPtr *s = &p->srcPtr, *d = &p->dstPtr;
  size_t w = p->extent.width, h = p->extent.height, dep = p->extent.depth;
  cudaError_t e = simR_sticky_locked();
  if (!e && (p->srcPos.x + w > s->pitch || p->dstPos.x + w > d->pitch))
    e = simR_error_locked(cudaErrorInvalidPitchValue);
  for (size_t z = 0; z < dep && !e; z++)
    for (size_t y = 0; y < h && !e; y++) {
      size_t so = ((p->srcPos.z + z) * s->ysize + p->srcPos.y + y) * s->pitch + p->srcPos.x;
      size_t dof = ((p->dstPos.z + z) * d->ysize + p->dstPos.y + y) * d->pitch + p->dstPos.x;
      e = copy_locked(padd(d->ptr, dof), padd(s->ptr, so), w);
    }
  return e;
}

/* What cudaMemcpy3D refuses before it is an operation; 0 when none. */
static cudaError_t copy3d_refused(const struct cudaMemcpy3DParms *p) {
  if (!p) return simR_error_locked(cudaErrorInvalidValue);
  if (p->srcArray || p->dstArray) return simR_unsupported_locked("cudaMemcpy3D with a CUDA array");
  return cudaSuccess;
}

cudaError_t simR_memcpy3d_locked(const struct cudaMemcpy3DParms *p, cudaStream_t s, int async,
                                 const void *site) {
  cudaError_t e = copy3d_refused(p);
  if (e) return e;
  if (!async) {
    op_begin(NULL, "cudaMemcpy3D", site);
    e = simR_sync_locked();
    if (!e) e = copy3d_locked(p);
    return sync_end(e);
  }
  op_begin(s, "cudaMemcpy3DAsync", site);
  e = copy3d_locked(p);
  op_end();
  return e;
}

/* cudaMemset3D(Async) on stream s. */
static cudaError_t set3d_api(const char *name, cudaStream_t s, struct cudaPitchedPtr p, int value,
                             struct cudaExtent ext, const void *site) {
  cudaError_t e;
  if (simR_mem_not_captured(SIMR_OP_SET, s, name, &e)) return e;
  simR_lock();
  op_begin(s, name, site);
  e = ext.width > p.pitch ? simR_error_locked(cudaErrorInvalidPitchValue) : cudaSuccess;
  for (size_t z = 0; z < ext.depth && !e; z++)
    e = set2d_locked(padd(p.ptr, z * p.ysize * p.pitch), p.pitch, value, ext.width,
                     ext.height);
  op_end();
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaMemset3D(struct cudaPitchedPtr p, int value, struct cudaExtent ext) {
  return set3d_api("cudaMemset3D", NULL, p, value, ext, SITE);
}

EXPORT cudaError_t cudaMemset3DAsync(struct cudaPitchedPtr p, int value, struct cudaExtent ext,
                                     cudaStream_t s) {
  return set3d_api("cudaMemset3DAsync", s, p, value, ext, SITE);
}
