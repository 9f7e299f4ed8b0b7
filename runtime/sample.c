/*
 * simulee runtime: the sampled check of a launch too large for the
 * detectors (runtime/sample.h).
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "runtime/sample.h"

/* A word of the tracking, one 64-bit atomic per 4-byte word of a launch
 * buffer: 0 untouched, else
 *   [31:0]  1 + the block that touched it first (its owner)
 *   [32]    W: the owner wrote it
 *   [33]    M: another block read it too (reads only)
 *   [34]    A: an atomic access: not plain, no longer tracked
 *   [35]    R: a race was recorded here (one per word)
 *   [63:36] the owner's first access's site (28 bits; all ones: unknown) */
#define WD_W (1ull << 32)
#define WD_M (1ull << 33)
#define WD_A (1ull << 34)
#define WD_R (1ull << 35)
#define WD_SITE_SHIFT 36
#define WD_SITE_NONE 0xFFFFFFFull

#define MAX_RACES 16u

/* A race of the tracking: one per pair of sites (count merged). */
typedef struct srace {
  uint32_t site[2];      /* the earlier access's site, the later's */
  uint64_t block[2];     /* their blocks (linear) */
  int write[2];          /* which ones wrote */
  uint64_t addr;         /* a word of it (simulated address) */
  uint64_t count;
} srace;

struct simR_sample {
  const simI_launch *l;  /* the launch */
  simI_launch view;      /* the detectors' launch: the sample as a 1-D grid */
  uint64_t nb;           /* blocks of the launch */
  uint64_t ns;           /* blocks of the sample */
  uint64_t edge;         /* blocks taken from each end */
  uint64_t mid;          /* blocks of the sample between them */
  uint64_t span;         /* blocks between them (nb - 2 edge) */
  unsigned ws;           /* warp size */
  _Atomic(_Atomic uint64_t *) *maps; /* per launch buffer, on first access */
  atomic_int ordered;    /* a fence or ordering atomic was seen */
  int policy;            /* the check policy's sample (1: the other blocks run
                            unchecked; 2: every block runs in one pass, the
                            kernel's blocks waiting for each other), not (0)
                            the detectors' limit */
  uint64_t budget;       /* threads the sample may hold */
  pthread_mutex_t mu;    /* the races */
  srace races[MAX_RACES];
  unsigned nraces;
  uint64_t more;         /* races past MAX_RACES distinct pairs */
};

simR_sample *simR_sample_new(const simI_launch *l) {
  return simR_sample_new_budget(l, SIMR_SAMPLE_THREADS, 0);
}

simR_sample *simR_sample_new_budget(const simI_launch *l, uint64_t threads, int policy) {
  simR_sample *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->l = l;
  s->policy = policy;
  s->budget = threads;
  s->nb = (uint64_t)l->grid.x * l->grid.y * l->grid.z;
  uint64_t bt = (uint64_t)l->block.x * l->block.y * l->block.z;
  uint64_t cap = threads / (bt ? bt : 1);
  if (cap < 2) cap = 2;
  if (cap > s->nb) cap = s->nb;
  s->ns = cap;
  s->edge = cap / 4 < SIMR_SAMPLE_EDGE ? cap / 4 : SIMR_SAMPLE_EDGE;
  s->mid = cap - 2 * s->edge;
  s->span = s->nb - 2 * s->edge;
  s->ws = l->warp_size ? l->warp_size : 32;
  s->view = *l;
  s->view.grid = (simI_dim3){(unsigned)s->ns, 1, 1};
  s->maps = calloc(l->nbuffers + 1, sizeof *s->maps);
  if (!s->maps || pthread_mutex_init(&s->mu, NULL)) {
    free(s->maps);
    free(s);
    return NULL;
  }
  return s;
}

void simR_sample_free(simR_sample *s) {
  if (!s) return;
  for (unsigned i = 0; i < s->l->nbuffers; i++) free((void *)atomic_load(&s->maps[i]));
  free(s->maps);
  pthread_mutex_destroy(&s->mu);
  free(s);
}

const simI_launch *simR_sample_view(const simR_sample *s) { return &s->view; }

