/*
 * simulee model: the memory-access model of one kernel execution.
 *
 * The paper keeps, per memory unit (address), every unit tuple (visit order,
 * thread, action). This model keeps the same decisions with a compact shadow:
 * per unit (4-byte granule, split into bytes when accesses do not cover the
 * whole granule) a handful of representative accesses ("reps"), chosen so
 * that every rule is decided exactly (model/shadow.c explains why). It is fed
 * by the interpreter's events (interp.h) and reports to a sink:
 *  - race():   an access conflicts with an earlier one (Theorem 4.1, the
 *              warp cases, --its, global cross-block, atomics);
 *  - needed(): merging the two visit orders a barrier separated would have
 *              created a race (Algorithm 4 evidence against "redundant").
 * Besides barriers and warp order, accesses are ordered by synchronisation
 * through atomics and fences (PTX memory model, model/sync.c): a race is
 * reported only when simM_decide() says the pair is unordered, and carries
 * simM_why (what synchronisation was attempted and why it failed).
 * The model knows nothing of findings or reports.
 *
 * Contract: one model per thread; simM_begin() starts an execution and
 * resets all per-execution state (memory is reused); events must come in the
 * interpreter's order. No function exits the process.
 */
#ifndef SIMULEE_MODEL_H
#define SIMULEE_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "simulee/interp.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct simM_model simM_model;

/* Warp relation of two racing threads (same values as simD_relation). */
enum { SIMM_REL_SAME_WARP = 1, SIMM_REL_OTHER_WARP = 2, SIMM_REL_OTHER_BLOCK = 3 };

/* Configuration of one execution. */
typedef struct simM_config {
  simI_dim3 grid;      /* blocks */
  simI_dim3 block;     /* threads per block */
  unsigned warp_size;  /* 1..64; 0 means 32 */
  int its;             /* independent thread scheduling (the CLI's default
                          warp model): lanes of a warp are ordered only by
                          __syncwarp / .sync collectives; races that
                          lock-step would order carry SIMM_WOULD_LOCKSTEP */
  int barriers;        /* keep the evidence for redundant barriers */
  /* dynamic parallelism (interp.h SIMI_DP_*): thread ids are block *
   * stride + thread (0: the block's threads; else at least them), and block
   * ids up to grid + extra_blocks are valid (child grids' virtual blocks,
   * shaped by simM_grid) */
  unsigned stride;
  uint64_t extra_blocks;
  int no_lane_sync;    /* 1: the kernel's code never orders lanes of a warp
                          among themselves (no __syncwarp or .sync
                          collective, simI_program_lane_sync), so under --its
                          the accesses of one site by lanes of a warp are
                          interchangeable and the shadow keeps fewer of
                          them; 0 (the safe default): it may */
} simM_config;

/* One access of a race. */
typedef struct simM_side {
  uint64_t tid;       /* global thread id: block * threads_per_block + thread */
  unsigned kind;      /* SIMI_ACC_* bits */
  uint32_t site;      /* instruction site */
  unsigned size;      /* bytes of the access; 0 if not recorded */
  int has_value;      /* value is meaningful */
  uint64_t value;     /* value written (writes) or read, low `size` bytes */
} simM_side;

/* Why a racing pair was not ordered by synchronisation (the seam for graded
 * findings: which order would have ordered it). The model fills it from the
 * last failed synchronisation of the second access's thread (or block). */
enum {
  SIMM_WHY_NONE = 0,     /* no synchronisation was attempted between them */
  SIMM_WHY_SCOPE,        /* a release was observed by an acquire, but a scope
                            (fence or atomic) leaves one thread out */
  SIMM_WHY_NOT_RELEASE,  /* the write the acquire observed is no release (a
                            relaxed atomic without a fence before it) */
  SIMM_WHY_NO_ACQUIRE    /* the second thread observed a flag with a relaxed
                            read not followed by a fence */
};
typedef struct simM_why {
  unsigned what;          /* SIMM_WHY_* */
  uint32_t site;          /* SCOPE: the too-narrow fence or atomic; NOT_RELEASE:
                             the observed write; NO_ACQUIRE: the relaxed read */
  unsigned scope;         /* SCOPE: the scope of `site` (SIMI_SCOPE_*) */
  int fence;              /* SCOPE: `site` is a fence (else an atomic) */
  int release;            /* SCOPE: `site` is on the release side (else the
                             read or acquire side) */
  unsigned outside;       /* SCOPE: linear block of the thread left out */
  uint32_t acquire_site;  /* the fence or atomic that observed, or UINT32_MAX */
  unsigned needed_scope;  /* the narrowest scope that would have ordered the
                             pair (BLOCK same block, DEVICE otherwise) */
  unsigned would;         /* SIMM_WOULD_* bits: orders that did not apply in
                             this execution but would have ordered the pair
                             (the grade of the race) */
} simM_why;

