// Bug pattern: every thread marks the node its edge points to, in a loop over
// two edges per thread, with an if/else whose two arms store the same value.
// clang -O2 merges the two stores into one whose debug location is line 0;
// the write-write race on seen[] must still be reported once, with a line.
__global__ void mark_targets(unsigned *seen, const unsigned *target, unsigned n,
                             unsigned tail) {
  unsigned t = blockIdx.x * blockDim.x * 2 + threadIdx.x;
  for (unsigned r = 0; r < 2; ++r) {
    if (tail) {
      if (t < n) seen[target[t]] = 1u;
    } else {
      seen[target[t]] = 1u;
    }
    t += blockDim.x;
  }
}
