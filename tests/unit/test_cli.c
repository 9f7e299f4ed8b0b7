/*
 * Unit tests of the cli grammar (cli/args.c), the finding list
 * (detect/finding.c) and the report writers (detect/report_*.c) on hand-made
 * findings: the JSON and SARIF outputs are parsed back with json-c.
 */
#define _GNU_SOURCE /* open_memstream */
#include <CUnit/CUnit.h>
#include <sys/stat.h>
#include <unistd.h>
#include <json-c/json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "simulee/detect.h"
#include "simulee/finding.h"
#include "simulee/report.h"

static char err[512];

/* ------------------------------------------------------------ numbers */

static void test_numbers(void) {
  simC_number n;
  CU_ASSERT_EQUAL(simC_parse_number("42", &n, err, sizeof err), 0);
  CU_ASSERT(n.is_int && !n.neg && n.u == 42 && n.d == 42.0);
  CU_ASSERT_EQUAL(simC_parse_number("-3", &n, err, sizeof err), 0);
  CU_ASSERT(n.is_int && n.neg && (int64_t)n.u == -3 && n.d == -3.0);
  CU_ASSERT_EQUAL(simC_parse_number("0x10", &n, err, sizeof err), 0);
  CU_ASSERT(n.is_int && n.u == 16);
  CU_ASSERT_EQUAL(simC_parse_number("+0XfF", &n, err, sizeof err), 0);
  CU_ASSERT(n.is_int && n.u == 255);
  CU_ASSERT_EQUAL(simC_parse_number("010", &n, err, sizeof err), 0);
  CU_ASSERT(n.is_int && n.u == 10); /* decimal, not octal */
  CU_ASSERT_EQUAL(simC_parse_number("0.5", &n, err, sizeof err), 0);
  CU_ASSERT(!n.is_int && n.d == 0.5);
  CU_ASSERT_EQUAL(simC_parse_number("-1e3", &n, err, sizeof err), 0);
  CU_ASSERT(!n.is_int && n.d == -1000.0);
  CU_ASSERT_EQUAL(simC_parse_number("inf", &n, err, sizeof err), 0);
  CU_ASSERT(isinf(n.d));
  CU_ASSERT_EQUAL(simC_parse_number("18446744073709551615", &n, err, sizeof err), 0);
  CU_ASSERT(n.is_int && n.u == UINT64_MAX);
  CU_ASSERT_EQUAL(simC_parse_number("-9223372036854775808", &n, err, sizeof err), 0);
  CU_ASSERT(n.is_int && n.neg && n.u == (uint64_t)1 << 63);
  const char *bad[] = {"", "abc", "12abc", "0x", "0x1g", " 5", "5 ", "--3",
                       "18446744073709551616", "-9223372036854775809", "1e999", "1,2"};
  for (unsigned i = 0; i < sizeof bad / sizeof *bad; i++) {
    err[0] = 0;
    CU_ASSERT_EQUAL(simC_parse_number(bad[i], &n, err, sizeof err), -1);
    CU_ASSERT(err[0] != 0);
  }
}

static int to_int(const char *s, unsigned bits, uint64_t *v) {
  simC_number n;
  if (simC_parse_number(s, &n, err, sizeof err) < 0) return -2;
  return simC_number_to_int(&n, bits, v, err, sizeof err);
}

static void test_number_to_int(void) {
  uint64_t v;
  CU_ASSERT(to_int("255", 8, &v) == 0 && v == 255);
  CU_ASSERT(to_int("256", 8, &v) == -1);
  CU_ASSERT(to_int("-128", 8, &v) == 0 && v == 0x80);
  CU_ASSERT(to_int("-129", 8, &v) == -1);
  CU_ASSERT(to_int("-1", 32, &v) == 0 && v == 0xFFFFFFFFu);
  CU_ASSERT(to_int("-1", 64, &v) == 0 && v == UINT64_MAX);
  CU_ASSERT(to_int("4294967295", 32, &v) == 0 && v == 0xFFFFFFFFu);
  CU_ASSERT(to_int("4294967296", 32, &v) == -1);
  CU_ASSERT(to_int("1", 1, &v) == 0 && v == 1);
  CU_ASSERT(to_int("-1", 1, &v) == 0 && v == 1);
  CU_ASSERT(to_int("2", 1, &v) == -1);
  CU_ASSERT(to_int("0.5", 32, &v) == -1);
  CU_ASSERT(strstr(err, "not an integer") != NULL);
  CU_ASSERT(to_int("1e3", 16, &v) == 0 && v == 1000);
  CU_ASSERT(to_int("-2.0", 8, &v) == 0 && v == 0xFE);
  CU_ASSERT(to_int("nan", 32, &v) == -1);
  CU_ASSERT(to_int("0x10", 64, &v) == 0 && v == 16);
}

static uint64_t fbits(const char *s, unsigned bits) {
  simC_number n;
  uint64_t v = 0xDEAD;
  CU_ASSERT_EQUAL(simC_parse_number(s, &n, err, sizeof err), 0);
  CU_ASSERT_EQUAL(simC_number_to_float(&n, bits, &v, err, sizeof err), 0);
  return v;
}

static void test_number_to_float(void) {
  CU_ASSERT_EQUAL(fbits("0.5", 32), 0x3F000000u);
  CU_ASSERT_EQUAL(fbits("1", 32), 0x3F800000u);
  CU_ASSERT_EQUAL(fbits("-3", 32), 0xC0400000u);
  CU_ASSERT_EQUAL(fbits("0.5", 64), 0x3FE0000000000000ull);
  CU_ASSERT_EQUAL(fbits("0x10", 64), 0x4030000000000000ull);
  CU_ASSERT_EQUAL(fbits("1", 16), 0x3C00u);
  CU_ASSERT_EQUAL(fbits("-2", 16), 0xC000u);
  CU_ASSERT_EQUAL(fbits("0.5", 16), 0x3800u);
  CU_ASSERT_EQUAL(fbits("65504", 16), 0x7BFFu);
  CU_ASSERT_EQUAL(fbits("65520", 16), 0x7C00u); /* rounds to inf */
  CU_ASSERT_EQUAL(fbits("5.9604644775390625e-08", 16), 0x0001u); /* 2^-24 */
  CU_ASSERT_EQUAL(fbits("1e-10", 16), 0x0000u);
  CU_ASSERT_EQUAL(fbits("1.0009765625", 16), 0x3C01u);
  CU_ASSERT_EQUAL(fbits("1.00048828125", 16), 0x3C00u); /* tie to even */
  CU_ASSERT_EQUAL(fbits("1.00146484375", 16), 0x3C02u); /* tie to even, up */
  CU_ASSERT_EQUAL(fbits("inf", 16), 0x7C00u);
  CU_ASSERT_EQUAL(fbits("nan", 16) & 0x7C00u, 0x7C00u);
  CU_ASSERT_NOT_EQUAL(fbits("nan", 16) & 0x3FFu, 0);
}

/* ------------------------------------------------------------ buffers */

