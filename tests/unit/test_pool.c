/* Unit tests of one launch on several threads (simI_run_jobs): a clean
 * launch keeps its parallel run, its parts handed to commit in the order of
 * their blocks; a worker that ran out of blocks takes part of a slow part's
 * rest; a launch whose parts conflict falls back to the serial run with the
 * memory given back exactly, by the pool's own copy (no restore callback)
 * or by the caller's restore(); at most SIMI_JOBS_MAX workers. Kernel: blocksum of tests/fixtures/llvm14_kernels.cu
 * (out[b] = the sum of in[b * 256 .. b * 256 + 255]). */
#define _GNU_SOURCE
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "simulee/interp.h"

/* A part's blocks as its observer saw them end. */
typedef struct tpart {
  unsigned first, last, n;
  int ascending;         /* each block the one after the previous */
} tpart;

/* The caller's side of the pool: an observer per part recording its
 * blocks; counts the calls. */
typedef struct tjobs {
  unsigned opened, closed, finished, committed;
  unsigned restored[4];  /* per buffer: restore() calls */
  const void *orig[4];   /* per buffer: its bytes before the launch */
  simI_buffer *bufs;
  int fail_restore;      /* restore() returns -1 */
  unsigned slow;         /* doomed() sleeps this many microseconds after
                            each block of part 1 */
  tpart parts[SIMI_JOBS_MAX];
  unsigned order[SIMI_JOBS_MAX], norder; /* commit's */
} tjobs;

static void tp_block_end(void *ctx, unsigned block) {
  tpart *t = ctx;
  if (!t->n) t->first = block;
  else if (block != t->last + 1) t->ascending = 0;
  t->last = block;
  t->n++;
}

static int tj_open(void *ctx, unsigned w, simI_observer *obs, unsigned max) {
  tjobs *j = ctx;
  if (w >= SIMI_JOBS_MAX || max < 1) return -1;
  __atomic_fetch_add(&j->opened, 1, __ATOMIC_RELAXED);
  tpart *t = &j->parts[w];
  memset(t, 0, sizeof *t);
  t->ascending = 1;
  memset(&obs[0], 0, sizeof obs[0]);
  obs[0].ctx = t;
  obs[0].block_end = tp_block_end;
  return 1;
}
static int tj_doomed(void *ctx, unsigned w) {
  tjobs *j = ctx;
  if (w == 1 && j->slow) usleep(j->slow);
  return 0;
}
static int tj_clean(void *ctx, unsigned w, const simI_result *res) {
  (void)ctx, (void)w, (void)res;
  return 1;
}
static int tj_commit(void *ctx, const unsigned *order, unsigned n) {
  tjobs *j = ctx;
  j->committed++;
  j->norder = n;
  for (unsigned i = 0; i < n && i < SIMI_JOBS_MAX; i++) j->order[i] = order[i];
  return 0;
}

/* The committed parts, in commit's order, ran blocks 0..blocks-1 in
 * ascending order, each part a range. */
static int covered(const tjobs *j, unsigned blocks) {
  unsigned next = 0;
  for (unsigned i = 0; i < j->norder; i++) {
    const tpart *t = &j->parts[j->order[i]];
    if (!t->n || !t->ascending || t->first != next) return 0;
    next = t->last + 1;
  }
  return next == blocks;
}
static void tj_close(void *ctx, unsigned w) {
  (void)w;
  ((tjobs *)ctx)->closed++;
}
static void tj_finish(void *ctx, unsigned w, const simI_result *res) {
  (void)w, (void)res;
  __atomic_fetch_add(&((tjobs *)ctx)->finished, 1, __ATOMIC_RELAXED);
}
static int tj_restore(void *ctx, unsigned b) {
  tjobs *j = ctx;
  if (b >= 4) return -1;
  j->restored[b]++;
  if (j->fail_restore) return -1;
  memcpy(j->bufs[b].data, j->orig[b], j->bufs[b].size);
  return 0;
}

static simI_program *load_blocksum(unsigned *k) {
  char path[1024], err[512];
  snprintf(path, sizeof path, "%s/tests/fixtures/llvm14_kernels.O2.bc", SIMULEE_SRC_DIR);
  simI_status st;
  simI_program *p = simI_load(path, &st, err, sizeof err);
  if (!p) { fprintf(stderr, "load failed: %s\n", err); return NULL; }
  int i = simI_find_kernel(p, "blocksum");
  if (i < 0) { simI_free(p); return NULL; }
  *k = (unsigned)i;
  return p;
}

