/* Unit tests of the detect module: the detector context driven through its
 * observer with synthetic interpreter events (no interpreter, no program),
 * asserting the exact findings: races with witnesses, deduplication,
 * barrier divergence, out-of-bounds, assertions, redundant barriers over
 * several executions, merging of contexts. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simulee/detect.h"

#define SH(off) SIMI_PTR_MAKE(SIMI_SPACE_SHARED, 0, (off))
#define GL(off) SIMI_PTR_MAKE(SIMI_SPACE_GLOBAL, 0, (off))
#define R SIMI_ACC_READ
#define W SIMI_ACC_WRITE

static simI_launch L;
static simI_buffer BUF[1];
static simI_arg ARG[2];
static simI_observer OB;
static uint64_t STEP;

static unsigned NBLOCKS;

/* Start an execution on a grid of `grid` blocks of bx x 4 threads (every
 * block begins). */
static int NEXT_ITS; /* the next start's warp model: 1 independent threads */

static void start_bx(simD_ctx *d, unsigned grid, unsigned bx) {
  memset(&L, 0, sizeof L);
  L.its = NEXT_ITS;
  L.grid = (simI_dim3){grid, 1, 1};
  L.block = (simI_dim3){bx, 4, 1};
  NBLOCKS = grid;
  L.warp_size = 32;
  BUF[0] = (simI_buffer){NULL, 256, SIMI_ELEM_I32, "out", 0};
  ARG[0] = (simI_arg){1, 0, 0, 0, NULL, 0};
  ARG[1] = (simI_arg){0, 0, 0, 7, NULL, 0};
  L.nargs = 2;
  L.args = ARG;
  L.nbuffers = 1;
  L.buffers = BUF;
  OB = simD_observer(d);
  OB.launch_begin(OB.ctx, NULL, 0, &L);
  for (unsigned b = 0; b < grid; b++) OB.block_begin(OB.ctx, b);
  STEP = 0;
}

/* Start an execution on a grid of `grid` blocks of 16x4 threads. */
static void start(simD_ctx *d, unsigned grid) { start_bx(d, grid, 16); }

static void acc(unsigned block, unsigned thread, uint64_t addr, unsigned kind,
                uint32_t site) {
  uint64_t a[32] = {0}, v[32] = {0};
  a[thread % 32] = addr;
  v[thread % 32] = 1000 + thread;
  simI_access e;
  memset(&e, 0, sizeof e);
  e.site = site;
  e.block = block;
  e.warp = thread / 32;
  e.mask = e.active = 1ull << (thread % 32);
  e.step = ++STEP;
  e.kind = kind;
  e.size = 4;
  e.space = SIMI_PTR_SPACE(addr);
  e.addr = a;
  e.value = v;
  /* with the race and redundancy rules off the observer takes no accesses */
  if (OB.access) OB.access(OB.ctx, &e);
}

static void release(unsigned block, uint32_t site) {
  simI_release r;
  memset(&r, 0, sizeof r);
  r.block = block;
  r.site = site;
  r.waiting = r.live = L.block.x * L.block.y;
  r.other_site = r.branch_site = UINT32_MAX;
  OB.release(OB.ctx, &r);
}

static void end(simD_ctx *d, const simI_result *res) {
  for (unsigned b = 0; b < NBLOCKS; b++) OB.block_end(OB.ctx, b);
  OB.launch_end(OB.ctx, res ? res->status : SIMI_OK);
  CU_ASSERT_EQUAL(simD_end_execution(d, &L, res), 0);
}

static const simD_finding *find(const simD_list *l, simD_kind k, uint32_t s0) {
  for (unsigned i = 0; i < l->n; i++)
    if (l->v[i].kind == k && l->v[i].site[0] == s0) return &l->v[i];
  return NULL;
}

