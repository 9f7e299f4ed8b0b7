/*
 * simulee detect: the detectors (detect.h). The interpreter's events go to
 * the memory-access model (model.h), which decides races and the evidence
 * that a barrier is needed; this file turns those, the divergent barrier
 * releases and the fault events into deduplicated findings with witnesses,
 * and accumulates them over executions.
 *
 * Rules decided here:
 *  - barrier divergence: a release event with `divergent` set (not every
 *    live thread of the block arrived at one barrier site);
 *  - redundant barrier (Algorithm 4): a barrier site that released at least
 *    once in the executions examined and for which the model never found
 *    evidence (a race that merging the visit orders it separated, i.e.
 *    deleting it, would have created);
 *  - invalid warp mask: every interpreter warp_mask event (a lane executed
 *    a warp-synchronous collective with a mask that leaves it out, or that
 *    names an executing lane with another mask), one finding per site;
 *  - out of bounds: every interpreter fault event (an inner-dimension
 *    overrun, simI_fault.dim_bound, even with out_of_bounds off);
 *  - assertion: a run that ended with SIMI_E_TRAP.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define XXH_INLINE_ALL
#include <xxhash.h>

#include "simulee/detect.h"
#include "simulee/model.h"

#include "detect_int.h"

void simD_options_default(simD_options *o) {
  o->races = 1;
  o->divergence = 1;
  o->redundant = 1;
  o->out_of_bounds = 1;
  o->assertions = 1;
  o->warp_mask = 1;
  o->initcheck = 1;
  o->same_value = SIMD_SAME_VALUE_WARNING;
}

/* ------------------------------------------------------- findings map */

/* The key of a finding (kind, space, access, the unordered site pair for a
 * race) hashed with XXH3 (libxxhash, header-only use). */
static uint32_t fkey_hash(const simD_finding *f) {
  uint32_t a = f->site[0], b = f->site[1];
  if (f->kind == SIMD_DATA_RACE && a > b) { uint32_t t = a; a = b; b = t; }
  uint32_t key[5] = {(uint32_t)f->kind, a, b, (uint32_t)f->space, (uint32_t)f->write_write};
  return (uint32_t)XXH3_64bits(key, sizeof key);
}

static int fkey_eq(const simD_finding *a, const simD_finding *b) {
  if (a->kind != b->kind || a->space != b->space) return 0;
  if (a->kind == SIMD_DATA_RACE) {
    if (a->write_write != b->write_write) return 0;
    return (a->site[0] == b->site[0] && a->site[1] == b->site[1]) ||
           (a->site[0] == b->site[1] && a->site[1] == b->site[0]);
  }
  return a->site[0] == b->site[0] && a->site[1] == b->site[1];
}

static int fh_rehash(simD_ctx *d, unsigned ncap) {
  uint32_t *nh = calloc(ncap, sizeof *nh);
  if (!nh) return -1;
  for (unsigned i = 0; i < d->nf; i++) {
    uint32_t h = fkey_hash(&d->fv[i].f) & (ncap - 1);
    while (nh[h]) h = (h + 1) & (ncap - 1);
    nh[h] = i + 1;
  }
  free(d->fh);
  d->fh = nh;
  d->caph = ncap;
  return 0;
}

static fent *find_finding(simD_ctx *d, const simD_finding *f) {
  if (!d->caph) return NULL;
  uint32_t h = fkey_hash(f) & (d->caph - 1);
  while (d->fh[h]) {
    fent *e = &d->fv[d->fh[h] - 1];
    if (fkey_eq(&e->f, f)) return e;
    h = (h + 1) & (d->caph - 1);
  }
  return NULL;
}

/* Add f (count f->count, at least 1) or bump the existing one. *isnew set
 * when it was added. Returns the entry, NULL on out of memory. */
fent *dt_add_finding(simD_ctx *d, const simD_finding *f, uint64_t exec,
                         int *isnew) {
  uint64_t c = f->count ? f->count : 1;
  fent *e = find_finding(d, f);
  if (isnew) *isnew = 0;
  if (e) {
    e->f.count = e->f.count + c < c ? UINT64_MAX : e->f.count + c;
    return e;
  }
  if (d->nf == d->capf) {
    unsigned nc = d->capf ? d->capf * 2 : 16;
    fent *nv = realloc(d->fv, nc * sizeof *nv);
    if (!nv) return NULL;
    d->fv = nv;
    d->capf = nc;
  }
  if ((d->nf + 1) * 2 > d->caph && fh_rehash(d, d->caph ? d->caph * 2 : 64) < 0)
    return NULL;
  e = &d->fv[d->nf++];
  e->f = *f;
  e->f.count = c;
  e->exec = exec;
  e->ls_all = e->sv_all = 0;
  uint32_t h = fkey_hash(f) & (d->caph - 1);
  while (d->fh[h]) h = (h + 1) & (d->caph - 1);
  d->fh[h] = d->nf;
  if (isnew) *isnew = 1;
  return e;
}

/* ------------------------------------------------------------ helpers */

/* The canonical site of `site` (see simD_ctx.canon). */
uint32_t dt_canon_site(simD_ctx *d, uint32_t site) {
  if (!d->p || site == NONE32) return site;
  if (d->capcanon) {
    uint32_t h = (site * 2654435761u) & (d->capcanon - 1);
    while (d->canon[2 * h]) {
      if (d->canon[2 * h] == site + 1) return d->canon[2 * h + 1];
      h = (h + 1) & (d->capcanon - 1);
    }
  }
  const char *file = NULL;
  unsigned line = 0, col = 0;
  uint32_t c = site;
  if (simI_site_loc(d->p, site, &file, &line, &col, NULL) && line) {
    unsigned i;
    for (i = 0; i < d->nlocs; i++)
      if (d->locs[i].line == line && d->locs[i].col == col &&
          (d->locs[i].file == file || (file && d->locs[i].file && !strcmp(d->locs[i].file, file))))
        break;
    if (i < d->nlocs) {
      c = d->locs[i].site;
    } else {
      if (d->nlocs == d->caplocs) {
        unsigned nc = d->caplocs ? d->caplocs * 2 : 32;
        struct sloc *nv = realloc(d->locs, nc * sizeof *nv);
        if (!nv) { d->nomem = 1; return site; }
        d->locs = nv;
        d->caplocs = nc;
      }
      d->locs[d->nlocs++] = (struct sloc){file, line, col, site};
    }
  }
  if ((d->ncanon + 1) * 2 > d->capcanon) {
    unsigned nc = d->capcanon ? d->capcanon * 2 : 64;
    uint32_t *nv = calloc((size_t)nc * 2, sizeof *nv);
    if (!nv) { d->nomem = 1; return c; }
    for (unsigned i = 0; i < d->capcanon; i++) {
      if (!d->canon[2 * i]) continue;
      uint32_t h = ((d->canon[2 * i] - 1) * 2654435761u) & (nc - 1);
      while (nv[2 * h]) h = (h + 1) & (nc - 1);
      nv[2 * h] = d->canon[2 * i];
      nv[2 * h + 1] = d->canon[2 * i + 1];
    }
    free(d->canon);
    d->canon = nv;
    d->capcanon = nc;
  }
  uint32_t h = (site * 2654435761u) & (d->capcanon - 1);
  while (d->canon[2 * h]) h = (h + 1) & (d->capcanon - 1);
  d->canon[2 * h] = site + 1;
  d->canon[2 * h + 1] = c;
  d->ncanon++;
  return c;
}

static void lin_to_dim(simI_dim3 dims, uint64_t lin, simI_dim3 *out) {
  unsigned x = dims.x ? dims.x : 1, y = dims.y ? dims.y : 1;
  out->x = (unsigned)(lin % x);
  out->y = (unsigned)((lin / x) % y);
  out->z = (unsigned)(lin / ((uint64_t)x * y));
}

/* The child grid holding virtual block `block`, or NULL (the launch's own
 * grid). */
static const struct dpgrid *dp_grid_of(const simD_ctx *d, uint64_t block) {
  if (!d->ndpg || block < d->dpg[0].first) return NULL;
  unsigned lo = 0, hi = d->ndpg;
  while (hi - lo > 1) {
    unsigned mid = (lo + hi) / 2;
    if (d->dpg[mid].first <= block) lo = mid;
    else hi = mid;
  }
  const struct dpgrid *g = &d->dpg[lo];
  return block - g->first < g->n ? g : NULL;
}

static void set_thread(const simD_ctx *d, simD_thread *t, uint64_t block,
                       uint64_t thread) {
  const struct dpgrid *g = dp_grid_of(d, block);
  if (g) { /* coordinates inside the child grid */
    lin_to_dim(g->grid, block - g->first, &t->block);
    lin_to_dim(g->block, thread, &t->thread);
    return;
  }
  lin_to_dim(d->grid, block, &t->block);
  lin_to_dim(d->block, thread, &t->thread);
}

static void set_tid(const simD_ctx *d, simD_thread *t, uint64_t tid) {
  uint32_t st = d->stride ? d->stride : d->tpb;
  set_thread(d, t, tid / st, tid % st);
}

static void site_text(const simD_ctx *d, uint32_t site, char *buf, size_t len);

/* " of child grid KERNEL (launched at FILE:LINE)" for a thread of a child
 * grid, else "". */
static void grid_text(const simD_ctx *d, uint64_t tid, char *buf, size_t len) {
  uint32_t st = d->stride ? d->stride : d->tpb;
  const struct dpgrid *g = dp_grid_of(d, tid / st);
  buf[0] = 0;
  if (!g) return;
  char at[48];
  site_text(d, g->site, at, sizeof at);
  const simI_kernel_info *ki = d->p ? simI_kernel(d->p, g->kernel) : NULL;
  snprintf(buf, len, "child grid '%s' (launched at %s)", ki ? ki->demangled : "?", at);
}

static const char *space_name(unsigned sp) {
  switch (sp) {
  case SIMI_SPACE_GLOBAL: return "global memory";
  case SIMI_SPACE_SHARED: return "shared memory";
  case SIMI_SPACE_LOCAL: return "local memory";
  case SIMI_SPACE_CONST: return "constant memory";
  default: return "memory";
  }
}

