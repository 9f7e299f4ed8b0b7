/*
 * simulee evolve: detection runs on the inputs found and the merge of
 * their evidence (simE_check).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evolve/evolve_int.h"
#include "interp/ir.h" /* the opcode of an access site (syncobs) */

/* ----------------------------------------------------------- detection */

typedef struct dexec {
  simE_genome g;        /* genome */
  simE_fitness fit;     /* search fitness */
  uint64_t *counts;     /* per slot: elements of automatic buffers */
  uint64_t *bytes;      /* per slot: final bytes */
  simI_result res;      /* result of the detection run */
  simD_ctx *d;          /* its detector context */
  simD_list found;      /* its own findings */
  void **data;          /* keep: per slot the final contents */
  uint64_t *cov;        /* sites it executed (simE_cov_words words) */
  int skip;             /* left out of the merged evidence */
  int unread;           /* a dimension the kernel does not read is > 1:
                           only its read-write races count */
  int oom;              /* out of memory */
  uint64_t below;       /* faults below a buffer's start (a[-1]: a bug
                           whatever the buffer sizes) */
  int csr;              /* 1: a graph-sized variant (csr_variant), 2: a
                           bound-sized one (bound_variant): its
                           buffers have sizes, out-of-bounds findings on;
                           only reads one past its edge list count (and
                           only when every fault is one) */
  uint64_t edges;       /* csr: the edge list's length */
  uint64_t past;        /* csr: faults one past the end of an edge-sized
                           buffer */
  int trapped;          /* ended at the kernel's own assert or __trap on a
                           launch the search invented (left out) */
  int orders;           /* may run its launch in other orders (sched_orders) */
} dexec;

typedef struct dbatch {
  const simE_space *s;
  dexec *x;
  double deadline;      /* absolute, 0 = none */
  unsigned lj;          /* threads for the blocks of one launch (simI_run_jobs) */
} dbatch;

/* Build execution x's launch into b with the time left before the deadline
 * (0: none). Returns 0, or -1 with x->oom set. */
static int build_until(const simE_space *s, dexec *x, double deadline, simE_built *b) {
  if (simE_build(s, &x->g, x->counts, 0, b) < 0) {
    x->oom = 1;
    return -1;
  }
  if (deadline > 0) {
    double left = deadline - simU_now_s();
    b->l.time_limit = left > 0.001 ? left : 0.001;
  }
  return 0;
}

/* Counts the faults of a run that are below a launch buffer's start. */
typedef struct belowobs {
  const simI_launch *l;
  uint64_t n;
  uint64_t edges;  /* a graph-sized variant: its edge list's length */
  uint64_t past;   /* faults one past the end of an edge-sized buffer */
  uint64_t tpb;    /* a bound-sized variant: threads per block, and */
  uint64_t total;  /* threads in all: a fault counts as past only when its
                      thread's linear id is the bound modulo the total (the
                      thread whose own index reached n) */
} belowobs;

static void below_fault(void *ctx, const simI_fault *f) {
  belowobs *b = ctx;
  char buf[8];
  int below = 0;
  if (!f->dim_bound) simD_describe_oob(b->l, f->addr, buf, sizeof buf, &below);
  b->n += (uint64_t)below;
  unsigned a = SIMI_PTR_ALLOC(f->addr);
  if (b->edges && !f->dim_bound && SIMI_PTR_SPACE(f->addr) == SIMI_SPACE_GLOBAL &&
      a < b->l->nbuffers) {
    const simI_buffer *bf = &b->l->buffers[a];
    unsigned es = simI_elem_size(bf->elem);
    if (es && bf->size == b->edges * es && SIMI_PTR_OFFSET(f->addr) == bf->size &&
        (!b->total || ((uint64_t)f->block * b->tpb + f->thread) % b->total == b->edges % b->total))
      b->past++;
  }
}

/* The launch's blocks on `n` threads (simI_run_jobs): one detector context
 * per part (opened on the main thread, or on a worker's for a part it took
 * from another: pj_open touches part w's slots only), merged into x->d in
 * the order of the parts' blocks when the parallel run is kept. */
typedef struct pjobs {
  const simE_space *s;
  dexec *x;
  const simI_launch *l;
  simD_ctx *parts[SIMI_JOBS_MAX];   /* per part: its detector context (x->d set) */
  struct {
    _Alignas(64) simE_covobs c;     /* and its coverage (x->cov set): a cache
                                       line of its own (written at each
                                       access by the part's thread) */
  } cv[SIMI_JOBS_MAX];
  signed char ended[SIMI_JOBS_MAX]; /* pj_finish: 1 its execution ended clean,
                                       -1 not, 0 not ended there */
  simE_built orig;       /* pj_restore: the launch built again */
  int built;
} pjobs;

static int pj_open(void *ctx, unsigned w, simI_observer *obs, unsigned max) {
  pjobs *j = ctx;
  unsigned n = 0;
  if (max < 2) return -1;
  if (j->x->d) {
    if (!(j->parts[w] = simD_new_part(j->x->d))) return -1;
    obs[n++] = simD_observer(j->parts[w]);
  }
  if (j->x->cov) {
    /* whole cache lines (the other parts' threads write theirs) */
    size_t bytes = (simE_cov_words(j->s) * sizeof *j->x->cov + 63) / 64 * 64;
    simE_covobs c = {j->s, aligned_alloc(64, bytes ? bytes : 64), UINT32_MAX, UINT64_MAX, -1,
                     NULL};
    if (!c.cov) return -1;
    memset(c.cov, 0, bytes);
    j->cv[w].c = c;
    obs[n++] = simE_cov_observer(&j->cv[w].c);
  }
  return (int)n;
}

static int pj_clean(void *ctx, unsigned w, const simI_result *res) {
  pjobs *j = ctx;
  if (!j->parts[w]) return 1;
  if (j->ended[w]) return j->ended[w] > 0;
  return simD_end_execution(j->parts[w], j->l, res) == 0 && simD_part_clean(j->parts[w]);
}

/* On worker w's thread: the end of its part's execution (pj_clean's work,
 * done in parallel), when the part ran to its end. */
static void pj_finish(void *ctx, unsigned w, const simI_result *res) {
  pjobs *j = ctx;
  if (!j->parts[w] || res->status != SIMI_OK || res->faults) return;
  j->ended[w] = simD_end_execution(j->parts[w], j->l, res) == 0 && simD_part_clean(j->parts[w])
                    ? 1 : -1;
}

/* The parallel run was given up: launch buffer b gets its bytes from the
 * launch built again from the genome (the build is deterministic), so no
 * copy of the buffers is taken before the run. */
static int pj_restore(void *ctx, unsigned b) {
  pjobs *j = ctx;
  if (!j->built) {
    if (simE_build(j->s, &j->x->g, j->x->counts, 0, &j->orig) < 0) return -1;
    j->built = 1;
  }
  if (b >= j->orig.l.nbuffers || b >= j->l->nbuffers) return -1;
  const simI_buffer *from = &j->orig.l.buffers[b], *to = &j->l->buffers[b];
  if (from->size != to->size) return -1;
  memcpy(to->data, from->data, to->size);
  return 0;
}

static int pj_commit(void *ctx, const unsigned *order, unsigned n) {
  pjobs *j = ctx;
  simD_ctx *parts[SIMI_JOBS_MAX];
  for (unsigned i = 0; i < n; i++) parts[i] = j->parts[order[i]];
  if (j->x->d && simD_merge_launch(j->x->d, parts, n)) return -1;
  if (j->x->cov)
    for (unsigned w = 0; w < n; w++)
      for (size_t i = 0; i < simE_cov_words(j->s); i++) j->x->cov[i] |= j->cv[w].c.cov[i];
  return 0;
}

static int pj_doomed(void *ctx, unsigned w) {
  pjobs *j = ctx;
  return j->parts[w] && !simD_part_clean(j->parts[w]);
}

static void pj_close(void *ctx, unsigned w) {
  pjobs *j = ctx;
  simD_free(j->parts[w]);
  j->parts[w] = NULL;
  j->ended[w] = 0;
  free(j->cv[w].c.cov);
  j->cv[w].c.cov = NULL;
}

/* Whether a run synchronised through atomics: a spin (a warp read the
 * same atomic site twice in a row: a lock's retry, a flag's poll), or a
 * compare-and-swap and a fence (a lock taken without waiting). A flag read
 * once that was already raised is neither: the data behind it is read
 * without waiting for anyone, whatever the order. */
typedef struct syncobs {
  const simI_program *p;
  uint64_t fences, reads;
  unsigned lblock, lwarp;  /* the last atomic read's warp and site */
  uint32_t lsite;
  int spin, cas;
} syncobs;

