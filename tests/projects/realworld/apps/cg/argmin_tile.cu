// The position of each tile's smallest value: a cooperative-groups reduce
// of a (value, index) struct with the project's own operator, the way
// top-k and sampling code finds its argmin. Clean kernel for blocks of
// whole warps: lane 0 of each tile writes its tile's result.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

struct ValIdx {
  float val;
  int idx;
};

struct MinByVal {
  __device__ ValIdx operator()(const ValIdx &a, const ValIdx &b) const {
    return (b.val < a.val || (b.val == a.val && b.idx < a.idx)) ? b : a;
  }
};

template <int TILE>
__global__ void tile_argmin(const float *x, int *where, float *smallest, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<TILE> tile = cg::tiled_partition<TILE>(block);
  const int per_block = (int)block.size();
  int i = blockIdx.x * per_block + (int)block.thread_rank();
  ValIdx mine{i < n ? x[i] : 3.0e38f, i};
  ValIdx best = cg::reduce(tile, mine, MinByVal());
  if (tile.thread_rank() == 0) {
    int t = blockIdx.x * ((per_block + TILE - 1) / TILE) + (int)tile.meta_group_rank();
    where[t] = best.idx;
    smallest[t] = best.val;
  }
}

template __global__ void tile_argmin<32>(const float *, int *, float *, int);
