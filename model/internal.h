/*
 * Internal to model/: the shadow cell layout, the per-block and per-warp
 * state, the model's own (struct simM_model, shadow.c's). See shadow.c for
 * the rules that decide which representatives stay.
 */
#ifndef SIMULEE_MODEL_INTERNAL_H
#define SIMULEE_MODEL_INTERNAL_H

#include <stdint.h>

#include "simulee/model.h"

/* ---------------------------------------------------------- reps */

/* One representative access of a memory unit: 16 bytes.
 *  tk:   [1:0] slot tag (TAG_REP for a rep), [4:2] SIMI_ACC_* kind bits,
 *        [5] atomic of block/warp scope, [31:6] global thread id (< 2^26 =
 *        SIMI_MAX_THREADS_TOTAL)
 *  site: instruction site of the access
 *  seq:  the warp's dispatch step (low 32 bits) of the access (both warp
 *        models: --its compares it with the lanes' vector clocks, which
 *        count in warp steps)
 *  ef:   [3:0] role flags (F_*), [31:4] the block's visit order (mod 2^28) */
typedef struct simM_rep {
  uint32_t tk;   /* tag | kind << 2 | tid << 6 */
  uint32_t site; /* instruction site */
  uint32_t seq;  /* warp step of the access */
  uint32_t ef;   /* flags | epoch << 4 */
} simM_rep;

_Static_assert(sizeof(simM_rep) == 16, "a rep is 16 bytes");

enum { TAG_EMPTY = 0, TAG_REP = 1, TAG_EXT = 2, TAG_SPLIT = 3 };

/* Role flags: why a rep is kept (shadow.c). */
enum {
  F_CUR = 1,  /* a representative of the block's current visit order */
  F_ALL = 2,  /* ... of the current run of visit orders (redundancy) */
  F_PREV = 4, /* ... of the run before the current visit order */
  F_Q1 = 8    /* ... of its class for other blocks (global memory) */
};
#define EPOCH_MASK 0x0FFFFFFFu

/* A shadow slot: one unit (a 4-byte granule) holding either one rep inline,
 * a pointer to a small array of reps, or (once a partial access split it)
 * four byte units. 16 bytes. */
typedef union simM_slot {
  simM_rep rep;            /* tag TAG_REP (or TAG_EMPTY when all zero) */
  struct {
    uint32_t tag;          /* TAG_EXT */
    uint16_t n, cap;       /* reps used / allocated */
    simM_rep *v;           /* the reps */
  } ext;
  struct {
    uint32_t tag;          /* TAG_SPLIT */
    uint32_t pad;
    union simM_slot *b;    /* 4 byte units */
  } split;
} simM_slot;

_Static_assert(sizeof(simM_slot) == 16, "a shadow slot is 16 bytes");

#define SLOT_TAG(s) ((s)->rep.tk & 3u)

/* Granule and page geometry. */
#define GRAN_SHIFT 2
#define GRAN_BYTES (1u << GRAN_SHIFT)
#define PAGE_SHIFT 10 /* granules per page: 1024 (4 KiB of memory) */
#define PAGE_GRANS (1u << PAGE_SHIFT)
#define PAGE_MEM_SHIFT (PAGE_SHIFT + GRAN_SHIFT)
#define MAX_PAGES ((uint64_t)1 << 28)

/* The shadow of one allocation: pages allocated on first touch. */
typedef struct simM_shalloc {
  simM_slot **pages;  /* page table, NULL entries untouched */
  uint64_t npages;    /* entries in the page table */
} simM_shalloc;

/* ---------------------------------------------------- warps, paths */

#define MAX_LANES 64 /* warp sizes 1..64 */

/* A warp path (divergence): lanes `mask`; part[l] for a lane l outside the
 * mask is the warp step at which l parted from this path's ancestry (the
 * last access step before the divergence that separated them). */
typedef struct simM_pathrec {
  uint32_t id;        /* interpreter path id */
  uint32_t parent;    /* parent path id */
  uint32_t group;     /* divergence instance that created it */
  uint64_t mask;      /* lanes of the path */
  uint32_t part[MAX_LANES]; /* see above; unused for lanes in mask */
} simM_pathrec;

typedef struct simM_warp {
  simM_pathrec *paths;   /* live path records (root not stored) */
  unsigned npaths, cap;
  uint32_t cur;       /* path id of the last access */
  int cur_idx;        /* index in paths, -1 = root */
  int have_cur;       /* cur is meaningful */
  uint32_t last_step; /* step of the last access event */
  uint64_t live;      /* lanes not exited */
  uint32_t *vc;       /* --its: vector clocks vc[l*MAX_LANES+m] in warp steps
                         (lane l knows lane m's accesses of steps before
                         it); NULL, all zero, before the warp's first
                         __syncwarp, and in lock-step */
} simM_warp;

