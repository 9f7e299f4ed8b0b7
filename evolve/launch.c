/*
 * simulee evolve: the interpreter launch of a genome (buffers filled as
 * its values say).
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "interp/util.h" /* simI_f2h */
#include "evolve/evolve_int.h"

/* ------------------------------------------------------------ launches */

void simE_built_free(const simE_space *s, simE_built *b) {
  if (b->bufs)
    for (unsigned i = 0; i < s->nbufs; i++) simI_mem_free(b->bufs[i].data);
  if (b->raws)
    for (unsigned i = 0; i < s->ki->nparams; i++) free(b->raws[i]);
  free(b->bufs);
  free(b->binds);
  free(b->args);
  free(b->raws);
  memset(b, 0, sizeof *b);
}

uint64_t simE_scalar_bits(const simE_slot *sl, double v) {
  if (sl->kind == SIMI_PARAM_INT) {
    int64_t x = (int64_t)v;
    uint64_t u = (uint64_t)x;
    if (sl->bits < 64) u &= ((uint64_t)1 << sl->bits) - 1;
    return u;
  }
  if (sl->bits == 64) {
    uint64_t u;
    memcpy(&u, &v, 8);
    return u;
  }
  float f = (float)v;
  if (sl->bits == 16) return simI_f2h(f);
  uint32_t w;
  memcpy(&w, &f, 4);
  return w;
}

/* Build the launch of genome g. counts: per slot initial elements of
 * automatic buffers (NULL or 0: one per thread). Returns 0 or -1 (out of
 * memory). */
