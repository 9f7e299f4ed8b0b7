/*
 * Fuzz target: the suppressions file (cli/suppress.c). The input is written
 * to a temporary file and loaded with simC_supp_load; each of its lines is
 * also read as a source line for an inline `simulee: ignore` comment. Seeds:
 * tests/fuzz/corpus/supp/.
 */
#include "cli/cli.h"
#include "tests/fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 65536) return 0;
  char path[4096];
  if (fuzz_write_temp(data, size, ".supp", path, sizeof path) < 0) return 0;
  simC_suppressions s;
  simC_supp_init(&s);
  char err[1024];
  (void)simC_supp_load(&s, path, err, sizeof err);
  simC_supp_free(&s);
  unlink(path);
  char *text = fuzz_string(data, size);
  if (!text) return 0;
  for (char *line = text, *nl; line; line = nl ? nl + 1 : NULL) {
    nl = strchr(line, '\n');
    if (nl) *nl = 0;
    (void)simC_inline_suppression(line);
  }
  free(text);
  return 0;
}