static void test_bufspec(void) {
  simC_bufspec b;
  CU_ASSERT_EQUAL(simC_parse_bufspec("i32[4]", &b, err, sizeof err), 0);
  CU_ASSERT(b.elem == SIMI_ELEM_I32 && b.count == 4 && b.fill == SIMC_FILL_ZERO);
  CU_ASSERT_EQUAL(simC_parse_bufspec("f32[3]=1.5", &b, err, sizeof err), 0);
  CU_ASSERT(b.elem == SIMI_ELEM_F32 && b.count == 3 && b.fill == SIMC_FILL_VALUE &&
            b.fill_bits == 0x3FC00000u);
  CU_ASSERT_EQUAL(simC_parse_bufspec("u8[10]=iota", &b, err, sizeof err), 0);
  CU_ASSERT(b.elem == SIMI_ELEM_U8 && b.count == 10 && b.fill == SIMC_FILL_IOTA);
  CU_ASSERT_EQUAL(simC_parse_bufspec("i16[2]=-1", &b, err, sizeof err), 0);
  CU_ASSERT(b.fill_bits == 0xFFFF);
  CU_ASSERT_EQUAL(simC_parse_bufspec("u64[0]", &b, err, sizeof err), 0);
  CU_ASSERT(b.count == 0);
  const char *bad[] = {"i33[4]", "int[4]", "i32[]", "i32[4", "i32[4]x", "i32[4]=abc",
                       "u8[2]=256", "i32[-1]", "i32[0x10]", "i8[99999999999999999999]",
                       "f64[4294967296]", "i32[4]=0.5", "[4]", "f32"};
  for (unsigned i = 0; i < sizeof bad / sizeof *bad; i++) {
    err[0] = 0;
    CU_ASSERT_EQUAL(simC_parse_bufspec(bad[i], &b, err, sizeof err), -1);
    CU_ASSERT(err[0] != 0);
  }
  CU_ASSERT_EQUAL(simC_elem_parse("f64", 3), SIMI_ELEM_F64);
  CU_ASSERT_EQUAL(simC_elem_parse("f16", 3), SIMI_ELEM_UNKNOWN);
  CU_ASSERT_EQUAL(simC_elem_size(SIMI_ELEM_U16), 2);
  CU_ASSERT_STRING_EQUAL(simC_elem_name(SIMI_ELEM_I64), "i64");
}

static void test_bufspec_make(void) {
  simC_bufspec b;
  CU_ASSERT_EQUAL(simC_parse_bufspec("i32[5]=iota", &b, err, sizeof err), 0);
  int32_t *i = simC_bufspec_make(&b);
  CU_ASSERT_PTR_NOT_NULL_FATAL(i);
  for (int k = 0; k < 5; k++) CU_ASSERT_EQUAL(i[k], k);
  simI_mem_free(i);
  CU_ASSERT_EQUAL(simC_parse_bufspec("u8[300]=iota", &b, err, sizeof err), 0);
  uint8_t *u = simC_bufspec_make(&b);
  CU_ASSERT_PTR_NOT_NULL_FATAL(u);
  CU_ASSERT(u[255] == 255 && u[256] == 0 && u[299] == 43);
  simI_mem_free(u);
  CU_ASSERT_EQUAL(simC_parse_bufspec("f32[3]=iota", &b, err, sizeof err), 0);
  float *f = simC_bufspec_make(&b);
  CU_ASSERT_PTR_NOT_NULL_FATAL(f);
  CU_ASSERT(f[0] == 0.0f && f[1] == 1.0f && f[2] == 2.0f);
  simI_mem_free(f);
  CU_ASSERT_EQUAL(simC_parse_bufspec("f64[2]=-0.25", &b, err, sizeof err), 0);
  double *d = simC_bufspec_make(&b);
  CU_ASSERT_PTR_NOT_NULL_FATAL(d);
  CU_ASSERT(d[0] == -0.25 && d[1] == -0.25);
  simI_mem_free(d);
  CU_ASSERT_EQUAL(simC_parse_bufspec("i64[3]", &b, err, sizeof err), 0);
  int64_t *z = simC_bufspec_make(&b);
  CU_ASSERT_PTR_NOT_NULL_FATAL(z);
  CU_ASSERT(z[0] == 0 && z[2] == 0);
  simI_mem_free(z);
}

static void test_format_elem(void) {
  char buf[64];
  float f = 0.1f;
  simC_format_elem(SIMI_ELEM_F32, &f, 0, buf, sizeof buf);
  CU_ASSERT_STRING_EQUAL(buf, "0.100000001");
  double d[2] = {1.0, 0.1};
  simC_format_elem(SIMI_ELEM_F64, d, 1, buf, sizeof buf);
  CU_ASSERT_STRING_EQUAL(buf, "0.10000000000000001");
  simC_format_elem(SIMI_ELEM_F64, d, 0, buf, sizeof buf);
  CU_ASSERT_STRING_EQUAL(buf, "1");
  /* whole numbers (the integer fast path) print as %.9g / %.17g would */
  float fw[6] = {1024.0f, -0.0f, 999999936.0f, 1e9f, -16777216.0f, 0.0f};
  const char *fwant[6] = {"1024", "-0", "999999936", "1e+09", "-16777216", "0"};
  for (int i = 0; i < 6; i++) {
    simC_format_elem(SIMI_ELEM_F32, fw, (uint64_t)i, buf, sizeof buf);
    CU_ASSERT_STRING_EQUAL(buf, fwant[i]);
  }
  double dw[4] = {-0.0, 99999999999999984.0, 1e17, -4503599627370497.0};
  const char *dwant[4] = {"-0", "99999999999999984", "1e+17", "-4503599627370497"};
  for (int i = 0; i < 4; i++) {
    simC_format_elem(SIMI_ELEM_F64, dw, (uint64_t)i, buf, sizeof buf);
    CU_ASSERT_STRING_EQUAL(buf, dwant[i]);
  }
  int8_t c[2] = {5, -1};
  simC_format_elem(SIMI_ELEM_I8, c, 1, buf, sizeof buf);
  CU_ASSERT_STRING_EQUAL(buf, "-1");
  simC_format_elem(SIMI_ELEM_U8, c, 1, buf, sizeof buf);
  CU_ASSERT_STRING_EQUAL(buf, "255");
  uint64_t m = UINT64_MAX;
  simC_format_elem(SIMI_ELEM_U64, &m, 0, buf, sizeof buf);
  CU_ASSERT_STRING_EQUAL(buf, "18446744073709551615");
  simC_format_elem(SIMI_ELEM_I64, &m, 0, buf, sizeof buf);
  CU_ASSERT_STRING_EQUAL(buf, "-1");
  uint16_t h[2] = {1, 0x8000};
  simC_format_elem(SIMI_ELEM_I16, h, 1, buf, sizeof buf);
  CU_ASSERT_STRING_EQUAL(buf, "-32768");
}

/* ------------------------------------------------------- --arg values */

static void test_argval(void) {
  simC_argval v;
  CU_ASSERT_EQUAL(simC_parse_argval("42", &v, err, sizeof err), 0);
  CU_ASSERT(v.kind == SIMC_ARG_NUMBER && v.num.u == 42);
  CU_ASSERT_EQUAL(simC_parse_argval("null", &v, err, sizeof err), 0);
  CU_ASSERT(v.kind == SIMC_ARG_NULL);
  CU_ASSERT_EQUAL(simC_parse_argval("f64[8]=iota", &v, err, sizeof err), 0);
  CU_ASSERT(v.kind == SIMC_ARG_BUFFER && v.buf.elem == SIMI_ELEM_F64 && v.buf.count == 8);
  CU_ASSERT_EQUAL(simC_parse_argval("{1,2.5}", &v, err, sizeof err), 0);
  CU_ASSERT_EQUAL_FATAL(v.kind, SIMC_ARG_STRUCT);
  CU_ASSERT_EQUAL_FATAL(v.nfields, 2);
  CU_ASSERT(v.fields[0].kind == SIMC_ARG_NUMBER && v.fields[0].num.is_int &&
            v.fields[0].num.u == 1);
  CU_ASSERT(v.fields[1].kind == SIMC_ARG_NUMBER && !v.fields[1].num.is_int &&
            v.fields[1].num.d == 2.5);
  simC_argval_free(&v);
  /* nested braces are flattened; buffers and null are fields too */
  CU_ASSERT_EQUAL(simC_parse_argval("{ -1, {2, 3}, i32[4]=7, null }", &v, err, sizeof err), 0);
  CU_ASSERT_EQUAL_FATAL(v.nfields, 5);
  CU_ASSERT(v.fields[0].num.neg && v.fields[2].num.u == 3);
  CU_ASSERT(v.fields[3].kind == SIMC_ARG_BUFFER && v.fields[3].buf.count == 4 &&
            v.fields[3].buf.fill_bits == 7);
  CU_ASSERT(v.fields[4].kind == SIMC_ARG_NULL);
  simC_argval_free(&v);
  CU_ASSERT_EQUAL(simC_parse_argval("{}", &v, err, sizeof err), 0);
  CU_ASSERT(v.kind == SIMC_ARG_STRUCT && v.nfields == 0);
  simC_argval_free(&v);
  const char *bad[] = {"", "{1,,2}", "{1,2", "{1,2}}", "{1,}", "{x}", "i32[4]=q",
                       "{1,{2}", "hello"};
  for (unsigned i = 0; i < sizeof bad / sizeof *bad; i++) {
    err[0] = 0;
    CU_ASSERT_EQUAL(simC_parse_argval(bad[i], &v, err, sizeof err), -1);
    CU_ASSERT(err[0] != 0);
    CU_ASSERT_PTR_NULL(v.fields);
  }
}