static const char *kind_word(unsigned k) {
  if (k & SIMI_ACC_ATOMIC) return (k & SIMI_ACC_WRITE) ? "atomic" : "atomic read";
  return (k & SIMI_ACC_WRITE) ? "write" : "read";
}

static const char *rel_name(simD_relation r) {
  switch (r) {
  case SIMD_REL_SAME_WARP: return "same warp";
  case SIMD_REL_OTHER_WARP: return "other warp";
  case SIMD_REL_OTHER_BLOCK: return "other block";
  default: return "";
  }
}

static void describe(const simD_ctx *d, uint64_t addr, char *buf, size_t len) {
  if (d->cur && d->p) simI_describe_addr(d->p, d->cur, addr, buf, len);
  else snprintf(buf, len, "address 0x%llx", (unsigned long long)addr);
}

#define DIM(v) (v).x, (v).y, (v).z

/* --------------------------------------------------------- model sink */

static const char *scope_word(unsigned sc) {
  switch (sc) {
  case SIMI_SCOPE_WARP: return "warp";
  case SIMI_SCOPE_BLOCK: return "block";
  case SIMI_SCOPE_DEVICE: return "device";
  case SIMI_SCOPE_SYSTEM: return "system";
  default: return "thread";
  }
}

static const char *fence_name(unsigned sc) {
  switch (sc) {
  case SIMI_SCOPE_BLOCK: return "__threadfence_block";
  case SIMI_SCOPE_DEVICE: return "__threadfence";
  case SIMI_SCOPE_SYSTEM: return "__threadfence_system";
  default: return "a fence";
  }
}

/* "k.cu:12" of a site, or "an unknown line". */
static void site_text(const simD_ctx *d, uint32_t site, char *buf, size_t len) {
  const char *file = NULL;
  unsigned line = 0;
  if (d->p && site != UINT32_MAX &&
      simI_site_loc(d->p, site, &file, &line, NULL, NULL) && file && *file) {
    const char *base = strrchr(file, '/');
    snprintf(buf, len, "%s:%u", base ? base + 1 : file, line);
  } else {
    snprintf(buf, len, "an unknown line");
  }
}

/* The note saying why synchronisation did not order a race (docs/findings.md,
 * "Kinds of findings"). */
static void why_text(const simD_ctx *d, const simM_why *w, char *buf, size_t len) {
  char at[48], at2[48];
  buf[0] = 0;
  switch (w->what) {
  case SIMM_WHY_SCOPE: {
    site_text(d, w->site, at, sizeof at);
    simD_thread t;
    set_thread(d, &t, w->outside, 0);
    char what[64];
    if (w->fence)
      snprintf(what, sizeof what, "%s (%s scope)", fence_name(w->scope), scope_word(w->scope));
    else
      snprintf(what, sizeof what, "an atomic of %s scope", scope_word(w->scope));
    snprintf(buf, len, "the %s at %s is %s; block (%u,%u,%u) is outside it",
             w->release ? "release" : w->fence ? "acquire" : "read", at, what,
             t.block.x, t.block.y, t.block.z);
    break;
  }
  case SIMM_WHY_NOT_RELEASE:
    site_text(d, w->site, at, sizeof at);
    site_text(d, w->acquire_site, at2, sizeof at2);
    snprintf(buf, len,
             "the write at %s that the acquire at %s observed is no release (a relaxed "
             "atomic with no fence before it)", at, at2);
    break;
  case SIMM_WHY_NO_ACQUIRE:
    site_text(d, w->site, at, sizeof at);
    snprintf(buf, len,
             "the read at %s observed a release, but no fence follows it (no acquire)", at);
    break;
  default:
    break;
  }
}

/* Remember that a read-write race hit the granule of addr (this
 * execution). */
static void rd_note(simD_ctx *d, uint64_t addr) {
  uint64_t k = (addr >> 2) + 1;
  if ((d->nrdg + 1) * 2 > d->caprdg) {
    unsigned nc = d->caprdg ? d->caprdg * 2 : 64;
    uint64_t *nv = calloc(nc, sizeof *nv);
    if (!nv) { d->nomem = 1; return; }
    for (unsigned i = 0; i < d->caprdg; i++) {
      if (!d->rdg[i]) continue;
      uint32_t h = (uint32_t)XXH3_64bits(&d->rdg[i], 8) & (nc - 1);
      while (nv[h]) h = (h + 1) & (nc - 1);
      nv[h] = d->rdg[i];
    }
    free(d->rdg);
    d->rdg = nv;
    d->caprdg = nc;
  }
  uint32_t h = (uint32_t)XXH3_64bits(&k, 8) & (d->caprdg - 1);
  while (d->rdg[h]) {
    if (d->rdg[h] == k) return;
    h = (h + 1) & (d->caprdg - 1);
  }
  d->rdg[h] = k;
  d->nrdg++;
}

static int rd_has(const simD_ctx *d, uint64_t addr) {
  if (!d->caprdg) return 0;
  uint64_t k = (addr >> 2) + 1;
  uint32_t h = (uint32_t)XXH3_64bits(&k, 8) & (d->caprdg - 1);
  while (d->rdg[h]) {
    if (d->rdg[h] == k) return 1;
    h = (h + 1) & (d->caprdg - 1);
  }
  return 0;
}

/* A same-value instance of finding e at addr: checked against the read
 * races when the execution ends. */
static void sv_note(simD_ctx *d, fent *e, uint64_t addr) {
  uint32_t fi = (uint32_t)(e - d->fv);
  uint64_t g = addr >> 2;
  if (d->nsvc && d->svc[d->nsvc - 1].fi == fi && d->svc[d->nsvc - 1].g == g) return;
  if (d->nsvc == d->capsvc) {
    unsigned nc = d->capsvc ? d->capsvc * 2 : 16;
    svcand *nv = nc <= SVCAND_MAX ? realloc(d->svc, nc * sizeof *nv) : NULL;
    if (!nv) { e->sv_all = 0; return; }
    d->svc = nv;
    d->capsvc = nc;
  }
  d->svc[d->nsvc++] = (svcand){fi, g};
}

/* The same-value rule of one instance (detect.h "Grading"). */
static int same_value(const simM_race *r, int ww) {
  if (!ww || !r->has_prev || !r->second.has_value) return 0;
  unsigned sz = r->second.size ? r->second.size : 1;
  uint64_t mk = sz >= 8 ? ~0ull : ((1ull << (sz * 8)) - 1);
  return (r->prev & mk) == (r->second.value & mk);
}

static void on_race(void *ctx, const simM_race *r) {
  simD_ctx *d = ctx;
  d->st.races++;
  /* the finding's key first (fkey_hash, fkey_eq): the whole record is
   * cleared only past the cheap path, not for every instance of a known
   * bug */
  simD_finding f;
  f.kind = SIMD_DATA_RACE;
  f.space = r->space;
  f.write_write = (r->first.kind & SIMI_ACC_WRITE) && (r->second.kind & SIMI_ACC_WRITE);
  f.site[0] = dt_canon_site(d, r->first.site);
  f.site[1] = dt_canon_site(d, r->second.site);
  int ls = (r->why.would & SIMM_WOULD_LOCKSTEP) != 0;
  int sv = same_value(r, f.write_write);
  if (!f.write_write) rd_note(d, r->addr);
  /* cheap path: a known bug only counts (and its grading learns) */
  fent *e = find_finding(d, &f);
  if (e) {
    if (e->f.count != UINT64_MAX) e->f.count++;
    if (e->sv_all) {
      if (sv) sv_note(d, e, r->addr);
      else e->sv_all = 0;
    }
    if (!e->ls_all || ls) return;
    /* the first instance that lock-step does not order: the bug is an
     * error, this instance becomes its witness */
    e->ls_all = 0;
  }
  {
    uint32_t s0 = f.site[0], s1 = f.site[1];
    int ww = f.write_write;
    memset(&f, 0, sizeof f);
    f.kind = SIMD_DATA_RACE;
    f.space = r->space;
    f.write_write = ww;
    f.site[0] = s0;
    f.site[1] = s1;
  }
  f.relation = (simD_relation)r->relation;
  f.addr = r->addr;
  f.count = 1;
  f.nthreads = 2;
  const simM_side *s[2] = {&r->first, &r->second};
  for (int i = 0; i < 2; i++) {
    set_tid(d, &f.thread[i], s[i]->tid);
    f.thread[i].access = s[i]->kind;
    f.thread[i].has_value = s[i]->has_value;
    f.thread[i].value = s[i]->value;
    f.thread[i].size = s[i]->size;
  }
  char where[160];
  describe(d, r->addr, where, sizeof where);
  if (r->async_pending) {
    char at1[48], at2[48];
    site_text(d, r->first.site, at1, sizeof at1);
    site_text(d, r->second.site, at2, sizeof at2);
    snprintf(f.message, sizeof f.message,
             "data race (%s, %s) on %s: cp.async at %s (pending) vs %s at %s: the copy issued "
             "by block (%u,%u,%u) thread (%u,%u,%u) %s it while block (%u,%u,%u) thread "
             "(%u,%u,%u) %s it before the copy's completion was observed",
             f.write_write ? "write-write" : "read-write", space_name(r->space), where, at1,
             kind_word(r->second.kind), at2, DIM(f.thread[0].block), DIM(f.thread[0].thread),
             (r->first.kind & SIMI_ACC_WRITE) ? "writes" : "reads", DIM(f.thread[1].block),
             DIM(f.thread[1].thread), (r->second.kind & SIMI_ACC_WRITE) ? "writes" : "reads");
    snprintf(f.why, sizeof f.why,
             "cp.async at %s (pending) vs %s at %s: the copy was still in flight (its "
             "wait_group, wait_all or mbarrier phase comes later)", at1, kind_word(r->second.kind), at2);
    int isnew = 0;
    if (dt_add_finding(d, &f, d->exec, &isnew) && isnew) d->launch_needed = 1;
    return;
  }
  char g0[128], g1[128];
  grid_text(d, r->first.tid, g0, sizeof g0);
  grid_text(d, r->second.tid, g1, sizeof g1);
  uint32_t gst = d->stride ? d->stride : d->tpb;
  /* the two threads run in different grids: a parent/child race */
  int pc = dp_grid_of(d, r->first.tid / gst) != dp_grid_of(d, r->second.tid / gst);
  int mlen = snprintf(f.message, sizeof f.message,
           "data race (%s, %s) on %s: %s by block (%u,%u,%u) thread (%u,%u,%u)%s%s "
           "and %s by block (%u,%u,%u) thread (%u,%u,%u)%s%s (%s)",
           f.write_write ? "write-write" : "read-write", space_name(r->space),
           where, kind_word(r->first.kind), DIM(f.thread[0].block),
           DIM(f.thread[0].thread), g0[0] ? " of " : "", g0, kind_word(r->second.kind),
           DIM(f.thread[1].block), DIM(f.thread[1].thread), g1[0] ? " of " : "", g1,
           pc ? "parent and child grid" : rel_name(f.relation));
  if (mlen < 0) f.message[0] = 0;
  why_text(d, &r->why, f.why, sizeof f.why);
  if (pc && !f.why[0]) {
    /* which side ran in a child grid, and CUDA's rule */
    const simD_thread *ct = &f.thread[g1[0] ? 1 : 0];
    int wl = snprintf(f.why, sizeof f.why,
                      "block (%u,%u,%u) thread (%u,%u,%u) runs in %s: a parent sees a child grid's "
                      "writes only after cudaDeviceSynchronize(), a child only what its parent "
                      "wrote before the launch",
                      DIM(ct->block), DIM(ct->thread), g1[0] ? g1 : g0);
    if (wl < 0) f.why[0] = 0;
  }
  if (sv) {
    /* the first writer's bytes are the ones the second overwrote */
    f.thread[0].has_value = 1;
    f.thread[0].value = r->prev;
    if (!f.thread[0].size) f.thread[0].size = r->second.size; /* the bytes compared */
  }
  if (e) {
    uint64_t c = e->f.count;
    e->f = f;
    e->f.count = c;
    e->exec = d->exec;
    d->launch_needed = 1;
    return;
  }
  int isnew = 0;
  e = dt_add_finding(d, &f, d->exec, &isnew);
  if (e && isnew) {
    d->launch_needed = 1;
    e->ls_all = (unsigned char)ls;
    e->sv_all = (unsigned char)sv;
    if (sv) sv_note(d, e, r->addr);
  }
}

