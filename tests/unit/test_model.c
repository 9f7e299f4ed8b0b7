/* Unit tests of the model module: the memory-access model driven by
 * synthetic interpreter events (no interpreter), asserting the exact races
 * and barrier evidence of every rule and the compactness of the shadow. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simulee/model.h"

/* ------------------------------------------------------------ harness */

#define MAXR 4096
static struct {
  simM_race r[MAXR];
  unsigned n;
  uint32_t needed[64];
  unsigned nneeded;
} S;
static simM_model *M;
static uint64_t steps[16][64]; /* per block, warp */

static void on_race(void *c, const simM_race *r) {
  (void)c;
  if (S.n < MAXR) S.r[S.n] = *r;
  S.n++;
}
static void on_needed(void *c, uint32_t site, unsigned block) {
  (void)c;
  (void)block;
  if (S.nneeded < 64) S.needed[S.nneeded] = site;
  S.nneeded++;
}

static void reset_sink(void) {
  S.n = 0;
  S.nneeded = 0;
}

/* A fresh model for grid x block threads (1-D). */
static void begin(unsigned grid, unsigned block, int its) {
  if (M) simM_free(M);
  simM_sink s = {NULL, on_race, on_needed};
  M = simM_new(&s);
  CU_ASSERT_PTR_NOT_NULL_FATAL(M);
  simM_config c;
  memset(&c, 0, sizeof c);
  c.grid = (simI_dim3){grid, 1, 1};
  c.block = (simI_dim3){block, 1, 1};
  c.warp_size = 32;
  c.its = its;
  c.barriers = 1;
  CU_ASSERT_EQUAL_FATAL(simM_begin(M, &c), 0);
  memset(steps, 0, sizeof steps);
  reset_sink();
}

static void finish(void) {
  simM_end(M);
  simM_free(M);
  M = NULL;
}

#define SH(off) SIMI_PTR_MAKE(SIMI_SPACE_SHARED, 0, (off))
#define GL(off) SIMI_PTR_MAKE(SIMI_SPACE_GLOBAL, 0, (off))
#define R SIMI_ACC_READ
#define W SIMI_ACC_WRITE
#define AT (SIMI_ACC_READ | SIMI_ACC_WRITE | SIMI_ACC_ATOMIC)
#define AR (SIMI_ACC_READ | SIMI_ACC_ATOMIC)

/* One warp instruction: lanes `mask`, lane l accessing addr0 + l*stride. */
static void accw(unsigned block, unsigned warp, uint64_t mask, uint64_t addr0,
                 int64_t stride, unsigned size, unsigned kind, uint32_t site,
                 uint32_t path) {
  uint64_t addr[64], val[64];
  for (unsigned l = 0; l < 64; l++) {
    addr[l] = addr0 + (uint64_t)((int64_t)l * stride);
    val[l] = 100 + l;
  }
  simI_access a;
  memset(&a, 0, sizeof a);
  a.site = site;
  a.block = block;
  a.warp = warp;
  a.mask = mask;
  a.active = mask;
  a.path = path;
  a.step = ++steps[block][warp];
  a.kind = kind;
  a.size = size;
  a.space = SIMI_PTR_SPACE(addr0);
  a.addr = addr;
  a.value = val;
  simM_access(M, &a);
}

/* One thread (block, thread-in-block) accessing addr. */
static void acc1(unsigned block, unsigned thread, uint64_t addr, unsigned size,
                 unsigned kind, uint32_t site, uint32_t path) {
  accw(block, thread / 32, 1ull << (thread % 32), addr, 0, size, kind, site,
       path);
}

static void rel(unsigned block, uint32_t site) { simM_release(M, block, site); }

/* Is there a recorded race between sites a and b (either order)? */
static unsigned races_between(uint32_t a, uint32_t b) {
  unsigned k = 0;
  for (unsigned i = 0; i < S.n && i < MAXR; i++)
    if ((S.r[i].first.site == a && S.r[i].second.site == b) ||
        (S.r[i].first.site == b && S.r[i].second.site == a))
      k++;
  return k;
}

