/*
 * Unit tests of the scan's building blocks: suppressions (cli/suppress.c)
 * and the report operations a scan and a merge use (detect/report_merge.c,
 * detect/report_read.c): notes, sorting, moving records, JSON read back.
 */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "simulee/report.h"

#define BIT(k) (1u << (k))
#define ALL ((1u << SIMD_KIND_COUNT) - 1u)

static void test_inline_comment(void) {
  CU_ASSERT_EQUAL(simC_inline_suppression("x = 1; // simulee: ignore data-race"),
                  BIT(SIMD_DATA_RACE));
  CU_ASSERT_EQUAL(simC_inline_suppression("x = 1; /* simulee: ignore data-race, "
                                          "barrier-divergence */"),
                  BIT(SIMD_DATA_RACE) | BIT(SIMD_BARRIER_DIVERGENCE));
  CU_ASSERT_EQUAL(simC_inline_suppression("__syncthreads(); // simulee:ignore "
                                          "redundant-barrier,out-of-bounds because"),
                  BIT(SIMD_REDUNDANT_BARRIER) | BIT(SIMD_OUT_OF_BOUNDS));
  CU_ASSERT_EQUAL(simC_inline_suppression("y(); // simulee: ignore all"), ALL);
  CU_ASSERT_EQUAL(simC_inline_suppression("y(); // simulee: ignore"), ALL);
  /* the kinds stop at the first word that is not one: the reason */
  CU_ASSERT_EQUAL(simC_inline_suppression("// simulee: ignore data-race (same value)"),
                  BIT(SIMD_DATA_RACE));
  /* not in a comment, another verb, no marker */
  CU_ASSERT_EQUAL(simC_inline_suppression("puts(\"simulee: ignore all\");"), 0);
  CU_ASSERT_EQUAL(simC_inline_suppression("// simulee: ignored data-race"), 0);
  CU_ASSERT_EQUAL(simC_inline_suppression("// simulee: ignore-next data-race"), 0);
  CU_ASSERT_EQUAL(simC_inline_suppression("x = tile[i]; // racy"), 0);
  /* KIND:GRADE: only the findings of that grade */
  CU_ASSERT_EQUAL(simC_inline_suppression("f = 1; // simulee: ignore data-race:same-value"),
                  SIMC_SUPP_GRADE(SIMD_DATA_RACE, 1));
  CU_ASSERT_EQUAL(simC_inline_suppression("// simulee: ignore data-race:warp-synchronous, "
                                          "redundant-barrier"),
                  SIMC_SUPP_GRADE(SIMD_DATA_RACE, 0) | BIT(SIMD_REDUNDANT_BARRIER));
  /* a grade that does not exist silences nothing */
  CU_ASSERT_EQUAL(simC_inline_suppression("// simulee: ignore data-race:benign"), 0);
  CU_ASSERT_EQUAL(simC_inline_suppression("// simulee: ignore assertion, data-race:benign"),
                  BIT(SIMD_ASSERTION));
}

static char *write_temp(const char *text, const char *suffix) {
  char *path = malloc(64);
  snprintf(path, 64, "/tmp/simulee-test-XXXXXX%s", suffix);
  int fd = mkstemps(path, (int)strlen(suffix));
  CU_ASSERT_FATAL(fd >= 0);
  CU_ASSERT_FATAL(write(fd, text, strlen(text)) == (ssize_t)strlen(text));
  close(fd);
  return path;
}