bar *dt_get_bar(simD_ctx *d, uint32_t site) {
  for (unsigned i = 0; i < d->nbars; i++)
    if (d->bars[i].site == site) return &d->bars[i];
  if (d->nbars == d->capbars) {
    unsigned nc = d->capbars ? d->capbars * 2 : 8;
    bar *nv = realloc(d->bars, nc * sizeof *nv);
    if (!nv) return NULL;
    d->bars = nv;
    d->capbars = nc;
  }
  bar *b = &d->bars[d->nbars++];
  memset(b, 0, sizeof *b);
  b->site = site;
  return b;
}

/* ------------------------------------------------- barrier coverage */

static void side_clear(side *x) {
  x->nsites = 0;
  x->any = x->multi = x->shared = 0;
  x->tid = 0;
}

static void side_add(side *x, const simI_access *a, unsigned ws) {
  uint32_t tid = a->warp * ws + (unsigned)__builtin_ctzll(a->mask);
  if (a->space == SIMI_SPACE_SHARED) x->shared = 1;
  if (!x->any) {
    x->any = 1;
    x->tid = tid;
    if (a->mask & (a->mask - 1)) x->multi = 1;
  } else if (!x->multi && (tid != x->tid || (a->mask & (a->mask - 1)))) {
    x->multi = 1;
  }
  for (unsigned i = 0; i < x->nsites; i++)
    if (x->sites[i] == a->site) return;
  if (x->nsites < SIDE_SITES) x->sites[x->nsites++] = a->site;
}

/* Accesses on both sides, by different threads (a barrier orders nothing
 * between the accesses of one thread). */
static int sides_ok(const side *x, const side *y) {
  return x->any && y->any && (x->multi || y->multi || x->tid != y->tid);
}

static void cover_site(uint32_t *v, unsigned *n, uint32_t site) {
  for (unsigned i = 0; i < *n; i++)
    if (v[i] == site) return;
  if (*n < COV_SITES) v[(*n)++] = site;
}

static void cover_dims(cover *c, simI_dim3 b) {
  for (unsigned i = 0; i < c->ndims; i++)
    if (c->dims[i].x == b.x && c->dims[i].y == b.y && c->dims[i].z == b.z) return;
  if (c->ndims < COV_DIMS) c->dims[c->ndims++] = b;
}

static void cover_add(simD_ctx *d, cover *c, const side *x, const side *y) {
  c->instances++;
  if (c->last_exec != d->exec + 1) {
    c->last_exec = d->exec + 1;
    c->executions++;
    cover_dims(c, d->block);
  }
  for (unsigned i = 0; i < x->nsites; i++) cover_site(c->before, &c->nbefore, dt_canon_site(d, x->sites[i]));
  for (unsigned i = 0; i < y->nsites; i++) cover_site(c->after, &c->nafter, dt_canon_site(d, y->sites[i]));
}

/* One execution counted by `c` (cover or bar fields): merged from a part
 * of the execution dst->exec (simD_merge_launch) it counts once. */

void dt_cover_merge(simD_ctx *d, cover *c, const cover *s, int one) {
  c->instances += s->instances;
  ONE_EXEC(c, s->executions, one, d);
  for (unsigned i = 0; i < s->ndims; i++) cover_dims(c, s->dims[i]);
  for (unsigned i = 0; i < s->nbefore; i++) cover_site(c->before, &c->nbefore, dt_canon_site(d, s->before[i]));
  for (unsigned i = 0; i < s->nafter; i++) cover_site(c->after, &c->nafter, dt_canon_site(d, s->after[i]));
}

bpair *dt_get_pair(simD_ctx *d, uint32_t a, uint32_t b) {
  if (a > b) { uint32_t t = a; a = b; b = t; }
  for (unsigned i = 0; i < d->npairs; i++)
    if (d->pairs[i].a == a && d->pairs[i].b == b) return &d->pairs[i];
  if (d->npairs == d->cappairs) {
    unsigned nc = d->cappairs ? d->cappairs * 2 : 4;
    bpair *nv = realloc(d->pairs, nc * sizeof *nv);
    if (!nv) { d->nomem = 1; return NULL; }
    d->pairs = nv;
    d->cappairs = nc;
  }
  bpair *p = &d->pairs[d->npairs++];
  memset(p, 0, sizeof *p);
  p->a = a;
  p->b = b;
  p->verdict = -1;
  return p;
}

/* The interval after block state b's last release is over (`cur`): credit
 * the last barrier, and the pair of the last two. */
static void interval_end(simD_ctx *d, bstate *b) {
  if (b->last == NONE32) return;
  bar *e = dt_get_bar(d, b->last);
  if (!e) { d->nomem = 1; return; }
  if (d->multiwarp && sides_ok(&b->before, &b->cur)) cover_add(d, &e->cov, &b->before, &b->cur);
  if (d->tpb > 1 && b->before.any && b->cur.any && !b->before.multi && !b->cur.multi &&
      b->before.tid == b->cur.tid)
    e->solo++;
  else if (d->tpb <= 1 || (b->before.any && b->cur.any))
    e->mixed = 1; /* (a side without accesses has nothing to order) */
  if (b->prev == NONE32 && !b->before.shared) e->lead++;
  else e->notlead = 1;
  if (b->prev != NONE32 && b->prev != b->last) {
    bpair *p = dt_get_pair(d, b->prev, b->last);
    if (p) {
      if (b->before.any) p->between++;
      if (d->multiwarp && sides_ok(&b->before2, &b->cur)) cover_add(d, &p->cov, &b->before2, &b->cur);
    }
  }
}

static void on_needed(void *ctx, uint32_t site, unsigned block) {
  (void)block;
  simD_ctx *d = ctx;
  bar *b = dt_get_bar(d, site);
  if (b) b->needed = 1;
}

/* -------------------------------------------------------------- events */

/* 1 when every lane of a plain global read names a buffer of d->ro. */
static int ro_read(const simD_ctx *d, const simI_access *a) {
  if (a->kind != SIMI_ACC_READ || a->space != SIMI_SPACE_GLOBAL) return 0;
  uint64_t m = a->mask;
  unsigned last = ~0u;
  for (unsigned l = 0; m; l++, m >>= 1) {
    if (!(m & 1)) continue;
    unsigned b = SIMI_PTR_ALLOC(a->addr[l]);
    if (b == last) continue;
    unsigned k = 0;
    while (k < d->nro && d->ro[k] != b) k++;
    if (k == d->nro) return 0;
    last = b;
  }
  return 1;
}

static void ev_launch_begin(void *ctx, const simI_program *p, unsigned kernel,
                            const simI_launch *l) {
  simD_ctx *d = ctx;
  d->running = 1;
  d->cur = l;
  d->grid = l->grid;
  d->block = l->block;
  d->tpb = l->block.x * l->block.y * l->block.z;
  if (!d->tpb) d->tpb = 1;
  d->ndpg = 0;
  d->stride = 0;
  d->have_arrival = 0;
  d->launch_needed = 0;
  simM_config c;
  memset(&c, 0, sizeof c);
  c.grid = l->grid;
  c.block = l->block;
  c.warp_size = l->warp_size;
  c.its = l->its;
  c.barriers = d->o.redundant;
  c.no_lane_sync = p && !simI_program_lane_sync(p);
  const simI_kernel_info *ki = p ? simI_kernel(p, kernel) : NULL;
  if (ki && ki->device_launch) { /* child grids share the model (SIMI_DP_*) */
    c.stride = SIMI_DP_STRIDE;
    c.extra_blocks = SIMI_DP_MAX_BLOCKS;
    d->stride = SIMI_DP_STRIDE;
  }
  if (simM_begin(d->m, &c) < 0) d->running = 1; /* model inactive: no races */
  /* evidence needs blocks of several warps under independent thread
   * scheduling; under lock-step a barrier orders nothing inside one warp, so
   * a one-warp block is evidence too (--warp-model lockstep) */
  d->multiwarp = !l->its || d->tpb > (l->warp_size ? l->warp_size : 32);
  if (d->o.redundant && !d->bs && !(d->bs = malloc(BSTATES * sizeof *d->bs))) d->nomem = 1;
  if (d->bs)
    for (unsigned i = 0; i < BSTATES; i++) d->bs[i].block = UINT32_MAX;
  /* the model keeps known-needed sites across executions */
  d->nro = simI_ro_buffers(p, kernel, l, d->ro, sizeof d->ro / sizeof *d->ro);
}