static int needed(uint32_t site) {
  for (unsigned i = 0; i < S.nneeded && i < 64; i++)
    if (S.needed[i] == site) return 1;
  return 0;
}

/* ------------------------------------------------------------- tests */

static void test_kinds(void) {
  CU_ASSERT_FALSE(simM_kinds_conflict(R, R));
  CU_ASSERT_TRUE(simM_kinds_conflict(R, W));
  CU_ASSERT_TRUE(simM_kinds_conflict(W, R));
  CU_ASSERT_TRUE(simM_kinds_conflict(W, W));
  CU_ASSERT_FALSE(simM_kinds_conflict(AT, AT));
  CU_ASSERT_TRUE(simM_kinds_conflict(AT, R));
  CU_ASSERT_TRUE(simM_kinds_conflict(AT, W));
  CU_ASSERT_FALSE(simM_kinds_conflict(AR, R));
  CU_ASSERT_TRUE(simM_kinds_conflict(AR, W));
  CU_ASSERT_FALSE(simM_kinds_conflict(AR, AT));
}

/* Theorem 4.1: different warps, same visit order, one write. */
static void test_other_warp(void) {
  begin(1, 64, 0);
  acc1(0, 3, SH(0), 4, W, 10, 0);
  acc1(0, 35, SH(0), 4, R, 11, 0);
  CU_ASSERT_EQUAL(S.n, 1);
  CU_ASSERT_EQUAL(S.r[0].relation, SIMM_REL_OTHER_WARP);
  CU_ASSERT_EQUAL(S.r[0].first.tid, 3);
  CU_ASSERT_EQUAL(S.r[0].second.tid, 35);
  CU_ASSERT_EQUAL(S.r[0].first.site, 10);
  CU_ASSERT_EQUAL(S.r[0].second.site, 11);
  CU_ASSERT_EQUAL(S.r[0].first.kind, W);
  CU_ASSERT_EQUAL(S.r[0].second.kind, R);
  CU_ASSERT_EQUAL(S.r[0].space, SIMI_SPACE_SHARED);
  CU_ASSERT_EQUAL(S.r[0].addr, SH(0));
  CU_ASSERT_TRUE(S.r[0].second.has_value);
  /* read-read is no race */
  reset_sink();
  acc1(0, 40, SH(8), 4, R, 12, 0);
  acc1(0, 4, SH(8), 4, R, 13, 0);
  CU_ASSERT_EQUAL(S.n, 0);
  finish();
}

/* A barrier between the two accesses: no race, and evidence that it is
 * needed. A barrier between accesses of one thread: no evidence. */
static void test_barrier_orders(void) {
  begin(1, 64, 0);
  acc1(0, 3, SH(0), 4, W, 10, 0);
  acc1(0, 3, SH(4), 4, W, 12, 0);
  rel(0, 100);
  acc1(0, 35, SH(0), 4, R, 11, 0);
  acc1(0, 3, SH(4), 4, R, 13, 0);
  CU_ASSERT_EQUAL(S.n, 0);
  CU_ASSERT_TRUE(needed(100));
  CU_ASSERT_EQUAL(S.nneeded, 1);
  finish();

  begin(1, 64, 0);
  acc1(0, 3, SH(4), 4, W, 12, 0);
  rel(0, 101);
  acc1(0, 3, SH(4), 4, R, 13, 0);
  acc1(0, 40, SH(8), 4, R, 14, 0);
  CU_ASSERT_EQUAL(S.n, 0);
  CU_ASSERT_EQUAL(S.nneeded, 0);
  finish();
}

