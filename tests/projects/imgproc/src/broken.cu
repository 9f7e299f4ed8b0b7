// A file of the project that does not compile: it calls a helper that no
// header declares. simulee scan reports clang's first error for it and goes
// on with the other files. Bug pattern: none, it never runs.
#include <imgproc/image.cuh>

__global__ void invert(float *data, unsigned n) {
  unsigned i = global_index();
  if (i < n) data[i] = invert_pixel(data[i]);
}
// bench/compile.sh: expected not to compile (the scan tests need a file that fails).
