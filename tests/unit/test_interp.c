/* Unit tests of the interp module: loading, lowering facts, launches checked
 * against host references on small kernels compiled at build time. */
#define _GNU_SOURCE
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simulee/interp.h"
#include "interp/sreg.h"

static void test_elem_names(void) {
  CU_ASSERT_EQUAL(simI_elem_parse("f32", 3), SIMI_ELEM_F32);
  CU_ASSERT_EQUAL(simI_elem_parse("u8", 2), SIMI_ELEM_U8);
  CU_ASSERT_EQUAL(simI_elem_parse("x9", 2), SIMI_ELEM_UNKNOWN);
  CU_ASSERT_EQUAL(simI_elem_size(SIMI_ELEM_F64), 8);
  CU_ASSERT_STRING_EQUAL(simI_elem_name(SIMI_ELEM_I16), "i16");
}

static void test_demangle(void) {
  char *a = simI_demangle("_Z6reducePfS_i", 0), *b = simI_demangle("_Z6reducePfS_i", 1);
  CU_ASSERT_STRING_EQUAL(a, "reduce");
  CU_ASSERT_STRING_EQUAL(b, "reduce(float*, float*, int)");
  free(a);
  free(b);
  char *c = simI_demangle("plain_c_name", 0);
  CU_ASSERT_STRING_EQUAL(c, "plain_c_name");
  free(c);
}

static void test_load_missing(void) {
  simI_status st;
  char err[256];
  simI_program *p = simI_load("/nonexistent/k.bc", &st, err, sizeof err);
  CU_ASSERT_PTR_NULL(p);
  CU_ASSERT_EQUAL(st, SIMI_E_INPUT);
  CU_ASSERT_PTR_NOT_NULL(strstr(err, "cannot"));
}

/* ---- launches on the LLVM 14 fixtures, against host references ---- */

/* tests/fixtures/llvmV_kernels.OPT.bc: llvm14_kernels.cu compiled by clang-V
 * (V = 14, 15, 16: the older producers Debian bookworm packages). */
static simI_program *load_fixture(unsigned ver, const char *opt) {
  char path[1024], err[512];
  snprintf(path, sizeof path, "%s/tests/fixtures/llvm%u_kernels.%s.bc", SIMULEE_SRC_DIR, ver, opt);
  simI_status st;
  simI_program *p = simI_load(path, &st, err, sizeof err);
  if (!p) fprintf(stderr, "load failed: %s\n", err);
  return p;
}

static simI_status launch1(simI_program *p, const char *kernel, unsigned grid, unsigned block,
                           simI_buffer *bufs, unsigned nbuf, const simI_arg *args,
                           unsigned nargs, uint64_t max_steps, simI_result *r) {
  int k = simI_find_kernel(p, kernel);
  CU_ASSERT_TRUE_FATAL(k >= 0);
  simI_launch l;
  memset(&l, 0, sizeof l);
  l.grid = (simI_dim3){grid, 1, 1};
  l.block = (simI_dim3){block, 1, 1};
  l.nargs = nargs;
  l.args = args;
  l.nbuffers = nbuf;
  l.buffers = bufs;
  l.max_steps = max_steps;
  return simI_run(p, (unsigned)k, &l, NULL, 0, r);
}

static int host_fib(int n) { return n < 2 ? n : host_fib(n - 1) + host_fib(n - 2); }

