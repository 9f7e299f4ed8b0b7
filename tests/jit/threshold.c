/*
 * When a kernel is compiled (jit.h): its first kernel's unchecked launches
 * of 128 threads stay interpreted until they add up to SIMJ_MIN_THREADS,
 * or until the interpreter reports SIMJ_MIN_INSNS instructions of it
 * (simJ_note_interpreted: a grid-stride kernel of few threads).
 *   threshold FILE.bc
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jit/jit.h"

static int fails;
static void expect(int got, int want, const char *what) {
  if (got != want) {
    printf("FAIL: %s: simJ_run returned %d, expected %d\n", what, got, want);
    fails++;
  }
}

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  unsetenv("SIMULEE_JIT_MIN_THREADS");
  FILE *f = fopen(argv[1], "rb");
  if (!f) return 2;
  fseek(f, 0, SEEK_END);
  long len = ftell(f);
  fseek(f, 0, SEEK_SET);
  uint8_t *bc = malloc(len > 0 ? (size_t)len : 1);
  if (!bc || fread(bc, 1, (size_t)len, f) != (size_t)len) return 2;
  fclose(f);
  simI_status st;
  char err[512];
  simI_program *p = simI_load(argv[1], &st, err, sizeof err);
  if (!p || !simI_kernel_count(p)) {
    printf("%s: %s\n", argv[1], p ? "no kernel" : err);
    return 2;
  }
  const simI_kernel_info *ki = simI_kernel(p, 0);
  unsigned np = ki->nparams, nb = 0;
  simI_arg *args = calloc(np + 1, sizeof *args);
  simI_buffer *bufs = calloc(np + 1, sizeof *bufs);
  for (unsigned i = 0; i < np; i++) {
    if (ki->params[i].kind == SIMI_PARAM_PTR) {
      bufs[nb] = (simI_buffer){calloc(1, 65536), 65536, ki->params[i].elem, "b", 0};
      args[i].is_buffer = 1;
      args[i].buffer = nb++;
    } else {
      args[i].bits = 8;
    }
  }
  simI_launch l;
  memset(&l, 0, sizeof l);
  l.grid = (simI_dim3){1, 1, 1};
  l.block = (simI_dim3){128, 1, 1};
  l.max_steps = 1000000;
  l.nargs = np;
  l.args = args;
  l.buffers = bufs;
  l.nbuffers = nb;
  l.cluster = (simI_dim3){1, 1, 1};
  simJ_result r;
  expect(simJ_run(bc, (uint64_t)len, p, 0, &l, 1, &r), 0, "first launch of 128 threads");
  simJ_note_interpreted(bc, 0, SIMJ_MIN_INSNS / 2);
  expect(simJ_run(bc, (uint64_t)len, p, 0, &l, 1, &r), 0, "half the instructions");
  simJ_note_interpreted(bc, 0, SIMJ_MIN_INSNS / 2);
  expect(simJ_run(bc, (uint64_t)len, p, 0, &l, 1, &r), 1, "SIMJ_MIN_INSNS instructions");
  unsigned compiled, refused;
  uint64_t launches;
  double cs;
  simJ_counts(&compiled, &refused, &launches, &cs);
  printf("%s: %s: compiled %u, native launches %llu\n", fails ? "FAIL" : "ok", ki->demangled,
         compiled, (unsigned long long)launches);
  return fails || compiled != 1 || launches != 1;
}
