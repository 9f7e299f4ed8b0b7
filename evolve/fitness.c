/*
 * simulee evolve: the counting observer and the fitness of one evaluation.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "evolve/evolve_int.h"

/* ------------------------------------------------------------- fitness */

typedef struct fitent {
  uint64_t key;         /* address key */
  uint32_t thr;         /* last thread; UINT32_MAX: empty */
} fitent;

typedef struct fitobs {
  fitent *tab;          /* open-addressing table of addresses */
  uint32_t cap, n;      /* table size (power of 2) and entries (distinct
                           addresses) */
  uint64_t accesses;    /* thread-address accesses */
  struct { uint64_t id, lo, hi; } rng[64]; /* per allocation: offset range */
  unsigned nrng;        /* allocations seen */
  unsigned ws;          /* warp size */
  unsigned bthreads;    /* threads per block */
  int oom;              /* an allocation failed */
  simE_covobs cv;       /* the sites executed */
} fitobs;

void simE_cov_mark(simE_covobs *c, uint32_t site) {
  if (!c->cov || site == c->last) return;
  c->last = site;
  int i = simE_cov_index(c->s, site);
  /* no store when the bit is set already (the line stays clean) */
  if (i >= 0 && !(c->cov[(unsigned)i / 64] & 1ull << ((unsigned)i % 64)))
    c->cov[(unsigned)i / 64] |= 1ull << ((unsigned)i % 64);
}

void simE_cov_mark_branch(simE_covobs *c, uint32_t site, uint32_t target) {
  uint64_t key = (uint64_t)site << 32 | target;
  if (!c->cov || key == c->last_br) return;
  c->last_br = key;
  int i = simE_cov_branch_index(c->s, site, target);
  c->last_bi = i;
  if (i >= 0) {
    unsigned b = c->s->nsites + (unsigned)i;
    c->cov[b / 64] |= 1ull << (b % 64);
  }
}

/* Mark the lane-count bits of c->lanes in c->cov (the evaluation ended). */
static void cov_mark_levels(simE_covobs *c) {
  const simE_space *s = c->s;
  if (!c->cov || !c->lanes) return;
  for (unsigned j = 0; j < s->nbranches; j++)
    for (unsigned l = 0; l < SIME_BRANCH_LEVELS; l++)
      if (c->lanes[j] >= simE_branch_level[l]) {
        unsigned b = s->nsites + s->nbranches + j * SIME_BRANCH_LEVELS + l;
        c->cov[b / 64] |= 1ull << (b % 64);
      }
}

static void cov_branch(void *ctx, uint32_t site, uint32_t target) {
  simE_cov_mark_branch(ctx, site, target);
}

static void cov_fault(void *ctx, const simI_fault *fa) {
  simE_cov_mark(ctx, fa->site);
}

static void cov_access(void *ctx, const simI_access *a) { simE_cov_mark(ctx, a->site); }

simI_observer simE_cov_observer(simE_covobs *c) {
  simI_observer ob;
  memset(&ob, 0, sizeof ob);
  ob.ctx = c;
  ob.access = cov_access;
  ob.fault = cov_fault;
  /* branch outcomes only for a search's report (a fixed launch reports no
   * coverage: its hottest branches pay no event) */
  if (c->s->nbranches && !c->s->all_fixed) ob.branch = cov_branch;
  return ob;
}

static void fit_fault(void *ctx, const simI_fault *fa) {
  fitobs *f = ctx;
  simE_cov_mark(&f->cv, fa->site);
}

static void fit_branch(void *ctx, uint32_t site, uint32_t target, unsigned lanes) {
  fitobs *f = ctx;
  simE_cov_mark_branch(&f->cv, site, target);
  if (f->cv.lanes && f->cv.last_bi >= 0) {
    uint32_t *n = &f->cv.lanes[f->cv.last_bi];
    *n = *n > UINT32_MAX - lanes ? UINT32_MAX : *n + lanes;
  }
}

static int fit_grow(fitobs *f) {
  uint32_t ncap = f->cap ? f->cap * 2 : 4096;
  fitent *nt = malloc((size_t)ncap * sizeof *nt);
  if (!nt) return -1;
  for (uint32_t i = 0; i < ncap; i++) nt[i].thr = UINT32_MAX;
  for (uint32_t i = 0; i < f->cap; i++) {
    if (f->tab[i].thr == UINT32_MAX) continue;
    uint32_t h = (uint32_t)mix64(f->tab[i].key) & (ncap - 1);
    while (nt[h].thr != UINT32_MAX) h = (h + 1) & (ncap - 1);
    nt[h] = f->tab[i];
  }
  free(f->tab);
  f->tab = nt;
  f->cap = ncap;
  return 0;
}

static void fit_launch_begin(void *ctx, const simI_program *p, unsigned kernel,
                             const simI_launch *l) {
  (void)p;
  (void)kernel;
  fitobs *f = ctx;
  f->ws = l->warp_size ? l->warp_size : 32;
  f->bthreads = (unsigned)dim_total(l->block);
}

/* The range entry of allocation id, or -1 when the table is full. */
static int fit_range(fitobs *f, uint64_t id) {
  unsigned r = 0;
  while (r < f->nrng && f->rng[r].id != id) r++;
  if (r < f->nrng) return (int)r;
  if (r == sizeof f->rng / sizeof f->rng[0]) return -1;
  f->nrng++;
  f->rng[r].id = id;
  f->rng[r].lo = UINT64_MAX;
  f->rng[r].hi = 0;
  return (int)r;
}