static unsigned count_kind(const simD_list *l, simD_kind k) {
  unsigned n = 0;
  for (unsigned i = 0; i < l->n; i++) n += l->v[i].kind == k;
  return n;
}

/* ------------------------------------------------------------- tests */

static void test_race_finding(void) {
  simD_ctx *d = simD_new(NULL, 0, NULL);
  CU_ASSERT_PTR_NOT_NULL_FATAL(d);
  start(d, 2);
  acc(0, 3, SH(68), W, 10);
  acc(0, 35, SH(68), W, 11);   /* thread 35 = threadIdx (3,2,0), warp 1 */
  acc(0, 36, SH(68), W, 11);   /* same pair of sites: counted */
  acc(1, 3, SH(68), W, 10);    /* another block's shared memory: nothing */
  acc(0, 40, GL(8), R, 12);
  acc(1, 0, GL(8), W, 13);     /* other block */
  end(d, NULL);
  simD_list out;
  simD_list_init(&out);
  CU_ASSERT_EQUAL(simD_collect(d, &out), 2);
  CU_ASSERT_EQUAL(out.n, 2);
  CU_ASSERT_EQUAL(count_kind(&out, SIMD_DATA_RACE), 2);
  const simD_finding *f = find(&out, SIMD_DATA_RACE, 10);
  CU_ASSERT_PTR_NOT_NULL_FATAL(f);
  CU_ASSERT_EQUAL(f->space, SIMI_SPACE_SHARED);
  CU_ASSERT_EQUAL(f->write_write, 1);
  CU_ASSERT_EQUAL(f->site[1], 11);
  CU_ASSERT_EQUAL(f->relation, SIMD_REL_OTHER_WARP);
  CU_ASSERT_EQUAL(f->count, 2);
  CU_ASSERT_EQUAL(f->nthreads, 2);
  CU_ASSERT_EQUAL(f->thread[0].thread.x, 3);
  CU_ASSERT_EQUAL(f->thread[0].thread.y, 0);
  CU_ASSERT_EQUAL(f->thread[1].thread.x, 3);
  CU_ASSERT_EQUAL(f->thread[1].thread.y, 2);
  CU_ASSERT_EQUAL(f->thread[1].access, W);
  CU_ASSERT_TRUE(f->thread[1].has_value);
  CU_ASSERT_EQUAL(f->thread[1].value, 1035);
  CU_ASSERT_EQUAL(f->addr, SH(68));
  CU_ASSERT_PTR_NOT_NULL(strstr(f->message, "write-write"));
  CU_ASSERT_PTR_NOT_NULL(strstr(f->message, "shared memory"));
  const simD_finding *g = find(&out, SIMD_DATA_RACE, 12);
  CU_ASSERT_PTR_NOT_NULL_FATAL(g);
  CU_ASSERT_EQUAL(g->write_write, 0);
  CU_ASSERT_EQUAL(g->relation, SIMD_REL_OTHER_BLOCK);
  CU_ASSERT_EQUAL(g->thread[0].block.x, 0);
  CU_ASSERT_EQUAL(g->thread[1].block.x, 1);
  CU_ASSERT_EQUAL(g->space, SIMI_SPACE_GLOBAL);
  /* the witness launch */
  const simI_launch *wl = simD_finding_launch(d, f);
  CU_ASSERT_PTR_NOT_NULL_FATAL(wl);
  CU_ASSERT_EQUAL(wl->grid.x, 2);
  CU_ASSERT_EQUAL(wl->block.y, 4);
  CU_ASSERT_EQUAL(wl->nargs, 2);
  CU_ASSERT_EQUAL(wl->args[1].bits, 7);
  CU_ASSERT_STRING_EQUAL(wl->buffers[0].name, "out");
  CU_ASSERT_PTR_NULL(wl->buffers[0].data);
  /* a second execution with the pair reversed is the same bug */
  start(d, 2);
  acc(0, 35, SH(68), W, 11);
  acc(0, 3, SH(68), W, 10);
  end(d, NULL);
  simD_list_free(&out);
  simD_list_init(&out);
  CU_ASSERT_EQUAL(simD_collect(d, &out), 2);
  f = find(&out, SIMD_DATA_RACE, 10);
  CU_ASSERT_PTR_NOT_NULL_FATAL(f);
  CU_ASSERT_EQUAL(f->count, 3);
  simD_stats st;
  simD_get_stats(d, &st);
  CU_ASSERT_EQUAL(st.executions, 2);
  CU_ASSERT_EQUAL(st.access_events, 8);
  simD_list_free(&out);
  simD_free(d);
}

