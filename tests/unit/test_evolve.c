/* The input search engine (evolve/evolve.c) on the kernels of
 * tests/evolve/search.cu, compiled at build time by tests/search.cmake:
 * slot and dimension inference, mutation limits, the rand fill and its
 * --arg round trip, the collision race found from fixed seeds with the
 * witness input checked against a host computation, race-free kernels,
 * determinism across worker counts, fixed launches, dynamic shared memory.
 */
#include <CUnit/CUnit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "simulee/evolve.h"
#include "evolve/evolve_int.h"

#ifndef SIMULEE_EVOLVE_BIN
#define SIMULEE_EVOLVE_BIN SIMULEE_BUILD_DIR "/tests/evolve"
#endif

static simI_program *load(const char *opt) {
  char path[1024], err[512];
  simI_status st;
  snprintf(path, sizeof path, "%s/search.%s.bc", SIMULEE_EVOLVE_BIN, opt);
  simI_program *p = simI_load(path, &st, err, sizeof err);
  if (!p) fprintf(stderr, "test_evolve: cannot load %s: %s\n", path, err);
  return p;
}

static unsigned kernel(const simI_program *p, const char *name) {
  int k = simI_find_kernel(p, name);
  CU_ASSERT_FATAL(k >= 0);
  return (unsigned)k;
}

static void test_slots(void) {
  const char *opts[] = {"O0", "O2"};
  for (unsigned o = 0; o < 2; o++) {
    simI_program *p = load(opts[o]);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    const simI_kernel_info *ki = simI_kernel(p, kernel(p, "with_struct"));
    simE_slot sl[8];
    CU_ASSERT_EQUAL_FATAL(simE_slots(ki, sl, 8), 4);
    CU_ASSERT(sl[0].param == 0 && sl[0].field == 0 && sl[0].kind == SIMI_PARAM_INT &&
              sl[0].bits == 32 && sl[0].offset == 0);
    CU_ASSERT(sl[1].param == 0 && sl[1].field == 1 && sl[1].kind == SIMI_PARAM_FLOAT &&
              sl[1].bits == 32 && sl[1].offset == 4);
    CU_ASSERT(sl[2].param == 0 && sl[2].field == 2 && sl[2].kind == SIMI_PARAM_PTR &&
              sl[2].offset == 8);
    CU_ASSERT(sl[3].param == 1 && sl[3].field == -1 && sl[3].kind == SIMI_PARAM_PTR &&
              sl[3].elem == SIMI_ELEM_I16);
    /* a count beyond max writes nothing more */
    CU_ASSERT_EQUAL(simE_slots(ki, NULL, 0), 4);
    /* dims: threadIdx.x/y and blockDim.x only */
    CU_ASSERT_EQUAL(simE_varied_dims(ki), 3u);
    CU_ASSERT_EQUAL(simE_varied_dims(simI_kernel(p, kernel(p, "only_y"))), 2u);
    CU_ASSERT_EQUAL(simE_varied_dims(simI_kernel(p, kernel(p, "collide"))), 1u | 8u);
    CU_ASSERT_EQUAL(simE_varied_dims(simI_kernel(p, kernel(p, "dyn"))), 1u);
    ki = simI_kernel(p, kernel(p, "collide"));
    CU_ASSERT_EQUAL_FATAL(simE_slots(ki, sl, 8), 3);
    CU_ASSERT(sl[0].kind == SIMI_PARAM_PTR && sl[0].elem == SIMI_ELEM_I32);
    CU_ASSERT(sl[1].kind == SIMI_PARAM_INT && sl[1].bits == 32);
    CU_ASSERT(sl[2].kind == SIMI_PARAM_INT && sl[2].bits == 32);
    simI_free(p);
  }
}

static int whole(double v) { return v == nearbyint(v); }

