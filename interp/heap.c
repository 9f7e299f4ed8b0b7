/* The device heap: see heap.h. */
#include <stdlib.h>
#include <string.h>
#include "simulee/interp.h"
#include "heap.h"

void simI_heap_init(simI_heap *h, uint64_t limit) {
  memset(h, 0, sizeof *h);
  h->limit = limit ? limit : SIMI_DEFAULT_DEVICE_HEAP;
}

/* The index of the next block: a fresh one while any is left, else the
 * oldest freed one; UINT32_MAX when none (or host memory short: *nomem). */
static uint32_t next_index(simI_heap *h, int *nomem) {
  if (h->n < SIMI_HEAP_MAX_BLOCKS) {
    if (h->n == h->cap) {
      uint32_t nc = h->cap ? h->cap * 2 : 16;
      if (nc > SIMI_HEAP_MAX_BLOCKS) nc = SIMI_HEAP_MAX_BLOCKS;
      simI_hblock *nb = realloc(h->b, nc * sizeof *nb);
      if (!nb) { *nomem = 1; return UINT32_MAX; }
      h->b = nb;
      h->cap = nc;
    }
    return h->n++;
  }
  if (!h->fq_n) return UINT32_MAX;
  uint32_t i = h->fq[h->fq_head];
  h->fq_head = (h->fq_head + 1) % h->fq_cap;
  h->fq_n--;
  return i;
}

uint64_t simI_heap_alloc(simI_heap *h, uint64_t bytes, int *nomem) {
  *nomem = 0;
  if (bytes > h->limit - h->live) return 0;
  if (h->n >= SIMI_HEAP_MAX_BLOCKS && !h->fq_n) return 0;
  uint8_t *d = NULL;
  if (bytes && !(d = calloc(h->shadow ? 2 : 1, (size_t)bytes))) { *nomem = 1; return 0; }
  uint32_t i = next_index(h, nomem);
  if (i == UINT32_MAX) { free(d); return 0; }
  simI_hblock *b = &h->b[i];
  memset(b, 0, sizeof *b);
  b->data = d;
  b->size = bytes;
  h->live += bytes;
  return SIMI_PTR_MAKE(SIMI_SPACE_GLOBAL, SIMI_HEAP_FIRST + i, 0);
}

simI_hblock *simI_heap_block(simI_heap *h, unsigned al) {
  if (al < SIMI_HEAP_FIRST || al - SIMI_HEAP_FIRST >= h->n) return NULL;
  return &h->b[al - SIMI_HEAP_FIRST];
}

int simI_heap_free(simI_heap *h, uint64_t p, uint32_t site, const void *prog) {
  if (!p) return 0;
  simI_hblock *b = SIMI_PTR_SPACE(p) == SIMI_SPACE_GLOBAL ? simI_heap_block(h, SIMI_PTR_ALLOC(p)) : NULL;
  if (!b || SIMI_PTR_OFFSET(p) != 0) return 2;
  if (b->freed) return 1;
  /* the index joins the queue of freed ones (it holds at most every index) */
  if (h->fq_n == h->fq_cap) {
    uint32_t nc = h->fq_cap ? h->fq_cap * 2 : 64;
    uint32_t *nq = malloc(nc * sizeof *nq);
    if (nq) {
      for (uint32_t k = 0; k < h->fq_n; k++) nq[k] = h->fq[(h->fq_head + k) % h->fq_cap];
      free(h->fq);
      h->fq = nq;
      h->fq_cap = nc;
      h->fq_head = 0;
    }
  }
  if (h->fq_n < h->fq_cap) {
    h->fq[(h->fq_head + h->fq_n) % h->fq_cap] = SIMI_PTR_ALLOC(p) - SIMI_HEAP_FIRST;
    h->fq_n++;
  }
  free(b->data);
  b->data = NULL;
  b->freed = 1;
  b->free_site = site;
  b->free_prog = prog;
  b->free_launch = h->launch;
  h->live -= b->size;
  return 0;
}

void simI_heap_all_written(simI_heap *h) {
  if (!h->shadow) return;
  for (uint32_t i = 0; i < h->n; i++)
    if (!h->b[i].freed && h->b[i].data) memset(h->b[i].data + h->b[i].size, 1, h->b[i].size);
}

void simI_heap_release(simI_heap *h) {
  for (uint32_t i = 0; i < h->n; i++) free(h->b[i].data);
  free(h->b);
  free(h->fq);
  memset(h, 0, sizeof *h);
}

/* ------------------------------------------------ the persistent heap */

simI_heap *simI_heap_new(uint64_t limit) {
  simI_heap *h = malloc(sizeof *h);
  if (!h) return NULL;
  simI_heap_init(h, limit);
  h->shadow = 1; /* its launches may or may not keep it: see untracked */
  h->persistent = 1;
  return h;
}

void simI_heap_delete(simI_heap *h) {
  if (!h) return;
  simI_heap_release(h);
  free(h);
}

uint64_t simI_heap_limit(const simI_heap *h) { return h->limit; }

int simI_heap_set_limit(simI_heap *h, uint64_t limit) {
  if (h->used || h->n) return -1;
  h->limit = limit ? limit : SIMI_DEFAULT_DEVICE_HEAP;
  return 0;
}

int simI_heap_used(const simI_heap *h) { return h->used || h->n; }

void simI_heap_set_launch(simI_heap *h, uint64_t launch) { h->launch = launch; }

uint64_t simI_heap_live(const simI_heap *h) { return h->live; }

uint8_t *simI_heap_data(simI_heap *h, unsigned al, uint64_t *size) {
  simI_hblock *b = simI_heap_block(h, al);
  if (!b || b->freed) return NULL;
  *size = b->size;
  return b->data;
}

void simI_heap_untracked(simI_heap *h) {
  if (h->n) h->untracked = 1;
}
