/*
 * simulee model: synchronisation beyond block barriers (happens-before through
 * atomics and fences, PTX memory model as the CUDA Programming Guide states
 * it). Internal to model/ (internal.h); shadow.c asks it whether an earlier
 * access is ordered before a later one.
 *
 * Clocks exist only where synchronisation happened (FastTrack's epochs): an
 * access is already an epoch in the shadow (thread id, seq, visit order), and
 * a vector clock is a sorted sparse list of
 *   thread t -> c   every access of t with seq before c is known, and
 *   block b -> e    every access of b in a visit order before e is known.
 * Vector clocks are kept for
 *   - a thread that acquired something (its knowledge beyond its block's),
 *   - a block (what a barrier gave all its threads: the join of its threads'
 *     knowledge, and its own visit orders),
 *   - a thread's last fence (the release it starts for relaxed writes after
 *     it),
 *   - a location written by a release (the release sequence: read-modify-
 *     writes join, a plain atomic store replaces),
 *   - a relaxed read of such a location, until the thread's next fence makes
 *     it an acquire.
 * A release observed by an acquire orders the pair only if every scope on
 * the way (the release fence or operation, the write, the read, the acquire
 * fence or operation) includes both threads; otherwise the thread keeps the
 * reason (simM_why) for the note of the race it then finds.
 * Memory: one vector clock per synchronising thread, block and synchronised
 * location, each bounded by the threads and blocks that released into it.
 *
 * The rules follow the PTX ISA, chapter "Memory Consistency Model":
 *  - "Operation types" / "Volatile operations": strong operations are the
 *    relaxed, acquire, release and volatile ones; ld/st.volatile behave as
 *    relaxed operations of system scope (the loader marks the volatile
 *    accesses that are synchronisation, interp/load.c sync_volatile; the
 *    others are weak: plain accesses here, which race). A volatile store
 *    is a flag only where a release pattern makes it one: a fence right
 *    before it that does not itself end an acquire pattern (the fence
 *    after a spin on a flag is the consumer's acquire, and the store after
 *    it is the data it protects, weak), or a word another thread polls.
 *  - "Scope" and "Morally strong operations": two strong operations are
 *    morally strong (no race between them) and can synchronise only when
 *    each one's scope includes the other thread (simM_scope_includes);
 *    "Conflict and Data-races": two overlapping accesses, one a write, that
 *    are not morally strong and not ordered by causality race (a weak
 *    access never is morally strong: a strong one beside it still races).
 *  - "Release and Acquire Patterns": a release is a release operation
 *    (st.release, atom.release/acq_rel) or a fence (fence.sc, fence.acq_rel,
 *    membar) followed in program order by a strong write (the relaxed write
 *    takes the fence's clock: simM_sync_atomic, frel); an acquire is an
 *    acquire operation or a strong read followed by a fence (the pending
 *    reads, pend, become acquires at the thread's next fence:
 *    simM_sync_fence). A consumer that reads the data after the flag with
 *    neither stays unordered: its reads race with the producer's writes
 *    (the L1 cache is not coherent; PTX gives no order without them).
 *  - "Ordering of memory operations", "Base causality order": a release
 *    observed by an acquire (the acquire reads the release's write or a
 *    later write of its release sequence: read-modify-writes continue it,
 *    "Release sequence") orders everything before the release with
 *    everything after the acquire, transitively (vector clocks).
 */
#include <stdlib.h>
#include <string.h>

#include "model/internal.h"

#define VC_BLOCK 0x80000000u
#define NPEND 8 /* relaxed observations a thread keeps until a fence */
#define BARRING 64
#define VC_KEEP 64 /* entries a thread's emptied clock keeps allocated */

typedef struct vcent { uint32_t key, val; } vcent;
typedef struct vc { vcent *e; uint32_t n, cap; } vc;

typedef struct rel {
  vc v;           /* what it publishes */
  uint32_t tid;   /* the thread of the narrowest part */
  uint32_t site;  /* the site of the narrowest part */
  uint8_t scope;  /* narrowest scope of the release (fence/op and write op) */
  uint8_t fence;  /* site is a fence */
  uint8_t valid;  /* a release (else: a relaxed write, wsite says where) */
} rel;

/* The releases a location holds (its release sequence), one entry per
 * releasing block and scope class (block-or-narrower / device-or-wider):
 * an acquire takes exactly the entries whose scopes include it.
 * A set is shared, not copied: a relaxed read keeps a reference to the set
 * it observed (pend) until its thread's next fence, and a later release into
 * the location copies the set's array of entries (and the one entry it
 * changes) only while someone else still holds it. Entries are shared the
 * same way. A grid whose every warp reads a counter that all blocks release
 * into then holds one array per reader, not one copy of every clock. */
typedef struct rnode { uint32_t refs; rel r; } rnode;
typedef struct relset { uint32_t refs, n; rnode *e[]; } relset;