/* simM_why.would: lock-step warp execution (pre-Volta) orders the pair: two
 * lanes of one warp that only independent thread scheduling (--its, the
 * default warp model) leaves unordered (simM_lockstep_orders). */
enum { SIMM_WOULD_LOCKSTEP = 1u };

/* A race: `second` (the access being executed) conflicts with `first`. */
typedef struct simM_race {
  unsigned space;      /* SIMI_SPACE_GLOBAL or SIMI_SPACE_SHARED */
  unsigned block;      /* block of `second` (shared: whose memory) */
  uint64_t addr;       /* first byte both accesses touch (simulated pointer) */
  unsigned relation;   /* SIMM_REL_* */
  simM_side first;     /* the earlier access (a representative) */
  simM_side second;    /* the access that completed the race */
  simM_why why;        /* why synchronisation did not order them */
  int async_pending;   /* `first` is an asynchronous copy (cp.async) still in
                          flight: its write of the destination (kind WRITE)
                          or read of the source (kind READ), by the issuing
                          thread's copy agent, not yet observed complete */
  int has_prev;        /* write-write: prev is meaningful */
  uint64_t prev;       /* write-write: the bytes `second` overwrote (low
                          second.size bytes), i.e. the latest earlier
                          write's value; equal to second.value when the
                          writers store the same bytes (same-value grade) */
} simM_race;

/* Where the model reports. Callbacks may be NULL. */
typedef struct simM_sink {
  void *ctx;
  void (*race)(void *ctx, const simM_race *r);
  /* First evidence (once per site for the model's lifetime, see
   * simM_known_needed) that barrier `site` is needed: in
   * `block`, an access of visit order k+1 would race with one of visit order
   * <= k if the consecutive releases of `site` between them were removed. */
  void (*needed)(void *ctx, uint32_t site, unsigned block);
} simM_sink;

/* Counters of the current (or last) execution. */
typedef struct simM_stats {
  uint64_t lane_accesses;  /* lane accesses processed */
  uint64_t races;          /* race() calls */
  uint64_t releases;       /* barrier releases */
  uint64_t shadow_bytes;   /* bytes of shadow now allocated (pages, reps,
                              page tables) */
  uint64_t shadow_peak;    /* peak of shadow_bytes */
  uint64_t tracked_bytes;  /* bytes of simulated memory covered by shadow
                              pages now */
  uint64_t tracked_peak;   /* peak of tracked_bytes */
  uint64_t reps_max;       /* most reps one unit ever held */
  uint64_t syncs;          /* acquires that ordered a thread after a release */
  uint64_t sync_bytes;     /* bytes of vector clocks and sync state now */
  uint64_t sync_capped;    /* accesses to units that already held 64 reps
                              after synchronisation ran: kept by the barrier
                              rules only (a race ordered only through
                              synchronisation may then be missed) */
} simM_stats;

/* New model reporting to sink (copied). NULL on out of memory. */
simM_model *simM_new(const simM_sink *sink);
void simM_free(simM_model *m);

/* Start an execution: drops the previous execution's state. Returns 0, or
 * -1 if the configuration is invalid (zero dims, warp size > 32, more than
 * SIMI_MAX_THREADS_TOTAL threads) or memory ran out. */
int simM_begin(simM_model *m, const simM_config *c);
/* End the execution: frees the shadow (statistics stay readable). */
void simM_end(simM_model *m);

/* A child grid's blocks first .. first+nblocks-1 have `threads` threads
 * each (at most the configured stride); call before their first event and
 * in increasing `first` order. Blocks beyond the grid not named here have
 * the grid's block shape. Returns 0, or -1 (out of memory or out of range). */
int simM_grid(simM_model *m, uint64_t first, uint64_t nblocks, unsigned threads);

/* Tell the model that barrier `site` is already known to be needed (from an
 * earlier execution): it stops collecting evidence for it. */
void simM_known_needed(simM_model *m, uint32_t site);

/* The interpreter's events (see simI_observer for their meaning). A failed
 * allocation inside an event sets the model's error flag (simM_failed) and
 * the event is dropped. */
void simM_block_begin(simM_model *m, unsigned block);
void simM_block_end(simM_model *m, unsigned block);
void simM_access(simM_model *m, const simI_access *a);
/* The block's barrier released: its visit order advances. `site` names the
 * barrier the release is attributed to; consecutive releases with the same
 * `site` form a run that deleting that barrier would merge (detect passes
 * one id per source barrier). */
