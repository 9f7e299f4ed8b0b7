/* Unit tests of the interpreter on untrusted input: files that are not
 * regular files, modules that crash or abort LLVM's reader (isolated in a
 * child process), calls with the wrong signature, kernel printf formats and
 * resource bounds. Inputs: tests/untrusted/ (sources and fixtures). */
#define _GNU_SOURCE
#include <CUnit/CUnit.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "simulee/interp.h"
#include "interp/format.h"
#include "simulee/evolve.h"

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
             "saxpy_sigabrt.bc: corrupt LLVM bitcode (the LLVM reader crashed: SIGABRT): invalid "
             "behavior operand in module flag (unexpected constant)");
  load_fails(UNTRUSTED_DIR "/verify_debuginfo.ll", SIMI_E_INPUT,
             "verify_debuginfo.ll: invalid LLVM IR (the LLVM reader crashed: SIGABRT): Instruction "
             "does not dominate all uses!");
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

/* ---- kernel printf formatting over a vprintf-style argument buffer ---- */

typedef struct fake_args {
  uint8_t buf[256];
  size_t n;
  const char *strs[4]; /* "simulated" string i lives at address 0x1000 * (i + 1) */
} fake_args;

static void put_arg(fake_args *a, const void *v, unsigned size) {
  a->n = (a->n + size - 1) & ~(size_t)(size - 1);
  memcpy(a->buf + a->n, v, size);
  a->n += size;
}
static void put_i32(fake_args *a, int32_t v) { put_arg(a, &v, 4); }
static void put_i64(fake_args *a, int64_t v) { put_arg(a, &v, 8); }
static void put_f64(fake_args *a, double v) { put_arg(a, &v, 8); }

static int fake_arg(void *ctx, uint64_t off, unsigned size, uint64_t *v) {
  fake_args *a = ctx;
  if (off + size > a->n) return -1;
  *v = 0;
  memcpy(v, a->buf + off, size);
  return 0;
}

static long fake_str(void *ctx, uint64_t ptr, char *out, size_t len) {
  fake_args *a = ctx;
  if (ptr % 0x1000 || ptr / 0x1000 > 4 || !a->strs[ptr / 0x1000 - 1]) return -1;
  snprintf(out, len, "%s", a->strs[ptr / 0x1000 - 1]);
  return (long)strlen(out);
}

static void expect_format(const char *fmt, fake_args *a, const char *want) {
  simI_fmt_src src = {a, fake_arg, fake_str};
  char out[1024];
  size_t n = simI_format(fmt, strlen(fmt), &src, out, sizeof out);
  CU_ASSERT_EQUAL(n, strlen(out));
  if (strcmp(out, want)) fprintf(stderr, "\nformat '%s': got '%s', want '%s'\n", fmt, out, want);
  CU_ASSERT_STRING_EQUAL(out, want);
}

static void test_format_ints(void) {
  fake_args a = {0};
  put_i32(&a, -42); put_i32(&a, 42); put_i32(&a, 255); put_i32(&a, 255); put_i32(&a, 8);
  put_i32(&a, 'z');
  expect_format("%d|%+5i|%x|%#X|%#o|%c", &a, "-42|  +42|ff|0XFF|010|z");
  fake_args b = {0};
  put_i32(&b, 7); put_i32(&b, 7); put_i32(&b, -7); put_i32(&b, 0); put_i32(&b, 0);
  expect_format("[%-4d][%04d][% d][%.0d][%#x]", &b, "[7   ][0007][-7][][0]");
  fake_args c = {0};
  put_i32(&c, 300); put_i32(&c, 70000); put_i32(&c, -1);
  put_i64(&c, -5000000000ll); put_i64(&c, (int64_t)0xFFFFFFFFFFFFFFFFull);
  put_i64(&c, 123); put_i64(&c, 9);
  expect_format("%hhd %hu %u %lld %llx %zu %jd", &c,
                "44 4464 4294967295 -5000000000 ffffffffffffffff 123 9");
  fake_args d = {0};
  put_i32(&d, 6); put_i32(&d, 3); put_i32(&d, 5); put_i32(&d, -4); put_i32(&d, 1);
  expect_format("<%*.*d><%*d>", &d, "<   005><1   >");
  fake_args e = {0};
  put_i64(&e, 0x1234abcd); put_i64(&e, 42);
  expect_format("%p %tx", &e, "0x1234abcd 2a");
}

