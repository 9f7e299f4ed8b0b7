/*
 * simulee version strings (include/simulee/version.h). SIMULEE_VERSION and
 * SIMULEE_CLANG_VERSION come from CMake; the commit from the header that
 * cmake/version.cmake writes at build time.
 */
#include <pthread.h>
#include <stdio.h>

#include <llvm-c/Core.h>

#include "simulee/version.h"
#include "simulee_commit.h"

#ifndef SIMULEE_VERSION
#define SIMULEE_VERSION "0.0.0"
#endif
#ifndef SIMULEE_CLANG_VERSION
#define SIMULEE_CLANG_VERSION ""
#endif
#ifndef SIMULEE_GIT_COMMIT
#define SIMULEE_GIT_COMMIT ""
#endif

const char *simV_version(void) { return SIMULEE_VERSION; }
const char *simV_commit(void) { return SIMULEE_GIT_COMMIT; }
const char *simV_clang_version(void) { return SIMULEE_CLANG_VERSION; }

static char llvm_version[32];
static pthread_once_t llvm_once = PTHREAD_ONCE_INIT;

static void read_llvm_version(void) {
  unsigned ma = 0, mi = 0, pa = 0;
  LLVMGetVersion(&ma, &mi, &pa);
  snprintf(llvm_version, sizeof llvm_version, "%u.%u.%u", ma, mi, pa);
}

const char *simV_llvm_version(void) {
  pthread_once(&llvm_once, read_llvm_version);
  return llvm_version;
}
