/*
 * simulee runtime: the driver's virtual memory management (cuda.h:
 * cuMemAddressReserve, cuMemCreate, cuMemMap, cuMemSetAccess and their
 * inverses; POSIX file descriptors as shareable handles).
 *
 * A reservation is a slot of the allocation table (its device pointer is
 * the start of the range) backed by host address space reserved with no
 * access. A physical allocation (cuMemCreate) is a memory file (memfd) of
 * its size; mapping it maps the file into the reservation's host range, so
 * two mappings of one allocation share their bytes as they do on a GPU
 * (also in two processes: an exported handle is the file's descriptor).
 * The slot becomes device memory when cuMemSetAccess grants access to a
 * range whose mapped part starts the reservation: kernels and copies see
 * the reservation's mapped prefix; unmapping or freeing the range makes the
 * slot a freed allocation again (a later use is a finding). Compression is
 * not offered (CU_DEVICE_ATTRIBUTE_GENERIC_COMPRESSION_SUPPORTED is 0).
 */
#define _GNU_SOURCE /* memfd_create */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runtime/internal.h"

#define EXPORT __attribute__((visibility("default")))

typedef int CUresult; /* cuda.h */
enum { CU_OK = 0, CU_INVALID_VALUE = 1, CU_OUT_OF_MEMORY = 2, CU_INVALID_DEVICE = 101,
       CU_NOT_SUPPORTED = 801 };

/* the granularity of reservations, allocations and mappings (a GPU's) */
#define GRAN ((size_t)2 << 20)

/* CUmemAllocationProp (cuda.h) */
typedef struct alloc_prop {
  int type;         /* CU_MEM_ALLOCATION_TYPE_PINNED: 1 */
  int handle_types; /* CUmemAllocationHandleType bits */
  int loc_type;     /* CU_MEM_LOCATION_TYPE_DEVICE: 1 */
  int loc_id;
  void *win32;
  unsigned char compression, rdma;
  unsigned short usage;
  unsigned char reserved[4];
} alloc_prop;

/* CUmemAccessDesc */
typedef struct access_desc {
  int loc_type, loc_id;
  int flags;
} access_desc;

/* A physical allocation (CUmemGenericAllocationHandle). */
typedef struct phys {
  int fd;        /* its memory file */
  size_t size;
  alloc_prop prop;
  unsigned maps; /* mappings of it */
  int released;  /* cuMemRelease called: gone with its last mapping */
} phys;

/* A mapping of a physical allocation into a reservation. */
typedef struct mapping {
  size_t off, size; /* its range in the reservation */
  phys *p;
  struct mapping *next;
} mapping;

/* A reserved range. */
typedef struct reservation {
  unsigned slot;  /* its slot of simR_mem */
  size_t size;
  uint8_t *base;  /* its host range */
  mapping *maps;
  struct reservation *next;
} reservation;

static reservation *reservations;

static void phys_drop(phys *p) {
  if (p->released && !p->maps) {
    close(p->fd);
    free(p);
  }
}

/* The reservation ptr points into, with ptr's offset; NULL if none. */
static reservation *res_of(unsigned long long ptr, size_t *off) {
  if (SIMI_PTR_SPACE(ptr) != SIMI_SPACE_GLOBAL) return NULL;
  for (reservation *r = reservations; r; r = r->next)
    if (r->slot == SIMI_PTR_ALLOC(ptr) && SIMI_PTR_OFFSET(ptr) < r->size) {
      *off = SIMI_PTR_OFFSET(ptr);
      return r;
    }
  return NULL;
}

/* The bytes of r mapped from its start on (what its slot shows). */
static size_t mapped_prefix(const reservation *r) {
  size_t end = 0;
  for (int grew = 1; grew;) {
    grew = 0;
    for (const mapping *m = r->maps; m; m = m->next)
      if (m->off <= end && m->off + m->size > end) end = m->off + m->size, grew = 1;
  }
  return end;
}

/* r's slot: device memory of its mapped prefix (access: granted), or a
 * freed allocation. */
static void slot_update(reservation *r, int access) {
  simR_alloc *a = &simR_mem.v[r->slot];
  size_t n = mapped_prefix(r);
  if (access && n)
    *a = (simR_alloc){r->base, n, SIMR_MEM_DEVICE, SIMR_MEM_FREE, 0, 0};
  else if (a->kind != SIMR_MEM_FREE)
    *a = (simR_alloc){NULL, 0, SIMR_MEM_FREE, SIMR_MEM_DEVICE, 0, 0};
  simR_mem_changed_locked(r->slot);
}

/* (runtime/driver.c: cuMemFree refuses a reserved range) */
int simR_vmm_reserved(unsigned long long ptr) {
  simR_lock();
  size_t off;
  int r = res_of(ptr, &off) != NULL;
  simR_unlock();
  return r;
}