static void sync_access(void *ctx, const simI_access *a) {
  syncobs *o = ctx;
  if (!(a->kind & SIMI_ACC_ATOMIC) || !(a->kind & SIMI_ACC_READ)) return;
  if (a->site < o->p->ncode && o->p->code[a->site].op == OP_CMPXCHG) o->cas = 1;
  if (o->reads && o->lblock == a->block && o->lwarp == a->warp && o->lsite == a->site) o->spin = 1;
  o->reads++;
  o->lblock = a->block;
  o->lwarp = a->warp;
  o->lsite = a->site;
}

static void sync_fence(void *ctx, unsigned block, unsigned warp, uint64_t mask, unsigned scope,
                       uint32_t site) {
  (void)block, (void)warp, (void)mask, (void)scope, (void)site;
  ((syncobs *)ctx)->fences++;
}

/* The other orders of a launch of nb blocks (clusters) of nw warps each,
 * into v (SIME_SCHED_RUNS at most; returns their number): the blocks
 * reversed and each of the first blocks first (rotations spread over the
 * blocks when there are more than fit), the warps reversed and up to two
 * warp rotations (all that fit without several blocks). */
static unsigned sched_list(uint64_t nb, uint64_t nw, simI_schedule *v) {
  unsigned n = 0;
  uint64_t brot = nb > 1 ? nb - 1 : 0, wrot = nw > 1 ? nw - 1 : 0;
  uint64_t wk = wrot ? (nb > 1 ? (wrot < 2 ? wrot : 2) : wrot) : 0;
  if (wk > SIME_SCHED_RUNS - 1) wk = SIME_SCHED_RUNS - 1;
  uint64_t used = wrot ? 1 + wk : 0;
  uint64_t bk = used + 1 < SIME_SCHED_RUNS ? SIME_SCHED_RUNS - 1 - used : 0;
  if (bk > brot) bk = brot;
  memset(v, 0, SIME_SCHED_RUNS * sizeof *v);
  if (brot) {
    v[n++].blocks_reversed = 1;
    for (uint64_t j = 0; j < bk; j++) v[n++].first_block = (unsigned)(1 + j * brot / bk);
  }
  if (wrot) {
    v[n++].warp_order = SIMI_SCHED_REVERSED;
    for (uint64_t j = 0; j < wk; j++) v[n++].first_warp = (unsigned)(1 + j * wrot / wk);
  }
  return n;
}

/* One run of x's launch in order `o` for x's detector and coverage.
 * Returns the run's status; res gets its result. */
static simI_status sched_run(const simE_space *s, dexec *x, double deadline,
                             const simI_schedule *o, simI_result *res) {
  simE_built b;
  memset(res, 0, sizeof *res);
  res->site = UINT32_MAX;
  if (build_until(s, x, deadline, &b) < 0) {
    res->status = SIMI_E_NOMEM;
    return res->status;
  }
  b.l.sched = *o;
  simI_observer ob[2];
  unsigned nob = 0;
  simE_covobs cv = {s, x->cov, UINT32_MAX, UINT64_MAX, -1, NULL};
  if (x->d) ob[nob++] = simD_observer(x->d);
  if (x->cov) ob[nob++] = simE_cov_observer(&cv);
  simI_run(s->p, s->k, &b.l, ob, nob, res);
  res->message[sizeof res->message - 1] = 0;
  if (x->d && simD_end_execution(x->d, &b.l, res) < 0) x->oom = 1;
  simE_built_free(s, &b);
  return res->status;
}

/* x's launch in the other orders of its blocks and warps (sched_list),
 * after its run in the default order ended with x->res: their evidence
 * joins x's (the detector accumulates executions). A default run that did
 * not finish (a spin past its step budget, SIMI_E_TIMEOUT) takes the
 * result of the first order that finishes; the time limit ends the tries. */
static void sched_orders(const simE_space *s, dexec *x, double deadline) {
  uint64_t nb = dim_total(x->g.grid), tpb = dim_total(x->g.block);
  unsigned ws = s->o.warp_size ? s->o.warp_size : 32;
  uint64_t nw = (tpb + ws - 1) / ws;
  int unfinished = x->res.status == SIMI_E_TIMEOUT;
  if (unfinished && strstr(x->res.message, "time limit")) return;
  simI_schedule v[SIME_SCHED_RUNS];
  unsigned n = sched_list(nb, nw, v);
  for (unsigned i = 0; i < n && !x->oom; i++) {
    if (deadline > 0 && simU_now_s() >= deadline) break;
    simI_result res;
    simI_status st = sched_run(s, x, deadline, &v[i], &res);
    if (unfinished && st == SIMI_OK) {
      x->res = res;
      unfinished = 0;
    }
    if (st == SIMI_E_TIMEOUT && strstr(res.message, "time limit")) break;
  }
}

static void run_one(const simE_space *s, dexec *x, double deadline, unsigned lj) {
  simE_built b;
  unsigned ns = s->nslots;
  /* size the automatic buffers: run until the sizes are stable, so that the
   * detection run (and its replay) has buffers filled from the start */
  for (unsigned it = 0; s->auto_bufs && it < 3; it++) {
    if (build_until(s, x, deadline, &b) < 0) return;
    simI_result r;
    memset(&r, 0, sizeof r);
    simI_status st = simI_run(s->p, s->k, &b.l, NULL, 0, &r);
    int grew = 0;
    for (unsigned i = 0; i < ns; i++) {
      int bi = s->slot_buf[i];
      if (bi < 0 || x->g.vals[i].fixed || s->bufsize[i].arg >= -1 ||
          s->slots[i].kind != SIMI_PARAM_PTR)
        continue;
      unsigned es = simI_elem_size(b.bufs[bi].elem);
      uint64_t n = es ? b.bufs[bi].size / es : 0;
      uint64_t before = x->counts[i] ? x->counts[i] : dim_total(x->g.grid) * dim_total(x->g.block);
      if (n > before) grew = 1;
      x->counts[i] = n > before ? n : before;
    }
    simE_built_free(s, &b);
    if (st != SIMI_OK || !grew) break;
  }
  if (build_until(s, x, deadline, &b) < 0) return;
  simI_observer ob[4];
  unsigned nob = 0;
  simE_covobs cv = {s, x->cov, UINT32_MAX, UINT64_MAX, -1, NULL};
  syncobs so;
  memset(&so, 0, sizeof so);
  so.p = s->p;
  belowobs bo = {&b.l, 0, x->csr ? x->edges : 0, 0, 0, 0};
  if (x->csr == 2) {
    bo.tpb = dim_total(x->g.block);
    bo.total = dim_total(x->g.grid) * bo.tpb;
  }
  if (x->d) ob[nob++] = simD_observer(x->d);
  if (x->cov) ob[nob++] = simE_cov_observer(&cv);
  memset(&ob[nob], 0, sizeof ob[nob]);
  ob[nob].ctx = &bo;
  ob[nob++].fault = below_fault;
  if (x->orders) {
    memset(&ob[nob], 0, sizeof ob[nob]);
    ob[nob].ctx = &so;
    ob[nob].access = sync_access;
    ob[nob++].fence = sync_fence;
  }
  memset(&x->res, 0, sizeof x->res);
  x->res.site = UINT32_MAX;
  pjobs pj;
  memset(&pj, 0, sizeof pj);
  pj.s = s;
  pj.x = x;
  pj.l = &b.l;
  simI_jobs jobs = {.n = lj < SIMI_JOBS_MAX ? lj : SIMI_JOBS_MAX, .ctx = &pj, .open = pj_open,
                    .clean = pj_clean, .commit = pj_commit, .close = pj_close,
                    .doomed = pj_doomed, .finish = pj_finish, .restore = pj_restore};
  simI_run_jobs(s->p, s->k, &b.l, ob, nob, &jobs, &x->res);
  if (pj.built) simE_built_free(s, &pj.orig);
  if (x->res.status == SIMI_E_NOMEM && !strncmp(x->res.message, "out of memory restoring", 23))
    x->oom = 1;
  x->res.message[sizeof x->res.message - 1] = 0;
  x->below = bo.n;
  x->past = bo.past;
  /* the launch's limit was the time left: name the user's */
  if (x->res.status == SIMI_E_TIMEOUT && deadline > 0 &&
      !strncmp(x->res.message, "kernel did not finish within the time limit", 43))
    snprintf(x->res.message, sizeof x->res.message,
             "kernel did not finish within the time limit of %g s (--time-limit)",
             s->o.time_limit);
  for (unsigned i = 0; i < ns; i++) {
    int bi = s->slot_buf[i];
    x->bytes[i] = bi >= 0 ? b.bufs[bi].size : 0;
    if (bi >= 0 && x->data) {
      x->data[i] = b.bufs[bi].data;
      b.bufs[bi].data = NULL;
    }
  }
  if (x->d && simD_end_execution(x->d, &b.l, &x->res) < 0) x->oom = 1;
  simE_built_free(s, &b);
  /* a lock or flag: the other orders in which its threads take it */
  if (x->orders && !x->oom && (so.spin || (so.cas && so.fences)) &&
      (x->res.status == SIMI_OK || x->res.status == SIMI_E_TIMEOUT))
    sched_orders(s, x, deadline);
  if (x->d && !x->oom && simD_collect(x->d, &x->found) < 0) x->oom = 1;
}

