#include <cassert>
// Pattern: a kernel written for huge inputs only, asserting its size
// precondition (`assert(n > 5000000)`), beyond any value the search draws.
// Every detection run ends at the assertion on a launch the search
// invented: nothing was checked, so the verdict is incomplete (exit 3) with
// the reason, not "checked" with no finding.
__global__ void big_only(float *out, int n) {
  assert(n > 5000000);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = (float)n;
}

//@ auto kernel=big_only
//@ expect status incomplete
//@ expect none