static void check_fixture(unsigned ver, const char *opt) {
  simI_program *p = load_fixture(ver, opt);
  CU_ASSERT_PTR_NOT_NULL_FATAL(p);
  CU_ASSERT_EQUAL(simI_kernel_count(p), 3);
  simI_result r;
  /* fibs: recursion; 70 threads in 3 blocks of 32, n = 70 */
  int out[96];
  memset(out, 0xff, sizeof out);
  simI_buffer b = {out, sizeof out, SIMI_ELEM_I32, "out", 0};
  simI_arg a[2];
  memset(a, 0, sizeof a);
  a[0].is_buffer = 1;
  a[1].bits = 70;
  CU_ASSERT_EQUAL(launch1(p, "fibs", 3, 32, &b, 1, a, 2, 0, &r), SIMI_OK);
  for (int t = 0; t < 96; t++) CU_ASSERT_EQUAL(out[t], t < 70 ? host_fib(t % 15) : -1);
  /* blocksum: barriers and shared memory */
  int in[4 * 256], sums[4] = {0};
  for (int i = 0; i < 4 * 256; i++) in[i] = (i * 7919) % 1000 - 500;
  simI_buffer bb[2] = {{in, sizeof in, SIMI_ELEM_I32, "in", 0}, {sums, sizeof sums, SIMI_ELEM_I32, "out", 0}};
  simI_arg a2[2];
  memset(a2, 0, sizeof a2);
  a2[0].is_buffer = 1;
  a2[1].is_buffer = 1;
  a2[1].buffer = 1;
  CU_ASSERT_EQUAL(launch1(p, "blocksum", 4, 256, bb, 2, a2, 2, 0, &r), SIMI_OK);
  for (int blk = 0; blk < 4; blk++) {
    int ref = 0;
    for (int i = 0; i < 256; i++) ref += in[blk * 256 + i];
    CU_ASSERT_EQUAL(sums[blk], ref);
  }
  CU_ASSERT_EQUAL(r.threads, 1024);
  CU_ASSERT_TRUE(r.insns > 1024);
  /* warpsum: shuffles and ballot over 3 warps */
  int ws[3] = {0};
  simI_buffer wb = {ws, sizeof ws, SIMI_ELEM_I32, "out", 0};
  simI_arg a3;
  memset(&a3, 0, sizeof a3);
  a3.is_buffer = 1;
  CU_ASSERT_EQUAL(launch1(p, "warpsum", 1, 96, &wb, 1, &a3, 1, 0, &r), SIMI_OK);
  for (int w = 0; w < 3; w++) {
    int sum = 0, bal = 0;
    for (int l = 0; l < 32; l++) { sum += w * 32 + l; bal += ((w * 32 + l) % 3) == 0; }
    CU_ASSERT_EQUAL(ws[w], sum * 100 + bal);
  }
  /* an out-of-bounds launch: the buffer is too small; faults, no crash */
  int small[8];
  simI_buffer sb = {small, sizeof small, SIMI_ELEM_I32, "out", 0};
  CU_ASSERT_EQUAL(launch1(p, "fibs", 1, 32, &sb, 1, a, 2, 0, &r), SIMI_OK);
  CU_ASSERT_EQUAL(r.faults, 24);
  /* absurd launch sizes are refused */
  CU_ASSERT_EQUAL(launch1(p, "fibs", 1, 2048, &b, 1, a, 2, 0, &r), SIMI_E_USAGE);
  CU_ASSERT_EQUAL(launch1(p, "fibs", 1, 32, &b, 1, a, 1, 0, &r), SIMI_E_USAGE);
  /* the step budget ends a launch that runs too long */
  CU_ASSERT_EQUAL(launch1(p, "fibs", 3, 32, &b, 1, a, 2, 100, &r), SIMI_E_TIMEOUT);
  CU_ASSERT_PTR_NOT_NULL(strstr(r.message, "step budget"));
  simI_free(p);
}

static void test_llvm14_O0(void) { check_fixture(14, "O0"); }
static void test_llvm14_O2(void) { check_fixture(14, "O2"); }
static void test_llvm15_O0(void) { check_fixture(15, "O0"); }
static void test_llvm15_O2(void) { check_fixture(15, "O2"); }
static void test_llvm16_O0(void) { check_fixture(16, "O0"); }
static void test_llvm16_O2(void) { check_fixture(16, "O2"); }

static void test_truncated(void) {
  char src[1024], dst[] = "/tmp/simulee_trunc_XXXXXX.bc";
  snprintf(src, sizeof src, "%s/tests/fixtures/llvm14_kernels.O2.bc", SIMULEE_SRC_DIR);
  FILE *f = fopen(src, "rb");
  CU_ASSERT_PTR_NOT_NULL_FATAL(f);
  char buf[4096];
  size_t n = fread(buf, 1, sizeof buf, f);
  fclose(f);
  int fd = mkstemps(dst, 3);
  CU_ASSERT_TRUE_FATAL(fd >= 0);
  FILE *o = fdopen(fd, "wb");
  fwrite(buf, 1, n / 3, o);
  fclose(o);
  simI_status st;
  char err[512];
  simI_program *p = simI_load(dst, &st, err, sizeof err);
  CU_ASSERT_PTR_NULL(p);
  CU_ASSERT_EQUAL(st, SIMI_E_INPUT);
  CU_ASSERT_PTR_NOT_NULL(strstr(err, "corrupt"));
  remove(dst);
}