/* Check every limit a genome of space s must respect. */
static void check_genome(const simE_space *s, const simE_genome *g, unsigned varied,
                         const simE_options *o) {
  uint64_t bt = (uint64_t)g->block.x * g->block.y * g->block.z;
  uint64_t gt = (uint64_t)g->grid.x * g->grid.y * g->grid.z;
  CU_ASSERT(g->block.x >= 1 && g->block.y >= 1 && g->block.z >= 1);
  CU_ASSERT(g->grid.x >= 1 && g->grid.y >= 1 && g->grid.z >= 1);
  CU_ASSERT(bt <= 1024 && g->block.z <= 64);
  if (o->fix_block) {
    CU_ASSERT(g->block.x == o->block.x && g->block.y == o->block.y && g->block.z == o->block.z);
  } else {
    CU_ASSERT(bt * gt <= SIME_SEARCH_MAX_THREADS);
    CU_ASSERT(o->fix_grid || gt <= SIME_SEARCH_MAX_BLOCKS);
    if (!(varied & 1)) CU_ASSERT(g->block.x == 1);
    if (!(varied & 2)) CU_ASSERT(g->block.y == 1);
    if (!(varied & 4)) CU_ASSERT(g->block.z == 1);
  }
  if (!(varied & 8)) CU_ASSERT(g->grid.x == 1);
  if (!(varied & 16)) CU_ASSERT(g->grid.y == 1);
  if (!(varied & 32)) CU_ASSERT(g->grid.z == 1);
  for (unsigned i = 0; i < simE_space_nslots(s); i++) {
    const simE_slot *sl = simE_space_slot(s, i);
    const simE_value *v = &g->vals[i];
    if (o->fixed && o->fixed[i].fixed) {
      CU_ASSERT(v->fixed && v->bits == o->fixed[i].bits);
      continue;
    }
    CU_ASSERT(!v->fixed);
    if (sl->kind == SIMI_PARAM_INT) {
      CU_ASSERT(whole(v->v) && v->v >= -1048576 && v->v <= 1048575);
    } else if (sl->kind == SIMI_PARAM_FLOAT) {
      CU_ASSERT(isfinite(v->v));
    } else {
      int fl = sl->elem == SIMI_ELEM_F32 || sl->elem == SIMI_ELEM_F64;
      /* the searched forms: rand and sorted, and for integers prefix sums,
       * permutations and iota */
      CU_ASSERT(v->fill == SIME_FILL_RAND || v->fill == SIME_FILL_SORTED ||
                (!fl && (v->fill == SIME_FILL_PREFIX || v->fill == SIME_FILL_PERM ||
                         v->fill == SIME_FILL_IOTA)));
      CU_ASSERT(!v->null && v->count == 0 && !v->data);
      CU_ASSERT(v->lo <= v->hi && isfinite(v->lo) && isfinite(v->hi));
      if (!fl) CU_ASSERT(v->lo >= 0 && whole(v->lo) && whole(v->hi));
      if (sl->elem == SIMI_ELEM_I16) CU_ASSERT(v->hi <= 32767);
    }
  }
}

static void limits_for(const simI_program *p, const char *name, simE_options *o) {
  char err[256];
  unsigned k = kernel(p, name);
  simE_space *s = simE_space_new(p, k, o, err, sizeof err);
  CU_ASSERT_PTR_NOT_NULL_FATAL(s);
  unsigned varied = simE_varied_dims(simI_kernel(p, k));
  unsigned ns = simE_space_nslots(s);
  simE_value *a = calloc(ns, sizeof *a), *b = calloc(ns, sizeof *b);
  CU_ASSERT_FATAL(a && b);
  simE_genome ga = {{0, 0, 0}, {0, 0, 0}, 0, a, {0, 0, 0}}, gb = {{0, 0, 0}, {0, 0, 0}, 0, b, {0, 0, 0}};
  unsigned changed = 0;
  for (unsigned r = 0; r < 200; r++) {
    simE_genome_random(s, 1000 + r, &ga);
    check_genome(s, &ga, varied, o);
    for (unsigned m = 0; m < 25; m++) {
      simE_genome_mutate(s, &ga, r * 100 + m, (int)(m & 1), &gb);
      check_genome(s, &gb, varied, o);
      changed += memcmp(&ga.block, &gb.block, sizeof ga.block) != 0;
      simE_genome t = ga;
      ga = gb;
      gb = t;
    }
  }
  /* mutation moves something (unless the block is fixed) */
  CU_ASSERT(o->fix_block || changed > 1000);
  free(ga.vals);
  free(gb.vals);
  simE_space_free(s);
}

