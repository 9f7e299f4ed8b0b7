/*
 * simulee runtime: the functions of CUDA 12's runtime, cuBLAS, cuBLASLt and
 * cuRAND that simulee does not implement, from the one table of
 * runtime/stubs.def. Each is a weak symbol: a file of runtime/ that defines
 * the function for real overrides it when the library is linked, so the
 * table lists the whole API and a program that calls a function on a
 * rarely taken path still links and runs. Called, a stub says once on
 * stderr that the function is not supported and returns its library's
 * "not supported" status, the way a program meets a feature a device lacks:
 * cudaErrorNotSupported (also the last error, as the runtime records it),
 * CUBLAS_STATUS_NOT_SUPPORTED, CURAND_STATUS_NOT_INITIALIZED (cuRAND has no
 * "not supported" status). A stub takes no parameters: the calling
 * convention lets the caller pass any, and the status is returned as an int
 * (the three libraries' status types are int enums).
 */
#include <stdio.h>
#include <string.h>

#include "runtime/internal.h"

#define STUB_EXPORT __attribute__((weak, visibility("default")))

enum {
#define SIMR_STUB(name, type, lib) STUB_##name,
#include "runtime/stubs.def"
#undef SIMR_STUB
  STUB_COUNT
};

/* A function a library implements only in part (cuFFT's multi-device
 * calls, cuSPARSE's sparse vectors): said once per function on stderr. */
void simR_not_supported_once(const char *fn, const char *library, const char *status_name) {
  static const char *named[64];
  simR_lock();
  unsigned i = 0;
  while (i < 64 && named[i] && strcmp(named[i], fn)) i++;
  if (i == 64 || !named[i]) {
    if (i < 64) named[i] = fn;
    fprintf(stderr, "simulee: warning: %s is not supported by simulee's %s: it returns %s\n",
            fn, library, status_name);
  }
  simR_unlock();
}

/* Which stubs have said their line. */
static unsigned char said[STUB_COUNT];

enum { LIB_CUDART, LIB_CUBLAS, LIB_CUBLASLT, LIB_CURAND };

static int stub(unsigned idx, const char *name, int lib) {
  static const struct {
    int status;
    const char *status_name, *library;
  } libs[] = {
      [LIB_CUDART] = {cudaErrorNotSupported, "cudaErrorNotSupported", "CUDA runtime"},
      [LIB_CUBLAS] = {15, "CUBLAS_STATUS_NOT_SUPPORTED", "cuBLAS"},
      [LIB_CUBLASLT] = {15, "CUBLAS_STATUS_NOT_SUPPORTED", "cuBLASLt"},
      [LIB_CURAND] = {101, "CURAND_STATUS_NOT_INITIALIZED", "cuRAND"},
  };
  simR_lock();
  if (!said[idx]) {
    said[idx] = 1;
    fprintf(stderr, "simulee: warning: %s is not supported by simulee's %s: it returns %s\n",
            name, libs[lib].library, libs[lib].status_name);
  }
  if (lib == LIB_CUDART) simR_error_locked(cudaErrorNotSupported);
  simR_unlock();
  return libs[lib].status;
}

#define SIMR_STUB(name, type, lib)                                             \
  STUB_EXPORT int name(void);                                                  \
  STUB_EXPORT int name(void) { return stub(STUB_##name, #name, LIB_##lib); }
#include "runtime/stubs.def"
#undef SIMR_STUB