static void test_divergence(void) {
  simD_ctx *d = simD_new(NULL, 0, NULL);
  start(d, 1);
  simI_barrier b = {50, 0, 0, 0xFFFF, 0xFFFFFFFF, 0};
  OB.barrier(OB.ctx, &b);
  simI_release r = {.block = 0, .site = 50, .waiting = 16, .live = 64, .divergent = 1,
                    .other_site = UINT32_MAX, .branch_site = 60, .missing_thread = 16,
                    .split_site = UINT32_MAX, .exit_site = UINT32_MAX};
  OB.release(OB.ctx, &r);
  OB.release(OB.ctx, &r);
  end(d, NULL);
  simD_list out;
  simD_list_init(&out);
  simD_collect(d, &out);
  const simD_finding *f = find(&out, SIMD_BARRIER_DIVERGENCE, 50);
  CU_ASSERT_PTR_NOT_NULL_FATAL(f);
  CU_ASSERT_EQUAL(f->site[1], 60);
  CU_ASSERT_EQUAL(f->arrived, 16);
  CU_ASSERT_EQUAL(f->missing, 48);
  CU_ASSERT_EQUAL(f->count, 2);
  CU_ASSERT_EQUAL(f->nthreads, 2);
  CU_ASSERT_EQUAL(f->thread[0].thread.x, 0);  /* lane 0 waited */
  CU_ASSERT_EQUAL(f->thread[1].thread.x, 0);  /* thread 16 = (0,1,0) */
  CU_ASSERT_EQUAL(f->thread[1].thread.y, 1);
  CU_ASSERT_PTR_NOT_NULL(strstr(f->message, "16 of 64"));
  /* divergent wins: never also reported redundant */
  CU_ASSERT_PTR_NULL(find(&out, SIMD_REDUNDANT_BARRIER, 50));
  simD_list_free(&out);
  simD_free(d);
}

/* Divergence needs threads on both sides: every thread waiting, some at
 * another barrier, is one (named); every thread at one site with nothing
 * left out is none ("64 of 64 reached, 0 did not" never). The branch that
 * split the block and its operands are stated. */
