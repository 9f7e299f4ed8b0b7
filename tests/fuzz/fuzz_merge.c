/*
 * Fuzz target: the JSON report reader of `simulee merge`
 * (simD_report_read_json). The input is written to a temporary .json file
 * and read; a report that reads is written again in every format (to
 * /dev/null) and its exit status computed, as merge does. Seeds:
 * tests/fuzz/corpus/merge/ (reports simulee wrote for our test projects,
 * and hand-made shard reports).
 */
#include "simulee/report.h"
#include "tests/fuzz/fuzz_common.h"

static FILE *devnull;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!devnull) devnull = fopen("/dev/null", "w");
  char path[4096];
  if (fuzz_write_temp(data, size, ".json", path, sizeof path) < 0) return 0;
  simD_report r;
  simD_report_init(&r);
  char err[1024];
  if (simD_report_read_json(&r, path, err, sizeof err) == 0 && devnull) {
    simD_report_sort(&r);
    simD_write_opts wo = {0, 0, 0, r.root, 0};
    (void)simD_report_write(devnull, &r, SIMD_FORMAT_JSON, &wo);
    (void)simD_report_write(devnull, &r, SIMD_FORMAT_SARIF, &wo);
    for (unsigned i = 0; i < r.n; i++) (void)simD_write_text_record(devnull, &r.v[i], &wo);
    (void)simD_report_exit_status(&r);
  }
  simD_report_free(&r);
  unlink(path);
  return 0;
}