typedef struct pend {
  uint64_t addr;
  relset *r;      /* the location's releases when read (a reference) */
  uint32_t rsite; /* the relaxed read */
  uint32_t wsite; /* the write it observed (r not valid) */
  uint8_t rscope; /* scope of the read */
  uint8_t quiet;  /* the read of an RMW that released: not worth a note */
} pend;

typedef struct tsync {
  uint32_t tid1;  /* tid + 1; 0 = empty slot */
  vc k;           /* knowledge beyond the block's */
  rel frel;       /* last fence's release */
  pend p[NPEND];
  unsigned np;
  simM_why miss;
} tsync;

typedef struct bsync {
  uint32_t blk1;  /* block + 1; 0 = empty */
  vc k;           /* what a barrier gave every thread of the block */
  uint32_t *tids; /* threads of the block with a tsync */
  unsigned nt, cap;
  simM_why miss;
  uint32_t epoch; /* visit order now */
  uint32_t ring[BARRING]; /* site of the release that ended visit order e,
                             at e % BARRING (for the evidence that a barrier
                             is needed by an order through synchronisation) */
} bsync;

typedef struct lsync {
  uint64_t addr;  /* 0 = empty */
  relset *r;      /* NULL: none */
  uint32_t wsite; /* last write that was no release, + 1; 0 = none */
} lsync;

struct simM_sync {
  uint32_t tpb;
  unsigned ws;
  int on;
  tsync *t; uint32_t nt, capt;
  bsync *b; uint32_t nb, capb;
  lsync *l; uint32_t nl, capl;
  uint64_t syncs;
  int failed;
};

/* ------------------------------------------------------ vector clocks */

static inline int seq_after(uint32_t a, uint32_t b) { return (int32_t)(a - b) > 0; }
static inline int epoch_after(uint32_t a, uint32_t b) {
  uint32_t d = (a - b) & EPOCH_MASK;
  return d != 0 && d < (EPOCH_MASK >> 1);
}
static inline int val_after(uint32_t key, uint32_t a, uint32_t b) {
  return key & VC_BLOCK ? epoch_after(a, b) : seq_after(a, b);
}

static int vc_find(const vc *v, uint32_t key, uint32_t *val) {
  uint32_t lo = 0, hi = v->n;
  while (lo < hi) {
    uint32_t mid = (lo + hi) / 2;
    if (v->e[mid].key < key) lo = mid + 1;
    else hi = mid;
  }
  if (lo < v->n && v->e[lo].key == key) { *val = v->e[lo].val; return 1; }
  return 0;
}

static int vc_reserve(vc *v, uint32_t n) {
  if (n <= v->cap) return 0;
  uint32_t nc = v->cap ? v->cap : 4;
  while (nc < n) nc *= 2;
  vcent *ne = realloc(v->e, nc * sizeof *ne);
  if (!ne) return -1;
  v->e = ne;
  v->cap = nc;
  return 0;
}

static int vc_set(vc *v, uint32_t key, uint32_t val) {
  uint32_t lo = 0, hi = v->n;
  while (lo < hi) {
    uint32_t mid = (lo + hi) / 2;
    if (v->e[mid].key < key) lo = mid + 1;
    else hi = mid;
  }
  if (lo < v->n && v->e[lo].key == key) {
    if (val_after(key, val, v->e[lo].val)) v->e[lo].val = val;
    return 0;
  }
  if (vc_reserve(v, v->n + 1) < 0) return -1;
  memmove(&v->e[lo + 1], &v->e[lo], (v->n - lo) * sizeof *v->e);
  v->e[lo].key = key;
  v->e[lo].val = val;
  v->n++;
  return 0;
}

/* a := a join b */
static int vc_join(vc *a, const vc *b) {
  if (!b->n) return 0;
  if (vc_reserve(a, a->n + b->n) < 0) return -1;
  /* merge from the back */
  uint32_t i = a->n, j = b->n, k = a->n + b->n;
  while (j > 0) {
    if (i > 0 && a->e[i - 1].key > b->e[j - 1].key) a->e[--k] = a->e[--i];
    else if (i > 0 && a->e[i - 1].key == b->e[j - 1].key) {
      vcent x = a->e[--i];
      vcent y = b->e[--j];
      if (val_after(x.key, y.val, x.val)) x.val = y.val;
      a->e[--k] = x;
    } else a->e[--k] = b->e[--j];
  }
  /* entries [k, a->n + b->n) and [0, i) are the result; close the gap */
  if (k != i) memmove(&a->e[i], &a->e[k], (a->n + b->n - k) * sizeof *a->e);
  a->n = i + (a->n + b->n - k);
  return 0;
}