/* blocksum over `blocks` blocks; `alias`: out is in itself (block b
 * overwrites in[b], which block 0 reads: the workers conflict). Buffer 1
 * (out, or an untouched one with alias) follows. */
static void launch_of(simI_launch *l, simI_arg *a, simI_buffer *bufs, unsigned blocks, int alias) {
  memset(l, 0, sizeof *l);
  memset(a, 0, 2 * sizeof *a);
  l->grid = (simI_dim3){blocks, 1, 1};
  l->block = (simI_dim3){256, 1, 1};
  a[0].is_buffer = 1;
  a[1].is_buffer = 1;
  a[1].buffer = alias ? 0 : 1;
  l->nargs = 2;
  l->args = a;
  l->nbuffers = 2;
  l->buffers = bufs;
}

static int *input(unsigned n) {
  int *v = malloc(n * sizeof *v);
  for (unsigned i = 0; v && i < n; i++) v[i] = (int)((i * 7919u) % 1000u) - 500;
  return v;
}

/* blocksum over `blocks` blocks on `workers` threads, part 1 slowed by
 * `slow` microseconds a block: the run must be kept, every part opened
 * finished, committed in block order and closed, and the sums right. */
static void clean_run(unsigned blocks, unsigned workers, unsigned slow, tjobs *tj,
                      simI_result *r) {
  unsigned k;
  simI_program *p = load_blocksum(&k);
  CU_ASSERT_PTR_NOT_NULL_FATAL(p);
  int *in = input(blocks * 256), *out = calloc(blocks, sizeof *out);
  CU_ASSERT_FATAL(in && out);
  simI_buffer bufs[2] = {{in, (uint64_t)blocks * 256 * sizeof *in, SIMI_ELEM_I32, "in", 0},
                         {out, blocks * sizeof *out, SIMI_ELEM_I32, "out", 0}};
  simI_launch l;
  simI_arg a[2];
  launch_of(&l, a, bufs, blocks, 0);
  memset(tj, 0, sizeof *tj);
  tj->slow = slow;
  simI_jobs jobs = {.n = workers, .ctx = tj, .open = tj_open, .clean = tj_clean,
                    .commit = tj_commit, .close = tj_close, .finish = tj_finish,
                    .doomed = tj_doomed};
  CU_ASSERT_EQUAL(simI_run_jobs(p, k, &l, NULL, 0, &jobs, r), SIMI_OK);
  CU_ASSERT_EQUAL(r->parts, tj->opened);
  CU_ASSERT_EQUAL(tj->finished, tj->opened);
  CU_ASSERT_EQUAL(tj->committed, 1);
  CU_ASSERT_EQUAL(tj->closed, tj->opened);
  CU_ASSERT_EQUAL(tj->norder, tj->opened);
  CU_ASSERT_TRUE(covered(tj, blocks));
  int ok = 1;
  for (unsigned b = 0; b < blocks; b++) {
    int ref = 0;
    for (unsigned i = 0; i < 256; i++) ref += in[b * 256 + i];
    ok &= out[b] == ref;
  }
  CU_ASSERT_TRUE(ok);
  free(in);
  free(out);
  simI_free(p);
}

static void test_clean_kept(void) {
  tjobs tj;
  simI_result r;
  clean_run(64, 2, 0, &tj, &r);
  CU_ASSERT_EQUAL(r.workers, 2);
  CU_ASSERT(tj.opened >= 2);
}

/* The conflicting launch at -j 2 with restore() or without: its memory and
 * result are the serial run's. */