static void test_format_floats(void) {
  fake_args a = {0};
  put_f64(&a, 3.14159); put_f64(&a, -2.5); put_f64(&a, 1e-5); put_f64(&a, 1234567.0);
  put_f64(&a, 0.5); put_f64(&a, 1.0); put_f64(&a, 10.0);
  expect_format("%.2f|%8.3F|%e|%G|%a|%+.1E|%Lg", &a,
                "3.14|  -2.500|1.000000e-05|1.23457E+06|0x1p-1|+1.0E+00|10");
  fake_args b = {0};
  put_i32(&b, 10); put_f64(&b, 1.5);
  expect_format("[%-*f]", &b, "[1.500000  ]");
}

static void test_format_strings(void) {
  fake_args a = {0};
  a.strs[0] = "tile";
  put_i64(&a, 0x1000); put_i64(&a, 0); put_i64(&a, 0x1000); put_i64(&a, 0x1000);
  put_i64(&a, 0x7777);
  expect_format("%s %s [%6s] [%-.2s] %s", &a, "tile (null) [  tile] [ti] (bad pointer)");
}

static void test_format_hostile(void) {
  /* %n, unknown conversions and a dangling % are text; no argument is taken */
  fake_args a = {0};
  put_i32(&a, 7);
  expect_format("%n %d %y %5n %", &a, "%n 7 %y %5n %");
  /* more conversions than arguments: the missing ones print as zero */
  fake_args b = {0};
  expect_format("%d %s %f %x", &b, "0 (null) 0.000000 0");
  /* %% and huge widths and precisions (clamped to SIMI_FMT_MAX_FIELD) */
  fake_args c = {0};
  put_i32(&c, 1); put_i32(&c, 2147483647); put_i32(&c, 2);
  simI_fmt_src src = {&c, fake_arg, fake_str};
  char out[2048];
  const char *huge = "100%% %99999999999999999999d%*d";
  size_t n = simI_format(huge, strlen(huge), &src, out, sizeof out);
  CU_ASSERT_EQUAL(n, 5 + SIMI_FMT_MAX_FIELD + SIMI_FMT_MAX_FIELD);
  CU_ASSERT_EQUAL(memcmp(out, "100% ", 5), 0);
  CU_ASSERT_EQUAL(out[n - 1], '2');
  /* the output is cut at the buffer, NUL-terminated */
  char small[8];
  fake_args d = {0};
  src.ctx = &d;
  n = simI_format("abcdefghijkl", 12, &src, small, sizeof small);
  CU_ASSERT_EQUAL(n, 7);
  CU_ASSERT_STRING_EQUAL(small, "abcdefg");
}

/* ---- printf through a launch: text, (null), the per-thread cap ---- */

typedef struct print_log {
  char first[256];
  char last[4200];
  uint64_t bytes[2]; /* per thread */
  unsigned calls;
} print_log;

static void on_print(void *ctx, unsigned block, unsigned thread, const char *text) {
  print_log *pl = ctx;
  (void)block;
  if (!pl->calls++) snprintf(pl->first, sizeof pl->first, "%s", text);
  snprintf(pl->last, sizeof pl->last, "%s", text);
  if (thread < 2) pl->bytes[thread] += strlen(text);
}

static simI_status run_printf_kernel(const char *kernel, unsigned threads, const simI_arg *args,
                                     print_log *pl) {
  simI_status st;
  char err[512];
  simI_program *p = simI_load(SIMULEE_BUILD_DIR "/tests/untrusted_kernels/printf_data.O2.bc", &st, err,
                              sizeof err);
  if (!p) fprintf(stderr, "\n%s\n", err);
  CU_ASSERT_PTR_NOT_NULL_FATAL(p);
  int k = simI_find_kernel(p, kernel);
  CU_ASSERT_TRUE_FATAL(k >= 0);
  int32_t out[2] = {0, 0};
  simI_buffer b = {out, sizeof out, SIMI_ELEM_I32, "out", 0};
  simI_launch l;
  memset(&l, 0, sizeof l);
  l.grid = (simI_dim3){1, 1, 1};
  l.block = (simI_dim3){threads, 1, 1};
  l.nargs = 2;
  l.args = args;
  l.nbuffers = 1;
  l.buffers = &b;
  simI_observer o;
  memset(&o, 0, sizeof o);
  o.ctx = pl;
  o.print = on_print;
  simI_result r;
  st = simI_run(p, (unsigned)k, &l, &o, 1, &r);
  if (st != SIMI_OK) fprintf(stderr, "\n%s\n", r.message);
  CU_ASSERT_EQUAL(r.faults, 0);
  simI_free(p);
  return st;
}

