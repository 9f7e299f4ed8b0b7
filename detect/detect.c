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
 *  - out of bounds: every interpreter fault event;
 *  - assertion: a run that ended with SIMI_E_TRAP.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define XXH_INLINE_ALL
#include <xxhash.h>

#include "simulee/detect.h"
#include "simulee/model.h"

#define NONE32 UINT32_MAX

/* One finding with the execution that first produced it. */
typedef struct fent {
  simD_finding f;   /* the finding (count accumulates) */
  uint64_t exec;    /* index into launches, UINT64_MAX if none */
  unsigned char ls_all; /* races: every instance is ordered by lock-step
                           warp execution (SIMM_WOULD_LOCKSTEP) */
  unsigned char sv_all; /* races: every instance is a write-write pair of
                           the same bytes that no read race met */
} fent;

/* A same-value race instance of this execution: finding fv[fi] at the
 * 4-byte granule g (checked against the read races at its end). */
typedef struct svcand { uint32_t fi; uint64_t g; } svcand;
#define SVCAND_MAX 65536u /* beyond: the instance counts as an error */

/* Evidence about one barrier site. */
typedef struct bar {
  uint32_t site;       /* barrier instruction */
  uint64_t instances;  /* releases over all executions */
  uint64_t executions; /* executions in which it released */
  uint64_t last_exec;  /* execution number of the last release + 1 */
  int needed;          /* some execution gave evidence that it is needed */
} bar;

struct simD_ctx {
  const simI_program *p;     /* the program */
  unsigned kernel;           /* the kernel */
  simD_options o;            /* what to detect */
  simM_model *m;             /* the memory-access model */
  /* current execution */
  int running;               /* between launch_begin and end_execution */
  const simI_launch *cur;    /* launch given to launch_begin */
  simI_dim3 grid, block;     /* its dims */
  uint32_t tpb;              /* threads per block */
  uint64_t exec;             /* executions ended so far */
  unsigned last_block, last_warp; /* last barrier arrival (witness) */
  uint64_t last_mask;
  int have_arrival;
  /* findings */
  fent *fv;
  unsigned nf, capf;
  uint32_t *fh;              /* hash: index+1 into fv, 0 empty */
  unsigned caph;
  /* barriers */
  bar *bars;
  unsigned nbars, capbars;
  /* witness launches, by execution number (NULL if none kept) */
  simI_launch **launches;
  uint64_t nlaunches;
  int launch_needed;         /* this execution produced a new finding */
  /* source locations: every site is replaced by the first site seen with
   * the same file:line:column (its canonical site), so that one bug is one
   * finding and one source barrier is one barrier, also when the compiler
   * duplicated the instruction (unrolling, inlining) */
  uint32_t *canon;           /* hash: key site+1, value canonical site */
  unsigned ncanon, capcanon;
  struct sloc { const char *file; unsigned line, col; uint32_t site; } *locs;
  unsigned nlocs, caplocs;
  /* same-value grading, this execution: candidate instances and the
   * granules (+1, hash set) where a read-write race happened */
  svcand *svc;
  unsigned nsvc, capsvc;
  uint64_t *rdg;
  unsigned nrdg, caprdg;
  int nomem;                 /* an allocation failed */
  simD_stats st;             /* counters */
};

