/* Suite cg: the inline asm of NVIDIA's cooperative groups headers for the
 * block's reserved shared memory and the lane masks, written out in
 * tests/cg/reserved_smem.ll (no toolkit needed): the registers' values, the
 * region as block-shared memory (no finding with a barrier, out-of-bounds
 * past its end), and a look-alike snippet reported unsupported.
 *
 * Suite cg_real: cooperative groups from NVIDIA's own headers. Only with a
 * CUDA toolkit at configure time: tests/cg.cmake compiles tests/cg/cg_real.cu
 * for sm_80 at -O0 and -O2 (SIMULEE_CG_BIN) and registers the ctest
 * cg_real_headers. Each kernel runs with the detectors on:
 *  - cg_reduce (block reduce with tiled_partition<32>, shfl_down and
 *    block.sync, cg::reduce over 32- and 16-wide tiles, tile.sync, ranks and
 *    sizes of every group kind): output equals a host computation, and no
 *    finding (cooperative groups' own use of the block is race-free);
 *  - cg_reduce_nosync (the same without the block.sync): exactly the data
 *    race between the partials' write and read lines;
 *  - cg_reserved: the reserved shared memory registers are consistent, the
 *    region works as block-shared memory, and a store past its end is an
 *    out-of-bounds finding on that line;
 *  - cg_grid: grid_group ranks and sizes in a grid-stride loop (the group
 *    is valid: every launch has a cooperative-launch workspace). */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simulee/detect.h"

/* Run kernel `name` of p on `grid` x `block` threads: buffers b[0..nb) are
 * the first nb arguments, `scalar` the last one when has_scalar; the
 * detectors' findings go to out. Returns the run's status. */
static simI_status run_launch(simI_program *p, const char *name, unsigned grid, unsigned block,
                              simI_buffer *b, unsigned nb, int has_scalar, uint64_t scalar,
                              uint64_t dyn, simD_list *out) {
  int k = simI_find_kernel(p, name);
  CU_ASSERT_TRUE_FATAL(k >= 0);
  const char *why = simI_kernel_unsupported(p, (unsigned)k);
  if (why) fprintf(stderr, "\ncg %s: %s", name, why);
  CU_ASSERT_PTR_NULL(why);
  simI_arg a[8];
  memset(a, 0, sizeof a);
  for (unsigned i = 0; i < nb; i++) { a[i].is_buffer = 1; a[i].buffer = i; }
  if (has_scalar) a[nb].bits = scalar;
  simI_launch l;
  memset(&l, 0, sizeof l);
  l.grid = (simI_dim3){grid, 1, 1};
  l.block = (simI_dim3){block, 1, 1};
  l.dyn_shared = dyn;
  l.nargs = nb + (has_scalar ? 1 : 0);
  l.args = a;
  l.nbuffers = nb;
  l.buffers = b;
  l.max_steps = 10000000;
  simD_ctx *d = simD_new(p, (unsigned)k, NULL);
  CU_ASSERT_PTR_NOT_NULL_FATAL(d);
  simI_observer ob = simD_observer(d);
  simI_result res;
  simI_run(p, (unsigned)k, &l, &ob, 1, &res);
  if (res.status != SIMI_OK)
    fprintf(stderr, "\ncg %s: %s %s", name, simI_status_name(res.status), res.message);
  simD_end_execution(d, &l, &res);
  simD_collect(d, out);
  simD_free(d);
  return res.status;
}

static void print_findings(const char *what, const simD_list *l) {
  for (unsigned i = 0; i < l->n; i++)
    fprintf(stderr, "\ncg %s: %s: %s", what, simD_kind_name(l->v[i].kind), l->v[i].message);
}

#define LL_BLOCK 40
#define LL_ROW 11