/* Per block: visit order and the run of equal barrier releases. */
typedef struct simM_block {
  uint32_t epoch;     /* visit order (number of releases so far) */
  uint32_t runstart;  /* first visit order of the current run */
  uint32_t runsite;   /* barrier site of the run's releases, or UINT32_MAX */
  unsigned nwarps;
  simM_warp *warps;
  simM_shalloc *shared; /* shadow of shared allocations, by alloc index */
  unsigned nshared;
} simM_block;

/* ------------------------------------------------ synchronisation (sync.c) */

typedef struct simM_sync simM_sync;
simM_sync *simM_sync_new(void);
void simM_sync_free(simM_sync *S);
/* Drop all state; threads per block and warp size of the next execution. */
void simM_sync_reset(simM_sync *S, uint32_t tpb, unsigned ws);
/* Nonzero once a fence or release ran: before, nothing orders across warps
 * or blocks but barriers, and no lookup is needed. */
int simM_sync_on(const simM_sync *S);
int simM_sync_failed(const simM_sync *S);
uint64_t simM_sync_count(const simM_sync *S);
uint64_t simM_sync_bytes(const simM_sync *S);
/* What thread xtid knows, looked up once (simM_sync_view) for many
 * questions about other threads: simM_sync_know_v says what it knows of
 * thread ytid and its block (k's has_* fields). Valid until the synchronisation state changes (the next
 * fence, atomic, barrier or reset). */
#define SIMM_KVIEW_MEMO 16
typedef struct simM_kview {
  const void *k[2];   /* the clocks of x's block and of x (NULL: none) */
  uint32_t tpb;
  struct {            /* what x knows of blocks asked about (direct-mapped) */
    uint32_t blk1;    /* block + 1; 0 = empty */
    uint32_t has, val;
  } memo[SIMM_KVIEW_MEMO];
} simM_kview;
void simM_sync_view(const simM_sync *S, uint32_t xtid, simM_kview *v);
void simM_sync_know_v(simM_kview *v, uint32_t ytid, simM_know *k);
/* Does x's knowledge order y's access (thread ytid, warp step yseq, visit
 * order yepoch) before x? (simM_decide's knowledge rules, the block's entry
 * asked first.) */
int simM_sync_orders_v(simM_kview *v, uint32_t ytid, uint32_t yseq, uint32_t yepoch);
/* Why thread xtid is not ordered after others (last failed sync). */
void simM_sync_why(const simM_sync *S, uint32_t xtid, simM_why *w);
/* Thread tid ran a fence; its accesses so far have clocks before c. */
void simM_sync_fence(simM_sync *S, uint32_t tid, unsigned scope, uint32_t site,
                     uint32_t c);
/* Thread tid ran an atomic access (kind SIMI_ACC_*, order SIMI_ORDER_*) at
 * simulated address addr; its accesses before it have clocks before c. */
void simM_sync_atomic(simM_sync *S, uint32_t tid, uint64_t addr, unsigned kind,
                      unsigned scope, unsigned order, uint32_t site, uint32_t c);
/* Block blk's barrier `site` released: its visit order is now `epoch`. */
void simM_sync_barrier(simM_sync *S, uint32_t blk, uint32_t epoch, uint32_t site);
/* The site of the release that ended visit order e of block blk, if it is
 * among the block's last 64 releases; else UINT32_MAX. */
uint32_t simM_sync_barrier_site(const simM_sync *S, uint32_t blk, uint32_t e);
void simM_sync_block_end(simM_sync *S, uint32_t blk);
/* Named barrier `id` of tid's block: release = 1, tid arrives (its accesses
 * before clock c are published to the barrier); release = 0, the barrier
 * let tid go on (it acquires every arrival so far). Block scope. */
void simM_sync_named(simM_sync *S, uint32_t tid, unsigned id, int release, uint32_t site,
                     uint32_t c);
/* Dynamic parallelism channel `chan` (interp.h SIMI_NAMED_DP_*), device
 * scope: release = 1, tid publishes its accesses before clock c (joined
 * with earlier publications); release = 0, tid acquires them all. */
void simM_sync_dp(simM_sync *S, uint32_t tid, unsigned chan, int release, uint32_t site,
                  uint32_t c);

/* ----------------------------------------------- the model (shadow.c) */

/* An asynchronous copy in flight. */
typedef struct simM_pend {
  uint64_t id;             /* simI_async.id */
  uint64_t dst, src;       /* simulated pointers */
  uint32_t size, site;
  uint32_t tid;            /* issuing thread */
  unsigned block;          /* issuing block (the destination's shared memory) */
} simM_pend;

/* The copies in flight of one block (a destination is that block's shared
 * memory), in issue order. */