static CUresult fail(CUresult status, const char *call, const char *why) {
  fprintf(stderr, "simulee: error: %s: %s\n", call, why);
  return status;
}

EXPORT CUresult cuMemGetAllocationGranularity(size_t *g, const alloc_prop *prop, int option) {
  (void)option;
  if (!g || !prop) return CU_INVALID_VALUE;
  *g = GRAN;
  return CU_OK;
}

EXPORT CUresult cuMemAddressReserve(unsigned long long *ptr, size_t size, size_t align,
                                    unsigned long long addr, unsigned long long flags) {
  (void)addr; /* a hint */
  if (!ptr || !size || size % GRAN || flags || (align && (align & (align - 1))))
    return CU_INVALID_VALUE;
  if (size >= SIMI_MAX_ALLOC_BYTES) return CU_OUT_OF_MEMORY;
  reservation *r = calloc(1, sizeof *r);
  void *base = mmap(NULL, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (!r || base == MAP_FAILED) {
    free(r);
    if (base != MAP_FAILED) munmap(base, size);
    return CU_OUT_OF_MEMORY;
  }
  simR_lock();
  int s = simR_mem_slot_locked();
  if (s < 0) {
    simR_unlock();
    munmap(base, size);
    free(r);
    return CU_OUT_OF_MEMORY;
  }
  r->slot = (unsigned)s, r->size = size, r->base = base;
  r->next = reservations;
  reservations = r;
  *ptr = SIMI_PTR_MAKE(SIMI_SPACE_GLOBAL, (unsigned)s, 0);
  simR_unlock();
  return CU_OK;
}

EXPORT CUresult cuMemAddressFree(unsigned long long ptr, size_t size) {
  simR_lock();
  size_t off = 0;
  reservation *r = res_of(ptr, &off), **pp = &reservations;
  CUresult st = CU_OK;
  if (!r || off || size != r->size) st = CU_INVALID_VALUE;
  else if (r->maps) st = fail(CU_INVALID_VALUE, "cuMemAddressFree", "the range is mapped still "
                              "(cuMemUnmap it first)");
  if (!st) {
    while (*pp != r) pp = &(*pp)->next;
    *pp = r->next;
    slot_update(r, 0);
    munmap(r->base, r->size);
    free(r);
  }
  simR_unlock();
  return st;
}

EXPORT CUresult cuMemCreate(unsigned long long *handle, size_t size, const alloc_prop *prop,
                            unsigned long long flags) {
  if (!handle || !prop || !size || size % GRAN || flags || prop->type != 1 ||
      prop->loc_type != 1)
    return CU_INVALID_VALUE;
  if (prop->loc_id != 0) return CU_INVALID_DEVICE;
  phys *p = calloc(1, sizeof *p);
  if (!p) return CU_OUT_OF_MEMORY;
  p->fd = memfd_create("simulee-cuMemCreate", MFD_CLOEXEC);
  if (p->fd < 0 || ftruncate(p->fd, (off_t)size) < 0) {
    if (p->fd >= 0) close(p->fd);
    free(p);
    return CU_OUT_OF_MEMORY;
  }
  p->size = size;
  p->prop = *prop;
  p->prop.compression = 0; /* no compression here */
  *handle = (unsigned long long)(uintptr_t)p;
  return CU_OK;
}

EXPORT CUresult cuMemRelease(unsigned long long handle) {
  phys *p = (phys *)(uintptr_t)handle;
  if (!p || p->released) return CU_INVALID_VALUE;
  simR_lock();
  p->released = 1;
  phys_drop(p);
  simR_unlock();
  return CU_OK;
}

EXPORT CUresult cuMemMap(unsigned long long ptr, size_t size, size_t offset,
                         unsigned long long handle, unsigned long long flags) {
  phys *p = (phys *)(uintptr_t)handle;
  if (!p || p->released || flags || !size || size % GRAN || offset % GRAN ||
      offset + size > p->size)
    return CU_INVALID_VALUE;
  simR_lock();
  size_t off = 0;
  reservation *r = res_of(ptr, &off);
  CUresult st = !r || off % GRAN || off + size > r->size ? CU_INVALID_VALUE : CU_OK;
  for (mapping *m = r && !st ? r->maps : NULL; m && !st; m = m->next)
    if (off < m->off + m->size && m->off < off + size)
      st = fail(CU_INVALID_VALUE, "cuMemMap", "the range is mapped already");
  mapping *m = st ? NULL : calloc(1, sizeof *m);
  if (!st && (!m || mmap(r->base + off, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED,
                         p->fd, (off_t)offset) == MAP_FAILED)) {
    free(m);
    st = CU_OUT_OF_MEMORY;
  }
  if (!st) {
    *m = (mapping){off, size, p, r->maps};
    r->maps = m;
    p->maps++;
  }
  simR_unlock();
  return st;
}

EXPORT CUresult cuMemUnmap(unsigned long long ptr, size_t size) {
  simR_lock();
  size_t off = 0;
  reservation *r = res_of(ptr, &off);
  CUresult st = r ? CU_OK : CU_INVALID_VALUE;
  for (mapping **mp = r ? &r->maps : NULL; mp && *mp;) {
    mapping *m = *mp;
    if (m->off >= off && m->off + m->size <= off + size) {
      mmap(r->base + m->off, m->size, PROT_NONE,
           MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
      *mp = m->next;
      m->p->maps--;
      phys_drop(m->p);
      free(m);
    } else {
      mp = &m->next;
    }
  }
  if (r) slot_update(r, simR_mem.v[r->slot].kind == SIMR_MEM_DEVICE);
  simR_unlock();
  return st;
}

EXPORT CUresult cuMemSetAccess(unsigned long long ptr, size_t size, const access_desc *d,
                               size_t count) {
  if (!d || !count) return CU_INVALID_VALUE;
  for (size_t i = 0; i < count; i++)
    if (d[i].loc_type != 1 || d[i].loc_id != 0) return CU_INVALID_DEVICE;
  simR_lock();
  size_t off = 0;
  reservation *r = res_of(ptr, &off);
  CUresult st = !r || off + size > r->size ? CU_INVALID_VALUE : CU_OK;
  if (!st && off + size > mapped_prefix(r))
    st = fail(CU_INVALID_VALUE, "cuMemSetAccess", "part of the range is not mapped (cuMemMap)");
  if (!st) slot_update(r, d[count - 1].flags != 0);
  simR_unlock();
  return st;
}

EXPORT CUresult cuMemGetAccess(unsigned long long *flags, const access_desc *loc,
                               unsigned long long ptr) {
  if (!flags || !loc) return CU_INVALID_VALUE;
  simR_lock();
  size_t off = 0;
  reservation *r = res_of(ptr, &off);
  if (r) *flags = simR_mem.v[r->slot].kind == SIMR_MEM_DEVICE && loc->loc_id == 0 ? 3 : 0;
  simR_unlock();
  return r ? CU_OK : CU_INVALID_VALUE;
}

EXPORT CUresult cuMemGetAllocationPropertiesFromHandle(alloc_prop *prop,
                                                       unsigned long long handle) {
  phys *p = (phys *)(uintptr_t)handle;
  if (!prop || !p) return CU_INVALID_VALUE;
  *prop = p->prop;
  return CU_OK;
}

EXPORT CUresult cuMemRetainAllocationHandle(unsigned long long *handle, void *addr) {
  if (!handle) return CU_INVALID_VALUE;
  simR_lock();
  size_t off = 0;
  reservation *r = res_of((unsigned long long)(uintptr_t)addr, &off);
  CUresult st = CU_INVALID_VALUE;
  for (mapping *m = r ? r->maps : NULL; m; m = m->next)
    if (off >= m->off && off < m->off + m->size) {
      *handle = (unsigned long long)(uintptr_t)m->p;
      st = CU_OK;
    }
  simR_unlock();
  return st;
}

EXPORT CUresult cuMemExportToShareableHandle(void *shareable, unsigned long long handle, int type,
                                             unsigned long long flags) {
  phys *p = (phys *)(uintptr_t)handle;
  if (!shareable || !p || flags) return CU_INVALID_VALUE;
  if (type != 1) /* CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR */
    return fail(CU_NOT_SUPPORTED, "cuMemExportToShareableHandle",
                "simulee shares allocations as POSIX file descriptors only");
  if (!(p->prop.handle_types & 1))
    return fail(CU_INVALID_VALUE, "cuMemExportToShareableHandle", "the allocation was not "
                "created exportable as a POSIX file descriptor (requestedHandleTypes)");
  int fd = dup(p->fd);
  if (fd < 0) return CU_OUT_OF_MEMORY;
  memcpy(shareable, &fd, sizeof fd);
  return CU_OK;
}

EXPORT CUresult cuMemImportFromShareableHandle(unsigned long long *handle, void *os_handle,
                                               int type) {
  if (!handle) return CU_INVALID_VALUE;
  if (type != 1)
    return fail(CU_NOT_SUPPORTED, "cuMemImportFromShareableHandle",
                "simulee shares allocations as POSIX file descriptors only");
  int fd = (int)(intptr_t)os_handle;
  struct stat st;
  phys *p = calloc(1, sizeof *p);
  if (!p) return CU_OUT_OF_MEMORY;
  if (fstat(fd, &st) < 0 || (p->fd = dup(fd)) < 0) {
    free(p);
    return CU_INVALID_VALUE;
  }
  p->size = (size_t)st.st_size;
  p->prop.type = 1, p->prop.handle_types = 1, p->prop.loc_type = 1;
  *handle = (unsigned long long)(uintptr_t)p;
  return CU_OK;
}