static void test_mutation_limits(void) {
  simI_program *p = load("O2");
  CU_ASSERT_PTR_NOT_NULL_FATAL(p);
  simE_options o;
  simE_options_default(&o);
  limits_for(p, "with_struct", &o);
  limits_for(p, "collide", &o);
  limits_for(p, "only_y", &o);
  /* fixed parts never move: the block and the struct's n */
  simE_value fixed[4];
  memset(fixed, 0, sizeof fixed);
  fixed[0].fixed = 1;
  fixed[0].bits = 7;
  fixed[0].v = 7;
  o.fixed = fixed;
  o.fix_block = 1;
  o.block = (simI_dim3){8, 4, 1};
  limits_for(p, "with_struct", &o);
  simI_free(p);
}

static void test_fill_rand(void) {
  uint8_t u8[1000], u8b[1000];
  simE_fill_rand(SIMI_ELEM_U8, u8, 1000, 5, 0, 1000);
  simE_fill_rand(SIMI_ELEM_U8, u8b, 1000, 5, 0, 1000);
  CU_ASSERT(!memcmp(u8, u8b, sizeof u8));
  unsigned big = 0;
  for (unsigned i = 0; i < 1000; i++) big += u8[i] > 200;
  CU_ASSERT(big > 0); /* clamped to 255, not wrapped into a narrow range */
  simE_fill_rand(SIMI_ELEM_U8, u8b, 1000, 6, 0, 1000);
  CU_ASSERT(memcmp(u8, u8b, sizeof u8) != 0);
  int32_t i32[1000];
  simE_fill_rand(SIMI_ELEM_I32, i32, 1000, 9, -4, 4);
  unsigned seen[9] = {0};
  int inrange = 1;
  for (unsigned i = 0; i < 1000; i++) {
    if (i32[i] < -4 || i32[i] > 4) inrange = 0;
    else seen[i32[i] + 4]++;
  }
  CU_ASSERT(inrange);
  for (unsigned v = 0; v < 9; v++) CU_ASSERT(seen[v] > 0);
  float f[500];
  simE_fill_rand(SIMI_ELEM_F32, f, 500, 3, 1.5, 2.5);
  int fin = 1;
  for (unsigned i = 0; i < 500; i++) fin &= f[i] >= 1.5f && f[i] <= 2.5f;
  CU_ASSERT(fin);
  /* element i depends on (seed, i) only: a prefix of a longer fill */
  int32_t shorter[10];
  simE_fill_rand(SIMI_ELEM_I32, shorter, 10, 9, -4, 4);
  CU_ASSERT(!memcmp(shorter, i32, sizeof shorter));
  /* the --arg grammar makes the same contents */
  simC_bufspec b;
  char err[256];
  CU_ASSERT_EQUAL_FATAL(simC_parse_bufspec("i32[1000]=rand:9:-4:4", &b, err, sizeof err), 0);
  CU_ASSERT(b.fill == SIMC_FILL_RAND && b.seed == 9 && b.lo == -4 && b.hi == 4);
  void *d = simC_bufspec_make(&b);
  CU_ASSERT_PTR_NOT_NULL_FATAL(d);
  CU_ASSERT(!memcmp(d, i32, sizeof i32));
  simI_mem_free(d);
  CU_ASSERT(simC_parse_bufspec("i32[4]=rand:9:4:-4", &b, err, sizeof err) < 0);
  CU_ASSERT(simC_parse_bufspec("i32[4]=rand:-1:0:4", &b, err, sizeof err) < 0);
  CU_ASSERT(simC_parse_bufspec("f32[4]=rand:1:0:inf", &b, err, sizeof err) < 0);
  CU_ASSERT(simC_arg_is_search("_") && !simC_arg_is_search("_1"));
}

/* Does the launch of genome g of collide make two threads store to one
 * slot? (host computation of the kernel's indices) */
static int collides(const simE_genome *g) {
  long stride = (long)g->vals[1].v, n = (long)g->vals[2].v;
  uint64_t threads = (uint64_t)g->grid.x * g->block.x;
  if (n <= 0 || n > 4096) return 0;
  uint64_t m = threads < (uint64_t)n ? threads : (uint64_t)n;
  static unsigned char used[4096];
  memset(used, 0, sizeof used);
  for (uint64_t t = 0; t < m; t++) {
    unsigned slot = ((unsigned)t * (unsigned)stride) % (unsigned)n;
    if (used[slot]) return 1;
    used[slot] = 1;
  }
  return 0;
}