static void test_ll(void) {
  char err[512];
  simI_status st;
  simI_program *p = simI_load(SIMULEE_SRC_DIR "/tests/cg/reserved_smem.ll", &st, err, sizeof err);
  if (!p) fprintf(stderr, "\ncg: %s", err);
  CU_ASSERT_PTR_NOT_NULL_FATAL(p);
  uint64_t past = 0;
  for (int pass = 0; pass < 2; pass++) {
    uint32_t out[LL_BLOCK * LL_ROW];
    int32_t got[LL_BLOCK];
    memset(out, 0x55, sizeof out);
    memset(got, 0x55, sizeof got);
    simI_buffer b[2] = {{out, sizeof out, SIMI_ELEM_U32, "out", 0},
                        {got, sizeof got, SIMI_ELEM_I32, "got", 0}};
    simD_list f;
    simD_list_init(&f);
    CU_ASSERT_EQUAL(run_launch(p, "reserved", 1, LL_BLOCK, b, 2, 1, past, 8, &f), SIMI_OK);
    uint32_t begin = out[0], cap = out[2];
    CU_ASSERT_TRUE(cap >= 288);
    unsigned bad = 0;
    for (unsigned t = 0; t < LL_BLOCK; t++) {
      const uint32_t *r = out + t * LL_ROW;
      unsigned lane = t % 32;
      /* the module has no other shared variable: total (without the
         reserved region) is the dynamic size, aggregate adds the region */
      uint32_t want[LL_ROW] = {begin, begin + cap, cap, begin, begin + cap / 2, 8, 8, cap + 8,
                               (1u << lane) - 1, ~((1u << lane) - 1),
                               /* envreg1|2: the workspace's address, high | low half */
                               (uint32_t)(SIMI_PTR_MAKE(SIMI_SPACE_GLOBAL, SIMI_WORKSPACE_ALLOC, 0) >> 32)};
      for (unsigned j = 0; j < LL_ROW; j++)
        if (r[j] != want[j] && bad++ < 10)
          fprintf(stderr, "\ncg thread %u register %u: got %u want %u", t, j, r[j], want[j]);
      if (got[t] != (int32_t)(((t + 1) % LL_BLOCK) * 3) && bad++ < 10)
        fprintf(stderr, "\ncg thread %u: got %d from the window", t, got[t]);
    }
    CU_ASSERT_EQUAL(bad, 0);
    if (!pass) {
      CU_ASSERT_EQUAL(f.n, 0);
      if (f.n) print_findings("reserved", &f);
      past = (cap - cap / 2) / 4; /* offset_1 is cap / 2 into the window */
    } else {
      CU_ASSERT_EQUAL(f.n, 1);
      if (f.n != 1) print_findings("reserved (past the end)", &f);
      if (f.n) {
        CU_ASSERT_EQUAL(f.v[0].kind, SIMD_OUT_OF_BOUNDS);
        CU_ASSERT_EQUAL(f.v[0].space, SIMI_SPACE_SHARED);
        CU_ASSERT_PTR_NOT_NULL(strstr(f.v[0].message, "reserved_smem"));
      }
    }
    simD_list_free(&f);
  }
  int k = simI_find_kernel(p, "not_the_snippet");
  CU_ASSERT_TRUE_FATAL(k >= 0);
  const char *why = simI_kernel_unsupported(p, (unsigned)k);
  CU_ASSERT_PTR_NOT_NULL(why);
  if (why) CU_ASSERT_PTR_NOT_NULL(strstr(why, "reserved shared memory"));
  simI_free(p);
}

#ifdef SIMULEE_CG_BIN

#define GRID 2
#define BLOCK 64
#define N (GRID * BLOCK)
#define INFO 8

/* Line of the source line holding `marker` ("// @partial-write"), or 0. */
static unsigned marker_line(const char *marker) {
  FILE *f = fopen(SIMULEE_SRC_DIR "/tests/cg/cg_real.cu", "r");
  if (!f) return 0;
  char buf[512];
  unsigned line = 0, found = 0;
  while (!found && fgets(buf, sizeof buf, f)) {
    line++;
    char *m = strstr(buf, marker);
    if (m && (m[strlen(marker)] == '\n' || m[strlen(marker)] == 0)) found = line;
  }
  fclose(f);
  return found;
}