static void test_divergence_why(void) {
  simD_ctx *d = simD_new(NULL, 0, NULL);
  start(d, 1);
  simI_release r = {.block = 0, .site = 50, .waiting = 64, .live = 64, .divergent = 1,
                    .other_site = 55, .other_waiting = 32, .branch_site = UINT32_MAX,
                    .split_site = 40, .split_thread = {3, 40}, .split_taken = {1, 0},
                    .split_pred = 40, .split_bits = 32,
                    .split_ops = {{3, 37}, {40, 37}}, .exit_site = UINT32_MAX};
  OB.release(OB.ctx, &r);
  simI_release all = {.block = 0, .site = 60, .waiting = 64, .live = 64, .divergent = 1,
                      .other_site = UINT32_MAX, .branch_site = UINT32_MAX,
                      .split_site = UINT32_MAX, .exit_site = UINT32_MAX};
  OB.release(OB.ctx, &all);
  end(d, NULL);
  simD_list out;
  simD_list_init(&out);
  simD_collect(d, &out);
  CU_ASSERT_EQUAL(count_kind(&out, SIMD_BARRIER_DIVERGENCE), 1);
  CU_ASSERT_PTR_NULL(find(&out, SIMD_BARRIER_DIVERGENCE, 60));
  const simD_finding *f = find(&out, SIMD_BARRIER_DIVERGENCE, 50);
  CU_ASSERT_PTR_NOT_NULL_FATAL(f);
  CU_ASSERT_EQUAL(f->site[1], 40);
  CU_ASSERT_EQUAL(f->arrived, 32);
  CU_ASSERT_EQUAL(f->missing, 32);
  CU_ASSERT_EQUAL(f->thread[0].thread.x, 3);
  CU_ASSERT_EQUAL(f->thread[1].thread.x, 8); /* thread 40 of a 16x4 block */
  CU_ASSERT_EQUAL(f->thread[1].thread.y, 2);
  CU_ASSERT_STRING_EQUAL(f->evidence,
                         "branch at an unknown line (3 < 37 true for thread (3,0,0), which reached "
                         "the barrier / 40 < 37 false for thread (8,2,0), which did not)");
  CU_ASSERT_STRING_EQUAL(f->message,
                         "barrier divergence in block (0,0,0): 32 of 64 threads reached the "
                         "barrier, 32 did not (32 wait at the barrier at an unknown line); branch "
                         "at an unknown line (3 < 37 true for thread (3,0,0), which reached the "
                         "barrier / 40 < 37 false for thread (8,2,0), which did not)");
  simD_list_free(&out);
  simD_free(d);
}

static void test_oob_and_assert(void) {
  simD_ctx *d = simD_new(NULL, 0, NULL);
  start(d, 1);
  simI_fault fl = {33, 0, 17, GL(4096), 4, R, "out of bounds", 0, 0};
  OB.fault(OB.ctx, &fl);
  fl.thread = 18;
  OB.fault(OB.ctx, &fl);
  simI_result res;
  memset(&res, 0, sizeof res);
  res.status = SIMI_E_TRAP;
  res.site = 44;
  snprintf(res.message, sizeof res.message, "assertion 'x' failed");
  end(d, &res);
  simD_list out;
  simD_list_init(&out);
  CU_ASSERT_EQUAL(simD_collect(d, &out), 2);
  const simD_finding *f = find(&out, SIMD_OUT_OF_BOUNDS, 33);
  CU_ASSERT_PTR_NOT_NULL_FATAL(f);
  CU_ASSERT_EQUAL(f->count, 2);
  CU_ASSERT_EQUAL(f->space, SIMI_SPACE_GLOBAL);
  CU_ASSERT_EQUAL(f->addr, GL(4096));
  CU_ASSERT_EQUAL(f->thread[0].thread.x, 1);
  CU_ASSERT_EQUAL(f->thread[0].thread.y, 1);
  CU_ASSERT_PTR_NOT_NULL(strstr(f->message, "out of bounds"));
  const simD_finding *a = find(&out, SIMD_ASSERTION, 44);
  CU_ASSERT_PTR_NOT_NULL_FATAL(a);
  CU_ASSERT_PTR_NOT_NULL(strstr(a->message, "assertion 'x' failed"));
  simD_list_free(&out);
  simD_free(d);
}

/* Redundant barrier: evidence accumulates over executions; only instances
 * with accesses of different threads on both sides in a block of more than
 * one warp count. */