/* Lock-step: one warp, one path: lanes are ordered by program order. */
static void test_same_warp_lockstep(void) {
  begin(1, 32, 0);
  acc1(0, 1, SH(0), 4, W, 10, 0);
  acc1(0, 2, SH(0), 4, R, 11, 0);
  acc1(0, 5, SH(0), 4, W, 12, 0);
  CU_ASSERT_EQUAL(S.n, 0);
  /* same instruction: every lane writes the same word: 31 instances */
  accw(0, 0, 0xFFFFFFFFull, SH(64), 0, 4, W, 20, 0);
  CU_ASSERT_EQUAL(S.n, 31);
  CU_ASSERT_EQUAL(S.r[0].relation, SIMM_REL_SAME_WARP);
  CU_ASSERT_EQUAL(S.r[0].first.site, 20);
  CU_ASSERT_EQUAL(S.r[0].second.site, 20);
  CU_ASSERT_TRUE(S.r[0].first.tid != S.r[0].second.tid);
  /* same instruction, distinct words (coalesced), or overlapping bytes of
   * a misaligned pattern */
  reset_sink();
  accw(0, 0, 0xFFFFFFFFull, SH(256), 4, 4, W, 21, 0);
  CU_ASSERT_EQUAL(S.n, 0);
  accw(0, 0, 0x3ull, SH(512), 2, 4, W, 22, 0); /* lanes 0,1 overlap 2 bytes */
  CU_ASSERT_EQUAL(S.n, 1);
  CU_ASSERT_EQUAL(S.r[0].addr, SH(514));
  /* same instruction atomics never race; same-instruction reads neither */
  reset_sink();
  accw(0, 0, 0xFFFFFFFFull, SH(1024), 0, 4, AT, 23, 0);
  accw(0, 0, 0xFFFFFFFFull, SH(1024), 0, 4, AT, 24, 0);
  accw(0, 0, 0xFFFFFFFFull, SH(2048), 0, 4, R, 25, 0);
  CU_ASSERT_EQUAL(S.n, 0);
  finish();
}

/* Divergence: sibling paths are unordered, ancestors ordered, sequential
 * divergences ordered. */
static void test_divergence_paths(void) {
  begin(1, 32, 0);
  acc1(0, 20, SH(0), 4, R, 9, 0);       /* before the divergence */
  /* branch: path 2 = lanes 0-15, path 3 = lanes 16-31, group 1 */
  simM_path(M, 0, 0, 2, 0, 1, 0x0000FFFFull);
  simM_path(M, 0, 0, 3, 0, 1, 0xFFFF0000ull);
  acc1(0, 0, SH(0), 4, W, 10, 2);       /* lane 0 in path 2 */
  CU_ASSERT_EQUAL(S.n, 0);              /* the read at 9 was before */
  acc1(0, 16, SH(0), 4, R, 11, 3);      /* lane 16 in sibling path 3 */
  CU_ASSERT_EQUAL(S.n, 1);
  CU_ASSERT_EQUAL(S.r[0].relation, SIMM_REL_SAME_WARP);
  CU_ASSERT_EQUAL(S.r[0].first.site, 10);
  CU_ASSERT_EQUAL(S.r[0].second.site, 11);
  /* reconverged into path 0: everything before is ordered */
  reset_sink();
  acc1(0, 17, SH(0), 4, W, 12, 0);
  CU_ASSERT_EQUAL(S.n, 0);
  /* a second divergence of path 0: its paths are ordered after group 1 */
  simM_path(M, 0, 0, 5, 0, 4, 0x000000FFull);
  simM_path(M, 0, 0, 6, 0, 4, 0xFFFFFF00ull);
  acc1(0, 30, SH(0), 4, R, 13, 6);
  CU_ASSERT_EQUAL(S.n, 0);
  /* nested: path 6 diverges into 8 (lanes 8-15) and 9 (16-31) */
  simM_path(M, 0, 0, 8, 6, 7, 0x0000FF00ull);
  simM_path(M, 0, 0, 9, 6, 7, 0xFFFF0000ull);
  acc1(0, 8, SH(16), 4, W, 14, 8);
  acc1(0, 24, SH(16), 4, W, 15, 9);     /* sibling of 8: race */
  CU_ASSERT_EQUAL(races_between(14, 15), 1);
  acc1(0, 2, SH(16), 4, R, 16, 5);      /* path 5 is a sibling of 6 (group
                                           4), which contains 8 and 9 */
  CU_ASSERT_EQUAL(races_between(16, 14) + races_between(16, 15), 1);
  finish();
}

