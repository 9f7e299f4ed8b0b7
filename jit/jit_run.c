/*
 * simulee jit: launches of compiled kernels (jit.h's simJ_launch): blocks
 * over a pool of worker threads, each block's threads in a loop or, for a
 * kernel with barriers, as coroutines; the cache of compiled kernels per
 * (module, kernel). The rewrite that compiles them: jit/jit.c.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "jit/jit_int.h"
#include "util/clock.h"

/* ------------------------------------------------------------ launches */

/* One block of a kernel with barriers: each thread a coroutine; rounds in
 * thread order, each thread running to its next barrier or its end, until
 * every thread has ended (the order the interpreter's barriers allow). A
 * timeout or a frame it cannot have leaves through c->out. */
static void run_threads(wctx *c) {
  unsigned nt = c->nfib;
  const launch_state *L = c->L;
  uint64_t nx = c->s[C_NTID], ny = c->s[C_NTID + 1];
  unsigned live = 0, waits[FW_LOCK + 1] = {0}; /* threads waiting, by kind */
  for (unsigned t = 0; t < nt; t++) {
    c->fcur = t;
    c->fdone[t] = 0;
    c->fwait[t] = 0;
    c->hdl[t] = L->tfn(c, L->args, (uint32_t)(t % nx), (uint32_t)((t / nx) % ny),
                       (uint32_t)(t / (nx * ny)));
    if (!c->fdone[t]) live++, waits[c->fwait[t]]++;
  }
  while (live) {
    /* every thread waits or has ended: those before a volatile access go
     * on; when none is, the lanes of each warp at a __syncwarp; when none
     * is, the block's barrier opens. One pass: each thread that waits for
     * what opens is resumed (in thread order) to its next wait or its end,
     * and the waits are counted again for the next round. */
    uint8_t open = waits[FW_LOCK] ? FW_LOCK : waits[FW_WARP] ? FW_WARP : FW_BLOCK;
    memset(waits, 0, sizeof waits);
    for (unsigned t = 0; t < nt; t++) {
      if (c->fdone[t]) continue;
      if (c->fwait[t] == open) {
        c->fwait[t] = 0;
        c->fcur = t;
        void *h = c->hdl[t];
        ((void (*)(void *)) * (void **)h)(h); /* the switched-resume ABI's resume */
        if (c->fdone[t]) {
          live--;
          continue;
        }
      }
      waits[c->fwait[t]]++;
    }
  }
}

static void run_blocks(wctx *c) {
  launch_state *L = c->L;
  const simI_launch *l = L->l;
  for (;;) {
    if (atomic_load_explicit(&L->stop, memory_order_relaxed)) return;
    uint64_t b = atomic_fetch_add(&L->next, 1);
    if (b >= L->nblocks) return;
    if (l->skip && l->skip(l->skip_ctx, b)) continue; /* run elsewhere */
    c->block = (unsigned)b;
    c->s[C_CTAID] = b % l->grid.x;
    c->s[C_CTAID + 1] = (b / l->grid.x) % l->grid.y;
    c->s[C_CTAID + 2] = b / ((uint64_t)l->grid.x * l->grid.y);
    if (c->shared_bytes) memset(c->shared, 0, c->shared_bytes);
    if (L->tfn && !c->fdone) {
      c->fdone = calloc(c->nfib, 1);
      c->fwait = calloc(c->nfib, 1);
      c->hdl = calloc(c->nfib, sizeof *c->hdl);
      if (!c->fdone || !c->fwait || !c->hdl) c->timed_out = 2; /* out of memory */
    }
    if (c->timed_out || setjmp(c->out)) {
      atomic_store(&L->stop, 1);
      return;
    }
    if (L->tfn) run_threads(c);
    else L->fn(c, L->args);
  }
}

static double thread_cpu(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void *worker(void *arg) {
  wctx *c = arg;
  double t0 = thread_cpu();
  run_blocks(c);
  c->cpu = thread_cpu() - t0;
  return NULL;
}

/* The helper threads of launches (jobs - 1 of them, started on first use,
 * kept for the process: a launch costs a wake-up, not a thread start). */
static struct {
  pthread_mutex_t mu;
  pthread_cond_t go, done;
  unsigned nthreads; /* helpers started */
  pid_t pid;         /* of the process that started them (a fork has none) */
  uint64_t gen;      /* launches posted */
  wctx **W;          /* the launch's worker contexts; helper i runs W[i] */
  unsigned nw;
  unsigned pending;  /* helpers still running the launch */
} P = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0, 0,
       NULL, 0, 0};

