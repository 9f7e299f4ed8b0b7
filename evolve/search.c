/*
 * simulee evolve: the evolutionary loop (Simulee, Algorithm 1).
 */
#define _GNU_SOURCE
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "evolve/evolve_int.h"

/* ------------------------------------------------------------- search */

static int cand_cmp(const void *pa, const void *pb) {
  const simE_cand *a = pa, *b = pb;
  if (a->f.penalty != b->f.penalty) return a->f.penalty - b->f.penalty;
  if (a->f.primary != b->f.primary) return a->f.primary < b->f.primary ? -1 : 1;
  if (a->f.secondary != b->f.secondary) return a->f.secondary < b->f.secondary ? -1 : 1;
  return a->id < b->id ? -1 : a->id > b->id;
}

typedef struct batch {
  const simE_space *s;
  simE_cand *c;              /* candidates to evaluate */
  atomic_int oom;       /* an evaluation ran out of memory */
} batch;

static void batch_item(void *ctx, unsigned i) {
  batch *b = ctx;
  if (simE_evaluate(b->s, &b->c[i].g, &b->c[i].f) < 0) atomic_store(&b->oom, 1);
}

/* Evaluate n candidates on the space's worker threads. */
static int run_batch(const simE_space *s, simE_cand *c, unsigned n) {
  batch b;
  b.s = s;
  b.c = c;
  atomic_init(&b.oom, 0);
  simE_parallel(s->o.jobs, n, batch_item, &b);
  return atomic_load(&b.oom) ? -1 : 0;
}

int simE_search(const simE_space *s, double t0, simE_search_out *out) {
  const simE_options *o = &s->o;
  unsigned N = o->population, ns = s->nslots ? s->nslots : 1;
  memset(out, 0, sizeof *out);
  simE_cand *pop = calloc((size_t)3 * N, sizeof *pop);
  simE_value *pv = calloc((size_t)N * ns, sizeof *pv);
  simE_value *cv = calloc((size_t)2 * N * ns, sizeof *cv);
  simE_value *nv = calloc((size_t)N * ns, sizeof *nv);
  int rc = -1;
  if (!pop || !pv || !cv || !nv) goto done;
  uint64_t nextid = 0;
  for (unsigned i = 0; i < N; i++) {
    pop[i].g.vals = pv + (size_t)i * ns;
    simE_genome_random(s, cand_seed(o->seed, 0, i), &pop[i].g);
    pop[i].id = nextid++;
  }
  if (run_batch(s, pop, N) < 0) goto done;
  out->evaluations += N;
  qsort(pop, N, sizeof *pop, cand_cmp);
  double bp = pop[0].f.primary;
  unsigned stale = 0, gen = 0;
  if (o->progress) {
    simE_progress pr = {0, o->generations, bp, out->evaluations, now_s() - t0};
    o->progress(o->progress_ctx, &pr);
  }
  uint64_t work = 0;
  for (unsigned i = 0; i < N; i++) work += pop[i].f.insns;
  while (gen < o->generations && !(bp <= SIME_ACCEPT) && stale < SIME_PATIENCE &&
         work < SIME_SEARCH_BUDGET) {
    if (o->time_limit > 0 && now_s() - t0 > o->time_limit / 2) break;
    gen++;
    simE_cand *ch = pop + N;
    for (unsigned i = 0; i < 2 * N; i++) {
      ch[i].g.vals = cv + (size_t)i * ns;
      simE_genome_mutate(s, &pop[i / 2].g, cand_seed(o->seed, gen, i), (int)(i & 1), &ch[i].g);
      ch[i].id = nextid++;
    }
    if (run_batch(s, ch, 2 * N) < 0) goto done;
    out->evaluations += 2 * N;
    for (unsigned i = 0; i < 2 * N; i++) work += ch[i].f.insns;
    qsort(pop, 3 * N, sizeof *pop, cand_cmp);
    /* the survivors' values move to a fresh pool */
    for (unsigned i = 0; i < N; i++) {
      memcpy(nv + (size_t)i * ns, pop[i].g.vals, (size_t)ns * sizeof *nv);
      pop[i].g.vals = nv + (size_t)i * ns;
    }
    simE_value *t = pv;
    pv = nv;
    nv = t;
    double p0 = pop[0].f.primary;
    stale = p0 < bp * (1 - SIME_IMPROVE) ? 0 : stale + 1;
    if (p0 < bp) bp = p0;
    if (o->progress) {
      simE_progress pr = {gen, o->generations, bp, out->evaluations, now_s() - t0};
      o->progress(o->progress_ctx, &pr);
    }
  }
  out->generations = gen;
  out->best = pop;
  out->nbest = N;
  out->keep = pv;
  pop = NULL;
  pv = NULL;
  rc = 0;
done:
  free(pop);
  free(pv);
  free(cv);
  free(nv);
  return rc;
}
