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
  simE_cand *c;         /* candidates to evaluate */
  uint64_t *cov;        /* per candidate: simE_cov_words words */
  double deadline;      /* absolute end of the search's time, 0 = none */
  atomic_int oom;       /* an evaluation ran out of memory */
} batch;

static void batch_item(void *ctx, unsigned i) {
  batch *b = ctx;
  uint64_t *cv = b->cov + (size_t)i * simE_cov_words(b->s);
  memset(cv, 0, simE_cov_words(b->s) * sizeof *cv);
  if (simE_evaluate_until(b->s, &b->c[i].g, &b->c[i].f, cv, b->deadline) < 0)
    atomic_store(&b->oom, 1);
}

/* Evaluate n candidates on the space's worker threads; cov holds n
 * coverage bitmaps. With a time limit, the search has half of it from t0:
 * an evaluation running at its end stops there, and those after it are not
 * run (both rank last), so that a kernel that spins within its step budget
 * cannot carry the search past its time. */
static int run_batch(const simE_space *s, simE_cand *c, unsigned n, uint64_t *cov, double t0) {
  batch b;
  b.s = s;
  b.c = c;
  b.cov = cov;
  b.deadline = s->o.time_limit > 0 ? t0 + s->o.time_limit / 2 : 0;
  atomic_init(&b.oom, 0);
  simE_parallel(s->o.jobs, n, batch_item, &b);
  return atomic_load(&b.oom) ? -1 : 0;
}

/* Candidates of a batch that ran (not those the time limit left out). */
static unsigned ran(const simE_cand *c, unsigned n) {
  unsigned r = 0;
  for (unsigned i = 0; i < n; i++) r += !c[i].f.not_run;
  return r;
}

/* Candidates of a batch a device assert or trap stopped. */
static unsigned trapped(const simE_cand *c, unsigned n) {
  unsigned r = 0;
  for (unsigned i = 0; i < n; i++) r += c[i].f.trapped != 0;
  return r;
}

/* Did a batch end past the search's time (an evaluation stopped there, or
 * was not run)? */
static int batch_cut(const simE_space *s, double t0) {
  return s->o.time_limit > 0 && simU_now_s() >= t0 + s->o.time_limit / 2;
}

/* Mark the candidates of a batch that executed a site first, in index
 * order (so the result does not depend on the threads), add their sites
 * to out->seen and keep a copy of the first SIME_DETECT_NOVEL / 2 and of
 * the most recent others (SIME_DETECT_NOVEL in all). Returns the
 * number of novel candidates, or -1 (out of memory). */
static int take_novel(const simE_space *s, simE_cand *c, unsigned n, const uint64_t *cov,
                      simE_search_out *out, int *reach) {
  unsigned cw = simE_cov_words(s), ns = s->nslots ? s->nslots : 1, rb = simE_cov_bits(s);
  int found = 0;
  *reach = 0;
  for (unsigned i = 0; i < n; i++) {
    const uint64_t *cv = cov + (size_t)i * cw;
    int nov = 0;
    for (unsigned w = 0; w < cw; w++) {
      uint64_t d = cv[w] & ~out->seen[w];
      if (!d) continue;
      nov = 1;
      /* a site or outcome never run before (not only a lane count) */
      if (w * 64 < rb && (rb - w * 64 >= 64 || (d & ((1ull << (rb - w * 64)) - 1)))) *reach = 1;
    }
    c[i].novel = nov;
    if (!nov) continue;
    found++;
    for (unsigned w = 0; w < cw; w++) out->seen[w] |= cv[w];
    if (c[i].f.penalty) continue;
    /* the first half in the order found; the second half a ring of the
     * most recent (an input that got deeper into the kernel's guards
     * generations later is detected on too) */
    unsigned h = SIME_DETECT_NOVEL / 2, at = out->nnovel;
    if (at >= SIME_DETECT_NOVEL) at = h + out->nring % (SIME_DETECT_NOVEL - h);
    if (out->nnovel >= h) out->nring++;
    simE_cand *k = &out->novel[at];
    *k = c[i];
    k->g.vals = out->novel_vals + (size_t)at * ns;
    memcpy(k->g.vals, c[i].g.vals, (size_t)s->nslots * sizeof *k->g.vals);
    if (out->nnovel < SIME_DETECT_NOVEL) out->nnovel++;
  }
  return found;
}