static void test_printf_launch(void) {
  print_log pl;
  memset(&pl, 0, sizeof pl);
  simI_arg args[2] = {{1, 0, 0, 0, NULL, 0}, {0, 0, 0, 0, NULL, 0}};
  CU_ASSERT_EQUAL(run_printf_kernel("log_status", 2, args, &pl), SIMI_OK);
  CU_ASSERT_EQUAL(pl.calls, 2);
  CU_ASSERT_STRING_EQUAL(pl.first, "%n status 0 of (null)\n");
  CU_ASSERT_STRING_EQUAL(pl.last, "%n status 1 of (null)\n");
}

static void test_printf_cap(void) {
  print_log pl;
  memset(&pl, 0, sizeof pl);
  /* 400 lines of about 220 bytes: 88 KB, over the 64 KiB cap */
  simI_arg args[2] = {{1, 0, 0, 0, NULL, 0}, {0, 0, 0, 400, NULL, 0}};
  CU_ASSERT_EQUAL(run_printf_kernel("chatty", 1, args, &pl), SIMI_OK);
  /* exactly the cap of the thread's own text, then the note on a line of
   * its own (the cut falls inside a line) */
  const char *note = "\n[simulee: printf output of this thread cut at 65536 bytes]\n";
  CU_ASSERT_EQUAL(pl.bytes[0], SIMI_PRINT_CAP + strlen(note));
  CU_ASSERT_PTR_NOT_NULL(strstr(pl.last, note));
  CU_ASSERT_TRUE(pl.calls < 400);
}

/* ---- resource bounds ---- */

static simI_program *load_bounds(void) {
  simI_status st;
  char err[512];
  simI_program *p = simI_load(SIMULEE_BUILD_DIR "/tests/untrusted_kernels/bounds.O2.bc", &st, err, sizeof err);
  if (!p) fprintf(stderr, "\n%s\n", err);
  return p;
}

static void test_time_limit(void) {
  simI_program *p = load_bounds();
  CU_ASSERT_PTR_NOT_NULL_FATAL(p);
  int k = simI_find_kernel(p, "wait_for_flag");
  CU_ASSERT_TRUE_FATAL(k >= 0);
  int32_t flag = 0;
  int32_t *out = calloc(64 * 1024, sizeof *out);
  CU_ASSERT_PTR_NOT_NULL_FATAL(out);
  simI_buffer b[2] = {{&flag, 4, SIMI_ELEM_I32, "flag", 0},
                      {out, 64 * 1024 * 4, SIMI_ELEM_I32, "out", 0}};
  simI_arg a[2] = {{1, 0, 0, 0, NULL, 0}, {1, 1, 0, 0, NULL, 0}};
  simI_launch l;
  memset(&l, 0, sizeof l);
  l.grid = (simI_dim3){64, 1, 1};
  l.block = (simI_dim3){1024, 1, 1};
  l.nargs = 2;
  l.args = a;
  l.nbuffers = 2;
  l.buffers = b;
  l.time_limit = 1.0;
  l.max_steps = UINT64_MAX; /* no step limit: must not wrap to 0 */
  simI_result r;
  CU_ASSERT_EQUAL(simI_run(p, (unsigned)k, &l, NULL, 0, &r), SIMI_E_TIMEOUT);
  CU_ASSERT_STRING_EQUAL(r.message, "kernel did not finish within the time limit of 1 s");
  /* at the limit, having run (a wrapped budget runs nothing; without the
   * clock check the launch ran for hours); the upper bound leaves room for
   * a loaded machine and the sanitizer build (bench/ measures the overshoot:
   * about 3%) */
  if (r.seconds < 1.0 || r.seconds > 2.0) fprintf(stderr, "\nstopped after %.3f s\n", r.seconds);
  CU_ASSERT_TRUE(r.seconds >= 1.0 && r.seconds <= 2.0);
  CU_ASSERT_TRUE(r.insns > 1000000);
  free(out);
  simI_free(p);
}