/* Block i of the middle run: edge + floor(i * span / mid). */
static uint64_t mid_block(const simR_sample *s, uint64_t i) {
  return s->edge + (uint64_t)((unsigned __int128)i * s->span / s->mid);
}

int simR_sample_has(const simR_sample *s, uint64_t b, uint64_t *idx) {
  if (b >= s->nb) return 0;
  if (b < s->edge) { *idx = b; return 1; }
  if (b >= s->nb - s->edge) { *idx = s->ns - (s->nb - b); return 1; }
  if (!s->mid) return 0;
  /* the least i with mid_block(i) >= b */
  uint64_t r = b - s->edge;
  uint64_t i = (uint64_t)(((unsigned __int128)r * s->mid + s->span - 1) / s->span);
  if (i >= s->mid || mid_block(s, i) != b) return 0;
  *idx = s->edge + i;
  return 1;
}

int simR_sample_out(const void *s, uint64_t b) {
  uint64_t idx;
  return !simR_sample_has(s, b, &idx);
}

int simR_sample_in(const void *s, uint64_t b) {
  uint64_t idx;
  return simR_sample_has(s, b, &idx);
}

static uint64_t sample_block(const simR_sample *s, uint64_t idx) {
  if (idx < s->edge) return idx;
  if (idx >= s->edge + s->mid) return s->nb - (s->ns - idx);
  return mid_block(s, idx - s->edge);
}

static simI_dim3 block_coords(const simR_sample *s, uint64_t b) {
  const simI_dim3 g = s->l->grid;
  return (simI_dim3){(unsigned)(b % g.x), (unsigned)(b / g.x % g.y),
                     (unsigned)(b / ((uint64_t)g.x * g.y))};
}

/* ------------------------------------------------------------ tracking */

static _Atomic uint64_t *map_of(simR_sample *s, unsigned al) {
  if (al >= s->l->nbuffers) return NULL;
  _Atomic uint64_t *m = atomic_load_explicit(&s->maps[al], memory_order_acquire);
  if (m) return m;
  uint64_t words = (s->l->buffers[al].size + 3) / 4;
  _Atomic uint64_t *n = calloc(words ? words : 1, sizeof *n);
  if (!n) return NULL;
#ifdef MADV_HUGEPAGE
  /* a big map (calloc maps it fresh) in huge pages: track_word reads a word
   * before it writes it, so each small page would fault twice, the second
   * time copying the zero page with a flush of every worker's TLB */
  size_t bytes = words * sizeof *n, huge = (size_t)2 << 20;
  if (bytes >= 2 * huge) {
    uintptr_t lo = ((uintptr_t)n + huge - 1) & ~(uintptr_t)(huge - 1);
    uintptr_t hi = ((uintptr_t)n + bytes) & ~(uintptr_t)(huge - 1);
    if (hi > lo) (void)madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
  }
#endif
  _Atomic uint64_t *exp = NULL;
  if (!atomic_compare_exchange_strong_explicit(&s->maps[al], &exp, n, memory_order_acq_rel,
                                               memory_order_acquire)) {
    free(n);
    return exp;
  }
  return n;
}

static void add_race(simR_sample *s, uint64_t was, uint64_t block, uint32_t site, int write,
                     uint64_t addr) {
  uint64_t owner = (uint32_t)was - 1;
  uint64_t os = was >> WD_SITE_SHIFT;
  uint32_t osite = os == WD_SITE_NONE ? UINT32_MAX : (uint32_t)os;
  uint64_t a, b;
  /* two sampled blocks are the detectors' to judge (a read shared by
   * several blocks has no single owner: reported) */
  if (!(was & WD_M) && simR_sample_has(s, owner, &a) && simR_sample_has(s, block, &b)) return;
  pthread_mutex_lock(&s->mu);
  unsigned i = 0;
  while (i < s->nraces && !(s->races[i].site[0] == osite && s->races[i].site[1] == site)) i++;
  if (i < s->nraces) {
    s->races[i].count++;
  } else if (s->nraces < MAX_RACES) {
    s->races[s->nraces++] = (srace){{osite, site}, {owner, block},
                                    {(was & WD_W) != 0, write}, addr, 1};
  } else {
    s->more++;
  }
  pthread_mutex_unlock(&s->mu);
}