/* tmap:TYPE:DIMS:BOX=FILL: the fields of simulee's CUtensorMap in order
 * (cuda/simulee_tensormap.h), the tensor a buffer field */
static void test_tmapspec(void) {
  simC_argval v;
  CU_ASSERT_EQUAL_FATAL(simC_parse_argval("tmap:u16:24x5x3:8x2x1=iota", &v, err, sizeof err), 0);
  CU_ASSERT_EQUAL_FATAL(v.kind, SIMC_ARG_STRUCT);
  CU_ASSERT_EQUAL_FATAL(v.nfields, 27);
  const uint64_t want[27] = {0x50414d54u, 1, 3, 2, 0, 24, 5, 3, 1, 1, 0, 48, 240, 0, 0,
                             8, 2, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0};
  for (unsigned i = 0; i < 27; i++) {
    if (i == 4) continue;
    CU_ASSERT(v.fields[i].kind == SIMC_ARG_NUMBER && v.fields[i].num.u == want[i]);
  }
  CU_ASSERT(v.fields[4].kind == SIMC_ARG_BUFFER && v.fields[4].buf.elem == SIMI_ELEM_U16 &&
            v.fields[4].buf.count == 360 && v.fields[4].buf.fill == SIMC_FILL_IOTA);
  simC_argval_free(&v);
  CU_ASSERT_EQUAL_FATAL(simC_parse_tmapspec("tmap:f64:2:2", &v, err, sizeof err), 0);
  CU_ASSERT(v.nfields == 27 && v.fields[2].num.u == 1 && v.fields[3].num.u == 8 &&
            v.fields[4].buf.count == 2 && v.fields[4].buf.fill == SIMC_FILL_ZERO);
  simC_argval_free(&v);
  /* bad: type, missing box, box rank, box > 256, rows not of 16 bytes, junk */
  const char *bad[] = {"tmap:i8:16:16", "tmap:f16:16:16", "tmap:f32:16", "tmap:f32:16x4:4",
                       "tmap:f32:1024:512", "tmap:f32:16x4:2x2", "tmap:f32:6x4:4x4",
                       "tmap:f32:16:4:x", "tmap:f32:0:4", "tmap:f32:16x1x1x1x1x1:4x1x1x1x1x1",
                       "tmap:f32:16:4=q"};
  for (unsigned i = 0; i < sizeof bad / sizeof *bad; i++) {
    err[0] = 0;
    CU_ASSERT_EQUAL(simC_parse_argval(bad[i], &v, err, sizeof err), -1);
    CU_ASSERT(err[0] != 0);
    CU_ASSERT_PTR_NULL(v.fields);
  }
}

static void test_dims(void) {
  simI_dim3 d;
  CU_ASSERT(simC_parse_dims("4", &d, err, sizeof err) == 0 && d.x == 4 && d.y == 1 && d.z == 1);
  CU_ASSERT(simC_parse_dims("4,2", &d, err, sizeof err) == 0 && d.x == 4 && d.y == 2 && d.z == 1);
  CU_ASSERT(simC_parse_dims("4,2,3", &d, err, sizeof err) == 0 && d.z == 3);
  const char *bad[] = {"", "0", "4,", "4,2,3,1", "x", "-1", "4x2", "4,0", "99999999999", " 4"};
  for (unsigned i = 0; i < sizeof bad / sizeof *bad; i++)
    CU_ASSERT_EQUAL(simC_parse_dims(bad[i], &d, err, sizeof err), -1);
}

static void test_check_launch(void) {
  simI_dim3 one = {1, 1, 1};
  CU_ASSERT_EQUAL(simC_check_launch(one, (simI_dim3){1024, 1, 1}, err, sizeof err), 0);
  CU_ASSERT_EQUAL(simC_check_launch(one, (simI_dim3){2048, 1, 1}, err, sizeof err), -1);
  CU_ASSERT(strstr(err, "1024") != NULL);
  CU_ASSERT_EQUAL(simC_check_launch(one, (simI_dim3){32, 32, 1}, err, sizeof err), 0);
  CU_ASSERT_EQUAL(simC_check_launch(one, (simI_dim3){32, 33, 1}, err, sizeof err), -1);
  CU_ASSERT_EQUAL(simC_check_launch(one, (simI_dim3){1, 1, 65}, err, sizeof err), -1);
  CU_ASSERT_EQUAL(simC_check_launch((simI_dim3){1, 65536, 1}, one, err, sizeof err), -1);
  CU_ASSERT_EQUAL(simC_check_launch((simI_dim3){65536, 1, 1}, (simI_dim3){1024, 1, 1}, err,
                                    sizeof err), 0); /* exactly 2^26 threads */
  CU_ASSERT_EQUAL(simC_check_launch((simI_dim3){65537, 1, 1}, (simI_dim3){1024, 1, 1}, err,
                                    sizeof err), -1);
  CU_ASSERT_EQUAL(simC_check_launch((simI_dim3){2147483647u, 65535, 65535}, one, err,
                                    sizeof err), -1);
}

/* ----------------------------------------------------------- options */

static int parse(simC_options *o, const char *line) {
  static char buf[1024];
  static char *argv[64];
  snprintf(buf, sizeof buf, "%s", line);
  int argc = 0;
  for (char *save = NULL, *t = strtok_r(buf, " ", &save); t && argc < 63;
       t = strtok_r(NULL, " ", &save))
    argv[argc++] = t;
  argv[argc] = NULL;
  err[0] = 0;
  return simC_parse_options(argc, argv, o, err, sizeof err);
}

/* --args-file: the words of a file (a recorded launch) in its place, its
 * relative @FILE names made relative to the file's folder. */
static void test_args_file(void) {
  char dir[] = "/tmp/simulee_argsfile_XXXXXX";
  CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
  char path[256], line[600], bin[300], sub[300];
  static const char zeros[16];
  snprintf(sub, sizeof sub, "%s/l", dir);
  CU_ASSERT_EQUAL_FATAL(mkdir(sub, 0700), 0);
  snprintf(bin, sizeof bin, "%s/l/arg0.bin", dir);
  FILE *f = fopen(bin, "w");
  CU_ASSERT_PTR_NOT_NULL_FATAL(f);
  fwrite(zeros, 1, 16, f);
  fclose(f);
  snprintf(path, sizeof path, "%s/l.args", dir);
  f = fopen(path, "w");
  CU_ASSERT_PTR_NOT_NULL_FATAL(f);
  fprintf(f, "# a recorded launch\n--kernel\nk\n--grid\n8,1,1\n\n--arg\ni32[4]=@l/arg0.bin\n"
          "--arg\n{1,u8[2]=@%s}\n--arg\n-1\n", bin);
  fclose(f);
  simC_options o;
  snprintf(line, sizeof line, "simulee k.cu --args-file %s --block 32", path);
  CU_ASSERT_EQUAL_FATAL(parse(&o, line), 0);
  CU_ASSERT_STRING_EQUAL(o.kernel, "k");
  CU_ASSERT(o.have_grid && o.grid.x == 8 && o.have_block && o.block.x == 32);
  CU_ASSERT_EQUAL_FATAL(o.nargs, 3);
  snprintf(line, sizeof line, "i32[4]=@%s/l/arg0.bin", dir);
  CU_ASSERT_STRING_EQUAL(o.args[0], line);
  snprintf(line, sizeof line, "{1,u8[2]=@%s}", bin); /* absolute: as it is */
  CU_ASSERT_STRING_EQUAL(o.args[1], line);
  CU_ASSERT_STRING_EQUAL(o.args[2], "-1");
  simC_options_free(&o);
  /* a missing file, another --args-file inside, a --from folder without
   * an index: one-line errors */
  snprintf(line, sizeof line, "simulee k.cu --args-file %s/none.args", dir);
  CU_ASSERT_EQUAL(parse(&o, line), -1);
  CU_ASSERT_PTR_NOT_NULL(strstr(err, "none.args"));
  f = fopen(path, "w");
  CU_ASSERT_PTR_NOT_NULL_FATAL(f);
  fprintf(f, "--args-file\n%s\n", path);
  fclose(f);
  snprintf(line, sizeof line, "simulee k.cu --args-file %s", path);
  CU_ASSERT_EQUAL(parse(&o, line), -1);
  CU_ASSERT_PTR_NOT_NULL(strstr(err, "cannot name another"));
  snprintf(line, sizeof line, "simulee k.cu --from %s", dir);
  CU_ASSERT_EQUAL(parse(&o, line), -1);
  CU_ASSERT_PTR_NOT_NULL(strstr(err, "no recorded launches"));
  snprintf(line, sizeof line, "simulee k.cu --launches %s/none", dir);
  CU_ASSERT_EQUAL(parse(&o, line), -1);
  CU_ASSERT_PTR_NOT_NULL(strstr(err, "not a folder of recorded launches"));
  unlink(path);
  unlink(bin);
  rmdir(sub);
  rmdir(dir);
}