/* ------------------------------------------------------- confirmation */

/* The witness launch of one execution, rebuilt fresh for each schedule. */
typedef struct cmaker {
  const simE_space *s;
  dexec *x;
} cmaker;

static int cmake(void *ctx, simI_launch **l) {
  cmaker *c = ctx;
  simE_built *b = malloc(sizeof *b);
  if (!b) return -1;
  if (simE_build(c->s, &c->x->g, c->x->counts, 0, b) < 0) {
    free(b);
    return -1;
  }
  *l = &b->l; /* the first member: the launch is the built record */
  return 0;
}

static void crelease(void *ctx, simI_launch *l) {
  cmaker *c = ctx;
  simE_built *b = (simE_built *)l;
  simE_built_free(c->s, b);
  free(b);
}

/* One execution's confirmation: its race findings (pointers into the
 * merged list). */
typedef struct cjob {
  dexec *x;
  simD_finding **fs;
  unsigned n;
  int oom;
} cjob;

typedef struct cbatch {
  const simE_space *s;
  cjob *j;
} cbatch;

static void cbatch_item(void *ctx, unsigned i) {
  cbatch *cb = ctx;
  cjob *j = &cb->j[i];
  cmaker cm = {cb->s, j->x};
  simD_launch_maker m = {&cm, cmake, crelease};
  simD_confirm_options co;
  memset(&co, 0, sizeof co);
  co.seed = cb->s->o.seed;
  if (simD_confirm(cb->s->p, cb->s->k, &m, &co, j->fs, j->n) < 0) j->oom = 1;
}

/* Confirm every race of r->findings on its witness execution, the
 * executions on the worker threads. Returns 0 or -1 (out of memory). */
static int confirm_races(const simE_space *s, dexec *x, unsigned nx, simE_result *r) {
  cjob *j = calloc(nx ? nx : 1, sizeof *j);
  simD_finding **all = calloc(r->findings.n ? r->findings.n : 1, sizeof *all);
  int rc = j && all ? 0 : -1;
  unsigned nj = 0, used = 0;
  for (unsigned i = 0; rc == 0 && i < nx; i++) {
    unsigned n = 0;
    for (unsigned f = 0; f < r->findings.n; f++)
      if (r->finding_exec[f] == (int)i && r->findings.v[f].kind == SIMD_DATA_RACE)
        all[used + n++] = &r->findings.v[f];
    if (!n) continue;
    j[nj].x = &x[i];
    j[nj].fs = &all[used];
    j[nj].n = n;
    used += n;
    nj++;
  }
  if (rc == 0 && nj) {
    cbatch cb = {s, j};
    simE_parallel(s->o.jobs, nj, cbatch_item, &cb);
    for (unsigned i = 0; i < nj; i++)
      if (j[i].oom) rc = -1;
  }
  free(j);
  free(all);
  return rc;
}

static int same_key(const simD_finding *a, const simD_finding *b) {
  return a->kind == b->kind && a->site[0] == b->site[0] && a->site[1] == b->site[1] &&
         a->space == b->space && a->write_write == b->write_write;
}

/* Is a race e the same as m at the source level: the same kind, space and
 * relation, and its two sites on the same lines and columns as m's, either
 * way round (a statement the compiler duplicated has several sites; the
 * report folds them)? */
static int same_place(const simI_program *p, const simD_finding *e, const simD_finding *m) {
  if (e->kind != SIMD_DATA_RACE || m->kind != e->kind || e->space != m->space ||
      e->write_write != m->write_write)
    return 0;
  unsigned el[2] = {0, 0}, ec[2] = {0, 0}, ml[2] = {0, 0}, mc[2] = {0, 0};
  for (unsigned i = 0; i < 2; i++) {
    if (e->site[i] == UINT32_MAX || m->site[i] == UINT32_MAX) return 0;
    simI_site_loc(p, e->site[i], NULL, &el[i], &ec[i], NULL);
    simI_site_loc(p, m->site[i], NULL, &ml[i], &mc[i], NULL);
  }
  if (!el[0] || !el[1] || !ml[0] || !ml[1]) return 0;
  return (el[0] == ml[0] && ec[0] == mc[0] && el[1] == ml[1] && ec[1] == mc[1]) ||
         (el[0] == ml[1] && ec[0] == mc[1] && el[1] == ml[0] && ec[1] == mc[0]);
}

/* Execution i's own instance of finding f (same kind and sites), or NULL
 * (not shown there, or left out of the evidence). */
static const simD_finding *own_finding(const dexec *x, unsigned i, const simD_finding *f) {
  if (x[i].skip) return NULL;
  for (unsigned j = 0; j < x[i].found.n; j++)
    if (same_key(&x[i].found.v[j], f)) return &x[i].found.v[j];
  return NULL;
}

/* Make merged finding f describe the witness execution's own instance e
 * (threads, warp relation, address, message); the count stays the merge's,
 * and the message only where the grades agree (the merge's grade is over
 * every instance). */
static void take_witness(simD_finding *f, const simD_finding *e) {
  if (!e) return;
  memcpy(f->thread, e->thread, sizeof f->thread);
  f->nthreads = e->nthreads;
  f->relation = e->relation;
  f->addr = e->addr;
  f->space = e->space;
  f->arrived = e->arrived;
  f->missing = e->missing;
  memcpy(f->why, e->why, sizeof f->why);
  memcpy(f->evidence, e->evidence, sizeof f->evidence);
  if (!strcmp(f->grade, e->grade) && f->level == e->level)
    memcpy(f->message, e->message, sizeof f->message);
}

/* One witness try: race finding f confirmed on other executions. */
typedef struct rjob {
  simD_finding *f;      /* the merged finding */
  int cand[SIME_RECONFIRM]; /* other executions that showed it (-1: none) */
  simD_finding got;     /* the instance that showed a difference */
  int at;               /* its execution, or -1 */
  int oom;
} rjob;

typedef struct rbatch {
  const simE_space *s;
  dexec *x;
  rjob *j;
} rbatch;

static void rbatch_item(void *ctx, unsigned i) {
  rbatch *rb = ctx;
  rjob *j = &rb->j[i];
  for (unsigned c = 0; c < SIME_RECONFIRM && j->at < 0 && j->cand[c] >= 0; c++) {
    const simD_finding *e = own_finding(rb->x, (unsigned)j->cand[c], j->f);
    if (!e) continue;
    simD_finding copy = *e;
    simD_finding *fs = &copy;
    cmaker cm = {rb->s, &rb->x[j->cand[c]]};
    simD_launch_maker m = {&cm, cmake, crelease};
    simD_confirm_options co;
    memset(&co, 0, sizeof co);
    co.seed = rb->s->o.seed;
    if (simD_confirm(rb->s->p, rb->s->k, &m, &co, &fs, 1) < 0) {
      j->oom = 1;
      return;
    }
    if (copy.confirm.differs) {
      j->got = copy;
      j->at = j->cand[c];
    }
  }
}

/* Error-level races whose witness showed no difference: confirm them on up
 * to SIME_RECONFIRM other executions that showed them (at the same level), and take the
 * first that shows one as the witness. Returns 0 or -1 (out of memory). */
static int reconfirm_races(const simE_space *s, dexec *x, unsigned nx, simE_result *r) {
  rjob *j = calloc(r->findings.n ? r->findings.n : 1, sizeof *j);
  if (!j) return -1;
  unsigned nj = 0;
  for (unsigned f = 0; f < r->findings.n; f++) {
    simD_finding *fd = &r->findings.v[f];
    if (fd->kind != SIMD_DATA_RACE || fd->level != SIMD_LEVEL_ERROR || fd->confirm.differs ||
        r->finding_exec[f] < 0)
      continue;
    rjob *q = &j[nj];
    q->f = fd;
    q->at = -1;
    unsigned nc = 0;
    for (unsigned i = 0; i < nx && nc < SIME_RECONFIRM; i++) {
      const simD_finding *e = (int)i == r->finding_exec[f] ? NULL : own_finding(x, i, fd);
      if (e && e->level == fd->level) q->cand[nc++] = (int)i;
    }
    for (unsigned c = nc; c < SIME_RECONFIRM; c++) q->cand[c] = -1;
    if (nc) nj++;
  }
  rbatch rb = {s, x, j};
  if (nj) simE_parallel(s->o.jobs, nj, rbatch_item, &rb);
  int rc = 0;
  for (unsigned q = 0; q < nj; q++) {
    if (j[q].oom) rc = -1;
    if (j[q].at < 0) continue;
    unsigned f = (unsigned)(j[q].f - r->findings.v);
    r->finding_exec[f] = j[q].at;
    take_witness(j[q].f, &j[q].got);
    j[q].f->confirm = j[q].got.confirm;
  }
  free(j);
  return rc;
}