/* The SP rep: many ordered accesses of one warp, then a sibling path. */
static void test_sp_rep_compact(void) {
  begin(1, 32, 0);
  simM_path(M, 0, 0, 2, 0, 1, 0x0000FFFFull);
  simM_path(M, 0, 0, 3, 0, 1, 0xFFFF0000ull);
  for (unsigned i = 0; i < 1000; i++) acc1(0, i % 16, SH(0), 4, R, 10, 2);
  CU_ASSERT_TRUE(simM_unit_reps(M, 0, SH(0)) <= 2);
  for (unsigned i = 0; i < 1000; i++) acc1(0, 16 + i % 16, SH(0), 4, R, 11, 3);
  CU_ASSERT_EQUAL(S.n, 0);
  acc1(0, 31, SH(0), 4, W, 12, 3);      /* races with the reads of path 2 */
  CU_ASSERT_EQUAL(races_between(10, 12), 1);
  CU_ASSERT_TRUE(simM_unit_reps(M, 0, SH(0)) <= 3);
  finish();
}

/* Global memory: two blocks race whatever their visit orders; shared memory
 * is per block. */
static void test_cross_block(void) {
  begin(4, 32, 0);
  acc1(0, 0, GL(0), 4, W, 10, 0);
  rel(1, 100);
  rel(1, 100);
  acc1(1, 7, GL(0), 4, R, 11, 0);
  CU_ASSERT_EQUAL(S.n, 1);
  CU_ASSERT_EQUAL(S.r[0].relation, SIMM_REL_OTHER_BLOCK);
  CU_ASSERT_EQUAL(S.r[0].first.tid, 0);
  CU_ASSERT_EQUAL(S.r[0].second.tid, 32 + 7);
  CU_ASSERT_EQUAL(S.r[0].space, SIMI_SPACE_GLOBAL);
  /* block 0 finished: its write still races with block 2's */
  simM_block_end(M, 0);
  reset_sink();
  acc1(2, 0, GL(0), 4, W, 12, 0);
  CU_ASSERT_EQUAL(S.n, 2); /* with block 0's write and block 1's read */
  CU_ASSERT_EQUAL(races_between(10, 12), 1);
  CU_ASSERT_EQUAL(races_between(11, 12), 1);
  /* shared memory of different blocks is different memory */
  reset_sink();
  acc1(0 + 3, 0, SH(0), 4, W, 20, 0);
  acc1(2, 0, SH(0), 4, W, 21, 0);
  CU_ASSERT_EQUAL(S.n, 0);
  /* a cross-block conflict is no evidence for a barrier */
  CU_ASSERT_EQUAL(S.nneeded, 0);
  finish();
}

/* Atomics never race with atomics; an atomic and a plain access do. */
static void test_atomics(void) {
  begin(2, 64, 0);
  for (unsigned t = 0; t < 64; t++) acc1(t & 1, t, GL(0), 4, AT, 10, 0);
  CU_ASSERT_EQUAL(S.n, 0);
  acc1(0, 40, GL(0), 4, R, 11, 0);     /* plain read vs atomic: race */
  CU_ASSERT_TRUE(S.n >= 1);
  CU_ASSERT_EQUAL(races_between(10, 11), S.n);
  reset_sink();
  acc1(0, 1, GL(16), 4, AR, 12, 0);    /* atomic load */
  acc1(0, 40, GL(16), 4, R, 13, 0);    /* plain read: no race */
  CU_ASSERT_EQUAL(S.n, 0);
  acc1(1, 5, GL(16), 4, W, 14, 0);     /* plain write vs both */
  CU_ASSERT_EQUAL(races_between(12, 14), 1);
  CU_ASSERT_EQUAL(races_between(13, 14), 1);
  finish();
}