/* Block `block` accessed word *w (plain unless atomic). */
static void track_word(simR_sample *s, _Atomic uint64_t *w, uint64_t block, uint32_t site,
                       int write, int atomic, uint64_t addr) {
  uint64_t me = block + 1;
  uint64_t st = site < WD_SITE_NONE ? site : WD_SITE_NONE;
  uint64_t was = atomic_load_explicit(w, memory_order_relaxed);
  for (;;) {
    uint64_t to;
    if (was & (WD_A | WD_R)) return;
    if (atomic) {
      to = was | WD_A;
    } else if (!was) {
      to = me | (write ? WD_W : 0) | st << WD_SITE_SHIFT;
    } else if ((uint32_t)was == me && !(was & WD_M)) {
      if (!write || (was & WD_W)) return;
      to = (was & 0xFFFFFFFFull) | WD_W | st << WD_SITE_SHIFT;
    } else if (write || (was & WD_W)) {
      to = was | WD_R;
      if (atomic_compare_exchange_weak_explicit(w, &was, to, memory_order_relaxed,
                                                memory_order_relaxed)) {
        add_race(s, was, block, site, write, addr);
        return;
      }
      continue;
    } else {
      if (was & WD_M) return;
      to = was | WD_M;
    }
    if (atomic_compare_exchange_weak_explicit(w, &was, to, memory_order_relaxed,
                                              memory_order_relaxed))
      return;
  }
}

static void track(simR_sample *s, const simI_access *a) {
  if (a->space != SIMI_SPACE_GLOBAL) return;
  int atomic = (a->kind & SIMI_ACC_ATOMIC) != 0;
  if (atomic && (a->order & (SIMI_ORDER_ACQUIRE | SIMI_ORDER_RELEASE)))
    atomic_store_explicit(&s->ordered, 1, memory_order_relaxed);
  int write = (a->kind & SIMI_ACC_WRITE) != 0;
  for (uint64_t m = a->mask; m; m &= m - 1) {
    unsigned l = (unsigned)__builtin_ctzll(m);
    uint64_t p = a->addr[l];
    _Atomic uint64_t *map = map_of(s, SIMI_PTR_ALLOC(p));
    if (!map) continue;
    uint64_t off = SIMI_PTR_OFFSET(p), size = s->l->buffers[SIMI_PTR_ALLOC(p)].size;
    for (uint64_t o = off & ~3ull; o < off + a->size && o < size; o += 4)
      track_word(s, &map[o / 4], a->block, a->site, write, atomic,
                 SIMI_PTR_MAKE(SIMI_SPACE_GLOBAL, SIMI_PTR_ALLOC(p), o));
  }
}

/* -------------------------------------------------------------- filter */

typedef struct filt {
  simR_sample *s;
  simI_observer in;      /* the detector's */
  int main;              /* the launch's own (not a part's of a parallel run) */
} filt;

/* Forget what the tracking saw: the serial run after a parallel one that
 * was not kept starts afresh (no worker runs then). */
static void track_reset(simR_sample *s) {
  for (unsigned i = 0; i < s->l->nbuffers; i++) {
    free((void *)atomic_load(&s->maps[i]));
    atomic_store(&s->maps[i], NULL);
  }
  atomic_store(&s->ordered, 0);
  s->nraces = 0;
  s->more = 0;
}

unsigned simR_sample_filter_size(void) { return sizeof(filt); }

/* The sample index of block b into *i, or 0 to drop its event. */
#define PASS(F, b, i) simR_sample_has((F)->s, (b), &(i))