static void test_options(void) {
  simC_options o;
  CU_ASSERT_EQUAL_FATAL(
      parse(&o, "simulee --grid 4,2 k.cu --block 256 --shared 0x100 --arg i32[4]=iota "
                "--arg -3 --arg={1,2} --dump 0 --dump 2 -I inc -Ifoo -D N=3 -DX -O0 "
                "--kernel kern --stats --its --warp-size 16 --max-steps 1000 "
                "--format json -o out.json --quiet --no-color"),
      0);
  CU_ASSERT_STRING_EQUAL(o.file, "k.cu");
  CU_ASSERT(o.have_grid && o.grid.x == 4 && o.grid.y == 2 && o.grid.z == 1);
  CU_ASSERT(o.have_block && o.block.x == 256 && o.block.y == 1);
  CU_ASSERT_EQUAL(o.shared, 256);
  CU_ASSERT_EQUAL_FATAL(o.nargs, 3);
  CU_ASSERT_STRING_EQUAL(o.args[0], "i32[4]=iota");
  CU_ASSERT_STRING_EQUAL(o.args[1], "-3");
  CU_ASSERT_STRING_EQUAL(o.args[2], "{1,2}");
  CU_ASSERT_EQUAL_FATAL(o.ndumps, 2);
  CU_ASSERT(o.dumps[0] == 0 && o.dumps[1] == 2);
  CU_ASSERT_EQUAL_FATAL(o.ncflags, 4);
  CU_ASSERT_STRING_EQUAL(o.cflags[0], "-Iinc");
  CU_ASSERT_STRING_EQUAL(o.cflags[1], "-Ifoo");
  CU_ASSERT_STRING_EQUAL(o.cflags[2], "-DN=3");
  CU_ASSERT_STRING_EQUAL(o.cflags[3], "-DX");
  CU_ASSERT_EQUAL(o.opt_level, 0);
  CU_ASSERT_STRING_EQUAL(o.kernel, "kern");
  CU_ASSERT(o.stats && o.its && o.quiet && o.no_color);
  CU_ASSERT_EQUAL(o.warp_size, 16);
  CU_ASSERT_EQUAL(o.max_steps, 1000);
  CU_ASSERT_EQUAL(o.format, SIMD_FORMAT_JSON);
  CU_ASSERT_STRING_EQUAL(o.output, "out.json");
  CU_ASSERT(!o.help && !o.version);
  simC_options_free(&o);

  /* defaults */
  CU_ASSERT_EQUAL_FATAL(parse(&o, "simulee k.bc"), 0);
  CU_ASSERT(!o.have_grid && !o.have_block && o.opt_level == 2 &&
            o.format == SIMD_FORMAT_TEXT && o.nargs == 0 && !o.output && !o.kernel);
  /* Volta and later by default; same-value races are warnings; errors fail */
  CU_ASSERT(o.its && o.same_value == SIMD_SAME_VALUE_WARNING &&
            o.fail_on == SIMD_LEVEL_ERROR && !o.verbose);
  simC_options_free(&o);
  CU_ASSERT_EQUAL_FATAL(parse(&o, "simulee k.cu --warp-model lockstep --same-value-races off "
                                  "--fail-on note -v"), 0);
  CU_ASSERT(!o.its && o.same_value == SIMD_SAME_VALUE_OFF && o.fail_on == SIMD_LEVEL_NOTE &&
            o.verbose);
  simC_options_free(&o);
  CU_ASSERT_EQUAL_FATAL(parse(&o, "simulee k.cu --warp-model lockstep --its "
                                  "--same-value-races error --fail-on warning"), 0);
  CU_ASSERT(o.its && o.same_value == SIMD_SAME_VALUE_ERROR && o.fail_on == SIMD_LEVEL_WARNING);
  simC_options_free(&o);
  CU_ASSERT(parse(&o, "simulee --help") == 0 && o.help && !o.file);
  simC_options_free(&o);
  CU_ASSERT(parse(&o, "simulee -h") == 0 && o.help);
  simC_options_free(&o);
  CU_ASSERT(parse(&o, "simulee --version") == 0 && o.version);
  simC_options_free(&o);

  /* errors: one line naming the cause */
  struct { const char *line, *needle; } bad[] = {
    {"simulee k.cu --bogus", "--bogus"},
    {"simulee k.cu -x", "-x"},
    {"simulee k.cu --grid", "--grid"},
    {"simulee a.cu b.cu", "b.cu"},
    {"simulee k.cu -O5", "-O5"},
    {"simulee k.cu --format xml", "xml"},
    {"simulee k.cu --warp-size 0", "warp"},
    {"simulee k.cu --warp-model simt", "--warp-model"},
    {"simulee k.cu --same-value-races yes", "--same-value-races"},
    {"simulee k.cu --fail-on warnings", "--fail-on"},
    {"simulee k.cu --warp-size 65", "warp"},
    {"simulee k.cu --grid 0", "at least 1"},
    {"simulee k.cu --block 4,x", "--block"},
    {"simulee k.cu --arg i32[", "--arg"},
    {"simulee k.cu --arg 1.2.3", "not a number"},
    {"simulee k.cu --dump x", "--dump"},
    {"simulee k.cu --shared -1", "--shared"},
    {"simulee k.cu --shared 2000000000", "--shared"},
    {"simulee k.cu --max-steps 0", "--max-steps"},
  };
  for (unsigned i = 0; i < sizeof bad / sizeof *bad; i++) {
    CU_ASSERT_EQUAL(parse(&o, bad[i].line), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, bad[i].needle));
    CU_ASSERT_PTR_NULL(strchr(err, '\n'));
    CU_ASSERT_PTR_NULL(o.args);
  }
}

static void test_shell_append(void) {
  char b[128] = "";
  CU_ASSERT_EQUAL(simC_shell_append(b, sizeof b, "simulee"), 0);
  CU_ASSERT_EQUAL(simC_shell_append(b, sizeof b, "--arg"), 0);
  CU_ASSERT_EQUAL(simC_shell_append(b, sizeof b, "i32[4]=iota"), 0);
  CU_ASSERT_EQUAL(simC_shell_append(b, sizeof b, "it's"), 0);
  CU_ASSERT_EQUAL(simC_shell_append(b, sizeof b, "4,1,1"), 0);
  CU_ASSERT_EQUAL(simC_shell_append(b, sizeof b, ""), 0);
  CU_ASSERT_STRING_EQUAL(b, "simulee --arg 'i32[4]=iota' 'it'\\''s' 4,1,1 ''");
  char s[8] = "";
  CU_ASSERT_EQUAL(simC_shell_append(s, sizeof s, "toolongword"), -1);
  CU_ASSERT_STRING_EQUAL(s, "");
}

/* ------------------------------------------------------- finding list */