static void test_supp_file(void) {
  char *p = write_temp("# comment line\n"
                       "\n"
                       "data-race   src/a.cu:12   # trailing comment\n"
                       "all         vendor/*\n"
                       "barrier-divergence,redundant-barrier kernel:legacy_*\n",
                       ".supp");
  simC_suppressions s;
  simC_supp_init(&s);
  char err[512] = "";
  CU_ASSERT_EQUAL_FATAL(simC_supp_load(&s, p, err, sizeof err), 0);
  CU_ASSERT_EQUAL_FATAL(s.n, 3);
  CU_ASSERT_EQUAL(s.v[0].kinds, BIT(SIMD_DATA_RACE));
  CU_ASSERT_STRING_EQUAL(s.v[0].pattern, "src/a.cu");
  CU_ASSERT_EQUAL(s.v[0].line, 12);
  CU_ASSERT_EQUAL(s.v[0].lineno, 3);
  CU_ASSERT_FALSE(s.v[0].is_kernel);
  CU_ASSERT_EQUAL(s.v[1].kinds, ALL);
  CU_ASSERT_EQUAL(s.v[1].line, 0);
  CU_ASSERT_TRUE(s.v[2].is_kernel);
  CU_ASSERT_STRING_EQUAL(s.v[2].pattern, "legacy_*");
  CU_ASSERT_EQUAL(s.v[2].kinds, BIT(SIMD_BARRIER_DIVERGENCE) | BIT(SIMD_REDUNDANT_BARRIER));
  simC_supp_free(&s);
  unlink(p);
  free(p);

  const char *bad[] = {"data-rase src/a.cu\n", "data-race\n", "data-race a b\n",
                       "all kernel:\n"};
  const char *why[] = {"unknown finding kind 'data-rase'", "expected 'KINDS PATTERN'",
                       "expected 'KINDS PATTERN'", "empty pattern"};
  for (unsigned i = 0; i < 4; i++) {
    p = write_temp(bad[i], ".supp");
    simC_supp_init(&s);
    err[0] = 0;
    CU_ASSERT_EQUAL(simC_supp_load(&s, p, err, sizeof err), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, why[i]));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, ":1: "));
    simC_supp_free(&s);
    unlink(p);
    free(p);
  }
  simC_supp_init(&s);
  CU_ASSERT_EQUAL(simC_supp_load(&s, "/nonexistent/x.supp", err, sizeof err), -1);
  CU_ASSERT_PTR_NOT_NULL(strstr(err, "No such file"));
  simC_supp_free(&s);
}

/* A record of kernel k in file with nf findings of the given kinds, each at
 * (line0, line1) of file (line1 0: one location). */
static void make_record(simD_record *r, simD_list *l, simD_loc *locs, const char *file,
                        const char *kernel, unsigned nf, const simD_kind *kinds,
                        const unsigned *lines) {
  memset(r, 0, sizeof *r);
  simD_list_init(l);
  for (unsigned i = 0; i < nf; i++) {
    simD_finding f;
    memset(&f, 0, sizeof f);
    f.kind = kinds[i];
    f.site[0] = 2 * i;
    f.site[1] = lines[2 * i + 1] ? 2 * i + 1 : UINT32_MAX;
    f.count = 1;
    f.space = SIMI_SPACE_GLOBAL;
    f.nthreads = 2;
    f.thread[0].thread.x = 1;
    f.thread[0].access = SIMI_ACC_READ;
    f.thread[0].size = 4;
    f.thread[1].thread.x = 40;
    f.thread[1].access = SIMI_ACC_WRITE | SIMI_ACC_ATOMIC;
    f.thread[1].has_value = 1;
    f.thread[1].value = 7;
    f.thread[1].size = 4;
    f.relation = SIMD_REL_OTHER_WARP;
    f.arrived = 3;
    f.missing = 5;
    f.executions = 2;
    f.instances = 9;
    f.addr = 0x40;
    snprintf(f.message, sizeof f.message, "finding %u of %s", i, kernel);
    CU_ASSERT_EQUAL_FATAL(simD_list_add(l, &f), 0);
    for (unsigned j = 0; j < 2; j++) {
      locs[2 * i + j].file = lines[2 * i + j] ? file : "";
      locs[2 * i + j].line = lines[2 * i + j];
      locs[2 * i + j].col = lines[2 * i + j] ? 3 : 0;
      locs[2 * i + j].function = lines[2 * i + j] ? kernel : "";
    }
  }
  r->file = file;
  r->kernel = kernel;
  r->name = kernel;
  r->line = 1;
  r->status = SIMD_STATUS_CHECKED;
  r->message = "";
  r->has_launch = 1;
  r->grid = (simI_dim3){2, 1, 1};
  r->block = (simI_dim3){64, 1, 1};
  r->replay = "simulee a.cu --grid 2 --block 64";
  r->insns = 1234;
  r->threads = 128;
  r->seconds = 0.25;
  r->findings = *l;
  r->locs = locs;
}