/* Run execution x again (its launch as built for the detection run) for
 * context d alone. Returns 0, or -1 with x->oom set. */
static int rerun(const simE_space *s, dexec *x, double deadline, simD_ctx *d) {
  simE_built b;
  if (build_until(s, x, deadline, &b) < 0) return -1;
  simI_observer ob = simD_observer(d);
  simI_result res;
  memset(&res, 0, sizeof res);
  simI_run(s->p, s->k, &b.l, &ob, 1, &res);
  int rc = simD_end_execution(d, &b.l, &res);
  simE_built_free(s, &b);
  if (rc < 0) x->oom = 1;
  return rc;
}

static void dbatch_item(void *ctx, unsigned i) {
  dbatch *b = ctx;
  if (i > 0 && b->deadline > 0 && simU_now_s() >= b->deadline) {
    /* the time limit is spent: not run (it would stop at once), no evidence */
    dexec *x = &b->x[i];
    memset(&x->res, 0, sizeof x->res);
    x->res.status = SIMI_E_TIMEOUT;
    x->res.site = UINT32_MAX;
    snprintf(x->res.message, sizeof x->res.message, "not run: the time limit was spent");
    return;
  }
  run_one(b->s, &b->x[i], b->deadline, b->lj);
}

void simE_options_default(simE_options *o) {
  memset(o, 0, sizeof *o);
  o->population = SIME_DEFAULT_POPULATION;
  o->generations = SIME_DEFAULT_GENERATIONS;
  o->seed = SIME_DEFAULT_SEED;
  o->jobs = 1;
  o->its = 1; /* independent thread scheduling, as the CLI's default */
  simD_options_default(&o->detect);
  o->detect.out_of_bounds = 0;
}

const simE_space *simE_result_space(const simE_result *r) { return r->space; }

void simE_result_free(simE_result *r) {
  if (r->execs) {
    for (unsigned i = 0; i < r->nexec; i++) {
      free(r->execs[i].g.vals);
      free(r->execs[i].bytes);
      if (r->execs[i].data && r->space)
        for (unsigned j = 0; j < r->space->nslots; j++) simI_mem_free(r->execs[i].data[j]);
      free(r->execs[i].data);
    }
  }
  free(r->execs);
  free(r->finding_exec);
  free(r->finding_execs);
  free(r->cov_unreached);
  free(r->br_unreached);
  simD_list_free(&r->findings);
  simD_free(r->detect);
  simD_free(r->aux_detect);
  for (unsigned i = 0; i < SIME_CSR_TRIES; i++) free(r->csr_data[i]);
  simE_space_free(r->space);
  memset(r, 0, sizeof *r);
}


/* A structural variant's block: x threads wide, y and z halved until the
 * block fits CUDA's 1024 threads. */
static void variant_block_x(simI_dim3 *b, unsigned x) {
  b->x = x;
  while (dim_total(*b) > 1024 && b->y > 1) b->y /= 2;
  while (dim_total(*b) > 1024 && b->z > 1) b->z /= 2;
}

/* A structural variant's dynamic shared bytes follow its block (as in
 * simE_fix_dims) unless the user fixed them. */
static void variant_shared(const simE_space *s, simE_genome *g) {
  if (!s->o.fix_shared && s->ki->uses_dynamic_shared)
    g->shared = (uint64_t)SIME_SHARED_PER_THREAD * dim_total(g->block);
}

/* Add a genome copy to the detection list unless an equal one is there. */
/* Does genome g pass only program values to the integer slots that have
 * them (simE_options.choices)? */
static int at_program_values(const simE_space *s, const simE_genome *g) {
  for (unsigned j = 0; j < s->nslots; j++)
    if (s->choices[j].n && !g->vals[j].fixed && !simE_is_choice(s, j, g->vals[j].v)) return 0;
  return 1;
}

/* Did the user or the program give genome g's launch: every dimension
 * fixed (--grid/--block, the host's constant launch) or one of the host's
 * block shapes and grid, and every integer scalar fixed or a value the
 * program passes (a float scalar is rarely what an assert checks)? A failing assert there is a finding; on any other launch it is a
 * precondition of the kernel the search's launch violates. */
/* Is genome g one of the program's recorded launches (simE_options.seeds):
 * its shape, scalars and buffer contents? */
static int is_seed(const simE_space *s, const simE_genome *g) {
  const simE_options *o = &s->o;
  for (unsigned i = 0; i < o->nseeds; i++) {
    const simE_genome *r = &o->seeds[i];
    int eq = !memcmp(&g->grid, &r->grid, sizeof g->grid) &&
             !memcmp(&g->block, &r->block, sizeof g->block);
    for (unsigned j = 0; j < s->nslots && eq; j++) {
      const simE_value *a = &g->vals[j], *b = &r->vals[j];
      if (a->fixed || s->fixed[j].fixed) continue;
      eq = s->slots[j].kind == SIMI_PARAM_PTR ? a->null == b->null && a->data == b->data
                                              : a->v == b->v;
    }
    if (eq) return 1;
  }
  return 0;
}

static int exec_given(const simE_space *s, const simE_genome *g) {
  const simE_options *o = &s->o;
  if (s->all_fixed || is_seed(s, g)) return 1;
  int block = o->fix_block && !o->tie_block;
  for (unsigned i = 0; i < o->nhost_blocks && !block; i++)
    block = g->block.x == o->host_blocks[i].x && g->block.y == o->host_blocks[i].y &&
            g->block.z == o->host_blocks[i].z;
  int grid = o->fix_grid && !o->tie_grid;
  if (!grid && o->have_host_grid)
    grid = g->grid.x == o->host_grid.x && g->grid.y == o->host_grid.y &&
           g->grid.z == o->host_grid.z;
  if (!block || !grid) return 0;
  for (unsigned j = 0; j < s->nslots; j++) {
    const simE_slot *sl = &s->slots[j];
    if (sl->tex || g->vals[j].fixed) continue;
    /* a floating-point slot counts only when the sites' constants are known */
    if (sl->kind != SIMI_PARAM_INT && !(sl->kind == SIMI_PARAM_FLOAT && s->choices[j].n))
      continue;
    if (!(s->choices[j].n && simE_is_choice(s, j, g->vals[j].v))) return 0;
  }
  return 1;
}

static int add_exec(const simE_space *s, dexec *x, unsigned *n, unsigned max,
                    const simE_genome *g0, const simE_fitness *f, int exact) {
  /* within the tile the kernel names (a structural variant's block too);
   * exact: a launch the program made, as it made it */
  simE_genome gb = *g0;
  const simE_genome *g = &gb;
  if (!exact) simE_tile_bound(s, &gb);
  if (gb.block.x != g0->block.x || gb.block.y != g0->block.y) variant_shared(s, &gb);
  for (unsigned i = 0; i < *n; i++)
    if (simE_genome_eq(s, &x[i].g, g)) return 0;
  if (*n >= max) return 0;
  unsigned ns = s->nslots ? s->nslots : 1;
  dexec *d = &x[*n];
  memset(d, 0, sizeof *d);
  d->g = *g;
  d->g.vals = malloc(ns * sizeof *d->g.vals);
  d->counts = calloc(ns, sizeof *d->counts);
  d->bytes = calloc(ns, sizeof *d->bytes);
  d->cov = calloc(simE_cov_words(s), sizeof *d->cov);
  if (!d->g.vals || !d->counts || !d->bytes || !d->cov) {
    free(d->g.vals);
    free(d->counts);
    free(d->bytes);
    free(d->cov);
    return -1;
  }
  memcpy(d->g.vals, g->vals, (size_t)s->nslots * sizeof *g->vals);
  /* a launch the program computes from an argument stays one it could make
   * (a structural variant's block sets the argument, the argument the
   * grid) */
  if (!exact) simE_apply_ties(s, &d->g, 1);
  if (f) d->fit = *f;
  (*n)++;
  return 0;
}

/* A kernel written for one block (simE_space.one_block): a finding that
 * only executions of several blocks showed is a note outside the launches
 * the kernel is written for, saying why. */
static void grade_one_block(const simE_space *s, const dexec *x, simE_result *r) {
  for (unsigned f = 0; f < r->findings.n; f++) {
    simD_finding *fd = &r->findings.v[f];
    uint32_t mask = r->finding_execs[f];
    if (!mask || fd->kind == SIMD_REDUNDANT_BARRIER || fd->level == SIMD_LEVEL_NOTE) continue;
    int outside = 1;
    for (unsigned i = 0; i < 32 && outside; i++)
      if ((mask >> i & 1) && (dim_total(x[i].g.grid) <= 1 || exec_given(s, &x[i].g)))
        outside = 0;
    if (!outside) continue;
    if (fd->grade[0] && *simD_grade_text(fd->grade)) { /* the new grade replaces it */
      char old[400];
      snprintf(old, sizeof old, "; %s", simD_finding_grade_text(fd));
      char *at = strstr(fd->message, old);
      if (at) *at = 0;
    }
    fd->level = SIMD_LEVEL_NOTE;
    snprintf(fd->grade, sizeof fd->grade, "%s", SIMD_GRADE_OUTSIDE);
    snprintf(fd->grade_why, sizeof fd->grade_why, "%s", SIMD_WHY_ONE_BLOCK);
    size_t n = strlen(fd->message);
    if (n < sizeof fd->message)
      snprintf(fd->message + n, sizeof fd->message - n, "; %s", simD_finding_grade_text(fd));
  }
}