static void ev_grid(void *ctx, const simI_grid *g) {
  simD_ctx *d = ctx;
  uint64_t n = (uint64_t)g->grid.x * g->grid.y * g->grid.z;
  simM_grid(d->m, g->first_block, n, g->block.x * g->block.y * g->block.z);
  if (d->ndpg == d->capdpg) {
    unsigned nc = d->capdpg ? 2 * d->capdpg : 16;
    struct dpgrid *nv = realloc(d->dpg, nc * sizeof *nv);
    if (!nv) { d->nomem = 1; return; }
    d->dpg = nv;
    d->capdpg = nc;
  }
  d->dpg[d->ndpg++] = (struct dpgrid){g->first_block, n, g->grid, g->block, g->site, g->kernel};
}

static void ev_launch_end(void *ctx, simI_status st) {
  (void)ctx;
  (void)st;
}

static void ev_block_begin(void *ctx, unsigned block) {
  simD_ctx *d = ctx;
  simM_block_begin(d->m, block);
  if (d->bs) {
    /* a slot another resident block holds: this block goes untracked (its
     * barriers gain no coverage, so none is called redundant on it) */
    bstate *b = &d->bs[block % BSTATES];
    if (b->block != UINT32_MAX) return;
    b->block = block;
    side_clear(&b->cur);
    side_clear(&b->before);
    side_clear(&b->before2);
    b->last = b->prev = NONE32;
  }
}

static void ev_block_end(void *ctx, unsigned block) {
  simD_ctx *d = ctx;
  simM_block_end(d->m, block);
  if (d->bs && d->bs[block % BSTATES].block == block) {
    interval_end(d, &d->bs[block % BSTATES]);
    d->bs[block % BSTATES].block = UINT32_MAX;
  }
}

static void ev_access(void *ctx, const simI_access *a) {
  simD_ctx *d = ctx;
  d->st.access_events++;
  if (d->ran && a->site < d->nsites) d->ran[a->site >> 3] |= (uint8_t)(1u << (a->site & 7));
  if ((d->o.races || d->o.redundant) && !(d->nro && ro_read(d, a))) simM_access(d->m, a);
  if (d->bs && d->bs[a->block % BSTATES].block == a->block &&
      (a->space == SIMI_SPACE_SHARED || a->space == SIMI_SPACE_GLOBAL))
    side_add(&d->bs[a->block % BSTATES].cur, a,
             d->cur && d->cur->warp_size ? d->cur->warp_size : 32);
}

static void ev_barrier(void *ctx, const simI_barrier *b) {
  simD_ctx *d = ctx;
  d->have_arrival = 1;
  d->last_block = b->block;
  d->last_warp = b->warp;
  d->last_mask = b->mask;
  /* __syncthreads_count/_and/_or exchange a value across the block: such a
   * barrier is needed whatever memory the threads touch */
  if (b->reduce) {
    bar *e = dt_get_bar(d, dt_canon_site(d, b->site));
    if (e) e->needed = 1;
  }
}

/* "branch at k.cu:12 (3 < 37 true for thread (3,0,0), which reached the
 * barrier / 40 < 37 false for thread (40,0,0), which did not)" */
static void split_text(const simD_ctx *d, const simI_release *r, char *buf, size_t len) {
  static const char *const OPS[] = {"==", "!=", ">", ">=", "<", "<=", ">", ">=", "<", "<="};
  char at[48], part[2][160];
  site_text(d, r->split_site, at, sizeof at);
  for (int i = 0; i < 2; i++) {
    simD_thread t;
    set_thread(d, &t, r->block, r->split_thread[i]);
    char cond[96];
    unsigned bits = r->split_bits ? r->split_bits : 64;
    if (r->split_pred >= 32 && r->split_pred <= 41) {
      uint64_t a = r->split_ops[i][0], b = r->split_ops[i][1];
      if (bits < 64) { a &= (1ull << bits) - 1; b &= (1ull << bits) - 1; }
      if (r->split_pred >= 38 && bits < 64 && bits > 1) {
        /* signed: sign-extend */
        uint64_t sb = 1ull << (bits - 1);
        snprintf(cond, sizeof cond, "%lld %s %lld %s", (long long)((a ^ sb) - sb),
                 OPS[r->split_pred - 32], (long long)((b ^ sb) - sb),
                 r->split_taken[i] ? "true" : "false");
      } else if (r->split_pred >= 38) {
        snprintf(cond, sizeof cond, "%lld %s %lld %s", (long long)a, OPS[r->split_pred - 32],
                 (long long)b, r->split_taken[i] ? "true" : "false");
      } else {
        snprintf(cond, sizeof cond, "%llu %s %llu %s", (unsigned long long)a,
                 OPS[r->split_pred - 32], (unsigned long long)b,
                 r->split_taken[i] ? "true" : "false");
      }
    } else {
      snprintf(cond, sizeof cond, "condition %s", r->split_taken[i] ? "true" : "false");
    }
    snprintf(part[i], sizeof part[i], "%s for thread (%u,%u,%u), which %s", cond,
             DIM(t.thread), i ? "did not" : "reached the barrier");
  }
  snprintf(buf, len, "branch at %s (%s / %s)", at, part[0], part[1]);
}

static void ev_release(void *ctx, const simI_release *r) {
  simD_ctx *d = ctx;
  d->st.releases++;
  uint32_t site = dt_canon_site(d, r->site);
  /* simD_set_pair: the two barriers are one for the model (deleting both) */
  uint32_t msite = d->group[0] != NONE32 && (site == d->group[0] || site == d->group[1])
                       ? d->group[0] : site;
  simM_release(d->m, r->block, msite);
  bar *b = dt_get_bar(d, site);
  if (b) {
    b->instances++;
    if (b->last_exec != d->exec + 1) {
      b->last_exec = d->exec + 1;
      b->executions++;
    }
  }
  if (d->bs && d->bs[r->block % BSTATES].block == r->block) {
    bstate *s = &d->bs[r->block % BSTATES];
    interval_end(d, s);
    s->prev = s->last;
    s->before2 = s->before;
    s->last = site;
    s->before = s->cur;
    side_clear(&s->cur);
  }
  if (!r->divergent || !d->o.divergence) return;
  /* the same source barrier (copies of one __syncthreads made by the
   * compiler) reached by every live thread: no divergence */
  if (!r->exited && r->waiting == r->live && r->other_site != NONE32 &&
      dt_canon_site(d, r->other_site) == site)
    return;
  simD_finding f;
  memset(&f, 0, sizeof f);
  f.kind = SIMD_BARRIER_DIVERGENCE;
  f.site[0] = site;
  f.site[1] = dt_canon_site(d, r->split_site != NONE32 ? r->split_site : r->branch_site);
  unsigned others = r->other_site != NONE32 && r->other_waiting < r->waiting ? r->other_waiting : 0;
  f.arrived = r->waiting - others;
  f.missing = d->tpb > f.arrived ? d->tpb - f.arrived : 0;
  /* a divergence has threads on both sides */
  if (!f.missing || !f.arrived) return;
  f.count = 1;
  fent *e = find_finding(d, &f);
  if (e) {
    if (e->f.count != UINT64_MAX) e->f.count++;
    return;
  }
  /* witness: a thread that waited and one that did not (the two the branch
   * split when it is known) */
  unsigned n = 0;
  if (r->split_site != NONE32) {
    set_thread(d, &f.thread[0], r->block, r->split_thread[0]);
    set_thread(d, &f.thread[1], r->block, r->split_thread[1]);
    n = 2;
  } else {
    if (d->have_arrival && d->last_block == r->block && d->last_mask) {
      unsigned lane = (unsigned)__builtin_ctzll(d->last_mask);
      unsigned ws = d->cur && d->cur->warp_size ? d->cur->warp_size : 32;
      set_thread(d, &f.thread[n], r->block, (uint64_t)d->last_warp * ws + lane);
      n++;
    }
    if (r->missing_thread < d->tpb) {
      set_thread(d, &f.thread[n], r->block, r->missing_thread);
      n++;
    }
  }
  f.nthreads = n;
  simI_dim3 bi;
  lin_to_dim(d->grid, r->block, &bi);
  char extra[200] = "", at[48];
  int k = 0;
  unsigned gone = r->exited + r->returning;
  unsigned behind = f.missing > gone + others ? f.missing - gone - others : 0;
  const char *sep = " (";
  if (gone) {
    unsigned line = 0;
    const char *file = NULL;
    if (r->exit_site != NONE32 && d->p && simI_site_loc(d->p, r->exit_site, &file, &line, NULL, NULL) && line)
      k += snprintf(extra + k, sizeof extra - k, "%s%u returned at line %u", sep, gone, line);
    else
      k += snprintf(extra + k, sizeof extra - k, "%s%u exited", sep, gone);
    sep = ", ";
  }
  if (others && k < (int)sizeof extra) {
    site_text(d, r->other_site, at, sizeof at);
    k += snprintf(extra + k, sizeof extra - k, "%s%u wait at the barrier at %s", sep, others, at);
    sep = ", ";
  }
  if (behind && k < (int)sizeof extra) {
    k += snprintf(extra + k, sizeof extra - k, "%s%u are lanes left behind by a divergent branch",
                  sep, behind);
    sep = ", ";
  }
  if (k && k < (int)sizeof extra - 1) snprintf(extra + k, sizeof extra - k, ")");
  if (r->split_site != NONE32) split_text(d, r, f.evidence, sizeof f.evidence);
  int ml = snprintf(f.message, sizeof f.message,
                    "barrier divergence in block (%u,%u,%u): %u of %u threads reached "
                    "the barrier, %u did not%s%s%s",
                    DIM(bi), f.arrived, d->tpb, f.missing, extra, f.evidence[0] ? "; " : "",
                    f.evidence);
  (void)ml; /* a longer message is cut (gcc -O0 -Wformat-truncation) */
  int isnew = 0;
  if (dt_add_finding(d, &f, d->exec, &isnew) && isnew) d->launch_needed = 1;
}