static int vc_copy(vc *a, const vc *b) {
  if (vc_reserve(a, b->n) < 0) return -1;
  if (b->n) memcpy(a->e, b->e, b->n * sizeof *a->e);
  a->n = b->n;
  return 0;
}

static void vc_free(vc *v) {
  free(v->e);
  memset(v, 0, sizeof *v);
}

/* Removes the entries with keys in [lo, hi) (thread keys only: hi is at
 * most VC_BLOCK). */
static void vc_drop_range(vc *v, uint64_t lo, uint64_t hi) {
  uint32_t a = 0, n = v->n, h = n;
  while (a < h) {
    uint32_t mid = (a + h) / 2;
    if (v->e[mid].key < lo) a = mid + 1;
    else h = mid;
  }
  uint32_t b = a;
  while (b < n && v->e[b].key < hi) b++;
  if (b == a) return;
  memmove(&v->e[a], &v->e[b], (n - b) * sizeof *v->e);
  v->n = n - (b - a);
}

/* ------------------------------------------------------------ scopes */

int simM_scope_includes(unsigned scope, uint32_t a, uint32_t b, uint32_t tpb,
                        unsigned ws) {
  switch (scope) {
  case SIMI_SCOPE_SYSTEM:
  case SIMI_SCOPE_DEVICE: return 1;
  case SIMI_SCOPE_BLOCK: return a / tpb == b / tpb;
  case SIMI_SCOPE_WARP:
    return a / tpb == b / tpb && (a % tpb) / ws == (b % tpb) / ws;
  default: return a == b;
  }
}

/* the rule table (docs/findings.md, "Memory model") */
int simM_decide(const simM_cell *y, const simM_cell *x, const simM_know *k,
                uint32_t tpb, unsigned ws) {
  unsigned yk = y->kind, xk = x->kind;
  if (!((yk | xk) & SIMI_ACC_WRITE)) return SIMM_NO_CONFLICT;
  if (yk & xk & SIMI_ACC_ATOMIC) {
    /* atomics are atomic w.r.t. each other when both scopes include both */
    if (simM_scope_includes(y->scope, y->tid, x->tid, tpb, ws) &&
        simM_scope_includes(x->scope, y->tid, x->tid, tpb, ws))
      return SIMM_NO_CONFLICT;
  }
  if (y->tid == x->tid || k->base_ordered) return SIMM_ORDERED;
  if (k->has_thread && seq_after(k->thread, y->seq)) return SIMM_ORDERED;
  if (k->has_block && epoch_after(k->block, y->epoch)) return SIMM_ORDERED;
  return SIMM_RACE;
}

int simM_lockstep_orders(const simM_cell *y, const simM_cell *x, uint64_t xpath,
                         const uint32_t *xpart, uint32_t tpb, unsigned ws) {
  if (!tpb || !ws || y->tid == x->tid || y->epoch != x->epoch) return 0;
  if (y->tid / tpb != x->tid / tpb) return 0;
  uint32_t yt = y->tid % tpb, xt = x->tid % tpb;
  if (yt / ws != xt / ws) return 0;
  if (y->seq == x->seq) return 0; /* one instruction of two lanes */
  unsigned lane = yt % ws;
  if (lane < 64 && ((xpath >> lane) & 1)) return 1;
  return !xpart || !seq_after(y->seq, xpart[lane]);
}

/* ------------------------------------------------------------ tables */

static inline uint32_t hash32(uint64_t k) {
  k ^= k >> 33;
  k *= 0xff51afd7ed558ccdull;
  k ^= k >> 33;
  return (uint32_t)k;
}

simM_sync *simM_sync_new(void) { return calloc(1, sizeof(simM_sync)); }

static void rel_free(rel *r) { vc_free(&r->v); }

static void rnode_put(rnode *e) {
  if (e && --e->refs == 0) {
    rel_free(&e->r);
    free(e);
  }
}

static relset *relset_get(relset *r) {
  if (r) r->refs++;
  return r;
}

static void relset_put(relset *r) {
  if (!r || --r->refs) return;
  for (uint32_t i = 0; i < r->n; i++) rnode_put(r->e[i]);
  free(r);
}

/* The set becomes empty (a plain atomic store starts a new history). */
static void relset_clear(relset **r) {
  relset_put(*r);
  *r = NULL;
}

/* Bytes of a set, its entries counted where it is their only holder. */
static uint64_t relset_bytes(const relset *r) {
  if (!r) return 0;
  uint64_t n = sizeof *r + (uint64_t)r->n * sizeof(rnode *);
  for (uint32_t i = 0; i < r->n; i++)
    if (r->e[i]->refs == 1) n += sizeof(rnode) + (uint64_t)r->e[i]->r.v.cap * sizeof(vcent);
  return n;
}

static inline int wide(unsigned scope) { return scope >= SIMI_SCOPE_DEVICE; }

/* Add release nr (the clock of the thread nr.tid) to the set *rp: joined
 * into the entry of its block and scope class. A set or entry another
 * holder shares is copied first. */
