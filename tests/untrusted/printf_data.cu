// Bug pattern: a kernel whose printf format and arguments are hostile data:
// `%n` (which would write through a garbage pointer if it reached the host's
// printf), a null `%s` (CUDA prints "(null)"), and a thread that prints far
// more than a log should hold.
#include <cstdio>

#pragma clang diagnostic ignored "-Wformat"
#pragma clang diagnostic ignored "-Wformat-insufficient-args"

__global__ void log_status(int *out, const char *label) {
  printf("%n status %d of %s\n", threadIdx.x, label);
  out[threadIdx.x] = 1;
}

__global__ void chatty(int *out, int lines) {
  for (int i = 0; i < lines; i++) printf("thread %d line %d: %0200d\n", threadIdx.x, i, i);
  out[threadIdx.x] = lines;
}
