/* Suite lanes: the interpreter's full-warp arithmetic against the host. One
 * warp of 32 lanes (every lane active, so the full-warp loops run: icmp as
 * branch-free arithmetic, shifts by a constant, the branch mask taken two
 * lanes at a time, loads and stores inside the cached region, GEPs by a
 * power-of-two element size) computes every integer compare predicate on i32
 * and on i8 operands, compares against constants, shifts by constants, a
 * divergent branch and GEPs by negative and positive indices; each lane's results
 * are checked against the same operations in C. The operands cover the
 * boundaries where an unsigned and a signed order disagree (0, -1, INT_MIN,
 * INT_MAX, values whose low byte is negative) and equal pairs.
 * Pattern: a compare lowered for speed that gets the sign or the operand
 * order of one predicate wrong is exact for most lanes and wrong only where
 * the operands straddle a sign boundary. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "simulee/interp.h"

#define NL 32
#define SLOTS 32 /* results per lane */

static const char *const PRED[10] = {"eq", "ne", "ugt", "uge", "ult", "ule", "sgt", "sge", "slt", "sle"};

/* pred(i, x, y): predicate PRED[i] on w-bit operands (w = 32 or 8) */
static int host_pred(int i, uint32_t x, uint32_t y, int w) {
  uint32_t ux = w == 8 ? (x & 0xFFu) : x, uy = w == 8 ? (y & 0xFFu) : y;
  int32_t sx = w == 8 ? (int32_t)(int8_t)(uint8_t)x : (int32_t)x;
  int32_t sy = w == 8 ? (int32_t)(int8_t)(uint8_t)y : (int32_t)y;
  switch (i) {
  case 0: return ux == uy;
  case 1: return ux != uy;
  case 2: return ux > uy;
  case 3: return ux >= uy;
  case 4: return ux < uy;
  case 5: return ux <= uy;
  case 6: return sx > sy;
  case 7: return sx >= sy;
  case 8: return sx < sy;
  default: return sx <= sy;
  }
}

/* The kernel: out[t * SLOTS + j], j 0..9 the i32 predicates of (a[t], b[t]),
 * 10..19 the i8 predicates of their low bytes, 20 slt a 7, 21 ugt a 100,
 * 22 shl a 5, 23 lshr a 7, 24 lshr a 0, 25 shl (i8 a) 3 zero-extended,
 * 26 the branch on ult a b (1 taken, 2 not), 28..31 two GEP distances. */
static char *kernel_ir(void) {
  size_t cap = 16384, n = 0;
  char *s = malloc(cap);
  if (!s) return NULL;
#define OUT(...) n += (size_t)snprintf(s + n, cap - n, __VA_ARGS__)
  OUT("target datalayout = \"e-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\n"
      "target triple = \"nvptx64-nvidia-cuda\"\n"
      "define ptx_kernel void @lanes(ptr %%a, ptr %%b, ptr %%out) {\n"
      "entry:\n"
      "  %%t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
      "  %%t64 = zext i32 %%t to i64\n"
      "  %%pa = getelementptr i32, ptr %%a, i64 %%t64\n"
      "  %%pb = getelementptr i32, ptr %%b, i64 %%t64\n"
      "  %%x = load i32, ptr %%pa\n"
      "  %%y = load i32, ptr %%pb\n"
      "  %%x8 = trunc i32 %%x to i8\n"
      "  %%y8 = trunc i32 %%y to i8\n"
      "  %%o = mul i64 %%t64, %d\n"
      "  %%po = getelementptr i32, ptr %%out, i64 %%o\n", SLOTS);
  for (int i = 0; i < 20; i++) {
    OUT("  %%c%d = icmp %s %s, %s\n", i, PRED[i % 10], i < 10 ? "i32 %x" : "i8 %x8",
        i < 10 ? "%y" : "%y8");
    OUT("  %%z%d = zext i1 %%c%d to i32\n", i, i);
  }
  OUT("  %%c20 = icmp slt i32 %%x, 7\n  %%z20 = zext i1 %%c20 to i32\n"
      "  %%c21 = icmp ugt i32 %%x, 100\n  %%z21 = zext i1 %%c21 to i32\n"
      "  %%z22 = shl i32 %%x, 5\n"
      "  %%z23 = lshr i32 %%x, 7\n"
      "  %%z24 = lshr i32 %%x, 0\n"
      "  %%s8 = shl i8 %%x8, 3\n  %%z25 = zext i8 %%s8 to i32\n");
  for (int j = 0; j < 26; j++) {
    OUT("  %%q%d = getelementptr i32, ptr %%po, i64 %d\n", j, j);
    OUT("  store i32 %%z%d, ptr %%q%d\n", j, j);
  }
  /* 28/29: the byte distance of a GEP of i32 elements by the i32 index x (low,
   * high word: the index sign-extended); 30/31: of i64 elements by i16 x */
  OUT("  %%g32 = getelementptr i32, ptr %%po, i32 %%x\n"
      "  %%x16 = trunc i32 %%x to i16\n"
      "  %%g16 = getelementptr i64, ptr %%po, i16 %%x16\n"
      "  %%pi0 = ptrtoint ptr %%po to i64\n"
      "  %%pi1 = ptrtoint ptr %%g32 to i64\n"
      "  %%pi2 = ptrtoint ptr %%g16 to i64\n"
      "  %%d32 = sub i64 %%pi1, %%pi0\n"
      "  %%d16 = sub i64 %%pi2, %%pi0\n"
      "  %%q28 = getelementptr i64, ptr %%po, i64 14\n"
      "  store i64 %%d32, ptr %%q28\n"
      "  %%q30 = getelementptr i64, ptr %%po, i64 15\n"
      "  store i64 %%d16, ptr %%q30\n");
  OUT("  %%q26 = getelementptr i32, ptr %%po, i64 26\n"
      "  %%br = icmp ult i32 %%x, %%y\n"
      "  br i1 %%br, label %%yes, label %%no\n"
      "yes:\n  store i32 1, ptr %%q26\n  br label %%done\n"
      "no:\n  store i32 2, ptr %%q26\n  br label %%done\n"
      "done:\n  ret void\n}\n"
      "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n");
#undef OUT
  if (n >= cap) { free(s); return NULL; }
  return s;
}

