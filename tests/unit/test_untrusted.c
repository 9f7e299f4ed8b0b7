/* Unit tests of the interpreter on untrusted input: files that are not
 * regular files, modules that crash or abort LLVM's reader (isolated in a
 * child process), calls with the wrong signature, kernel printf formats and
 * resource bounds. Inputs: tests/untrusted/ (sources and fixtures). */
#define _GNU_SOURCE
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "simulee/interp.h"

#define UNTRUSTED_DIR SIMULEE_SRC_DIR "/tests/untrusted"

/* simI_load of path must fail with status want and a message containing
 * `has`. */
static void load_fails(const char *path, simI_status want, const char *has) {
  simI_status st = SIMI_OK;
  char err[512] = "";
  simI_program *p = simI_load(path, &st, err, sizeof err);
  CU_ASSERT_PTR_NULL(p);
  simI_free(p);
  CU_ASSERT_EQUAL(st, want);
  if (!strstr(err, has)) fprintf(stderr, "\nload of %s: '%s', expected '%s'\n", path, err, has);
  CU_ASSERT_PTR_NOT_NULL(strstr(err, has));
  CU_ASSERT_PTR_NULL(strchr(err, '\n'));
}

static void test_not_regular(void) {
  load_fails("/dev/zero", SIMI_E_INPUT, "/dev/zero: not a regular file (a device)");
  load_fails(UNTRUSTED_DIR, SIMI_E_INPUT, "not a regular file (a directory)");
  char fifo[] = "/tmp/simulee_fifo_XXXXXX";
  int fd = mkstemp(fifo);
  CU_ASSERT_TRUE_FATAL(fd >= 0);
  close(fd);
  unlink(fifo);
  CU_ASSERT_EQUAL_FATAL(mkfifo(fifo, 0600), 0);
  /* without a writer: an open() that waited would hang the test */
  load_fails(fifo, SIMI_E_INPUT, "not a regular file (a FIFO)");
  unlink(fifo);
}

static void test_reader_crash(void) {
  CU_ASSERT_EQUAL(simI_parse_isolation(), 1);
  load_fails(UNTRUSTED_DIR "/saxpy_sigsegv.bc", SIMI_E_INPUT,
             "saxpy_sigsegv.bc: corrupt LLVM bitcode (the LLVM reader crashed: SIGSEGV)");
  load_fails(UNTRUSTED_DIR "/saxpy_sigabrt.bc", SIMI_E_INPUT,
             "saxpy_sigabrt.bc: corrupt LLVM bitcode (the LLVM reader crashed: SIGABRT)");
  load_fails(UNTRUSTED_DIR "/verify_debuginfo.ll", SIMI_E_INPUT,
             "verify_debuginfo.ll: invalid LLVM IR (the LLVM reader crashed: SIGABRT)");
  /* an ordinary reader error is passed on from the child as it is */
  load_fails(UNTRUSTED_DIR "/saxpy.cu", SIMI_E_INPUT, "saxpy.cu: not LLVM bitcode or IR: ");
}

static void test_isolation_switch(void) {
  simI_set_parse_isolation(0);
  CU_ASSERT_EQUAL(simI_parse_isolation(), 0);
  /* in-process: a reader error (not a crash) still comes back as an error */
  load_fails(UNTRUSTED_DIR "/saxpy.cu", SIMI_E_INPUT, "saxpy.cu: not LLVM bitcode or IR: ");
  simI_set_parse_isolation(1);
  CU_ASSERT_EQUAL(simI_parse_isolation(), 1);
}

/* Each kernel of bad_calls.ll loads, and its one bad call is unsupported by
 * name (the heap was corrupted when it was lowered by position). */
static void test_bad_calls(void) {
  static const struct { const char *kernel, *msg; } cases[] = {
    {"bitcast_void", "unsupported intrinsic 'llvm.nvvm.bitcast.x' (not an LLVM intrinsic) in bitcast_void"},
    {"shfl_no_operands",
     "unsupported intrinsic 'llvm.nvvm.shfl.sync.idx.x' (not an LLVM intrinsic) in shfl_no_operands"},
    {"sinf_no_operand",
     "unsupported call to '__nv_sinf': its signature is not the one simulee implements in sinf_no_operand"},
    {"cosf_double_result",
     "unsupported call to '__nv_cosf': its signature is not the one simulee implements in cosf_double_result"},
    {"vprintf_one_operand",
     "unsupported call to 'vprintf': its signature is not the one simulee implements in vprintf_one_operand"},
    {"helper_short_call",
     "unsupported call to 'twice' with a signature other than its declaration's in helper_short_call"},
    {"sinf_call_type",
     "unsupported call to '__nv_sinf' with a signature other than its declaration's in sinf_call_type"},
  };
  simI_status st;
  char err[512];
  simI_program *p = simI_load(UNTRUSTED_DIR "/bad_calls.ll", &st, err, sizeof err);
  if (!p) fprintf(stderr, "\n%s\n", err);
  CU_ASSERT_PTR_NOT_NULL_FATAL(p);
  CU_ASSERT_EQUAL(simI_kernel_count(p), sizeof cases / sizeof cases[0]);
  for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    int k = simI_find_kernel(p, cases[i].kernel);
    CU_ASSERT_TRUE_FATAL(k >= 0);
    const char *u = simI_kernel_unsupported(p, (unsigned)k);
    CU_ASSERT_PTR_NOT_NULL_FATAL(u);
    if (strcmp(u, cases[i].msg)) fprintf(stderr, "\n%s: '%s'\n", cases[i].kernel, u);
    CU_ASSERT_STRING_EQUAL(u, cases[i].msg);
    /* and running it ends the launch as unsupported, nothing else */
    uint32_t word = 0;
    simI_buffer b = {&word, sizeof word, SIMI_ELEM_I32, "out", 0};
    simI_arg a = {1, 0, 0, 0, NULL, 0};
    simI_launch l;
    memset(&l, 0, sizeof l);
    l.grid = (simI_dim3){1, 1, 1};
    l.block = (simI_dim3){32, 1, 1};
    l.nargs = 1;
    l.args = &a;
    l.nbuffers = 1;
    l.buffers = &b;
    simI_result r;
    CU_ASSERT_EQUAL(simI_run(p, (unsigned)k, &l, NULL, 0, &r), SIMI_E_UNSUPPORTED);
  }
  simI_free(p);
}

int test_untrusted_register(void) {
  CU_pSuite s = CU_add_suite("untrusted", NULL, NULL);
  if (!s) return 1;
  if (!CU_add_test(s, "inputs that are not regular files", test_not_regular) ||
      !CU_add_test(s, "LLVM reader crash isolated", test_reader_crash) ||
      !CU_add_test(s, "isolation switch", test_isolation_switch) ||
      !CU_add_test(s, "calls with the wrong signature", test_bad_calls))
    return 1;
  return 0;
}