/* Byte granularity: different bytes of one word are different units. */
static void test_bytes(void) {
  begin(1, 128, 0);
  acc1(0, 0, SH(0), 1, W, 10, 0);
  acc1(0, 32, SH(1), 1, W, 11, 0);
  acc1(0, 64, SH(2), 2, R, 12, 0);
  CU_ASSERT_EQUAL(S.n, 0);
  acc1(0, 96, SH(0), 4, W, 13, 0);     /* overlaps all three */
  CU_ASSERT_EQUAL(races_between(10, 13), 1);
  CU_ASSERT_EQUAL(races_between(11, 13), 1);
  CU_ASSERT_EQUAL(races_between(12, 13), 1);
  CU_ASSERT_EQUAL(S.n, 3);
  /* array of structs {int x, y}: thread t writes s[t].x, others read .y */
  reset_sink();
  for (unsigned t = 0; t < 128; t++) acc1(0, t, SH(1024 + 8 * t), 4, W, 20, 0);
  for (unsigned t = 0; t < 128; t++) acc1(0, t, SH(1024 + 8 * ((t + 33) % 128) + 4), 4, R, 21, 0);
  CU_ASSERT_EQUAL(S.n, 0);
  /* an 8-byte access spans two granules */
  acc1(0, 100, SH(1024 + 8 * 5), 8, R, 22, 0);
  CU_ASSERT_EQUAL(races_between(20, 22), 1);
  CU_ASSERT_EQUAL(S.r[0].addr, SH(1024 + 40));
  finish();
}

/* --its: lanes race unless a __syncwarp chain orders them. */
static void test_its(void) {
  begin(1, 64, 1);
  acc1(0, 0, SH(0), 4, W, 10, 0);
  acc1(0, 1, SH(0), 4, R, 11, 0);
  CU_ASSERT_EQUAL(S.n, 1);
  CU_ASSERT_EQUAL(S.r[0].relation, SIMM_REL_SAME_WARP);
  reset_sink();
  acc1(0, 0, SH(4), 4, W, 12, 0);
  simM_syncwarp(M, 0, 0, 0xFFFFFFFFull);
  acc1(0, 1, SH(4), 4, R, 13, 0);
  CU_ASSERT_EQUAL(S.n, 0);
  /* partial masks: {0,2} then {2,1} orders lane 0 before lane 1 */
  acc1(0, 0, SH(8), 4, W, 14, 0);
  simM_syncwarp(M, 0, 0, 0x5);
  acc1(0, 3, SH(8), 4, R, 15, 0);      /* lane 3 not synchronized: race */
  CU_ASSERT_EQUAL(races_between(14, 15), 1);
  simM_syncwarp(M, 0, 0, 0x6);
  reset_sink();
  acc1(0, 1, SH(8), 4, R, 16, 0);      /* via lane 2: ordered */
  CU_ASSERT_EQUAL(S.n, 0);
  /* the same instruction writing one word from two lanes */
  accw(0, 1, 0x3, SH(12), 0, 4, W, 17, 0);
  CU_ASSERT_EQUAL(races_between(17, 17), 1);
  /* lock-step ordering does not apply: the warp-synchronous pattern */
  reset_sink();
  accw(0, 1, 0xFFFF, SH(256), 4, 4, W, 18, 0);   /* s[t] = ... */
  accw(0, 1, 0xFFFF, SH(256 + 64), 4, 4, R, 19, 0); /* read s[t+16] */
  CU_ASSERT_EQUAL(S.n, 0); /* lanes 16..31 did not write */
  accw(0, 1, 0xFFFF, SH(256 + 32), 4, 4, R, 19, 0); /* read s[t+8] */
  CU_ASSERT_EQUAL(races_between(18, 19), 8);
  finish();
}