static void test_redundant_executions(void) {
  simD_ctx *d = simD_new(NULL, 0, NULL);
  /* execution 1: barrier 70 separates accesses of different threads to
   * different units (twice); barrier 71 separates a write and another
   * warp's read of it: needed */
  start(d, 1);
  acc(0, 0, SH(0), W, 10);
  release(0, 70);
  acc(0, 40, SH(64), R, 11);
  release(0, 70);
  acc(0, 1, SH(4), W, 12);
  release(0, 71);
  acc(0, 40, SH(4), R, 13);
  end(d, NULL);
  simD_list out;
  simD_list_init(&out);
  CU_ASSERT_EQUAL(simD_collect(d, &out), 1);
  const simD_finding *f = find(&out, SIMD_REDUNDANT_BARRIER, 70);
  CU_ASSERT_PTR_NOT_NULL_FATAL(f);
  CU_ASSERT_EQUAL(f->executions, 1);
  CU_ASSERT_EQUAL(f->instances, 2);
  CU_ASSERT_EQUAL(f->site[1], UINT32_MAX);
  CU_ASSERT_STRING_EQUAL(f->evidence,
                         "1 execution with accesses of different threads on both sides (block "
                         "16x4x1), 2 barrier instances; access sites: 2 before, 2 after");
  CU_ASSERT_PTR_NOT_NULL(strstr(f->message, f->evidence));
  CU_ASSERT_PTR_NULL(find(&out, SIMD_REDUNDANT_BARRIER, 71));
  CU_ASSERT_PTR_NULL(simD_finding_launch(d, f));
  simD_barrier_stat bs[4];
  CU_ASSERT_EQUAL(simD_barrier_stats(d, bs, 4), 2);
  CU_ASSERT_EQUAL(bs[0].site, 70);
  CU_ASSERT_EQUAL(bs[0].covered, 1);
  CU_ASSERT_EQUAL(bs[0].executions, 1);
  simD_list_free(&out);

  /* execution 2: 70 releases with nothing after it, in a block of 48x4:
   * no new coverage, the counts stay; the block size is not added */
  start_bx(d, 1, 12);
  acc(0, 5, SH(0), W, 10);
  release(0, 70);
  end(d, NULL);
  simD_list_init(&out);
  simD_collect(d, &out);
  f = find(&out, SIMD_REDUNDANT_BARRIER, 70);
  CU_ASSERT_PTR_NOT_NULL_FATAL(f);
  CU_ASSERT_EQUAL(f->executions, 1);
  CU_ASSERT_EQUAL(f->instances, 2);
  simD_list_free(&out);

  /* execution 3: evidence for 70: no longer redundant */
  start(d, 1);
  acc(0, 5, SH(0), W, 10);
  release(0, 70);
  acc(0, 50, SH(0), R, 11);
  end(d, NULL);
  simD_list_init(&out);
  CU_ASSERT_EQUAL(simD_collect(d, &out), 0);
  simD_list_free(&out);
  simD_free(d);
}

/* Under lock-step a barrier orders nothing inside one warp: a one-warp
 * block with accesses of different threads on both sides is evidence. */
static void test_redundant_one_warp_lockstep(void) {
  simD_ctx *d = simD_new(NULL, 0, NULL);
  start_bx(d, 1, 8);
  acc(0, 0, SH(0), W, 10);
  release(0, 70);
  acc(0, 9, SH(64), R, 11);
  end(d, NULL);
  simD_list out;
  simD_list_init(&out);
  CU_ASSERT_EQUAL(simD_collect(d, &out), 1);
  if (out.n == 1) {
    CU_ASSERT_EQUAL(out.v[0].kind, SIMD_REDUNDANT_BARRIER);
    CU_ASSERT_EQUAL(out.v[0].site[0], 70);
  }
  simD_list_free(&out);
  simD_free(d);
}

/* A barrier seen only in single-warp blocks (8x4 = 32 threads), or only
 * with the accesses of one thread around it, or with nothing after it, is
 * not reported: no evidence. */
static void test_redundant_no_evidence(void) {
  simD_ctx *d = simD_new(NULL, 0, NULL);
  NEXT_ITS = 1; /* under lock-step a one-warp block is evidence (below) */
  start_bx(d, 1, 8);
  NEXT_ITS = 0;
  acc(0, 0, SH(0), W, 10);
  release(0, 70);
  acc(0, 9, SH(64), R, 11);
  end(d, NULL);
  start(d, 1);
  acc(0, 3, SH(0), W, 10);
  release(0, 70);
  acc(0, 3, SH(0), R, 11);
  release(0, 72);
  end(d, NULL);
  simD_list out;
  simD_list_init(&out);
  CU_ASSERT_EQUAL(simD_collect(d, &out), 0);
  simD_list_free(&out);
  simD_free(d);
}