static void test_collision_found(void) {
  simI_program *p = load("O2");
  CU_ASSERT_PTR_NOT_NULL_FATAL(p);
  unsigned k = kernel(p, "collide");
  for (uint64_t seed = 1; seed <= 3; seed++) {
    simE_options o;
    simE_options_default(&o);
    o.seed = seed;
    simE_result r;
    char err[256];
    CU_ASSERT_EQUAL_FATAL(simE_check(p, k, &o, &r, err, sizeof err), 0);
    CU_ASSERT_EQUAL(r.status, SIMI_OK);
    unsigned races = 0;
    for (unsigned f = 0; f < r.findings.n; f++) {
      const simD_finding *fd = &r.findings.v[f];
      CU_ASSERT_EQUAL(fd->kind, SIMD_DATA_RACE);
      if (fd->kind != SIMD_DATA_RACE) continue;
      races++;
      CU_ASSERT(fd->write_write);
      int x = r.finding_exec[f];
      CU_ASSERT_FATAL(x >= 0 && (unsigned)x < r.nexec);
      /* the witness input really makes two threads share a slot */
      CU_ASSERT(collides(&r.execs[x].g));
      /* and its arguments print as --arg values */
      char a[256];
      CU_ASSERT_EQUAL(simE_format_arg(simE_result_space(&r), &r.execs[x], 0, a, sizeof a), 0);
      simC_bufspec b;
      CU_ASSERT_EQUAL(simC_parse_bufspec(a, &b, err, sizeof err), 0);
      CU_ASSERT(b.fill != SIMC_FILL_DATA && b.count * 4 == r.execs[x].bytes[0]);
      CU_ASSERT_EQUAL(simE_format_arg(simE_result_space(&r), &r.execs[x], 1, a, sizeof a), 0);
      CU_ASSERT_EQUAL(atof(a), r.execs[x].g.vals[1].v);
    }
    CU_ASSERT_EQUAL(races, 1);
    /* the early stop: found without the whole budget */
    CU_ASSERT(r.generations < SIME_DEFAULT_GENERATIONS);
    CU_ASSERT(r.evaluations <= (uint64_t)o.population * (1 + 2 * r.generations));
    CU_ASSERT(r.best <= SIME_ACCEPT || r.generations > 0);
    simE_result_free(&r);
  }
  simI_free(p);
}

static void test_racefree(void) {
  simI_program *p = load("O0");
  CU_ASSERT_PTR_NOT_NULL_FATAL(p);
  const char *names[] = {"copy", "with_struct", "only_y"};
  for (unsigned i = 0; i < 3; i++) {
    simE_options o;
    simE_options_default(&o);
    simE_result r;
    char err[256];
    CU_ASSERT_EQUAL_FATAL(simE_check(p, kernel(p, names[i]), &o, &r, err, sizeof err), 0);
    CU_ASSERT_EQUAL(r.status, SIMI_OK);
    CU_ASSERT_EQUAL(r.findings.n, 0);
    CU_ASSERT(r.nexec >= 1);
    simE_result_free(&r);
  }
  simI_free(p);
}

static int same_exec(const simE_space *s, const simE_exec *a, const simE_exec *b) {
  if (memcmp(&a->g.grid, &b->g.grid, sizeof a->g.grid) ||
      memcmp(&a->g.block, &b->g.block, sizeof a->g.block) || a->g.shared != b->g.shared)
    return 0;
  for (unsigned i = 0; i < simE_space_nslots(s); i++) {
    const simE_value *x = &a->g.vals[i], *y = &b->g.vals[i];
    if (x->v != y->v || x->seed != y->seed || x->lo != y->lo || x->hi != y->hi ||
        a->bytes[i] != b->bytes[i])
      return 0;
  }
  return a->res.insns == b->res.insns;
}