static simI_program *load(const char *opt) {
  char path[1024], err[512];
  snprintf(path, sizeof path, "%s/cg_real.%s.bc", SIMULEE_CG_BIN, opt);
  simI_status st;
  simI_program *p = simI_load(path, &st, err, sizeof err);
  if (!p) fprintf(stderr, "\ncg_real: %s", err);
  return p;
}

static simI_status run(simI_program *p, const char *name, simI_buffer *b, unsigned nb,
                       int has_scalar, uint64_t scalar, uint64_t dyn, simD_list *out) {
  return run_launch(p, name, GRID, BLOCK, b, nb, has_scalar, scalar, dyn, out);
}

static unsigned site_line(const simI_program *p, uint32_t site) {
  unsigned line = 0;
  simI_site_loc(p, site, NULL, &line, NULL, NULL);
  return line;
}

/* The kernels' input and the host computation of cg_reduce's outputs. */
static void input(int *in) {
  for (int i = 0; i < N; i++) in[i] = (i * 37) % 101 - 50;
}

static unsigned check_reduce(const int *in, const int *bsum, const float *t32, const float *t16,
                             const int *info, const char *opt) {
  unsigned bad = 0;
#define EXPECT(got, want, what, i)                                                          \
  do {                                                                                      \
    if ((got) != (want) && bad++ < 10)                                                      \
      fprintf(stderr, "\ncg_real -%s %s[%d]: got %d want %d", opt, what, (int)(i), (int)(got), \
              (int)(want));                                                                 \
  } while (0)
  for (int b = 0; b < GRID; b++) {
    const int *x = in + b * BLOCK;
    int s = 0;
    for (int r = 0; r < BLOCK; r++) s += x[r];
    EXPECT(bsum[b], s, "block_sum", b);
    for (int w = 0; w < BLOCK / 32; w++) {
      /* the tile's shfl_down tree: a lane whose source is past the tile
         keeps its own value */
      int v[32], nv[32];
      for (int l = 0; l < 32; l++) v[l] = x[w * 32 + l];
      for (int o = 16; o > 0; o /= 2) {
        for (int l = 0; l < 32; l++) nv[l] = v[l] + (l + o < 32 ? v[l + o] : v[l]);
        memcpy(v, nv, sizeof v);
      }
      int s32 = 0, s16[2] = {0, 0};
      for (int l = 0; l < 32; l++) { s32 += x[w * 32 + l]; s16[l / 16] += x[w * 32 + l]; }
      for (int l = 0; l < 32; l++) {
        int r = w * 32 + l, g = b * BLOCK + r;
        const int *o = info + g * INFO;
        EXPECT((int)t32[g], s32, "tile_sum", g);
        EXPECT((int)t16[g], s16[l / 16], "tile16_sum", g);
        EXPECT(o[0], r % 16, "g16.thread_rank", g);
        EXPECT(o[1], 16, "g16.size", g);
        EXPECT(o[2], r + 1000 * BLOCK, "block rank/size", g);
        EXPECT(o[3], l + 1000 * w, "tile rank/meta rank", g);
        EXPECT(o[4], r % 16 + 1000 * (r / 16), "t16 rank/meta rank", g);
        EXPECT(o[5], x[r ^ 1] * 3, "swap after tile.sync", g);
        EXPECT(o[6], l % 3 ? -1 : l / 3 + 1000 * 11, "coalesced rank/size", g);
        EXPECT(o[7], l % 16 < 15 ? v[l + 1] : v[l], "t16.shfl_down", g);
      }
    }
  }
#undef EXPECT
  return bad;
}