static void test_full_warp(void) {
  char *ir = kernel_ir();
  CU_ASSERT_FATAL(ir != NULL);
  char path[] = "/tmp/simulee_lanes_XXXXXX.ll";
  int fd = mkstemps(path, 3);
  CU_ASSERT_FATAL(fd >= 0);
  size_t len = strlen(ir);
  CU_ASSERT_FATAL(write(fd, ir, len) == (ssize_t)len);
  close(fd);
  free(ir);
  simI_status st;
  char err[256];
  simI_program *p = simI_load(path, &st, err, sizeof err);
  unlink(path);
  if (!p) fprintf(stderr, "\nlanes: %s", err);
  CU_ASSERT_FATAL(p != NULL);
  int k = simI_find_kernel(p, "lanes");
  CU_ASSERT_FATAL(k >= 0);

  /* operands: sign boundaries, equal pairs, low bytes of either sign */
  static const uint32_t fixed[][2] = {
      {0, 0},          {0, 1},          {1, 0},           {0xFFFFFFFFu, 0},
      {0, 0xFFFFFFFFu}, {0x80000000u, 0x7FFFFFFFu}, {0x7FFFFFFFu, 0x80000000u},
      {0x80000000u, 0x80000000u}, {0xFFFFFFFFu, 0xFFFFFFFFu}, {7, 7}, {6, 7},
      {0x0000007Fu, 0x00000080u}, {0x00000080u, 0x0000007Fu}, {0x000000FFu, 0x00000001u},
      {0x12345680u, 0x00000080u}, {101, 100}, {100, 101}, {0xFFFFFFF9u, 7}};
  uint32_t a[NL], b[NL];
  uint32_t r = 12345u;
  for (unsigned t = 0; t < NL; t++) {
    if (t < sizeof fixed / sizeof fixed[0]) {
      a[t] = fixed[t][0];
      b[t] = fixed[t][1];
    } else {
      r = r * 1103515245u + 12345u;
      a[t] = r;
      r = r * 1103515245u + 12345u;
      b[t] = (t & 1) ? r : a[t] ^ 0x80u; /* same high bytes, low byte's sign flipped */
    }
  }
  int32_t out[NL * SLOTS];
  memset(out, 0, sizeof out);
  simI_buffer bufs[3] = {{a, sizeof a, SIMI_ELEM_I32, "a", 0},
                         {b, sizeof b, SIMI_ELEM_I32, "b", 0},
                         {out, sizeof out, SIMI_ELEM_I32, "out", 0}};
  simI_arg args[3] = {{1, 0, 0, 0, NULL, 0}, {1, 1, 0, 0, NULL, 0}, {1, 2, 0, 0, NULL, 0}};
  simI_launch l;
  memset(&l, 0, sizeof l);
  l.grid = (simI_dim3){1, 1, 1};
  l.block = (simI_dim3){NL, 1, 1};
  l.warp_size = 32;
  l.nargs = 3;
  l.args = args;
  l.nbuffers = 3;
  l.buffers = bufs;
  simI_result res;
  memset(&res, 0, sizeof res);
  CU_ASSERT_EQUAL_FATAL(simI_run(p, (unsigned)k, &l, NULL, 0, &res), SIMI_OK);

  unsigned bad = 0;
  for (unsigned t = 0; t < NL; t++) {
    const int32_t *o = &out[t * SLOTS];
    int32_t want[32];
    for (int i = 0; i < 20; i++) want[i] = host_pred(i % 10, a[t], b[t], i < 10 ? 32 : 8);
    want[20] = (int32_t)a[t] < 7;
    want[21] = a[t] > 100u;
    want[22] = (int32_t)(a[t] << 5);
    want[23] = (int32_t)(a[t] >> 7);
    want[24] = (int32_t)a[t];
    want[25] = (int32_t)(uint8_t)(a[t] << 3);
    want[26] = a[t] < b[t] ? 1 : 2;
    want[27] = 0; /* not written */
    const uint64_t d32 = (uint64_t)((int64_t)(int32_t)a[t] * 4);
    const uint64_t d16 = (uint64_t)((int64_t)(int16_t)(uint16_t)a[t] * 8);
    want[28] = (int32_t)(uint32_t)d32;
    want[29] = (int32_t)(uint32_t)(d32 >> 32);
    want[30] = (int32_t)(uint32_t)d16;
    want[31] = (int32_t)(uint32_t)(d16 >> 32);
    for (int j = 0; j < 32; j++)
      if (o[j] != want[j]) {
        if (bad++ < 8)
          fprintf(stderr, "\nlanes: lane %u slot %d (a 0x%08x, b 0x%08x): got %d, want %d", t, j,
                  a[t], b[t], o[j], want[j]);
      }
  }
  CU_ASSERT_EQUAL(bad, 0);
  simI_free(p);
}

int test_lanes_register(void) {
  CU_pSuite s = CU_add_suite("lanes", NULL, NULL);
  if (!s || !CU_add_test(s, "full-warp compares, shifts and branch against the host",
                         test_full_warp))
    return -1;
  return 0;
}