static void *pool_main(void *arg) {
  /* its index, and the launches posted before it started (it runs the next) */
  unsigned id = (unsigned)((uintptr_t)arg & 0xff);
  uint64_t seen = (uint64_t)((uintptr_t)arg >> 8);
  pthread_mutex_lock(&P.mu);
  for (;;) {
    while (P.gen == seen) pthread_cond_wait(&P.go, &P.mu);
    seen = P.gen;
    wctx *c = id < P.nw ? P.W[id] : NULL;
    pthread_mutex_unlock(&P.mu);
    if (c) worker(c);
    pthread_mutex_lock(&P.mu);
    if (c && --P.pending == 0) pthread_cond_signal(&P.done);
  }
  return NULL;
}

/* Runs W[0] on this thread and W[1..nw-1] on helpers; returns the number
 * of contexts run (helpers that could not start leave theirs unrun: their
 * blocks are taken by the others, as blocks are handed out one by one). */
static unsigned pool_run(wctx **W, unsigned nw) {
  pid_t me = getpid();
  if (P.pid != me) { /* a forked child: the helpers are the parent's */
    pthread_mutex_init(&P.mu, NULL);
    pthread_cond_init(&P.go, NULL);
    pthread_cond_init(&P.done, NULL);
    P.nthreads = 0;
    P.pid = me;
  }
  while (P.nthreads + 1 < nw) {
    pthread_t t;
    pthread_attr_t at;
    pthread_attr_init(&at);
    pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
    int bad = pthread_create(&t, &at, pool_main,
                             (void *)(uintptr_t)((P.nthreads + 1) | ((uintptr_t)P.gen << 8)));
    pthread_attr_destroy(&at);
    if (bad) break;
    P.nthreads++;
  }
  if (P.nthreads + 1 < nw) nw = P.nthreads + 1;
  pthread_mutex_lock(&P.mu);
  P.W = W;
  P.nw = nw;
  P.pending = nw - 1;
  P.gen++;
  pthread_cond_broadcast(&P.go);
  pthread_mutex_unlock(&P.mu);
  worker(W[0]);
  pthread_mutex_lock(&P.mu);
  while (P.pending) pthread_cond_wait(&P.done, &P.mu);
  P.W = NULL;
  P.nw = 0;
  pthread_mutex_unlock(&P.mu);
  return nw;
}

static cached *lookup(const uint8_t *bc, unsigned k) {
  for (unsigned i = 0; i < simJ_g.n; i++)
    if (simJ_g.v[i].bc == bc && simJ_g.v[i].k == k) return &simJ_g.v[i];
  return NULL;
}

/* The entry of kernel k of bc, made on first use (NULL: out of memory). */
static cached *entry(const uint8_t *bc, unsigned k) {
  cached *c = lookup(bc, k);
  if (c) return c;
  if (simJ_g.n == simJ_g.cap) {
    unsigned nc = simJ_g.cap ? simJ_g.cap * 2 : 16;
    cached *nv = realloc(simJ_g.v, nc * sizeof *nv);
    if (!nv) return NULL;
    simJ_g.v = nv, simJ_g.cap = nc;
  }
  c = &simJ_g.v[simJ_g.n++];
  memset(c, 0, sizeof *c);
  c->bc = bc, c->k = k;
  return c;
}

void simJ_note_interpreted(const uint8_t *bc, unsigned k, uint64_t insns) {
  cached *c = bc ? entry(bc, k) : NULL;
  if (c && !c->tried) c->insns += insns;
}

void simJ_note_checked(const uint8_t *bc, unsigned k, int raced) {
  cached *c = bc ? entry(bc, k) : NULL;
  if (!c) return;
  if (raced) c->checked = -1;
  else if (!c->checked) c->checked = 1;
}

int simJ_needs_probe(const uint8_t *bc, unsigned k) {
  cached *c = bc ? lookup(bc, k) : NULL;
  return c && c->fn && c->fibers && !c->engine;
}

int simJ_settled(const uint8_t *bc, unsigned k) {
  cached *c = bc ? lookup(bc, k) : NULL;
  return c && c->tried && !(c->fn && c->fibers && !c->engine);
}

int simJ_decide(const uint8_t *bc, unsigned k, const char *name, double native_s, double interp_s) {
  cached *c = bc ? lookup(bc, k) : NULL;
  const char *force = getenv("SIMULEE_JIT_PROBE");
  int native_faster = force && !strcmp(force, "native")        ? 1
                      : force && !strcmp(force, "interpreter") ? 0
                                                               : native_s <= interp_s;
  if (c) c->engine = native_faster ? 1 : -1;
  if (c && simJ_g.debug)
    fprintf(stderr, "simulee: jit: kernel %s: %s (%.4f s of CPU natively, %.4f s interpreted)\n", name,
            native_faster ? "native code is faster than the interpreter: kept"
                          : "the interpreter is faster than native code (barriers): interpreted",
            native_s, interp_s);
  return native_faster;
}