static int relset_add(simM_sync *S, relset **rp, const rel *nr) {
  uint32_t blk = nr->tid / S->tpb;
  relset *r = *rp;
  uint32_t n = r ? r->n : 0, i = 0;
  while (i < n && (r->e[i]->r.tid / S->tpb != blk || wide(r->e[i]->r.scope) != wide(nr->scope)))
    i++;
  uint32_t nn = n + (i == n);
  if (!r || r->refs > 1 || nn != n) {
    relset *c;
    if (r && r->refs == 1) {
      c = realloc(r, sizeof *c + nn * sizeof(rnode *));
      if (!c) return -1;
    } else {
      c = malloc(sizeof *c + nn * sizeof(rnode *));
      if (!c) return -1;
      c->refs = 1;
      c->n = n;
      for (uint32_t j = 0; j < n; j++) (c->e[j] = r->e[j])->refs++;
      relset_put(r);
    }
    *rp = r = c;
  }
  if (i == n) {
    rnode *e = calloc(1, sizeof *e);
    if (!e) return -1;
    e->refs = 1;
    if (vc_copy(&e->r.v, &nr->v) < 0) { free(e); return -1; }
    e->r.tid = nr->tid;
    e->r.site = nr->site;
    e->r.scope = nr->scope;
    e->r.fence = nr->fence;
    e->r.valid = 1;
    r->e[n] = e;
    r->n = nn;
    return 0;
  }
  rnode *e = r->e[i];
  if (e->refs > 1) {
    rnode *c = calloc(1, sizeof *c);
    if (!c) return -1;
    c->refs = 1;
    c->r = e->r;
    memset(&c->r.v, 0, sizeof c->r.v);
    if (vc_copy(&c->r.v, &e->r.v) < 0) { free(c); return -1; }
    rnode_put(e);
    r->e[i] = e = c;
  }
  if (vc_join(&e->r.v, &nr->v) < 0) return -1;
  if (nr->scope <= e->r.scope) {
    e->r.tid = nr->tid;
    e->r.site = nr->site;
    e->r.scope = nr->scope;
    e->r.fence = nr->fence;
  }
  return 0;
}

static void tsync_free(tsync *t) {
  vc_free(&t->k);
  rel_free(&t->frel);
  for (unsigned i = 0; i < NPEND; i++) relset_clear(&t->p[i].r);
}

void simM_sync_reset(simM_sync *S, uint32_t tpb, unsigned ws) {
  for (uint32_t i = 0; i < S->capt; i++)
    if (S->t[i].tid1) tsync_free(&S->t[i]);
  for (uint32_t i = 0; i < S->capb; i++)
    if (S->b[i].blk1) { vc_free(&S->b[i].k); free(S->b[i].tids); }
  for (uint32_t i = 0; i < S->capl; i++)
    if (S->l[i].addr) relset_clear(&S->l[i].r);
  free(S->t);
  free(S->b);
  free(S->l);
  S->t = NULL; S->b = NULL; S->l = NULL;
  S->nt = S->capt = S->nb = S->capb = S->nl = S->capl = 0;
  S->tpb = tpb;
  S->ws = ws;
  S->on = 0;
  S->syncs = 0;
  S->failed = 0;
}

void simM_sync_free(simM_sync *S) {
  if (!S) return;
  simM_sync_reset(S, 1, 32);
  free(S);
}

int simM_sync_on(const simM_sync *S) { return S->on; }
int simM_sync_failed(const simM_sync *S) { return S->failed; }
uint64_t simM_sync_count(const simM_sync *S) { return S->syncs; }

uint64_t simM_sync_bytes(const simM_sync *S) {
  uint64_t n = (uint64_t)S->capt * sizeof(tsync) + (uint64_t)S->capb * sizeof(bsync) +
               (uint64_t)S->capl * sizeof(lsync);
  for (uint32_t i = 0; i < S->capt; i++) {
    const tsync *t = &S->t[i];
    if (!t->tid1) continue;
    n += (t->k.cap + t->frel.v.cap) * sizeof(vcent);
    for (unsigned j = 0; j < NPEND; j++)
      if (t->p[j].r && t->p[j].r->refs == 1) n += relset_bytes(t->p[j].r);
  }
  for (uint32_t i = 0; i < S->capb; i++)
    if (S->b[i].blk1) n += S->b[i].k.cap * sizeof(vcent) + S->b[i].cap * 4u;
  for (uint32_t i = 0; i < S->capl; i++)
    if (S->l[i].addr) n += relset_bytes(S->l[i].r);
  return n;
}

/* Open addressing with linear probing; tables grow at half load. The key of
 * a slot is its first field (0 = empty). */