static simD_finding race(uint32_t a, uint32_t b, unsigned space, int ww) {
  simD_finding f;
  memset(&f, 0, sizeof f);
  f.kind = SIMD_DATA_RACE;
  f.site[0] = a;
  f.site[1] = b;
  f.space = space;
  f.write_write = ww;
  return f;
}

static void test_finding_list(void) {
  simD_list l;
  simD_list_init(&l);
  simD_finding f = race(3, 7, SIMI_SPACE_SHARED, 1);
  CU_ASSERT_EQUAL(simD_list_add(&l, &f), 0);
  CU_ASSERT_EQUAL(simD_list_add(&l, &f), 0);
  CU_ASSERT(l.n == 1 && l.v[0].count == 2); /* count 0 counts as 1 */
  simD_finding r = race(7, 3, SIMI_SPACE_SHARED, 1); /* same pair, other order */
  r.count = 5;
  CU_ASSERT_EQUAL(simD_list_add(&l, &r), 0);
  CU_ASSERT(l.n == 1 && l.v[0].count == 7);
  CU_ASSERT(l.v[0].site[0] == 3); /* the first witness stays */
  simD_finding g = race(3, 7, SIMI_SPACE_GLOBAL, 1);
  simD_finding rw = race(3, 7, SIMI_SPACE_SHARED, 0);
  CU_ASSERT_EQUAL(simD_list_add(&l, &g), 0);
  CU_ASSERT_EQUAL(simD_list_add(&l, &rw), 0);
  CU_ASSERT_EQUAL(l.n, 3);
  simD_finding d;
  memset(&d, 0, sizeof d);
  d.kind = SIMD_BARRIER_DIVERGENCE;
  d.site[0] = 3;
  d.site[1] = 7;
  CU_ASSERT_EQUAL(simD_list_add(&l, &d), 0);
  d.site[0] = 7; /* barrier and branch have roles: not the same bug */
  d.site[1] = 3;
  CU_ASSERT_EQUAL(simD_list_add(&l, &d), 0);
  CU_ASSERT_EQUAL(l.n, 5);
  for (unsigned i = 0; i < 40; i++) {
    simD_finding x = race(100 + i, UINT32_MAX, SIMI_SPACE_GLOBAL, 0);
    CU_ASSERT_EQUAL(simD_list_add(&l, &x), 0);
  }
  CU_ASSERT_EQUAL(l.n, 45);
  CU_ASSERT(l.cap >= 45);
  simD_finding big = race(3, 7, SIMI_SPACE_SHARED, 1);
  big.count = UINT64_MAX;
  CU_ASSERT_EQUAL(simD_list_add(&l, &big), 0);
  CU_ASSERT_EQUAL(l.v[0].count, UINT64_MAX); /* saturates */
  simD_list_free(&l);
  CU_ASSERT(l.v == NULL && l.n == 0 && l.cap == 0);
  CU_ASSERT_STRING_EQUAL(simD_kind_name(SIMD_DATA_RACE), "data-race");
  CU_ASSERT_STRING_EQUAL(simD_kind_name(SIMD_BARRIER_DIVERGENCE), "barrier-divergence");
  CU_ASSERT_STRING_EQUAL(simD_kind_name(SIMD_REDUNDANT_BARRIER), "redundant-barrier");
  CU_ASSERT_STRING_EQUAL(simD_kind_name(SIMD_OUT_OF_BOUNDS), "out-of-bounds");
  CU_ASSERT_STRING_EQUAL(simD_kind_name(SIMD_ASSERTION), "assertion");
}

/* ------------------------------------------------------------ reports */

/* A report with one racy kernel (a write-write shared race and a barrier
 * divergence) and one kernel that timed out. */
static void make_report(simD_report *rep, const char *src) {
  simD_report_init(rep);
  simD_list l;
  simD_list_init(&l);
  simD_finding f = race(10, 11, SIMI_SPACE_SHARED, 1);
  f.addr = SIMI_PTR_MAKE(SIMI_SPACE_SHARED, 0, 68);
  f.nthreads = 2;
  f.thread[0] = (simD_thread){{1, 0, 0}, {3, 0, 0}, SIMI_ACC_WRITE, 1, 7, 4};
  f.thread[1] = (simD_thread){{1, 0, 0}, {35, 0, 0}, SIMI_ACC_WRITE, 1, 9, 4};
  f.relation = SIMD_REL_OTHER_WARP;
  f.count = 3;
  snprintf(f.message, sizeof f.message, "tile[17] written by two warps");
  simD_list_add(&l, &f);
  simD_finding d;
  memset(&d, 0, sizeof d);
  d.kind = SIMD_BARRIER_DIVERGENCE;
  d.site[0] = 12;
  d.site[1] = UINT32_MAX;
  d.arrived = 32;
  d.missing = 224;
  simD_list_add(&l, &d);
  simD_loc locs[4] = {{src, 4, 3, "reduce"}, {src, 6, 12, "reduce"},
                      {src, 5, 5, "reduce"}, {"", 0, 0, ""}};
  const char *addrs[2] = {"shared 'tile' + 68", NULL};
  const char *args[2] = {"f32[512]=iota", "512"};
  simD_record r;
  memset(&r, 0, sizeof r);
  r.file = src;
  r.kernel = "_Z6reducePfi";
  r.name = "reduce";
  r.line = 2;
  r.status = SIMD_STATUS_CHECKED;
  r.has_launch = 1;
  r.grid = (simI_dim3){2, 1, 1};
  r.block = (simI_dim3){256, 1, 1};
  r.nargs = 2;
  r.args = args;
  r.insns = 123456;
  r.threads = 512;
  r.seconds = 0.5;
  r.findings = l;
  r.locs = locs;
  r.addrs = addrs;
  CU_ASSERT_EQUAL(simD_report_add(rep, &r, NULL, NULL), 0);
  simD_list_free(&l); /* the report holds its own copy */
  simD_record t;
  memset(&t, 0, sizeof t);
  t.file = src;
  t.kernel = "_Z4spinv";
  t.name = "spin";
  t.status = SIMD_STATUS_TIMEOUT;
  t.message = "step budget exhausted";
  CU_ASSERT_EQUAL(simD_report_add(rep, &t, NULL, NULL), 0);
}

static char *write_to_string(const simD_report *rep, simD_format fmt,
                             const simD_write_opts *o) {
  char *s = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&s, &n);
  CU_ASSERT_PTR_NOT_NULL_FATAL(f);
  CU_ASSERT_EQUAL(simD_report_write(f, rep, fmt, o), 0);
  fclose(f);
  return s;
}

static json_object *path(json_object *o, const char *p) {
  char buf[256];
  snprintf(buf, sizeof buf, "%s", p);
  for (char *save = NULL, *t = strtok_r(buf, ".", &save); t && o;
       t = strtok_r(NULL, ".", &save)) {
    if (json_object_is_type(o, json_type_array))
      o = json_object_array_get_idx(o, (size_t)atoi(t));
    else if (!json_object_object_get_ex(o, t, &o))
      return NULL;
  }
  return o;
}

static const char *pstr(json_object *o, const char *p) {
  json_object *v = path(o, p);
  return v && json_object_is_type(v, json_type_string) ? json_object_get_string(v) : "<none>";
}

static int64_t pint(json_object *o, const char *p) {
  json_object *v = path(o, p);
  return v && json_object_is_type(v, json_type_int) ? json_object_get_int64(v) : -999;
}

static size_t plen(json_object *o, const char *p) {
  json_object *v = path(o, p);
  return v && json_object_is_type(v, json_type_array) ? json_object_array_length(v) : 999;
}

