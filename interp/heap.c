/* The device heap of one launch: see heap.h. */
#include <stdlib.h>
#include <string.h>
#include "simulee/interp.h"
#include "heap.h"

void simI_heap_init(simI_heap *h, uint64_t limit) {
  memset(h, 0, sizeof *h);
  h->limit = limit ? limit : SIMI_DEFAULT_DEVICE_HEAP;
}

uint64_t simI_heap_alloc(simI_heap *h, uint64_t bytes, int *nomem) {
  *nomem = 0;
  if (bytes > h->limit - h->live || h->n >= SIMI_HEAP_MAX_BLOCKS) return 0;
  if (h->n == h->cap) {
    uint32_t nc = h->cap ? h->cap * 2 : 16;
    simI_hblock *nb = realloc(h->b, nc * sizeof *nb);
    if (!nb) { *nomem = 1; return 0; }
    h->b = nb;
    h->cap = nc;
  }
  uint8_t *d = NULL;
  if (bytes && !(d = calloc(h->shadow ? 2 : 1, (size_t)bytes))) { *nomem = 1; return 0; }
  simI_hblock *b = &h->b[h->n];
  b->data = d;
  b->size = bytes;
  b->freed = 0;
  b->free_site = 0;
  h->live += bytes;
  return SIMI_PTR_MAKE(SIMI_SPACE_GLOBAL, SIMI_HEAP_FIRST + h->n++, 0);
}

simI_hblock *simI_heap_block(simI_heap *h, unsigned al) {
  if (al < SIMI_HEAP_FIRST || al - SIMI_HEAP_FIRST >= h->n) return NULL;
  return &h->b[al - SIMI_HEAP_FIRST];
}

int simI_heap_free(simI_heap *h, uint64_t p, uint32_t site) {
  if (!p) return 0;
  simI_hblock *b = SIMI_PTR_SPACE(p) == SIMI_SPACE_GLOBAL ? simI_heap_block(h, SIMI_PTR_ALLOC(p)) : NULL;
  if (!b || SIMI_PTR_OFFSET(p) != 0) return 2;
  if (b->freed) return 1;
  free(b->data);
  b->data = NULL;
  b->freed = 1;
  b->free_site = site;
  h->live -= b->size;
  return 0;
}

void simI_heap_release(simI_heap *h) {
  for (uint32_t i = 0; i < h->n; i++) free(h->b[i].data);
  free(h->b);
  memset(h, 0, sizeof *h);
}