/* r->incomplete_msg: why the verdict is incomplete and what was checked. */
static void incomplete_text(const simE_space *s, simE_result *r, unsigned nx) {
  char *m = r->incomplete_msg;
  size_t len = sizeof r->incomplete_msg, n = 0;
  r->incomplete = 1;
#define PUT(...)                                                                         \
  do {                                                                                   \
    int w_ = snprintf(m + n, len - n, __VA_ARGS__);                                      \
    if (w_ > 0) n = n + (size_t)w_ < len ? n + (size_t)w_ : len - 1;                     \
  } while (0)
  unsigned notrun = 0, timed = 0, steps = 0;
  for (unsigned i = 1; i < nx; i++) {
    if (r->execs[i].res.status != SIMI_E_TIMEOUT) continue;
    if (!strncmp(r->execs[i].res.message, "not run", 7)) notrun++;
    else if (strstr(r->execs[i].res.message, "time limit")) timed++;
    else steps++;
  }
  if (r->search_cut || notrun || timed)
    PUT("the time limit of %g s (--time-limit) ran out", s->o.time_limit);
  else
    PUT("the step budget ran out");
  if (r->search_cut)
    PUT(": the search stopped after %llu candidates (generation %u of %u)",
        (unsigned long long)r->evaluations, r->generations, s->o.generations);
  if (r->unfinished) {
    PUT("%s%u of %u detection runs did not finish (", r->search_cut ? ", " : ": ",
        r->unfinished, nx);
    const char *sep = "";
    if (notrun) {
      PUT("%u not run", notrun);
      sep = ", ";
    }
    if (timed) {
      PUT("%s%u stopped at the time limit", sep, timed);
      sep = ", ";
    }
    if (steps) PUT("%s%u past the step budget of --max-steps", sep, steps);
    PUT(")");
  }
  PUT("; checked: %llu candidates, %u of %u detection runs, %u of %u access sites",
      (unsigned long long)r->evaluations, nx - r->unfinished, nx, r->cov_reached, r->cov_total);
  if (r->br_total) PUT(", %u of %u branch outcomes", r->br_reached, r->br_total);
#undef PUT
}

/* The graph-sized variant of genome g (SIME_CSR_VERTICES vertices): one
 * block of that many threads (unless the dims are fixed: then as many
 * vertices as threads), every searched integer scalar the vertex count n,
 * integer buffer slot `off` the CSR row offsets of n vertices (degree 2,
 * the last vertex none: a trailing isolated vertex) and every other
 * automatic buffer as long as the edge list (2(n - 1) elements, at least
 * n), none growing. A kernel guarded by the vertex count that reads past
 * a vertex's edges (nlist[beg] without beg < end) then reads one past the
 * edge list. data: n + 1 elements of the slot's type (the caller's).
 * Returns 0, or -1 when it does not apply. */
/* The largest power of two at most v (v > 0). */
static unsigned pow2_below(unsigned v) {
  unsigned q = 1;
  while (q * 2 <= v) q *= 2;
  return q;
}

/* Is genome g's block one the kernel is written for: given (--block, the
 * host's launch), a block of the program's launch sites, the tile its index
 * arithmetic names (rounded down to a power of two, as the search draws
 * it), or any block when it names none? */
static int shape_block(const simE_space *s, const simE_genome *g) {
  const simE_options *o = &s->o;
  if (s->all_fixed || o->fix_block) return 1;
  for (unsigned i = 0; i < o->nhost_blocks; i++)
    if (g->block.x == o->host_blocks[i].x && g->block.y == o->host_blocks[i].y &&
        g->block.z == o->host_blocks[i].z)
      return 1;
  unsigned tx = s->ki->tile_x, ty = s->ki->tile_y;
  if (!tx && !ty) return !o->nhost_blocks;
  return (!tx || g->block.x == tx || g->block.x == pow2_below(tx)) &&
         (!ty || g->block.y == ty || g->block.y == pow2_below(ty));
}

/* Did some conditional branch run one way only (by every evaluation of
 * the search and every detection run): an input might have taken the
 * other? */
static int one_sided_branch(const simE_space *s, const simE_search_out *so, const dexec *x,
                            unsigned nx) {
  for (unsigned j = 0; j < s->nbranches; j++) {
    unsigned ran = 0, all = 0;
    for (unsigned q = 0; q < s->nbranches; q++) {
      if (s->branches[q] >> 32 != s->branches[j] >> 32) continue;
      unsigned b = s->nsites + q;
      int hit = so->seen && (so->seen[b / 64] >> (b % 64) & 1);
      for (unsigned i = 0; i < nx && !hit; i++)
        hit = x[i].cov && (x[i].cov[b / 64] >> (b % 64) & 1);
      all++;
      ran += hit != 0;
    }
    if (ran && ran < all) return 1;
  }
  return 0;
}

/* An automatic integer buffer of value v that does not grow: its values
 * drawn in [0, count) (values used as indices of a buffer of its length
 * stay inside it: a neighbour list never names vertex `count`). */
static void index_range(simE_value *v) {
  if (elem_is_float(v->elem) || !v->count) return;
  double top = (double)(v->count - 1);
  if (v->lo > top) v->lo = top;
  if (v->hi > top) v->hi = top;
}

/* The bound-sized variant of genome g: every searched integer scalar the
 * thread count - 7 (n: the last block partly idle) and every automatic
 * buffer exactly n elements, none growing. A loop over its own index that
 * runs to i <= n (`for (i = t; i <= n; i += stride) a[i] = 0`) then
 * touches a[n], one past the end, by the thread whose index reached n
 * (belowobs.total); a stencil's a[i + 1] under i < n (an (n + 1)-element
 * buffer) does so by thread n - 1, which does not count. Returns 0, or -1
 * when it does not apply (no searched integer scalar, no automatic
 * buffer). */
static int bound_variant(const simE_space *s, simE_genome *v, uint64_t *bound) {
  uint64_t tt = dim_total(v->grid) * dim_total(v->block);
  if (tt < 16 || tt > 4096) return -1;
  uint64_t n = tt - 7;
  unsigned nint = 0, nbuf = 0;
  for (unsigned j = 0; j < s->nslots; j++) {
    simE_value *x = &v->vals[j];
    const simE_slot *sl = &s->slots[j];
    if (x->fixed) continue;
    if (sl->kind == SIMI_PARAM_INT && !sl->tex && sl->bits > 8 && !s->enums[j]) {
      x->v = (double)n;
      nint++;
    }
    if (sl->kind != SIMI_PARAM_PTR || s->slot_buf[j] < 0 || s->bufsize[j].arg >= -1) continue;
    x->fixed = 1;
    x->elem = sl->elem;
    x->count = n;
    index_range(x);
    nbuf++;
  }
  *bound = n;
  return nint && nbuf ? 0 : -1;
}

static int csr_variant(const simE_space *s, simE_genome *v, unsigned off, void *data,
                       uint64_t *nedges) {
  const simE_options *o = &s->o;
  uint64_t n = SIME_CSR_VERTICES;
  if (!o->fix_block) v->block = (simI_dim3){SIME_CSR_VERTICES, 1, 1};
  if (!o->fix_grid) v->grid = (simI_dim3){1, 1, 1};
  if (o->fix_block || o->fix_grid) n = dim_total(v->grid) * dim_total(v->block);
  if (n < 2 || n > 4096) return -1;
  variant_shared(s, v);
  unsigned es = simI_elem_size(s->slots[off].elem);
  if (es != 4 && es != 8) return -1;
  uint64_t edges = 2 * (n - 1);
  *nedges = edges > n ? edges : n;
  for (uint64_t i = 0, at = 0; i <= n; i++) {
    if (es == 4) ((int32_t *)data)[i] = (int32_t)at;
    else ((int64_t *)data)[i] = (int64_t)at;
    if (i + 1 < n) at += 2;
  }
  for (unsigned j = 0; j < s->nslots; j++) {
    simE_value *x = &v->vals[j];
    const simE_slot *sl = &s->slots[j];
    if (x->fixed) continue;
    if (sl->kind == SIMI_PARAM_INT && !sl->tex && sl->bits > 8 && !s->enums[j]) x->v = (double)n;
    if (sl->kind != SIMI_PARAM_PTR || s->slot_buf[j] < 0 || s->bufsize[j].arg >= -1) continue;
    x->fixed = 1;
    x->elem = sl->elem;
    x->count = edges > n ? edges : n;
    index_range(x);
    if (j == off) {
      x->fill = SIME_FILL_DATA;
      x->data = data;
      x->ndata = n + 1;
      x->count = n + 1;
    }
  }
  return 0;
}