static void test_report_json(void) {
  simD_report rep;
  make_report(&rep, "k.cu");
  CU_ASSERT_EQUAL(rep.n, 2);
  CU_ASSERT_EQUAL(simD_report_nfindings(&rep), 2);
  CU_ASSERT_EQUAL(simD_report_exit_status(&rep), 1);
  char *s = write_to_string(&rep, SIMD_FORMAT_JSON, NULL);
  json_object *doc = json_tokener_parse(s);
  CU_ASSERT_PTR_NOT_NULL_FATAL(doc);
  CU_ASSERT_STRING_EQUAL(pstr(doc, "tool.name"), "simulee");
  CU_ASSERT_STRING_EQUAL(pstr(doc, "tool.version"), SIMULEE_VERSION);
  CU_ASSERT_EQUAL(plen(doc, "kernels"), 2);
  CU_ASSERT_STRING_EQUAL(pstr(doc, "kernels.0.file"), "k.cu");
  CU_ASSERT_STRING_EQUAL(pstr(doc, "kernels.0.kernel"), "_Z6reducePfi");
  CU_ASSERT_STRING_EQUAL(pstr(doc, "kernels.0.name"), "reduce");
  CU_ASSERT_STRING_EQUAL(pstr(doc, "kernels.0.status"), "checked");
  CU_ASSERT_STRING_EQUAL(pstr(doc, "kernels.0.message"), "");
  CU_ASSERT_EQUAL(pint(doc, "kernels.0.launch.grid.0"), 2);
  CU_ASSERT_EQUAL(pint(doc, "kernels.0.launch.block.0"), 256);
  CU_ASSERT_EQUAL(pint(doc, "kernels.0.launch.block.2"), 1);
  CU_ASSERT_EQUAL(pint(doc, "kernels.0.launch.shared"), 0);
  CU_ASSERT_STRING_EQUAL(pstr(doc, "kernels.0.launch.args.0"), "f32[512]=iota");
  CU_ASSERT_STRING_EQUAL(pstr(doc, "kernels.0.launch.args.1"), "512");
  CU_ASSERT_EQUAL(pint(doc, "kernels.0.stats.instructions"), 123456);
  CU_ASSERT_EQUAL(pint(doc, "kernels.0.stats.threads"), 512);
  CU_ASSERT_DOUBLE_EQUAL(json_object_get_double(path(doc, "kernels.0.stats.ips")), 246912.0, 1e-6);
  CU_ASSERT_EQUAL(plen(doc, "kernels.0.findings"), 2);
  CU_ASSERT_STRING_EQUAL(pstr(doc, "kernels.0.findings.0.kind"), "data-race");
  CU_ASSERT_STRING_EQUAL(pstr(doc, "kernels.0.findings.0.space"), "shared");
  CU_ASSERT_STRING_EQUAL(pstr(doc, "kernels.0.findings.0.access"), "write-write");
  CU_ASSERT_STRING_EQUAL(pstr(doc, "kernels.0.findings.0.relation"), "other-warp");
  CU_ASSERT_STRING_EQUAL(pstr(doc, "kernels.0.findings.0.address"), "shared 'tile' + 68");
  CU_ASSERT_STRING_EQUAL(pstr(doc, "kernels.0.findings.0.headline"),
                         "data race (write-write, shared memory) on 'tile' + 68");
  CU_ASSERT_EQUAL(plen(doc, "kernels.0.findings.0.locations"), 2);
  CU_ASSERT_STRING_EQUAL(pstr(doc, "kernels.0.findings.0.locations.0.file"), "k.cu");
  CU_ASSERT_EQUAL(pint(doc, "kernels.0.findings.0.locations.0.line"), 4);
  CU_ASSERT_EQUAL(pint(doc, "kernels.0.findings.0.locations.0.column"), 3);
  CU_ASSERT_STRING_EQUAL(pstr(doc, "kernels.0.findings.0.locations.0.function"), "reduce");
  CU_ASSERT_EQUAL(pint(doc, "kernels.0.findings.0.locations.1.line"), 6);
  CU_ASSERT_EQUAL(plen(doc, "kernels.0.findings.0.threads"), 2);
  CU_ASSERT_EQUAL(pint(doc, "kernels.0.findings.0.threads.1.thread.0"), 35);
  CU_ASSERT_EQUAL(pint(doc, "kernels.0.findings.0.threads.1.block.0"), 1);
  CU_ASSERT_STRING_EQUAL(pstr(doc, "kernels.0.findings.0.threads.0.access"), "write");
  CU_ASSERT_EQUAL(pint(doc, "kernels.0.findings.0.threads.0.value"), 7);
  CU_ASSERT_EQUAL(pint(doc, "kernels.0.findings.0.count"), 3);
  CU_ASSERT_STRING_EQUAL(pstr(doc, "kernels.0.findings.0.message"), "tile[17] written by two warps");
  CU_ASSERT_STRING_EQUAL(pstr(doc, "kernels.0.findings.1.kind"), "barrier-divergence");
  CU_ASSERT_EQUAL(plen(doc, "kernels.0.findings.1.locations"), 1);
  CU_ASSERT_EQUAL(pint(doc, "kernels.0.findings.1.arrived"), 32);
  CU_ASSERT_EQUAL(pint(doc, "kernels.0.findings.1.missing"), 224);
  CU_ASSERT_PTR_NULL(path(doc, "kernels.0.findings.1.access"));
  CU_ASSERT_STRING_EQUAL(pstr(doc, "kernels.1.status"), "timeout");
  CU_ASSERT_STRING_EQUAL(pstr(doc, "kernels.1.message"), "step budget exhausted");
  CU_ASSERT_EQUAL(plen(doc, "kernels.1.findings"), 0);
  CU_ASSERT_TRUE(json_object_is_type(path(doc, "kernels.1.launch"), json_type_null));
  CU_ASSERT_EQUAL(pint(doc, "summary.findings"), 2);
  json_object_put(doc);
  free(s);
  simD_report_free(&rep);
  CU_ASSERT(rep.n == 0 && rep.v == NULL);

  /* exit statuses: only a timeout -> 3, nothing -> 0 */
  simD_record t;
  memset(&t, 0, sizeof t);
  t.file = "a.bc";
  t.kernel = "k";
  t.status = SIMD_STATUS_CHECKED;
  CU_ASSERT_EQUAL(simD_report_exit_status(&rep), 0);
  CU_ASSERT_EQUAL(simD_report_add(&rep, &t, NULL, NULL), 0);
  CU_ASSERT_EQUAL(simD_report_exit_status(&rep), 0);
  t.status = SIMD_STATUS_UNSUPPORTED;
  CU_ASSERT_EQUAL(simD_report_add(&rep, &t, NULL, NULL), 0);
  CU_ASSERT_EQUAL(simD_report_exit_status(&rep), 3);
  CU_ASSERT_STRING_EQUAL(rep.v[0].name, "k"); /* name defaults to kernel */
  simD_report_free(&rep);
}

static void test_report_json_dumps(void) {
  simD_report rep;
  simD_report_init(&rep);
  float f[3] = {0.1f, 1.0f, NAN};
  int32_t i[2] = {-5, 7};
  simD_dump d[2] = {{0, SIMI_ELEM_F32, 3, f}, {2, SIMI_ELEM_I32, 2, i}};
  simD_record r;
  memset(&r, 0, sizeof r);
  r.file = "k.cu";
  r.kernel = "k";
  r.ndumps = 2;
  r.dumps = d;
  CU_ASSERT_EQUAL(simD_report_add(&rep, &r, NULL, NULL), 0);
  f[0] = 99.0f; /* the report copied the data */
  char *s = write_to_string(&rep, SIMD_FORMAT_JSON, NULL);
  CU_ASSERT_PTR_NOT_NULL(strstr(s, "0.100000001"));
  json_object *doc = json_tokener_parse(s);
  CU_ASSERT_PTR_NOT_NULL_FATAL(doc);
  CU_ASSERT_EQUAL(pint(doc, "kernels.0.dumps.0.param"), 0);
  CU_ASSERT_STRING_EQUAL(pstr(doc, "kernels.0.dumps.0.type"), "f32");
  CU_ASSERT_DOUBLE_EQUAL(json_object_get_double(path(doc, "kernels.0.dumps.0.values.0")),
                         0.100000001, 1e-12);
  CU_ASSERT_STRING_EQUAL(pstr(doc, "kernels.0.dumps.0.values.2"), "nan");
  CU_ASSERT_EQUAL(pint(doc, "kernels.0.dumps.1.param"), 2);
  CU_ASSERT_EQUAL(pint(doc, "kernels.0.dumps.1.values.0"), -5);
  CU_ASSERT_EQUAL(pint(doc, "kernels.0.dumps.1.values.1"), 7);
  json_object_put(doc);
  free(s);
  simD_report_free(&rep);
}

