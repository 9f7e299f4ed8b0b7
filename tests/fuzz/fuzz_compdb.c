/*
 * Fuzz target: the compilation-database reader of `simulee scan`
 * (read_db and discover of cli/scan.c, static there: this file includes
 * scan.c to reach them). The input is written to a temporary
 * compile_commands.json and discovered as a scan would: entries, their
 * directories, the flags of `arguments` or a shell-quoted `command`, report
 * paths. Nothing is compiled. Seeds: tests/fuzz/corpus/compdb/.
 */
#include <stdio.h>

/* scan.c's messages (one line per rejected database) go to /dev/null, not to
 * the fuzzer's log; libFuzzer's and the sanitizers' output is unchanged */
static FILE *fuzz_quiet;
#undef stderr
#define stderr (fuzz_quiet ? fuzz_quiet : (fuzz_quiet = fopen("/dev/null", "w")))
#include "cli/scan.c"
#include "tests/fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 65536) return 0;
  char path[4096];
  if (fuzz_write_temp(data, size, ".json", path, sizeof path) < 0) return 0;
  simC_options o;
  memset(&o, 0, sizeof o);
  scan sc;
  memset(&sc, 0, sizeof sc);
  sc.o = &o;
  sc.cwd = strdup("/tmp/simulee-fuzz");
  if (sc.cwd) (void)discover(&sc, path, NULL);
  for (unsigned i = 0; i < sc.ntu; i++) tu_free(&sc.tus[i]);
  free(sc.tus);
  for (unsigned i = 0; i < sc.nincs; i++) free(sc.incs[i]);
  free(sc.incs);
  free(sc.root);
  free(sc.cwd);
  simD_report_free(&sc.rep);
  unlink(path);
  return 0;
}