const char *simJ_refusal(const uint8_t *bc, unsigned k) {
  cached *c = lookup(bc, k);
  return c && !c->fn ? c->why : "";
}

void simJ_counts(unsigned *compiled, unsigned *refused, uint64_t *launches, double *compile_s) {
  *compiled = simJ_g.compiled, *refused = simJ_g.refused, *launches = simJ_g.launches, *compile_s = simJ_g.compile_s;
}

int simJ_run(const uint8_t *bc, uint64_t bclen, const simI_program *p, unsigned k,
             const simI_launch *l, unsigned jobs, simJ_result *res) {
  memset(res, 0, sizeof *res);
  /* launches the native path does not take */
  if (l->ntexbinds || (l->warp_size && l->warp_size != 32) || l->sched.warp_order ||
      l->sched.slice || l->sched.blocks_reversed || l->sched.not_taken_first)
    return 0;
  if ((l->cluster.x > 1 || l->cluster.y > 1 || l->cluster.z > 1)) return 0;
  for (unsigned i = 0; i < l->nbuffers; i++)
    if (l->buffers[i].cap > l->buffers[i].size) return 0;
  unsigned nglob = simI_var_count(p, SIMI_SPACE_GLOBAL);
  if (nglob && !l->globals) return 0;
  if (!bc || !bclen) return 0;
  if (!simJ_g.min_read) { /* threads a kernel runs unchecked before it is compiled */
    const char *m = getenv("SIMULEE_JIT_MIN_THREADS");
    simJ_g.min_threads = m && *m >= '0' && *m <= '9' ? strtoull(m, NULL, 10) : SIMJ_MIN_THREADS;
    simJ_g.min_read = 1;
  }
  cached *c = entry(bc, k);
  if (!c) return 0;
  if (c->tried && !c->fn && c->vol_refused && c->checked == 1 && !c->vol_retried) {
    /* refused for its volatile accesses, then checked clean: once more */
    c->vol_retried = 1;
    c->tried = 0;
    c->threads = simJ_g.min_threads;
    simJ_g.refused--;
  }
  if (!c->tried) {
    /* a kernel whose unchecked launches are small so far stays interpreted:
     * the compilation (tens of ms) would cost more than it saves; a few
     * threads that run long loops (grid-stride kernels) count by the
     * interpreter's instructions */
    c->threads += (uint64_t)l->grid.x * l->grid.y * l->grid.z * l->block.x * l->block.y *
                  l->block.z;
    if (c->threads < simJ_g.min_threads && c->insns < SIMJ_MIN_INSNS) return 0;
    c->tried = 1;
    if (sj_init() < 0) {
      snprintf(c->why, sizeof c->why, "the JIT did not start");
      simJ_g.refused++;
      return 0;
    }
    double t0 = simU_now_s();
    c->why[0] = 0;
    int want_spec = 0;
    c->fn = sj_compile(bc, bclen, p, k, c->why, sizeof c->why, &c->fibers, c->checked == 1,
                       &c->vol_refused, NULL, &want_spec);
    const simI_kernel_info *ki = simI_kernel(p, k);
    if (!c->fn && want_spec && (c->specv = calloc(ki->nparams + 1, sizeof *c->specv))) {
      /* a recursion a mode parameter may rule out: compiled for this
       * launch's integer arguments (later launches with others are
       * interpreted) */
      for (unsigned i = 0; i < ki->nparams; i++) c->specv[i] = l->args[i].bits;
      c->fn = sj_compile(bc, bclen, p, k, c->why, sizeof c->why, &c->fibers, c->checked == 1,
                         &c->vol_refused, l, &want_spec);
      if (!c->fn) {
        free(c->specv);
        c->specv = NULL;
      }
    }
    res->compile_seconds = simU_now_s() - t0;
    simJ_g.compile_s += res->compile_seconds;
    if (c->fn) simJ_g.compiled++;
    else simJ_g.refused++;
    if (simJ_g.debug)
      fprintf(stderr, "simulee: jit: kernel %s: %s (%.3f s)\n", simI_kernel(p, k)->demangled,
              c->fn ? "compiled" : c->why, res->compile_seconds);
  }
  if (!c->fn || c->engine < 0) return 0;
  const simI_kernel_info *ki = simI_kernel(p, k);
  if (c->specv)
    for (unsigned i = 0; i < ki->nparams; i++)
      if (ki->params[i].kind == SIMI_PARAM_INT && l->args[i].bits != c->specv[i]) return 0;
  double t0 = simU_now_s();
  /* the allocation table: buffers, shared variables (offsets into each
   * worker's shared memory, made bases below), constants */
  launch_state L;
  memset(&L, 0, sizeof L);
  L.p = p, L.l = l;
  if (c->fibers) L.tfn = (thread_fn)(void *)c->fn;
  else L.fn = c->fn;
  L.nbuf = l->nbuffers;
  L.nshared = simI_var_count(p, SIMI_SPACE_SHARED);
  L.nconst = simI_var_count(p, SIMI_SPACE_CONST);
  L.ntab = L.nbuf + L.nshared + L.nconst;
  L.tab = calloc(L.ntab + 1, sizeof *L.tab);
  uint64_t *args = calloc(ki->nparams + 1, sizeof *args);
  if (!L.tab || !args) {
    free(L.tab), free(args);
    return 0;
  }
  for (unsigned i = 0; i < L.nbuf; i++)
    L.tab[i] = (ent){l->buffers[i].data, l->buffers[i].data ? l->buffers[i].size : 0};
  uint64_t shoff = 0;
  for (unsigned i = 0; i < L.nshared; i++) {
    uint64_t sz = simI_var_size(p, SIMI_SPACE_SHARED, i);
    const char *nm = simI_var_name(p, SIMI_SPACE_SHARED, i);
    int dyn = sz == 0 && nm; /* extern __shared__: the launch's dynamic bytes */
    if (dyn) sz = l->dyn_shared;
    L.tab[L.nbuf + i] = (ent){(uint8_t *)(uintptr_t)shoff, sz};
    shoff += (sz + 15) & ~(uint64_t)15;
  }
  L.shared_bytes = shoff;
  for (unsigned i = 0; i < L.nconst; i++) {
    const uint8_t *b = l->consts && l->consts[i] ? l->consts[i]
                                                  : simI_var_init(p, SIMI_SPACE_CONST, i);
    L.tab[L.nbuf + L.nshared + i] = (ent){(uint8_t *)b, b ? simI_var_size(p, SIMI_SPACE_CONST, i) : 0};
  }
  for (unsigned i = 0; i < ki->nparams; i++) {
    const simI_param *q = &ki->params[i];
    if (q->kind == SIMI_PARAM_STRUCT) args[i] = (uint64_t)(uintptr_t)l->args[i].raw;
    else if (l->args[i].is_buffer)
      args[i] = SIMI_PTR_MAKE(SIMI_SPACE_GLOBAL, l->args[i].buffer, l->args[i].offset);
    else args[i] = l->args[i].bits;
  }
  L.args = args;
  L.nblocks = (uint64_t)l->grid.x * l->grid.y * l->grid.z;
  uint64_t nthreads = (uint64_t)l->block.x * l->block.y * l->block.z;
  unsigned nw = jobs < 1 ? 1 : jobs;
  if (nw > 64) nw = 64;
  if (nw > L.nblocks) nw = (unsigned)L.nblocks;
  if (L.nblocks * nthreads < 8192) nw = 1; /* not worth a wake-up */
  wctx **W = calloc(nw, sizeof *W);
  ent *tabs = calloc((size_t)nw * (L.ntab + 1), sizeof *tabs);
  int ok = W && tabs;
  for (unsigned w = 0; ok && w < nw; w++) {
    W[w] = calloc(1, sizeof **W);
    uint8_t *sh = W[w] && L.shared_bytes ? malloc(L.shared_bytes) : NULL;
    if (!W[w] || (L.shared_bytes && !sh)) {
      free(sh);
      ok = 0;
      break;
    }
    wctx *x = W[w];
    x->L = &L;
    x->shared = sh;
    x->shared_bytes = L.shared_bytes;
    x->tab = tabs + (size_t)w * (L.ntab + 1);
    memcpy(x->tab, L.tab, L.ntab * sizeof *L.tab);
    for (unsigned i = 0; i < L.nshared; i++)
      x->tab[L.nbuf + i].base = sh + (uintptr_t)L.tab[L.nbuf + i].base;
    x->s[C_NTID] = l->block.x, x->s[C_NTID + 1] = l->block.y, x->s[C_NTID + 2] = l->block.z;
    x->s[C_NCTAID] = l->grid.x, x->s[C_NCTAID + 1] = l->grid.y, x->s[C_NCTAID + 2] = l->grid.z;
    x->s[C_TAB] = (uint64_t)(uintptr_t)x->tab;
    x->s[C_FIRST + SIMI_SPACE_GLOBAL] = 0;
    x->s[C_CNT + SIMI_SPACE_GLOBAL] = L.nbuf;
    x->s[C_FIRST + SIMI_SPACE_SHARED] = L.nbuf;
    x->s[C_CNT + SIMI_SPACE_SHARED] = L.nshared;
    x->s[C_FIRST + SIMI_SPACE_CONST] = L.nbuf + L.nshared;
    x->s[C_CNT + SIMI_SPACE_CONST] = L.nconst;
    x->s[C_MAXSTEPS] = l->max_steps ? l->max_steps : SIMI_DEFAULT_MAX_STEPS;
    x->fault_block = UINT32_MAX;
    x->nfib = (unsigned)nthreads;
    /* the shared, then constant, variables (sj_trp) */
    for (unsigned j = 0; j < C_MAXVARS; j++) {
      unsigned sp = j < L.nshared ? SIMI_SPACE_SHARED : SIMI_SPACE_CONST;
      unsigned al = j < L.nshared ? j : j - L.nshared;
      x->s[C_VAR + 3 * j] = ~0ull;
      if (sp == SIMI_SPACE_CONST && al >= L.nconst) continue;
      const ent *en = &x->tab[x->s[C_FIRST + sp] + al];
      x->s[C_VAR + 3 * j] = SIMI_PTR_MAKE(sp, al, 0) >> 40;
      x->s[C_VAR + 3 * j + 1] = (uint64_t)(uintptr_t)en->base;
      x->s[C_VAR + 3 * j + 2] = en->base ? en->size : 0;
    }
    /* the allocations of the pointer parameters (sj_trp) */
    for (unsigned j = 0; j < C_MAXARGS; j++) {
      x->s[C_ARG + 3 * j] = ~0ull;
      if (j >= ki->nparams || ki->params[j].kind != SIMI_PARAM_PTR) continue;
      uint64_t v = args[j];
      unsigned sp = SIMI_PTR_SPACE(v), al = SIMI_PTR_ALLOC(v);
      if ((sp == SIMI_SPACE_GLOBAL || sp == SIMI_SPACE_SHARED || sp == SIMI_SPACE_CONST) &&
          al < x->s[C_CNT + sp]) {
        const ent *en = &x->tab[x->s[C_FIRST + sp] + al];
        x->s[C_ARG + 3 * j] = v >> 40;
        x->s[C_ARG + 3 * j + 1] = (uint64_t)(uintptr_t)en->base;
        x->s[C_ARG + 3 * j + 2] = en->base ? en->size : 0;
      }
    }
  }
  if (ok) {
    unsigned ran = nw > 1 ? pool_run(W, nw) : (worker(W[0]), 1u);
    if (l->heap) simI_heap_untracked(l->heap); /* its blocks written, no shadow kept */
    for (unsigned w = 0; w < nw; w++) res->cpu_seconds += W[w]->cpu;
    res->workers = ran;
    res->status = SIMI_OK;
    unsigned fb = UINT32_MAX, tb = UINT32_MAX;
    for (unsigned w = 0; w < nw; w++) {
      res->faults += W[w]->faults;
      if (W[w]->faults && W[w]->fault_block < fb) {
        fb = W[w]->fault_block;
        res->misaligned = W[w]->misaligned;
      }
      if (W[w]->timed_out == 2) res->status = SIMI_E_NOMEM;
      else if (W[w]->timed_out && W[w]->block < tb) tb = W[w]->block;
    }
    if (res->status == SIMI_E_NOMEM)
      snprintf(res->message, sizeof res->message,
               "out of memory for the frames of a block's %llu threads (native run)",
               (unsigned long long)nthreads);
    if (tb != UINT32_MAX) {
      res->status = SIMI_E_TIMEOUT;
      snprintf(res->message, sizeof res->message,
               "kernel did not finish: a thread exceeded the step budget of %llu instructions "
               "(block %u, native run); a kernel that needs more: --max-steps N",
               (unsigned long long)(l->max_steps ? l->max_steps : SIMI_DEFAULT_MAX_STEPS), tb);
    }
    res->threads = L.nblocks * nthreads;
    simJ_g.launches++;
  }
  for (unsigned w = 0; W && w < nw; w++)
    if (W[w]) {
      free(W[w]->arena);
      free(W[w]->hdl);
      free(W[w]->fdone);
      free(W[w]->fwait);
      free(W[w]->shared), free(W[w]);
    }
  free(W), free(tabs), free(L.tab), free(args);
  res->seconds = simU_now_s() - t0;
  return ok;
}
