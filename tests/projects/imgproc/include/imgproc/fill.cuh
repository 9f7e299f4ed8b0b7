// imgproc: a kernel template defined in a header. histogram.cu and sync.cu
// both launch fill<unsigned>, so both modules hold the same kernel; simulee
// scan checks it once, in the first file (src/histogram.cu).
#ifndef IMGPROC_FILL_CUH
#define IMGPROC_FILL_CUH
#include <imgproc/image.cuh>

// Clean: each thread stores its own element.
template <typename T>
__global__ void fill(T *p, T value, unsigned n) {
  unsigned i = global_index();
  if (i < n) p[i] = value;
}

#endif