static void test_determinism(void) {
  simI_program *p = load("O2");
  CU_ASSERT_PTR_NOT_NULL_FATAL(p);
  const char *names[] = {"collide", "with_struct"};
  for (unsigned n = 0; n < 2; n++) {
    simE_result r[2];
    unsigned jobs[2] = {1, 3};
    char err[256];
    for (unsigned j = 0; j < 2; j++) {
      simE_options o;
      simE_options_default(&o);
      o.seed = 11;
      o.population = 40;
      o.jobs = jobs[j];
      CU_ASSERT_EQUAL_FATAL(simE_check(p, kernel(p, names[n]), &o, &r[j], err, sizeof err), 0);
    }
    CU_ASSERT_EQUAL(r[0].evaluations, r[1].evaluations);
    CU_ASSERT_EQUAL(r[0].generations, r[1].generations);
    CU_ASSERT_EQUAL(r[0].best, r[1].best);
    CU_ASSERT_EQUAL_FATAL(r[0].nexec, r[1].nexec);
    for (unsigned x = 0; x < r[0].nexec; x++)
      CU_ASSERT(same_exec(simE_result_space(&r[0]), &r[0].execs[x], &r[1].execs[x]));
    CU_ASSERT_EQUAL_FATAL(r[0].findings.n, r[1].findings.n);
    for (unsigned f = 0; f < r[0].findings.n; f++) {
      CU_ASSERT_EQUAL(r[0].findings.v[f].kind, r[1].findings.v[f].kind);
      CU_ASSERT_EQUAL(r[0].findings.v[f].count, r[1].findings.v[f].count);
      CU_ASSERT_EQUAL(r[0].finding_exec[f], r[1].finding_exec[f]);
    }
    simE_result_free(&r[0]);
    simE_result_free(&r[1]);
  }
  simI_free(p);
}

static void test_fixed_and_options(void) {
  simI_program *p = load("O2");
  CU_ASSERT_PTR_NOT_NULL_FATAL(p);
  unsigned k = kernel(p, "collide");
  char err[256];
  /* everything fixed: one run of that launch, no search; stride 2 of n 8
   * with 8 threads collides */
  simE_value v[3];
  memset(v, 0, sizeof v);
  v[0].fixed = 1;
  v[0].elem = SIMI_ELEM_I32;
  v[0].count = 8;
  v[0].fill = SIME_FILL_ZERO;
  v[1].fixed = 1;
  v[1].bits = 2;
  v[2].fixed = 1;
  v[2].bits = 8;
  simE_options o;
  simE_options_default(&o);
  simD_options_default(&o.detect);
  o.fixed = v;
  o.fix_grid = o.fix_block = o.fix_shared = 1;
  o.grid = (simI_dim3){1, 1, 1};
  o.block = (simI_dim3){8, 1, 1};
  simE_result r;
  CU_ASSERT_EQUAL_FATAL(simE_check(p, k, &o, &r, err, sizeof err), 0);
  CU_ASSERT_EQUAL(r.evaluations, 0);
  CU_ASSERT_EQUAL_FATAL(r.nexec, 1);
  CU_ASSERT(r.execs[0].g.block.x == 8 && r.execs[0].g.grid.x == 1);
  CU_ASSERT_EQUAL(r.execs[0].bytes[0], 32);
  CU_ASSERT_EQUAL(r.findings.n, 1);
  simE_result_free(&r);
  /* stride 3 of n 8: a permutation, no race */
  v[1].bits = 3;
  CU_ASSERT_EQUAL_FATAL(simE_check(p, k, &o, &r, err, sizeof err), 0);
  CU_ASSERT_EQUAL(r.findings.n, 0);
  simE_result_free(&r);
  /* no detectors: the search runs, nothing is reported */
  simE_options_default(&o);
  o.no_detect = 1;
  CU_ASSERT_EQUAL_FATAL(simE_check(p, k, &o, &r, err, sizeof err), 0);
  CU_ASSERT(r.evaluations > 0);
  CU_ASSERT_EQUAL(r.findings.n, 0);
  simE_result_free(&r);
  /* dynamic shared memory follows the block */
  simE_options_default(&o);
  CU_ASSERT_EQUAL_FATAL(simE_check(p, kernel(p, "dyn"), &o, &r, err, sizeof err), 0);
  for (unsigned x = 0; x < r.nexec; x++) {
    const simE_genome *g = &r.execs[x].g;
    CU_ASSERT_EQUAL(g->shared, (uint64_t)SIME_SHARED_PER_THREAD * g->block.x);
  }
  CU_ASSERT_EQUAL(r.findings.n, 0);
  simE_result_free(&r);
  simI_free(p);
}