/* The search of a kernel that spins within its step budget stops at half
 * its time limit (it ran 7.5 s for a 1 s limit: evaluations had no wall
 * limit and the time was checked only between generations). */
static void test_search_time_limit(void) {
  simI_program *p = load_bounds();
  CU_ASSERT_PTR_NOT_NULL_FATAL(p);
  int k = simI_find_kernel(p, "wait_for_flag");
  CU_ASSERT_TRUE_FATAL(k >= 0);
  simE_value fixed[2];
  memset(fixed, 0, sizeof fixed);
  fixed[0].fixed = fixed[1].fixed = 1;
  fixed[0].count = 1; /* the flag: 0, never set */
  fixed[0].elem = fixed[1].elem = SIMI_ELEM_I32;
  fixed[1].count = 64;
  simE_options o;
  simE_options_default(&o);
  o.fixed = fixed;
  o.time_limit = 1.0;
  simE_result r;
  char err[512];
  CU_ASSERT_EQUAL_FATAL(simE_check(p, (unsigned)k, &o, &r, err, sizeof err), 0);
  CU_ASSERT_EQUAL(r.status, SIMI_E_TIMEOUT);
  /* the search stops at half the limit and detection ends near the limit
   * (7.5 s before); bounds with room for a loaded machine and the
   * sanitizer build */
  if (r.seconds > 2.5 || r.search_seconds > 1.0)
    fprintf(stderr, "\nsearch %.3f s, all %.3f s\n", r.search_seconds, r.seconds);
  CU_ASSERT_TRUE(r.search_seconds <= 1.0 && r.seconds <= 2.5);
  simE_result_free(&r);
  simI_free(p);
}

static void test_static_shared_cap(void) {
  simI_status st;
  char err[512];
  simI_program *p = simI_load(SIMULEE_BUILD_DIR "/tests/untrusted_kernels/big_shared.O2.bc", &st, err, sizeof err);
  CU_ASSERT_PTR_NOT_NULL_FATAL(p);
  int k = simI_find_kernel(p, "huge_tile");
  CU_ASSERT_TRUE_FATAL(k >= 0);
  int32_t out[32];
  simI_buffer b = {out, sizeof out, SIMI_ELEM_I32, "out", 0};
  simI_arg a = {1, 0, 0, 0, NULL, 0};
  simI_launch l;
  memset(&l, 0, sizeof l);
  l.grid = (simI_dim3){4, 1, 1};
  l.block = (simI_dim3){32, 1, 1};
  l.nargs = 1;
  l.args = &a;
  l.nbuffers = 1;
  l.buffers = &b;
  simI_result r;
  CU_ASSERT_EQUAL(simI_run(p, (unsigned)k, &l, NULL, 0, &r), SIMI_E_USAGE);
  CU_ASSERT_STRING_EQUAL(r.message,
                         "static __shared__ memory of 1073741824 bytes (variable "
                         "'huge_tile(int*)::tile': 1073741824 bytes) is more than the 233472 bytes "
                         "(228 KiB) a block can have");
  simI_free(p);
}

static void test_mem_limit(void) {
  simI_program *p = load_bounds();
  CU_ASSERT_PTR_NOT_NULL_FATAL(p);
  int k = simI_find_kernel(p, "stack_user");
  CU_ASSERT_TRUE_FATAL(k >= 0);
  int32_t out[64];
  simI_buffer b = {out, sizeof out, SIMI_ELEM_I32, "out", 0};
  simI_arg a[2] = {{1, 0, 0, 0, NULL, 0}, {0, 0, 0, 3, NULL, 0}};
  simI_launch l;
  memset(&l, 0, sizeof l);
  l.grid = (simI_dim3){1, 1, 1};
  l.block = (simI_dim3){64, 1, 1};
  l.nargs = 2;
  l.args = a;
  l.nbuffers = 1;
  l.buffers = &b;
  simI_result r;
  /* enough for everything: 2 warps x 32 x 8 KiB of stack (the launch
   * buffers are the caller's memory, not charged) */
  l.mem_limit = 2 * 32 * 8192;
  CU_ASSERT_EQUAL(simI_run(p, (unsigned)k, &l, NULL, 0, &r), SIMI_OK);
  CU_ASSERT_EQUAL(out[5], (8 * 3) & 0x7fffffff);
  /* one warp's stacks short */
  l.mem_limit = 256 + 32 * 8192;
  CU_ASSERT_EQUAL(simI_run(p, (unsigned)k, &l, NULL, 0, &r), SIMI_E_NOMEM);
  CU_ASSERT_STRING_EQUAL(r.message,
                         "simulated memory limit of 262400 bytes reached allocating the per-thread "
                         "stacks of a warp (262144 bytes, 262144 in use)");
  simI_free(p);
}