static void test_supp_apply(void) {
  /* a source file with a comment on line 2, a comment-only line 4 before
   * line 5, and nothing on lines 7 and 8 */
  char dir[] = "/tmp/simulee-test-XXXXXX";
  CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
  char src[128];
  snprintf(src, sizeof src, "%s/k.cu", dir);
  FILE *f = fopen(src, "w");
  CU_ASSERT_PTR_NOT_NULL_FATAL(f);
  fputs("__global__ void k(int *a) {\n"
        "  a[0] = 1; // simulee: ignore data-race\n"
        "  a[1] = 2;\n"
        "  // simulee: ignore barrier-divergence\n"
        "  __syncthreads();\n"
        "  a[2] = 3;\n"
        "  a[3] = a[4];\n"
        "  a[5] = a[6];\n"
        "}\n",
        f);
  fclose(f);
  simD_kind kinds[5] = {SIMD_DATA_RACE, SIMD_BARRIER_DIVERGENCE, SIMD_DATA_RACE,
                        SIMD_BARRIER_DIVERGENCE, SIMD_DATA_RACE};
  /* 0: race at 3 and 2 (the second location has the comment) -> inline;
   * 1: divergence at 5 (comment alone above) -> inline;
   * 2: race at 7 -> the file rule k.cu:7;
   * 3: divergence at 2: the comment there names data-race only -> kept;
   * 4: race at 8 -> kept (the rule says line 7) */
  unsigned lines[10] = {3, 2, 5, 0, 7, 7, 2, 0, 8, 8};
  simD_record rec;
  simD_list l;
  simD_loc locs[10];
  make_record(&rec, &l, locs, "k.cu", "k", 5, kinds, lines);
  simD_report rep;
  simD_report_init(&rep);
  CU_ASSERT_EQUAL_FATAL(simD_report_add(&rep, &rec, NULL, NULL), 0);
  simD_list_free(&l);
  char *sp = write_temp("data-race k.cu:7\nout-of-bounds kernel:k\n", ".supp");
  simC_suppressions s;
  simC_supp_init(&s);
  char err[256];
  CU_ASSERT_EQUAL_FATAL(simC_supp_load(&s, sp, err, sizeof err), 0);
  CU_ASSERT_EQUAL(simC_supp_apply(&s, dir, &rep.v[0]), 3);
  CU_ASSERT_EQUAL(simD_record_suppressed(&rep.v[0], 0), SIMD_SUPPRESS_IN_SOURCE);
  CU_ASSERT_STRING_EQUAL(rep.v[0].suppress_why[0], "k.cu:2");
  CU_ASSERT_EQUAL(simD_record_suppressed(&rep.v[0], 1), SIMD_SUPPRESS_IN_SOURCE);
  CU_ASSERT_STRING_EQUAL(rep.v[0].suppress_why[1], "k.cu:4");
  CU_ASSERT_EQUAL(simD_record_suppressed(&rep.v[0], 2), SIMD_SUPPRESS_EXTERNAL);
  CU_ASSERT_PTR_NOT_NULL(strstr(rep.v[0].suppress_why[2], ".supp:1"));
  CU_ASSERT_EQUAL(simD_record_suppressed(&rep.v[0], 3), SIMD_SUPPRESS_NONE);
  CU_ASSERT_EQUAL(simD_record_suppressed(&rep.v[0], 4), SIMD_SUPPRESS_NONE);
  CU_ASSERT_EQUAL(s.v[0].used, 1);
  CU_ASSERT_EQUAL(s.v[1].used, 0);
  /* counted, never dropped; the exit status ignores them */
  CU_ASSERT_EQUAL(simD_report_nfindings(&rep), 2);
  CU_ASSERT_EQUAL(simD_report_nsuppressed(&rep), 3);
  CU_ASSERT_EQUAL(simD_report_exit_status(&rep), 1);
  for (unsigned i = 3; i < 5; i++)
    CU_ASSERT_EQUAL(simD_record_suppress(&rep.v[0], i, SIMD_SUPPRESS_EXTERNAL, NULL), 0);
  CU_ASSERT_EQUAL(simD_report_nfindings(&rep), 0);
  CU_ASSERT_EQUAL(simD_report_exit_status(&rep), 0);
  simC_supp_free(&s);
  simD_report_free(&rep);
  unlink(sp);
  free(sp);
  unlink(src);
  rmdir(dir);
}

