/*
 * simulee interp: buffer memory (simI_mem_alloc / simI_mem_free, see
 * include/simulee/interp.h). A buffer of one repeated non-zero element is a
 * run of MAP_PRIVATE mappings of one template chunk (a memfd holding the
 * element repeated), so that it costs the pages the kernel writes, not its
 * declared size. The mappings made here are registered (base, length) so
 * that simI_mem_free knows to unmap them; every other pointer is free()d.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "simulee/interp.h"

typedef struct tmpl {
  int fd;         /* memfd of `chunk` bytes: the element repeated */
  unsigned es;    /* element bytes (1, 2, 4 or 8) */
  uint64_t bits;  /* the element (low es bytes) */
  uint64_t chunk; /* bytes */
} tmpl;

typedef struct mapping {
  void *p;
  size_t len;
  unsigned es;   /* the pattern it holds */
  uint64_t bits;
} mapping;

/* Released mappings kept for reuse: madvise(MADV_DONTNEED) drops the
 * private pages a launch wrote, so the range reads the template again, and
 * the next buffer of the same pattern and length costs no mapping at all. */
#define SPARES 4u

static pthread_mutex_t mem_mu = PTHREAD_MUTEX_INITIALIZER;
static tmpl tmpls[SIMI_MEM_TEMPLATES]; /* guarded by mem_mu */
static unsigned ntmpls, next_evict;
static mapping *maps; /* live mappings; guarded by mem_mu */
static size_t nmaps, capmaps;
static mapping spares[SPARES]; /* guarded by mem_mu */
static unsigned nspares;

/* bytes bytes at d: the es-byte element at elem repeated (the last one cut).
 * Doubling copies: the copied prefix is always a whole number of elements. */
static void fill_pattern(unsigned char *d, uint64_t bytes, const void *elem, unsigned es) {
  if (!bytes) return;
  uint64_t have = bytes < es ? bytes : es;
  memcpy(d, elem, (size_t)have);
  while (have < bytes) {
    uint64_t n = have < bytes - have ? have : bytes - have;
    memcpy(d + have, d, (size_t)n);
    have += n;
  }
}

/* The template for (es, bits) of at least `chunk` bytes (mem_mu held):
 * its index, or -1. A new one evicts the oldest when all slots are used
 * (closing its memfd; mappings made from it stay valid). */