#define TABLE_FIND(T, cap, keyfield, key, out)                                 \
  do {                                                                         \
    out = NULL;                                                                \
    if (cap) {                                                                 \
      uint32_t h_ = hash32(key) & ((cap) - 1);                                 \
      while ((T)[h_].keyfield) {                                               \
        if ((T)[h_].keyfield == (key)) { out = &(T)[h_]; break; }             \
        h_ = (h_ + 1) & ((cap) - 1);                                           \
      }                                                                        \
    }                                                                          \
  } while (0)

#define TABLE_GROW(S, T, n, cap, type, keyfield, fail)                         \
  do {                                                                         \
    if (((n) + 1) * 2 > (cap)) {                                               \
      uint32_t nc_ = (cap) ? (cap) * 2 : 64;                                   \
      type *nt_ = calloc(nc_, sizeof(type));                                   \
      if (!nt_) { (S)->failed = 1; fail; }                                     \
      for (uint32_t i_ = 0; i_ < (cap); i_++) {                                \
        if (!(T)[i_].keyfield) continue;                                       \
        uint32_t h_ = hash32((T)[i_].keyfield) & (nc_ - 1);                    \
        while (nt_[h_].keyfield) h_ = (h_ + 1) & (nc_ - 1);                    \
        nt_[h_] = (T)[i_];                                                     \
      }                                                                        \
      free(T);                                                                 \
      (T) = nt_;                                                               \
      (cap) = nc_;                                                             \
    }                                                                          \
  } while (0)

static bsync *bsync_get(simM_sync *S, uint32_t blk, int create) {
  bsync *b;
  TABLE_FIND(S->b, S->capb, blk1, blk + 1, b);
  if (b || !create) return b;
  TABLE_GROW(S, S->b, S->nb, S->capb, bsync, blk1, return NULL);
  uint32_t h = hash32(blk + 1) & (S->capb - 1);
  while (S->b[h].blk1) h = (h + 1) & (S->capb - 1);
  b = &S->b[h];
  memset(b, 0, sizeof *b);
  memset(b->ring, 0xff, sizeof b->ring);
  b->blk1 = blk + 1;
  S->nb++;
  return b;
}

static tsync *tsync_get(simM_sync *S, uint32_t tid, int create) {
  tsync *t;
  TABLE_FIND(S->t, S->capt, tid1, tid + 1, t);
  if (t || !create) return t;
  bsync *b = bsync_get(S, tid / S->tpb, 1);
  if (!b) return NULL;
  if (b->nt == b->cap) {
    unsigned nc = b->cap ? b->cap * 2 : 4;
    uint32_t *nv = realloc(b->tids, nc * sizeof *nv);
    if (!nv) { S->failed = 1; return NULL; }
    b->tids = nv;
    b->cap = nc;
  }
  TABLE_GROW(S, S->t, S->nt, S->capt, tsync, tid1, return NULL);
  b->tids[b->nt++] = tid;
  uint32_t h = hash32(tid + 1) & (S->capt - 1);
  while (S->t[h].tid1) h = (h + 1) & (S->capt - 1);
  t = &S->t[h];
  memset(t, 0, sizeof *t);
  t->tid1 = tid + 1;
  S->nt++;
  return t;
}

static lsync *lsync_get(simM_sync *S, uint64_t addr, int create) {
  lsync *l;
  TABLE_FIND(S->l, S->capl, addr, addr, l);
  if (l || !create) return l;
  TABLE_GROW(S, S->l, S->nl, S->capl, lsync, addr, return NULL);
  uint32_t h = hash32(addr) & (S->capl - 1);
  while (S->l[h].addr) h = (h + 1) & (S->capl - 1);
  l = &S->l[h];
  memset(l, 0, sizeof *l);
  l->addr = addr;
  S->nl++;
  return l;
}

/* ---------------------------------------------------------- knowledge */

void simM_sync_view(const simM_sync *S, uint32_t xtid, simM_kview *v) {
  simM_sync *s = (simM_sync *)S; /* lookups only */
  const bsync *b = bsync_get(s, xtid / S->tpb, 0);
  const tsync *t = tsync_get(s, xtid, 0);
  v->k[0] = b && b->k.n ? &b->k : NULL;
  v->k[1] = t && t->k.n ? &t->k : NULL;
  v->tpb = S->tpb;
  memset(v->memo, 0, sizeof v->memo);
}

static void know_thread(const simM_kview *v, uint32_t ytid, simM_know *k) {
  k->has_thread = 0;
  for (int i = 0; i < 2; i++) {
    uint32_t x;
    if (v->k[i] && vc_find(v->k[i], ytid, &x) && (!k->has_thread || seq_after(x, k->thread))) {
      k->thread = x;
      k->has_thread = 1;
    }
  }
}

