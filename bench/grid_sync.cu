// bench/README.md "grid.sync() and clusters": a two-phase kernel with a
// grid-wide barrier between the phases (simulee's cooperative_groups.h).
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void two_phase(const int *in, int *mid, int *out, int n) {
  cg::grid_group grid = cg::this_grid();
  unsigned i = (unsigned)grid.thread_rank();
  if (i < (unsigned)n) mid[i] = in[i] * 2;
  grid.sync();
  if (i < (unsigned)n) out[i] = mid[(i + 1) % (unsigned)n] + mid[i];
}