static void conflict(int with_restore, int fail_restore) {
  unsigned k;
  simI_program *p = load_blocksum(&k);
  CU_ASSERT_PTR_NOT_NULL_FATAL(p);
  enum { B = 64 };
  int *in = input(B * 256), *ref = input(B * 256), *orig = input(B * 256);
  int other[8] = {1, 2, 3, 4, 5, 6, 7, 8}, other_ref[8];
  CU_ASSERT_FATAL(in && ref && orig);
  memcpy(other_ref, other, sizeof other);
  /* the serial run */
  simI_buffer rb[2] = {{ref, B * 256 * sizeof *ref, SIMI_ELEM_I32, "in", 0},
                       {other_ref, sizeof other_ref, SIMI_ELEM_I32, "other", 0}};
  simI_launch l;
  simI_arg a[2];
  launch_of(&l, a, rb, B, 1);
  simI_result r;
  CU_ASSERT_EQUAL_FATAL(simI_run(p, k, &l, NULL, 0, &r), SIMI_OK);
  /* the parallel attempt */
  simI_buffer bufs[2] = {{in, B * 256 * sizeof *in, SIMI_ELEM_I32, "in", 0},
                         {other, sizeof other, SIMI_ELEM_I32, "other", 0}};
  launch_of(&l, a, bufs, B, 1);
  tjobs tj;
  memset(&tj, 0, sizeof tj);
  tj.bufs = bufs;
  tj.orig[0] = orig;
  tj.orig[1] = other_ref;
  tj.fail_restore = fail_restore;
  simI_jobs jobs = {.n = 2, .ctx = &tj, .open = tj_open, .clean = tj_clean, .commit = tj_commit,
                    .close = tj_close, .restore = with_restore ? tj_restore : NULL};
  simI_status st = simI_run_jobs(p, k, &l, NULL, 0, &jobs, &r);
  CU_ASSERT_EQUAL(tj.committed, 0);
  CU_ASSERT(tj.opened >= 2);
  CU_ASSERT_EQUAL(tj.closed, tj.opened);
  if (fail_restore) {
    CU_ASSERT_EQUAL(st, SIMI_E_NOMEM);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.message, "restoring"));
  } else {
    CU_ASSERT_EQUAL(st, SIMI_OK);
    CU_ASSERT_EQUAL(r.workers, 0); /* the serial run */
    CU_ASSERT_EQUAL(memcmp(in, ref, B * 256 * sizeof *in), 0);
  }
  CU_ASSERT_EQUAL(memcmp(other, other_ref, sizeof other), 0);
  if (with_restore) {
    CU_ASSERT_EQUAL(tj.restored[0], 1); /* written: given back */
    CU_ASSERT_EQUAL(tj.restored[1], 0); /* untouched: not */
  }
  free(in);
  free(ref);
  free(orig);
  simI_free(p);
}

static void test_conflict_copy(void) { conflict(0, 0); }
static void test_conflict_restore(void) { conflict(1, 0); }
static void test_conflict_restore_fails(void) { conflict(1, 1); }

/* Part 1 is slow (doomed() sleeps after each of its blocks): worker 0,
 * done with part 0, takes halves of part 1's rest as new parts; the run is
 * kept, its parts cover the grid in order and the sums are right. */
static void test_steal(void) {
  enum { B = 512 };
  tjobs tj;
  simI_result r;
  clean_run(B, 2, 300, &tj, &r);
  CU_ASSERT_EQUAL(r.workers, 2);
  CU_ASSERT(tj.opened >= 3);
  /* part 1 kept its first blocks; the parts taken from it follow it */
  CU_ASSERT_EQUAL(tj.order[0], 0);
  CU_ASSERT_EQUAL(tj.order[1], 1);
  CU_ASSERT_EQUAL(tj.parts[1].first, B / 2);
  CU_ASSERT(tj.parts[1].n < B / 2);
}

static void test_max_workers(void) {
  tjobs tj;
  simI_result r;
  clean_run(16 * 80, 200, 0, &tj, &r); /* room for 80 workers of 16 blocks */
  CU_ASSERT_EQUAL(r.workers, SIMI_JOBS_MAX);
  CU_ASSERT_EQUAL(r.parts, SIMI_JOBS_MAX); /* no part index left to split one */
}

int test_pool_register(void) {
  CU_pSuite s = CU_add_suite("pool", NULL, NULL);
  if (!s) return -1;
  if (!CU_add_test(s, "clean launch kept on 2 workers", test_clean_kept) ||
      !CU_add_test(s, "conflict: undone from the pool's copy", test_conflict_copy) ||
      !CU_add_test(s, "conflict: undone by restore()", test_conflict_restore) ||
      !CU_add_test(s, "conflict: restore() fails", test_conflict_restore_fails) ||
      !CU_add_test(s, "a worker out of blocks takes half of a slow part's rest", test_steal) ||
      !CU_add_test(s, "at most SIMI_JOBS_MAX workers", test_max_workers))
    return -1;
  return 0;
}
