/*
 * Fuzz target: the command-line grammars of cli/args.c. The first byte picks
 * the grammar, the rest is the text: an --arg value (simC_parse_argval; a
 * buffer spec of at most 1 MiB is also materialised with simC_bufspec_make),
 * a number (and its conversions to every integer and float width), launch
 * dimensions (and the launch check), a byte count, or a whole command line
 * (words separated by newlines, simC_parse_options). Seeds:
 * tests/fuzz/corpus/args/.
 */
#include "cli/cli.h"
#include "tests/fuzz/fuzz_common.h"

static void argval(const char *s) {
  char err[512];
  simC_argval v;
  if (simC_arg_is_search(s) || simC_parse_argval(s, &v, err, sizeof err) < 0) return;
  if (v.kind == SIMC_ARG_BUFFER &&
      v.buf.count * simC_elem_size(v.buf.elem) <= ((uint64_t)1 << 20)) {
    void *b = simC_bufspec_make(&v.buf);
    if (b && v.buf.count) {
      char e[64];
      simC_format_elem(v.buf.elem, b, v.buf.count - 1, e, sizeof e);
    }
    simI_mem_free(b);
  }
  simC_argval_free(&v);
}

static void number(const char *s) {
  char err[512];
  simC_number n;
  if (simC_parse_number(s, &n, err, sizeof err) < 0) return;
  uint64_t out;
  for (unsigned bits = 1; bits <= 64; bits++)
    (void)simC_number_to_int(&n, bits, &out, err, sizeof err);
  (void)simC_number_to_float(&n, 16, &out, err, sizeof err);
  (void)simC_number_to_float(&n, 32, &out, err, sizeof err);
  (void)simC_number_to_float(&n, 64, &out, err, sizeof err);
}

static void dims(const char *s) {
  char err[512];
  simI_dim3 d;
  if (simC_parse_dims(s, &d, err, sizeof err) == 0)
    (void)simC_check_launch(d, d, err, sizeof err);
}

static void options(char *s) {
  char *argv[130];
  int argc = 0;
  argv[argc++] = "simulee";
  for (char *p = s; argc < 128;) {
    argv[argc++] = p;
    char *nl = strchr(p, '\n');
    if (!nl) break;
    *nl = 0;
    p = nl + 1;
  }
  argv[argc] = NULL;
  char err[1024];
  simC_options o;
  if (simC_parse_options(argc, argv, &o, err, sizeof err) == 0) simC_options_free(&o);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1 || size > 4096) return 0;
  char *s = fuzz_string(data + 1, size - 1);
  if (!s) return 0;
  char err[512];
  uint64_t b;
  switch (data[0] % 5) {
  case 0: argval(s); break;
  case 1: number(s); break;
  case 2: dims(s); break;
  case 3: (void)simC_parse_bytes(s, UINT64_MAX, &b, err, sizeof err); break;
  default: options(s); break;
  }
  free(s);
  return 0;
}