static void test_report_sarif(void) {
  simD_report rep;
  make_report(&rep, "/proj/src/k.cu");
  simD_write_opts o = {0, 0, 1, "/proj", 0};
  char *s = write_to_string(&rep, SIMD_FORMAT_SARIF, &o);
  json_object *doc = json_tokener_parse(s);
  CU_ASSERT_PTR_NOT_NULL_FATAL(doc);
  CU_ASSERT_STRING_EQUAL(pstr(doc, "version"), "2.1.0");
  CU_ASSERT_PTR_NOT_NULL(strstr(pstr(doc, "$schema"), "sarif"));
  CU_ASSERT_EQUAL(plen(doc, "runs"), 1);
  CU_ASSERT_STRING_EQUAL(pstr(doc, "runs.0.tool.driver.name"), "simulee");
  CU_ASSERT_EQUAL(plen(doc, "runs.0.tool.driver.rules"), SIMD_KIND_COUNT);
  for (unsigned k = 0; k < SIMD_KIND_COUNT; k++) {
    char p[64];
    snprintf(p, sizeof p, "runs.0.tool.driver.rules.%u.id", k);
    CU_ASSERT_STRING_EQUAL(pstr(doc, p), simD_kind_name((simD_kind)k));
    snprintf(p, sizeof p, "runs.0.tool.driver.rules.%u.shortDescription.text", k);
    CU_ASSERT(strlen(pstr(doc, p)) > 10);
  }
  CU_ASSERT_STRING_EQUAL(pstr(doc, "runs.0.tool.driver.rules.2.defaultConfiguration.level"),
                         "warning");
  CU_ASSERT_EQUAL(plen(doc, "runs.0.results"), 2);
  CU_ASSERT_STRING_EQUAL(pstr(doc, "runs.0.results.0.ruleId"), "data-race");
  CU_ASSERT_EQUAL(pint(doc, "runs.0.results.0.ruleIndex"), 0);
  CU_ASSERT_STRING_EQUAL(pstr(doc, "runs.0.results.0.level"), "error");
  CU_ASSERT_STRING_EQUAL(
      pstr(doc, "runs.0.results.0.locations.0.physicalLocation.artifactLocation.uri"),
      "src/k.cu");
  CU_ASSERT_EQUAL(pint(doc, "runs.0.results.0.locations.0.physicalLocation.region.startLine"), 4);
  CU_ASSERT_EQUAL(pint(doc, "runs.0.results.0.locations.0.physicalLocation.region.startColumn"), 3);
  CU_ASSERT_EQUAL(plen(doc, "runs.0.results.0.relatedLocations"), 1);
  CU_ASSERT_EQUAL(pint(doc, "runs.0.results.0.relatedLocations.0.id"), 1);
  CU_ASSERT_EQUAL(
      pint(doc, "runs.0.results.0.relatedLocations.0.physicalLocation.region.startLine"), 6);
  CU_ASSERT_EQUAL(
      pint(doc, "runs.0.results.0.relatedLocations.0.physicalLocation.region.startColumn"), 12);
  const char *text = pstr(doc, "runs.0.results.0.message.text");
  CU_ASSERT_PTR_NOT_NULL(strstr(text, "data race (write-write, shared memory) on 'tile' + 68"));
  CU_ASSERT_PTR_NOT_NULL(strstr(text, "block (1,0,0) thread (35,0,0)"));
  CU_ASSERT_PTR_NOT_NULL(strstr(text, "[here](1)"));
  CU_ASSERT_PTR_NOT_NULL(strstr(text, "grid 2,1,1 block 256,1,1"));
  CU_ASSERT_STRING_EQUAL(pstr(doc, "runs.0.results.1.ruleId"), "barrier-divergence");
  CU_ASSERT_EQUAL(pint(doc, "runs.0.results.1.ruleIndex"), 1);
  CU_ASSERT_PTR_NULL(path(doc, "runs.0.results.1.relatedLocations"));
  CU_ASSERT_EQUAL(plen(doc, "runs.0.invocations.0.toolExecutionNotifications"), 1);
  CU_ASSERT_PTR_NOT_NULL(strstr(
      pstr(doc, "runs.0.invocations.0.toolExecutionNotifications.0.message.text"), "timeout"));
  CU_ASSERT_TRUE(json_object_get_boolean(path(doc, "runs.0.invocations.0.executionSuccessful")));
  json_object_put(doc);
  free(s);
  simD_report_free(&rep);
}

static void test_report_text(void) {
  simD_report rep;
  make_report(&rep, "k.cu");
  simD_write_opts o = {0, 0, 1, NULL, 0};
  char *s = write_to_string(&rep, SIMD_FORMAT_TEXT, &o);
  const char *want =
      "simulee: kernel reduce: checked (grid 2,1,1 block 256,1,1), 123456 instructions, "
      "2 findings\n"
      "k.cu:4:3: error: data race (write-write, shared memory) on 'tile' + 68\n"
      "k.cu:6:12: note: the other access\n"
      "note: threads block (1,0,0) thread (3,0,0) write of 4 bytes, value 0x7 and "
      "block (1,0,0) thread (35,0,0) write of 4 bytes, value 0x9 (different warps)\n"
      "note: tile[17] written by two warps\n"
      "note: 3 dynamic instances\n"
      "note: kernel reduce, launch grid 2,1,1 block 256,1,1 args f32[512]=iota 512\n"
      "k.cu:5:5: error: barrier divergence: 32 threads of the block reached this barrier, "
      "224 did not\n"
      "note: kernel reduce, launch grid 2,1,1 block 256,1,1 args f32[512]=iota 512\n"
      "simulee: kernel spin: timeout: step budget exhausted\n";
  CU_ASSERT_STRING_EQUAL(s, want);
  free(s);
  /* quiet drops the status line of checked kernels only */
  o.quiet = 1;
  s = write_to_string(&rep, SIMD_FORMAT_TEXT, &o);
  CU_ASSERT_PTR_NULL(strstr(s, "checked"));
  CU_ASSERT_PTR_NOT_NULL(strstr(s, "simulee: kernel spin: timeout"));
  free(s);
  /* colour only when asked */
  o.quiet = 0;
  o.color = 1;
  s = write_to_string(&rep, SIMD_FORMAT_TEXT, &o);
  CU_ASSERT_PTR_NOT_NULL(strstr(s, "\033[1;31merror:"));
  free(s);
  simD_report_free(&rep);
}

static void test_report_source_quote(void) {
  char tmpl[] = "/tmp/simulee-unit-XXXXXX.cu";
  int fd = mkstemps(tmpl, 3);
  CU_ASSERT_FATAL(fd >= 0);
  FILE *f = fdopen(fd, "w");
  fputs("__global__ void k(int *a) {\n\ta[0] = 1;\n}\n", f);
  fclose(f);
  simD_report rep;
  simD_report_init(&rep);
  simD_list l;
  simD_list_init(&l);
  simD_finding x = race(1, UINT32_MAX, SIMI_SPACE_GLOBAL, 1);
  /* a detector message repeating the headline is not printed again */
  snprintf(x.message, sizeof x.message,
           "data race (write-write, global memory) on buffer 'a' + 0: twice");
  simD_list_add(&l, &x);
  simD_loc locs[2] = {{tmpl, 2, 3, "k"}, {"", 0, 0, ""}};
  const char *addrs[1] = {"buffer 'a' + 0"};
  simD_record r;
  memset(&r, 0, sizeof r);
  r.file = tmpl;
  r.kernel = "k";
  r.findings = l;
  r.locs = locs;
  r.addrs = addrs;
  r.replay = "simulee k.cu --grid 2,1,1 --block 1,1,1 --arg 'i32[1]'";
  CU_ASSERT_EQUAL(simD_report_add(&rep, &r, NULL, NULL), 0);
  simD_list_free(&l);
  simD_write_opts o = {0, 1, 0, NULL, 0};
  char *s = write_to_string(&rep, SIMD_FORMAT_TEXT, &o);
  char want[1024];
  snprintf(want, sizeof want,
           "%s:2:3: error: data race (write-write, global memory) on buffer 'a' + 0\n"
           "    2 | \ta[0] = 1;\n"
           "      | \t ^\n"
           "note: reproduce with: simulee k.cu --grid 2,1,1 --block 1,1,1 --arg 'i32[1]'\n",
           tmpl);
  CU_ASSERT_STRING_EQUAL(s, want);
  free(s);
  simD_report_free(&rep);
  remove(tmpl);
}