/* ---- memory proportional to what is touched ---- */

/* Run the simulee program with argv (NULL-terminated); its exit status and
 * peak RSS in KiB (wait4's rusage of the child). */
static int run_simulee(char *const argv[], long *maxrss_kb) {
  pid_t pid = fork();
  if (pid == 0) {
    int dn = open("/dev/null", O_WRONLY);
    if (dn >= 0) { dup2(dn, 1); dup2(dn, 2); }
    execv(SIMULEE_BIN, argv);
    _exit(127);
  }
  if (pid < 0) return -1;
  int ws = 0;
  struct rusage ru;
  memset(&ru, 0, sizeof ru);
  if (wait4(pid, &ws, 0, &ru) != pid) return -1;
  *maxrss_kb = ru.ru_maxrss;
  return WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
}

static void test_huge_zero_buffer(void) {
  /* 4 bytes touched of 16 GiB: far below 1 GB (it was 16.8 GB) */
  char *argv[] = {"simulee", SIMULEE_BUILD_DIR "/tests/untrusted_kernels/poke.O2.bc", "--grid", "1",
                  "--block", "32", "--arg", "i8[17179869184]", "--arg", "8589934592", NULL};
  long kb = 0;
  int rc = run_simulee(argv, &kb);
  CU_ASSERT_EQUAL(rc, 0);
#ifndef __SANITIZE_ADDRESS__ /* ASan's allocator and shadow change the RSS picture */
  if (kb >= 1024 * 1024) fprintf(stderr, "\npeak RSS %ld KiB\n", kb);
  CU_ASSERT_TRUE(kb > 0 && kb < 1024 * 1024);
#endif
}

/* The widest rand: ranges (the elements' ranges are capped at 63 bits, see
 * elem_range in evolve.c): the span computation overflowed int64 (undefined
 * behaviour; caught by the UBSan build), the values must stay in range. */
static void test_fill_rand_wide(void) {
  uint64_t u[256];
  simE_fill_rand(SIMI_ELEM_U64, u, 256, 7, 0, 18446744073709551615.0);
  unsigned high = 0;
  for (unsigned i = 0; i < 256; i++) {
    CU_ASSERT_TRUE(u[i] <= (1ull << 63));
    high += u[i] >> 62 != 0;
  }
  CU_ASSERT_TRUE(high > 64 && high < 192);
  int64_t v[256];
  simE_fill_rand(SIMI_ELEM_I64, v, 256, 7, -9223372036854775808.0, 9223372036854775807.0);
  unsigned neg = 0;
  for (unsigned i = 0; i < 256; i++) {
    CU_ASSERT_TRUE(v[i] >= -(1ll << 62) && v[i] <= (1ll << 62));
    neg += v[i] < 0;
  }
  CU_ASSERT_TRUE(neg > 64 && neg < 192);
  /* a narrow range stays inside it */
  int32_t w[256];
  simE_fill_rand(SIMI_ELEM_I32, w, 256, 3, -5, 5);
  for (unsigned i = 0; i < 256; i++) CU_ASSERT_TRUE(w[i] >= -5 && w[i] <= 5);
}

static long rss_kb(void) {
  long pages = 0, res = 0;
  FILE *f = fopen("/proc/self/statm", "r");
  if (!f) return -1;
  if (fscanf(f, "%ld %ld", &pages, &res) != 2) res = -1;
  fclose(f);
  return res < 0 ? -1 : res * (sysconf(_SC_PAGESIZE) / 1024);
}

static long rss_at_end;
static void note_rss(void *ctx, simI_status st) {
  (void)ctx;
  (void)st;
  rss_at_end = rss_kb();
}