/* The structured buffer forms (simE_fill_buffer) and their --arg spellings
 * (simC_parse_bufspec, simC_bufspec_make). */
/* Recorded contents (simE_options.seeds): seed 0 gives them as recorded; a
 * searched variant (seed != 0) changes 1..8 elements, the same ones for the
 * same seed, each to another element's value or by one. */
static void test_fill_recorded(void) {
  int32_t rec[256], a[256], b[256];
  for (unsigned i = 0; i < 256; i++) rec[i] = (int32_t)(i * 7 % 256) - (i % 5 == 0 ? 300 : 0);
  simE_value v;
  memset(&v, 0, sizeof v);
  v.fill = SIME_FILL_DATA;
  v.data = rec;
  v.ndata = v.count = 256;
  CU_ASSERT_EQUAL(simE_fill_buffer(&v, SIMI_ELEM_I32, a, 256), 0);
  CU_ASSERT_EQUAL(memcmp(a, rec, sizeof rec), 0);
  for (uint64_t seed = 1; seed < 40; seed += 3) {
    v.vary = seed;
    CU_ASSERT_EQUAL(simE_fill_buffer(&v, SIMI_ELEM_I32, a, 256), 0);
    CU_ASSERT_EQUAL(simE_fill_buffer(&v, SIMI_ELEM_I32, b, 256), 0);
    CU_ASSERT_EQUAL(memcmp(a, b, sizeof a), 0);
    unsigned diff = 0;
    for (unsigned i = 0; i < 256; i++) {
      if (a[i] == rec[i]) continue;
      diff++;
      int other = 0;
      for (unsigned j = 0; j < 256 && !other; j++) other = a[i] == rec[j];
      CU_ASSERT(other || a[i] == rec[i] + 1 || a[i] == rec[i] - 1 || a[i] == rec[i] + 2 ||
                a[i] == rec[i] - 2);
    }
    CU_ASSERT(diff <= 8);
  }
  /* the user's contents (fixed) are never changed */
  v.fixed = 1;
  v.vary = 5;
  CU_ASSERT_EQUAL(simE_fill_buffer(&v, SIMI_ELEM_I32, a, 256), 0);
  CU_ASSERT_EQUAL(memcmp(a, rec, sizeof rec), 0);
}