static void test_names(void) {
  simD_format f;
  CU_ASSERT(simD_format_parse("sarif", &f) == 0 && f == SIMD_FORMAT_SARIF);
  CU_ASSERT(simD_format_parse("json", &f) == 0 && f == SIMD_FORMAT_JSON);
  CU_ASSERT(simD_format_parse("text", &f) == 0 && f == SIMD_FORMAT_TEXT);
  CU_ASSERT_EQUAL(simD_format_parse("JSON", &f), -1);
  CU_ASSERT_STRING_EQUAL(simD_status_name(simD_status_from_interp(SIMI_OK)), "checked");
  CU_ASSERT_STRING_EQUAL(simD_status_name(simD_status_from_interp(SIMI_E_TIMEOUT)), "timeout");
  CU_ASSERT_STRING_EQUAL(simD_status_name(simD_status_from_interp(SIMI_E_UNSUPPORTED)),
                         "unsupported");
  CU_ASSERT_STRING_EQUAL(simD_status_name(simD_status_from_interp(SIMI_E_TRAP)), "error");
  CU_ASSERT_STRING_EQUAL(simD_space_name(SIMI_SPACE_CONST), "constant");
  CU_ASSERT_STRING_EQUAL(simD_kind_level(SIMD_REDUNDANT_BARRIER), "warning");
  CU_ASSERT_STRING_EQUAL(simD_kind_level(SIMD_OUT_OF_BOUNDS), "error");
}

/* Resource bounds of the options: byte counts with suffixes, maxima, the
 * defaults that stop a run (issue 14). */
static void test_bounds(void) {
  char err[256];
  uint64_t v = 0;
  CU_ASSERT_EQUAL(simC_parse_bytes("4096", UINT64_MAX, &v, err, sizeof err), 0);
  CU_ASSERT_EQUAL(v, 4096);
  CU_ASSERT_EQUAL(simC_parse_bytes("3k", UINT64_MAX, &v, err, sizeof err), 0);
  CU_ASSERT_EQUAL(v, 3072);
  CU_ASSERT_EQUAL(simC_parse_bytes("64M", UINT64_MAX, &v, err, sizeof err), 0);
  CU_ASSERT_EQUAL(v, (uint64_t)64 << 20);
  CU_ASSERT_EQUAL(simC_parse_bytes("2GB", UINT64_MAX, &v, err, sizeof err), 0);
  CU_ASSERT_EQUAL(v, (uint64_t)2 << 30);
  CU_ASSERT_EQUAL(simC_parse_bytes("0", UINT64_MAX, &v, err, sizeof err), 0);
  CU_ASSERT_EQUAL(v, 0);
  /* 2^34 G overflows 64 bits: an error, never a wrapped small value */
  CU_ASSERT_EQUAL(simC_parse_bytes("17179869184G", UINT64_MAX, &v, err, sizeof err), -1);
  CU_ASSERT_EQUAL(simC_parse_bytes("18446744073709551616", UINT64_MAX, &v, err, sizeof err), -1);
  CU_ASSERT_EQUAL(simC_parse_bytes("2K", 1024, &v, err, sizeof err), -1);
  CU_ASSERT_STRING_EQUAL(err, "'2K': at most 1024 bytes");
  CU_ASSERT_EQUAL(simC_parse_bytes("12Q", UINT64_MAX, &v, err, sizeof err), -1);
  CU_ASSERT_EQUAL(simC_parse_bytes("-1", UINT64_MAX, &v, err, sizeof err), -1);
  CU_ASSERT_EQUAL(simC_parse_bytes("", UINT64_MAX, &v, err, sizeof err), -1);
  CU_ASSERT_EQUAL(simC_parse_bytes("1KK", UINT64_MAX, &v, err, sizeof err), -1);

  simC_options o;
  /* defaults: a wall-clock limit per kernel and a memory cap for every launch */
  CU_ASSERT_EQUAL_FATAL(parse(&o, "simulee k.bc"), 0);
  CU_ASSERT_EQUAL(o.time_limit, SIMC_DEFAULT_TIME_LIMIT);
  CU_ASSERT(o.mem_limit > 0 && o.mem_limit == simC_default_mem_limit());
  CU_ASSERT(!o.have_time_limit && !o.have_mem_limit);
  simC_options_free(&o);
  CU_ASSERT_EQUAL_FATAL(parse(&o, "simulee k.bc --time-limit 0 --mem-limit 0"), 0);
  CU_ASSERT(o.time_limit == 0 && o.mem_limit == 0 && o.have_time_limit && o.have_mem_limit);
  simC_options_free(&o);
  CU_ASSERT_EQUAL_FATAL(parse(&o, "simulee k.bc --mem-limit 1G --time-limit 2.5"), 0);
  CU_ASSERT(o.time_limit == 2.5 && o.mem_limit == (uint64_t)1 << 30);
  simC_options_free(&o);
  /* 2^64-1 steps: wrapped to 0 (no limit) in the interpreter before */
  CU_ASSERT_EQUAL(parse(&o, "simulee k.bc --max-steps 18446744073709551615"), -1);
  CU_ASSERT_EQUAL(parse(&o, "simulee k.bc --max-steps 1000000000001"), -1);
  CU_ASSERT_EQUAL_FATAL(parse(&o, "simulee k.bc --max-steps 1000000000000"), 0);
  CU_ASSERT_EQUAL(o.max_steps, SIMC_MAX_STEPS);
  simC_options_free(&o);
  CU_ASSERT_EQUAL(parse(&o, "simulee k.bc --time-limit -1"), -1);
  CU_ASSERT_EQUAL(parse(&o, "simulee k.bc --time-limit nan"), -1);
  CU_ASSERT_EQUAL(parse(&o, "simulee k.bc --time-limit inf"), -1);
  CU_ASSERT_EQUAL(parse(&o, "simulee k.bc --mem-limit 100"), -1);
  CU_ASSERT_EQUAL(parse(&o, "simulee k.bc --jobs 99999999999999999999"), -1);
  CU_ASSERT_EQUAL(parse(&o, "simulee k.bc --population 4294967297"), -1);
  CU_ASSERT_EQUAL(parse(&o, "simulee k.bc --dump 4294967296"), -1);
  CU_ASSERT_EQUAL(parse(&o, "simulee k.bc --shared 0x10000000000000000"), -1);
}

int test_cli_register(void) {
  CU_pSuite s = CU_add_suite("cli", NULL, NULL);
  if (!s) return -1;
  struct { const char *name; void (*fn)(void); } t[] = {
    {"numbers", test_numbers},
    {"number_to_int", test_number_to_int},
    {"number_to_float", test_number_to_float},
    {"bufspec", test_bufspec},
    {"bufspec_make", test_bufspec_make},
    {"format_elem", test_format_elem},
    {"argval", test_argval},
    {"tmapspec", test_tmapspec},
    {"dims", test_dims},
    {"check_launch", test_check_launch},
    {"options", test_options},
    {"args_file", test_args_file},
    {"bounds", test_bounds},
    {"shell_append", test_shell_append},
    {"finding_list", test_finding_list},
    {"report_json", test_report_json},
    {"report_json_dumps", test_report_json_dumps},
    {"report_sarif", test_report_sarif},
    {"report_text", test_report_text},
    {"report_source_quote", test_report_source_quote},
    {"names", test_names},
  };
  for (unsigned i = 0; i < sizeof t / sizeof *t; i++)
    if (!CU_add_test(s, t[i].name, t[i].fn)) return -1;
  return 0;
}