static void ev_path(void *ctx, unsigned block, unsigned warp, uint32_t child,
                    uint32_t parent, uint32_t group, uint64_t mask,
                    uint32_t site) {
  (void)site;
  simM_path(((simD_ctx *)ctx)->m, block, warp, child, parent, group, mask);
}

static void ev_syncwarp(void *ctx, unsigned block, unsigned warp, uint64_t mask,
                        uint32_t site) {
  (void)site;
  simM_syncwarp(((simD_ctx *)ctx)->m, block, warp, mask);
}

static const char *const WARPOP_NAME[] = {
  [SIMI_WARPOP_SYNCWARP] = "__syncwarp",
  [SIMI_WARPOP_SHFL] = "__shfl_sync-like collective",
  [SIMI_WARPOP_VOTE] = "__ballot_sync-like vote",
  [SIMI_WARPOP_REDUX] = "__reduce_*_sync reduction",
  [SIMI_WARPOP_MATCH] = "__match_*_sync",
};

static void ev_warp_mask(void *ctx, unsigned block, unsigned warp, uint32_t site,
                         uint64_t executing, uint64_t mask, unsigned lane,
                         unsigned what) {
  simD_ctx *d = ctx;
  simD_finding f;
  memset(&f, 0, sizeof f);
  f.kind = SIMD_INVALID_WARP_MASK;
  f.site[0] = dt_canon_site(d, site);
  f.site[1] = NONE32;
  f.count = 1;
  fent *e = find_finding(d, &f);
  if (e) {
    if (e->f.count != UINT64_MAX) e->f.count++;
    return;
  }
  unsigned ws = d->cur && d->cur->warp_size ? d->cur->warp_size : 32;
  f.nthreads = 1;
  set_thread(d, &f.thread[0], block, (uint64_t)warp * ws + lane);
  const char *op = what < sizeof WARPOP_NAME / sizeof WARPOP_NAME[0] ? WARPOP_NAME[what]
                                                                     : "warp collective";
  const char *why = lane < 32 && !((mask >> lane) & 1)
                        ? "which does not include it"
                        : "but an executing lane it names gives another mask";
  snprintf(f.message, sizeof f.message,
           "invalid warp mask: lane %u of warp %u executes %s with mask 0x%08llx, "
           "%s (executing lanes 0x%08llx)",
           lane, warp, op, (unsigned long long)mask, why, (unsigned long long)executing);
  int isnew = 0;
  if (dt_add_finding(d, &f, d->exec, &isnew) && isnew) d->launch_needed = 1;
}

static void ev_fence(void *ctx, unsigned block, unsigned warp, uint64_t mask,
                     unsigned scope, uint32_t site) {
  simD_ctx *d = ctx;
  if (d->o.races || d->o.redundant) simM_fence(d->m, block, warp, mask, scope, site);
}

static void ev_thread_exit(void *ctx, unsigned block, unsigned warp,
                           uint64_t mask) {
  simM_thread_exit(((simD_ctx *)ctx)->m, block, warp, mask);
}

/* Start *f as a finding of `kind` at one site and simulated address addr.
 * When the same bug is listed already, count this instance there and
 * return 1 (f is then not to be added); else 0. */
static int site_finding(simD_ctx *d, simD_finding *f, simD_kind kind, uint32_t site,
                        uint64_t addr) {
  memset(f, 0, sizeof *f);
  f->kind = kind;
  f->space = SIMI_PTR_SPACE(addr);
  f->site[0] = dt_canon_site(d, site);
  f->site[1] = NONE32;
  f->addr = addr;
  f->count = 1;
  fent *e = find_finding(d, f);
  if (!e) return 0;
  if (e->f.count != UINT64_MAX) e->f.count++;
  return 1;
}

unsigned simD_describe_oob(const simI_launch *l, uint64_t addr, char *buf, size_t len,
                           int *below) {
  if (below) *below = 0;
  if (!l) return 0;
  /* the nearest launch buffer: distance past its end, or below its start */
  const uint64_t NEAR = (uint64_t)1 << 32;
  int best = -1;
  int64_t best_off = 0;
  uint64_t best_d = UINT64_MAX;
  for (unsigned b = 0; b < l->nbuffers; b++) {
    uint64_t base = SIMI_PTR_MAKE(SIMI_SPACE_GLOBAL, b, 0), end = base + l->buffers[b].size;
    uint64_t dist;
    int64_t off;
    if (addr >= base && addr - base < NEAR) {
      off = (int64_t)(addr - base);
      dist = addr >= end ? addr - end : 0;
    } else if (addr < base && base - addr <= NEAR) {
      off = -(int64_t)(base - addr);
      dist = base - addr;
    } else {
      continue;
    }
    if (dist < best_d) best = (int)b, best_d = dist, best_off = off;
  }
  if (best < 0) return 0;
  if (below) *below = best_off < 0;
  const simI_buffer *bf = &l->buffers[best];
  const char *nm = bf->name && *bf->name ? bf->name : "?";
  unsigned es = simI_elem_size(bf->elem);
  if (es && best_off % (int64_t)es == 0)
    snprintf(buf, len, "buffer '%s'[%lld]", nm, (long long)(best_off / (int64_t)es));
  else
    snprintf(buf, len, "buffer '%s' %s %llu", nm, best_off < 0 ? "-" : "+",
             (unsigned long long)(best_off < 0 ? -best_off : best_off));
  return SIMI_SPACE_GLOBAL;
}

static void ev_fault(void *ctx, const simI_fault *flt) {
  simD_ctx *d = ctx;
  /* an inner-dimension overrun, or an access below a buffer's start,
   * depends on no buffer size: always on */
  char where[160];
  int below = 0;
  unsigned sp = flt->dim_bound ? 0 : simD_describe_oob(d->cur, flt->addr, where, sizeof where, &below);
  if (!d->o.out_of_bounds && !flt->dim_bound && !below) return;
  simD_finding f;
  if (site_finding(d, &f, SIMD_OUT_OF_BOUNDS, flt->site, flt->addr)) return;
  f.nthreads = 1;
  set_thread(d, &f.thread[0], flt->block, flt->thread);
  f.thread[0].access = flt->kind;
  f.thread[0].size = flt->size;
  if (sp) f.space = sp;
  else if (flt->dim_bound || !d->p || !simI_describe_var_index(d->p, d->cur, flt->addr, where, sizeof where))
    describe(d, flt->addr, where, sizeof where);
  char what[256]; /* a use after free names the free */
  if (flt->what && !strcmp(flt->what, SIMI_MISALIGNED))
    snprintf(what, sizeof what, "%s", SIMI_MISALIGNED);
  else if (flt->dim_bound)
    snprintf(what, sizeof what, "out of bounds: index %lld of an array dimension of %llu",
             (long long)flt->dim_index, (unsigned long long)flt->dim_bound);
  else if (sp)
    snprintf(what, sizeof what, "out of bounds");
  else
    snprintf(what, sizeof what, "%s", flt->what ? flt->what : "invalid access");
  snprintf(f.message, sizeof f.message,
           "%s: %s of %u bytes at %s by block (%u,%u,%u) thread (%u,%u,%u)",
           what,
           (flt->kind & SIMI_ACC_WRITE) ? "write" : "read", flt->size, where,
           DIM(f.thread[0].block), DIM(f.thread[0].thread));
  int isnew = 0;
  if (dt_add_finding(d, &f, d->exec, &isnew) && isnew) d->launch_needed = 1;
}

/* initcheck: a read of unwritten memory whose value flows somewhere (the
 * interpreter delivers only those, each READ followed by its USE): an error
 * naming the first use. */
static void ev_uninit(void *ctx, const simI_uninit *u) {
  simD_ctx *d = ctx;
  if (u->what == SIMI_UNINIT_USE) {
    uint32_t origin = dt_canon_site(d, u->origin);
    /* an error when the value reaches global memory (a store, an atomic) or
     * decides a branch; only an address or a printf argument: a warning */
    int err = u->use != SIMI_USE_ADDRESS && u->use != SIMI_USE_PRINTF;
    for (unsigned i = 0; i < d->nf; i++) {
      simD_finding *f = &d->fv[i].f;
      if (f->kind != SIMD_UNINITIALIZED_READ || f->site[0] != origin ||
          f->level == SIMD_LEVEL_ERROR || (!err && strstr(f->message, "; the value reaches")))
        continue;
      if (err) {
        /* (a warning's first use gives way to this one) */
        char *w = strstr(f->message, "; the value reaches");
        if (w) *w = 0;
        f->level = SIMD_LEVEL_ERROR;
      }
      const char *file = "";
      unsigned line = 0;
      simI_site_loc(d->p, u->site, &file, &line, NULL, NULL);
      size_t n = strlen(f->message);
      const char *base = file ? strrchr(file, '/') : NULL;
      static const char *const USE[] = {"a store to global memory", "a branch condition",
                                        "the address of a memory access",
                                        "an operand of an atomic", "a printf argument"};
      snprintf(f->message + n, sizeof f->message - n, "; the value reaches %s at %s:%u%s",
               u->use < sizeof USE / sizeof USE[0] ? USE[u->use] : "a use",
               base ? base + 1 : file && *file ? file : "?", line,
               err ? "" : " (not global memory or a branch: a warning)");
    }
    return;
  }
  simD_finding f;
  if (site_finding(d, &f, SIMD_UNINITIALIZED_READ, u->site, u->addr)) return;
  f.level = SIMD_LEVEL_WARNING;
  /* a read that races with a write (the write came later in this schedule)
   * is reported as the race */
  for (unsigned i = 0; i < d->nf; i++)
    if (d->fv[i].f.kind == SIMD_DATA_RACE &&
        (d->fv[i].f.site[0] == f.site[0] || d->fv[i].f.site[1] == f.site[0]))
      return;
  unsigned ws = d->cur && d->cur->warp_size ? d->cur->warp_size : 32;
  unsigned lane = u->mask ? (unsigned)__builtin_ctzll(u->mask) : 0;
  f.nthreads = 1;
  set_thread(d, &f.thread[0], u->block, (uint64_t)u->warp * ws + lane);
  f.thread[0].access = SIMI_ACC_READ;
  f.thread[0].size = u->size;
  char where[160];
  describe(d, u->addr, where, sizeof where);
  snprintf(f.evidence, sizeof f.evidence, "%s", where);
  /* global memory with a shadow is the device heap's, which may outlive
   * the launch (a program run's): unwritten since its allocation */
  snprintf(f.message, sizeof f.message,
           "read of %u byte%s of %s that no thread wrote %s, by block (%u,%u,%u) "
           "thread (%u,%u,%u)",
           u->size, u->size == 1 ? "" : "s", where,
           SIMI_PTR_SPACE(u->addr) == SIMI_SPACE_GLOBAL ? "since its allocation" : "in this launch",
           DIM(f.thread[0].block), DIM(f.thread[0].thread));
  int isnew = 0;
  if (dt_add_finding(d, &f, d->exec, &isnew) && isnew) d->launch_needed = 1;
}