int simE_check(const simI_program *p, unsigned k, const simE_options *o,
               simE_result *r, char *err, size_t errlen) {
  memset(r, 0, sizeof *r);
  double t0 = simU_now_s();
  r->space = simE_space_new(p, k, o, err, errlen);
  if (!r->space) return -1;
  const simE_space *s = r->space;
  unsigned ns = s->nslots ? s->nslots : 1;
  enum { MAXX = SIME_DETECT_BEST + 4 + SIME_HOST_SHAPES + SIME_HOST_VALUES + SIME_DETECT_NOVEL +
                SIME_CSR_TRIES + SIME_SEED_DETECT };
  void *csr_data[SIME_CSR_TRIES] = {NULL};
  _Static_assert(MAXX <= 32, "finding_execs holds one bit per execution");
  dexec x[MAXX];
  unsigned nx = 0;
  memset(x, 0, sizeof x);
  simE_search_out so;
  memset(&so, 0, sizeof so);
  int rc = -1;
  simE_value *tmpv = calloc(ns, sizeof *tmpv);
  if (!tmpv) goto oom;

  if (s->all_fixed) {
    simE_genome g = {o->grid, o->block, 0, tmpv, {0, 0, 0}};
    for (unsigned i = 0; i < s->nslots; i++) tmpv[i] = s->fixed[i];
    simE_fix_dims(s, &g); /* dims stay o's (both fixed): sets the shared bytes */
    if (add_exec(s, x, &nx, MAXX, &g, NULL, 0) < 0) goto oom;
  } else {
    if (simE_search(s, t0, &so) < 0) goto oom;
    r->search_seconds = simU_now_s() - t0;
    r->evaluations = so.evaluations;
    r->generations = so.generations;
    r->best = so.best[0].f.primary;
    for (unsigned i = 0; i < so.nbest && nx < SIME_DETECT_BEST; i++) {
      if (so.best[i].f.penalty && nx) break;
      if (add_exec(s, x, &nx, SIME_DETECT_BEST, &so.best[i].g, &so.best[i].f, 0) < 0) goto oom;
    }
    /* the launches the program made (simE_options.seeds), at their exact
     * shape and values (the user's fixed values kept) */
    for (unsigned i = 0; i < o->nseeds && i < SIME_SEED_DETECT; i++) {
      simE_genome sg = o->seeds[i];
      sg.vals = tmpv;
      for (unsigned j = 0; j < s->nslots; j++)
        tmpv[j] = s->fixed[j].fixed ? s->fixed[j] : o->seeds[i].vals[j];
      if (o->fix_grid) sg.grid = o->grid;
      if (o->fix_block) sg.block = o->block;
      if (o->fix_shared) sg.shared = o->shared;
      if (add_exec(s, x, &nx, MAXX, &sg, NULL, 1) < 0) goto oom;
    }
    /* structural variants of the best: several blocks; blockDim.x > 32 and
     * not a multiple of the warp; integer scalars that leave the last
     * block partly idle */
    simE_genome v = so.best[0].g;
    v.vals = tmpv;
    memcpy(tmpv, so.best[0].g.vals, (size_t)s->nslots * sizeof *tmpv);
    /* every dimension: one the kernel does not read is still tried at
     * more than one (several blocks, several warps) unless it is fixed, so
     * that threads or blocks that compute the same addresses meet */
    if (!o->fix_grid) v.grid.x = 3;
    if (!o->fix_block) variant_block_x(&v.block, 48);
    variant_shared(s, &v);
    if (add_exec(s, x, &nx, MAXX, &v, NULL, 0) < 0) goto oom;
    uint64_t tt = dim_total(v.grid) * dim_total(v.block);
    unsigned nint = 0;
    for (unsigned i = 0; i < s->nslots; i++)
      if (!s->fixed[i].fixed && s->slots[i].kind == SIMI_PARAM_INT && s->slots[i].bits > 8 &&
          !s->enums[i]) { /* (an enum keeps its enumerator) */
        tmpv[i].v = (double)(tt > 8 ? tt - 7 : 1);
        nint++;
      }
    if (nint && add_exec(s, x, &nx, MAXX, &v, NULL, 0) < 0) goto oom;
    /* and a larger block (reductions and tiles over more than two warps) */
    if (s->varied & 1) {
      memcpy(tmpv, so.best[0].g.vals, (size_t)s->nslots * sizeof *tmpv);
      variant_block_x(&v.block, 256);
      if (s->varied & 8) v.grid.x = 2;
      variant_shared(s, &v);
      if (add_exec(s, x, &nx, MAXX, &v, NULL, 0) < 0) goto oom;
      /* and one full block of 1024 threads (a thread id far from 0) */
      v.block.x = 1024;
      v.block.y = v.block.z = 1;
      if (!o->fix_grid) v.grid = (simI_dim3){1, 1, 1};
      variant_shared(s, &v);
      if (add_exec(s, x, &nx, MAXX, &v, NULL, 0) < 0) goto oom;
    }
    /* and the block shapes the program launches with (its host code), so
     * that a bug it can hit shows at a launch it makes */
    for (unsigned i = 0; i < o->nhost_blocks && i < SIME_HOST_SHAPES && !o->fix_block; i++) {
      v = so.best[0].g;
      v.vals = tmpv;
      memcpy(tmpv, so.best[0].g.vals, (size_t)s->nslots * sizeof *tmpv);
      v.block = o->host_blocks[i];
      if (o->have_host_grid && !o->fix_grid) v.grid = o->host_grid;
      variant_shared(s, &v);
      if (add_exec(s, x, &nx, MAXX, &v, NULL, 0) < 0) goto oom;
    }
    /* and each value the program passes to an integer argument (the sites'
     * constants, simE_options.choices), the others at program values too,
     * so that a bug the program can hit shows at values it passes */
    unsigned nval = 0;
    for (unsigned i = 0; i < s->nslots && nval < SIME_HOST_VALUES; i++)
      for (unsigned c = 0; c < s->choices[i].n && nval < SIME_HOST_VALUES; c++, nval++) {
        v = so.best[0].g;
        v.vals = tmpv;
        memcpy(tmpv, so.best[0].g.vals, (size_t)s->nslots * sizeof *tmpv);
        for (unsigned j = 0; j < s->nslots; j++)
          if (s->choices[j].n && !simE_is_choice(s, j, tmpv[j].v))
            tmpv[j].v = simE_choice_value(s, j, 0);
        tmpv[i].v = simE_choice_value(s, i, c);
        if (add_exec(s, x, &nx, MAXX, &v, NULL, 0) < 0) goto oom;
      }
    /* and every candidate that executed an access site first (the inputs
     * that reach the parts of the kernel the best ones do not) */
    for (unsigned i = 0; i < so.nnovel; i++)
      if (add_exec(s, x, &nx, MAXX, &so.novel[i].g, &so.novel[i].f, 0) < 0) goto oom;
    /* and the best input as a graph of the scalar's size (automatic
     * buffers do not grow: a read past the edge list is out of bounds),
     * with each automatic integer buffer (the first SIME_CSR_TRIES) as the
     * row offsets */
    unsigned ncsr = 0, nscalar = 0;
    for (unsigned i = 0; i < s->nslots; i++)
      nscalar += !s->fixed[i].fixed && s->slots[i].kind == SIMI_PARAM_INT && !s->slots[i].tex;
    for (unsigned i = 0; i < s->nslots && nscalar && ncsr < SIME_CSR_TRIES; i++) {
      const simE_slot *sl = &s->slots[i];
      if (s->fixed[i].fixed || sl->kind != SIMI_PARAM_PTR || s->slot_buf[i] < 0 ||
          s->bufsize[i].arg >= -1 || elem_is_float(sl->elem))
        continue;
      v = so.best[0].g;
      v.vals = tmpv;
      memcpy(tmpv, so.best[0].g.vals, (size_t)s->nslots * sizeof *tmpv);
      if (!(csr_data[ncsr] = calloc(4097, 8))) goto oom;
      uint64_t edges = 0;
      if (csr_variant(s, &v, i, csr_data[ncsr], &edges) < 0) break;
      unsigned before = nx;
      if (add_exec(s, x, &nx, MAXX, &v, NULL, 0) < 0) goto oom;
      if (nx > before) {
        x[nx - 1].csr = 1;
        x[nx - 1].edges = edges;
      }
      ncsr++;
    }
    /* and the best input with buffers of the scalars' size (a loop that
     * runs one past n: bound_variant) */
    v = so.best[0].g;
    v.vals = tmpv;
    memcpy(tmpv, so.best[0].g.vals, (size_t)s->nslots * sizeof *tmpv);
    uint64_t bound = 0;
    if (!s->sized && bound_variant(s, &v, &bound) == 0) {
      unsigned before = nx;
      if (add_exec(s, x, &nx, MAXX, &v, NULL, 0) < 0) goto oom;
      if (nx > before) {
        x[nx - 1].csr = 2;
        x[nx - 1].edges = bound;
      }
    }
  }

  /* executions at the program's scalar values first (stable): a finding
   * they show has one of them as its witness (the reproduce line, the
   * confirmation), not a value no launch site passes */
  if (!s->all_fixed) {
    dexec tmp[MAXX];
    unsigned n = 0;
    for (int want = 1; want >= 0; want--)
      for (unsigned i = 0; i < nx; i++)
        if (at_program_values(s, &x[i].g) == want) tmp[n++] = x[i];
    memcpy(x, tmp, nx * sizeof *x);
  }

  /* the first executions (not the size variants) also run in other orders
   * of their blocks and warps when they synchronise (sched_orders) */
  for (unsigned i = 0, n = 0; i < nx && n < SIME_SCHED_EXECS; i++)
    if (!x[i].csr) {
      x[i].orders = 1;
      n++;
    }

  /* detection runs, on the worker threads */
  simD_options dopt = o->detect;
  /* buffers of the program's sizes: an access past the end is a bug */
  if (s->sized) dopt.out_of_bounds = 1;
  if (o->no_detect)
    dopt.races = dopt.divergence = dopt.redundant = dopt.warp_mask = dopt.initcheck = 0;
  if (o->keep_data && nx && !(x[0].data = calloc(ns, sizeof *x[0].data))) goto oom;
  simD_options copt = dopt; /* the graph-sized variants: their sizes */
  copt.out_of_bounds = !o->no_detect;
  /* which threads exist to write shared memory is the block's shape: the
   * detection runs track uninitialized reads as a fixed launch does at a
   * block the user or the program gave, at the tile the kernel's index
   * arithmetic names, or at any block when it names none; not at a
   * smaller or other block of a tile kernel (a 16x16 tile run 8x4 leaves
   * most of it unwritten) */
  simD_options nopt = dopt;
  nopt.initcheck = 0;
  for (unsigned i = 0; i < nx; i++) {
    simD_list_init(&x[i].found);
    const simD_options *xo = x[i].csr ? &copt : shape_block(s, &x[i].g) ? &dopt : &nopt;
    if (!(x[i].d = simD_new(p, k, xo))) goto oom;
  }
  dbatch db;
  db.s = s;
  db.x = x;
  db.deadline = o->time_limit > 0 ? t0 + o->time_limit : 0;
  /* fewer launches than threads: each launch's blocks share the rest */
  db.lj = nx && s->o.jobs > nx ? s->o.jobs / nx : 1;
  simE_parallel(s->o.jobs, nx, dbatch_item, &db);
  for (unsigned i = 0; i < nx; i++)
    if (x[i].oom) goto oom;

  /* merge the evidence in a fixed order */
  if (!(r->detect = simD_new(p, k, &dopt))) goto oom;
  /* an execution that faulted indexed beyond the kernel's own arrays: the
   * launch is not one the kernel is written for, so its evidence is left
   * out (a fixed launch keeps it: out-of-bounds findings then report it) */
  /* an execution where a dimension the kernel does not read is more than
   * one runs threads (or blocks) that compute the same addresses: their
   * writes of equal values meet by construction, so only its read-write
   * races are kept (a block that reads what another writes) */
  int reads_any = (s->ki->dims_read & 0xFFFu) != 0;
  for (unsigned i = 0; i < nx; i++) {
    /* (faults below a buffer's start are bugs whatever the sizes) */
    x[i].skip = !s->all_fixed && !s->sized && !x[i].csr && x[i].res.faults > x[i].below;
    /* a graph-sized variant shows only reads one past its edge list, and
     * only when every fault it had was one (else the buffer taken as the
     * row offsets was not: nothing of it counts) */
    if (x[i].csr) {
      unsigned keep = 0;
      int ok = x[i].res.status == SIMI_OK && x[i].res.faults && x[i].res.faults == x[i].past;
      for (unsigned j = 0; j < x[i].found.n && ok; j++)
        if (x[i].found.v[j].kind == SIMD_OUT_OF_BOUNDS && x[i].found.v[j].nthreads)
          x[i].found.v[keep++] = x[i].found.v[j];
      x[i].found.n = keep;
    }
    /* a failed assert or __trap on a launch the search invented: the
     * kernel's own precondition, not a bug (its evidence is left out) */
    if (x[i].res.status == SIMI_E_TRAP && !strstr(x[i].res.message, "stack overflow") &&
        !exec_given(s, &x[i].g)) {
      x[i].skip = x[i].trapped = 1;
      r->discarded++;
    }
    x[i].unread = !s->all_fixed && reads_any &&
                  ((!(s->varied & 56) && !o->fix_grid && dim_total(x[i].g.grid) > 1) ||
                   (!(s->varied & 7) && !o->fix_block && dim_total(x[i].g.block) > 1));
  }
  /* every detection run ended at the kernel's own assert or __trap: nothing
   * was checked. When every input the search ran stopped at the same site
   * and no branch it ran could have gone the other way (no input decides
   * it: `__trap();` on every path), the trap is the kernel's behaviour: its
   * runs are the evidence (an assertion finding). Otherwise (`assert(n <
   * 0)`: no input drawn met the precondition) the verdict is incomplete. */
  int all_trapped = 0;
  if (!s->all_fixed && nx) {
    unsigned nev = 0, ntr = 0;
    uint32_t site = UINT32_MAX;
    int same = 1;
    for (unsigned i = 0; i < nx; i++) {
      if (x[i].csr) continue;
      nev++;
      if (!x[i].trapped) continue;
      ntr++;
      if (site == UINT32_MAX) site = x[i].res.site;
      else if (x[i].res.site != site) same = 0;
    }
    if (nev && ntr == nev) {
      all_trapped = 1;
      if (same && so.trapped == so.evaluations && !one_sided_branch(s, &so, x, nx)) {
        all_trapped = 2;
        for (unsigned i = 0; i < nx; i++)
          if (x[i].trapped) {
            x[i].skip = 0;
            r->discarded--;
          }
      }
    }
  }
  for (unsigned i = 0; i < nx; i++)
    if (!x[i].skip && !x[i].unread && !x[i].csr && simD_merge(r->detect, x[i].d) < 0) goto oom;
  /* back-to-back barriers, each alone not needed: run the same executions
   * again with both deleted (one barrier for the model) */
  if (dopt.redundant) {
    uint32_t pairs[SIME_BARRIER_PAIRS][2];
    unsigned np = simD_barrier_pairs(r->detect, pairs, SIME_BARRIER_PAIRS);
    if (np > SIME_BARRIER_PAIRS) np = SIME_BARRIER_PAIRS;
    simD_options popt = dopt;
    popt.races = popt.divergence = popt.out_of_bounds = popt.assertions = popt.warp_mask = 0;
    for (unsigned q = 0; q < np; q++) {
      int races = 0;
      for (unsigned i = 0; i < nx && !races; i++) {
        if (x[i].skip || x[i].unread || x[i].csr) continue;
        simD_ctx *pd = simD_new(p, k, &popt);
        if (!pd) goto oom;
        if (simD_set_pair(pd, pairs[q][0], pairs[q][1]) < 0 || rerun(s, &x[i], db.deadline, pd) < 0) {
          simD_free(pd);
          goto oom;
        }
        races = simD_pair_races(pd);
        simD_free(pd);
      }
      simD_set_pair_verdict(r->detect, pairs[q][0], pairs[q][1], races);
    }
  }
  simD_list_init(&r->findings);
  if (simD_collect(r->detect, &r->findings) < 0) goto oom;
  for (unsigned i = 0; i < nx; i++) {
    if (x[i].skip || !x[i].csr) continue;
    for (unsigned j = 0; j < x[i].found.n; j++) {
      int have = 0;
      for (unsigned q = 0; q < r->findings.n && !have; q++)
        have = same_key(&r->findings.v[q], &x[i].found.v[j]);
      if (!have && simD_list_add(&r->findings, &x[i].found.v[j]) < 0) goto oom;
      if (!have && !r->aux_detect) { /* its launch names the addresses */
        r->aux_detect = x[i].d;
        x[i].d = NULL;
      }
    }
  }
  for (unsigned i = 0; i < nx; i++) {
    if (x[i].skip || !x[i].unread) continue;
    for (unsigned j = 0; j < x[i].found.n; j++) {
      const simD_finding *f = &x[i].found.v[j];
      if (f->kind != SIMD_DATA_RACE || f->write_write) continue;
      int have = 0;
      for (unsigned q = 0; q < r->findings.n && !have; q++)
        have = same_key(&r->findings.v[q], f);
      if (have) continue;
      /* a race between blocks of a kernel that never reads blockIdx or
       * gridDim, which no host code launches: whether the kernel is ever
       * launched with several blocks is not known (a warning, saying so) */
      simD_finding wf = *f;
      if (wf.relation == SIMD_REL_OTHER_BLOCK && !(s->varied & 56) && !o->host_launch &&
          wf.level == SIMD_LEVEL_ERROR && !s->one_block) {
        wf.level = SIMD_LEVEL_WARNING;
        size_t n = strlen(wf.message);
        snprintf(wf.message + n, sizeof wf.message - n,
                 "; only with several blocks, and the kernel never reads blockIdx or gridDim "
                 "and has no launch in the host code");
      }
      if (simD_list_add(&r->findings, &wf) < 0) goto oom;
      if (!r->aux_detect) { /* its launch names the addresses */
        r->aux_detect = x[i].d;
        x[i].d = NULL;
      }
    }
  }
  r->finding_exec = calloc(r->findings.n ? r->findings.n : 1, sizeof *r->finding_exec);
  r->finding_execs = calloc(r->findings.n ? r->findings.n : 1, sizeof *r->finding_execs);
  if (!r->finding_exec || !r->finding_execs) goto oom;
  for (unsigned f = 0; f < r->findings.n; f++) {
    r->finding_exec[f] = -1;
    if (r->findings.v[f].kind == SIMD_REDUNDANT_BARRIER) {
      /* the first execution with accesses on both sides of the barrier
       * (no execution needed it, so that one alone shows it redundant too;
       * for back-to-back barriers, around the pair) */
      for (unsigned i = 0; i < nx && r->finding_exec[f] < 0; i++) {
        if (x[i].skip || x[i].csr || !x[i].d) continue;
        if (r->findings.v[f].site[1] != UINT32_MAX) {
          if (simD_pair_covered(x[i].d, r->findings.v[f].site[0], r->findings.v[f].site[1]))
            r->finding_exec[f] = (int)i;
          continue;
        }
        simD_barrier_stat bs[64];
        unsigned nb = simD_barrier_stats(x[i].d, bs, 64);
        for (unsigned j = 0; j < nb && j < 64; j++)
          if (bs[j].site == r->findings.v[f].site[0] && bs[j].covered) {
            r->finding_exec[f] = (int)i;
            break;
          }
      }
      continue;
    }
    /* every execution that showed it: a race also when its own instance
     * is at the same source places (same_place; the first exact one is the
     * witness) */
    int turned = -1;
    for (unsigned i = 0; i < nx; i++)
      for (unsigned j = 0; j < x[i].found.n && !x[i].skip; j++) {
        const simD_finding *e = &x[i].found.v[j], *m = &r->findings.v[f];
        int exact = same_key(e, m);
        if (!exact && !same_place(p, e, m)) continue;
        if (i < 32) r->finding_execs[f] |= 1u << i;
        if (!exact) {
          if (turned < 0) turned = (int)i;
          continue;
        }
        if (r->finding_exec[f] < 0) r->finding_exec[f] = (int)i;
        break;
      }
    if (r->finding_exec[f] < 0) r->finding_exec[f] = turned;
  }
  if (s->one_block) grade_one_block(s, x, r);
  /* the witness is the execution that produced the finding: its threads,
   * relation, address and message are that execution's own */
  for (unsigned f = 0; f < r->findings.n; f++) {
    if (r->findings.v[f].kind == SIMD_REDUNDANT_BARRIER || r->finding_exec[f] < 0) continue;
    int w = -1;
    for (unsigned i = 0; i < nx && w < 0; i++) {
      const simD_finding *e = own_finding(x, i, &r->findings.v[f]);
      if (e && e->level == r->findings.v[f].level) w = (int)i;
    }
    if (w >= 0) r->finding_exec[f] = w;
    take_witness(&r->findings.v[f], own_finding(x, (unsigned)r->finding_exec[f], &r->findings.v[f]));
  }
  if (!o->no_confirm && !o->no_detect && confirm_races(s, x, nx, r) < 0) goto oom;
  /* among the executions that showed a race, prefer one whose confirmation
   * shows a difference (a witness at n = 0 may show none) */
  if (!o->no_confirm && !o->no_detect && reconfirm_races(s, x, nx, r) < 0) goto oom;
  r->execs = calloc(nx ? nx : 1, sizeof *r->execs);
  if (!r->execs) goto oom;
  for (unsigned i = 0; i < nx; i++) {
    r->execs[i].g = x[i].g;
    r->execs[i].bytes = x[i].bytes;
    r->execs[i].res = x[i].res;
    r->execs[i].fit = x[i].fit;
    r->execs[i].data = x[i].data;
    x[i].data = NULL;
    r->insns += x[i].res.insns;
    if (x[i].res.workers > 1) {
      r->parallel++;
      if (x[i].res.workers > r->workers) r->workers = x[i].res.workers;
      r->worker_cpu += x[i].res.worker_cpu;
      r->busiest_cpu += x[i].res.busiest_cpu;
      r->parts += x[i].res.parts;
    }
    r->threads += x[i].res.threads;
    x[i].g.vals = NULL;
    x[i].bytes = NULL;
  }
  r->nexec = nx;
  /* coverage: the sites the search or a detection run executed */
  {
    unsigned cw = simE_cov_words(s);
    uint64_t *all = calloc(cw, sizeof *all);
    r->cov_unreached = calloc(s->nsites ? s->nsites : 1, sizeof *r->cov_unreached);
    if (!all || !r->cov_unreached) {
      free(all);
      goto oom;
    }
    for (unsigned w = 0; w < cw; w++) {
      if (so.seen) all[w] |= so.seen[w];
      for (unsigned i = 0; i < nx; i++)
        if (x[i].cov) all[w] |= x[i].cov[w];
    }
    r->cov_total = s->nsites;
    for (unsigned i = 0; i < s->nsites; i++) {
      if (all[i / 64] >> (i % 64) & 1) r->cov_reached++;
      else r->cov_unreached[r->cov_nunreached++] = s->sites[i];
    }
    r->br_total = s->nbranches;
    r->br_unreached = calloc(s->nbranches ? s->nbranches : 1, sizeof *r->br_unreached);
    if (!r->br_unreached) {
      free(all);
      goto oom;
    }
    for (unsigned j = 0; j < s->nbranches; j++) {
      unsigned i = s->nsites + j;
      if (all[i / 64] >> (i % 64) & 1) r->br_reached++;
      else r->br_unreached[r->br_nunreached++] = s->branches[j];
    }
    free(all);
  }
  /* the status: the best input's run (the others are extra evidence) */
  r->status = nx ? r->execs[0].res.status : SIMI_OK;
  r->discarded += so.trapped;
  /* the best input failed the kernel's own assertion on a launch the
   * search invented: the others are the verdict */
  if (nx && x[0].skip && r->status == SIMI_E_TRAP && !exec_given(s, &r->execs[0].g))
    r->status = SIMI_OK;
  if (all_trapped == 1) { /* (x[0], the best input, trapped too) */
    r->status = SIMI_OK;
    r->incomplete = 1;
    snprintf(r->incomplete_msg, sizeof r->incomplete_msg,
             "every detection run ended at the kernel's own assertion or trap, a "
             "precondition no searched input met (%.300s); checked: %llu candidates (%llu "
             "trapped), 0 of %u detection runs",
             r->execs[0].res.message[0] ? r->execs[0].res.message : "assertion failed",
             (unsigned long long)r->evaluations, (unsigned long long)so.trapped, nx);
  }
  if (r->status != SIMI_OK)
    snprintf(r->message, sizeof r->message, "%s",
             r->execs[0].res.message[0] ? r->execs[0].res.message : simI_status_name(r->status));
  /* checked means checked: a search the time limit stopped, or detection
   * runs that did not run to the end, leave the verdict incomplete */
  r->search_cut = so.cut;
  for (unsigned i = 1; i < nx; i++)
    if (r->execs[i].res.status == SIMI_E_TIMEOUT) r->unfinished++;
  if (r->status == SIMI_OK && (r->search_cut || r->unfinished)) {
    r->message[0] = 0;
    incomplete_text(s, r, nx);
  }
  rc = 0;
  goto done;
oom:
  snprintf(err, errlen, "out of memory");
done:
  for (unsigned i = 0; i < MAXX; i++) {
    free(x[i].g.vals);
    free(x[i].counts);
    free(x[i].bytes);
    free(x[i].cov);
    simD_free(x[i].d);
    simD_list_free(&x[i].found);
    if (x[i].data)
      for (unsigned j = 0; j < ns; j++) simI_mem_free(x[i].data[j]);
    free(x[i].data);
  }
  simE_search_out_free(&so);
  free(tmpv);
  /* (the variants' row offsets: their executions' values point into them) */
  for (unsigned i = 0; i < SIME_CSR_TRIES; i++) r->csr_data[i] = csr_data[i];
  r->seconds = simU_now_s() - t0;
  if (rc < 0) simE_result_free(r);
  return rc;
}
