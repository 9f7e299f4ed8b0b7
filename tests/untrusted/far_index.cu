// Bug pattern: an index computed from a kernel argument that is far out of
// range (an uninitialised or corrupted offset): index * 4 overflows 64-bit
// signed arithmetic. The accesses are out of bounds, reported as such.
__global__ void shift_copy(int *out, const int *in, long k) {
  out[threadIdx.x + k] = in[threadIdx.x - k];
}