static void test_fill_forms(void) {
  simE_value v;
  int32_t a[64], b[64];
  memset(&v, 0, sizeof v);
  /* sorted: the rand values in non-decreasing order */
  v.fill = SIME_FILL_SORTED;
  v.seed = 9;
  v.lo = 0;
  v.hi = 5;
  CU_ASSERT_EQUAL(simE_fill_buffer(&v, SIMI_ELEM_I32, a, 64), 0);
  simE_fill_rand(SIMI_ELEM_I32, b, 64, 9, 0, 5);
  long sa = 0, sb = 0;
  for (unsigned i = 0; i < 64; i++) {
    if (i) CU_ASSERT(a[i - 1] <= a[i]);
    CU_ASSERT(a[i] >= 0 && a[i] <= 5);
    sa += a[i];
    sb += b[i];
  }
  CU_ASSERT_EQUAL(sa, sb);
  CU_ASSERT(a[0] == 0 && a[63] == 5); /* 64 draws of 0..5: both ends */
  /* prefix: 0, then running sums of the rand values (CSR row offsets) */
  v.fill = SIME_FILL_PREFIX;
  v.hi = 3;
  CU_ASSERT_EQUAL(simE_fill_buffer(&v, SIMI_ELEM_I32, a, 64), 0);
  simE_fill_rand(SIMI_ELEM_I32, b, 64, 9, 0, 3);
  CU_ASSERT_EQUAL(a[0], 0);
  for (unsigned i = 1; i < 64; i++) CU_ASSERT_EQUAL(a[i] - a[i - 1], b[i - 1]);
  /* perm: every value of 0..63 once, not the identity */
  v.fill = SIME_FILL_PERM;
  CU_ASSERT_EQUAL(simE_fill_buffer(&v, SIMI_ELEM_I32, a, 64), 0);
  unsigned seen[64] = {0}, moved = 0;
  for (unsigned i = 0; i < 64; i++) {
    CU_ASSERT_FATAL(a[i] >= 0 && a[i] < 64);
    seen[a[i]]++;
    moved += a[i] != (int32_t)i;
  }
  for (unsigned i = 0; i < 64; i++) CU_ASSERT_EQUAL(seen[i], 1);
  CU_ASSERT(moved > 32);
  /* data: the elements given, zeros after them */
  int32_t given[3] = {7, -1, 7};
  v.fill = SIME_FILL_DATA;
  v.data = given;
  v.ndata = 3;
  memset(a, 0x55, sizeof a);
  CU_ASSERT_EQUAL(simE_fill_buffer(&v, SIMI_ELEM_I32, a, 5), 0);
  CU_ASSERT(a[0] == 7 && a[1] == -1 && a[2] == 7 && a[3] == 0 && a[4] == 0);

  /* the --arg spellings */
  char err[256];
  simC_bufspec bs;
  CU_ASSERT_EQUAL(simC_parse_bufspec("i32[4]=list:3,1;4", &bs, err, sizeof err), 0);
  CU_ASSERT(bs.fill == SIMC_FILL_DATA && bs.ndata == 3 && bs.count == 4);
  int32_t *m = simC_bufspec_make(&bs);
  CU_ASSERT_FATAL(m != NULL);
  CU_ASSERT(m[0] == 3 && m[1] == 1 && m[2] == 4 && m[3] == 0);
  simI_mem_free(m);
  simC_bufspec_free(&bs);
  CU_ASSERT_EQUAL(simC_parse_bufspec("u8[2]=list:1,2,3", &bs, err, sizeof err), -1);
  CU_ASSERT_PTR_NOT_NULL(strstr(err, "more than 2 values"));
  CU_ASSERT_EQUAL(simC_parse_bufspec("i32[2]=list:1,x", &bs, err, sizeof err), -1);
  CU_ASSERT_EQUAL(simC_parse_bufspec("i32[2]=list:1,,2", &bs, err, sizeof err), -1);
  CU_ASSERT_EQUAL(simC_parse_bufspec("f32[8]=perm:3", &bs, err, sizeof err), 0);
  CU_ASSERT(bs.fill == SIMC_FILL_PERM && bs.seed == 3);
  CU_ASSERT_EQUAL(simC_parse_bufspec("i32[8]=perm:-3", &bs, err, sizeof err), -1);
  CU_ASSERT_EQUAL(simC_parse_bufspec("i32[8]=sorted:1:0:9", &bs, err, sizeof err), 0);
  CU_ASSERT(bs.fill == SIMC_FILL_SORTED && bs.lo == 0 && bs.hi == 9);
  CU_ASSERT_EQUAL(simC_parse_bufspec("i32[8]=prefix:1:0:2", &bs, err, sizeof err), 0);
  CU_ASSERT(bs.fill == SIMC_FILL_PREFIX);
  m = simC_bufspec_make(&bs);
  CU_ASSERT_FATAL(m != NULL);
  CU_ASSERT_EQUAL(m[0], 0);
  for (unsigned i = 1; i < 8; i++) CU_ASSERT(m[i] - m[i - 1] >= 0 && m[i] - m[i - 1] <= 2);
  simI_mem_free(m);
  CU_ASSERT_EQUAL(simC_parse_bufspec("i32[8]=prefix:1:2", &bs, err, sizeof err), -1);
  /* @FILE: raw little-endian elements, at least COUNT of them */
  char path[] = "/tmp/simulee_fill_XXXXXX";
  int fd = mkstemp(path);
  CU_ASSERT_FATAL(fd >= 0);
  FILE *f = fdopen(fd, "wb");
  int16_t raw[3] = {5, -6, 7};
  fwrite(raw, 2, 3, f);
  fclose(f);
  char spec[128];
  snprintf(spec, sizeof spec, "i16[3]=@%s", path);
  CU_ASSERT_EQUAL(simC_parse_bufspec(spec, &bs, err, sizeof err), 0);
  int16_t *h = simC_bufspec_make(&bs);
  CU_ASSERT_FATAL(h != NULL);
  CU_ASSERT(h[0] == 5 && h[1] == -6 && h[2] == 7);
  simI_mem_free(h);
  simC_bufspec_free(&bs);
  snprintf(spec, sizeof spec, "i16[4]=@%s", path);
  CU_ASSERT_EQUAL(simC_parse_bufspec(spec, &bs, err, sizeof err), -1);
  CU_ASSERT_PTR_NOT_NULL(strstr(err, "holds 6 bytes, 8 needed"));
  remove(path);
  CU_ASSERT_EQUAL(simC_parse_bufspec("i16[4]=@/nonexistent/x.bin", &bs, err, sizeof err), -1);
  CU_ASSERT_PTR_NOT_NULL(strstr(err, "/nonexistent/x.bin: No such file or directory"));
}

