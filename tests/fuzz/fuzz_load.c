/*
 * Fuzz target: the module loader and lowering (simI_load). The input is
 * written to a temporary file, .bc when it starts with the bitcode magic
 * ("BC\xc0\xde", or the wrapper 0x0b17c0de), else .ll, and loaded; a module
 * that loads is freed again. Seeds: tests/fuzz/corpus/load/ (our own small
 * kernels as IR and bitcode).
 *
 * simI_load runs LLVM's reader in this process: until the loader isolates
 * LLVM's own aborts (interp/load.c), inputs that make LLVM abort stop the
 * run; those are LLVM's defects reported as such (issue 14), not simulee's.
 */
#include "simulee/interp.h"
#include "tests/fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const uint8_t MAGIC[4] = {'B', 'C', 0xc0, 0xde};
  static const uint8_t WRAP[4] = {0xde, 0xc0, 0x17, 0x0b};
  int bc = size >= 4 && (!memcmp(data, MAGIC, 4) || !memcmp(data, WRAP, 4));
  char path[4096];
  if (fuzz_write_temp(data, size, bc ? ".bc" : ".ll", path, sizeof path) < 0) return 0;
  simI_status st = SIMI_OK;
  char err[1024];
  simI_program *p = simI_load(path, &st, err, sizeof err);
  unlink(path);
  if (p) {
    unsigned nk = simI_kernel_count(p);
    for (unsigned i = 0; i < nk; i++) (void)simI_kernel(p, i)->name;
    simI_free(p);
  }
  return 0;
}