static void f_launch_begin(void *ctx, const simI_program *p, unsigned k, const simI_launch *l) {
  filt *F = ctx;
  (void)l;
  /* the launch's own observers see a serial run: whatever a parallel run
   * before it tracked is not kept */
  if (F->main) track_reset(F->s);
  if (F->in.launch_begin) F->in.launch_begin(F->in.ctx, p, k, &F->s->view);
}
static void f_launch_end(void *ctx, simI_status st) {
  filt *F = ctx;
  if (F->in.launch_end) F->in.launch_end(F->in.ctx, st);
}
static void f_block_begin(void *ctx, unsigned b) {
  filt *F = ctx;
  uint64_t i;
  if (F->in.block_begin && PASS(F, b, i)) F->in.block_begin(F->in.ctx, (unsigned)i);
}
static void f_block_end(void *ctx, unsigned b) {
  filt *F = ctx;
  uint64_t i;
  if (F->in.block_end && PASS(F, b, i)) F->in.block_end(F->in.ctx, (unsigned)i);
}
static void f_access(void *ctx, const simI_access *a) {
  filt *F = ctx;
  track(F->s, a);
  uint64_t i;
  if (!F->in.access || !PASS(F, a->block, i)) return;
  simI_access c = *a;
  c.block = (unsigned)i;
  F->in.access(F->in.ctx, &c);
}
static void f_barrier(void *ctx, const simI_barrier *b) {
  filt *F = ctx;
  uint64_t i;
  if (!F->in.barrier || !PASS(F, b->block, i)) return;
  simI_barrier c = *b;
  c.block = (unsigned)i;
  F->in.barrier(F->in.ctx, &c);
}
static void f_release(void *ctx, const simI_release *r) {
  filt *F = ctx;
  uint64_t i;
  if (!F->in.release || !PASS(F, r->block, i)) return;
  simI_release c = *r;
  c.block = (unsigned)i;
  F->in.release(F->in.ctx, &c);
}
static void f_path(void *ctx, unsigned b, unsigned w, uint32_t child, uint32_t parent,
                   uint32_t group, uint64_t mask, uint32_t site) {
  filt *F = ctx;
  uint64_t i;
  if (F->in.path && PASS(F, b, i))
    F->in.path(F->in.ctx, (unsigned)i, w, child, parent, group, mask, site);
}
static void f_syncwarp(void *ctx, unsigned b, unsigned w, uint64_t mask, uint32_t site) {
  filt *F = ctx;
  uint64_t i;
  if (F->in.syncwarp && PASS(F, b, i)) F->in.syncwarp(F->in.ctx, (unsigned)i, w, mask, site);
}
static void f_fence(void *ctx, unsigned b, unsigned w, uint64_t mask, unsigned scope,
                    uint32_t site) {
  filt *F = ctx;
  if (scope >= SIMI_SCOPE_DEVICE) atomic_store_explicit(&F->s->ordered, 1, memory_order_relaxed);
  uint64_t i;
  if (F->in.fence && PASS(F, b, i)) F->in.fence(F->in.ctx, (unsigned)i, w, mask, scope, site);
}
static void f_thread_exit(void *ctx, unsigned b, unsigned w, uint64_t mask) {
  filt *F = ctx;
  uint64_t i;
  if (F->in.thread_exit && PASS(F, b, i)) F->in.thread_exit(F->in.ctx, (unsigned)i, w, mask);
}
static void f_fault(void *ctx, const simI_fault *x) {
  filt *F = ctx;
  uint64_t i;
  if (!F->in.fault || !PASS(F, x->block, i)) return;
  simI_fault c = *x;
  c.block = (unsigned)i;
  F->in.fault(F->in.ctx, &c);
}
static void f_print(void *ctx, unsigned b, unsigned t, const char *text) {
  filt *F = ctx;
  uint64_t i;
  if (F->in.print && PASS(F, b, i)) F->in.print(F->in.ctx, (unsigned)i, t, text);
}
static void f_warp_mask(void *ctx, unsigned b, unsigned w, uint32_t site, uint64_t executing,
                        uint64_t mask, unsigned lane, unsigned what) {
  filt *F = ctx;
  uint64_t i;
  if (F->in.warp_mask && PASS(F, b, i))
    F->in.warp_mask(F->in.ctx, (unsigned)i, w, site, executing, mask, lane, what);
}
static void f_named(void *ctx, const simI_named *n) {
  filt *F = ctx;
  uint64_t i;
  if (!F->in.named || !PASS(F, n->block, i)) return;
  simI_named c = *n;
  c.block = (unsigned)i;
  F->in.named(F->in.ctx, &c);
}
static void f_async(void *ctx, const simI_async *a) {
  filt *F = ctx;
  uint64_t i;
  if (!F->in.async || !PASS(F, a->block, i)) return;
  simI_async c = *a;
  c.block = (unsigned)i;
  F->in.async(F->in.ctx, &c);
}
static void f_branch(void *ctx, uint32_t site, uint32_t target) {
  filt *F = ctx;
  F->in.branch(F->in.ctx, site, target);
}
static void f_branch_lanes(void *ctx, uint32_t site, uint32_t target, unsigned lanes) {
  filt *F = ctx;
  F->in.branch_lanes(F->in.ctx, site, target, lanes);
}
static void f_uninit(void *ctx, const simI_uninit *u) {
  filt *F = ctx;
  uint64_t i;
  if (!F->in.uninit || !PASS(F, u->block, i)) return;
  simI_uninit c = *u;
  c.block = (unsigned)i;
  F->in.uninit(F->in.ctx, &c);
}

