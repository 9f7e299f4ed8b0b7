/* Suite warpmask: the interpreter's warp_mask event (simI_observer) for the
 * mask operands of warp-synchronous collectives, on LLVM IR written here
 * (llvm.nvvm.* intrinsics, so the lowering of each collective is what is
 * tested). One warp of 32 lanes runs collectives with valid and invalid
 * masks; the test asserts the exact events (collective, lane, mask, executing
 * lanes) and the valid collectives' results against a host computation.
 * Pattern: clang-19's __reduce_add_sync passes (mask, value) to
 * llvm.nvvm.redux.sync.add in swapped order, so each lane's "mask" is its
 * value: the event must name it. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "simulee/interp.h"

static const char IR[] =
    "target datalayout = \"e-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\n"
    "target triple = \"nvptx64-nvidia-cuda\"\n"
    "define ptx_kernel void @wm(ptr %out) {\n"
    "entry:\n"
    "  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
    "  %t64 = zext i32 %t to i64\n"
    "  %lo = icmp ult i32 %t, 16\n"
    "  %halves = select i1 %lo, i32 65535, i32 -65536\n"
    "  %over = select i1 %lo, i32 65535, i32 -1\n"
    "  %next = shl i32 2, %t\n"
    /* slot 0: redux with the operands swapped (value -1, mask = tid) */
    "  %r0 = call i32 @llvm.nvvm.redux.sync.add(i32 -1, i32 %t)\n"
    /* slot 1: redux done right: the sum of 0..31 */
    "  %r1 = call i32 @llvm.nvvm.redux.sync.add(i32 %t, i32 -1)\n"
    /* slot 2: ballot over the lower half, run by the whole warp */
    "  %r2 = call i32 @llvm.nvvm.vote.ballot.sync(i32 65535, i1 true)\n"
    /* slot 3: shfl in two half-warp tiles, each naming its half: valid */
    "  %r3 = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %halves, i32 %t, i32 0, i32 4127)\n"
    /* bar.warp.sync: lanes 16.. name lanes 0..15, which give another mask */
    "  call void @llvm.nvvm.bar.warp.sync(i32 %over)\n"
    /* match.any: each lane names only the lane above it */
    "  %r5 = call i32 @llvm.nvvm.match.any.sync.i32(i32 %next, i32 %t)\n"
    "  %b = mul i64 %t64, 6\n"
    "  %p0 = getelementptr i32, ptr %out, i64 %b\n"
    "  store i32 %r0, ptr %p0\n"
    "  %p1 = getelementptr i32, ptr %p0, i64 1\n"
    "  store i32 %r1, ptr %p1\n"
    "  %p2 = getelementptr i32, ptr %p0, i64 2\n"
    "  store i32 %r2, ptr %p2\n"
    "  %p3 = getelementptr i32, ptr %p0, i64 3\n"
    "  store i32 %r3, ptr %p3\n"
    "  %p5 = getelementptr i32, ptr %p0, i64 5\n"
    "  store i32 %r5, ptr %p5\n"
    "  ret void\n"
    "}\n"
    "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
    "declare i32 @llvm.nvvm.redux.sync.add(i32, i32)\n"
    "declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)\n"
    "declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)\n"
    "declare void @llvm.nvvm.bar.warp.sync(i32)\n"
    "declare i32 @llvm.nvvm.match.any.sync.i32(i32, i32)\n";

typedef struct ev {
  unsigned what, lane, warp;
  uint64_t executing, mask;
} ev;

static ev EV[16];
static unsigned NEV;

static void on_mask(void *ctx, unsigned block, unsigned warp, uint32_t site,
                    uint64_t executing, uint64_t mask, unsigned lane, unsigned what) {
  (void)ctx;
  (void)block;
  (void)site;
  if (NEV < 16) EV[NEV] = (ev){what, lane, warp, executing, mask};
  NEV++;
}

static void test_events(void) {
  char path[] = "/tmp/simulee_warpmask_XXXXXX.ll";
  int fd = mkstemps(path, 3);
  CU_ASSERT_FATAL(fd >= 0);
  CU_ASSERT_FATAL(write(fd, IR, sizeof IR - 1) == (ssize_t)(sizeof IR - 1));
  close(fd);
  simI_status st;
  char err[256];
  simI_program *p = simI_load(path, &st, err, sizeof err);
  unlink(path);
  if (!p) fprintf(stderr, "\nwarpmask: %s", err);
  CU_ASSERT_FATAL(p != NULL);
  int k = simI_find_kernel(p, "wm");
  CU_ASSERT_FATAL(k >= 0);

  int32_t out[32 * 6];
  memset(out, 0, sizeof out);
  simI_buffer buf = {out, sizeof out, SIMI_ELEM_I32, "out", 0};
  simI_arg arg = {1, 0, 0, 0, NULL, 0};
  simI_launch l;
  memset(&l, 0, sizeof l);
  l.grid = (simI_dim3){1, 1, 1};
  l.block = (simI_dim3){32, 1, 1};
  l.warp_size = 32;
  l.nargs = 1;
  l.args = &arg;
  l.nbuffers = 1;
  l.buffers = &buf;
  simI_observer ob;
  memset(&ob, 0, sizeof ob);
  ob.warp_mask = on_mask;
  simI_result res;
  memset(&res, 0, sizeof res);
  NEV = 0;
  /* the run goes on after an invalid mask */
  CU_ASSERT_EQUAL(simI_run(p, (unsigned)k, &l, &ob, 1, &res), SIMI_OK);

  /* redux swapped: lane 0's "mask" is 0; ballot: lane 16 is not in 0xffff;
   * the half-warp shfl is valid; bar.warp.sync: lane 16's full mask names
   * lane 0, whose mask is 0xffff; match: lane 0's mask is 0x2 */
  CU_ASSERT_EQUAL_FATAL(NEV, 4);
  CU_ASSERT_EQUAL(EV[0].what, SIMI_WARPOP_REDUX);
  CU_ASSERT_EQUAL(EV[0].lane, 0);
  CU_ASSERT_EQUAL(EV[0].mask, 0);
  CU_ASSERT_EQUAL(EV[0].executing, 0xffffffffull);
  CU_ASSERT_EQUAL(EV[1].what, SIMI_WARPOP_VOTE);
  CU_ASSERT_EQUAL(EV[1].lane, 16);
  CU_ASSERT_EQUAL(EV[1].mask, 0xffffull);
  CU_ASSERT_EQUAL(EV[2].what, SIMI_WARPOP_SYNCWARP);
  CU_ASSERT_EQUAL(EV[2].lane, 16);
  CU_ASSERT_EQUAL(EV[2].mask, 0xffffffffull);
  CU_ASSERT_EQUAL(EV[3].what, SIMI_WARPOP_MATCH);
  CU_ASSERT_EQUAL(EV[3].lane, 0);
  CU_ASSERT_EQUAL(EV[3].mask, 2);
  for (unsigned i = 0; i < NEV && i < 16; i++) CU_ASSERT_EQUAL(EV[i].warp, 0);

  /* the valid collectives computed their results */
  for (int t = 0; t < 32; t++) {
    CU_ASSERT_EQUAL(out[t * 6 + 1], 496);
    CU_ASSERT_EQUAL(out[t * 6 + 3], t < 16 ? 0 : 16);
  }
  simI_free(p);
}

int test_warpmask_register(void) {
  CU_pSuite s = CU_add_suite("warpmask", NULL, NULL);
  if (!s || !CU_add_test(s, "warp_mask events of warp collectives", test_events)) return -1;
  return 0;
}