void simM_release(simM_model *m, unsigned block, uint32_t site);
void simM_path(simM_model *m, unsigned block, unsigned warp, uint32_t child,
               uint32_t parent, uint32_t group, uint64_t mask);
void simM_syncwarp(simM_model *m, unsigned block, unsigned warp, uint64_t mask);
void simM_thread_exit(simM_model *m, unsigned block, unsigned warp,
                      uint64_t mask);
/* A fence of SIMI_SCOPE_* `scope` by lanes `mask`: it completes the acquire
 * of relaxed reads before it and starts a release for relaxed writes after
 * it (model/sync.c). */
void simM_fence(simM_model *m, unsigned block, unsigned warp, uint64_t mask,
                unsigned scope, uint32_t site);

/* A named barrier event (simI_observer.named): the arriving lanes publish
 * their accesses so far to barrier n->id of the block, the released lanes
 * are ordered after every arrival (through the synchronisation layer, block
 * scope); the visit order does not advance, other threads stay unordered. */
void simM_named(simM_model *m, const simI_named *n);

/* An asynchronous copy event (simI_observer.async). While a copy is pending
 * (ISSUE seen, DONE not yet), every access that touches its destination and
 * every write that touches its source races with the copy (reported with
 * async_pending set, the copy as `first`); at DONE the copy's own accesses
 * follow as the issuing thread's and the ordinary rules apply to them. */
void simM_async(simM_model *m, const simI_async *a);

/* ------------------------------------------------- the ordering rule */

/* An earlier access as the shadow stores it, and a later access with what
 * its thread knows: the inputs of simM_decide. */
typedef struct simM_cell {
  uint32_t tid;        /* global thread id */
  unsigned kind;       /* SIMI_ACC_* bits */
  unsigned scope;      /* atomics: SIMI_SCOPE_* */
  uint32_t seq;        /* lock-step: warp step; --its: the lane's own clock */
  uint32_t epoch;      /* the block's visit order (mod 2^28) */
} simM_cell;
typedef struct simM_know {
  int base_ordered;    /* barriers / warp order already order the pair */
  int has_thread;      /* the later thread knows `thread` of y's thread */
  uint32_t thread;     /* accesses of y's thread with seq before it are known */
  int has_block;       /* the later thread knows `block` of y's block */
  uint32_t block;      /* accesses of y's block in visit orders before it */
} simM_know;
enum { SIMM_NO_CONFLICT = 0, SIMM_ORDERED, SIMM_RACE };
/* The rule table of docs/findings.md "Memory model": SIMM_NO_CONFLICT if the kinds do
 * not conflict (reads only; atomics whose scopes include both threads),
 * SIMM_ORDERED if y happens before x (same thread, base order, or x's thread
 * has synchronised with y's thread or block after y), else SIMM_RACE. Pure;
 * `tpb` and `ws` give the block and warp of a thread id. */
int simM_decide(const simM_cell *y, const simM_cell *x, const simM_know *k,
                uint32_t tpb, unsigned ws);
/* The lock-step rule (the "ordered under lock-step too?" verdict that grades
 * an --its race): nonzero if lock-step warp execution orders the earlier
 * access y before x. Both cells carry warp steps in `seq`. Only lanes of one
 * warp in one visit order are ordered by it (0 otherwise); two lanes of one
 * warp instruction (the same step) are never ordered; else y is ordered iff
 * its lane is in x's path `xpath` or y's step is not after `xpart[lane]`,
 * the step at which y's lane parted from x's path's ancestry (xpart NULL:
 * x runs on the warp's root path, every lane). Pure. */
int simM_lockstep_orders(const simM_cell *y, const simM_cell *x, uint64_t xpath,
                         const uint32_t *xpart, uint32_t tpb, unsigned ws);

/* Nonzero if SIMI_SCOPE_* `scope` includes threads a and b. */
int simM_scope_includes(unsigned scope, uint32_t a, uint32_t b, uint32_t tpb,
                        unsigned ws);

/* Nonzero if an allocation failed during this execution (results are then
 * incomplete). */
int simM_failed(const simM_model *m);
void simM_get_stats(const simM_model *m, simM_stats *s);

/* Number of reps the model holds now for the unit containing byte `addr`
 * (global: any block; shared: of `block`). For tests of compactness. */
unsigned simM_unit_reps(const simM_model *m, unsigned block, uint64_t addr);

/* The kind rule: nonzero if accesses of kinds a and b (SIMI_ACC_* bits)
 * conflict when they overlap and are unordered: at least one writes and not
 * both are atomic. */
int simM_kinds_conflict(unsigned a, unsigned b);

#ifdef __cplusplus
}
#endif
#endif