static void reduce_at(const char *opt) {
  simI_program *p = load(opt);
  CU_ASSERT_PTR_NOT_NULL_FATAL(p);
  unsigned wline = marker_line("// @partial-write"), rline = marker_line("// @partial-read");
  CU_ASSERT_TRUE(wline > 0 && rline > 0);
  for (int buggy = 0; buggy < 2; buggy++) {
    static int in[N], bsum[GRID], info[N * INFO];
    static float t32[N], t16[N];
    input(in);
    memset(bsum, 0x55, sizeof bsum);
    memset(info, 0x55, sizeof info);
    memset(t32, 0x55, sizeof t32);
    memset(t16, 0x55, sizeof t16);
    simI_buffer b[5] = {{in, sizeof in, SIMI_ELEM_I32, "in", 0},
                        {bsum, sizeof bsum, SIMI_ELEM_I32, "block_sum", 0},
                        {t32, sizeof t32, SIMI_ELEM_F32, "tile_sum", 0},
                        {t16, sizeof t16, SIMI_ELEM_F32, "tile16_sum", 0},
                        {info, sizeof info, SIMI_ELEM_I32, "info", 0}};
    simD_list out;
    simD_list_init(&out);
    const char *name = buggy ? "cg_reduce_nosync" : "cg_reduce";
    CU_ASSERT_EQUAL(run(p, name, b, 5, 0, 0, 0, &out), SIMI_OK);
    if (!buggy) {
      /* cooperative groups' own protocol raises nothing */
      CU_ASSERT_EQUAL(out.n, 0);
      if (out.n) print_findings(name, &out);
      CU_ASSERT_EQUAL(check_reduce(in, bsum, t32, t16, info, opt), 0);
    } else {
      /* exactly the race of the missing block.sync() */
      CU_ASSERT_EQUAL(out.n, 1);
      unsigned races = 0;
      for (unsigned i = 0; i < out.n; i++) {
        const simD_finding *f = &out.v[i];
        unsigned l0 = site_line(p, f->site[0]), l1 = site_line(p, f->site[1]);
        if (f->kind == SIMD_DATA_RACE && f->space == SIMI_SPACE_SHARED &&
            ((l0 == wline && l1 == rline) || (l0 == rline && l1 == wline)))
          races++;
      }
      CU_ASSERT_EQUAL(races, 1);
      if (races != 1 || out.n != 1) print_findings(name, &out);
    }
    simD_list_free(&out);
  }
  simI_free(p);
}

static void reserved_at(const char *opt) {
  simI_program *p = load(opt);
  CU_ASSERT_PTR_NOT_NULL_FATAL(p);
  unsigned oob_line = marker_line("// @past-end");
  CU_ASSERT_TRUE(oob_line > 0);
  uint32_t regs[8];
  int got[N];
  uint64_t past = 0;
  for (int pass = 0; pass < 2; pass++) {
    memset(regs, 0, sizeof regs);
    memset(got, 0x55, sizeof got);
    simI_buffer b[2] = {{regs, sizeof regs, SIMI_ELEM_U32, "out", 0},
                        {got, sizeof got, SIMI_ELEM_I32, "got", 0}};
    simD_list out;
    simD_list_init(&out);
    CU_ASSERT_EQUAL(run(p, "cg_reserved", b, 2, 1, past, 16, &out), SIMI_OK);
    unsigned begin = regs[0], end = regs[1], cap = regs[2], o0 = regs[3], o1 = regs[4];
    /* the region: [begin, end) of cap bytes; offset_0/_1 inside it, with the
       288 bytes cooperative groups keep at offset_1 */
    CU_ASSERT_EQUAL(end - begin, cap);
    CU_ASSERT_TRUE(cap >= 288);
    CU_ASSERT_TRUE(o0 >= begin && o0 < end);
    CU_ASSERT_TRUE(o1 >= begin && o1 + 288 <= end);
    CU_ASSERT_TRUE(o1 % 8 == 0);
    CU_ASSERT_EQUAL(regs[5], 16);                 /* the launch's dynamic shared */
    /* the kernel's own static shared (none: the file's other kernels keep
       theirs) + dynamic, then + reserved */
    CU_ASSERT_EQUAL(regs[6], 16);
    CU_ASSERT_EQUAL(regs[7] - regs[6], cap);
    unsigned bad = 0;
    for (int g = 0; g < N; g++) {
      int t = g % BLOCK, want = ((t + 1) % BLOCK) * 7 + g / BLOCK;
      if (got[g] != want && bad++ < 5)
        fprintf(stderr, "\ncg_real -%s got[%d] = %d, want %d", opt, g, got[g], want);
    }
    CU_ASSERT_EQUAL(bad, 0);
    if (!pass) {
      CU_ASSERT_EQUAL(out.n, 0);
      if (out.n) print_findings("cg_reserved", &out);
      past = (end - o1) / 4; /* the first word past the region */
    } else {
      CU_ASSERT_EQUAL(out.n, 1);
      if (out.n != 1) print_findings("cg_reserved (past the end)", &out);
      if (out.n) {
        CU_ASSERT_EQUAL(out.v[0].kind, SIMD_OUT_OF_BOUNDS);
        CU_ASSERT_EQUAL(out.v[0].space, SIMI_SPACE_SHARED);
        CU_ASSERT_EQUAL(site_line(p, out.v[0].site[0]), oob_line);
      }
    }
    simD_list_free(&out);
  }
  simI_free(p);
}