static void test_device_data_cow(void) {
  simI_status st;
  char err[512];
  simI_program *p = simI_load(SIMULEE_BUILD_DIR "/tests/untrusted_kernels/devinit.O2.bc", &st, err, sizeof err);
  if (!p) fprintf(stderr, "\n%s\n", err);
  CU_ASSERT_PTR_NOT_NULL_FATAL(p);
  int k = simI_find_kernel(p, "bump");
  CU_ASSERT_TRUE_FATAL(k >= 0);
  for (int run = 0; run < 2; run++) {
    int32_t out[2] = {0, 0};
    simI_buffer b = {out, sizeof out, SIMI_ELEM_I32, "out", 0};
    simI_arg a = {1, 0, 0, 0, NULL, 0};
    simI_launch l;
    memset(&l, 0, sizeof l);
    l.grid = (simI_dim3){1, 1, 1};
    l.block = (simI_dim3){32, 1, 1};
    l.nargs = 1;
    l.args = &a;
    l.nbuffers = 1;
    l.buffers = &b;
    simI_observer o;
    memset(&o, 0, sizeof o);
    o.launch_end = note_rss;
    simI_result r;
    long before = rss_kb();
    CU_ASSERT_EQUAL(simI_run(p, (unsigned)k, &l, &o, 1, &r), SIMI_OK);
    /* each launch starts from the initial table */
    CU_ASSERT_EQUAL(out[0], 16);
    CU_ASSERT_EQUAL(out[1], 0);
    /* and holds far less than its 64 MiB while it runs */
    if (rss_at_end - before >= 16 * 1024)
      fprintf(stderr, "\nlaunch RSS grew by %ld KiB\n", rss_at_end - before);
    CU_ASSERT_TRUE(before > 0 && rss_at_end - before < 16 * 1024);
  }
  simI_free(p);
}

/* A buffer of one constant (simI_mem_alloc): exact contents in every form,
 * a 4 GiB one costs the pages touched, and a write stays in its buffer. */
static void test_constant_buffer(void) {
  float c = 1.5f;
  /* small: malloc + fill, the last element cut */
  unsigned char *s = simI_mem_alloc(10, &c, 4);
  CU_ASSERT_PTR_NOT_NULL_FATAL(s);
  CU_ASSERT_EQUAL(simI_mem_kind_of(s), SIMI_MEM_HEAP);
  CU_ASSERT(!memcmp(s, &c, 4) && !memcmp(s + 4, &c, 4) && !memcmp(s + 8, &c, 2));
  simI_mem_free(s);
  /* zeros: calloc, whatever the size */
  int64_t z = 0;
  unsigned char *zs = simI_mem_alloc((uint64_t)1 << 24, &z, 8);
  CU_ASSERT_PTR_NOT_NULL_FATAL(zs);
  CU_ASSERT_EQUAL(simI_mem_kind_of(zs), SIMI_MEM_HEAP);
  CU_ASSERT(zs[0] == 0 && zs[(1 << 24) - 1] == 0);
  simI_mem_free(zs);
  /* 8 MiB + 2 bytes of a 16-bit constant: mapped (8 chunks and a page) */
  uint16_t h = 0xBEEF;
  uint16_t *m = simI_mem_alloc(((uint64_t)1 << 23) + 2, &h, 2);
  CU_ASSERT_PTR_NOT_NULL_FATAL(m);
  CU_ASSERT_EQUAL(simI_mem_kind_of(m), SIMI_MEM_MAPPED);
  CU_ASSERT(m[0] == 0xBEEF && m[1 << 19] == 0xBEEF && m[(1 << 22) - 1] == 0xBEEF &&
            m[1 << 22] == 0xBEEF);
  simI_mem_free(m);
  /* 4 GiB of 1.5f, twice at once and once after */
  uint64_t n = (uint64_t)1 << 30;
  long before = rss_kb();
  float *a = simI_mem_alloc(4 * n, &c, 4);
  float *b = simI_mem_alloc(4 * n, &c, 4);
  CU_ASSERT_PTR_NOT_NULL_FATAL(a);
  CU_ASSERT_PTR_NOT_NULL_FATAL(b);
  CU_ASSERT_EQUAL(simI_mem_kind_of(a), SIMI_MEM_MAPPED);
  CU_ASSERT(a[0] == 1.5f && a[n / 2 + 12345] == 1.5f && a[n - 1] == 1.5f);
  a[7] = 2.5f;
  a[n - 1] = 3.5f;
  CU_ASSERT(b[7] == 1.5f && b[n - 1] == 1.5f && a[7] == 2.5f && a[n - 1] == 3.5f);
  b[8] = 4.5f;
  CU_ASSERT(a[8] == 1.5f && b[8] == 4.5f);
  long during = rss_kb();
  simI_mem_free(a);
  simI_mem_free(b);
  float *d = simI_mem_alloc(4 * n, &c, 4);
  CU_ASSERT_PTR_NOT_NULL_FATAL(d);
  CU_ASSERT(d[7] == 1.5f && d[8] == 1.5f && d[n - 1] == 1.5f);
  simI_mem_free(d);
  CU_ASSERT_EQUAL(simI_mem_kind_of(d), SIMI_MEM_HEAP); /* no longer registered */
#ifndef __SANITIZE_ADDRESS__
  if (during - before >= 64 * 1024) fprintf(stderr, "\nRSS grew by %ld KiB\n", during - before);
  CU_ASSERT_TRUE(before > 0 && during - before < 64 * 1024);
#else
  (void)before;
  (void)during;
#endif
}