int simE_build(const simE_space *s, const simE_genome *g, const uint64_t *counts,
                 int search, simE_built *b) {
  memset(b, 0, sizeof *b);
  const simI_kernel_info *ki = s->ki;
  unsigned np = ki->nparams;
  b->args = calloc(np ? np : 1, sizeof *b->args);
  b->raws = calloc(np ? np : 1, sizeof *b->raws);
  b->bufs = calloc(s->nbufs ? s->nbufs : 1, sizeof *b->bufs);
  b->binds = calloc(ki->ntexrefs ? ki->ntexrefs : 1, sizeof *b->binds);
  if (!b->args || !b->raws || !b->bufs || !b->binds) goto oom;
  uint64_t threads = dim_total(g->grid) * dim_total(g->block);
  for (unsigned i = 0; i < np; i++)
    if (ki->params[i].kind == SIMI_PARAM_STRUCT) {
      unsigned sz = ki->params[i].size;
      if (!(b->raws[i] = calloc(sz ? sz : 1, 1))) goto oom;
      b->args[i].raw = b->raws[i];
      b->args[i].rawlen = sz;
    }
  for (unsigned i = 0; i < s->nslots; i++) {
    const simE_slot *sl = &s->slots[i];
    const simE_value *v = &g->vals[i];
    uint64_t bits = 0;
    if (sl->kind == SIMI_PARAM_PTR) {
      int bi = s->slot_buf[i];
      if (bi >= 0) {
        simI_elem e = v->elem ? v->elem : sl->elem;
        unsigned es = simI_elem_size(e);
        uint64_t n = v->count;
        /* a recorded launch's buffer has the program's size */
        int seeded = !v->fixed && v->fill == SIME_FILL_DATA && v->count;
        int sized = !v->fixed && !seeded && s->bufsize[i].arg >= -1;
        if (!v->fixed && !seeded && counts && counts[i]) n = counts[i];
        if (!n && !v->fixed) n = threads ? threads : 1;
        if (sized) n = simE_sized_count(s, g, i); /* the program's size */
        uint64_t bytes = n * es;
        simI_buffer *bf = &b->bufs[bi];
        /* zeros and constants cost only the pages the kernel touches
         * (simI_mem_alloc: calloc, or copy-on-write mappings of one
         * template of the constant); other fills write every element */
        int same = v->fill == SIME_FILL_ZERO || v->fill == SIME_FILL_VALUE;
        uint64_t elem = v->fill == SIME_FILL_VALUE ? v->bits : 0; /* little-endian */
        bf->data = simI_mem_alloc(bytes, same ? &elem : NULL, same ? es : 0);
        if (!bf->data) goto oom;
        bf->size = bytes;
        bf->elem = e;
        bf->name = s->names[i];
        bf->cap = v->fixed || sized ? 0 : (bytes > SIME_BUFFER_CAP ? bytes : SIME_BUFFER_CAP);
        if (!same && simE_fill_buffer(v, e, bf->data, n) < 0) goto oom;
        bits = SIMI_PTR_MAKE(SIMI_SPACE_GLOBAL, (unsigned)bi, 0);
        if (sl->field < 0) {
          b->args[sl->param].is_buffer = 1;
          b->args[sl->param].buffer = (unsigned)bi;
          b->args[sl->param].offset = 0;
        }
      }
    } else if (s->slot_buf[i] >= 0) {
      /* a texture or surface object: descriptor, then the texels */
      int bi = s->slot_buf[i];
      unsigned es = simI_elem_size(v->elem);
      uint64_t bytes = SIME_TEX_BYTES + v->count * es;
      simI_buffer *bf = &b->bufs[bi];
      if (!(bf->data = calloc(bytes, 1))) goto oom;
      bf->size = bytes;
      bf->elem = SIMI_ELEM_U8;
      bf->name = s->names[i];
      memcpy(bf->data, v->tex, SIME_TEX_BYTES);
      if (v->fill != SIME_FILL_ZERO &&
          simE_fill_buffer(v, v->elem, (char *)bf->data + SIME_TEX_BYTES, v->count) < 0)
        goto oom;
      bits = SIMI_PTR_MAKE(SIMI_SPACE_GLOBAL, (unsigned)bi, 0);
    } else {
      bits = v->fixed ? v->bits : simE_scalar_bits(sl, v->v);
    }
    if (sl->param >= np) {
      /* a legacy texture reference: bound to its texture buffer */
      if (s->slot_buf[i] >= 0) {
        b->binds[b->l.ntexbinds].var = ki->texrefs[sl->param - np].var;
        b->binds[b->l.ntexbinds++].buffer = (unsigned)s->slot_buf[i];
      }
    } else if (sl->field >= 0) {
      unsigned bytes = sl->kind == SIMI_PARAM_PTR ? 8 : (sl->bits + 7) / 8;
      if ((uint64_t)sl->offset + bytes <= ki->params[sl->param].size)
        memcpy(b->raws[sl->param] + sl->offset, &bits, bytes);
    } else if (!b->args[sl->param].is_buffer) {
      b->args[sl->param].bits = bits;
    }
  }
  simI_launch *l = &b->l;
  l->grid = g->grid;
  l->block = g->block;
  l->cluster = g->cluster;
  l->dyn_shared = g->shared;
  l->warp_size = s->o.warp_size;
  l->its = s->o.its;
  l->max_steps = s->o.max_steps;
  l->mem_limit = s->o.mem_limit;
  l->device_heap = s->o.device_heap;
  if (!l->max_steps && !s->all_fixed) l->max_steps = SIME_DETECT_MAX_STEPS;
  if (search && (!l->max_steps || l->max_steps > SIME_SEARCH_MAX_STEPS))
    l->max_steps = SIME_SEARCH_MAX_STEPS;
  /* a small stack for evaluations: the interpreter clears a warp's stack
   * on first use, which dominates a short evaluation */
  if (search) l->local_bytes = SIME_SEARCH_LOCAL_BYTES;
  l->nargs = np;
  l->args = b->args;
  l->nbuffers = s->nbufs;
  l->buffers = b->bufs;
  l->texbinds = b->binds;
  return 0;
oom:
  simE_built_free(s, b);
  return -1;
}