static void know_block(simM_kview *v, uint32_t ytid, simM_know *k) {
  uint32_t yblk = ytid / v->tpb;
  unsigned h = yblk % SIMM_KVIEW_MEMO;
  if (v->memo[h].blk1 != yblk + 1) {
    v->memo[h].blk1 = yblk + 1;
    v->memo[h].has = 0;
    for (int i = 0; i < 2; i++) {
      uint32_t x;
      if (v->k[i] && vc_find(v->k[i], VC_BLOCK | yblk, &x) &&
          (!v->memo[h].has || epoch_after(x, v->memo[h].val))) {
        v->memo[h].val = x;
        v->memo[h].has = 1;
      }
    }
  }
  k->has_block = (int)v->memo[h].has;
  k->block = v->memo[h].val;
}

void simM_sync_know_v(simM_kview *v, uint32_t ytid, simM_know *k) {
  know_thread(v, ytid, k);
  know_block(v, ytid, k);
}

int simM_sync_orders_v(simM_kview *v, uint32_t ytid, uint32_t yseq, uint32_t yepoch) {
  if (!v->k[0] && !v->k[1]) return 0;
  simM_know k;
  know_block(v, ytid, &k);
  if (k.has_block && epoch_after(k.block, yepoch)) return 1;
  know_thread(v, ytid, &k);
  return k.has_thread && seq_after(k.thread, yseq);
}

void simM_sync_why(const simM_sync *S, uint32_t xtid, simM_why *w) {
  simM_sync *s = (simM_sync *)S;
  memset(w, 0, sizeof *w);
  w->acquire_site = UINT32_MAX;
  w->site = UINT32_MAX;
  const tsync *t = tsync_get(s, xtid, 0);
  if (t && t->miss.what) { *w = t->miss; return; }
  const bsync *b = bsync_get(s, xtid / S->tpb, 0);
  if (b && b->miss.what) { *w = b->miss; return; }
  for (unsigned i = t ? t->np : 0; i-- > 0;) {
    if (t->p[i].quiet) continue;
    w->what = SIMM_WHY_NO_ACQUIRE;
    w->site = t->p[i].rsite;
    break;
  }
}

/* The release a thread makes now: its knowledge plus its own accesses
 * before clock c. */
static int snapshot(simM_sync *S, uint32_t tid, uint32_t c, vc *out) {
  out->n = 0;
  const bsync *b = bsync_get(S, tid / S->tpb, 0);
  const tsync *t = tsync_get(S, tid, 0);
  if ((b && vc_join(out, &b->k) < 0) || (t && vc_join(out, &t->k) < 0) ||
      vc_set(out, tid, c) < 0 ||
      (b && vc_set(out, VC_BLOCK | (tid / S->tpb), b->epoch) < 0)) {
    S->failed = 1;
    return -1;
  }
  return 0;
}


static void set_miss(simM_sync *S, tsync *t, uint32_t tid, const simM_why *w) {
  t->miss = *w;
  bsync *b = bsync_get(S, tid / S->tpb, 1);
  if (b) b->miss = *w;
}

static void acquire1(simM_sync *S, tsync *t, uint32_t tid, const rel *r,
                     unsigned rscope, uint32_t rsite, unsigned ascope,
                     uint32_t asite, int afence);

/* Acquire the releases `rs` (observed by a read of scope rscope at rsite)
 * through an acquire of scope ascope at asite (a fence, or the read). */
static void acquire(simM_sync *S, tsync *t, uint32_t tid, const relset *rs,
                    uint32_t wsite, unsigned rscope, uint32_t rsite,
                    unsigned ascope, uint32_t asite, int afence) {
  if (!rs || !rs->n) {
    if (wsite == 0) return;
    simM_why w;
    memset(&w, 0, sizeof w);
    w.acquire_site = asite;
    w.what = SIMM_WHY_NOT_RELEASE;
    w.site = wsite - 1;
    set_miss(S, t, tid, &w);
    return;
  }
  for (uint32_t i = 0; i < rs->n; i++)
    acquire1(S, t, tid, &rs->e[i]->r, rscope, rsite, ascope, asite, afence);
}

static void acquire1(simM_sync *S, tsync *t, uint32_t tid, const rel *r,
                     unsigned rscope, uint32_t rsite, unsigned ascope,
                     uint32_t asite, int afence) {
  simM_why w;
  memset(&w, 0, sizeof w);
  w.acquire_site = asite;
  uint32_t tpb = S->tpb;
  unsigned ws = S->ws;
  w.needed_scope = r->tid / tpb == tid / tpb ? SIMI_SCOPE_BLOCK : SIMI_SCOPE_DEVICE;
  if (!simM_scope_includes(r->scope, r->tid, tid, tpb, ws)) {
    w.what = SIMM_WHY_SCOPE;
    w.site = r->site;
    w.scope = r->scope;
    w.fence = r->fence;
    w.release = 1;
    w.outside = tid / tpb;
    set_miss(S, t, tid, &w);
    return;
  }
  if (!simM_scope_includes(rscope, r->tid, tid, tpb, ws)) {
    w.what = SIMM_WHY_SCOPE;
    w.site = rsite;
    w.scope = rscope;
    w.fence = 0;
    w.outside = r->tid / tpb;
    set_miss(S, t, tid, &w);
    return;
  }
  if (!simM_scope_includes(ascope, r->tid, tid, tpb, ws)) {
    w.what = SIMM_WHY_SCOPE;
    w.site = asite;
    w.scope = ascope;
    w.fence = afence;
    w.outside = r->tid / tpb;
    set_miss(S, t, tid, &w);
    return;
  }
  if (vc_join(&t->k, &r->v) < 0) { S->failed = 1; return; }
  S->syncs++;
}