simI_observer simR_sample_filter(simR_sample *s, const simI_observer *inner, void *storage,
                                 int main) {
  filt *F = storage;
  F->s = s;
  F->in = *inner;
  F->main = main;
  simI_observer o;
  memset(&o, 0, sizeof o);
  o.ctx = F;
  o.launch_begin = f_launch_begin;
  o.launch_end = f_launch_end;
  o.block_begin = f_block_begin;
  o.block_end = f_block_end;
  o.access = f_access; /* always: the tracking */
  o.barrier = inner->barrier ? f_barrier : NULL;
  o.release = inner->release ? f_release : NULL;
  o.path = inner->path ? f_path : NULL;
  o.syncwarp = inner->syncwarp ? f_syncwarp : NULL;
  o.fence = f_fence; /* always: a fence orders blocks */
  o.thread_exit = inner->thread_exit ? f_thread_exit : NULL;
  o.fault = inner->fault ? f_fault : NULL;
  o.print = inner->print ? f_print : NULL;
  o.warp_mask = inner->warp_mask ? f_warp_mask : NULL;
  o.named = inner->named ? f_named : NULL;
  o.async = inner->async ? f_async : NULL;
  o.branch = inner->branch ? f_branch : NULL;
  o.branch_lanes = inner->branch_lanes ? f_branch_lanes : NULL;
  o.uninit = inner->uninit ? f_uninit : NULL;
  /* child grids (dynamic parallelism) are not sampled: simR_sample_new's
   * caller does not sample such kernels */
  return o;
}

/* ------------------------------------------------------------ findings */

/* Rewrite "block (i,0,0)" in text (the sample's numbering) as the launch's
 * own blockIdx. */
static void fix_text(const simR_sample *s, char *text, size_t len) {
  char out[1024];
  size_t o = 0;
  const char *p = text;
  while (*p && o + 1 < sizeof out) {
    unsigned x, y, z;
    int n = 0;
    if (!strncmp(p, "block (", 7) && sscanf(p, "block (%u,%u,%u)%n", &x, &y, &z, &n) == 3 &&
        n > 0 && y == 0 && z == 0 && x < s->ns) {
      simI_dim3 c = block_coords(s, sample_block(s, x));
      int w = snprintf(out + o, sizeof out - o, "block (%u,%u,%u)", c.x, c.y, c.z);
      if (w < 0 || (size_t)w >= sizeof out - o) break;
      o += (size_t)w;
      p += n;
      continue;
    }
    out[o++] = *p++;
  }
  out[o] = 0;
  if (o >= len) o = len - 1;
  memcpy(text, out, o);
  text[o] = 0;
}

void simR_sample_fix(const simR_sample *s, simD_finding *x) {
  for (unsigned t = 0; t < x->nthreads && t < 2; t++)
    if (x->thread[t].block.x < s->ns)
      x->thread[t].block = block_coords(s, sample_block(s, x->thread[t].block.x));
  fix_text(s, x->message, sizeof x->message);
  fix_text(s, x->why, sizeof x->why);
  fix_text(s, x->evidence, sizeof x->evidence);
}