void simD_options_default(simD_options *o) {
  o->races = 1;
  o->divergence = 1;
  o->redundant = 1;
  o->out_of_bounds = 1;
  o->assertions = 1;
  o->warp_mask = 1;
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
static fent *add_finding(simD_ctx *d, const simD_finding *f, uint64_t exec,
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
static uint32_t canon_site(simD_ctx *d, uint32_t site) {
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

static void set_thread(const simD_ctx *d, simD_thread *t, uint64_t block,
                       uint64_t thread) {
  lin_to_dim(d->grid, block, &t->block);
  lin_to_dim(d->block, thread, &t->thread);
}

static void set_tid(const simD_ctx *d, simD_thread *t, uint64_t tid) {
  set_thread(d, t, tid / d->tpb, tid % d->tpb);
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

/* The note saying why synchronisation did not order a race (README
 * "Output"). */
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
  simD_finding f;
  memset(&f, 0, sizeof f);
  f.kind = SIMD_DATA_RACE;
  f.space = r->space;
  f.write_write = (r->first.kind & SIMI_ACC_WRITE) && (r->second.kind & SIMI_ACC_WRITE);
  f.site[0] = canon_site(d, r->first.site);
  f.site[1] = canon_site(d, r->second.site);
  f.relation = (simD_relation)r->relation;
  f.addr = r->addr;
  f.count = 1;
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
  snprintf(f.message, sizeof f.message,
           "data race (%s, %s) on %s: %s by block (%u,%u,%u) thread (%u,%u,%u) "
           "and %s by block (%u,%u,%u) thread (%u,%u,%u) (%s)",
           f.write_write ? "write-write" : "read-write", space_name(r->space),
           where, kind_word(r->first.kind), DIM(f.thread[0].block),
           DIM(f.thread[0].thread), kind_word(r->second.kind),
           DIM(f.thread[1].block), DIM(f.thread[1].thread),
           rel_name(f.relation));
  why_text(d, &r->why, f.why, sizeof f.why);
  if (sv) {
    /* the first writer's bytes are the ones the second overwrote */
    f.thread[0].has_value = 1;
    f.thread[0].value = r->prev;
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
  e = add_finding(d, &f, d->exec, &isnew);
  if (e && isnew) {
    d->launch_needed = 1;
    e->ls_all = (unsigned char)ls;
    e->sv_all = (unsigned char)sv;
    if (sv) sv_note(d, e, r->addr);
  }
}

static bar *get_bar(simD_ctx *d, uint32_t site) {
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

static void on_needed(void *ctx, uint32_t site, unsigned block) {
  (void)block;
  simD_ctx *d = ctx;
  bar *b = get_bar(d, site);
  if (b) b->needed = 1;
}

/* -------------------------------------------------------------- events */

static void ev_launch_begin(void *ctx, const simI_program *p, unsigned kernel,
                            const simI_launch *l) {
  simD_ctx *d = ctx;
  (void)p;
  (void)kernel;
  d->running = 1;
  d->cur = l;
  d->grid = l->grid;
  d->block = l->block;
  d->tpb = l->block.x * l->block.y * l->block.z;
  if (!d->tpb) d->tpb = 1;
  d->have_arrival = 0;
  d->launch_needed = 0;
  simM_config c;
  memset(&c, 0, sizeof c);
  c.grid = l->grid;
  c.block = l->block;
  c.warp_size = l->warp_size;
  c.its = l->its;
  c.barriers = d->o.redundant;
  if (simM_begin(d->m, &c) < 0) d->running = 1; /* model inactive: no races */
  /* the model keeps known-needed sites across executions */
}

static void ev_launch_end(void *ctx, simI_status st) {
  (void)ctx;
  (void)st;
}

static void ev_block_begin(void *ctx, unsigned block) {
  simM_block_begin(((simD_ctx *)ctx)->m, block);
}

static void ev_block_end(void *ctx, unsigned block) {
  simM_block_end(((simD_ctx *)ctx)->m, block);
}

static void ev_access(void *ctx, const simI_access *a) {
  simD_ctx *d = ctx;
  d->st.access_events++;
  if (d->o.races || d->o.redundant) simM_access(d->m, a);
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
    bar *e = get_bar(d, canon_site(d, b->site));
    if (e) e->needed = 1;
  }
}

static void ev_release(void *ctx, const simI_release *r) {
  simD_ctx *d = ctx;
  d->st.releases++;
  uint32_t site = canon_site(d, r->site);
  simM_release(d->m, r->block, site);
  bar *b = get_bar(d, site);
  if (b) {
    b->instances++;
    if (b->last_exec != d->exec + 1) {
      b->last_exec = d->exec + 1;
      b->executions++;
    }
  }
  if (!r->divergent || !d->o.divergence) return;
  simD_finding f;
  memset(&f, 0, sizeof f);
  f.kind = SIMD_BARRIER_DIVERGENCE;
  f.site[0] = site;
  f.site[1] = canon_site(d, r->branch_site);
  f.arrived = r->waiting;
  f.missing = d->tpb > r->waiting ? d->tpb - r->waiting : 0;
  f.count = 1;
  fent *e = find_finding(d, &f);
  if (e) {
    if (e->f.count != UINT64_MAX) e->f.count++;
    return;
  }
  /* witness: a thread that waited (the last arrival in this block) and one
   * that did not */
  unsigned n = 0;
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
  f.nthreads = n;
  simI_dim3 bi;
  lin_to_dim(d->grid, r->block, &bi);
  char extra[128] = "";
  unsigned behind = f.missing > r->exited ? f.missing - r->exited : 0;
  if (r->exited && behind)
    snprintf(extra, sizeof extra, " (%u exited, %u are lanes left behind by a divergent branch)",
             r->exited, behind);
  else if (r->exited)
    snprintf(extra, sizeof extra, " (%u exited)", r->exited);
  snprintf(f.message, sizeof f.message,
           "barrier divergence in block (%u,%u,%u): %u of %u threads reached "
           "the barrier, %u did not%s",
           DIM(bi), r->waiting, d->tpb, f.missing, extra);
  int isnew = 0;
  if (add_finding(d, &f, d->exec, &isnew) && isnew) d->launch_needed = 1;
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
  f.site[0] = canon_site(d, site);
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
  if (add_finding(d, &f, d->exec, &isnew) && isnew) d->launch_needed = 1;
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

static void ev_fault(void *ctx, const simI_fault *flt) {
  simD_ctx *d = ctx;
  if (!d->o.out_of_bounds) return;
  simD_finding f;
  memset(&f, 0, sizeof f);
  f.kind = SIMD_OUT_OF_BOUNDS;
  f.space = SIMI_PTR_SPACE(flt->addr);
  f.site[0] = canon_site(d, flt->site);
  f.site[1] = NONE32;
  f.addr = flt->addr;
  f.count = 1;
  fent *e = find_finding(d, &f);
  if (e) {
    if (e->f.count != UINT64_MAX) e->f.count++;
    return;
  }
  f.nthreads = 1;
  set_thread(d, &f.thread[0], flt->block, flt->thread);
  f.thread[0].access = flt->kind;
  f.thread[0].size = flt->size;
  char where[160];
  describe(d, flt->addr, where, sizeof where);
  snprintf(f.message, sizeof f.message,
           "%s: %s of %u bytes at %s by block (%u,%u,%u) thread (%u,%u,%u)",
           flt->what ? flt->what : "invalid access",
           (flt->kind & SIMI_ACC_WRITE) ? "write" : "read", flt->size, where,
           DIM(f.thread[0].block), DIM(f.thread[0].thread));
  int isnew = 0;
  if (add_finding(d, &f, d->exec, &isnew) && isnew) d->launch_needed = 1;
}

static void ev_named(void *ctx, const simI_named *n) {
  simD_ctx *d = ctx;
  if (d->o.races || d->o.redundant) simM_named(d->m, n);
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
  o.fault = ev_fault;
  o.warp_mask = d->o.warp_mask ? ev_warp_mask : NULL;
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
  if (o) d->o = *o;
  else simD_options_default(&d->o);
  simM_sink s = {d, on_race, on_needed};
  if (!d->o.races) s.race = NULL;
  d->m = simM_new(&s);
  if (!d->m) {
    free(d);
    return NULL;
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
  free(d->fv);
  free(d->fh);
  free(d->bars);
  free(d->canon);
  free(d->locs);
  free(d->svc);
  free(d->rdg);
  for (uint64_t i = 0; i < d->nlaunches; i++) launch_free(d->launches[i]);
  free(d->launches);
  free(d);
}

/* Keep launch l as execution `exec`'s witness. */
static int keep_launch(simD_ctx *d, uint64_t exec, const simI_launch *l) {
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

int simD_end_execution(simD_ctx *d, const simI_launch *l,
                       const simI_result *res) {
  if (!d->running) return 0;
  int rc = 0;
  if (!l) l = d->cur;
  if (res && res->status == SIMI_E_TRAP && d->o.assertions) {
    simD_finding f;
    memset(&f, 0, sizeof f);
    f.kind = SIMD_ASSERTION;
    f.site[0] = canon_site(d, res->site);
    f.site[1] = NONE32;
    f.count = 1;
    snprintf(f.message, sizeof f.message, "kernel trapped: %.480s",
             res->message[0] ? res->message : "assertion failed");
    int isnew = 0;
    if (!add_finding(d, &f, d->exec, &isnew)) rc = -1;
    if (isnew) d->launch_needed = 1;
  }
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
  if (d->launch_needed && l && keep_launch(d, d->exec, l) < 0) rc = -1;
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

int simD_collect(simD_ctx *d, simD_list *out) {
  unsigned nred = 0;
  for (unsigned i = 0; i < d->nbars; i++)
    if (d->bars[i].instances && !d->bars[i].needed && d->o.redundant) nred++;
  unsigned total = d->nf + nred;
  simD_finding *v = malloc((total ? total : 1) * sizeof *v);
  if (!v) return -1;
  unsigned k = 0;
  for (unsigned i = 0; i < d->nf; i++) {
    const fent *e = &d->fv[i];
    simD_finding *f = &v[k];
    *f = e->f;
    if (f->kind == SIMD_DATA_RACE) {
      if (e->sv_all && f->write_write) {
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
  for (unsigned i = 0; i < d->nbars; i++) {
    const bar *b = &d->bars[i];
    if (!b->instances || b->needed || !d->o.redundant) continue;
    simD_finding *f = &v[k++];
    memset(f, 0, sizeof *f);
    f->kind = SIMD_REDUNDANT_BARRIER;
    f->site[0] = b->site;
    f->site[1] = NONE32;
    f->count = 1;
    f->executions = b->executions;
    f->instances = b->instances;
    f->level = SIMD_LEVEL_WARNING;
    snprintf(f->message, sizeof f->message,
             "redundant barrier: removing it creates no race in %llu "
             "execution%s (%llu barrier instance%s)",
             (unsigned long long)b->executions, b->executions == 1 ? "" : "s",
             (unsigned long long)b->instances, b->instances == 1 ? "" : "s");
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

const simI_launch *simD_finding_launch(const simD_ctx *d,
                                       const simD_finding *f) {
  if (f->kind == SIMD_REDUNDANT_BARRIER) return NULL;
  fent *e = find_finding((simD_ctx *)d, f);
  if (!e || e->exec >= d->nlaunches) return NULL;
  return d->launches[e->exec];
}

int simD_merge(simD_ctx *dst, const simD_ctx *src) {
  if (dst->p != src->p || dst->kernel != src->kernel) return -2;
  uint64_t base = dst->exec;
  for (unsigned i = 0; i < src->nf; i++) {
    const fent *s = &src->fv[i];
    int isnew = 0;
    uint64_t ex = s->exec < src->nlaunches && src->launches[s->exec]
                      ? base + s->exec : UINT64_MAX;
    simD_finding f = s->f;
    f.site[0] = canon_site(dst, f.site[0]);
    f.site[1] = canon_site(dst, f.site[1]);
    fent *e = add_finding(dst, &f, ex, &isnew);
    if (!e) return -1;
    if (isnew) {
      e->ls_all = s->ls_all;
      e->sv_all = s->sv_all;
    } else {
      if (e->ls_all && !s->ls_all && ex != UINT64_MAX) {
        /* an error instance: its witness replaces the warp-synchronous one */
        uint64_t c = e->f.count;
        e->f = f;
        e->f.count = c;
        e->exec = ex;
        if (keep_launch(dst, ex, src->launches[s->exec]) < 0) return -1;
      }
      e->ls_all &= s->ls_all;
      e->sv_all &= s->sv_all;
    }
    if (isnew && ex != UINT64_MAX &&
        keep_launch(dst, ex, src->launches[s->exec]) < 0)
      return -1;
  }
  for (unsigned i = 0; i < src->nbars; i++) {
    const bar *s = &src->bars[i];
    uint32_t site = canon_site(dst, s->site);
    bar *b = get_bar(dst, site);
    if (!b) return -1;
    b->instances += s->instances;
    b->executions += s->executions;
    b->needed |= s->needed;
    if (s->needed) simM_known_needed(dst->m, site);
  }
  dst->exec += src->exec;
  dst->st.executions += src->st.executions;
  dst->st.access_events += src->st.access_events;
  dst->st.lane_accesses += src->st.lane_accesses;
  dst->st.races += src->st.races;
  dst->st.releases += src->st.releases;
  if (src->st.shadow_bytes_peak > dst->st.shadow_bytes_peak)
    dst->st.shadow_bytes_peak = src->st.shadow_bytes_peak;
  if (src->st.tracked_bytes_peak > dst->st.tracked_bytes_peak)
    dst->st.tracked_bytes_peak = src->st.tracked_bytes_peak;
  return 0;
}

void simD_get_stats(const simD_ctx *d, simD_stats *s) { *s = d->st; }

unsigned simD_barrier_stats(const simD_ctx *d, simD_barrier_stat *out,
                            unsigned max) {
  unsigned n = 0;
  for (unsigned i = 0; i < d->nbars; i++) {
    const bar *b = &d->bars[i];
    if (!b->instances) continue;
    if (n < max) {
      out[n].site = b->site;
      out[n].instances = b->instances;
      out[n].executions = b->executions;
      out[n].needed = b->needed;
    }
    n++;
  }
  return n;
}