/* A fence (PTX ISA, Memory Consistency Model, "Release and Acquire
 * Patterns"): the acquire pattern ends here (strong reads before it), the
 * release pattern starts (strong writes after it). */
void simM_sync_fence(simM_sync *S, uint32_t tid, unsigned scope, uint32_t site,
                     uint32_t c) {
  S->on = 1;
  tsync *t = tsync_get(S, tid, 1);
  if (!t) return;
  /* acquire side: the relaxed reads before the fence */
  for (unsigned i = 0; i < t->np; i++) {
    pend *p = &t->p[i];
    acquire(S, t, tid, p->r, p->wsite, p->rscope, p->rsite, scope, site, 1);
    relset_clear(&p->r);
  }
  t->np = 0;
  /* release side: for the relaxed writes after it */
  if (snapshot(S, tid, c, &t->frel.v) < 0) return;
  t->frel.tid = tid;
  t->frel.site = site;
  t->frel.scope = (uint8_t)scope;
  t->frel.fence = 1;
  t->frel.valid = 1;
}

/* A strong access (PTX ISA, Memory Consistency Model, "Operation types"):
 * an acquire read synchronises at once; a relaxed read waits for a fence
 * (the acquire pattern); a release write publishes the thread's clock; a
 * relaxed write publishes the clock of the thread's last fence (the release
 * pattern) or nothing; a plain store ends the location's release sequence,
 * a read-modify-write continues it ("Release sequence"). An arrival on a
 * barrier object (SIMI_ORDER_ARRIVE) is a read-modify-write that observes
 * nothing: its release joins the object's sequence, and only the object's
 * wait acquires (PTX ISA, "mbarrier": arrive has release, test_wait
 * acquire semantics). */
void simM_sync_atomic(simM_sync *S, uint32_t tid, uint64_t addr, unsigned kind,
                      unsigned scope, unsigned order, uint32_t site, uint32_t c) {
  if (!S->on && !(order & (SIMI_ORDER_ACQUIRE | SIMI_ORDER_RELEASE))) return;
  S->on = 1;
  if ((kind & SIMI_ACC_READ) && !(order & SIMI_ORDER_ARRIVE)) {
    lsync *l = lsync_get(S, addr, 0);
    if (l && ((l->r && l->r->n) || l->wsite)) {
      tsync *t = tsync_get(S, tid, 1);
      if (!t) return;
      if (order & SIMI_ORDER_ACQUIRE) {
        acquire(S, t, tid, l->r, l->wsite, scope, site, scope, site, 0);
      } else {
        /* relaxed: waits for a fence; one entry per location */
        unsigned i = 0;
        while (i < t->np && t->p[i].addr != addr) i++;
        if (i == t->np) {
          if (t->np == NPEND) {
            /* the oldest observation is forgotten (it can only lose order) */
            relset_clear(&t->p[0].r);
            memmove(&t->p[0], &t->p[1], (NPEND - 1) * sizeof *t->p);
            t->p[NPEND - 1].r = NULL;
            i = NPEND - 1;
          } else {
            t->np++;
          }
        }
        pend *p = &t->p[i];
        p->addr = addr;
        p->rsite = site;
        p->wsite = l->wsite;
        p->rscope = (uint8_t)scope;
        p->quiet = 0;
        relset *o = p->r;
        p->r = relset_get(l->r);
        relset_put(o);
      }
    }
  }
  if (!(kind & SIMI_ACC_WRITE)) return;
  lsync *l = lsync_get(S, addr, 1);
  if (!l) return;
  int rmw = (kind & SIMI_ACC_READ) != 0;
  rel nr;
  memset(&nr, 0, sizeof nr);
  vc tmp = {0, 0, 0};
  if (order & SIMI_ORDER_RELEASE) {
    if (snapshot(S, tid, c, &tmp) < 0) { vc_free(&tmp); return; }
    nr.v = tmp;
    nr.tid = tid;
    nr.site = site;
    nr.scope = (uint8_t)scope;
    nr.fence = 0;
    nr.valid = 1;
  } else {
    tsync *t = tsync_get(S, tid, 0);
    if (t && t->frel.valid) {
      nr.v = t->frel.v; /* borrowed */
      nr.tid = tid;
      nr.valid = 1;
      if (scope < t->frel.scope) {
        nr.site = site;
        nr.scope = (uint8_t)scope;
        nr.fence = 0;
      } else {
        nr.site = t->frel.site;
        nr.scope = t->frel.scope;
        nr.fence = 1;
      }
    }
  }
  /* a plain atomic store starts a new history; a read-modify-write
   * continues the release sequence (and adds its own release) */
  if (!rmw) relset_clear(&l->r);
  if (nr.valid && relset_add(S, &l->r, &nr) < 0) S->failed = 1;
  if (rmw && nr.valid) {
    tsync *t = tsync_get(S, tid, 0);
    for (unsigned i = 0; t && i < t->np; i++)
      if (t->p[i].addr == addr) t->p[i].quiet = 1;
  }
  if (!rmw || !nr.valid) l->wsite = site + 1;
  else l->wsite = 0;
  vc_free(&tmp);
}