static void fit_access(void *ctx, const simI_access *a) {
  fitobs *f = ctx;
  simE_cov_mark(&f->cv, a->site);
  if (f->oom || (a->space != SIMI_SPACE_GLOBAL && a->space != SIMI_SPACE_SHARED)) return;
  uint64_t salt = a->space == SIMI_SPACE_SHARED ? mix64(a->block + 1) : 0;
  uint64_t m = a->mask;
  uint64_t rid = UINT64_MAX;
  int r = -1;
  uint32_t tbase = a->block * f->bthreads + a->warp * f->ws;
  while (m) {
    unsigned l = (unsigned)__builtin_ctzll(m);
    m &= m - 1;
    uint64_t addr = a->addr[l];
    uint32_t t = tbase + l;
    uint64_t key = addr ^ salt;
    if (2 * (f->n + 1) > f->cap && fit_grow(f) < 0) {
      f->oom = 1;
      return;
    }
    uint32_t h = (uint32_t)mix64(key) & (f->cap - 1);
    fitent *e = &f->tab[h];
    while (e->thr != UINT32_MAX && e->key != key) {
      h = (h + 1) & (f->cap - 1);
      e = &f->tab[h];
    }
    if (e->thr == UINT32_MAX) {
      e->key = key;
      e->thr = t;
      f->n++;
      f->accesses++;
    } else if (e->thr != t) {
      e->thr = t;
      f->accesses++;
    }
    /* the accessed range of the allocation (per block for shared) */
    uint64_t id = (addr >> 40) ^ salt, off = SIMI_PTR_OFFSET(addr);
    if (id != rid) {
      rid = id;
      r = fit_range(f, id);
    }
    if (r < 0) continue;
    if (off < f->rng[r].lo) f->rng[r].lo = off;
    if (off + a->size > f->rng[r].hi) f->rng[r].hi = off + a->size;
  }
}

int simE_evaluate(const simE_space *s, const simE_genome *g, simE_fitness *out) {
  return simE_evaluate_cov(s, g, out, NULL);
}

int simE_evaluate_cov(const simE_space *s, const simE_genome *g, simE_fitness *out,
                      uint64_t *cov) {
  return simE_evaluate_until(s, g, out, cov, 0);
}

int simE_evaluate_until(const simE_space *s, const simE_genome *g, simE_fitness *out,
                        uint64_t *cov, double deadline) {
  simE_built b;
  memset(out, 0, sizeof *out);
  if (deadline > 0 && simU_now_s() >= deadline) { /* the search's time is spent */
    out->penalty = 1;
    out->not_run = 1;
    out->primary = 1.0;
    out->secondary = 1e300;
    return 0;
  }
  if (simE_build(s, g, NULL, 1, &b) < 0) return -1;
  if (deadline > 0) b.l.time_limit = deadline - simU_now_s() > 0.001 ? deadline - simU_now_s() : 0.001;
  fitobs f;
  memset(&f, 0, sizeof f);
  f.cv.s = s;
  f.cv.cov = cov;
  f.cv.last = UINT32_MAX;
  f.cv.last_br = UINT64_MAX;
  f.cv.last_bi = -1;
  if (cov && s->nbranches && !(f.cv.lanes = calloc(s->nbranches, sizeof *f.cv.lanes))) {
    simE_built_free(s, &b);
    return -1;
  }
  simI_observer ob;
  memset(&ob, 0, sizeof ob);
  ob.ctx = &f;
  ob.launch_begin = fit_launch_begin;
  ob.access = fit_access;
  ob.fault = fit_fault;
  if (cov && s->nbranches) ob.branch_lanes = fit_branch;
  simI_result res;
  memset(&res, 0, sizeof res);
  simI_status st = simI_run(s->p, s->k, &b.l, &ob, 1, &res);
  simE_built_free(s, &b);
  free(f.tab);
  cov_mark_levels(&f.cv);
  free(f.cv.lanes);
  if (f.oom || st == SIMI_E_NOMEM) return -1;
  out->accesses = f.accesses;
  if (cov)
    for (unsigned w = 0; w < simE_cov_words(s); w++) out->reached += (unsigned)__builtin_popcountll(cov[w]);
  out->insns = res.insns;
  /* a launch the kernel cannot take (it indexes beyond its own arrays, or
   * runs out of steps) is not an input worth detecting on */
  /* (with every buffer of the program's size, an access past one is a bug
   * the program can hit, not a launch it cannot make) */
  /* a failed device assert or __trap: a precondition of the kernel (a block
   * shape, a scalar) the candidate violates; it ranks last, so the search
   * steers away from it */
  out->trapped = st == SIMI_E_TRAP && !strstr(res.message, "stack overflow");
  out->penalty = (st != SIMI_OK && st != SIMI_E_DEADLOCK) || (res.faults > 0 && !s->sized);
  if (f.accesses) {
    double range = 0;
    for (unsigned r = 0; r < f.nrng; r++) range += (double)(f.rng[r].hi - f.rng[r].lo);
    out->primary = (double)f.n / (double)f.accesses;
    out->secondary = range / (double)f.accesses;
  } else {
    out->primary = 1.0;
    out->secondary = 1e300;
  }
  return 0;
}