static void ev_named(void *ctx, const simI_named *n) {
  simD_ctx *d = ctx;
  if (d->o.races || d->o.redundant) simM_named(d->m, n);
}

static void ev_async(void *ctx, const simI_async *a) {
  simD_ctx *d = ctx;
  simM_async(d->m, a);
}

simI_observer simD_observer(simD_ctx *d) {
  simI_observer o;
  memset(&o, 0, sizeof o);
  o.ctx = d;
  o.launch_begin = ev_launch_begin;
  o.launch_end = ev_launch_end;
  o.block_begin = ev_block_begin;
  o.block_end = ev_block_end;
  /* without the race and redundancy rules no access needs a look: leave the
   * interpreter's hottest event unset */
  o.access = d->o.races || d->o.redundant ? ev_access : NULL;
  o.barrier = ev_barrier;
  o.release = ev_release;
  o.path = ev_path;
  o.syncwarp = ev_syncwarp;
  o.thread_exit = ev_thread_exit;
  o.fence = ev_fence;
  o.named = ev_named;
  o.async = d->o.races ? ev_async : NULL;
  o.fault = ev_fault;
  o.warp_mask = d->o.warp_mask ? ev_warp_mask : NULL;
  o.uninit = d->o.initcheck ? ev_uninit : NULL;
  o.grid = ev_grid;
  return o;
}

/* ----------------------------------------------------------- lifecycle */

simD_ctx *simD_new(const simI_program *p, unsigned kernel,
                   const simD_options *o) {
  if (p && kernel >= simI_kernel_count(p)) return NULL;
  simD_ctx *d = calloc(1, sizeof *d);
  if (!d) return NULL;
  d->p = p;
  d->kernel = kernel;
  d->group[0] = d->group[1] = NONE32;
  if (o) d->o = *o;
  else simD_options_default(&d->o);
  simM_sink s = {d, on_race, on_needed};
  if (!d->o.races) s.race = NULL;
  d->m = simM_new(&s);
  if (!d->m) {
    free(d);
    return NULL;
  }
  if (p && d->o.redundant) { /* which access sites ran (redundant barriers) */
    d->nsites = simI_site_count(p);
    d->ran = calloc(d->nsites / 8 + 1, 1);
    if (!d->ran) d->nsites = 0;
  }
  return d;
}

static void launch_free(simI_launch *l) {
  if (!l) return;
  for (unsigned i = 0; i < l->nargs; i++) free((void *)l->args[i].raw);
  free((void *)l->args);
  for (unsigned i = 0; i < l->nbuffers; i++) free((void *)l->buffers[i].name);
  free(l->buffers);
  free(l);
}

static simI_launch *launch_copy(const simI_launch *src) {
  simI_launch *l = calloc(1, sizeof *l);
  if (!l) return NULL;
  *l = *src;
  l->args = NULL;
  l->buffers = NULL;
  l->nargs = 0;
  l->nbuffers = 0;
  if (src->nargs) {
    simI_arg *a = calloc(src->nargs, sizeof *a);
    if (!a) goto fail;
    l->args = a;
    l->nargs = src->nargs;
    for (unsigned i = 0; i < src->nargs; i++) {
      a[i] = src->args[i];
      a[i].raw = NULL;
      if (src->args[i].raw && src->args[i].rawlen) {
        void *r = malloc(src->args[i].rawlen);
        if (!r) goto fail;
        memcpy(r, src->args[i].raw, src->args[i].rawlen);
        a[i].raw = r;
      }
    }
  }
  if (src->nbuffers) {
    simI_buffer *b = calloc(src->nbuffers, sizeof *b);
    if (!b) goto fail;
    l->buffers = b;
    l->nbuffers = src->nbuffers;
    for (unsigned i = 0; i < src->nbuffers; i++) {
      b[i] = src->buffers[i];
      b[i].data = NULL;
      b[i].name = NULL;
      if (src->buffers[i].name) {
        b[i].name = strdup(src->buffers[i].name);
        if (!b[i].name) goto fail;
      }
    }
  }
  return l;
fail:
  launch_free(l);
  return NULL;
}

void simD_free(simD_ctx *d) {
  if (!d) return;
  simM_free(d->m);
  free(d->dpg);
  free(d->fv);
  free(d->fh);
  free(d->bars);
  free(d->pairs);
  free(d->bs);
  free(d->ran);
  free(d->canon);
  free(d->locs);
  free(d->svc);
  free(d->rdg);
  for (uint64_t i = 0; i < d->nlaunches; i++) launch_free(d->launches[i]);
  free(d->launches);
  free(d);
}

/* Keep launch l as execution `exec`'s witness. */
int dt_keep_launch(simD_ctx *d, uint64_t exec, const simI_launch *l) {
  if (exec >= d->nlaunches) {
    uint64_t n = d->nlaunches ? d->nlaunches : 4;
    while (n <= exec) n *= 2;
    simI_launch **nv = realloc(d->launches, n * sizeof *nv);
    if (!nv) return -1;
    memset(nv + d->nlaunches, 0, (n - d->nlaunches) * sizeof *nv);
    d->launches = nv;
    d->nlaunches = n;
  }
  if (d->launches[exec]) return 0;
  d->launches[exec] = launch_copy(l);
  return d->launches[exec] ? 0 : -1;
}

/* The one-site finding of how an execution ended (a deadlock, a trap):
 * PREFIX then at most PREC bytes of the message. Returns 0 or -1 (out of
 * memory). */
static int end_finding(simD_ctx *d, simD_kind kind, uint32_t site, const char *prefix,
                       int prec, const char *msg) {
  simD_finding f;
  memset(&f, 0, sizeof f);
  f.kind = kind;
  f.site[0] = dt_canon_site(d, site);
  f.site[1] = NONE32;
  f.count = 1;
  snprintf(f.message, sizeof f.message, "%s%.*s", prefix, prec, msg);
  int isnew = 0;
  if (!dt_add_finding(d, &f, d->exec, &isnew)) return -1;
  if (isnew) d->launch_needed = 1;
  return 0;
}

int simD_end_execution(simD_ctx *d, const simI_launch *l,
                       const simI_result *res) {
  if (!d->running) return 0;
  int rc = 0;
  if (!l) l = d->cur;
  if (res && res->status == SIMI_E_DEADLOCK &&
      end_finding(d, SIMD_DEADLOCK, res->site, "", 500, res->message) < 0)
    rc = -1;
  if (res && res->status == SIMI_E_TRAP && d->o.assertions &&
      end_finding(d, SIMD_ASSERTION, res->site, "kernel trapped: ", 480,
                  res->message[0] ? res->message : "assertion failed") < 0)
    rc = -1;
  /* same-value instances that a read race met at their address are not
   * benign */
  for (unsigned i = 0; i < d->nsvc; i++)
    if (d->svc[i].fi < d->nf && rd_has(d, d->svc[i].g << 2)) d->fv[d->svc[i].fi].sv_all = 0;
  d->nsvc = 0;
  if (d->nrdg) memset(d->rdg, 0, d->caprdg * sizeof *d->rdg);
  d->nrdg = 0;
  if (simM_failed(d->m) || d->nomem) rc = -1;
  d->nomem = 0;
  simM_stats ms;
  simM_get_stats(d->m, &ms);
  simM_end(d->m);
  if (ms.shadow_peak > d->st.shadow_bytes_peak) d->st.shadow_bytes_peak = ms.shadow_peak;
  if (ms.tracked_peak > d->st.tracked_bytes_peak) d->st.tracked_bytes_peak = ms.tracked_peak;
  d->st.lane_accesses += ms.lane_accesses;
  if (d->launch_needed && l && dt_keep_launch(d, d->exec, l) < 0) rc = -1;
  d->exec++;
  d->st.executions++;
  d->running = 0;
  d->cur = NULL;
  return rc;
}

/* ------------------------------------------------------------- results */

static int cmp_fent(const void *a, const void *b) {
  const simD_finding *x = a, *y = b;
  if (x->kind != y->kind) return x->kind < y->kind ? -1 : 1;
  if (x->site[0] != y->site[0]) return x->site[0] < y->site[0] ? -1 : 1;
  if (x->site[1] != y->site[1]) return x->site[1] < y->site[1] ? -1 : 1;
  if (x->space != y->space) return x->space < y->space ? -1 : 1;
  return x->write_write - y->write_write;
}

/* Is barrier `site` the first site of a divergence finding? (divergent
 * wins: such a barrier is never also called redundant) */
