// Interpreter corpus: cooperative groups' memcpy_async / wait staging a
// tile in shared memory, by the whole block and by each warp. Pattern: none
// (every read of the staged tile follows the group's wait, which is the
// group's barrier; each warp reads only the part its own warp staged).
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>

namespace cg = cooperative_groups;

#define CGM_BLOCK 128

// out[b*128 + t] = in[b*128 + 127 - t]: the block stages its tile (bytes
// form), each thread reads its mirror element; mirror[...] likewise per
// warp with the element-count form (each warp mirrors its own 32).
__global__ void cg_stage(const int *in, int *out, int *mirror) {
  __shared__ int tile[CGM_BLOCK];
  __shared__ int part[CGM_BLOCK];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  const int *src = in + blockIdx.x * CGM_BLOCK;
  cg::memcpy_async(block, tile, src, sizeof(int) * CGM_BLOCK);
  unsigned base = threadIdx.x / 32 * 32;
  cg::memcpy_async(warp, part + base, 32, src + base, 32);
  cg::wait(block);
  cg::wait(warp);
  out[blockIdx.x * CGM_BLOCK + threadIdx.x] = tile[CGM_BLOCK - 1 - threadIdx.x];
  mirror[blockIdx.x * CGM_BLOCK + threadIdx.x] = part[base + 31 - warp.thread_rank()];
}

//@ run cg_stage: --kernel cg_stage --grid 2 --block 128 --arg i32[256]=rand:31:-500:500 --arg i32[256] --arg i32[256] --dump 1 --dump 2
