/*
 * Fuzz target: the module loader and lowering (simI_load). The input is
 * written to a temporary file, .bc when it starts with the bitcode magic
 * ("BC\xc0\xde", or the wrapper 0x0b17c0de), else .ll, and loaded; a module
 * that loads is freed again. Seeds: tests/fuzz/corpus/load/ (our own small
 * kernels as IR and bitcode).
 *
 * simI_load parses and verifies in a forked child first (crash isolation,
 * interp/load.c): LLVM's own aborts and faults end the child and are errors
 * of the input. The child inherits this process's libFuzzer hooks, though:
 * the malloc hook of -malloc_limit_mb and the sanitizer death callback would
 * write an "oom-" or "crash-" artefact for the input from inside the child
 * while the parent goes on. So in a forked child the death callback does
 * nothing (the child's end is seen by the parent alone), and an allocation
 * of more than FUZZ_LOAD_MAX_ALLOC_MB fails (NULL, before any malloc hook
 * runs; below tests/fuzz/run.sh's -malloc_limit_mb): LLVM reports "out of
 * memory" and aborts, in the child an error of the input.
 */
#include <pthread.h>
#include <sanitizer/common_interface_defs.h>

#include "simulee/interp.h"
#include "tests/fuzz/fuzz_common.h"

#define FUZZ_LOAD_MAX_ALLOC_MB "1024"

const char *__asan_default_options(void);
const char *__asan_default_options(void) {
  return "allocator_may_return_null=1:max_allocation_size_mb=" FUZZ_LOAD_MAX_ALLOC_MB;
}

static void child_death(void) {}
static void in_forked_child(void) { __sanitizer_set_death_callback(child_death); }

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  pthread_atfork(NULL, NULL, in_forked_child);
  return 0;
}

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
