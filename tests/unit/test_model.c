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

/* A loop whose every iteration diverges and reconverges without touching
 * memory in the parent path: earlier iterations' paths are closed (ordered),
 * the current siblings are not. */
static void test_divergence_loop(void) {
  begin(1, 32, 0);
  uint32_t id = 1;
  for (unsigned k = 0; k <= 1000; k++) {
    uint32_t g = id++, a = id++, b = id++;
    simM_path(M, 0, 0, a, 0, g, 0x0000FFFFull);
    simM_path(M, 0, 0, b, 0, g, 0xFFFF0000ull);
    if (k == 1000) {
      acc1(0, 16, SH(0), 4, R, 12, b); /* lane 0 wrote x in iteration 999 */
      CU_ASSERT_EQUAL(S.n, 0);
      acc1(0, 17, SH(4), 4, W, 13, b);
      acc1(0, 1, SH(4), 4, R, 14, a);  /* sibling in this iteration */
      CU_ASSERT_EQUAL(S.n, 1);
      CU_ASSERT_EQUAL(races_between(13, 14), 1);
      break;
    }
    acc1(0, 0, SH(0), 4, W, 10, a);
    acc1(0, 16, SH(8), 4, W, 11, b);
  }
  CU_ASSERT_EQUAL(S.n, 1);
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

/* Block-scope atomics are atomic only within their block. */
static void test_scoped_atomics(void) {
  begin(3, 64, 0);
  uint64_t addr[64], val[64] = {0};
  for (unsigned l = 0; l < 64; l++) addr[l] = GL(0);
  simI_access a;
  memset(&a, 0, sizeof a);
  a.size = 4; a.space = SIMI_SPACE_GLOBAL; a.addr = addr; a.value = val;
  a.kind = AT; a.mask = a.active = 0xFFFFFFFFull;
  a.scope = SIMI_SCOPE_BLOCK; a.site = 10; a.block = 0; a.warp = 0; a.step = 1;
  simM_access(M, &a);              /* block 0, block scope */
  a.warp = 1; a.step = 2;
  simM_access(M, &a);              /* same block: atomic to each other */
  CU_ASSERT_EQUAL(S.n, 0);
  a.scope = SIMI_SCOPE_DEVICE; a.site = 11; a.block = 1; a.warp = 0; a.step = 1;
  simM_access(M, &a);              /* block 1, device scope: races */
  CU_ASSERT_EQUAL(races_between(10, 11), 32);
  CU_ASSERT_EQUAL(S.r[0].relation, SIMM_REL_OTHER_BLOCK);
  CU_ASSERT_EQUAL(S.r[0].first.kind, AT);
  reset_sink();
  for (unsigned l = 0; l < 64; l++) addr[l] = GL(64);
  a.site = 12; a.block = 1; a.step = 2;
  simM_access(M, &a);              /* device-scope atomics of two blocks */
  a.site = 13; a.block = 2; a.step = 1;
  simM_access(M, &a);
  CU_ASSERT_EQUAL(S.n, 0);
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
  /* ... which lock-step warps order: graded, not an error */
  for (unsigned i = 0; i < S.n && i < MAXR; i++)
    CU_ASSERT_EQUAL(S.r[i].why.would, SIMM_WOULD_LOCKSTEP);
  /* two lanes of one instruction are unordered under lock-step too */
  reset_sink();
  accw(0, 1, 0x3, SH(512), 0, 4, W, 20, 0);
  CU_ASSERT_EQUAL(races_between(20, 20), 1);
  CU_ASSERT_EQUAL(S.r[0].why.would, 0);
  /* the first writer's bytes: what the second overwrote (simI_access.prev
   * is absent here: not known) */
  CU_ASSERT_EQUAL(S.r[0].has_prev, 0);
  finish();
}

/* The lock-step rule (simM_lockstep_orders): one warp, one visit order;
 * ordered when y's lane is in x's path, or y ran before its lane parted. */
static void test_lockstep_rule(void) {
  simM_cell y = {1, SIMI_ACC_WRITE, 0, 10, 0}, x = {5, SIMI_ACC_READ, 0, 20, 0};
  uint32_t part[64] = {0};
  CU_ASSERT_TRUE(simM_lockstep_orders(&y, &x, ~0ull, NULL, 64, 32));
  CU_ASSERT_TRUE(simM_lockstep_orders(&y, &x, 1ull << 1, part, 64, 32));
  /* lane 1 left x's path at step 15: y (step 10) came before */
  part[1] = 15;
  CU_ASSERT_TRUE(simM_lockstep_orders(&y, &x, 1ull << 5, part, 64, 32));
  /* it left at step 5: y ran on a sibling path */
  part[1] = 5;
  CU_ASSERT_FALSE(simM_lockstep_orders(&y, &x, 1ull << 5, part, 64, 32));
  /* one instruction, other warps, other blocks, other visit orders */
  simM_cell x2 = x;
  x2.seq = 10;
  CU_ASSERT_FALSE(simM_lockstep_orders(&y, &x2, ~0ull, NULL, 64, 32));
  x2 = x;
  x2.tid = 40;
  CU_ASSERT_FALSE(simM_lockstep_orders(&y, &x2, ~0ull, NULL, 64, 32));
  x2.tid = 65;
  CU_ASSERT_FALSE(simM_lockstep_orders(&y, &x2, ~0ull, NULL, 64, 32));
  x2 = x;
  x2.epoch = 1;
  CU_ASSERT_FALSE(simM_lockstep_orders(&y, &x2, ~0ull, NULL, 64, 32));
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

  /* a run that starts where the unit was last touched: the reps of the
   * earlier run (warp 0 in e0) must not stand in for this run's (warp 0's
   * read in e2 is what makes barrier 101 needed) */
  begin(1, 64, 0);
  acc1(0, 0, SH(0), 4, R, 10, 0);   /* e0, warp 0 */
  rel(0, 100);
  acc1(0, 32, SH(0), 4, R, 11, 0);  /* e1, warp 1 */
  rel(0, 101);
  acc1(0, 1, SH(0), 4, R, 12, 0);   /* e2, warp 0 */
  rel(0, 101);
  acc1(0, 2, SH(0), 4, R, 14, 0);   /* e3, warp 0 first: the unit rolls */
  CU_ASSERT_EQUAL(S.nneeded, 0);
  acc1(0, 33, SH(0), 4, W, 13, 0);  /* e3, warp 1: would race with e2 */
  CU_ASSERT_TRUE(needed(101));
  CU_ASSERT_FALSE(needed(100));
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

/* The byte units of a split granule go back to the model when their block
 * ends and serve the next block's split: they start as copies of that
 * granule, never with the ended block's reps. */
static void test_split_recycled(void) {
  begin(2, 64, 0);
  for (unsigned by = 0; by < 4; by++) acc1(0, 0, SH(by), 1, W, 10, 0);
  acc1(0, 1, SH(64), 1, W, 10, 0);  /* a second split granule */
  CU_ASSERT_EQUAL(S.n, 0);
  simM_block_end(M, 0);
  acc1(1, 0, SH(1), 1, W, 11, 0);    /* block 1 splits its granule 0 */
  acc1(1, 0, SH(65), 1, R, 13, 0);   /* and granule 16, by its own thread */
  acc1(1, 40, SH(0), 4, R, 12, 0);   /* another warp: races with byte 1 only */
  CU_ASSERT_EQUAL(races_between(11, 12), 1);
  CU_ASSERT_EQUAL(races_between(10, 12), 0);
  CU_ASSERT_EQUAL(S.n, 1);
  acc1(1, 41, SH(64), 4, W, 14, 0);  /* races with the read of byte 65 */
  CU_ASSERT_EQUAL(races_between(13, 14), 1);
  CU_ASSERT_EQUAL(races_between(10, 14), 0);
  CU_ASSERT_EQUAL(S.n, 2);
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

/* Warps of 64 lanes: lanes 0 and 40 share a warp (lock-step: ordered;
 * --its: a race); lane 0 of warp 1 is thread 64. */
static void test_warp64(void) {
  for (int its = 0; its <= 1; its++) {
    simM_sink sk = {NULL, on_race, on_needed};
    simM_model *m = simM_new(&sk);
    simM_config c;
    memset(&c, 0, sizeof c);
    c.grid = (simI_dim3){1, 1, 1};
    c.block = (simI_dim3){128, 1, 1};
    c.warp_size = 64;
    c.its = its;
    CU_ASSERT_EQUAL_FATAL(simM_begin(m, &c), 0);
    reset_sink();
    uint64_t addr[64] = {0}, val[64] = {0};
    for (unsigned l = 0; l < 64; l++) addr[l] = SH(0);
    simI_access a;
    memset(&a, 0, sizeof a);
    a.site = 10; a.size = 4; a.space = SIMI_SPACE_SHARED; a.addr = addr; a.value = val;
    a.kind = W; a.mask = a.active = 1ull; a.step = 1;
    simM_access(m, &a);                 /* thread 0 writes */
    a.site = 11; a.kind = R; a.mask = a.active = 1ull << 40; a.step = 2;
    simM_access(m, &a);                 /* thread 40 reads, same warp */
    CU_ASSERT_EQUAL(S.n, (unsigned)its);
    a.site = 12; a.warp = 1; a.mask = a.active = 1ull; a.step = 1;
    simM_access(m, &a);                 /* thread 64, warp 1 */
    CU_ASSERT_EQUAL(S.n, (unsigned)its + 1);
    CU_ASSERT_EQUAL(S.r[its].second.tid, 64);
    CU_ASSERT_EQUAL(S.r[its].relation, SIMM_REL_OTHER_WARP);
    simM_end(m);
    simM_free(m);
  }
}


/* ------------------------------------------------- differential oracle */

/* A brute-force model of the same rules that keeps every access, driven by
 * the same random events: every access must race in the compact model iff it
 * races with some earlier access in the oracle, every reported partner must
 * be a real racing access, and the barriers found needed must be the same.
 * Paths are checked with the LCA rule (sibling subtrees of one divergence),
 * --its with explicit reachability through __syncwarp masks: both computed
 * independently of the model's part times and vector clocks. */

#define OWS 4       /* lanes per warp */
#define OWARPS 3    /* warps per block */
#define OBLOCKS 3
#define OTPB (OWS * OWARPS)
#define OMAXACC 2048
#define OMAXSYNC 512
#define OMAXPATH 512

typedef struct onode { uint32_t id, parent, group; } onode;
typedef struct orec {
  unsigned tid, block, warp, lane, kind, narrow, space, epoch, site;
  uint64_t lo, hi;      /* byte range (offset) */
  uint32_t path;        /* path id (lock-step) */
  unsigned time;        /* global event counter */
} orec;
typedef struct osync { unsigned block, warp, time; uint64_t mask; } osync;

static struct {
  uint64_t st;
  onode nodes[OBLOCKS][OWARPS][OMAXPATH];
  unsigned nnodes[OBLOCKS][OWARPS];
  uint32_t nextid[OBLOCKS][OWARPS];
  /* SIMT stack per warp: path ids and masks */
  uint32_t stk[OBLOCKS][OWARPS][32];
  uint64_t stkmask[OBLOCKS][OWARPS][32];
  unsigned depth[OBLOCKS][OWARPS];
  orec acc[OMAXACC];
  unsigned nacc;
  osync sync[OMAXSYNC];
  unsigned nsync;
  unsigned epoch[OBLOCKS], runstart[OBLOCKS];
  uint32_t runsite[OBLOCKS];
  int dead[OBLOCKS];
  int needed[3];
  unsigned time;
  /* the model's reports for the current access */
  int cur_raced, bad_partner;
} O;

static unsigned orand(unsigned n) {
  O.st ^= O.st << 13;
  O.st ^= O.st >> 7;
  O.st ^= O.st << 17;
  return (unsigned)(O.st % n);
}

static const onode *onode_get(unsigned b, unsigned w, uint32_t id) {
  for (unsigned i = 0; i < O.nnodes[b][w]; i++)
    if (O.nodes[b][w][i].id == id) return &O.nodes[b][w][i];
  return NULL;
}

/* Lock-step order of two paths of one warp: 1 if unordered. */
static int o_unordered(unsigned b, unsigned w, uint32_t py, uint32_t px) {
  if (py == px) return 0;
  /* chain of px to the root */
  uint32_t cx[64], cy[64];
  unsigned nx = 0, ny = 0;
  for (uint32_t p = px; nx < 64; ) { cx[nx++] = p; if (!p) break; p = onode_get(b, w, p)->parent; }
  for (uint32_t p = py; ny < 64; ) { cy[ny++] = p; if (!p) break; p = onode_get(b, w, p)->parent; }
  /* lowest common ancestor: walk from the roots */
  unsigned i = nx, j = ny;
  while (i > 0 && j > 0 && cx[i - 1] == cy[j - 1]) { i--; j--; }
  if (i == 0 || j == 0) return 0; /* one is an ancestor of the other */
  return onode_get(b, w, cx[i - 1])->group == onode_get(b, w, cy[j - 1])->group;
}

/* --its: is lane ly's access at time ty ordered before lane lx's at tx by a
 * chain of __syncwarp masks of warp (b, w)? */
static int o_its_ordered(unsigned b, unsigned w, unsigned ly, unsigned ty,
                         unsigned lx, unsigned tx) {
  uint64_t reach = 1ull << ly;
  for (unsigned i = 0; i < O.nsync; i++) {
    const osync *s = &O.sync[i];
    if (s->block != b || s->warp != w || s->time <= ty || s->time >= tx) continue;
    if (s->mask & reach) reach |= s->mask;
  }
  return (reach >> lx) & 1;
}

static int o_conflict(const orec *y, const orec *x, int other_block) {
  unsigned a = y->kind, c = x->kind;
  if (!((a | c) & W)) return 0;
  if (!(a & c & SIMI_ACC_ATOMIC)) return 1;
  return other_block && (y->narrow || x->narrow);
}

/* Same block: concurrent ignoring visit orders? */
static int o_conc(const orec *y, const orec *x, int its) {
  if (y->warp != x->warp) return 1;
  if (its) return y->lane != x->lane && !o_its_ordered(x->block, x->warp, y->lane, y->time, x->lane, x->time);
  return o_unordered(x->block, x->warp, y->path, x->path);
}

/* Does x race with y (y earlier)? */
static int o_races(const orec *y, const orec *x, int its) {
  if (y->tid == x->tid || y->space != x->space || y->hi <= x->lo || x->hi <= y->lo) return 0;
  if (y->space == SIMI_SPACE_SHARED && y->block != x->block) return 0;
  if (y->block != x->block) return o_conflict(y, x, 1);
  if (!o_conflict(y, x, 0) || y->epoch != x->epoch) return 0;
  return o_conc(y, x, its);
}

static int o_its;
static void o_on_race2(void *c, const simM_race *r) {
  (void)c;
  O.cur_raced = 1;
  const orec *x = &O.acc[O.nacc - 1];
  for (unsigned i = 0; i + 1 < O.nacc; i++) {
    const orec *y = &O.acc[i];
    if (y->tid == r->first.tid && y->site == r->first.site && o_races(y, x, o_its)) return;
  }
  O.bad_partner++;
}

static void o_on_needed(void *c, uint32_t site, unsigned block) {
  (void)c;
  (void)block;
  O.needed[site - 100] |= 2; /* model */
}

static unsigned o_rel_rate = 4, o_range = 12, o_nsites = 2; /* per-trial shape */
static unsigned o_asites = 6; /* access sites */
static int o_nolane;          /* --its without __syncwarp: no_lane_sync set */

static void oracle_trial(int its, unsigned events, unsigned *mismatch) {
  memset(&O.nodes, 0, sizeof O.nodes);
  memset(O.nnodes, 0, sizeof O.nnodes);
  memset(O.depth, 0, sizeof O.depth);
  memset(O.epoch, 0, sizeof O.epoch);
  memset(O.runstart, 0, sizeof O.runstart);
  memset(O.dead, 0, sizeof O.dead);
  O.nacc = O.nsync = O.time = 0;
  O.needed[0] = O.needed[1] = O.needed[2] = 0;
  o_its = its;
  for (unsigned b = 0; b < OBLOCKS; b++) {
    O.runsite[b] = UINT32_MAX;
    for (unsigned w = 0; w < OWARPS; w++) {
      O.depth[b][w] = 1;
      O.stk[b][w][0] = 0;
      O.stkmask[b][w][0] = (1u << OWS) - 1;
      O.nextid[b][w] = 1;
    }
  }
  simM_sink sk = {NULL, o_on_race2, o_on_needed};
  simM_model *m = simM_new(&sk);
  simM_config c;
  memset(&c, 0, sizeof c);
  c.grid = (simI_dim3){OBLOCKS, 1, 1};
  c.block = (simI_dim3){OTPB, 1, 1};
  c.warp_size = OWS;
  c.its = its;
  c.barriers = 1;
  c.no_lane_sync = o_nolane;
  simM_begin(m, &c);
  for (unsigned ev = 0; ev < events && O.nacc < OMAXACC; ev++) {
    unsigned b = orand(OBLOCKS), w = orand(OWARPS), r = orand(100);
    if (O.dead[b]) continue;
    O.time++;
    if (r < o_rel_rate) { /* release */
      uint32_t site = 100 + orand(o_nsites);
      if (!(O.epoch[b] > 0 && O.runsite[b] == site)) { O.runstart[b] = O.epoch[b]; O.runsite[b] = site; }
      O.epoch[b]++;
      simM_release(m, b, site);
      continue;
    }
    if (r < o_rel_rate + 1 && ev > events / 2) { /* block ends */
      O.dead[b] = 1;
      simM_block_end(m, b);
      continue;
    }
    unsigned *dp = &O.depth[b][w];
    uint64_t top = O.stkmask[b][w][*dp - 1];
    if (!its && r < o_rel_rate + 10 && __builtin_popcountll(top) >= 2 && *dp < 30 && O.nnodes[b][w] + 2 < OMAXPATH) {
      /* diverge the top path in two */
      uint64_t m1 = 0;
      while (!m1 || m1 == top) m1 = top & (uint64_t)orand(1u << OWS);
      uint32_t parent = O.stk[b][w][*dp - 1], g = O.nextid[b][w]++;
      uint32_t c1 = O.nextid[b][w]++, c2 = O.nextid[b][w]++;
      O.nodes[b][w][O.nnodes[b][w]++] = (onode){c1, parent, g};
      O.nodes[b][w][O.nnodes[b][w]++] = (onode){c2, parent, g};
      simM_path(m, b, w, c1, parent, g, m1);
      simM_path(m, b, w, c2, parent, g, top & ~m1);
      /* c2 below c1: c1 runs first, then c2, then the parent resumes */
      O.stk[b][w][*dp] = c2; O.stkmask[b][w][*dp] = top & ~m1; (*dp)++;
      O.stk[b][w][*dp] = c1; O.stkmask[b][w][*dp] = m1; (*dp)++;
      continue;
    }
    if (!its && r < o_rel_rate + 18 && *dp > 1) { /* the top path reaches its end */
      (*dp)--;
      continue;
    }
    if (its && !o_nolane && r < o_rel_rate + 10) {
      uint64_t mask = orand(1u << OWS);
      if (orand(3) == 0) mask = (1u << OWS) - 1;
      O.sync[O.nsync++] = (osync){b, w, O.time, mask};
      simM_syncwarp(m, b, w, mask);
      if (O.nsync == OMAXSYNC) break;
      continue;
    }
    /* an access by one lane of the top path */
    unsigned lane;
    do lane = orand(OWS); while (!((top >> lane) & 1));
    orec *x = &O.acc[O.nacc++];
    memset(x, 0, sizeof *x);
    x->block = b; x->warp = w; x->lane = lane; x->tid = b * OTPB + w * OWS + lane;
    static const unsigned kinds[] = {SIMI_ACC_READ, SIMI_ACC_WRITE,
      SIMI_ACC_READ | SIMI_ACC_WRITE | SIMI_ACC_ATOMIC, SIMI_ACC_READ | SIMI_ACC_ATOMIC};
    x->kind = kinds[orand(4)];
    x->narrow = (x->kind & SIMI_ACC_ATOMIC) && orand(3) == 0;
    x->space = orand(2) ? SIMI_SPACE_GLOBAL : SIMI_SPACE_SHARED;
    static const unsigned sizes[] = {1, 2, 4, 4, 4, 8};
    unsigned size = sizes[orand(6)];
    x->lo = orand(o_range) & ~(uint64_t)(size > 4 ? 3 : size - 1);
    if (orand(4) == 0) x->lo = orand(o_range); /* misaligned now and then */
    x->hi = x->lo + size;
    x->epoch = O.epoch[b];
    x->site = 10 + orand(o_asites);
    x->path = O.stk[b][w][*dp - 1];
    x->time = O.time;
    /* evidence in the oracle */
    for (unsigned i = 0; i + 1 < O.nacc; i++) {
      const orec *y = &O.acc[i];
      if (y->block != b || y->epoch >= x->epoch || y->epoch < O.runstart[b] || O.runsite[b] == UINT32_MAX) continue;
      if (y->tid == x->tid || y->space != x->space || y->hi <= x->lo || x->hi <= y->lo) continue;
      if (o_conflict(y, x, 0) && o_conc(y, x, its)) O.needed[O.runsite[b] - 100] |= 1;
    }
    int want = 0;
    for (unsigned i = 0; i + 1 < O.nacc && !want; i++) want = o_races(&O.acc[i], x, its);
    uint64_t addr[64] = {0}, val[64] = {0};
    addr[lane] = SIMI_PTR_MAKE(x->space, 0, x->lo);
    simI_access a;
    memset(&a, 0, sizeof a);
    a.site = x->site; a.block = b; a.warp = w; a.mask = a.active = 1ull << lane;
    a.path = x->path; a.step = O.time; a.kind = x->kind;
    a.scope = x->narrow ? SIMI_SCOPE_BLOCK : (x->kind & SIMI_ACC_ATOMIC) ? SIMI_SCOPE_DEVICE : 0;
    a.size = size; a.space = x->space; a.addr = addr; a.value = val;
    O.cur_raced = 0;
    simM_access(m, &a);
    if (O.cur_raced != want) {
      (*mismatch)++;
      if (*mismatch < 5)
        fprintf(stderr, "\noracle: access %u (block %u warp %u lane %u kind %u [%llu,%llu) space %u): model %d oracle %d\n",
                O.nacc - 1, b, w, lane, x->kind, (unsigned long long)x->lo,
                (unsigned long long)x->hi, x->space, O.cur_raced, want);
    }
  }
  for (int s2 = 0; s2 < 3; s2++)
    if (O.needed[s2] == 1 || O.needed[s2] == 2) {
      (*mismatch)++;
      fprintf(stderr, "\noracle: barrier %d needed: model %d oracle %d\n", 100 + s2,
              (O.needed[s2] & 2) != 0, O.needed[s2] & 1);
    }
  simM_stats st;
  simM_get_stats(m, &st);
  if (getenv("SIMULEE_ORACLE_VERBOSE")) fprintf(stderr, "reps_max %llu\n", (unsigned long long)st.reps_max);
  /* the bound of shadow.c: per class (6 here), 2 for other blocks plus, per
   * block alive at once (3), 3 roles of 2 reps (lock-step) or one per lane
   * (--its): whatever the number of accesses */
  CU_ASSERT_TRUE(st.reps_max <= 6u * (2u + OBLOCKS * 3u * (its ? OWS : 2u)));
  simM_end(m);
  simM_free(m);
}

static void test_oracle_lockstep(void) {
  unsigned mismatch = 0;
  O.st = 0x9E3779B97F4A7C15ull;
  O.bad_partner = 0;
  o_rel_rate = 4, o_range = 12, o_nsites = 2;
  for (unsigned t = 0; t < 400; t++) oracle_trial(0, 400, &mismatch);
  /* sparse units, many barriers of three sites: runs that start and break */
  o_rel_rate = 25, o_range = 64, o_nsites = 3;
  for (unsigned t = 0; t < 400; t++) oracle_trial(0, 400, &mismatch);
  CU_ASSERT_EQUAL(mismatch, 0);
  CU_ASSERT_EQUAL(O.bad_partner, 0);
}

/* --its in a kernel that never orders lanes (no_lane_sync: the shadow
 * skips reads that change nothing, read_skip): the same races, partners
 * and barrier evidence as the oracle; few access sites, so that lanes of a
 * warp share them */
static void test_oracle_its_nolanesync(void) {
  unsigned mismatch = 0;
  O.st = 0x1234567887654321ull;
  O.bad_partner = 0;
  o_nolane = 1;
  o_rel_rate = 4, o_range = 12, o_nsites = 2, o_asites = 6;
  for (unsigned t = 0; t < 400; t++) oracle_trial(1, 400, &mismatch);
  o_rel_rate = 4, o_range = 8, o_nsites = 2, o_asites = 2;
  for (unsigned t = 0; t < 400; t++) oracle_trial(1, 400, &mismatch);
  o_rel_rate = 25, o_range = 64, o_nsites = 3, o_asites = 1;
  for (unsigned t = 0; t < 400; t++) oracle_trial(1, 400, &mismatch);
  o_nolane = 0;
  o_asites = 6;
  CU_ASSERT_EQUAL(mismatch, 0);
  CU_ASSERT_EQUAL(O.bad_partner, 0);
}

/* Warp-wide events (broadcast reads of shared memory, coalesced and
 * broadcast writes, barriers) on a model with no_lane_sync and one without:
 * the same races (sites, threads, relation, in order) and the same barriers
 * needed, whatever the shadow skips and prunes. */
static void lane_sync_run(int nolane, uint64_t seed, simM_race *out, unsigned *nout,
                          uint32_t *needed, unsigned *nneeded) {
  if (M) simM_free(M);
  simM_sink sk = {NULL, on_race, on_needed};
  M = simM_new(&sk);
  CU_ASSERT_PTR_NOT_NULL_FATAL(M);
  simM_config c;
  memset(&c, 0, sizeof c);
  c.grid = (simI_dim3){2, 1, 1};
  c.block = (simI_dim3){128, 1, 1};
  c.warp_size = 32;
  c.its = 1;
  c.barriers = 1;
  c.no_lane_sync = nolane;
  CU_ASSERT_EQUAL_FATAL(simM_begin(M, &c), 0);
  memset(steps, 0, sizeof steps);
  reset_sink();
  uint64_t st = seed;
  for (unsigned ev = 0; ev < 600; ev++) {
    st = st * 6364136223846793005ull + 1442695040888963407ull;
    unsigned r = (unsigned)(st >> 33);
    unsigned b = r % 2, w = (r >> 1) % 4, what = (r >> 3) % 100, unit = (r >> 10) % 6;
    uint32_t site = 1 + (r >> 13) % 3;
    uint64_t mask = (r >> 16) % 4 ? 0xFFFFFFFFull : (uint64_t)(r >> 7) | 1;
    if (what < 6) {
      rel(b, 100 + (r >> 20) % 2);
    } else if (what < 9) { /* one lane writes a unit */
      acc1(b, w * 32 + (r >> 20) % 32, SH(unit * 16), 4, W, 7, 0);
    } else if (what < 11) { /* a coalesced write */
      accw(b, w, mask, SH(unit * 16), 4, 4, W, 8, 0);
    } else { /* a broadcast read, 4 or 16 bytes */
      accw(b, w, mask, SH(unit * 16), 0, (r >> 21) % 2 ? 16 : 4, R, site, 0);
    }
  }
  *nout = S.n < MAXR ? S.n : MAXR;
  memcpy(out, S.r, *nout * sizeof *out);
  *nneeded = S.nneeded < 64 ? S.nneeded : 64;
  memcpy(needed, S.needed, *nneeded * sizeof *needed);
  finish();
}

static void test_lane_sync_same_findings(void) {
  static simM_race a[MAXR], b[MAXR];
  for (uint64_t seed = 1; seed <= 60; seed++) {
    unsigned na, nb, nna, nnb;
    uint32_t ea[64], eb[64];
    lane_sync_run(0, seed, a, &na, ea, &nna);
    lane_sync_run(1, seed, b, &nb, eb, &nnb);
    CU_ASSERT_EQUAL(na, nb);
    CU_ASSERT_EQUAL(nna, nnb);
    unsigned bad = 0;
    for (unsigned i = 0; i < na && i < nb; i++) {
      if (getenv("SIMULEE_LANE_DEBUG") && (a[i].first.tid != b[i].first.tid || a[i].first.site != b[i].first.site || a[i].second.tid != b[i].second.tid || a[i].relation != b[i].relation))
        fprintf(stderr, "race %u: %u/%u site %u/%u -> %u/%u site %u rel %u/%u\n", i, (unsigned)a[i].first.tid, (unsigned)b[i].first.tid, a[i].first.site, b[i].first.site, (unsigned)a[i].second.tid, (unsigned)b[i].second.tid, a[i].second.site, a[i].relation, b[i].relation);
      bad += a[i].first.tid != b[i].first.tid || a[i].first.site != b[i].first.site ||
             a[i].second.tid != b[i].second.tid || a[i].second.site != b[i].second.site ||
             a[i].relation != b[i].relation || a[i].addr != b[i].addr;
    }
    for (unsigned i = 0; i < nna && i < nnb; i++) bad += ea[i] != eb[i];
    CU_ASSERT_EQUAL(bad, 0);
    if (na != nb || bad) {
      fprintf(stderr, "\nlane_sync_same_findings: seed %llu: %u/%u races, %u differ\n",
              (unsigned long long)seed, na, nb, bad);
      break;
    }
  }
}

static void test_oracle_its(void) {
  unsigned mismatch = 0;
  O.st = 0x2545F4914F6CDD1Dull;
  O.bad_partner = 0;
  o_rel_rate = 4, o_range = 12, o_nsites = 2;
  for (unsigned t = 0; t < 400; t++) oracle_trial(1, 400, &mismatch);
  o_rel_rate = 25, o_range = 64, o_nsites = 3;
  for (unsigned t = 0; t < 400; t++) oracle_trial(1, 400, &mismatch);
  CU_ASSERT_EQUAL(mismatch, 0);
  CU_ASSERT_EQUAL(O.bad_partner, 0);
}

/* ------------------------------------- happens-before oracle (sync) */

/* A brute-force happens-before model, independent of model/sync.c's sparse
 * clocks, block entries and shadow reps: every access kept, a full vector
 * clock per thread (warps of one lane, so program order is thread order),
 * barriers join their block's clocks, fences and atomics follow the PTX
 * patterns (release op / fence + relaxed write; acquire op / relaxed read +
 * fence), releases kept per location, releasing block and scope class
 * (release sequences through read-modify-writes), every scope checked
 * against both threads. Random executions; the compact model must report a
 * race exactly for the accesses the oracle finds racing, with real partners. */

#define HT 9 /* threads: 3 blocks of 3 warps of 1 lane */
#define HTPB 3
#define HADDR 4
#define HMAXACC 1024
static inline unsigned wide(unsigned scope) { return scope >= SIMI_SCOPE_DEVICE; }
typedef struct hrel { uint32_t vc[HT]; unsigned tid, scope; int used; } hrel;
typedef struct hacc { unsigned tid, kind, scope, site, ts; uint64_t lo; } hacc;
static struct {
  uint64_t st;
  uint32_t vc[HT][HT];
  hrel frel[HT];          /* last fence's release (used = valid) */
  hrel loc[HADDR][HT / HTPB][2]; /* per location, releasing block, wide */
  hrel pend[HT][HADDR][HT / HTPB][2];
  int haspend[HT][HADDR];
  hacc acc[HMAXACC];
  unsigned nacc;
  int cur_raced, bad;
} H;

static unsigned hrand(unsigned n) {
  H.st ^= H.st << 13;
  H.st ^= H.st >> 7;
  H.st ^= H.st << 17;
  return (unsigned)(H.st % n);
}

static int h_incl(unsigned scope, unsigned a, unsigned b) {
  return scope >= SIMI_SCOPE_DEVICE || a / HTPB == b / HTPB;
}

static void h_join(uint32_t *d, const uint32_t *s) {
  for (unsigned i = 0; i < HT; i++) if (s[i] > d[i]) d[i] = s[i];
}

/* acquire the releases of one location (as observed) by thread t */
static void h_acquire(unsigned t, hrel set[HT / HTPB][2], unsigned rscope, unsigned ascope) {
  for (unsigned b = 0; b < HT / HTPB; b++)
    for (unsigned w = 0; w < 2; w++) {
      const hrel *r = &set[b][w];
      if (!r->used) continue;
      if (h_incl(r->scope, r->tid, t) && h_incl(rscope, r->tid, t) && h_incl(ascope, r->tid, t))
        h_join(H.vc[t], r->vc);
    }
}

static int h_conflict(const hacc *y, const hacc *x) {
  if (!((y->kind | x->kind) & W)) return 0;
  if (!(y->kind & x->kind & SIMI_ACC_ATOMIC)) return 1;
  return !(h_incl(y->scope, y->tid, x->tid) && h_incl(x->scope, y->tid, x->tid));
}

static int h_races(const hacc *y, const hacc *x) {
  if (y->tid == x->tid || y->lo != x->lo || !h_conflict(y, x)) return 0;
  return !(H.vc[x->tid][y->tid] > y->ts);
}

static void h_on_race(void *c, const simM_race *r) {
  (void)c;
  H.cur_raced = 1;
  const hacc *x = &H.acc[H.nacc - 1];
  for (unsigned i = 0; i + 1 < H.nacc; i++) {
    const hacc *y = &H.acc[i];
    if (y->tid == r->first.tid && y->site == r->first.site && h_races(y, x)) return;
  }
  H.bad++;
}

static void hb_trial(unsigned events, unsigned *mismatch) {
  memset(H.vc, 0, sizeof H.vc);
  memset(H.frel, 0, sizeof H.frel);
  memset(H.loc, 0, sizeof H.loc);
  memset(H.haspend, 0, sizeof H.haspend);
  for (unsigned t = 0; t < HT; t++) H.vc[t][t] = 1;
  H.nacc = 0;
  simM_sink sk = {NULL, h_on_race, NULL};
  simM_model *m = simM_new(&sk);
  simM_config c;
  memset(&c, 0, sizeof c);
  c.grid = (simI_dim3){HT / HTPB, 1, 1};
  c.block = (simI_dim3){HTPB, 1, 1};
  c.warp_size = 1;
  simM_begin(m, &c);
  for (unsigned ev = 1; ev <= events && H.nacc < HMAXACC; ev++) {
    unsigned t = hrand(HT), b = t / HTPB, w = t % HTPB, r = hrand(100);
    if (r < 6) { /* barrier of block b */
      uint32_t j[HT] = {0};
      for (unsigned u = b * HTPB; u < (b + 1) * HTPB; u++) h_join(j, H.vc[u]);
      for (unsigned u = b * HTPB; u < (b + 1) * HTPB; u++) {
        memcpy(H.vc[u], j, sizeof j);
        H.vc[u][u]++;
      }
      simM_release(m, b, 100);
      continue;
    }
    if (r < 18) { /* fence */
      unsigned scope = hrand(2) ? SIMI_SCOPE_DEVICE : SIMI_SCOPE_BLOCK;
      for (unsigned a = 0; a < HADDR; a++)
        if (H.haspend[t][a]) h_acquire(t, H.pend[t][a], SIMI_SCOPE_SYSTEM, scope);
      memset(H.haspend[t], 0, sizeof H.haspend[t]);
      memcpy(H.frel[t].vc, H.vc[t], sizeof H.vc[t]);
      H.frel[t].tid = t;
      H.frel[t].scope = scope;
      H.frel[t].used = 1;
      H.vc[t][t]++;
      simM_fence(m, b, w, 1, scope, 30);
      continue;
    }
    hacc *x = &H.acc[H.nacc++];
    memset(x, 0, sizeof x[0]);
    x->tid = t;
    x->lo = 4u * hrand(HADDR);
    x->ts = H.vc[t][t];
    unsigned order = 0;
    if (r < 50) { /* atomic */
      static const unsigned ak[] = {SIMI_ACC_READ | SIMI_ACC_WRITE | SIMI_ACC_ATOMIC,
                                    SIMI_ACC_READ | SIMI_ACC_ATOMIC, SIMI_ACC_WRITE | SIMI_ACC_ATOMIC};
      x->kind = ak[hrand(3)];
      x->scope = hrand(3) ? SIMI_SCOPE_DEVICE : SIMI_SCOPE_BLOCK;
      order = hrand(4);
      x->site = 20 + hrand(4);
    } else {
      x->kind = hrand(2) ? SIMI_ACC_READ : SIMI_ACC_WRITE;
      x->site = 10 + hrand(4);
    }
    int want = 0;
    for (unsigned i = 0; i + 1 < H.nacc && !want; i++) want = h_races(&H.acc[i], x);
    uint64_t addr[1] = {SIMI_PTR_MAKE(SIMI_SPACE_GLOBAL, 0, x->lo)}, val[1] = {0};
    simI_access a;
    memset(&a, 0, sizeof a);
    a.site = x->site; a.block = b; a.warp = w; a.mask = a.active = 1;
    a.step = ev; a.kind = x->kind; a.scope = x->scope; a.order = order;
    a.size = 4; a.space = SIMI_SPACE_GLOBAL; a.addr = addr; a.value = val;
    H.cur_raced = 0;
    simM_access(m, &a);
    if (H.cur_raced != want) {
      (*mismatch)++;
      if (*mismatch < 5)
        fprintf(stderr, "\nhb oracle: access %u (thread %u kind %u scope %u order %u addr %llu): model %d oracle %d\n",
                H.nacc - 1, t, x->kind, x->scope, order, (unsigned long long)x->lo, H.cur_raced, want);
    }
    /* synchronisation of the atomic, after its access */
    if (x->kind & SIMI_ACC_ATOMIC) {
      unsigned ai = (unsigned)(x->lo / 4);
      if (x->kind & SIMI_ACC_READ) {
        if (order & SIMI_ORDER_ACQUIRE) {
          h_acquire(t, H.loc[ai], x->scope, x->scope);
        } else {
          memcpy(H.pend[t][ai], H.loc[ai], sizeof H.loc[ai]);
          H.haspend[t][ai] = 1;
          /* the read's own scope must include the releaser too */
          for (unsigned bb = 0; bb < HT / HTPB; bb++)
            for (unsigned ww = 0; ww < 2; ww++) {
              hrel *e = &H.pend[t][ai][bb][ww];
              if (e->used && !h_incl(x->scope, e->tid, t)) e->used = 0; /* read too narrow */
            }
        }
      }
      if (x->kind & SIMI_ACC_WRITE) {
        hrel nr;
        memset(&nr, 0, sizeof nr);
        if (order & SIMI_ORDER_RELEASE) {
          memcpy(nr.vc, H.vc[t], sizeof nr.vc);
          nr.scope = x->scope;
          nr.used = 1;
        } else if (H.frel[t].used) {
          nr = H.frel[t];
          if (x->scope < nr.scope) nr.scope = x->scope;
        }
        nr.tid = t;
        if (!(x->kind & SIMI_ACC_READ)) memset(H.loc[ai], 0, sizeof H.loc[ai]);
        if (nr.used) {
          hrel *e = &H.loc[ai][b][wide(nr.scope)];
          if (!e->used) { *e = nr; }
          else {
            h_join(e->vc, nr.vc);
            if (nr.scope <= e->scope) { e->scope = nr.scope; e->tid = t; }
          }
        }
      }
    }
    H.vc[t][t]++;
  }
  simM_end(m);
  simM_free(m);
}

static void test_oracle_hb(void) {
  unsigned mismatch = 0;
  H.st = 0x5851F42D4C957F2Dull;
  H.bad = 0;
  for (unsigned t = 0; t < 600; t++) hb_trial(300, &mismatch);
  CU_ASSERT_EQUAL(mismatch, 0);
  CU_ASSERT_EQUAL(H.bad, 0);
}

/* simM_decide, the rule table of docs/findings.md "Memory model", row by row. */
static void test_decide(void) {
  simM_cell y = {0, W, 0, 5, 0}, x = {40, R, 0, 9, 0};
  simM_know k = {0, 0, 0, 0, 0};
  /* tpb 32, warp 32: thread 40 is in block 1 */
  CU_ASSERT_EQUAL(simM_decide(&y, &x, &k, 32, 32), SIMM_RACE);
  y.kind = R;
  CU_ASSERT_EQUAL(simM_decide(&y, &x, &k, 32, 32), SIMM_NO_CONFLICT); /* reads */
  y.kind = W;
  k.base_ordered = 1;
  CU_ASSERT_EQUAL(simM_decide(&y, &x, &k, 32, 32), SIMM_ORDERED); /* barrier */
  k.base_ordered = 0;
  k.has_thread = 1, k.thread = 5;
  CU_ASSERT_EQUAL(simM_decide(&y, &x, &k, 32, 32), SIMM_RACE); /* released before y */
  k.thread = 6;
  CU_ASSERT_EQUAL(simM_decide(&y, &x, &k, 32, 32), SIMM_ORDERED); /* released after y */
  k.has_thread = 0;
  k.has_block = 1, k.block = 0;
  CU_ASSERT_EQUAL(simM_decide(&y, &x, &k, 32, 32), SIMM_RACE);
  k.block = 1; /* a barrier of y's block ended y's visit order, then released */
  CU_ASSERT_EQUAL(simM_decide(&y, &x, &k, 32, 32), SIMM_ORDERED);
  k.has_block = 0;
  /* atomics: device scope atomic w.r.t. each other; block scope only inside */
  y.kind = x.kind = SIMI_ACC_READ | SIMI_ACC_WRITE | SIMI_ACC_ATOMIC;
  y.scope = x.scope = SIMI_SCOPE_DEVICE;
  CU_ASSERT_EQUAL(simM_decide(&y, &x, &k, 32, 32), SIMM_NO_CONFLICT);
  x.scope = SIMI_SCOPE_BLOCK;
  CU_ASSERT_EQUAL(simM_decide(&y, &x, &k, 32, 32), SIMM_RACE);
  x.tid = 9; /* same block, warp 1 of 8 lanes */
  CU_ASSERT_EQUAL(simM_decide(&y, &x, &k, 32, 32), SIMM_NO_CONFLICT);
  x.scope = SIMI_SCOPE_WARP;
  CU_ASSERT_EQUAL(simM_decide(&y, &x, &k, 32, 8), SIMM_RACE); /* other warp of 8 */
  CU_ASSERT_EQUAL(simM_decide(&y, &x, &k, 32, 32), SIMM_NO_CONFLICT);
  CU_ASSERT_TRUE(simM_scope_includes(SIMI_SCOPE_SYSTEM, 0, 1000, 32, 32));
  CU_ASSERT_FALSE(simM_scope_includes(SIMI_SCOPE_NONE, 0, 1, 32, 32));
}

static void test_bad_config(void) {
  simM_model *m = simM_new(NULL);
  simM_config c;
  memset(&c, 0, sizeof c);
  c.grid = (simI_dim3){1, 1, 1};
  c.block = (simI_dim3){0, 1, 1};
  CU_ASSERT_EQUAL(simM_begin(m, &c), -1);
  c.block = (simI_dim3){32, 1, 1};
  c.warp_size = 65;
  CU_ASSERT_EQUAL(simM_begin(m, &c), -1);
  c.warp_size = 64;
  CU_ASSERT_EQUAL(simM_begin(m, &c), 0);
  c.warp_size = 16;
  CU_ASSERT_EQUAL(simM_begin(m, &c), 0);
  simM_end(m);
  simM_free(m);
}

/* An async copy in flight (simM_async): any access of its destination and
 * a write of its source race with it, reported with async_pending and the
 * copy as `first`; a read of the source does not; once it landed (DONE)
 * nothing more is reported against it; a copy of another block's shared
 * memory is another destination. */
static void async_ev(unsigned what, unsigned block, unsigned thread, uint64_t dst, uint64_t src,
                     unsigned size, uint32_t site, uint64_t id) {
  simI_async a = {what, site, block, thread / 32, thread % 32, dst, src, size, id};
  simM_async(M, &a);
}
static void test_async_pending(void) {
  begin(2, 64, 0);
  async_ev(SIMI_ASYNC_ISSUE, 0, 5, SH(16), GL(64), 16, 20, 1);
  acc1(0, 40, SH(20), 4, R, 25, 0);
  CU_ASSERT_EQUAL_FATAL(S.n, 1);
  CU_ASSERT_TRUE(S.r[0].async_pending);
  CU_ASSERT_EQUAL(S.r[0].first.site, 20);
  CU_ASSERT_EQUAL(S.r[0].first.tid, 5);
  CU_ASSERT_EQUAL(S.r[0].first.kind, W);
  CU_ASSERT_EQUAL(S.r[0].second.site, 25);
  CU_ASSERT_EQUAL(S.r[0].second.tid, 40);
  CU_ASSERT_EQUAL(S.r[0].addr, SH(20));
  CU_ASSERT_EQUAL(S.r[0].relation, SIMM_REL_OTHER_WARP);
  /* the issuing thread itself, same pair of sites: reported once */
  reset_sink();
  acc1(0, 5, SH(16), 4, R, 25, 0);
  CU_ASSERT_EQUAL(S.n, 0);
  /* block 1's shared memory is not the destination; reading the source is fine */
  acc1(1, 5, SH(16), 4, W, 26, 0);
  acc1(0, 7, GL(64), 4, R, 27, 0);
  CU_ASSERT_EQUAL(S.n, 0);
  /* writing the source races (any block) */
  acc1(1, 9, GL(72), 4, W, 28, 0);
  CU_ASSERT_EQUAL_FATAL(S.n, 1);
  CU_ASSERT_TRUE(S.r[0].async_pending);
  CU_ASSERT_EQUAL(S.r[0].first.kind, R);
  CU_ASSERT_EQUAL(S.r[0].relation, SIMM_REL_OTHER_BLOCK);
  /* landed: the destination is the issuing thread's ordinary write now */
  reset_sink();
  async_ev(SIMI_ASYNC_DONE, 0, 5, SH(16), GL(64), 16, 20, 1);
  acc1(0, 40, SH(24), 4, R, 29, 0);
  for (unsigned i = 0; i < S.n && i < MAXR; i++) CU_ASSERT_FALSE(S.r[i].async_pending);
  finish();
}

int test_model_register(void) {
  CU_pSuite s = CU_add_suite("model", NULL, NULL);
  if (!s) return -1;
  if (!CU_add_test(s, "kinds", test_kinds) ||
      !CU_add_test(s, "other_warp", test_other_warp) ||
      !CU_add_test(s, "async_pending", test_async_pending) ||
      !CU_add_test(s, "barrier_orders", test_barrier_orders) ||
      !CU_add_test(s, "same_warp_lockstep", test_same_warp_lockstep) ||
      !CU_add_test(s, "divergence_paths", test_divergence_paths) ||
      !CU_add_test(s, "sp_rep_compact", test_sp_rep_compact) ||
      !CU_add_test(s, "divergence_loop", test_divergence_loop) ||
      !CU_add_test(s, "cross_block", test_cross_block) ||
      !CU_add_test(s, "atomics", test_atomics) ||
      !CU_add_test(s, "scoped_atomics", test_scoped_atomics) ||
      !CU_add_test(s, "bytes", test_bytes) ||
      !CU_add_test(s, "its", test_its) ||
      !CU_add_test(s, "lockstep_rule", test_lockstep_rule) ||
      !CU_add_test(s, "one_write_among_reads", test_one_write_among_reads) ||
      !CU_add_test(s, "thousandth_other_warp", test_thousandth_other_warp) ||
      !CU_add_test(s, "runs", test_runs) ||
      !CU_add_test(s, "split_copies", test_split_copies) ||
      !CU_add_test(s, "split_recycled", test_split_recycled) ||
      !CU_add_test(s, "interleaved_blocks", test_interleaved_blocks) ||
      !CU_add_test(s, "stats", test_stats) ||
      !CU_add_test(s, "warp64", test_warp64) ||
      !CU_add_test(s, "oracle_lockstep", test_oracle_lockstep) ||
      !CU_add_test(s, "oracle_its", test_oracle_its) ||
      !CU_add_test(s, "oracle_its_nolanesync", test_oracle_its_nolanesync) ||
      !CU_add_test(s, "lane_sync_same_findings", test_lane_sync_same_findings) ||
      !CU_add_test(s, "oracle_hb", test_oracle_hb) ||
      !CU_add_test(s, "decide", test_decide) ||
      !CU_add_test(s, "bad_config", test_bad_config))
    return -1;
  return 0;
}
