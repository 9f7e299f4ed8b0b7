/*
 * Fuzz target: the compilation-database reader of `simulee scan`
 * (scan_discover of cli/scan_walk.c and its static read_db). The input is
 * written to a temporary compile_commands.json and discovered as a scan
 * would: entries, their directories, the flags of `arguments` or a
 * shell-quoted `command`, report paths. Nothing is compiled. Seeds:
 * tests/fuzz/corpus/compdb/.
 */
#include "cli/scan_int.h"
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
  if (sc.cwd) (void)scan_discover(&sc, path, NULL);
  for (unsigned i = 0; i < sc.ntu; i++) scan_tu_free(&sc.tus[i]);
  free(sc.tus);
  for (unsigned i = 0; i < sc.nincs; i++) free(sc.incs[i]);
  free(sc.incs);
  free(sc.root);
  free(sc.cwd);
  simD_report_free(&sc.rep);
  unlink(path);
  return 0;
}