/* The report's text in format f, malloc'd. */
static char *render(const simD_report *r, simD_format f) {
  char *buf = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&buf, &len);
  CU_ASSERT_PTR_NOT_NULL_FATAL(m);
  simD_write_opts wo = {0, 0, 1, "/src/proj", 0};
  CU_ASSERT_EQUAL(simD_report_write(m, r, f, &wo), 0);
  fclose(m);
  return buf;
}

static void test_json_round_trip(void) {
  simD_kind kinds[3] = {SIMD_DATA_RACE, SIMD_BARRIER_DIVERGENCE, SIMD_REDUNDANT_BARRIER};
  unsigned lines[6] = {10, 12, 20, 18, 30, 0};
  simD_record rec;
  simD_list l;
  simD_loc locs[6];
  simD_report a;
  simD_report_init(&a);
  make_record(&rec, &l, locs, "src/b.cu", "_Z1bPi", 3, kinds, lines);
  const char *addrs[3] = {"buffer 'in' + 64", NULL, NULL};
  rec.addrs = addrs;
  const char *args[2] = {"i32[4]", "7"};
  rec.args = args;
  rec.nargs = 2;
  unsigned char sup[3] = {SIMD_SUPPRESS_NONE, SIMD_SUPPRESS_EXTERNAL, SIMD_SUPPRESS_IN_SOURCE};
  const char *why[3] = {NULL, "ci.supp:4", "src/b.cu:30"};
  rec.suppress = sup;
  rec.suppress_why = why;
  CU_ASSERT_EQUAL_FATAL(simD_report_add(&a, &rec, NULL, NULL), 0);
  simD_list_free(&l);
  /* a file that did not compile, added before: sorting puts it after */
  simD_record bad;
  memset(&bad, 0, sizeof bad);
  bad.file = "src/c.cu";
  bad.kernel = "";
  bad.status = SIMD_STATUS_ERROR;
  bad.message = "src/c.cu:3:1: error: expected ';'";
  CU_ASSERT_EQUAL_FATAL(simD_report_add(&a, &bad, NULL, NULL), 0);
  bad.file = "src/a.cu";
  bad.kernel = "_Z1av";
  bad.name = "a";
  bad.status = SIMD_STATUS_TIMEOUT;
  bad.message = "time limit";
  CU_ASSERT_EQUAL_FATAL(simD_report_add(&a, &bad, NULL, NULL), 0);
  CU_ASSERT_EQUAL(simD_report_add_note(&a, "src/t.cu", 9, "kernel template 'x' ..."), 0);
  CU_ASSERT_EQUAL(simD_report_add_note(&a, "src/b.cu", 2, "another"), 0);
  CU_ASSERT_EQUAL(simD_report_set_root(&a, "/src/proj"), 0);
  CU_ASSERT_EQUAL(simD_report_set_command(&a, "simulee scan . --seed 3"), 0);
  a.shard = 2;
  a.nshards = 3;
  simD_report_sort(&a);
  CU_ASSERT_STRING_EQUAL(a.v[0].file, "src/a.cu");
  CU_ASSERT_STRING_EQUAL(a.v[1].file, "src/b.cu");
  CU_ASSERT_STRING_EQUAL(a.v[2].file, "src/c.cu");
  CU_ASSERT_STRING_EQUAL(a.notes[0].file, "src/b.cu");
  CU_ASSERT_EQUAL(simD_report_exit_status(&a), 1);

  char *json = render(&a, SIMD_FORMAT_JSON), *sarif = render(&a, SIMD_FORMAT_SARIF);
  CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"suppressed\": true"));
  CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"justification\": \"ci.supp:4\""));
  CU_ASSERT_PTR_NOT_NULL(strstr(sarif, "\"kind\": \"external\""));
  CU_ASSERT_PTR_NOT_NULL(strstr(sarif, "\"uriBaseId\": \"SRCROOT\""));
  CU_ASSERT_PTR_NOT_NULL(strstr(sarif, "\"uri\": \"file:///src/proj/\""));
  char *path = write_temp(json, ".json");

  simD_report b;
  simD_report_init(&b);
  char err[512];
  CU_ASSERT_EQUAL_FATAL(simD_report_read_json(&b, path, err, sizeof err), 0);
  CU_ASSERT_EQUAL(b.n, 3);
  CU_ASSERT_EQUAL(b.nnotes, 2);
  CU_ASSERT_EQUAL(b.shard, 2);
  CU_ASSERT_EQUAL(b.nshards, 3);
  CU_ASSERT_STRING_EQUAL(b.root, "/src/proj");
  CU_ASSERT_STRING_EQUAL(b.command, "simulee scan . --seed 3");
  /* written again: the same JSON and SARIF */
  char *json2 = render(&b, SIMD_FORMAT_JSON), *sarif2 = render(&b, SIMD_FORMAT_SARIF);
  CU_ASSERT_STRING_EQUAL(json2, json);
  CU_ASSERT_STRING_EQUAL(sarif2, sarif);

  /* take: everything moves, the source is empty */
  simD_report c;
  simD_report_init(&c);
  CU_ASSERT_EQUAL(simD_report_take(&c, &b), 0);
  CU_ASSERT_EQUAL(c.n, 3);
  CU_ASSERT_EQUAL(c.nnotes, 2);
  CU_ASSERT_EQUAL(b.n, 0);
  CU_ASSERT_EQUAL(b.nnotes, 0);
  CU_ASSERT_EQUAL(simD_report_nsuppressed(&c), 2);

  /* not a report */
  char *other = write_temp("{\"runs\": []}", ".json");
  CU_ASSERT_EQUAL(simD_report_read_json(&b, other, err, sizeof err), -1);
  CU_ASSERT_PTR_NOT_NULL(strstr(err, "not a simulee JSON report"));
  char *broken = write_temp("{\"tool\": ", ".json");
  CU_ASSERT_EQUAL(simD_report_read_json(&b, broken, err, sizeof err), -1);
  CU_ASSERT_PTR_NOT_NULL(strstr(err, "not a readable JSON report"));
  CU_ASSERT_EQUAL(b.n, 0);

  unlink(path);
  unlink(other);
  unlink(broken);
  free(path);
  free(other);
  free(broken);
  free(json);
  free(json2);
  free(sarif);
  free(sarif2);
  simD_report_free(&a);
  simD_report_free(&b);
  simD_report_free(&c);
}

int test_scan_register(void) {
  CU_pSuite s = CU_add_suite("scan", NULL, NULL);
  if (!s) return -1;
  if (!CU_add_test(s, "inline_comment", test_inline_comment) ||
      !CU_add_test(s, "supp_file", test_supp_file) ||
      !CU_add_test(s, "supp_apply", test_supp_apply) ||
      !CU_add_test(s, "json_round_trip", test_json_round_trip))
    return -1;
  return 0;
}