/* Compactness: the racing pair is one access among thousands. */
static void test_one_write_among_reads(void) {
  /* 1024 threads read a[0]; then one thread writes it */
  begin(1, 1024, 0);
  for (unsigned w = 0; w < 32; w++) accw(0, w, 0xFFFFFFFFull, GL(0), 0, 4, R, 10, 0);
  CU_ASSERT_TRUE(simM_unit_reps(M, 0, GL(0)) <= 3);
  acc1(0, 999, GL(0), 4, W, 11, 0);
  CU_ASSERT_EQUAL(S.n, 1);
  CU_ASSERT_EQUAL(races_between(10, 11), 1);
  finish();

  /* the write first, then every thread reads: all but the writer race */
  begin(1, 1024, 0);
  acc1(0, 500, GL(0), 4, W, 11, 0);
  for (unsigned w = 0; w < 32; w++) accw(0, w, 0xFFFFFFFFull, GL(0), 0, 4, R, 10, 0);
  /* lanes of warp 15 are ordered after the write (lock-step, same warp) */
  CU_ASSERT_EQUAL(S.n, 1024 - 32);
  finish();

  /* a[i] = a[i] + a[0] in place, one barrier-free pass: thread 0's write of
   * a[0] races with every other thread's read of a[0] in other warps */
  begin(1, 1024, 0);
  for (unsigned w = 0; w < 32; w++) {
    accw(0, w, 0xFFFFFFFFull, GL(0), 0, 4, R, 20, 0);          /* a[0] */
    accw(0, w, 0xFFFFFFFFull, GL(4 * 32 * w), 4, 4, R, 21, 0); /* a[i] */
    accw(0, w, 0xFFFFFFFFull, GL(4 * 32 * w), 4, 4, W, 22, 0); /* a[i] = */
  }
  CU_ASSERT_EQUAL(races_between(20, 22), 31 * 32); /* every read of a[0]
                                                       after warp 0 wrote */
  CU_ASSERT_TRUE(simM_unit_reps(M, 0, GL(0)) <= 4);
  CU_ASSERT_TRUE(simM_unit_reps(M, 0, GL(400)) <= 2);
  finish();
}

/* The 1000th access is the first from another warp. */
static void test_thousandth_other_warp(void) {
  begin(1, 64, 0);
  for (unsigned i = 0; i < 999; i++) acc1(0, i % 32, SH(0), 4, (i == 500) ? W : R, i == 500 ? 30 : 31, 0);
  CU_ASSERT_EQUAL(S.n, 0);
  CU_ASSERT_TRUE(simM_unit_reps(M, 0, SH(0)) <= 2);
  acc1(0, 32, SH(0), 4, R, 32, 0);
  CU_ASSERT_EQUAL(S.n, 1);
  CU_ASSERT_EQUAL(races_between(30, 32), 1);
  CU_ASSERT_EQUAL(S.r[0].relation, SIMM_REL_OTHER_WARP);
  /* and with other blocks: block 1 is the first other block after 999
   * accesses of block 0 to global memory */
  finish();
  begin(2, 64, 0);
  for (unsigned i = 0; i < 999; i++) acc1(0, i % 64, GL(0), 4, R, 40, 0);
  acc1(0, 17, GL(0), 4, W, 41, 0);
  unsigned within = S.n;
  CU_ASSERT_TRUE(within >= 1);
  rel(0, 100);
  for (unsigned i = 0; i < 999; i++) acc1(0, i % 64, GL(0), 4, R, 42, 0);
  simM_block_end(M, 0);
  reset_sink();
  acc1(1, 3, GL(0), 4, W, 43, 0);
  CU_ASSERT_EQUAL(races_between(41, 43), 1);
  CU_ASSERT_TRUE(races_between(40, 43) + races_between(42, 43) >= 1);
  CU_ASSERT_TRUE(simM_unit_reps(M, 1, GL(0)) <= 6);
  finish();
}