static int template_for(unsigned es, uint64_t bits, const void *elem, uint64_t chunk) {
  for (unsigned i = 0; i < ntmpls; i++)
    if (tmpls[i].es == es && tmpls[i].bits == bits && tmpls[i].chunk >= chunk) return (int)i;
  int fd = memfd_create("simulee-buffer-template", MFD_CLOEXEC);
  if (fd < 0) return -1;
  if (ftruncate(fd, (off_t)chunk) < 0) {
    close(fd);
    return -1;
  }
  void *m = mmap(NULL, (size_t)chunk, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (m == MAP_FAILED) {
    close(fd);
    return -1;
  }
  fill_pattern(m, chunk, elem, es);
  munmap(m, (size_t)chunk);
  unsigned i;
  if (ntmpls < SIMI_MEM_TEMPLATES) {
    i = ntmpls++;
  } else {
    i = next_evict;
    next_evict = (next_evict + 1) % SIMI_MEM_TEMPLATES;
    close(tmpls[i].fd);
  }
  tmpls[i] = (tmpl){fd, es, bits, chunk};
  return (int)i;
}

/* The copy-on-write chunk mappings of a pattern buffer, or NULL (then the
 * caller falls back to malloc). */
static void *map_pattern(uint64_t bytes, const void *elem, unsigned es) {
  long pg = sysconf(_SC_PAGESIZE);
  if (pg <= 0 || SIMI_MEM_CHUNK_MIN % (uint64_t)pg || bytes > SIZE_MAX - (uint64_t)pg) return NULL;
  uint64_t chunk = SIMI_MEM_CHUNK_MIN;
  while (chunk * SIMI_MEM_MAX_CHUNKS < bytes) chunk *= 2;
  size_t len = (size_t)((bytes + (uint64_t)pg - 1) / (uint64_t)pg * (uint64_t)pg);
  uint64_t bits = 0;
  memcpy(&bits, elem, es);
  unsigned char *base = NULL;
  pthread_mutex_lock(&mem_mu);
  if (nmaps == capmaps) {
    size_t nc = capmaps ? 2 * capmaps : 16;
    mapping *nm = realloc(maps, nc * sizeof *nm);
    if (!nm) goto out;
    maps = nm;
    capmaps = nc;
  }
  for (unsigned i = 0; i < nspares; i++)
    if (spares[i].len == len && spares[i].es == es && spares[i].bits == bits) {
      maps[nmaps++] = spares[i];
      base = spares[i].p;
      spares[i] = spares[--nspares];
      goto out;
    }
  int t = template_for(es, bits, elem, chunk);
  if (t < 0) goto out;
  chunk = tmpls[t].chunk;
  /* reserve the range, then lay the template over it chunk by chunk (the
   * memfd cannot be closed meanwhile: the eviction needs mem_mu) */
  void *r = mmap(NULL, len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (r == MAP_FAILED) goto out;
  base = r;
  for (size_t off = 0; off < len; off += (size_t)chunk) {
    size_t n = len - off < chunk ? len - off : (size_t)chunk;
    if (mmap(base + off, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_FIXED | MAP_NORESERVE,
             tmpls[t].fd, 0) == MAP_FAILED) {
      munmap(base, len);
      base = NULL;
      goto out;
    }
  }
  maps[nmaps++] = (mapping){base, len, es, bits};
out:
  pthread_mutex_unlock(&mem_mu);
  return base;
}

void *simI_mem_alloc(uint64_t bytes, const void *elem, unsigned es) {
  if (bytes > SIZE_MAX - 1) return NULL;
  int zero = 1;
  for (unsigned k = 0; elem && k < es; k++)
    if (((const unsigned char *)elem)[k]) zero = 0;
  if (zero) return calloc((size_t)(bytes ? bytes : 1), 1);
  if (bytes >= SIMI_MEM_MAP_MIN && (es == 1 || es == 2 || es == 4 || es == 8)) {
    void *m = map_pattern(bytes, elem, es);
    if (m) return m;
  }
  unsigned char *d = malloc((size_t)(bytes ? bytes : 1));
  if (d) fill_pattern(d, bytes, elem, es);
  return d;
}

/* The index of mapping p (mem_mu held), or nmaps. */
static size_t find_map(const void *p) {
  size_t i = 0;
  while (i < nmaps && maps[i].p != p) i++;
  return i;
}

void simI_mem_free(void *p) {
  if (!p) return;
  pthread_mutex_lock(&mem_mu);
  size_t i = find_map(p);
  if (i == nmaps) {
    pthread_mutex_unlock(&mem_mu);
    free(p);
    return;
  }
  mapping m = maps[i], drop = {NULL, 0, 0, 0};
  maps[i] = maps[--nmaps];
  /* back to the template's contents (the written pages are dropped), then
   * kept as a spare; the oldest spare goes when there are SPARES */
  if (madvise(m.p, m.len, MADV_DONTNEED) != 0) {
    drop = m;
  } else {
    if (nspares == SPARES) {
      drop = spares[0];
      spares[0] = spares[--nspares];
    }
    spares[nspares++] = m;
  }
  pthread_mutex_unlock(&mem_mu);
  if (drop.p) munmap(drop.p, drop.len);
}

simI_mem_kind simI_mem_kind_of(const void *p) {
  if (!p) return SIMI_MEM_HEAP;
  pthread_mutex_lock(&mem_mu);
  int mapped = find_map(p) < nmaps;
  pthread_mutex_unlock(&mem_mu);
  return mapped ? SIMI_MEM_MAPPED : SIMI_MEM_HEAP;
}