void simM_sync_barrier(simM_sync *S, uint32_t blk, uint32_t epoch, uint32_t site) {
  bsync *b = bsync_get(S, blk, 1);
  if (!b) return;
  b->epoch = epoch & EPOCH_MASK;
  b->ring[(epoch - 1) % BARRING] = site;
  if (!S->on) return;
  for (unsigned i = 0; i < b->nt; i++) {
    tsync *t = tsync_get(S, b->tids[i], 0);
    if (!t || !t->k.n) continue;
    if (vc_join(&b->k, &t->k) < 0) { S->failed = 1; return; }
    /* a large clock goes (a block's threads that all acquired one would
     * otherwise keep the block's square in memory) */
    if (t->k.cap > VC_KEEP) vc_free(&t->k);
    else t->k.n = 0;
  }
  /* The block's own threads: every access they made so far is before this
   * visit order, which the block's entry now says; their entries go (the
   * clocks this block releases stay the size of what it learnt from
   * others, not of its own threads). */
  vc_drop_range(&b->k, (uint64_t)blk * S->tpb, (uint64_t)(blk + 1) * S->tpb);
  if (vc_set(&b->k, VC_BLOCK | blk, epoch & EPOCH_MASK) < 0) S->failed = 1;
}

uint32_t simM_sync_barrier_site(const simM_sync *S, uint32_t blk, uint32_t e) {
  const bsync *b = bsync_get((simM_sync *)S, blk, 0);
  uint32_t d = (b ? b->epoch - e : 0) & EPOCH_MASK;
  if (!b || d == 0 || d > BARRING) return UINT32_MAX;
  return b->ring[e % BARRING];
}

void simM_sync_block_end(simM_sync *S, uint32_t blk) {
  (void)S;
  (void)blk;
  /* the block's clocks stay: other blocks may still learn of its releases
   * through locations, which hold their own copies */
}

/* A release into (release) or an acquire of the location `key` of no
 * simulated memory, at `scope`: releases join into it, an acquire takes
 * them all. */
static void key_sync(simM_sync *S, uint32_t tid, uint64_t key, int release, uint32_t site,
                     uint32_t c, unsigned scope) {
  S->on = 1;
  if (release) {
    lsync *l = lsync_get(S, key, 1);
    if (!l) return;
    vc tmp = {0, 0, 0};
    if (snapshot(S, tid, c, &tmp) < 0) { vc_free(&tmp); return; }
    rel nr;
    memset(&nr, 0, sizeof nr);
    nr.v = tmp;
    nr.tid = tid;
    nr.site = site;
    nr.scope = (uint8_t)scope;
    nr.valid = 1;
    if (relset_add(S, &l->r, &nr) < 0) S->failed = 1;
    vc_free(&tmp);
    return;
  }
  lsync *l = lsync_get(S, key, 0);
  if (!l) return;
  tsync *t = tsync_get(S, tid, 1);
  if (!t) return;
  acquire(S, t, tid, l->r, 0, scope, site, scope, site, 0);
}

void simM_sync_named(simM_sync *S, uint32_t tid, unsigned id, int release, uint32_t site,
                     uint32_t c) {
  /* a location of its own per block and barrier id (space 15 is no
   * simulated memory), block scope */
  key_sync(S, tid, (0xFull << 60) | ((uint64_t)(tid / S->tpb) << 4) | (id & 15u), release,
           site, c, SIMI_SCOPE_BLOCK);
}

void simM_sync_dp(simM_sync *S, uint32_t tid, unsigned chan, int release, uint32_t site,
                  uint32_t c) {
  /* a location of its own per channel (space 14 is no simulated memory),
   * device scope */
  key_sync(S, tid, (0xEull << 60) | chan, release, site, c, SIMI_SCOPE_DEVICE);
}