/* 32-bit shared-window addresses (interp/sreg.h): a shared pointer's window
 * names its variable, offset and cluster tag, and turns back into it */
static void test_shared_window(void) {
  uint64_t p = SIMI_PTR_MAKE(SIMI_SPACE_SHARED, 3, 0x1234);
  uint64_t w = simI_swin_of(p);
  CU_ASSERT_EQUAL(w, (4u << SIMI_SWIN_OFF_BITS) | 0x1234u);
  CU_ASSERT_EQUAL(simI_swin_ptr(w), p);
  CU_ASSERT_EQUAL(simI_swin_ptr(w + 16), p + 16);
  /* a mapa'd address: rank 2 is tag 3, kept in bits 31:27 */
  uint64_t q = p | (3ull << SIMI_CLUSTER_SHIFT);
  CU_ASSERT_EQUAL(simI_swin_of(q) >> 27, 3u);
  CU_ASSERT_EQUAL(simI_swin_ptr(simI_swin_of(q)), q);
  /* a rank outside the cluster (tag 0xFF) stays invalid */
  uint64_t r = p | (0xFFull << SIMI_CLUSTER_SHIFT);
  CU_ASSERT_EQUAL(SIMI_CLUSTER_TAG(simI_swin_ptr(simI_swin_of(r))), 0xFFu);
  /* a pointer passed as an integer is itself; window 0 names no variable */
  CU_ASSERT_EQUAL(simI_swin_ptr(p), p);
  CU_ASSERT_EQUAL(SIMI_PTR_ALLOC(simI_swin_ptr(0)), 0xFFFFFu);
  CU_ASSERT_EQUAL(SIMI_PTR_SPACE(simI_swin_ptr(0)), SIMI_SPACE_SHARED);
  /* offsets past 256 KiB and variables past 510 are not representable */
  CU_ASSERT_EQUAL(SIMI_PTR_ALLOC(simI_swin_ptr(simI_swin_of(p + (1u << 18)))), 0xFFFFFu);
  CU_ASSERT_EQUAL(SIMI_PTR_ALLOC(simI_swin_ptr(simI_swin_of(SIMI_PTR_MAKE(SIMI_SPACE_SHARED, 600, 0)))),
                  0xFFFFFu);
  /* a global pointer keeps its low 32 bits */
  CU_ASSERT_EQUAL(simI_swin_of(SIMI_PTR_MAKE(SIMI_SPACE_GLOBAL, 1, 40)), 40u);
}

int test_interp_register(void) {
  CU_pSuite s = CU_add_suite("interp", NULL, NULL);
  if (!s) return -1;
  if (!CU_add_test(s, "element type names", test_elem_names) ||
      !CU_add_test(s, "shared window addresses", test_shared_window) ||
      !CU_add_test(s, "demangling", test_demangle) ||
      !CU_add_test(s, "missing file", test_load_missing) ||
      !CU_add_test(s, "LLVM 14 bitcode at -O0", test_llvm14_O0) ||
      !CU_add_test(s, "LLVM 14 bitcode at -O2", test_llvm14_O2) ||
      !CU_add_test(s, "LLVM 15 bitcode at -O0", test_llvm15_O0) ||
      !CU_add_test(s, "LLVM 15 bitcode at -O2", test_llvm15_O2) ||
      !CU_add_test(s, "LLVM 16 bitcode at -O0", test_llvm16_O0) ||
      !CU_add_test(s, "LLVM 16 bitcode at -O2", test_llvm16_O2) ||
      !CU_add_test(s, "truncated bitcode", test_truncated))
    return -1;
  return 0;
}