/* Put the candidates of a batch that ran something first (take_novel
 * marked them) and finished into the archive ring, in index order. */
static void archive(const simE_space *s, const simE_cand *c, unsigned n, simE_genome *arch,
                    unsigned *narch, unsigned *next) {
  for (unsigned i = 0; i < n; i++) {
    if (!c[i].novel || c[i].f.penalty) continue;
    simE_genome *a = &arch[*next];
    simE_value *vals = a->vals;
    *a = c[i].g;
    a->vals = vals;
    memcpy(vals, c[i].g.vals, (size_t)s->nslots * sizeof *vals);
    *next = (*next + 1) % SIME_ARCHIVE;
    if (*narch < SIME_ARCHIVE) (*narch)++;
  }
}

/* Selection order: candidates that executed a site first (and finished)
 * come first, then by fitness. */
static int sel_cmp(const void *pa, const void *pb) {
  const simE_cand *a = pa, *b = pb;
  if (a->f.penalty != b->f.penalty) return a->f.penalty - b->f.penalty;
  if (a->novel != b->novel) return b->novel - a->novel;
  return cand_cmp(pa, pb);
}

/* Sites and branch outcomes run (not the lane-count bits). */
static unsigned covered(const simE_space *s, const uint64_t *seen) {
  unsigned n = 0;
  for (unsigned i = 0; i < simE_cov_bits(s); i++) n += (unsigned)(seen[i / 64] >> (i % 64) & 1);
  return n;
}

void simE_search_out_free(simE_search_out *out) {
  free(out->best);
  free(out->keep);
  free(out->seen);
  free(out->novel);
  free(out->novel_vals);
  memset(out, 0, sizeof *out);
}

