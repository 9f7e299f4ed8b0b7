// Kernel for the compile tests (tests/compile.cmake). Bug pattern: none
// (each thread writes its own element). SCALE comes from -D when given, so a
// run shows whether the user's -D reached clang.
#ifndef SCALE
#define SCALE 2
#endif

__global__ void times_scale(int *out) {
  out[threadIdx.x] = (int)threadIdx.x * SCALE;
}