static int divergent_bar(const simD_ctx *d, uint32_t site) {
  for (unsigned i = 0; i < d->nf; i++)
    if (d->fv[i].f.kind == SIMD_BARRIER_DIVERGENCE && d->fv[i].f.site[0] == site) return 1;
  return 0;
}

static const bar *find_bar(const simD_ctx *d, uint32_t site) {
  for (unsigned i = 0; i < d->nbars; i++)
    if (d->bars[i].site == site) return &d->bars[i];
  return NULL;
}

/* A barrier that alone is not needed: released, no evidence, not divergent. */
static int unneeded(const simD_ctx *d, uint32_t site) {
  const bar *b = find_bar(d, site);
  return b && b->instances && !b->needed && !divergent_bar(d, site);
}

/* Does pair p make one finding (back-to-back barriers)? */
static int pair_reported(const simD_ctx *d, const bpair *p) {
  if (!unneeded(d, p->a) || !unneeded(d, p->b) || !p->cov.instances) return 0;
  return p->verdict == 1 || !p->between;
}

static unsigned site_line(const simD_ctx *d, uint32_t site) {
  const char *file = NULL;
  unsigned line = 0;
  if (!d->p || site == NONE32 || !simI_site_loc(d->p, site, &file, &line, NULL, NULL)) return 0;
  return line;
}

/* " (lines 10, 12)" of up to COV_SITES canonical sites, sorted, unique. */
static void lines_text(const simD_ctx *d, const uint32_t *v, unsigned n, char *buf, size_t len) {
  unsigned ln[COV_SITES], k = 0;
  for (unsigned i = 0; i < n; i++) {
    unsigned l = site_line(d, v[i]), j = 0;
    if (!l) continue;
    while (j < k && ln[j] != l) j++;
    if (j < k) continue;
    j = k++;
    while (j > 0 && ln[j - 1] > l) { ln[j] = ln[j - 1]; j--; }
    ln[j] = l;
  }
  buf[0] = 0;
  if (!k) return;
  int m = snprintf(buf, len, " (line%s", k > 1 ? "s" : "");
  for (unsigned i = 0; i < k && m > 0 && (size_t)m < len; i++)
    m += snprintf(buf + m, len - m, "%s%u", i ? ", " : " ", ln[i]);
  if (m > 0 && (size_t)m < len) snprintf(buf + m, len - m, ")");
}

/* The evidence of a cover: "2 executions with accesses on both sides
 * (blocks of 48x1x1, 256x1x1 threads), 12 barrier instances; access
 * sites: 2 before (lines 10, 12), 1 after (line 15)" */
static void cover_text(const simD_ctx *d, const cover *c, char *buf, size_t len) {
  char dims[96] = "", lb[96], la[96];
  int m = 0;
  for (unsigned i = 0; i < c->ndims && m >= 0 && (size_t)m < sizeof dims; i++)
    m += snprintf(dims + m, sizeof dims - m, "%s%ux%ux%u", i ? ", " : "", c->dims[i].x,
                  c->dims[i].y, c->dims[i].z);
  lines_text(d, c->before, c->nbefore, lb, sizeof lb);
  lines_text(d, c->after, c->nafter, la, sizeof la);
  snprintf(buf, len,
           "%llu execution%s with accesses of different threads on both sides (block%s %s), "
           "%llu barrier instance%s; access sites: %u before%s, %u after%s",
           (unsigned long long)c->executions, c->executions == 1 ? "" : "s",
           c->ndims == 1 ? "" : "s", dims, (unsigned long long)c->instances,
           c->instances == 1 ? "" : "s", c->nbefore, lb, c->nafter, la);
}

/* Why barrier b is redundant without accesses of different threads on both
 * sides (the evidence of cover_text), or 0 when nothing says so (a side's
 * access code that never ran: guarded code a launch did not reach):
 *  1: no memory access can follow it (the kernel ends, or the next barrier
 *     comes, before any), 2: none can precede it, 3: every instance had
 *     accesses of one thread on both sides (or a side without any), and
 *     every access site around it ran, 4: it leads (every instance was its
 *     block's first barrier and no thread had touched shared memory before
 *     it), and every access site around it ran. The reason is written to
 *     why. */
static int quiet_reason(const simD_ctx *d, const bar *b, char *why, size_t len) {
  enum { MAXS = 256 };
  uint32_t sv[MAXS];
  if (!d->p || !b->instances) return 0;
  int after = simI_barrier_region(d->p, d->kernel, b->site, 1, sv, MAXS);
  if (after == 0) {
    snprintf(why, len, "no memory access follows it before the kernel ends or the next barrier, "
             "so nothing after it can race; %llu barrier instance%s",
             (unsigned long long)b->instances, b->instances == 1 ? "" : "s");
    return 1;
  }
  int before = simI_barrier_region(d->p, d->kernel, b->site, 0, sv + (after > 0 && after < MAXS ? after : 0),
                                   after > 0 && after < MAXS ? MAXS - (unsigned)after : 0);
  if (before == 0) {
    snprintf(why, len, "no memory access precedes it since the kernel began or the previous "
             "barrier, so nothing before it can race; %llu barrier instance%s",
             (unsigned long long)b->instances, b->instances == 1 ? "" : "s");
    return 2;
  }
  if (after < 0 || before < 0 || after + before > MAXS || !d->ran) return 0;
  for (int i = 0; i < after + before; i++)
    if (sv[i] >= d->nsites || !(d->ran[sv[i] >> 3] >> (sv[i] & 7) & 1)) return 0;
  if (b->solo && !b->mixed) {
    snprintf(why, len, "in each of its %llu instances the accesses on both sides ran in one and "
             "the same thread, and all %d access sites around it ran",
             (unsigned long long)b->solo, after + before);
    return 3;
  }
  if (b->lead && !b->notlead) {
    snprintf(why, len, "it is the first barrier of its block and no thread touched shared memory "
             "before it in any of its %llu instances, and all %d access sites around it ran",
             (unsigned long long)b->lead, after + before);
    return 4;
  }
  return 0;
}

/* One finding per chain of warp-synchronous steps: races graded
 * warp-synchronous (v[0..k)) of one space that share a source line belong to
 * one chain (the steps of an unrolled warp reduction or scan, missing the
 * same __syncwarp()); each chain of more than one finding becomes its first
 * member naming the chain's first and last line, with the summed count.
 * Returns the new number of findings. */
static unsigned group_chains(const simD_ctx *d, simD_finding *v, unsigned k) {
  unsigned *up = malloc((k + 1) * sizeof *up), *l0 = malloc((k + 1) * 2 * sizeof *l0);
  if (!up || !l0) { free(up); free(l0); return k; }
  for (unsigned i = 0; i < k; i++) {
    up[i] = i;
    l0[2 * i] = site_line(d, v[i].site[0]);
    l0[2 * i + 1] = site_line(d, v[i].site[1]);
  }
#define CHAIN(i) (v[i].kind == SIMD_DATA_RACE && !strcmp(v[i].grade, SIMD_GRADE_WARP_SYNC))
  for (unsigned i = 0; i < k; i++) {
    if (!CHAIN(i)) continue;
    for (unsigned j = i + 1; j < k; j++) {
      if (!CHAIN(j) || v[j].space != v[i].space) continue;
      int share = 0;
      for (unsigned a = 0; a < 2; a++)
        for (unsigned b = 0; b < 2; b++)
          share |= l0[2 * i + a] && l0[2 * i + a] == l0[2 * j + b];
      if (!share) continue;
      unsigned ri = i, rj = j;
      while (up[ri] != ri) ri = up[ri];
      while (up[rj] != rj) rj = up[rj];
      if (ri != rj) up[rj > ri ? rj : ri] = rj > ri ? ri : rj; /* the first is the root */
    }
  }
  unsigned m = 0;
  for (unsigned i = 0; i < k; i++) {
    unsigned r = i;
    while (up[r] != r) r = up[r];
    if (r != i) continue; /* merged into its root below */
    simD_finding f = v[i];
    if (CHAIN(i)) {
      unsigned lo = UINT32_MAX, hi = 0, n = 0, ww = 1;
      uint32_t slo = f.site[0], shi = f.site[1];
      uint64_t cnt = 0;
      for (unsigned j = i; j < k; j++) {
        unsigned rj = j;
        while (up[rj] != rj) rj = up[rj];
        if (rj != i) continue;
        n++;
        ww &= (unsigned)v[j].write_write;
        cnt = cnt + v[j].count < cnt ? UINT64_MAX : cnt + v[j].count;
        for (unsigned a = 0; a < 2; a++) {
          unsigned ln = l0[2 * j + a];
          if (ln && ln < lo) { lo = ln; slo = v[j].site[a]; }
          if (ln && ln > hi) { hi = ln; shi = v[j].site[a]; }
        }
      }
      if (n > 1) {
        f.site[0] = slo;
        f.site[1] = shi;
        f.count = cnt;
        f.write_write = (int)ww;
        snprintf(f.evidence, sizeof f.evidence,
                 "one chain of warp-synchronous steps from line %u to line %u (%u racing pairs "
                 "of lines): no __syncwarp() between the steps",
                 lo, hi, n);
      }
    }
    v[m++] = f;
  }
#undef CHAIN
  free(up);
  free(l0);
  return m;
}

static const char *lib_dir; /* simD_set_library_dir */

void simD_set_library_dir(const char *dir) { lib_dir = dir; }

static int under(const char *path, const char *dir) {
  size_t n = strlen(dir);
  while (n > 1 && dir[n - 1] == '/') n--;
  return n && !strncmp(path, dir, n) && path[n] == '/';
}

int simD_library_path(const char *path) {
  static const char *const sys[] = {"/usr/include", "/usr/local/include", "/usr/lib",
                                    "/usr/local/cuda"};
  if (!path || !*path) return 0;
  for (unsigned i = 0; i < sizeof sys / sizeof *sys; i++)
    if (under(path, sys[i])) return 1;
  const char *own = lib_dir ? lib_dir : getenv("SIMULEE_CUDA_DIR");
  return own && *own && under(path, own);
}

/* Are sites a and b of prog at the same source place (the detectors name a
 * site by the first one seen at its file, line and column, which differs
 * between runs)? */
