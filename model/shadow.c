/*
 * simulee model: the memory-access model (model.h) with a compact shadow.
 *
 * ------------------------------------------------------------------------
 * The relation the rules need (detect decides nothing else):
 * two accesses X (now) and Y (earlier) of one execution to overlapping bytes
 * of global or shared memory, by different threads, whose kinds conflict (at
 * least one writes and not both are atomic; between two blocks, two atomics
 * conflict when either has block scope: atomicAdd_block is atomic only
 * within its block), RACE when
 *   (a) global memory and different blocks, whatever the visit orders; or
 *   (b) same block, same visit order, and
 *       - different warps; or
 *       - same warp, lock-step: the same dynamic instruction writing from two
 *         lanes (checked inside the access event, intra_event()), or Y's
 *         path is unordered with X's path (sibling subtrees of one divergence
 *         still open); or
 *       - same warp, --its: no __syncwarp / .sync collective chain from Y's
 *         lane after Y to X's lane before X (vector clocks per lane).
 * and give EVIDENCE that barrier b is needed when (b) holds except that Y's
 * visit order lies in the run of visit orders [runstart, now-1] that only
 * releases of b separate from X's (removing b merges them).
 *
 * Why a few reps per unit decide all of this exactly
 * ---------------------------------------------------
 * Accesses are split in classes by kind: plain read, plain write, atomic
 * read, atomic write (an atomic RMW is an atomic write), the atomic ones
 * again by scope (block or wider). Whether X and Y conflict depends only on
 * their classes (and on whether they are in one block), so each class keeps
 * its own reps and a query scans every rep (a unit holds a handful). A rep
 * is kept for a
 * "role": a set of past accesses the future may have to find a concurrent
 * member of. For each role and class the invariant is
 *      (INV) for every access Z still to come: if some past access of the
 *            role and class is concurrent with Z, some kept rep is.
 * Queries see every kept rep, so INV for the three roles below makes every
 * query exact (each reported partner is a real past access).
 *
 *  CUR  the accesses of block B in its current visit order. Concurrency
 *       within it: different warps always; same warp as above. Keep:
 *       - once the role holds reps from two different warps, nothing more:
 *         any Z (of any warp) is concurrent with the one not in its warp;
 *       - while all reps come from one warp w, an access from another warp is
 *         kept (that makes two warps);
 *       - an access X of warp w itself, lock-step: the warp's executions of
 *         divergent paths form a series-parallel dag run depth first (one
 *         path to its reconvergence, then its sibling), so the SP-bags
 *         argument (Feng & Leiserson) applies: keep S; if S is concurrent with
 *         X, drop X; if S precedes X, replace S by X. In serial order S < X <
 *         Z: S||X and X||Z imply S||Z; S<X and S||Z imply X||Z. So one rep
 *         per class keeps INV, whatever the number of accesses;
 *       - --its: keep the latest access of each lane (a later access of the
 *         same lane has a larger step, so it is concurrent with everything
 *         the earlier one is) and drop an access every other live lane has
 *         already synchronized past. At most one rep per lane (warp size).
 *         The lanes' vector clocks count in warp steps (lane l knows lane
 *         m's accesses of steps before vc[l][m]), so a rep's step serves
 *         both warp models and an --its race of two lanes of one warp is
 *         graded by the lock-step rule below (simM_lockstep_orders: paths
 *         are tracked under --its too).
 *  ALL  the accesses of block B in the current run [runstart, now]: the same
 *       rules with visit orders ignored (they are what merging would join).
 *  PREV the run before now, [runstart, now-1]: ALL as it was when the visit
 *       order advanced (frozen; recomputed lazily per unit, step 0 of
 *       unit_access()). If
 *       the run started exactly at the unit's last visit order, PREV is that
 *       order's CUR reps.
 *  Q1   global memory, per class: the first access and the first access from
 *       another block than the first one's. Any Z from block B finds a rep
 *       from another block if any past access of the class is from one.
 * A new access is stored only if some role needs it; a rep is removed only
 * when no role keeps it (roles expire when their block ends or its visit
 * order moves on). Reps of the same block and class that only Q1 keeps are
 * merged into the new access. Per unit this is at most 2 (Q1) + 2 (CUR) +
 * 2 (ALL) + 2 (PREV) reps per class and resident block, lock-step (warp size per
 * role under --its), whatever the number of accesses: nothing is evicted.
 *
 * What "exact" means here: every access that races with an earlier one is
 * reported, with a real racing partner (one report per partner site); a
 * barrier is reported needed iff some access would race with an access of
 * an earlier visit order of the run. tests/unit/test_model.c checks both
 * against a brute-force model that keeps every access.
 *
 * Lock-step order inside a warp without keeping the path tree per access: a
 * rep stores the warp step of its access; each path record keeps, per lane
 * outside the path, the step at which that lane parted from the path's
 * ancestry (part[]). Y (lane m) is unordered with X (path P) iff m is not in
 * P and Y's step is after part[m]: after that divergence lane m ran only in
 * a sibling subtree, before it Y preceded the divergence.
 *
 * Synchronisation (model/sync.c): once a fence or a release/acquire atomic
 * ran in the launch, a pair the rules above call racing is first given to
 * simM_decide() with what the later thread knows (vector clocks where
 * synchronisation happened); ordered pairs are not reported. The roles then
 * also keep, per unit, the latest access of every thread and class (Q1, up
 * to SYNC_UNIT_CAP reps): the argument above counts on concurrency being
 * decided by warps and visit orders, which synchronisation between single
 * threads breaks, while "a later access of the same thread covers its
 * earlier ones" stays true. A plain access X that synchronisation orders
 * after an earlier plain access y (of X's class, or a read and X writes)
 * takes over y's CUR/Q1 roles (y < X: any Z concurrent with y is with X).
 * test_model.c's happens-before oracle checks this against full vector
 * clocks on random executions.
 *
 * Byte granularity: a unit is a 4-byte granule while every access covers it
 * whole; the first partial access splits it into four byte units, each
 * starting with a copy of the granule's reps (still exact: each copy is a
 * real access that touched that byte).
 * ------------------------------------------------------------------------
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "model/internal.h"

#define NONE32 UINT32_MAX
#define ACC_R SIMI_ACC_READ
#define ACC_W SIMI_ACC_WRITE
#define ACC_A SIMI_ACC_ATOMIC
#define ACC_N 8u /* internal: an atomic of block (or warp) scope */

#define BTAB_SHIFT 10
#define SYNC_UNIT_CAP 64 /* reps per unit kept per thread once synchronisation
                            ran; beyond, the barrier-only roles apply */

/* ------------------------------------------------------------ helpers */

static inline int kinds_conflict(unsigned a, unsigned b) {
  return ((a | b) & ACC_W) && !(a & b & ACC_A);
}

int simM_kinds_conflict(unsigned a, unsigned b) { return kinds_conflict(a, b); }

/* Between two blocks an atomic of block scope is not atomic with respect to
 * the other block's atomics (ScoRD's scoped races). */
static inline int kinds_conflict_blocks(unsigned a, unsigned b) {
  if (!((a | b) & ACC_W)) return 0;
  if (!(a & b & ACC_A)) return 1;
  return ((a | b) & ACC_N) != 0;
}

static void acct(simM_model *m, int64_t d) {
  m->st.shadow_bytes += (uint64_t)d;
  if (m->st.shadow_bytes > m->st.shadow_peak)
    m->st.shadow_peak = m->st.shadow_bytes;
}

static void *zalloc(simM_model *m, size_t n) {
  void *p = calloc(1, n);
  if (!p) m->failed = 1;
  else acct(m, (int64_t)n);
  return p;
}

static inline uint32_t rep_tid(const simM_rep *r) { return r->tk >> 6; }
static inline unsigned rep_kind(const simM_rep *r) { return (r->tk >> 2) & 15u; }
static inline unsigned rep_cls(const simM_rep *r) { return (r->tk >> 3) & 7u; }
static inline uint32_t rep_epoch(const simM_rep *r) { return r->ef >> 4; }
static inline unsigned rep_flags(const simM_rep *r) { return r->ef & 15u; }

/* Distance of visit order `e` before `now`, modulo 2^28. */
static inline uint32_t edist(uint32_t now, uint32_t e) {
  return (now - e) & EPOCH_MASK;
}

static inline int seq_after(uint32_t a, uint32_t b) {
  return (int32_t)(a - b) > 0;
}

/* --------------------------------------------------------- needed set */

static int needed_has(const simM_model *m, uint32_t site) {
  if (!m->capneeded) return 0;
  uint32_t k = site + 1, h = (k * 2654435761u) & (m->capneeded - 1);
  while (m->needed[h]) {
    if (m->needed[h] == k) return 1;
    h = (h + 1) & (m->capneeded - 1);
  }
  return 0;
}

/* Returns 1 if inserted, 0 if present, -1 on out of memory. */
static int needed_add(simM_model *m, uint32_t site) {
  if (needed_has(m, site)) return 0;
  if ((m->nneeded + 1) * 2 > m->capneeded) {
    unsigned ncap = m->capneeded ? m->capneeded * 2 : 64;
    uint32_t *nv = calloc(ncap, sizeof *nv);
    if (!nv) return -1;
    for (unsigned i = 0; i < m->capneeded; i++) {
      uint32_t k = m->needed[i];
      if (!k) continue;
      uint32_t h = (k * 2654435761u) & (ncap - 1);
      while (nv[h]) h = (h + 1) & (ncap - 1);
      nv[h] = k;
    }
    free(m->needed);
    m->needed = nv;
    m->capneeded = ncap;
  }
  uint32_t k = site + 1, h = (k * 2654435761u) & (m->capneeded - 1);
  while (m->needed[h]) h = (h + 1) & (m->capneeded - 1);
  m->needed[h] = k;
  m->nneeded++;
  return 1;
}

void simM_known_needed(simM_model *m, uint32_t site) {
  if (needed_add(m, site) < 0) m->failed = 1;
}

/* --------------------------------------------------------- shadow mem */

/* Rep arrays of a unit with more than one rep. The usual size (most units
 * hold 2..4 reps) is recycled through m->ext_free, so the shared shadow of
 * block after block reuses the same arrays. */
#define EXT_POOL_CAP 4

static simM_rep *ext_alloc(simM_model *m, unsigned cap) {
  simM_rep *v = m->ext_free;
  if (cap == EXT_POOL_CAP && v) {
    memcpy(&m->ext_free, (const void *)v, sizeof m->ext_free);
    return v;
  }
  return malloc(cap * sizeof *v);
}

static void ext_release(simM_model *m, simM_rep *v, unsigned cap) {
  if (cap == EXT_POOL_CAP) {
    memcpy((void *)v, &m->ext_free, sizeof m->ext_free);
    m->ext_free = v;
    return;
  }
  free(v);
}

static void ext_pool_free(simM_model *m) {
  while (m->ext_free) {
    simM_rep *v = m->ext_free;
    memcpy(&m->ext_free, (const void *)v, sizeof m->ext_free);
    free(v);
  }
}

static void quad_free(simM_model *m, simM_slot *q);