void simR_sample_describe(const simR_sample *s, char *buf, size_t len) {
  uint64_t bt = (uint64_t)s->l->block.x * s->l->block.y * s->l->block.z;
  if (s->policy) {
    char which[200];
    const char *rest = s->policy == 2
                           ? "every block ran in one pass, in the interpreter, since the kernel's "
                             "blocks wait for each other (a loop on memory another block writes); "
                             "--check-threads 0 or --check all checks every block"
                           : "the other blocks ran unchecked (--check-threads 0 or --check all "
                             "checks every block)";
    if (s->mid)
      snprintf(which, sizeof which, "linear block numbers 0-%llu, %llu blocks evenly spaced from "
               "%llu to %llu, and blocks %llu-%llu",
               (unsigned long long)(s->edge ? s->edge - 1 : 0), (unsigned long long)s->mid,
               (unsigned long long)mid_block(s, 0), (unsigned long long)mid_block(s, s->mid - 1),
               (unsigned long long)(s->nb - s->edge), (unsigned long long)(s->nb - 1));
    else
      snprintf(which, sizeof which, "linear block numbers 0-%llu and %llu-%llu",
               (unsigned long long)(s->edge - 1), (unsigned long long)(s->nb - s->edge),
               (unsigned long long)(s->nb - 1));
    snprintf(buf, len,
             "%llu threads, more than the %llu of --check-threads: checked on %llu of its %llu "
             "blocks (%s); %s",
             (unsigned long long)(s->nb * bt), (unsigned long long)s->budget,
             (unsigned long long)s->ns, (unsigned long long)s->nb, which, rest);
    return;
  }
  if (s->mid)
    snprintf(buf, len,
             "%llu threads are more than the %u the detectors tell apart in one launch: "
             "checked on %llu of its %llu blocks (linear block numbers 0-%llu, %llu blocks evenly spaced "
             "from %llu to %llu, and blocks %llu-%llu); every block's accesses of global memory "
             "were compared between blocks at 4-byte granularity",
             (unsigned long long)(s->nb * bt), SIMI_MAX_THREADS_TOTAL,
             (unsigned long long)s->ns, (unsigned long long)s->nb,
             (unsigned long long)(s->edge ? s->edge - 1 : 0), (unsigned long long)s->mid,
             (unsigned long long)mid_block(s, 0), (unsigned long long)mid_block(s, s->mid - 1),
             (unsigned long long)(s->nb - s->edge), (unsigned long long)(s->nb - 1));
  else
    snprintf(buf, len,
             "%llu threads are more than the %u the detectors tell apart in one launch: "
             "checked on %llu of its %llu blocks (linear block numbers 0-%llu and %llu-%llu); every block's "
             "accesses of global memory were compared between blocks at 4-byte granularity",
             (unsigned long long)(s->nb * bt), SIMI_MAX_THREADS_TOTAL,
             (unsigned long long)s->ns, (unsigned long long)s->nb,
             (unsigned long long)(s->edge - 1), (unsigned long long)(s->nb - s->edge),
             (unsigned long long)(s->nb - 1));
}

unsigned simR_sample_races(const simR_sample *s, simD_finding *out, unsigned max, int *dropped) {
  *dropped = atomic_load(&s->ordered) && s->nraces;
  if (atomic_load(&s->ordered)) return 0;
  unsigned n = 0;
  for (unsigned i = 0; i < s->nraces && n < max; i++, n++) {
    const srace *r = &s->races[i];
    simD_finding *x = &out[n];
    memset(x, 0, sizeof *x);
    x->kind = SIMD_DATA_RACE;
    x->space = SIMI_SPACE_GLOBAL;
    x->write_write = r->write[0] && r->write[1];
    x->site[0] = r->site[0];
    x->site[1] = r->site[1];
    x->relation = SIMD_REL_OTHER_BLOCK;
    x->addr = r->addr;
    x->count = r->count;
    simI_dim3 a = block_coords(s, r->block[0]), b = block_coords(s, r->block[1]);
    snprintf(x->message, sizeof x->message,
             "data race between blocks on global memory: block (%u,%u,%u) %s a 4-byte word "
             "that block (%u,%u,%u) %s (found by the word tracking of a launch checked on a "
             "sample of its blocks; at least one of the two is outside the sample)",
             a.x, a.y, a.z, r->write[0] ? "writes" : "reads", b.x, b.y, b.z,
             r->write[1] ? "writes" : "reads");
    snprintf(x->why, sizeof x->why,
             "__syncthreads() does not order blocks, and the kernel has no fence or "
             "ordering atomic between them");
  }
  return n;
}
