// Cooperative groups from NVIDIA's own headers (<cooperative_groups.h>,
// <cooperative_groups/reduce.h>), compiled by clang-19 for sm_80 only when a
// CUDA toolkit is found at configure time (tests/cg.cmake). On sm_80+ the
// headers read the PTX special registers %reserved_smem_offset_1 (the block's
// reserved shared memory, where cooperative groups keep their scratch),
// %laneid and %lanemask_lt through inline asm; the cg_real suite of
// tests/unit/test_cg.c runs these kernels with the detectors on and compares
// their output with a host computation. The `// @` markers name source lines
// the suite looks up.
//
// cg::reduce here works on float: for int with cg::plus, NVIDIA's header picks
// __reduce_add_sync, and clang-19's own CUDA header passes its operands to
// llvm.nvvm.redux.sync.add in the wrong order (fixed in clang 21), so that
// bitcode computes something else on a GPU as well.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

#define INFO 8

// Pattern: a block reduction in two levels. Each warp-sized tile reduces its
// values with shfl_down, its first lane stores the tile's partial sum in
// shared memory, the block synchronises, and thread 0 adds the partials.
// Sync = false is the classic bug: the block.sync() between the tiles'
// writes of their partials and thread 0's reads is missing (a data race).
template <bool Sync>
__device__ void block_reduce(const int *in, int *block_sum, float *tile_sum, float *tile16_sum,
                             int *info) {
  __shared__ int partial[32];
  __shared__ int swap[1024];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  unsigned r = block.thread_rank();
  unsigned gid = blockIdx.x * block.size() + r;
  int v = in[gid];

  for (unsigned o = tile.size() / 2; o > 0; o /= 2) v += tile.shfl_down(v, o);
  if (tile.thread_rank() == 0) partial[tile.meta_group_rank()] = v; // @partial-write
  if (Sync) block.sync();
  if (r == 0) {
    int s = 0;
    for (unsigned i = 0; i < tile.meta_group_size(); i++) s += partial[i]; // @partial-read
    block_sum[blockIdx.x] = s;
  }

  // cg::reduce over the warp tile and over 16-wide tiles
  tile_sum[gid] = cg::reduce(tile, (float)in[gid], cg::plus<float>());
  cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(block);
  tile16_sum[gid] = cg::reduce(t16, (float)in[gid], cg::plus<float>());

  // neighbours exchange through shared memory, ordered by tile.sync()
  swap[r] = in[gid] * 3;
  tile.sync();
  int mate = swap[r ^ 1];

  // ranks and sizes of every kind of group
  cg::thread_group g16 = cg::tiled_partition(block, 16);
  int *o = info + gid * INFO;
  o[0] = (int)g16.thread_rank();
  o[1] = (int)g16.size();
  o[2] = (int)block.thread_rank() + 1000 * (int)block.size();
  o[3] = (int)tile.thread_rank() + 1000 * (int)tile.meta_group_rank();
  o[4] = (int)t16.thread_rank() + 1000 * (int)t16.meta_group_rank();
  o[5] = mate;
  o[6] = -1;
  if (tile.thread_rank() % 3 == 0) {
    cg::coalesced_group active = cg::coalesced_threads();
    o[6] = (int)active.thread_rank() + 1000 * (int)active.size();
  }
  o[7] = t16.shfl_down(v, 1);
}

extern "C" __global__ void cg_reduce(const int *in, int *block_sum, float *tile_sum,
                                     float *tile16_sum, int *info) {
  block_reduce<true>(in, block_sum, tile_sum, tile16_sum, info);
}

extern "C" __global__ void cg_reduce_nosync(const int *in, int *block_sum, float *tile_sum,
                                            float *tile16_sum, int *info) {
  block_reduce<false>(in, block_sum, tile_sum, tile16_sum, info);
}

// The shared memory registers, read directly: out[0..7] = begin, end, cap,
// offset_0, offset_1, dynamic, total and aggregate shared sizes (block 0,
// thread 0). Then every thread writes its word of the scratch window that
// cooperative groups use (the reserved region at %reserved_smem_offset_1),
// the block synchronises, and each thread reads its neighbour's word.
// Pattern: a system scratch area used as a block-wide exchange buffer.
extern "C" __global__ void cg_reserved(unsigned *out, int *got, int past_end) {
  extern __shared__ int dyn[];
  unsigned t = threadIdx.x;
  if (t == 0 && blockIdx.x == 0) {
    asm("mov.u32 %0, %%reserved_smem_offset_begin;" : "=r"(out[0]));
    asm("mov.u32 %0, %%reserved_smem_offset_end;" : "=r"(out[1]));
    asm("mov.u32 %0, %%reserved_smem_offset_cap;" : "=r"(out[2]));
    asm("mov.u32 %0, %%reserved_smem_offset_0;" : "=r"(out[3]));
    asm("mov.u32 %0, %%reserved_smem_offset_1;" : "=r"(out[4]));
    asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(out[5]));
    asm("mov.u32 %0, %%total_smem_size;" : "=r"(out[6]));
    asm("mov.u32 %0, %%aggr_smem_size;" : "=r"(out[7]));
    dyn[0] = 1;
  }
  int *scratch = (int *)cg::details::reserved_shared_ptr();
  scratch[t] = (int)(t * 7 + blockIdx.x);
  __syncthreads();
  got[blockIdx.x * blockDim.x + t] = scratch[(t + 1) % blockDim.x];
  // with past_end != 0, thread 0 stores one word past the region's end
  if (past_end && t == 0) scratch[past_end] = 1; // @past-end
}

// Pattern: a grid-stride loop over a grid_group. Every simulee launch has
// the cooperative-launch workspace (%envreg1/2 point to it), so the group is
// valid for grid.sync(), and its ranks and sizes are those of the grid.
extern "C" __global__ void cg_grid(int *o, int n) {
  cg::grid_group grid = cg::this_grid();
  for (unsigned long long i = grid.thread_rank(); i < (unsigned long long)n; i += grid.size())
    o[i] = (int)i * 2 + (int)grid.num_blocks() * 1000 + (grid.is_valid() ? 100000 : 0);
}
