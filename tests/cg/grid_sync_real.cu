// grid.sync() with NVIDIA's own <cooperative_groups.h> (tests/cg.cmake, only
// with a CUDA toolkit at configure time). NVIDIA's grid_group::sync() reads
// the cooperative-launch workspace through %envreg1/%envreg2, counts the
// blocks in with atom.add.release.gpu and spins on ld.acquire.gpu until the
// count's top bit flips; simulee answers the registers with its per-launch
// workspace, so that code runs as written and its release/acquire pair is
// what orders the two phases.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

// Pattern: a two-phase grid computation. Phase 1 writes mid[], phase 2 reads
// a neighbour's element, which another block may have written: grid.sync()
// between the phases makes that safe. Sync = false is the bug: without it,
// the read of mid[] races with the neighbouring block's write.
template <bool Sync>
__device__ void two_phase(const int *in, int *mid, int *out, int n) {
  cg::grid_group grid = cg::this_grid();
  unsigned i = (unsigned)grid.thread_rank();
  if (i < (unsigned)n) mid[i] = in[i] * 3 + 1;
  if (Sync) grid.sync();
  if (i < (unsigned)n) out[i] = mid[(i + 37) % (unsigned)n] - mid[i]; // @mid-read
}

extern "C" __global__ void grid_two_phase(const int *in, int *mid, int *out, int n) {
  two_phase<true>(in, mid, out, n);
}
extern "C" __global__ void grid_two_phase_nosync(const int *in, int *mid, int *out, int n) {
  two_phase<false>(in, mid, out, n);
}