static int same_place(const simI_program *prog, uint32_t a, uint32_t b) {
  if (a == b) return 1;
  if (a == UINT32_MAX || b == UINT32_MAX) return 0;
  const char *fa = NULL, *fb = NULL;
  unsigned la = 0, lb = 0, ca = 0, cb = 0;
  if (!simI_site_loc(prog, a, &fa, &la, &ca, NULL) || !simI_site_loc(prog, b, &fb, &lb, &cb, NULL))
    return 0;
  return la && la == lb && ca == cb && (fa == fb || (fa && fb && !strcmp(fa, fb)));
}

/* (detect.h) */
int simD_same_finding(const simI_program *prog, const simD_finding *a, const simD_finding *b) {
  if (a->kind != b->kind) return 0;
  if (same_place(prog, a->site[0], b->site[0]) && same_place(prog, a->site[1], b->site[1]))
    return 1;
  return a->kind == SIMD_DATA_RACE && same_place(prog, a->site[0], b->site[1]) &&
         same_place(prog, a->site[1], b->site[0]);
}

/* (detect.h) */
void simD_grade_library(const simI_program *p, simD_finding *f) {
  const char *fa = NULL, *fb = NULL, *fn = NULL;
  unsigned la = 0, lb = 0;
  if (!p || f->site[0] == NONE32 || f->site[1] == NONE32 ||
      !simI_site_loc(p, f->site[0], &fa, &la, NULL, &fn) ||
      !simI_site_loc(p, f->site[1], &fb, &lb, NULL, NULL) || !simD_library_path(fa) ||
      !simD_library_path(fb))
    return;
  if (f->level == SIMD_LEVEL_ERROR) f->level = SIMD_LEVEL_WARNING;
  snprintf(f->grade, sizeof f->grade, "%s", SIMD_GRADE_IN_LIBRARY);
  const char *ba = strrchr(fa, '/'), *bb = strrchr(fb, '/');
  ba = ba ? ba + 1 : fa;
  bb = bb ? bb + 1 : fb;
  int cg = strstr(ba, "thread_store") || strstr(ba, "thread_load") ||
           strstr(bb, "thread_store") || strstr(bb, "thread_load");
  char pat[200];
  if (cg)
    snprintf(pat, sizeof pat, "a flag or tile status published with weak .cg stores and loads "
             "(%s, %s)", ba, bb);
  else
    snprintf(pat, sizeof pat, "inside %s%s%s (%s:%u and %s:%u)", fn && *fn ? fn : "library code",
             fn && *fn ? " of " : "", fn && *fn ? ba : "", ba, la, bb, lb);
  size_t n = strlen(f->message);
  snprintf(f->message + n, sizeof f->message - n, "; in library code: %s", pat);
  /* the program's line that called the library */
  const char *cf = NULL;
  unsigned cl = 0;
  if (simI_site_caller(p, f->site[0], simD_library_path, &cf, &cl) ||
      simI_site_caller(p, f->site[1], simD_library_path, &cf, &cl)) {
    const char *bc = strrchr(cf, '/');
    n = strlen(f->message);
    snprintf(f->message + n, sizeof f->message - n, ", called from %s:%u", bc ? bc + 1 : cf, cl);
  }
}

int simD_collect(simD_ctx *d, simD_list *out) {
  unsigned total = d->nf + d->nbars + d->npairs;
  simD_finding *v = malloc((total ? total : 1) * sizeof *v);
  if (!v) return -1;
  unsigned k = 0;
  for (unsigned i = 0; i < d->nf; i++) {
    const fent *e = &d->fv[i];
    simD_finding *f = &v[k];
    *f = e->f;
    if (f->kind == SIMD_DATA_RACE) {
      /* library code first: the same places get the same grade whatever
       * the values stored at a size */
      simD_grade_library(d->p, f);
      if (f->grade[0]) {
      } else if (e->sv_all && f->write_write) {
        if (d->o.same_value == SIMD_SAME_VALUE_OFF) continue;
        f->level = d->o.same_value == SIMD_SAME_VALUE_ERROR ? SIMD_LEVEL_ERROR
                                                            : SIMD_LEVEL_WARNING;
        snprintf(f->grade, sizeof f->grade, "%s", SIMD_GRADE_SAME_VALUE);
      } else if (e->ls_all) {
        f->level = SIMD_LEVEL_WARNING;
        snprintf(f->grade, sizeof f->grade, "%s", SIMD_GRADE_WARP_SYNC);
      }
      if (f->grade[0]) {
        size_t n = strlen(f->message);
        snprintf(f->message + n, sizeof f->message - n, "; %s", simD_grade_text(f->grade));
      }
    }
    k++;
  }
  k = group_chains(d, v, k);
  for (unsigned i = 0; i < d->npairs && d->o.redundant; i++) {
    const bpair *p = &d->pairs[i];
    if (!pair_reported(d, p)) continue;
    simD_finding *f = &v[k++];
    memset(f, 0, sizeof *f);
    f->kind = SIMD_REDUNDANT_BARRIER;
    /* the two barriers, in source order */
    unsigned la = site_line(d, p->a), lb = site_line(d, p->b);
    int swap = lb < la;
    f->site[0] = swap ? p->b : p->a;
    f->site[1] = swap ? p->a : p->b;
    if (swap) { unsigned t = la; la = lb; lb = t; }
    f->count = 1;
    f->executions = p->cov.executions;
    f->instances = p->cov.instances;
    f->level = SIMD_LEVEL_WARNING;
    cover_text(d, &p->cov, f->evidence, sizeof f->evidence);
    const char *what = p->verdict == 1   ? "one of them is redundant; removing both races"
                       : p->verdict == 0 ? "both are redundant: removing both creates no race"
                                         : "one of them is redundant (no access between them)";
    if (p->verdict == 1)
      snprintf(f->message, sizeof f->message,
               "one of the barriers at lines %u and %u is redundant; removing both races", la, lb);
    else
      snprintf(f->message, sizeof f->message, "back-to-back barriers at lines %u and %u: %s", la,
               lb, what);
  }
  for (unsigned i = 0; i < d->nbars; i++) {
    const bar *b = &d->bars[i];
    char why[200] = "";
    if (!d->o.redundant || !unneeded(d, b->site)) continue;
    if (!b->cov.instances && !quiet_reason(d, b, why, sizeof why)) continue;
    int grouped = 0;
    for (unsigned j = 0; j < d->npairs && !grouped; j++)
      grouped = (d->pairs[j].a == b->site || d->pairs[j].b == b->site) &&
                pair_reported(d, &d->pairs[j]);
    if (grouped) continue;
    simD_finding *f = &v[k++];
    memset(f, 0, sizeof *f);
    f->kind = SIMD_REDUNDANT_BARRIER;
    f->site[0] = b->site;
    f->site[1] = NONE32;
    f->count = 1;
    f->executions = b->cov.instances ? b->cov.executions : b->executions;
    f->instances = b->cov.instances ? b->cov.instances : b->instances;
    if (b->cov.instances) cover_text(d, &b->cov, f->evidence, sizeof f->evidence);
    else snprintf(f->evidence, sizeof f->evidence, "%s", why);
    snprintf(f->message, sizeof f->message, "redundant barrier: removing it creates no race%s%s",
             b->cov.instances ? " in " : ": ", f->evidence);
    f->level = SIMD_LEVEL_WARNING;
  }
  qsort(v, k, sizeof *v, cmp_fent);
  for (unsigned i = 0; i < k; i++) {
    if (simD_list_add(out, &v[i]) < 0) {
      free(v);
      return -1;
    }
  }
  free(v);
  return (int)k;
}

unsigned simD_barrier_pairs(const simD_ctx *d, uint32_t (*out)[2], unsigned max) {
  unsigned n = 0;
  for (unsigned i = 0; i < d->npairs; i++) {
    const bpair *p = &d->pairs[i];
    if (p->verdict >= 0 || !p->cov.instances || !unneeded(d, p->a) || !unneeded(d, p->b)) continue;
    if (n < max) {
      out[n][0] = p->a;
      out[n][1] = p->b;
    }
    n++;
  }
  return n;
}

int simD_set_pair(simD_ctx *d, uint32_t a, uint32_t b) {
  if (d->running || a == NONE32 || b == NONE32 || a == b) return -1;
  /* the sites come from another context of the program: make them this
   * context's canonical sites for their source locations */
  d->group[0] = dt_canon_site(d, a);
  d->group[1] = dt_canon_site(d, b);
  return d->nomem ? -1 : 0;
}

int simD_pair_races(const simD_ctx *d) {
  if (d->group[0] == NONE32) return 0;
  const bar *b = find_bar(d, d->group[0]);
  return b && b->needed;
}

uint64_t simD_pair_covered(const simD_ctx *d, uint32_t a, uint32_t b) {
  if (a > b) { uint32_t t = a; a = b; b = t; }
  for (unsigned i = 0; i < d->npairs; i++)
    if (d->pairs[i].a == a && d->pairs[i].b == b) return d->pairs[i].cov.executions;
  return 0;
}

void simD_set_pair_verdict(simD_ctx *d, uint32_t a, uint32_t b, int races) {
  if (a > b) { uint32_t t = a; a = b; b = t; }
  for (unsigned i = 0; i < d->npairs; i++)
    if (d->pairs[i].a == a && d->pairs[i].b == b) d->pairs[i].verdict = races ? 1 : 0;
}

const simI_launch *simD_finding_launch(const simD_ctx *d,
                                       const simD_finding *f) {
  if (f->kind == SIMD_REDUNDANT_BARRIER) return NULL;
  fent *e = find_finding((simD_ctx *)d, f);
  if (!e && f->kind == SIMD_DATA_RACE) /* a chain (group_chains): a member at its first line */
    for (unsigned i = 0; i < d->nf && !e; i++)
      if (d->fv[i].f.kind == SIMD_DATA_RACE && d->fv[i].f.space == f->space &&
          (d->fv[i].f.site[0] == f->site[0] || d->fv[i].f.site[1] == f->site[0]))
        e = &d->fv[i];
  if (!e || e->exec >= d->nlaunches) return NULL;
  return d->launches[e->exec];
}