/* A searched value of an unsigned parameter is written in replay lines as
 * the unsigned number the kernel receives (it was "--arg -29"); a signed
 * one keeps its sign. The signedness comes from the demangled signature. */
static void test_unsigned_replay(void) {
  simI_param ps[4];
  memset(ps, 0, sizeof ps);
  for (unsigned i = 0; i < 4; i++) ps[i].kind = SIMI_PARAM_INT, ps[i].bits = 32, ps[i].size = 4;
  ps[2].kind = SIMI_PARAM_PTR, ps[2].bits = 64, ps[2].size = 8;
  ps[3].bits = 64, ps[3].size = 8;
  simI_kernel_info ki;
  memset(&ki, 0, sizeof ki);
  ki.nparams = 4;
  ki.params = ps;
  ki.pretty = "scatter<Pair<int, unsigned int> >(unsigned int, int, unsigned int*, unsigned long)";
  simE_slot slots[4];
  CU_ASSERT_EQUAL_FATAL(simE_slots(&ki, slots, 4), 4);
  CU_ASSERT_EQUAL(slots[0].is_unsigned, 1);
  CU_ASSERT_EQUAL(slots[1].is_unsigned, 0);
  CU_ASSERT_EQUAL(slots[2].is_unsigned, 0); /* a pointer */
  CU_ASSERT_EQUAL(slots[3].is_unsigned, 1);
  struct simE_space sp;
  memset(&sp, 0, sizeof sp);
  sp.ki = &ki;
  sp.nslots = 2;
  sp.slots = slots;
  simE_value vals[2];
  memset(vals, 0, sizeof vals);
  vals[0].v = -29;
  vals[1].v = -29;
  simE_exec x;
  memset(&x, 0, sizeof x);
  x.g.vals = vals;
  char buf[64];
  CU_ASSERT_EQUAL(simE_format_arg(&sp, &x, 0, buf, sizeof buf), 0);
  CU_ASSERT_STRING_EQUAL(buf, "4294967267");
  CU_ASSERT_EQUAL(simE_format_arg(&sp, &x, 1, buf, sizeof buf), 0);
  CU_ASSERT_STRING_EQUAL(buf, "-29");
  ki.pretty = "plain";
  CU_ASSERT_EQUAL_FATAL(simE_slots(&ki, slots, 4), 4);
  CU_ASSERT_EQUAL(slots[0].is_unsigned, 0);
}

int test_evolve_register(void) {
  CU_pSuite s = CU_add_suite("evolve", NULL, NULL);
  if (!s) return -1;
  struct { const char *name; void (*fn)(void); } t[] = {
    {"slots", test_slots},
    {"mutation_limits", test_mutation_limits},
    {"fill_rand", test_fill_rand},
    {"fill_forms", test_fill_forms},
    {"fill_recorded", test_fill_recorded},
    {"collision_found", test_collision_found},
    {"racefree", test_racefree},
    {"determinism", test_determinism},
    {"fixed_and_options", test_fixed_and_options},
    {"unsigned_replay", test_unsigned_replay},
  };
  for (unsigned i = 0; i < sizeof t / sizeof *t; i++)
    if (!CU_add_test(s, t[i].name, t[i].fn)) return -1;
  return 0;
}