static void slot_free(simM_model *m, simM_slot *s) {
  unsigned tag = SLOT_TAG(s);
  if (tag == TAG_EXT) {
    acct(m, -(int64_t)(s->ext.cap * sizeof(simM_rep)));
    ext_release(m, s->ext.v, s->ext.cap);
  } else if (tag == TAG_SPLIT) {
    for (unsigned i = 0; i < 4; i++) slot_free(m, &s->split.b[i]);
    acct(m, -(int64_t)(4 * sizeof(simM_slot)));
    quad_free(m, s->split.b);
  }
  memset(s, 0, sizeof *s);
}

/* Shadow pages come from big anonymous mappings (zero pages from the kernel,
 * huge pages where the system allows: no memset, few page faults), and go
 * back to a free list when a block's shared shadow dies. */
#define CHUNK_BYTES ((size_t)32 << 20)
#define PAGE_BYTES (PAGE_GRANS * sizeof(simM_slot))

/* `bytes` (at most PAGE_BYTES, a multiple of 16) cut from the last chunk,
 * mapping a new one when it has too little left; NULL on out of memory. */
static void *chunk_cut(simM_model *m, size_t bytes) {
  if (m->chunk_left < bytes) {
    if (m->nchunks == m->capchunks) {
      unsigned nc = m->capchunks ? m->capchunks * 2 : 16;
      void **nv = realloc(m->chunks, nc * sizeof *nv);
      if (!nv) return NULL;
      m->chunks = nv;
      m->capchunks = nc;
    }
    void *c = mmap(NULL, CHUNK_BYTES, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (c == MAP_FAILED) return NULL;
#ifdef MADV_HUGEPAGE
    /* the first 2 MiB of a model's first chunk in small pages: a small
     * launch (a program makes thousands) then does not zero a whole huge
     * page for its few shadow pages */
    size_t small = m->nchunks ? 0 : (size_t)2 << 20;
    madvise((char *)c + small, CHUNK_BYTES - small, MADV_HUGEPAGE);
#endif
    m->chunks[m->nchunks++] = c;
    m->chunk_next = c;
    m->chunk_left = CHUNK_BYTES;
  }
  void *p = m->chunk_next;
  m->chunk_next += bytes;
  m->chunk_left -= bytes;
  return p;
}

static simM_slot *page_alloc(simM_model *m) {
  simM_slot *pg = m->free_pages;
  if (pg) {
    /* the free list's link lives in the page's first bytes (void * casts:
     * clang's -Wsizeof-pointer-memaccess) */
    memcpy(&m->free_pages, (const void *)pg, sizeof m->free_pages);
    /* shalloc_free zeroed every slot it found in use: only the link is
     * left to clear */
    memset((void *)pg, 0, sizeof m->free_pages);
    return pg;
  }
  return chunk_cut(m, PAGE_BYTES);
}

/* The four byte units of a split granule (slot_split fills all four): cut
 * from the chunks like pages (no malloc per split of a buffer of bytes),
 * recycled through m->free_quads. */
static simM_slot *quad_alloc(simM_model *m) {
  simM_slot *q = m->free_quads;
  if (q) {
    memcpy(&m->free_quads, (const void *)q, sizeof m->free_quads);
    return q;
  }
  return chunk_cut(m, 4 * sizeof(simM_slot));
}

static void quad_free(simM_model *m, simM_slot *q) {
  memcpy((void *)q, &m->free_quads, sizeof m->free_quads);
  m->free_quads = q;
}

static void page_free(simM_model *m, simM_slot *pg) {
  memcpy((void *)pg, &m->free_pages, sizeof m->free_pages);
  m->free_pages = pg;
}

static void chunks_free(simM_model *m) {
  for (unsigned i = 0; i < m->nchunks; i++) munmap(m->chunks[i], CHUNK_BYTES);
  free(m->chunks);
  m->chunks = NULL;
  m->nchunks = m->capchunks = 0;
  m->chunk_next = NULL;
  m->chunk_left = 0;
  m->free_pages = NULL;
  m->free_quads = NULL;
}

static void shalloc_free(simM_model *m, simM_shalloc *a) {
  if (!a) return;
  for (uint64_t p = 0; p < a->npages; p++) {
    simM_slot *pg = a->pages[p];
    if (!pg) continue;
    /* a page goes back to the free list all zero (page_alloc clears only
     * the list's link): the slots in use are zeroed here, in the pass that
     * frees their reps, instead of the whole page at its reuse (a block's
     * shared shadow is mostly untouched granules) */
    for (unsigned i = 0; i < PAGE_GRANS; i++) {
      simM_slot *sl = &pg[i];
      if (SLOT_TAG(sl) >= TAG_EXT) slot_free(m, sl);
      else {
        uint64_t v[sizeof *sl / 8];
        memcpy(v, (const void *)sl, sizeof v);
        uint64_t any = 0;
        for (unsigned k = 0; k < sizeof v / 8; k++) any |= v[k];
        if (any) memset((void *)sl, 0, sizeof *sl);
      }
    }
    page_free(m, pg);
    acct(m, -(int64_t)(PAGE_GRANS * sizeof(simM_slot)));
    m->st.tracked_bytes -= (uint64_t)PAGE_GRANS << GRAN_SHIFT;
  }
  acct(m, -(int64_t)(a->npages * sizeof(simM_slot *)));
  free(a->pages);
  a->pages = NULL;
  a->npages = 0;
}

/* The slot of granule g of allocation a, allocating its page. */
static simM_slot *shalloc_slot(simM_model *m, simM_shalloc *a, uint64_t g) {
  uint64_t p = g >> PAGE_SHIFT;
  if (p >= a->npages) {
    if (p >= MAX_PAGES) { m->failed = 1; return NULL; }
    uint64_t n = a->npages ? a->npages : 16;
    while (n <= p) n *= 2;
    simM_slot **np = realloc(a->pages, n * sizeof *np);
    if (!np) { m->failed = 1; return NULL; }
    memset(np + a->npages, 0, (n - a->npages) * sizeof *np);
    acct(m, (int64_t)((n - a->npages) * sizeof *np));
    a->pages = np;
    a->npages = n;
  }
  simM_slot *pg = a->pages[p];
  if (!pg) {
    pg = page_alloc(m);
    if (!pg) { m->failed = 1; return NULL; }
    acct(m, (int64_t)PAGE_BYTES);
    a->pages[p] = pg;
    m->st.tracked_bytes += (uint64_t)PAGE_GRANS << GRAN_SHIFT;
    if (m->st.tracked_bytes > m->st.tracked_peak)
      m->st.tracked_peak = m->st.tracked_bytes;
  }
  return &pg[g & (PAGE_GRANS - 1)];
}

/* Grow a vector of shalloc pointers to hold index i. */
static simM_shalloc *shalloc_get(simM_model *m, simM_shalloc ***vec,
                                 unsigned *n, unsigned i) {
  if (i >= *n) {
    unsigned nn = *n ? *n : 8;
    while (nn <= i) nn *= 2;
    simM_shalloc **nv = realloc(*vec, nn * sizeof *nv);
    if (!nv) { m->failed = 1; return NULL; }
    memset(nv + *n, 0, (nn - *n) * sizeof *nv);
    *vec = nv;
    *n = nn;
  }
  if (!(*vec)[i]) (*vec)[i] = zalloc(m, sizeof(simM_shalloc));
  return (*vec)[i];
}

/* The table entry of buffer al (its key or the empty one to take). */
static unsigned gbuf_slot(const simM_model *m, unsigned al) {
  unsigned mask = m->gcap - 1, i = (al * 0x9E3779B1u) & mask;
  while (m->gkey[i] && m->gkey[i] != al + 1) i = (i + 1) & mask;
  return i;
}

/* The shadow of buffer al, or NULL when the launch has not touched it. */
static simM_shalloc *gbuf_find(const simM_model *m, unsigned al) {
  if (!m->gcap) return NULL;
  unsigned i = gbuf_slot(m, al);
  return m->gkey[i] ? m->gval[i] : NULL;
}

/* The shadow of buffer al, made on its first touch (NULL: out of memory). */
static simM_shalloc *gbuf_get(simM_model *m, unsigned al) {
  if (2 * (m->gcount + 1) > m->gcap) {
    unsigned nc = m->gcap ? 2 * m->gcap : 16;
    uint32_t *k = calloc(nc, sizeof *k);
    simM_shalloc **v = calloc(nc, sizeof *v);
    if (!k || !v) {
      free(k), free(v);
      m->failed = 1;
      return NULL;
    }
    uint32_t *ok = m->gkey;
    simM_shalloc **ov = m->gval;
    unsigned oc = m->gcap;
    m->gkey = k;
    m->gval = v;
    m->gcap = nc;
    for (unsigned i = 0; i < oc; i++)
      if (ok[i]) {
        unsigned j = gbuf_slot(m, ok[i] - 1);
        k[j] = ok[i];
        v[j] = ov[i];
      }
    free(ok), free(ov);
  }
  unsigned i = gbuf_slot(m, al);
  if (!m->gkey[i]) {
    simM_shalloc *sa = zalloc(m, sizeof(simM_shalloc));
    if (!sa) return NULL;
    m->gkey[i] = al + 1;
    m->gval[i] = sa;
    m->gcount++;
  }
  return m->gval[i];
}

/* ------------------------------------------------------------- blocks */

static void warp_free(simM_warp *w) {
  free(w->paths);
  free(w->vc);
  memset(w, 0, sizeof *w);
}

static void block_free(simM_model *m, simM_block *b) {
  if (!b) return;
  for (unsigned i = 0; i < b->nwarps; i++) warp_free(&b->warps[i]);
  free(b->warps);
  for (unsigned i = 0; i < b->nshared; i++) {
    shalloc_free(m, &b->shared[i]);
  }
  free(b->shared);
  free(b);
}

/* d / ws and t / tpb, a shift for the usual powers of two (a division's
 * latency on every rep the block-role rules look at) */
static inline uint32_t div_ws(const simM_model *m, uint32_t d) {
  return m->ws_shift < 32 ? d >> m->ws_shift : d / m->ws;
}
static inline uint32_t div_tpb(const simM_model *m, uint32_t t) {
  return m->tpb_shift < 32 ? t >> m->tpb_shift : t / m->tpb;
}

static inline int block_dead(const simM_model *m, uint64_t blk) {
  return (int)((m->dead[blk >> 6] >> (blk & 63)) & 1);
}

static simM_block *block_get(simM_model *m, unsigned blk) {
  if (blk >= m->nblocks) return NULL;
  uint64_t p = (uint64_t)blk >> BTAB_SHIFT;
  if (!m->btab[p]) {
    m->btab[p] = calloc((size_t)1 << BTAB_SHIFT, sizeof(simM_block *));
    if (!m->btab[p]) { m->failed = 1; return NULL; }
  }
  simM_block **slot = &m->btab[p][blk & ((1u << BTAB_SHIFT) - 1)];
  if (*slot) return *slot;
  if (block_dead(m, blk)) return NULL; /* an event after block_end */
  simM_block *b = calloc(1, sizeof *b);
  if (!b) { m->failed = 1; return NULL; }
  b->runsite = NONE32;
  uint32_t threads = m->bthreads;
  if (blk >= m->gblocks && m->nshapes) { /* a child grid's block */
    unsigned lo = 0, hi = m->nshapes;
    while (hi - lo > 1) {
      unsigned mid = (lo + hi) / 2;
      if (m->shapes[mid].first <= blk) lo = mid;
      else hi = mid;
    }
    if (blk >= m->shapes[lo].first && blk - m->shapes[lo].first < m->shapes[lo].n)
      threads = m->shapes[lo].threads;
  }
  b->nwarps = (threads + m->ws - 1) / m->ws;
  b->warps = calloc(b->nwarps, sizeof *b->warps);
  if (!b->warps) { free(b); m->failed = 1; return NULL; }
  for (unsigned w = 0; w < b->nwarps; w++) {
    simM_warp *wp = &b->warps[w];
    unsigned lanes = threads - w * m->ws;
    if (lanes > m->ws) lanes = m->ws;
    wp->live = lanes >= 64 ? ~0ull : ((1ull << lanes) - 1);
    wp->cur_idx = -1;
    /* --its: vc stays NULL (all zero: no lane knows another's accesses,
     * steps are >= 1) until the warp's first __syncwarp; a warp that never
     * runs one pays nothing for its lanes' clocks */
  }
  *slot = b;
  return b;
}

/* ---------------------------------------------------------- lifecycle */

simM_model *simM_new(const simM_sink *sink) {
  simM_model *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  if (sink) m->sink = *sink;
  m->sync = simM_sync_new();
  if (!m->sync) { free(m); return NULL; }
  return m;
}

static void drop_execution(simM_model *m) {
  if (m->btab) {
    for (uint64_t p = 0; p < m->nbtab; p++) {
      if (!m->btab[p]) continue;
      for (unsigned i = 0; i < (1u << BTAB_SHIFT); i++)
        block_free(m, m->btab[p][i]);
      free(m->btab[p]);
    }
    free(m->btab);
    m->btab = NULL;
  }
  m->nbtab = 0;
  free(m->dead);
  m->dead = NULL;
  for (unsigned i = 0; i < m->gcap; i++) {
    if (!m->gkey[i]) continue;
    shalloc_free(m, m->gval[i]);
    acct(m, -(int64_t)sizeof(simM_shalloc));
    free(m->gval[i]);
  }
  free(m->gkey);
  free(m->gval);
  m->gkey = NULL;
  m->gval = NULL;
  m->gcap = m->gcount = 0;
  for (unsigned i = 0; i < m->ngvar; i++) {
    shalloc_free(m, m->gvar[i]);
    if (m->gvar[i]) acct(m, -(int64_t)sizeof(simM_shalloc));
    free(m->gvar[i]);
  }
  free(m->gvar);
  m->gvar = NULL;
  m->ngvar = 0;
  chunks_free(m);
  m->active = 0;
}

void simM_free(simM_model *m) {
  if (!m) return;
  drop_execution(m);
  simM_sync_free(m->sync);
  ext_pool_free(m);
  free(m->needed);
  free(m->shapes);
  for (unsigned i = 0; i < m->cappb; i++) {
    free(m->pb[i].v);
    free(m->pb[i].hk);
    free(m->pb[i].hc);
  }
  free(m->pb);
  free(m);
}

int simM_begin(simM_model *m, const simM_config *c) {
  drop_execution(m);
  m->failed = 0;
  m->npend = 0;
  for (unsigned i = 0; i < m->npb; i++) {
    m->pb[i].n = 0;
    m->pb[i].hused = 0;
    if (m->pb[i].hk) memset(m->pb[i].hk, 0, m->pb[i].hcap * sizeof *m->pb[i].hk);
  }
  m->npb = 0;
  m->npend_seen = 0;
  memset(&m->st, 0, sizeof m->st);
  m->cfg = *c;
  m->ws = c->warp_size ? c->warp_size : 32;
  if (m->ws > MAX_LANES) return -1;
  uint64_t tpb = (uint64_t)c->block.x * c->block.y * c->block.z;
  uint64_t nb = (uint64_t)c->grid.x * c->grid.y * c->grid.z;
  if (!tpb || !nb || tpb > SIMI_MAX_THREADS_TOTAL ||
      nb > SIMI_MAX_THREADS_TOTAL || tpb * nb > SIMI_MAX_THREADS_TOTAL)
    return -1;
  m->bthreads = (uint32_t)tpb;
  m->gblocks = nb;
  m->nshapes = 0;
  if (c->stride) { /* one id space with child grids: ids fit 32 bits */
    if (c->stride < tpb || c->extra_blocks > SIMI_MAX_THREADS_TOTAL ||
        (nb + c->extra_blocks) * c->stride > UINT32_MAX)
      return -1;
    tpb = c->stride;
    nb += c->extra_blocks;
  }
  m->tpb = (uint32_t)tpb;
  m->ws_shift = (m->ws & (m->ws - 1)) ? 32 : (unsigned)__builtin_ctz(m->ws);
  m->tpb_shift = (m->tpb & (m->tpb - 1)) ? 32 : (unsigned)__builtin_ctz(m->tpb);
  m->nblocks = nb;
  m->nwarps = (unsigned)((m->bthreads + m->ws - 1) / m->ws);
  simM_sync_reset(m->sync, m->tpb, m->ws);
  m->nbtab = (nb + (1u << BTAB_SHIFT) - 1) >> BTAB_SHIFT;
  m->btab = calloc(m->nbtab, sizeof *m->btab);
  m->dead = calloc((nb + 63) / 64, sizeof *m->dead);
  if (!m->btab || !m->dead) {
    drop_execution(m);
    return -1;
  }
  m->active = 1;
  return 0;
}

int simM_grid(simM_model *m, uint64_t first, uint64_t nblocks, unsigned threads) {
  if (!m->active || first < m->gblocks || first + nblocks > m->nblocks || !threads ||
      threads > m->tpb || (m->nshapes && m->shapes[m->nshapes - 1].first >= first))
    return -1;
  if (m->nshapes == m->capshapes) {
    unsigned nc = m->capshapes ? 2 * m->capshapes : 16;
    void *ns = realloc(m->shapes, nc * sizeof *m->shapes);
    if (!ns) { m->failed = 1; return -1; }
    m->shapes = ns;
    m->capshapes = nc;
  }
  m->shapes[m->nshapes].first = first;
  m->shapes[m->nshapes].n = nblocks;
  m->shapes[m->nshapes].threads = threads;
  m->nshapes++;
  return 0;
}

void simM_end(simM_model *m) {
  uint64_t peak = m->st.shadow_peak, tpeak = m->st.tracked_peak;
  drop_execution(m);
  m->st.shadow_peak = peak;
  m->st.tracked_peak = tpeak;
}

int simM_failed(const simM_model *m) {
  return m->failed || simM_sync_failed(m->sync);
}

void simM_get_stats(const simM_model *m, simM_stats *s) {
  *s = m->st;
  s->syncs = simM_sync_count(m->sync);
  s->sync_bytes = simM_sync_bytes(m->sync);
}

/* ------------------------------------------------------------- events */

void simM_block_begin(simM_model *m, unsigned block) {
  if (m->active) (void)block_get(m, block);
}

void simM_block_end(simM_model *m, unsigned block) {
  if (!m->active || block >= m->nblocks) return;
  uint64_t p = (uint64_t)block >> BTAB_SHIFT;
  if (m->btab[p]) {
    simM_block **slot = &m->btab[p][block & ((1u << BTAB_SHIFT) - 1)];
    block_free(m, *slot);
    *slot = NULL;
  }
  m->dead[block >> 6] |= 1ull << (block & 63);
}

void simM_release(simM_model *m, unsigned block, uint32_t site) {
  if (!m->active) return;
  simM_block *b = block_get(m, block);
  if (!b) return;
  m->st.releases++;
  /* the run of visit orders that only releases of `site` separate */
  if (!(b->epoch > 0 && b->runsite == site)) {
    b->runstart = b->epoch;
    b->runsite = site;
  }
  b->epoch++;
  simM_sync_barrier(m->sync, block, b->epoch, site);
}

static int path_find(const simM_warp *w, uint32_t id) {
  for (unsigned i = 0; i < w->npaths; i++)
    if (w->paths[i].id == id) return (int)i;
  return -1;
}

/* Is path index i a proper descendant of path id anc? */
static int path_descends(const simM_warp *w, int i, uint32_t anc);

/* The child of `anc` on the chain from path index i up to anc, or -1. */
static int path_child_of(const simM_warp *w, int i, uint32_t anc) {
  for (unsigned guard = 0; i >= 0 && guard <= w->npaths; guard++) {
    if (w->paths[i].parent == anc) return i;
    i = path_find(w, w->paths[i].parent);
  }
  return -1;
}

void simM_path(simM_model *m, unsigned block, unsigned warp, uint32_t child,
               uint32_t parent, uint32_t group, uint64_t mask) {
  /* paths are kept under --its too: they give the lock-step verdict that
   * grades a race (simM_lockstep_orders) */
  if (!m->active) return;
  simM_block *b = block_get(m, block);
  if (!b || warp >= b->nwarps) return;
  simM_warp *w = &b->warps[warp];
  /* `parent` is diverging again: its paths of earlier divergences have all
   * reconverged; drop them (keep this divergence's siblings) */
  if (w->npaths) {
    unsigned char drop[256];
    unsigned n = w->npaths < sizeof drop ? w->npaths : sizeof drop, k = 0;
    for (unsigned i = 0; i < n; i++) {
      int c = path_child_of(w, (int)i, parent);
      drop[i] = c >= 0 && w->paths[c].group != group;
    }
    for (unsigned i = 0; i < w->npaths; i++) {
      if (i < n && drop[i]) continue;
      if (k != i) w->paths[k] = w->paths[i];
      k++;
    }
    w->npaths = k;
  }
  int pi = path_find(w, parent);
  if (w->npaths == w->cap) {
    unsigned nc = w->cap ? w->cap * 2 : 8;
    simM_pathrec *np = realloc(w->paths, nc * sizeof *np);
    if (!np) { m->failed = 1; return; }
    w->paths = np;
    w->cap = nc;
  }
  int ci = path_find(w, child);
  simM_pathrec *c = ci >= 0 ? &w->paths[ci] : &w->paths[w->npaths++];
  uint64_t pmask = pi >= 0 ? w->paths[pi].mask : ~0ull;
  c->id = child;
  c->parent = parent;
  c->group = group;
  c->mask = mask;
  for (unsigned l = 0; l < MAX_LANES; l++) {
    uint64_t bit = 1ull << l;
    if (mask & bit) c->part[l] = 0;
    else if (pmask & bit) c->part[l] = w->last_step; /* parts here */
    else c->part[l] = pi >= 0 ? w->paths[pi].part[l] : 0;
  }
  w->have_cur = 0; /* indices may have moved */
}

/* Is path index i a proper descendant of path id anc? */
static int path_descends(const simM_warp *w, int i, uint32_t anc) {
  for (unsigned guard = 0; i >= 0 && guard <= w->npaths; guard++) {
    uint32_t par = w->paths[i].parent;
    if (par == anc) return 1;
    i = path_find(w, par);
  }
  return 0;
}

/* Make `path` the warp's current path; drop records of paths that reconverged
 * into it (its descendants). */
static void warp_set_path(simM_warp *w, uint32_t path) {
  if (w->have_cur && w->cur == path) return;
  int idx = path_find(w, path);
  if (w->npaths) {
    unsigned char drop[256];
    unsigned n = w->npaths, k = 0;
    if (n > sizeof drop) n = sizeof drop; /* deeper tables are kept whole */
    for (unsigned i = 0; i < n; i++) drop[i] = (unsigned char)path_descends(w, (int)i, path);
    for (unsigned i = 0; i < w->npaths; i++) {
      if (i < n && drop[i]) continue;
      if (k != i) w->paths[k] = w->paths[i];
      k++;
    }
    if (k != w->npaths) {
      w->npaths = k;
      idx = path_find(w, path);
    }
  }
  w->cur = path;
  w->cur_idx = idx;
  w->have_cur = 1;
}

void simM_syncwarp(simM_model *m, unsigned block, unsigned warp,
                   uint64_t mask) {
  if (!m->active || !m->cfg.its) return;
  simM_block *b = block_get(m, block);
  if (!b || warp >= b->nwarps) return;
  simM_warp *w = &b->warps[warp];
  /* vector clocks in warp steps: vc[l][k] = t means lane l knows every
   * access of lane k with step before t. The lanes of `mask` publish their
   * accesses so far (steps <= last_step) and join what the others know. */
  if (!w->vc) {
    w->vc = calloc((size_t)m->ws * MAX_LANES, sizeof(uint32_t)); /* rows of live lanes */
    if (!w->vc) { m->failed = 1; return; }
  }
  uint32_t j[MAX_LANES];
  memset(j, 0, sizeof j);
  uint64_t mm = mask & (m->ws >= 64 ? ~0ull : ((1ull << m->ws) - 1));
  uint32_t t = w->last_step + 1;
  for (unsigned l = 0; l < m->ws; l++) {
    if (!(mm >> l & 1)) continue;
    for (unsigned k = 0; k < MAX_LANES; k++)
      if (seq_after(w->vc[l * MAX_LANES + k], j[k])) j[k] = w->vc[l * MAX_LANES + k];
    j[l] = t;
  }
  for (unsigned l = 0; l < m->ws; l++) {
    if (!(mm >> l & 1)) continue;
    memcpy(&w->vc[l * MAX_LANES], j, sizeof j);
  }
}

void simM_thread_exit(simM_model *m, unsigned block, unsigned warp,
                      uint64_t mask) {
  if (!m->active) return;
  simM_block *b = block_get(m, block);
  if (!b || warp >= b->nwarps) return;
  b->warps[warp].live &= ~mask;
}

/* ------------------------------------------------------------ accesses */

/* What one lane's access looks like to the unit code: xacc (internal.h). */

/* Is the earlier access of lane m of X's warp, with seq y, concurrent with X? */
static inline int warp_conc(const simM_model *m, const xacc *x, unsigned ml,
                            uint32_t y) {
  if (m->cfg.its) return ml != x->lane && !(x->vcrow && seq_after(x->vcrow[ml], y));
  if ((x->pmask >> ml) & 1) return 0;
  return x->part && seq_after(y, x->part[ml]);
}

/* y (earlier) and X as the cells of simM_decide, with X's knowledge. */
static void cells(const simM_model *m, xacc *x, const simM_rep *y,
                  simM_cell *cy, simM_cell *cx, simM_know *k, int know) {
  unsigned yk = rep_kind(y);
  cy->tid = rep_tid(y);
  cy->kind = yk & 7u;
  cy->scope = (yk & ACC_N) ? SIMI_SCOPE_BLOCK : SIMI_SCOPE_DEVICE;
  cy->seq = y->seq;
  cy->epoch = rep_epoch(y);
  cx->tid = x->tid;
  cx->kind = x->kind & 7u;
  cx->scope = (x->kind & ACC_N) ? SIMI_SCOPE_BLOCK : SIMI_SCOPE_DEVICE;
  cx->seq = x->seq;
  cx->epoch = x->E;
  k->base_ordered = 0;
  k->has_thread = k->has_block = 0;
  if (know && simM_sync_on(m->sync)) {
    if (!x->kv_ready) {
      simM_sync_view(m->sync, x->tid, &x->kv);
      x->kv_ready = 1;
    }
    simM_sync_know_v(&x->kv, cy->tid, k);
  }
}

/* Ordered by synchronisation (atomics, fences) though not by barriers. */
static int sync_ordered(const simM_model *m, xacc *x, const simM_rep *y) {
  simM_cell cy, cx;
  simM_know k;
  cells(m, x, y, &cy, &cx, &k, 0); /* the cells alone first: no lookup */
  int r = simM_decide(&cy, &cx, &k, m->tpb, m->ws);
  if (r != SIMM_RACE || !simM_sync_on(m->sync)) return r == SIMM_ORDERED;
  /* only knowledge can order the pair now (simM_decide's last two rules) */
  if (!x->kv_ready) {
    simM_sync_view(m->sync, x->tid, &x->kv);
    x->kv_ready = 1;
  }
  return simM_sync_orders_v(&x->kv, cy.tid, cy.seq, cy.epoch);
}

static void report(simM_model *m, xacc *x, const simM_rep *y, uint64_t uaddr,
                   unsigned rel) {
  /* the rule of the table in docs/findings.md: barriers and warp order said
   * "unordered"; synchronisation may still order the pair */
  if (simM_sync_on(m->sync)) {
    simM_cell cy, cx;
    simM_know k;
    cells(m, x, y, &cy, &cx, &k, 1);
    if (simM_decide(&cy, &cx, &k, m->tpb, m->ws) == SIMM_ORDERED) {
      /* ordered through y's block's barrier (not y's own release): that
       * barrier is needed */
      if (k.has_block && !(k.has_thread && seq_after(k.thread, cy.seq)) && m->cfg.barriers) {
        uint32_t yb = cy.tid / m->tpb;
        uint32_t bs = simM_sync_barrier_site(m->sync, yb, cy.epoch);
        if (bs != NONE32) {
          int r = needed_add(m, bs);
          if (r < 0) m->failed = 1;
          else if (r > 0 && m->sink.needed) m->sink.needed(m->sink.ctx, bs, yb);
        }
      }
      return;
    }
  }
  unsigned ww = ((rep_kind(y) & ACC_W) && (x->kind & ACC_W)) ? 1 : 0;
  for (unsigned i = 0; i < x->nseen; i++)
    if (x->seen[i] == y->site && x->seenww[i] == ww) return;
  if (x->nseen < 8) {
    x->seen[x->nseen] = y->site;
    x->seenww[x->nseen++] = (uint8_t)ww;
  }
  m->st.races++;
  if (!m->sink.race) return;
  simM_race r;
  memset(&r, 0, sizeof r);
  r.space = x->space;
  r.block = x->block;
  r.addr = uaddr > x->addr ? uaddr : x->addr;
  r.relation = rel;
  r.first.tid = rep_tid(y);
  r.first.kind = rep_kind(y) & 7u;
  r.first.site = y->site;
  r.second.tid = x->tid;
  r.second.kind = x->kind & 7u;
  r.second.site = x->site;
  r.second.size = x->size;
  r.second.has_value = x->has_value;
  r.second.value = x->value;
  if ((r.first.kind & ACC_W) && x->has_prev) {
    r.has_prev = 1;
    r.prev = x->prev;
  }
  if (simM_sync_on(m->sync)) simM_sync_why(m->sync, x->tid, &r.why);
  else { r.why.site = r.why.acquire_site = UINT32_MAX; }
  if (m->cfg.its && rel == SIMM_REL_SAME_WARP) {
    simM_cell cy, cx;
    cy.tid = r.first.tid;
    cy.seq = y->seq;
    cy.epoch = rep_epoch(y);
    cx.tid = x->tid;
    cx.seq = x->seq;
    cx.epoch = x->E;
    cy.kind = r.first.kind;
    cx.kind = r.second.kind;
    cy.scope = cx.scope = SIMI_SCOPE_NONE;
    if (simM_lockstep_orders(&cy, &cx, x->pmask, x->part, m->tpb, m->ws))
      r.why.would |= SIMM_WOULD_LOCKSTEP;
  }
  m->sink.race(m->sink.ctx, &r);
}

static void evidence(simM_model *m, xacc *x) {
  x->evidence = 1;
  int r = needed_add(m, x->runsite);
  if (r < 0) { m->failed = 1; return; }
  if (r > 0 && m->sink.needed) m->sink.needed(m->sink.ctx, x->runsite, x->block);
}

/* --its: is an access of lane ml at step y ordered before every future
 * access of the other live lanes (y before vc[l][ml] for each of them)? */
static int its_past(const simM_model *m, const simM_warp *w, unsigned ml,
                    uint32_t y) {
  /* no vc yet (no __syncwarp ran): all zero, only a lane alone is past */
  if (!w->vc) return !(w->live & ~(1ull << ml));
  for (unsigned l = 0; l < m->ws; l++) {
    if (l == ml || !((w->live >> l) & 1)) continue;
    /* no vc yet: all zero, no lane synchronized */
    if (!w->vc || !seq_after(w->vc[l * MAX_LANES + ml], y)) return 0;
  }
  return 1;
}

/* Which of the block roles F_CUR and (when x->track) F_ALL of block B in
 * class x->cls need X, clearing the flag of reps X replaces: one pass serves
 * both roles (inlined, as unit_store: a shared word many lanes of a warp
 * update keeps a rep per lane under --its). kept (the caller changes no flag
 * after): when the warp model clears, r is compacted as unit_store does and
 * *kept is the number of reps left; else *kept is left alone. */
static inline __attribute__((always_inline)) unsigned
role_blocks(const simM_model *m, xacc *x, simM_rep *r, unsigned n, unsigned *kept) {
  unsigned flags = F_CUR | (x->track ? F_ALL : 0u);
  int wc = -1, wa = -1;          /* the warp of the role's first rep */
  unsigned any = 0, multi = 0;   /* per flag: a rep of the role, of two warps */
  for (unsigned i = 0; i < n; i++) {
    const simM_rep *y = &r[i];
    unsigned f = y->ef & flags;
    if (!f || rep_cls(y) != x->cls) continue;
    uint32_t t = rep_tid(y);
    if (t - x->bb >= m->tpb) continue; /* other block's role */
    int w = (int)div_ws(m, t - x->bb);
    any |= f;
    if (f & F_CUR) {
      if (wc < 0) wc = w;
      else if (w != wc) multi |= F_CUR;
    }
    if (f & F_ALL) {
      if (wa < 0) wa = w;
      else if (w != wa) multi |= F_ALL;
    }
  }
  /* a role without reps, or with reps of one other warp only, needs X; of
   * two warps, not; of X's warp only: the warp model decides (`own`) */
  unsigned need = flags & ~any, own = 0;
  if ((any & ~multi & F_CUR) && (unsigned)wc != x->warp) need |= F_CUR;
  if ((any & ~multi & F_ALL) && (unsigned)wa != x->warp) need |= F_ALL;
  if ((any & ~multi & F_CUR) && (unsigned)wc == x->warp) own |= F_CUR;
  if ((any & ~multi & F_ALL) && (unsigned)wa == x->warp) own |= F_ALL;
  if (!own) return need;
  if (!m->cfg.its) {
    /* lock-step: a rep concurrent with X keeps the role (X not needed);
     * else X replaces every rep of the role */
    unsigned conc = 0;
    for (unsigned i = 0; i < n; i++) {
      const simM_rep *y = &r[i];
      unsigned f = y->ef & own & ~conc;
      if (!f || rep_cls(y) != x->cls) continue;
      if (rep_tid(y) - x->bb >= m->tpb) continue;
      if (warp_conc(m, x, rep_tid(y) - x->wb, y->seq)) conc |= f;
    }
    own &= ~conc;
    if (!own) return need;
    for (unsigned i = 0; i < n; i++) {
      simM_rep *y = &r[i];
      if (!(y->ef & own) || rep_cls(y) != x->cls) continue;
      if (rep_tid(y) - x->bb >= m->tpb) continue;
      y->ef &= ~own; /* y precedes X: X replaces it */
    }
    return need | own;
  }
  if (kept) {
    /* the caller changes no flag after this: the pass that clears the
     * roles X replaces also drops the reps no role keeps (unit_store's) */
    unsigned k = 0;
    for (unsigned i = 0; i < n; i++) {
      simM_rep *y = &r[i];
      unsigned f = y->ef & own;
      if (f && rep_cls(y) == x->cls && rep_tid(y) - x->bb < m->tpb) {
        unsigned ml = rep_tid(y) - x->wb;
        if (ml == x->lane || its_past(m, x->w, ml, y->seq)) y->ef &= ~f;
      }
      if (!rep_flags(y)) continue;
      if (k != i) r[k] = *y;
      k++;
    }
    *kept = k;
    return need | own;
  }
  for (unsigned i = 0; i < n; i++) {
    simM_rep *y = &r[i];
    unsigned f = y->ef & own;
    if (!f || rep_cls(y) != x->cls) continue;
    if (rep_tid(y) - x->bb >= m->tpb) continue;
    unsigned ml = rep_tid(y) - x->wb;
    if (ml == x->lane || its_past(m, x->w, ml, y->seq)) y->ef &= ~f;
  }
  return need | own;
}

/* Q1: per class, reps from two different blocks. */
static int role_q1(const simM_model *m, const xacc *x, const simM_rep *r,
                   unsigned n) {
  int64_t b0 = -1;
  for (unsigned i = 0; i < n; i++) {
    const simM_rep *y = &r[i];
    if (!(y->ef & F_Q1) || rep_cls(y) != x->cls) continue;
    int64_t b = div_tpb(m, rep_tid(y));
    if (b0 < 0) b0 = b;
    else if (b != b0) return 0;
  }
  return b0 < 0 || (uint64_t)b0 != x->block;
}

static inline simM_rep make_rep(const xacc *x, unsigned flags) {
  simM_rep r;
  r.tk = TAG_REP | (x->kind << 2) | (x->tid << 6);
  r.site = x->site;
  r.seq = x->seq;
  r.ef = flags | ((x->E & EPOCH_MASK) << 4);
  return r;
}

/* 3. of unit_access: drop the unit's reps no role keeps, add X for the
 * roles `need` (r, n: the unit's reps; tag: its slot tag). */
static inline __attribute__((always_inline)) void
unit_put(simM_model *m, simM_slot *s, const xacc *x, simM_rep *r, unsigned k, unsigned tag,
         unsigned need);

static inline __attribute__((always_inline)) void
unit_store(simM_model *m, simM_slot *s, const xacc *x, simM_rep *r, unsigned n, unsigned tag,
           unsigned need) {
  unsigned k = 0;
  for (unsigned i = 0; i < n; i++) {
    if (!rep_flags(&r[i])) continue;
    if (k != i) r[k] = r[i];
    k++;
  }
  unit_put(m, s, x, r, k, tag, need);
}

/* unit_store once the reps no role keeps are gone: r[0..k-1] are kept. */
static inline __attribute__((always_inline)) void
unit_put(simM_model *m, simM_slot *s, const xacc *x, simM_rep *r, unsigned k, unsigned tag,
         unsigned need) {
  (void)r; /* the kept reps are where the slot says */
  if (tag == TAG_REP) {
    if (k == 0) {
      if (need) s->rep = make_rep(x, need);
      else memset(s, 0, sizeof *s);
      return;
    }
    if (!need) return;
    simM_rep *v = ext_alloc(m, EXT_POOL_CAP);
    if (!v) { m->failed = 1; return; }
    acct(m, EXT_POOL_CAP * (int64_t)sizeof *v);
    v[0] = s->rep;
    v[1] = make_rep(x, need);
    s->ext.tag = TAG_EXT;
    s->ext.n = 2;
    s->ext.cap = EXT_POOL_CAP;
    s->ext.v = v;
    if (m->st.reps_max < 2) m->st.reps_max = 2;
    return;
  }
  s->ext.n = (uint16_t)k;
  if (!need) {
    if (k == 0) slot_free(m, s);
    return;
  }
  if (k == s->ext.cap) {
    unsigned nc = s->ext.cap * 2u;
    if (nc > 0xFFFFu) { m->failed = 1; return; }
    simM_rep *v = ext_alloc(m, nc);
    if (!v) { m->failed = 1; return; }
    memcpy(v, s->ext.v, k * sizeof *v);
    ext_release(m, s->ext.v, s->ext.cap);
    acct(m, (int64_t)(s->ext.cap * sizeof *v));
    s->ext.v = v;
    s->ext.cap = (uint16_t)nc;
  }
  s->ext.v[k] = make_rep(x, need);
  s->ext.n = (uint16_t)(k + 1);
  if (m->st.reps_max < k + 1) m->st.reps_max = k + 1;
}

/* The roll: X is block B's first access of the unit in a new visit order;
 * B's reps of its last visit order L take the PREV/ALL roles (`own`: every
 * rep is B's). */
static inline __attribute__((always_inline)) void
roll(const simM_model *m, const xacc *x, simM_rep *r, unsigned n, uint32_t L, int own) {
  uint32_t dL = edist(x->E, L);
  for (unsigned i = 0; i < n; i++) {
    simM_rep *y = &r[i];
    if (!own && rep_tid(y) - x->bb >= m->tpb) continue;
    unsigned f = rep_flags(y), pr = 0;
    if (x->track && dL <= x->distR) {
      if (dL < x->distR) pr = f & F_ALL;
      else pr = (f & F_CUR) && rep_epoch(y) == L;
    }
    f = (f & F_Q1) | (pr ? (F_ALL | F_PREV) : 0);
    y->ef = (y->ef & ~15u) | f;
  }
}

/* unit_access for a unit whose every rep is X's own thread's, with no
 * synchronisation running (x->sync == 0) and X's lane on its path: the same
 * state as the general rules in fewer passes. No query can report or find
 * evidence (each skips X's own thread); each block role's reps of X's class
 * are X's warp's and lane's, ordered before X in both warp models, so X
 * replaces them (role_blocks needs X after clearing their flag); Q1 sees
 * only X's block. */
static void unit_own(simM_model *m, simM_slot *s, xacc *x, simM_rep *r, unsigned n,
                     unsigned tag) {
  /* 0. roll, as in unit_access (every rep is of X's block) */
  uint32_t L = NONE32;
  for (unsigned i = 0; i < n; i++)
    if ((r[i].ef & F_CUR) && rep_epoch(&r[i]) != x->E) {
      L = rep_epoch(&r[i]);
      break;
    }
  if (L != NONE32) roll(m, x, r, n, L, 1);
  /* 2. CUR (and ALL when tracked): X replaces its class's reps */
  unsigned roles = F_CUR | (x->track ? F_ALL : 0), need = roles;
  int q1 = 0;
  for (unsigned i = 0; i < n; i++)
    if (rep_cls(&r[i]) == x->cls) {
      q1 |= (r[i].ef & F_Q1) != 0;
      r[i].ef &= ~roles;
    }
  if (x->global) {
    if (!q1) need |= F_Q1; /* role_q1: no rep of the role in X's class */
    else
      for (unsigned i = 0; i < n; i++) /* the merge of unit_access */
        if (rep_flags(&r[i]) == F_Q1 && rep_cls(&r[i]) == x->cls) {
          r[i].ef &= ~(unsigned)F_Q1;
          need |= F_Q1;
          break;
        }
  }
  unit_store(m, s, x, r, n, tag, need);
}

/* A plain read X of shared memory, under --its in a kernel that never
 * orders lanes (no_lane_sync), no synchronisation running, in a unit with
 * reps r[0..n-1]: 1 when the rules of unit_access would leave the unit as
 * it is and report nothing, for any lane of X's warp, else 0. That holds
 * when every rep is of X's block, none writes in X's visit order (a race),
 * none holds CUR for an earlier visit order (a roll is due), and each role
 * X could take (CUR, and ALL when tracked) is held by reps of X's class
 * from two warps: role_blocks then keeps nothing of X and clears nothing,
 * and unit_store has nothing to drop. A write of an earlier visit order
 * would only count as evidence for the run's barrier, which the earlier
 * reader of another warp than the writer's (one of the two CUR holders;
 * both in X's visit order, so the write was there) has marked already:
 * evidence is a set. So the lanes of every warp after the first two that
 * read a unit (a tile in shared memory that every thread reads) cost one
 * pass, or nothing for a broadcast read (bcast_skip). */
static int read_skip(const simM_model *m, const xacc *x, const simM_rep *r, unsigned n) {
  int w0[2] = {-1, -1}, multi[2] = {0, 0};
  for (unsigned i = 0; i < n; i++) {
    const simM_rep *y = &r[i];
    uint32_t d = rep_tid(y) - x->bb;
    if (d >= m->tpb || ((rep_kind(y) & ACC_W) && rep_epoch(y) == x->E) ||
        ((y->ef & F_CUR) && rep_epoch(y) != x->E))
      return 0;
    if (rep_cls(y) != x->cls) continue;
    int w = (int)div_ws(m, d);
    for (unsigned k = 0; k < 2; k++) {
      if (!(y->ef & (k ? F_ALL : F_CUR))) continue;
      if (w0[k] < 0) w0[k] = w;
      else if (w != w0[k]) multi[k] = 1;
    }
  }
  return multi[0] && (!x->track || multi[1]);
}

static void unit_access(simM_model *m, simM_slot *s, xacc *x, uint64_t uaddr) {
  unsigned tag = SLOT_TAG(s);
  unsigned base = F_CUR | (x->track ? F_ALL : 0) | (x->global ? F_Q1 : 0);
  if (tag == TAG_EMPTY) {
    s->rep = make_rep(x, base);
    if (m->st.reps_max < 1) m->st.reps_max = 1;
    return;
  }
  /* the unit's only rep is X's own thread's, of X's class and visit order,
   * kept for no role X does not take (no PREV): X supersedes it (no other
   * thread's access to query; each role's rules below end with X replacing
   * it), unless synchronisation ran (then the rules below decide) */
  if (tag == TAG_REP && rep_tid(&s->rep) == x->tid && rep_cls(&s->rep) == x->cls &&
      rep_epoch(&s->rep) == x->E && !(rep_flags(&s->rep) & ~base) && !x->sync) {
    s->rep = make_rep(x, base);
    return;
  }
  simM_rep *r;
  unsigned n;
  if (tag == TAG_REP) { r = &s->rep; n = 1; }
  else { r = s->ext.v; n = s->ext.n; }
  /* a plain read of shared memory that the rules below would neither
   * report nor store (read_skip): skip it */
  if (n > 1 && !x->global && x->kind == ACC_R && !x->sync && m->cfg.its && m->cfg.no_lane_sync &&
      read_skip(m, x, r, n))
    return;
  if (!x->sync && (m->cfg.its || ((x->pmask >> x->lane) & 1))) {
    unsigned i = 0;
    while (i < n && rep_tid(&r[i]) == x->tid) i++;
    if (i == n) {
      unit_own(m, s, x, r, n, tag);
      return;
    }
  }

  /* 1. queries: every kept rep is a real earlier access. The same pass
   *    looks for a roll (step 0, below): neither changes what the other
   *    reads (the queries read no flag of X's block's reps). */
  uint32_t L = NONE32;
  for (unsigned i = 0; i < n; i++) {
    simM_rep *y = &r[i];
    uint32_t t = rep_tid(y);
    if (t - x->bb >= m->tpb) {
      /* another block's access: a race in global memory, whatever the
       * visit orders; its block roles expire when that block has ended */
      if ((y->ef & (F_CUR | F_ALL | F_PREV)) && block_dead(m, div_tpb(m, t)))
        y->ef &= ~(unsigned)(F_CUR | F_ALL | F_PREV);
      if (x->global && t != x->tid && kinds_conflict_blocks(rep_kind(y), x->kind))
        report(m, x, y, uaddr, SIMM_REL_OTHER_BLOCK);
      continue;
    }
    uint32_t ye = rep_epoch(y);
    if (L == NONE32 && (y->ef & F_CUR) && ye != x->E) L = ye;
    if (t == x->tid || !kinds_conflict(rep_kind(y), x->kind)) continue;
    uint32_t d = edist(x->E, ye);
    int same_warp = t - x->wb < m->ws;
    if (d == 0) {
      if (!same_warp) report(m, x, y, uaddr, SIMM_REL_OTHER_WARP);
      else if (warp_conc(m, x, t - x->wb, y->seq))
        report(m, x, y, uaddr, SIMM_REL_SAME_WARP);
    } else if (x->track && !x->evidence && d <= x->distR) {
      if (!same_warp || warp_conc(m, x, t - x->wb, y->seq)) evidence(m, x);
    }
  }

  /* 0. roll: the first access of block B in a new visit order turns the
   *    block's reps of its last visit order L into the PREV/ALL roles. */
  if (L != NONE32) roll(m, x, r, n, L, 0);

  /* 1b. synchronisation hands a plain access over: an earlier plain access
   *     y of the same class (or a read, X being a plain write) that barriers
   *     leave unordered with X but a release/acquire orders before X is
   *     covered by X for every later access (y < X, so Z || y implies
   *     Z || X); X takes over y's CUR/Q1 roles */
  int handed = 0;
  if (x->sync && !(x->kind & ACC_A)) {
    for (unsigned i = 0; i < n; i++) {
      simM_rep *y = &r[i];
      unsigned yk = rep_kind(y);
      uint32_t t = rep_tid(y);
      if (!(y->ef & (F_CUR | F_Q1)) || (yk & ACC_A) || t == x->tid) continue;
      if (rep_cls(y) != x->cls && !((x->kind & ACC_W) && !(yk & ACC_W))) continue;
      int other_block = t - x->bb >= m->tpb;
      if (!other_block && (edist(x->E, rep_epoch(y)) != 0 || t - x->wb < m->ws)) continue;
      if (!sync_ordered(m, x, y)) continue;
      y->ef &= ~(unsigned)(F_CUR | F_Q1);
      handed = 1;
    }
  }

  /* 2. which roles need X (X is of class x->cls) */
  if (!x->global && !x->sync) {
    /* nothing below changes a flag: role_blocks may compact as it clears */
    unsigned k = UINT32_MAX;
    unsigned need = role_blocks(m, x, r, n, &k);
    if (k != UINT32_MAX) unit_put(m, s, x, r, k, tag, need);
    else unit_store(m, s, x, r, n, tag, need);
    return;
  }
  unsigned need = role_blocks(m, x, r, n, NULL);
  if (handed) need |= F_CUR | (x->global ? F_Q1 : 0);
  int sync_mode = x->sync;
  if (sync_mode && n < SYNC_UNIT_CAP) {
    /* synchronisation orders single threads: Q1 keeps the latest access of
     * every thread and class (a later access of one thread covers its
     * earlier ones: y < z and X || y imply X || z) */
    for (unsigned i = 0; i < n; i++) {
      simM_rep *y = &r[i];
      if ((y->ef & F_Q1) && rep_tid(y) == x->tid &&
          (rep_cls(y) == x->cls || ((x->kind & ACC_W) && !(x->kind & ACC_A) && rep_kind(y) == ACC_R)))
        y->ef &= ~(unsigned)F_Q1;
    }
    need |= F_Q1;
  } else if (x->global) {
    if (sync_mode) m->st.sync_capped++;
    if (role_q1(m, x, r, n)) need |= F_Q1;
    else if (need) {
      /* merge: a rep of X's block and class kept only for Q1 hands the Q1
       * role to X (same block, same class: equivalent for other blocks) */
      for (unsigned i = 0; i < n; i++) {
        simM_rep *y = &r[i];
        if (rep_flags(y) == F_Q1 && rep_cls(y) == x->cls &&
            rep_tid(y) - x->bb < m->tpb) {
          y->ef &= ~(unsigned)F_Q1;
          need |= F_Q1;
          break;
        }
      }
    }
  }

  unit_store(m, s, x, r, n, tag, need);
}

/* Split a granule unit into four byte units, each a copy. */
static int slot_split(simM_model *m, simM_slot *s) {
  simM_slot *b = quad_alloc(m);
  if (!b) { m->failed = 1; return -1; }
  acct(m, 4 * (int64_t)sizeof *b);
  unsigned tag = SLOT_TAG(s);
  for (unsigned i = 0; i < 4; i++) {
    if (tag == TAG_EXT) {
      simM_rep *v = ext_alloc(m, s->ext.cap);
      if (!v) {
        for (unsigned j = 0; j < i; j++) slot_free(m, &b[j]);
        quad_free(m, b);
        acct(m, -4 * (int64_t)sizeof *b);
        m->failed = 1;
        return -1;
      }
      acct(m, (int64_t)(s->ext.cap * sizeof *v));
      memcpy(v, s->ext.v, s->ext.n * sizeof *v);
      b[i].ext.tag = TAG_EXT;
      b[i].ext.n = s->ext.n;
      b[i].ext.cap = s->ext.cap;
      b[i].ext.v = v;
    } else {
      b[i] = *s;
    }
  }
  if (tag == TAG_EXT) slot_free(m, s);
  s->split.tag = TAG_SPLIT;
  s->split.pad = 0;
  s->split.b = b;
  return 0;
}

/* The shadow of the allocation `addr` points into (NULL: not tracked). */
static simM_shalloc *shadow_of(simM_model *m, simM_block *b, uint64_t addr) {
  unsigned sp = SIMI_PTR_SPACE(addr), al = SIMI_PTR_ALLOC(addr);
  if (sp == SIMI_SPACE_GLOBAL) {
    if (al >= SIMI_GLOBALVAR_FIRST)
      return shalloc_get(m, &m->gvar, &m->ngvar, al - SIMI_GLOBALVAR_FIRST);
    return gbuf_get(m, al);
  }
  if (sp == SIMI_SPACE_SHARED) {
    if (al >= b->nshared) {
      unsigned nn = b->nshared ? b->nshared : 4;
      while (nn <= al) nn *= 2;
      simM_shalloc *nv = realloc(b->shared, nn * sizeof *nv);
      if (!nv) { m->failed = 1; return NULL; }
      memset(nv + b->nshared, 0, (nn - b->nshared) * sizeof *nv);
      b->shared = nv;
      b->nshared = nn;
    }
    return &b->shared[al];
  }
  return NULL;
}

/* The lanes of one access event mostly name one allocation: its shadow is
 * looked up once per event (shalloc_cache), not once per lane. */
typedef struct shalloc_cache {
  uint64_t key;      /* space << 32 | alloc index of sa, or ~0 */
  simM_shalloc *sa;  /* its shadow (NULL: not tracked) */
} shalloc_cache;

static void lane_access(simM_model *m, simM_block *b, xacc *x, shalloc_cache *c) {
  uint64_t key = ((uint64_t)SIMI_PTR_SPACE(x->addr) << 32) | SIMI_PTR_ALLOC(x->addr);
  if (key != c->key) {
    c->sa = shadow_of(m, b, x->addr);
    c->key = key;
  }
  simM_shalloc *sa = c->sa;
  if (!sa) return;
  uint64_t off = SIMI_PTR_OFFSET(x->addr);
  uint64_t base = x->addr - off;
  unsigned size = x->size ? x->size : 1;
  uint64_t end = off + size; /* exclusive */
  for (uint64_t g = off >> GRAN_SHIFT; (g << GRAN_SHIFT) < end; g++) {
    simM_slot *s = shalloc_slot(m, sa, g);
    if (!s) return;
    uint64_t g0 = g << GRAN_SHIFT;
    uint64_t lo = off > g0 ? off : g0;
    uint64_t hi = end < g0 + GRAN_BYTES ? end : g0 + GRAN_BYTES;
    if (lo == g0 && hi == g0 + GRAN_BYTES && SLOT_TAG(s) != TAG_SPLIT) {
      if (SLOT_TAG(s) == TAG_EMPTY) { /* unit_access's first step, inline */
        s->rep = make_rep(x, F_CUR | (x->track ? F_ALL : 0) | (x->global ? F_Q1 : 0));
        if (m->st.reps_max < 1) m->st.reps_max = 1;
        continue;
      }
      unit_access(m, s, x, base + g0);
      continue;
    }
    if (SLOT_TAG(s) != TAG_SPLIT && slot_split(m, s) < 0) return;
    for (uint64_t by = lo; by < hi; by++)
      unit_access(m, &s->split.b[by - g0], x, base + by);
  }
}

/* Lock-step: two lanes of one warp instruction writing overlapping bytes. */
static void intra_event(simM_model *m, const simI_access *a, uint32_t bb,
                        uint32_t wb) {
  unsigned idx[64], n = 0;
  for (unsigned l = 0; l < m->ws; l++)
    if ((a->mask >> l) & 1) idx[n++] = l;
  if (n < 2) return;
  unsigned size = a->size ? a->size : 1;
  /* fast path: strictly increasing, non-overlapping (coalesced) */
  int sorted = 1;
  for (unsigned i = 1; i < n && sorted; i++)
    if (a->addr[idx[i]] < a->addr[idx[i - 1]] + size ||
        a->addr[idx[i]] < a->addr[idx[i - 1]])
      sorted = 0;
  if (sorted) return;
  /* insertion sort by address, stable by lane */
  for (unsigned i = 1; i < n; i++) {
    unsigned v = idx[i], j = i;
    while (j > 0 && a->addr[idx[j - 1]] > a->addr[v]) {
      idx[j] = idx[j - 1];
      j--;
    }
    idx[j] = v;
  }
  (void)bb;
  for (unsigned i = 1; i < n; i++) {
    /* lane idx[i] overlaps some lane before it in address order iff it
     * overlaps the one with the furthest end among them; equal sizes make
     * that the previous one */
    unsigned p = idx[i - 1], q = idx[i];
    uint64_t ap = a->addr[p], aq = a->addr[q];
    if (SIMI_PTR_SPACE(ap) != SIMI_PTR_SPACE(aq) ||
        SIMI_PTR_ALLOC(ap) != SIMI_PTR_ALLOC(aq) || aq >= ap + size)
      continue;
    m->st.races++;
    if (!m->sink.race) continue;
    unsigned first = p < q ? p : q, second = p < q ? q : p;
    simM_race r;
    memset(&r, 0, sizeof r);
    r.space = a->space;
    r.block = a->block;
    r.addr = aq;
    r.relation = SIMM_REL_SAME_WARP;
    r.first.tid = wb + first;
    r.first.kind = a->kind;
    r.first.site = a->site;
    r.first.size = a->size;
    r.second.tid = wb + second;
    r.second.kind = a->kind;
    r.second.site = a->site;
    r.second.size = a->size;
    if (a->value && a->size <= 8) {
      r.first.has_value = r.second.has_value = 1;
      r.first.value = a->value[first];
      r.second.value = a->value[second];
    }
    if (a->prev) {
      r.has_prev = 1;
      r.prev = a->prev[second];
    }
    m->sink.race(m->sink.ctx, &r);
  }
}

static void pending_check(simM_model *m, const simI_access *a);
/* The location a lane's atomic names for model/sync.c: the address, with the
 * block that owns it for shared memory (each block has its own; the owner
 * is a peer's for a shared::cluster access). Offsets in one variable are
 * below 2^20 (1 MiB of dynamic shared memory at most), shared variables
 * below 2^14, blocks below 2^26 (SIMI_MAX_THREADS_TOTAL). */
static uint64_t sync_key(const simI_access *a, unsigned l) {
  uint64_t p = a->addr[l];
  if (a->space != SIMI_SPACE_SHARED) return p;
  uint64_t owner = a->owner1 ? a->owner1 - 1 : a->block;
  return ((uint64_t)SIMI_SPACE_SHARED << 60) | ((owner & 0x3FFFFFFull) << 34) |
         ((uint64_t)(SIMI_PTR_ALLOC(p) & 0x3FFFu) << 20) | (SIMI_PTR_OFFSET(p) & 0xFFFFFu);
}

/* read_skip for a whole event: every active lane reads the same bytes of
 * shared memory; 1 when each of those bytes' units lets any lane skip, 0
 * when one does not (or is not a plain unit of reps). Allocates nothing. */
static int bcast_skip(const simM_model *m, const simM_block *b, const xacc *x) {
  unsigned al = SIMI_PTR_ALLOC(x->addr);
  if (al >= b->nshared) return 0;
  const simM_shalloc *sa = &b->shared[al];
  uint64_t off = SIMI_PTR_OFFSET(x->addr), end = off + (x->size ? x->size : 1);
  if ((off & (GRAN_BYTES - 1)) || (end & (GRAN_BYTES - 1))) return 0;
  for (uint64_t g = off >> GRAN_SHIFT; g < end >> GRAN_SHIFT; g++) {
    uint64_t p = g >> PAGE_SHIFT;
    if (p >= sa->npages || !sa->pages[p]) return 0;
    const simM_slot *sl = &sa->pages[p][g & (PAGE_GRANS - 1)];
    if (SLOT_TAG(sl) != TAG_EXT || !read_skip(m, x, sl->ext.v, sl->ext.n)) return 0;
  }
  return 1;
}

void simM_access(simM_model *m, const simI_access *a) {
  if (!m->active) return;
  if (a->space != SIMI_SPACE_GLOBAL && a->space != SIMI_SPACE_SHARED) return;
  simM_block *b = block_get(m, a->block);
  if (!b || a->warp >= b->nwarps) return;
  simM_warp *w = &b->warps[a->warp];
  xacc x;
  x.kind = a->kind & 7u;
  if ((x.kind & ACC_A) && (a->scope == SIMI_SCOPE_BLOCK || a->scope == SIMI_SCOPE_WARP))
    x.kind |= ACC_N;
  x.cls = (x.kind >> 1) & 7u;
  x.site = a->site;
  x.E = b->epoch & EPOCH_MASK;
  x.track = m->cfg.barriers;
  x.distR = b->runsite != NONE32 ? edist(b->epoch, b->runstart) : 0;
  x.runsite = b->runsite;
  x.bb = a->block * m->tpb;
  x.wb = x.bb + a->warp * m->ws;
  x.warp = a->warp;
  x.block = a->block;
  /* shared memory of a cluster's block is visible to the cluster's other
   * blocks (mapa): cross-block accesses race as in global memory */
  x.global = a->space == SIMI_SPACE_GLOBAL || a->owner1;
  simM_block *ob = b;
  if (a->owner1 && a->owner1 - 1 != a->block) {
    ob = block_get(m, a->owner1 - 1);
    if (!ob) return;
  }
  x.space = a->space;
  x.size = a->size;
  x.w = w;
  x.vcrow = NULL;
  x.part = NULL;
  x.pmask = ~0ull;
  /* the warp step orders a rep in both warp models (--its: against the
   * lanes' vector clocks, lock-step: against the path's part times) */
  warp_set_path(w, a->path);
  if (w->cur_idx >= 0) {
    x.pmask = w->paths[w->cur_idx].mask;
    x.part = w->paths[w->cur_idx].part;
  }
  if (m->npend) pending_check(m, a);
  x.seq = (uint32_t)a->step;
  if (!m->cfg.its && (x.kind & (ACC_W | ACC_A)) == ACC_W) intra_event(m, a, x.bb, x.wb);
  /* evidence is searched only while the run's barrier is not known needed */
  int no_evidence = !(x.track && b->runsite != NONE32 && !needed_has(m, b->runsite));
  uint64_t mask = a->mask;
  x.has_value = a->value && a->size <= 8;
  x.has_prev = a->prev != NULL;
  x.value = x.prev = 0;
  x.sync = simM_sync_on(m->sync);
  x.kv_ready = 0;
  shalloc_cache sc = {~0ull, NULL};
  /* a lane's aligned 4-byte access to a unit nothing touched yet (the
   * first access of a location: most lanes of most kernels' loads and
   * stores) only stores its rep; the allocation is the one an earlier
   * lane of the event looked up (fk: its pointers' bits 63:40), the page
   * the one the lane before looked at (fpi, fpg; forgotten after any
   * lane_access, which may allocate pages) */
  const int word = x.size == 4;
  const unsigned fresh = F_CUR | (x.track ? F_ALL : 0) | (x.global ? F_Q1 : 0);
  const uint32_t ftk = TAG_REP | (x.kind << 2), fef = fresh | ((x.E & EPOCH_MASK) << 4);
  uint64_t fk = ~0ull, fpi = ~0ull;
  simM_slot *fpg = NULL;
  uint64_t nfresh = 0;
  /* a broadcast read of shared memory (every lane the same bytes), in a
   * kernel that never orders lanes: once its units let any lane skip
   * (bcast_skip; unit_access would skip each of them), the rest of the
   * event's lanes do */
  int bcast = 0;
  if (x.kind == ACC_R && a->space == SIMI_SPACE_SHARED && !a->owner1 && m->cfg.its &&
      m->cfg.no_lane_sync && !x.sync && __builtin_popcountll(mask) > 1) {
    uint64_t p0 = a->addr[__builtin_ctzll(mask)];
    bcast = 1;
    for (uint64_t mm = mask; mm && bcast; mm &= mm - 1)
      if (a->addr[__builtin_ctzll(mm)] != p0) bcast = 0;
  }
  for (unsigned l = 0; l < m->ws && (mask >> l); l++) {
    if (!((mask >> l) & 1)) continue;
    const uint64_t p = a->addr[l];
    if (bcast) { /* looked at before the first two lanes: the first lane
                    can make the second warp of a role */
      x.addr = p;
      if (bcast_skip(m, ob, &x)) {
        m->st.lane_accesses += (uint64_t)__builtin_popcountll(mask >> l);
        break;
      }
      bcast = bcast == 1 ? 2 : 0;
    }
    if (word && !(p & 3) && (p >> 40) == fk) {
      uint64_t g = SIMI_PTR_OFFSET(p) >> GRAN_SHIFT, pi = g >> PAGE_SHIFT;
      if (pi != fpi) {
        fpi = pi;
        fpg = pi < sc.sa->npages ? sc.sa->pages[pi] : NULL;
      }
      simM_slot *sl = fpg ? &fpg[g & (PAGE_GRANS - 1)] : NULL;
      if (sl && SLOT_TAG(sl) == TAG_EMPTY) {
        sl->rep.tk = ftk | ((x.wb + l) << 6);
        sl->rep.site = x.site;
        sl->rep.seq = x.seq;
        sl->rep.ef = fef;
        nfresh++;
        /* the next lanes at the next words of the same page (a coalesced
         * access): fresh too when their slots are empty, without the
         * checks above (same allocation, aligned, same page) */
        unsigned gi = (unsigned)(g & (PAGE_GRANS - 1));
        uint64_t pn = p;
        while (l + 1 < m->ws && ((mask >> (l + 1)) & 1) && a->addr[l + 1] == pn + 4 &&
               gi + 1 < PAGE_GRANS && SLOT_TAG(&fpg[gi + 1]) == TAG_EMPTY) {
          l++;
          gi++;
          pn += 4;
          simM_slot *sn = &fpg[gi];
          sn->rep.tk = ftk | ((x.wb + l) << 6);
          sn->rep.site = x.site;
          sn->rep.seq = x.seq;
          sn->rep.ef = fef;
          nfresh++;
        }
        continue;
      }
    }
    x.lane = l;
    x.tid = x.wb + l;
    x.addr = p;
    if (m->cfg.its && w->vc) x.vcrow = &w->vc[l * MAX_LANES];
    if (x.has_value) x.value = a->value[l];
    if (x.has_prev) x.prev = a->prev[l];
    x.nseen = 0;
    x.kv_ready = 0;
    x.evidence = no_evidence;
    m->st.lane_accesses++;
    lane_access(m, ob, &x, &sc);
    if (x.evidence && !no_evidence) no_evidence = 1;
    fk = sc.sa ? p >> 40 : ~0ull;
    fpi = ~0ull;
  }
  if (nfresh) {
    m->st.lane_accesses += nfresh;
    if (m->st.reps_max < 1) m->st.reps_max = 1;
  }
  /* atomics feed the synchronisation state: releases, release sequences,
   * acquires (after the access: it is not ordered by itself) */
  if ((a->kind & SIMI_ACC_ATOMIC) &&
      (simM_sync_on(m->sync) || (a->order & (SIMI_ORDER_ACQUIRE | SIMI_ORDER_RELEASE)))) {
    for (unsigned l = 0; l < m->ws && (mask >> l); l++) {
      if (!((mask >> l) & 1)) continue;
      uint32_t c = (uint32_t)a->step;
      simM_sync_atomic(m->sync, x.wb + l, sync_key(a, l), a->kind & 7u, a->scope,
                       a->order, a->site, c);
    }
  }
  w->last_step = (uint32_t)a->step;
}

void simM_fence(simM_model *m, unsigned block, unsigned warp, uint64_t mask,
                unsigned scope, uint32_t site) {
  if (!m->active) return;
  simM_block *b = block_get(m, block);
  if (!b || warp >= b->nwarps) return;
  simM_warp *w = &b->warps[warp];
  uint32_t wb = block * m->tpb + warp * m->ws;
  for (unsigned l = 0; l < m->ws && (mask >> l); l++) {
    if (!((mask >> l) & 1)) continue;
    /* accesses so far have clocks before c; later ones not */
    uint32_t c = w->last_step + 1;
    simM_sync_fence(m->sync, wb + l, scope, site, c);
  }
}

void simM_named(simM_model *m, const simI_named *n) {
  if (!m->active) return;
  simM_block *b = block_get(m, n->block);
  if (!b || n->warp >= b->nwarps) return;
  simM_warp *w = &b->warps[n->warp];
  uint32_t wb = n->block * m->tpb + n->warp * m->ws;
  int rel = n->what == SIMI_NAMED_ARRIVE || n->what == SIMI_NAMED_DP_PUBLISH;
  int dp = n->what == SIMI_NAMED_DP_PUBLISH || n->what == SIMI_NAMED_DP_ACQUIRE;
  for (unsigned l = 0; l < m->ws && (n->mask >> l); l++) {
    if (!((n->mask >> l) & 1)) continue;
    /* as a fence: accesses so far have clocks before c; later ones not */
    uint32_t c = w->last_step + 1;
    if (dp) simM_sync_dp(m->sync, wb + l, n->id, rel, n->site, c);
    else simM_sync_named(m->sync, wb + l, n->id, rel, n->site, c);
  }
}

/* The line set of a block: slot of key k (inserting it if `add`), or NULL. */
static uint32_t *pline(simM_pblk *b, uint64_t k, int add) {
  if (!b->hcap) return NULL;
  unsigned mask = b->hcap - 1, i = (unsigned)((k * 0x9E3779B97F4A7C15ull) >> 40) & mask;
  for (;; i = (i + 1) & mask) {
    if (b->hk[i] == k) return &b->hc[i];
    if (!b->hk[i]) {
      if (!add) return NULL;
      b->hk[i] = k;
      b->hc[i] = 0;
      b->hused++;
      return &b->hc[i];
    }
  }
}

/* Adds d (+1 or -1) to the lines copy p covers; the set is rebuilt from
 * the list when it fills. Returns -1 on out of memory. */
static int plines(simM_pblk *b, const simM_pend *p, int d) {
  if (d > 0 && (b->hused + 4) * 2 > b->hcap) {
    unsigned cap = b->hcap ? b->hcap : 256;
    while ((b->n * 4 + 8) * 2 > cap) cap *= 2;
    uint64_t *k = calloc(cap, sizeof *k);
    uint32_t *c = calloc(cap, sizeof *c);
    if (!k || !c) { free(k); free(c); return -1; }
    free(b->hk);
    free(b->hc);
    b->hk = k;
    b->hc = c;
    b->hcap = cap;
    b->hused = 0;
    for (unsigned i = 0; i < b->n; i++)
      if (&b->v[i] != p) plines(b, &b->v[i], 1);
  }
  for (uint64_t l = p->dst >> 2; l <= (p->dst + p->size - 1) >> 2; l++) {
    uint32_t *c = pline(b, l + 1, d > 0);
    if (c) *c += (uint32_t)d;
  }
  return 0;
}

static simM_pblk *pblk_get(simM_model *m, unsigned block, int make) {
  for (unsigned i = 0; i < m->npb; i++)
    if (m->pb[i].block == block) return &m->pb[i];
  if (!make) return NULL;
  if (m->npb == m->cappb) {
    unsigned n = m->cappb ? m->cappb * 2 : 16;
    simM_pblk *v = realloc(m->pb, n * sizeof *v);
    if (!v) { m->failed = 1; return NULL; }
    memset(v + m->cappb, 0, (n - m->cappb) * sizeof *v);
    m->pb = v;
    m->cappb = n;
  }
  simM_pblk *b = &m->pb[m->npb++];
  b->block = block;
  b->n = 0;
  b->lo = UINT64_MAX;
  b->hi = 0;
  return b;
}

void simM_async(simM_model *m, const simI_async *a) {
  if (!m->active) return;
  simM_pblk *b = pblk_get(m, a->block, a->what == SIMI_ASYNC_ISSUE);
  if (!b) return;
  if (a->what == SIMI_ASYNC_DONE) {
    for (unsigned i = 0; i < b->n; i++) {
      if (b->v[i].id != a->id) continue;
      plines(b, &b->v[i], -1);
      memmove(&b->v[i], &b->v[i + 1], (b->n - i - 1) * sizeof *b->v);
      b->n--;
      m->npend--;
      break;
    }
    if (!b->n) {
      /* the block's list goes (swap with the last one) */
      simM_pblk t = *b;
      *b = m->pb[m->npb - 1];
      m->pb[--m->npb] = t;
    }
    return;
  }
  if (b->n == b->cap) {
    unsigned n = b->cap ? b->cap * 2 : 64;
    simM_pend *v = realloc(b->v, n * sizeof *v);
    if (!v) { m->failed = 1; return; }
    b->v = v;
    b->cap = n;
  }
  if (!b->n) { b->lo = UINT64_MAX; b->hi = 0; }
  if (!m->npend) { m->src_lo = UINT64_MAX; m->src_hi = 0; }
  simM_pend *p = &b->v[b->n++];
  m->npend++;
  p->id = a->id;
  p->dst = a->dst;
  p->src = a->src;
  p->size = a->size;
  p->site = a->site;
  p->tid = a->block * m->tpb + a->warp * m->ws + a->lane;
  p->block = a->block;
  if (plines(b, p, 1) < 0) m->failed = 1;
  if (p->dst < b->lo) b->lo = p->dst;
  if (p->dst + p->size > b->hi) b->hi = p->dst + p->size;
  if (p->src < m->src_lo) m->src_lo = p->src;
  if (p->src + p->size > m->src_hi) m->src_hi = p->src + p->size;
}

static void pending_race(simM_model *m, const simI_access *a, unsigned l, const simM_pend *p,
                         int dst) {
  unsigned k = 0;
  for (; k < m->npend_seen; k++)
    if (m->pend_seen[k][0] == p->site && m->pend_seen[k][1] == a->site) break;
  if (k < m->npend_seen) return;
  if (m->npend_seen < 32) {
    m->pend_seen[m->npend_seen][0] = p->site;
    m->pend_seen[m->npend_seen++][1] = a->site;
  }
  m->st.races++;
  if (!m->sink.race) return;
  uint64_t x = a->addr[l];
  simM_race r;
  memset(&r, 0, sizeof r);
  r.space = a->space;
  r.block = a->block;
  uint64_t lo = dst ? p->dst : p->src;
  r.addr = x > lo ? x : lo;
  uint32_t tid = a->block * m->tpb + a->warp * m->ws + l;
  r.relation = tid / m->tpb != p->tid / m->tpb   ? SIMM_REL_OTHER_BLOCK
               : tid / m->ws != p->tid / m->ws ? SIMM_REL_OTHER_WARP
                                                 : SIMM_REL_SAME_WARP;
  r.first.tid = p->tid;
  r.first.kind = dst ? SIMI_ACC_WRITE : SIMI_ACC_READ;
  r.first.site = p->site;
  r.first.size = p->size;
  r.second.tid = tid;
  r.second.kind = a->kind & 7u;
  r.second.site = a->site;
  r.second.size = a->size;
  r.second.has_value = a->value && a->size <= 8;
  r.second.value = r.second.has_value ? a->value[l] : 0;
  r.why.site = r.why.acquire_site = UINT32_MAX;
  r.async_pending = 1;
  m->sink.race(m->sink.ctx, &r);
}

/* The access a touches a copy in flight: a race with the copy agent (any
 * access of a destination; a write of a source). */
static void pending_check(simM_model *m, const simI_access *a) {
  simM_pblk *own = a->space == SIMI_SPACE_SHARED ? pblk_get(m, a->block, 0) : NULL;
  int wr = (a->kind & SIMI_ACC_WRITE) != 0;
  for (uint64_t mm = a->mask; mm; mm &= mm - 1) {
    unsigned l = (unsigned)__builtin_ctzll(mm);
    uint64_t x = a->addr[l], xe = x + a->size;
    int hit = 0;
    if (own && xe > own->lo && x < own->hi)
      for (uint64_t ln = x >> 2; ln <= (xe - 1) >> 2 && !hit; ln++) {
        uint32_t *c = pline(own, ln + 1, 0);
        hit = c && *c;
      }
    if (hit)
      for (unsigned i = 0; i < own->n; i++) {
        const simM_pend *p = &own->v[i];
        if (x < p->dst + p->size && p->dst < xe) pending_race(m, a, l, p, 1);
      }
    if (!wr || xe <= m->src_lo || x >= m->src_hi) continue;
    for (unsigned j = 0; j < m->npb; j++) {
      const simM_pblk *b = &m->pb[j];
      for (unsigned i = 0; i < b->n; i++) {
        const simM_pend *p = &b->v[i];
        if (x < p->src + p->size && p->src < xe &&
            (SIMI_PTR_SPACE(p->src) != SIMI_SPACE_SHARED || a->block == p->block))
          pending_race(m, a, l, p, 0);
      }
    }
  }
}

unsigned simM_unit_reps(const simM_model *m, unsigned block, uint64_t addr) {
  if (!m->active) return 0;
  const simM_shalloc *sa = NULL;
  unsigned sp = SIMI_PTR_SPACE(addr), al = SIMI_PTR_ALLOC(addr);
  if (sp == SIMI_SPACE_GLOBAL) {
    if (al >= SIMI_GLOBALVAR_FIRST) {
      al -= SIMI_GLOBALVAR_FIRST;
      if (al < m->ngvar) sa = m->gvar[al];
    } else {
      sa = gbuf_find(m, al);
    }
  } else if (sp == SIMI_SPACE_SHARED) {
    if (block >= m->nblocks || !m->btab[block >> BTAB_SHIFT]) return 0;
    const simM_block *b = m->btab[block >> BTAB_SHIFT][block & ((1u << BTAB_SHIFT) - 1)];
    if (b && al < b->nshared) sa = &b->shared[al];
  }
  if (!sa) return 0;
  uint64_t off = SIMI_PTR_OFFSET(addr), g = off >> GRAN_SHIFT;
  uint64_t p = g >> PAGE_SHIFT;
  if (p >= sa->npages || !sa->pages[p]) return 0;
  const simM_slot *s = &sa->pages[p][g & (PAGE_GRANS - 1)];
  if (SLOT_TAG(s) == TAG_SPLIT) s = &s->split.b[off & (GRAN_BYTES - 1)];
  switch (SLOT_TAG(s)) {
  case TAG_REP: return 1;
  case TAG_EXT: return s->ext.n;
  default: return 0;
  }
}