/* Redundant-barrier evidence with runs of one barrier site. */
static void test_runs(void) {
  /* e0: t0 writes; B; e1: t0 reads; B; e2: t40 reads. Removing B merges all
   * three: the write and t40's read would race. */
  begin(1, 64, 0);
  acc1(0, 0, SH(0), 4, W, 10, 0);
  rel(0, 100);
  acc1(0, 0, SH(0), 4, R, 11, 0);
  rel(0, 100);
  acc1(0, 40, SH(0), 4, R, 12, 0);
  CU_ASSERT_EQUAL(S.n, 0);
  CU_ASSERT_TRUE(needed(100));
  finish();

  /* the same with alternating barriers: removing either alone merges only
   * two adjacent visit orders, neither of which has a conflict */
  begin(1, 64, 0);
  acc1(0, 0, SH(0), 4, W, 10, 0);
  rel(0, 100);
  acc1(0, 0, SH(0), 4, R, 11, 0);
  rel(0, 101);
  acc1(0, 40, SH(0), 4, R, 12, 0);
  CU_ASSERT_EQUAL(S.n, 0);
  CU_ASSERT_EQUAL(S.nneeded, 0);
  finish();

  /* the unit is not touched between: e0 write, B1, e1 (nothing), B2, e2 read
   * by another warp. Removing B2 alone does not merge e0 and e2. */
  begin(1, 64, 0);
  acc1(0, 0, SH(0), 4, W, 10, 0);
  rel(0, 100);
  rel(0, 101);
  acc1(0, 40, SH(0), 4, R, 12, 0);
  CU_ASSERT_EQUAL(S.nneeded, 0);
  finish();

  /* loop with one barrier: the conflict is three iterations apart */
  begin(1, 64, 0);
  acc1(0, 0, SH(0), 4, W, 10, 0);
  for (int i = 0; i < 3; i++) rel(0, 100);
  acc1(0, 40, SH(0), 4, R, 12, 0);
  CU_ASSERT_TRUE(needed(100));
  finish();

  /* same warp, lock-step: merging visit orders keeps program order, so a
   * barrier between two lanes of one warp (one path) is not needed */
  begin(1, 64, 0);
  acc1(0, 0, SH(0), 4, W, 10, 0);
  rel(0, 100);
  acc1(0, 1, SH(0), 4, R, 11, 0);
  CU_ASSERT_EQUAL(S.nneeded, 0);
  finish();
  /* ... but under --its it is */
  begin(1, 64, 1);
  acc1(0, 0, SH(0), 4, W, 10, 0);
  rel(0, 100);
  acc1(0, 1, SH(0), 4, R, 11, 0);
  CU_ASSERT_TRUE(needed(100));
  finish();

  /* evidence through many accesses: 2000 reads of one warp in e0, B, then a
   * write by another warp */
  begin(1, 64, 0);
  for (unsigned i = 0; i < 2000; i++) acc1(0, i % 32, SH(0), 4, R, 10, 0);
  rel(0, 100);
  for (unsigned i = 0; i < 2000; i++) acc1(0, i % 32, SH(4), 4, W, 11, 0);
  rel(0, 100);
  CU_ASSERT_EQUAL(S.nneeded, 0);
  acc1(0, 33, SH(0), 4, W, 12, 0);
  CU_ASSERT_TRUE(needed(100));
  CU_ASSERT_TRUE(simM_unit_reps(M, 0, SH(0)) <= 4);
  finish();
}

/* Partial accesses split a granule into byte units that start as copies. */
static void test_split_copies(void) {
  begin(1, 64, 0);
  acc1(0, 0, SH(0), 4, W, 10, 0);   /* whole granule */
  acc1(0, 33, SH(2), 1, R, 11, 0);  /* byte 2: races with the copy */
  CU_ASSERT_EQUAL(races_between(10, 11), 1);
  CU_ASSERT_EQUAL(S.r[0].addr, SH(2));
  acc1(0, 34, SH(0), 4, R, 12, 0);  /* all four byte units: one report */
  CU_ASSERT_EQUAL(races_between(10, 12), 1);
  finish();
}

/* Blocks interleave (resident blocks run round robin): each keeps its own
 * visit orders in a shared unit of global memory. */