static void grid_at(const char *opt) {
  simI_program *p = load(opt);
  CU_ASSERT_PTR_NOT_NULL_FATAL(p);
  enum { NG = 300 };
  int o[NG];
  memset(o, 0x55, sizeof o);
  simI_buffer b[1] = {{o, sizeof o, SIMI_ELEM_I32, "o", 0}};
  simD_list out;
  simD_list_init(&out);
  CU_ASSERT_EQUAL(run(p, "cg_grid", b, 1, 1, NG, 0, &out), SIMI_OK);
  CU_ASSERT_EQUAL(out.n, 0);
  unsigned bad = 0;
  for (int i = 0; i < NG; i++)
    if (o[i] != 2 * i + GRID * 1000 + 100000 && bad++ < 5)
      fprintf(stderr, "\ncg_real -%s cg_grid o[%d] = %d, want %d", opt, i, o[i],
              2 * i + GRID * 1000 + 100000);
  CU_ASSERT_EQUAL(bad, 0);
  simD_list_free(&out);
  simI_free(p);
}

static void test_reduce_O0(void) { reduce_at("O0"); }
static void test_reduce_O2(void) { reduce_at("O2"); }
static void test_reserved_O0(void) { reserved_at("O0"); }
static void test_reserved_O2(void) { reserved_at("O2"); }
static void test_grid_O0(void) { grid_at("O0"); }
static void test_grid_O2(void) { grid_at("O2"); }
#endif

int test_cg_register(void) {
  CU_pSuite c = CU_add_suite("cg", NULL, NULL);
  if (!c || !CU_add_test(c, "reserved shared memory and lane mask asm of the headers", test_ll))
    return -1;
#ifdef SIMULEE_CG_BIN
  CU_pSuite s = CU_add_suite("cg_real", NULL, NULL);
  if (!s || !CU_add_test(s, "cooperative groups reduce, ranks, syncs at -O0", test_reduce_O0) ||
      !CU_add_test(s, "cooperative groups reduce, ranks, syncs at -O2", test_reduce_O2) ||
      !CU_add_test(s, "reserved shared memory registers and region at -O0", test_reserved_O0) ||
      !CU_add_test(s, "reserved shared memory registers and region at -O2", test_reserved_O2) ||
      !CU_add_test(s, "grid_group ranks in a grid-stride loop at -O0", test_grid_O0) ||
      !CU_add_test(s, "grid_group ranks in a grid-stride loop at -O2", test_grid_O2))
    return -1;
#endif
  return 0;
}
