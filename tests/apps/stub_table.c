/* Every function of the stub table (runtime/stubs.def: the status-returning
 * functions of CUDA 12's runtime, cuBLAS, cuBLASLt and cuRAND) is exported
 * by simulee's runtime library: this program takes each one's address (it
 * links only if all resolve) and looks each up by name at run time. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>

#define SIMR_STUB(name, type, lib) extern int name(void);
#include "runtime/stubs.def"
#undef SIMR_STUB

static const struct {
  const char *name;
  int (*fn)(void);
} fns[] = {
#define SIMR_STUB(name, type, lib) {#name, name},
#include "runtime/stubs.def"
#undef SIMR_STUB
};

int main(void) {
  unsigned n = sizeof fns / sizeof *fns, missing = 0;
  for (unsigned i = 0; i < n; i++) {
    if (!dlsym(RTLD_DEFAULT, fns[i].name)) {
      printf("missing: %s\n", fns[i].name);
      missing++;
    }
  }
  printf("stub table: %u functions, %u missing\n", n, missing);
  return missing != 0;
}