int simE_search(const simE_space *s, double t0, simE_search_out *out) {
  const simE_options *o = &s->o;
  unsigned N = o->population, ns = s->nslots ? s->nslots : 1, cw = simE_cov_words(s);
  memset(out, 0, sizeof *out);
  /* children: two per solution, then SIME_LEAPS per archived candidate */
  unsigned NL = SIME_ARCHIVE * SIME_LEAPS, NC = 2 * N + NL;
  simE_cand *pop = calloc((size_t)N + NC, sizeof *pop);
  simE_value *pv = calloc((size_t)N * ns, sizeof *pv);
  simE_value *cv = calloc((size_t)NC * ns, sizeof *cv);
  simE_value *nv = calloc((size_t)N * ns, sizeof *nv);
  uint64_t *cov = calloc((size_t)NC * cw, sizeof *cov);
  /* the archive: the SIME_ARCHIVE most recent candidates that ran a site or
   * took a branch outcome first (a ring; narch of them filled) */
  simE_genome arch[SIME_ARCHIVE];
  simE_value *av = calloc((size_t)SIME_ARCHIVE * ns, sizeof *av);
  unsigned narch = 0, arch_next = 0;
  int leapable = 0;
  for (unsigned i = 0; i < s->nslots; i++)
    if (!s->fixed[i].fixed) leapable = 1;
  for (unsigned a = 0; a < SIME_ARCHIVE; a++) arch[a].vals = av ? av + (size_t)a * ns : NULL;
  out->seen = calloc(cw, sizeof *out->seen);
  out->novel = calloc(SIME_DETECT_NOVEL, sizeof *out->novel);
  out->novel_vals = calloc((size_t)SIME_DETECT_NOVEL * ns, sizeof *out->novel_vals);
  int rc = -1;
  if (!pop || !pv || !cv || !nv || !cov || !av || !out->seen || !out->novel ||
      !out->novel_vals)
    goto done;
  uint64_t nextid = 0;
  for (unsigned i = 0; i < N; i++) {
    pop[i].g.vals = pv + (size_t)i * ns;
    if (i < o->nseeds) /* the program's own launches */
      simE_genome_seed(s, &o->seeds[i], &pop[i].g);
    else if (o->nseeds) /* and mutations around them */
      simE_genome_mutate(s, &pop[i % o->nseeds].g, cand_seed(o->seed, 0, i), (int)(i & 1),
                         &pop[i].g);
    else
      simE_genome_random(s, cand_seed(o->seed, 0, i), &pop[i].g);
    pop[i].id = nextid++;
  }
  if (run_batch(s, pop, N, cov, t0) < 0) goto done;
  out->evaluations += ran(pop, N);
  out->trapped += trapped(pop, N);
  if (batch_cut(s, t0)) out->cut = 1;
  int reach;
  if (take_novel(s, pop, N, cov, out, &reach) < 0) goto done;
  archive(s, pop, N, arch, &narch, &arch_next);
  qsort(pop, N, sizeof *pop, cand_cmp);
  double bp = pop[0].f.primary;
  unsigned stale = 0, gen = 0, last_new = 0;
  if (o->progress) {
    simE_progress pr = {0, o->generations, bp, out->evaluations, simU_now_s() - t0};
    o->progress(o->progress_ctx, &pr);
  }
  uint64_t work = 0;
  for (unsigned i = 0; i < N; i++) work += pop[i].f.insns;
  /* an acceptable fitness stops the search only once every access site
   * ran, or no new one has for SIME_COV_PATIENCE generations */
  while (gen < o->generations && stale < SIME_PATIENCE && work < SIME_SEARCH_BUDGET &&
         !(bp <= SIME_ACCEPT &&
           (covered(s, out->seen) == simE_cov_bits(s) || gen - last_new >= SIME_COV_PATIENCE))) {
    if (o->time_limit > 0 && simU_now_s() - t0 > o->time_limit / 2) {
      out->cut = 1;
      break;
    }
    gen++;
    simE_cand *ch = pop + N;
    for (unsigned i = 0; i < 2 * N; i++) {
      ch[i].g.vals = cv + (size_t)i * ns;
      simE_genome_mutate(s, &pop[i / 2].g, cand_seed(o->seed, gen, i), (int)(i & 1), &ch[i].g);
      ch[i].id = nextid++;
    }
    /* leaps from the archive (its oldest first), when there is a number
     * to leap */
    unsigned nc = 2 * N;
    for (unsigned a = 0; a < (leapable ? narch : 0); a++)
      for (unsigned j = 0; j < SIME_LEAPS; j++, nc++) {
        ch[nc].g.vals = cv + (size_t)nc * ns;
        simE_genome_leap(s, &arch[(arch_next + SIME_ARCHIVE - narch + a) % SIME_ARCHIVE],
                         cand_seed(o->seed, gen, nc), &ch[nc].g);
        ch[nc].id = nextid++;
      }
    if (run_batch(s, ch, nc, cov, t0) < 0) goto done;
    out->evaluations += ran(ch, nc);
    out->trapped += trapped(ch, nc);
    if (batch_cut(s, t0)) out->cut = 1;
    for (unsigned i = 0; i < nc; i++) work += ch[i].f.insns;
    for (unsigned i = 0; i < N; i++) pop[i].novel = 0;
    int nov = take_novel(s, ch, nc, cov, out, &reach);
    if (nov < 0) goto done;
    if (reach) last_new = gen;
    archive(s, ch, nc, arch, &narch, &arch_next);
    qsort(pop, N + nc, sizeof *pop, nov ? sel_cmp : cand_cmp);
    if (nov) qsort(pop, N, sizeof *pop, cand_cmp); /* the survivors by fitness */
    /* the survivors' values move to a fresh pool */
    for (unsigned i = 0; i < N; i++) {
      memcpy(nv + (size_t)i * ns, pop[i].g.vals, (size_t)ns * sizeof *nv);
      pop[i].g.vals = nv + (size_t)i * ns;
    }
    simE_value *t = pv;
    pv = nv;
    nv = t;
    double p0 = pop[0].f.primary;
    stale = p0 < bp * (1 - SIME_IMPROVE) || nov ? 0 : stale + 1;
    if (p0 < bp) bp = p0;
    if (o->progress) {
      simE_progress pr = {gen, o->generations, bp, out->evaluations, simU_now_s() - t0};
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
  free(cov);
  free(av);
  if (rc < 0) simE_search_out_free(out);
  return rc;
}