/* Back-to-back barriers 70 and 71 with no access between them: one group
 * finding naming both; with the verdict "removing both races" (from a
 * context where both are one barrier for the model) the message says so. */
static void test_redundant_pair(void) {
  simD_ctx *d = simD_new(NULL, 0, NULL);
  start(d, 1);
  acc(0, 0, SH(0), W, 10);
  release(0, 70);
  release(0, 71);
  acc(0, 40, SH(0), R, 11);
  end(d, NULL);
  uint32_t pairs[4][2];
  CU_ASSERT_EQUAL(simD_barrier_pairs(d, pairs, 4), 1);
  CU_ASSERT_EQUAL(pairs[0][0], 70);
  CU_ASSERT_EQUAL(pairs[0][1], 71);
  CU_ASSERT_EQUAL(simD_pair_covered(d, 71, 70), 1);
  CU_ASSERT_EQUAL(simD_pair_covered(d, 70, 72), 0);
  simD_list out;
  simD_list_init(&out);
  CU_ASSERT_EQUAL(simD_collect(d, &out), 1);
  const simD_finding *f = find(&out, SIMD_REDUNDANT_BARRIER, 70);
  CU_ASSERT_PTR_NOT_NULL_FATAL(f);
  CU_ASSERT_EQUAL(f->site[1], 71);
  CU_ASSERT_EQUAL(f->executions, 1);
  CU_ASSERT_EQUAL(f->instances, 1);
  simD_list_free(&out);

  /* the same execution with 70 and 71 one barrier: the write of thread 0
   * and the read of thread 40 meet */
  simD_ctx *pd = simD_new(NULL, 0, NULL);
  CU_ASSERT_EQUAL(simD_set_pair(pd, 70, 71), 0);
  start(pd, 1);
  acc(0, 0, SH(0), W, 10);
  release(0, 70);
  release(0, 71);
  acc(0, 40, SH(0), R, 11);
  end(pd, NULL);
  CU_ASSERT_EQUAL(simD_pair_races(pd), 1);
  CU_ASSERT_EQUAL(simD_set_pair(pd, 70, 70), -1);
  simD_free(pd);
  simD_set_pair_verdict(d, 71, 70, 1);
  CU_ASSERT_EQUAL(simD_barrier_pairs(d, pairs, 4), 0);
  simD_list_init(&out);
  CU_ASSERT_EQUAL(simD_collect(d, &out), 1);
  f = find(&out, SIMD_REDUNDANT_BARRIER, 70);
  CU_ASSERT_PTR_NOT_NULL_FATAL(f);
  CU_ASSERT_EQUAL(f->site[1], 71);
  CU_ASSERT_STRING_EQUAL(f->message,
                         "one of the barriers at lines 0 and 0 is redundant; removing both races");
  simD_list_free(&out);

  /* accesses between them and removing both creates no race: each is
   * judged alone */
  simD_ctx *e = simD_new(NULL, 0, NULL);
  start(e, 1);
  acc(0, 0, SH(0), W, 10);
  release(0, 70);
  acc(0, 33, SH(8), W, 12);
  release(0, 71);
  acc(0, 40, SH(16), R, 11);
  end(e, NULL);
  simD_set_pair_verdict(e, 70, 71, 0);
  simD_list_init(&out);
  CU_ASSERT_EQUAL(simD_collect(e, &out), 2);
  CU_ASSERT_PTR_NOT_NULL(find(&out, SIMD_REDUNDANT_BARRIER, 70));
  CU_ASSERT_PTR_NOT_NULL(find(&out, SIMD_REDUNDANT_BARRIER, 71));
  CU_ASSERT_EQUAL(find(&out, SIMD_REDUNDANT_BARRIER, 70)->site[1], UINT32_MAX);
  simD_list_free(&out);
  simD_free(e);
  simD_free(d);
}