static void test_interleaved_blocks(void) {
  begin(2, 64, 0);
  acc1(0, 0, GL(0), 4, R, 10, 0);
  acc1(1, 0, GL(0), 4, R, 11, 0);
  acc1(0, 40, GL(0), 4, W, 12, 0); /* other warp of block 0 and block 1 */
  CU_ASSERT_EQUAL(races_between(10, 12), 1);
  CU_ASSERT_EQUAL(races_between(11, 12), 1);
  finish();

  begin(2, 64, 0);
  acc1(0, 0, GL(0), 4, W, 10, 0);
  rel(0, 100);
  acc1(1, 0, GL(8), 4, W, 11, 0);
  acc1(0, 40, GL(0), 4, R, 12, 0);  /* block 0, next visit order */
  CU_ASSERT_EQUAL(S.n, 0);
  CU_ASSERT_TRUE(needed(100));
  finish();

  /* reads of one unit by two blocks, then a write in block 0's next visit
   * order: races with block 1's read, evidence from block 0's */
  begin(2, 64, 0);
  acc1(0, 0, GL(0), 4, R, 10, 0);
  acc1(1, 0, GL(0), 4, R, 11, 0);
  acc1(1, 40, GL(0), 4, R, 13, 0);
  rel(0, 100);
  acc1(0, 40, GL(0), 4, W, 12, 0);
  CU_ASSERT_EQUAL(S.n, 2);
  CU_ASSERT_EQUAL(races_between(11, 12), 1);
  CU_ASSERT_EQUAL(races_between(13, 12), 1);
  CU_ASSERT_EQUAL(S.r[0].relation, SIMM_REL_OTHER_BLOCK);
  CU_ASSERT_TRUE(needed(100));
  finish();
}

static void test_stats(void) {
  begin(1, 256, 0);
  for (unsigned w = 0; w < 8; w++) accw(0, w, 0xFFFFFFFFull, GL(4 * 32 * w), 4, 4, W, 10, 0);
  simM_stats st;
  simM_get_stats(M, &st);
  CU_ASSERT_EQUAL(st.lane_accesses, 256);
  CU_ASSERT_EQUAL(st.tracked_bytes, 4096);
  CU_ASSERT_TRUE(st.shadow_bytes >= 16 * 1024 && st.shadow_bytes < 16 * 1024 + 4096);
  CU_ASSERT_EQUAL(st.reps_max, 1);
  finish();
}

static void test_bad_config(void) {
  simM_model *m = simM_new(NULL);
  simM_config c;
  memset(&c, 0, sizeof c);
  c.grid = (simI_dim3){1, 1, 1};
  c.block = (simI_dim3){0, 1, 1};
  CU_ASSERT_EQUAL(simM_begin(m, &c), -1);
  c.block = (simI_dim3){32, 1, 1};
  c.warp_size = 33;
  CU_ASSERT_EQUAL(simM_begin(m, &c), -1);
  c.warp_size = 16;
  CU_ASSERT_EQUAL(simM_begin(m, &c), 0);
  simM_end(m);
  simM_free(m);
}

int test_model_register(void) {
  CU_pSuite s = CU_add_suite("model", NULL, NULL);
  if (!s) return -1;
  if (!CU_add_test(s, "kinds", test_kinds) ||
      !CU_add_test(s, "other_warp", test_other_warp) ||
      !CU_add_test(s, "barrier_orders", test_barrier_orders) ||
      !CU_add_test(s, "same_warp_lockstep", test_same_warp_lockstep) ||
      !CU_add_test(s, "divergence_paths", test_divergence_paths) ||
      !CU_add_test(s, "sp_rep_compact", test_sp_rep_compact) ||
      !CU_add_test(s, "cross_block", test_cross_block) ||
      !CU_add_test(s, "atomics", test_atomics) ||
      !CU_add_test(s, "bytes", test_bytes) ||
      !CU_add_test(s, "its", test_its) ||
      !CU_add_test(s, "one_write_among_reads", test_one_write_among_reads) ||
      !CU_add_test(s, "thousandth_other_warp", test_thousandth_other_warp) ||
      !CU_add_test(s, "runs", test_runs) ||
      !CU_add_test(s, "split_copies", test_split_copies) ||
      !CU_add_test(s, "interleaved_blocks", test_interleaved_blocks) ||
      !CU_add_test(s, "stats", test_stats) ||
      !CU_add_test(s, "bad_config", test_bad_config))
    return -1;
  return 0;
}