typedef struct simM_pblk {
  unsigned block;
  simM_pend *v;
  unsigned n, cap;
  uint64_t lo, hi;         /* addresses every destination since the list was
                              last empty lies within */
  uint64_t *hk;            /* open-addressing set of 4-byte destination
                              words (pointer >> 2, +1; 0 = empty) ... */
  uint32_t *hc;            /* ... and the copies in flight covering each */
  unsigned hcap, hused;    /* slots, slots ever used (with zero counts) */
} simM_pblk;

struct simM_model {
  simM_sink sink;          /* where races and evidence go */
  simM_config cfg;         /* current execution */
  unsigned ws;             /* lanes per warp */
  uint32_t tpb;            /* thread ids per block (simM_config.stride) */
  unsigned ws_shift;       /* log2(ws) when a power of two, else 32 */
  unsigned tpb_shift;      /* log2(tpb) when a power of two, else 32 */
  uint32_t bthreads;       /* threads of a block of the grid */
  uint64_t gblocks;        /* blocks of the grid (before child grids) */
  struct { uint64_t first, n; unsigned threads; } *shapes; /* simM_grid */
  unsigned nshapes, capshapes;
  uint64_t nblocks;        /* blocks in the grid */
  unsigned nwarps;         /* warps per block */
  int active;              /* between begin and end */
  int failed;              /* an allocation failed */
  simM_block ***btab;      /* block states, paged by BTAB_SHIFT */
  uint64_t nbtab;          /* pages in btab */
  uint64_t *dead;          /* bitmap: block ended */
  /* global shadow of the launch buffers a launch touched, by alloc index:
   * an open-addressing table (a launch's fixed cost must not grow with the
   * buffers it is given, most of which it never touches) */
  uint32_t *gkey;          /* alloc index + 1, 0 for an empty entry */
  simM_shalloc **gval;     /* its shadow */
  unsigned gcap, gcount;   /* entries (a power of two, or 0) / used */
  simM_shalloc **gvar;     /* global shadow of __device__ vars */
  unsigned ngvar;
  void **chunks;           /* mmap'd chunks that shadow pages are cut from */
  unsigned nchunks, capchunks;
  char *chunk_next;        /* free space in the last chunk */
  size_t chunk_left;
  simM_slot *free_pages;   /* pages given back (first word links them) */
  simM_slot *free_quads;   /* split granules' byte units given back (4
                              slots; the first word links them) */
  uint32_t *needed;        /* open-addressing set of site+1 (0 = empty) */
  unsigned nneeded, capneeded;
  simM_stats st;           /* counters */
  simM_sync *sync;         /* order through atomics and fences (sync.c) */
  simM_pblk *pb;           /* async copies in flight (simM_async), by block */
  unsigned npb, cappb;
  unsigned npend;          /* copies in flight in all */
  uint64_t src_lo, src_hi; /* addresses every pending source lies within */
  uint32_t pend_seen[32][2]; /* (copy site, access site) pairs reported */
  unsigned npend_seen;
  simM_rep *ext_free;      /* rep arrays of EXT_POOL_CAP given back (the
                              first bytes link them): a unit's second rep
                              costs no malloc */
};

/* What one lane's access looks like to the unit code (shadow.c). */
typedef struct xacc {
  uint32_t tid;        /* global thread id */
  unsigned kind;       /* SIMI_ACC_* | ACC_N */
  unsigned cls;        /* class: (kind >> 1) & 7 (write, atomic, narrow) */
  uint32_t site;
  uint32_t seq;        /* warp step */
  uint32_t E;          /* block visit order (masked) */
  uint32_t distR;      /* distance back to the run start (0: no run) */
  uint32_t runsite;    /* barrier of the run */
  int track;           /* keep the ALL/PREV roles (redundancy) */
  uint32_t bb, wb;     /* first thread id of the block / the warp */
  unsigned lane, warp, block;
  int global;          /* global memory: Q1 role and cross-block races */
  uint64_t pmask;      /* lock-step: lanes of X's path */
  const uint32_t *part;/* lock-step: part times of X's path (NULL = root) */
  const uint32_t *vcrow;/* --its: X's lane vector clock (in warp steps) */
  const simM_warp *w;  /* X's warp */
  unsigned space;
  unsigned size;
  int has_value;
  uint64_t value;
  int has_prev;        /* plain store: prev is meaningful */
  uint64_t prev;       /* the bytes it overwrote (simI_access.prev) */
  uint64_t addr;       /* the lane's pointer */
  uint32_t seen[8];    /* reported partners (site) of this lane access */
  uint8_t seenww[8];
  unsigned nseen;
  int evidence;        /* 1: do not search evidence (found / not wanted) */
  int sync;            /* simM_sync_on at the event (no lane changes it) */
  int kv_ready;        /* kv is X's (looked up at the lane's first question) */
  simM_kview kv;
} xacc;

#endif