/* The same through the CLI: 4 bytes read of a 4 GiB constant table, in a
 * fixed launch and in a search (many executions, each mapping the table). */
static void test_constant_buffer_cli(void) {
  char *fixed[] = {"simulee", SIMULEE_BUILD_DIR "/tests/untrusted_kernels/probe.O2.bc", "--grid", "1",
                   "--block", "32", "--arg", "f32[1073741824]=1.5", "--arg", "f32[1]", "--arg",
                   "1000000007", NULL};
  char *search[] = {"simulee", SIMULEE_BUILD_DIR "/tests/untrusted_kernels/probe.O2.bc", "--arg",
                    "f32[1073741824]=1.5", "--arg", "f32[1]", "--arg", "1000000007", NULL};
  char **runs[] = {fixed, search};
  for (unsigned i = 0; i < 2; i++) {
    long kb = 0;
    CU_ASSERT_EQUAL(run_simulee(runs[i], &kb), 0);
#ifndef __SANITIZE_ADDRESS__
    if (kb >= 100 * 1024) fprintf(stderr, "\npeak RSS %ld KiB\n", kb);
    CU_ASSERT_TRUE(kb > 0 && kb < 100 * 1024);
#endif
  }
}

int test_untrusted_register(void) {
  CU_pSuite s = CU_add_suite("untrusted", NULL, NULL);
  if (!s) return 1;
  if (!CU_add_test(s, "inputs that are not regular files", test_not_regular) ||
      !CU_add_test(s, "LLVM reader crash isolated", test_reader_crash) ||
      !CU_add_test(s, "isolation switch", test_isolation_switch) ||
      !CU_add_test(s, "calls with the wrong signature", test_bad_calls) ||
      !CU_add_test(s, "printf integers", test_format_ints) ||
      !CU_add_test(s, "printf floats", test_format_floats) ||
      !CU_add_test(s, "printf strings", test_format_strings) ||
      !CU_add_test(s, "printf hostile formats", test_format_hostile) ||
      !CU_add_test(s, "printf in a launch", test_printf_launch) ||
      !CU_add_test(s, "printf output cap per thread", test_printf_cap) ||
      !CU_add_test(s, "time limit on a spinning 64x1024 launch", test_time_limit) ||
      !CU_add_test(s, "search time limit on a spinning kernel", test_search_time_limit) ||
      !CU_add_test(s, "static shared memory cap", test_static_shared_cap) ||
      !CU_add_test(s, "simulated memory limit", test_mem_limit) ||
      !CU_add_test(s, "huge zero-filled buffer costs what is touched", test_huge_zero_buffer) ||
      !CU_add_test(s, "rand: fill over the widest ranges", test_fill_rand_wide) ||
      !CU_add_test(s, "__device__ data copy-on-write per launch", test_device_data_cow) ||
      !CU_add_test(s, "constant buffers are copy-on-write mappings", test_constant_buffer) ||
      !CU_add_test(s, "4 GiB constant table through the CLI", test_constant_buffer_cli))
    return 1;
  return 0;
}
