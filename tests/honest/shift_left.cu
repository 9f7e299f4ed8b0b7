// tests/honest/shift_left.cu: a backward difference over an array, the
// first element included.
//
// Bug pattern: off by one below the start. Thread 0 reads sift2[-1], the
// element before the buffer (no `i > 0` guard): an out-of-bounds read,
// reported with the parameter's name and a signed element index.

__global__ void backward_diff(const float *sift2, float *diff, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) diff[i] = sift2[i] - sift2[i - 1];
}