/* Two contexts of a parallel search merge into one verdict. */
static void test_merge(void) {
  simD_ctx *a = simD_new(NULL, 0, NULL), *b = simD_new(NULL, 0, NULL);
  start(a, 1);
  acc(0, 0, SH(0), W, 10);
  acc(0, 40, SH(0), W, 11);
  release(0, 70);
  acc(0, 1, SH(16), W, 14);
  release(0, 72);
  acc(0, 41, SH(20), R, 15);
  end(a, NULL);
  start(b, 1);
  acc(0, 0, SH(0), W, 10);
  acc(0, 41, SH(0), W, 11);
  acc(0, 1, SH(8), W, 12);
  release(0, 70);
  acc(0, 33, SH(8), R, 13);
  end(b, NULL);
  CU_ASSERT_EQUAL(simD_merge(a, b), 0);
  simD_list out;
  simD_list_init(&out);
  CU_ASSERT_EQUAL(simD_collect(a, &out), 2);
  const simD_finding *f = find(&out, SIMD_DATA_RACE, 10);
  CU_ASSERT_PTR_NOT_NULL_FATAL(f);
  CU_ASSERT_EQUAL(f->count, 2);
  CU_ASSERT_PTR_NULL(find(&out, SIMD_REDUNDANT_BARRIER, 70));
  f = find(&out, SIMD_REDUNDANT_BARRIER, 72);
  CU_ASSERT_PTR_NOT_NULL_FATAL(f);
  CU_ASSERT_EQUAL(f->executions, 1);
  simD_stats st;
  simD_get_stats(a, &st);
  CU_ASSERT_EQUAL(st.executions, 2);
  simD_list_free(&out);
  simD_free(a);
  simD_free(b);
}

static void test_options(void) {
  simD_options o;
  simD_options_default(&o);
  CU_ASSERT_EQUAL(o.races + o.divergence + o.redundant + o.out_of_bounds + o.assertions, 5);
  o.races = 0;
  o.redundant = 0;
  simD_ctx *d = simD_new(NULL, 0, &o);
  start(d, 1);
  CU_ASSERT_PTR_NULL(simD_observer(d).access);
  acc(0, 0, SH(0), W, 10);
  acc(0, 40, SH(0), W, 11);
  release(0, 70);
  end(d, NULL);
  simD_list out;
  simD_list_init(&out);
  CU_ASSERT_EQUAL(simD_collect(d, &out), 0);
  simD_list_free(&out);
  /* end without a run is a no-op */
  CU_ASSERT_EQUAL(simD_end_execution(d, NULL, NULL), 0);
  simD_free(d);
}

int test_detect_register(void) {
  CU_pSuite s = CU_add_suite("detect", NULL, NULL);
  if (!s) return -1;
  if (!CU_add_test(s, "race_finding", test_race_finding) ||
      !CU_add_test(s, "divergence", test_divergence) ||
      !CU_add_test(s, "divergence_why", test_divergence_why) ||
      !CU_add_test(s, "oob_and_assert", test_oob_and_assert) ||
      !CU_add_test(s, "redundant_executions", test_redundant_executions) ||
      !CU_add_test(s, "redundant_no_evidence", test_redundant_no_evidence) ||
      !CU_add_test(s, "redundant_one_warp_lockstep", test_redundant_one_warp_lockstep) ||
      !CU_add_test(s, "redundant_pair", test_redundant_pair) ||
      !CU_add_test(s, "merge", test_merge) ||
      !CU_add_test(s, "options", test_options))
    return -1;
  return 0;
}
