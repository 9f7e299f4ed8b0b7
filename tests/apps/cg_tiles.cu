// A block reduction written with cooperative groups as CUDA 12 code writes
// it: warp tiles (thread_block_tile<32, thread_block>) reducing with
// cg::reduce, 64-thread tiles (larger than a warp, with block_tile_memory)
// syncing through tile.sync() while they combine the warp sums in shared
// memory, a generic helper taking any cg::thread_group, labeled_partition
// grouping lanes by bucket, and inclusive/exclusive scans of a tile. Every
// result is checked against a host loop.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cstdio>
#include <vector>
namespace cg = cooperative_groups;

// generic code over any group: the group's first thread writes its size
__device__ void note_size(const cg::thread_group &g, int *slot) {
  g.sync();
  if (g.thread_rank() == 0) *slot = (int)g.size();
}

__global__ void tile_sums(const int *in, int *block_sum, int *tile64_sum, int *bucket_count,
                          int *scan_in, int *scan_ex, int *sizes) {
  __shared__ cg::block_tile_memory<256> scratch;
  __shared__ int warp_sums[8];
  cg::thread_block block = cg::this_thread_block(scratch);
  cg::thread_block_tile<32, cg::thread_block> warp = cg::tiled_partition<32>(block);
  cg::thread_block_tile<64> pair = cg::tiled_partition<64>(block);
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[gid];
  int ws = cg::reduce(warp, v, cg::plus<int>());
  if (warp.thread_rank() == 0) warp_sums[warp.meta_group_rank()] = ws;
#ifndef NO_TILE_SYNC // (the test's bug variant: the 64-thread tile's barrier left out)
  pair.sync(); // the two warps of this 64-thread tile have written their sums
#endif
  if (pair.thread_rank() == 0)
    tile64_sum[blockIdx.x * pair.meta_group_size() + pair.meta_group_rank()] =
        warp_sums[2 * pair.meta_group_rank()] + warp_sums[2 * pair.meta_group_rank() + 1];
  block.sync();
  if (block.thread_rank() == 0) {
    int s = 0;
    for (unsigned w = 0; w < block.size() / 32; w++) s += warp_sums[w];
    block_sum[blockIdx.x] = s;
  }
  // lanes grouped by bucket (v % 4): each group's leader counts its members
  cg::coalesced_group same = cg::labeled_partition(cg::coalesced_threads(), v % 4);
  if (same.thread_rank() == 0) atomicAdd(&bucket_count[v % 4], (int)same.size());
  scan_in[gid] = cg::inclusive_scan(warp, v);
  scan_ex[gid] = cg::exclusive_scan(warp, v, cg::plus<int>());
  if (blockIdx.x == 0) {
    note_size(block, &sizes[0]);
    note_size(warp, &sizes[1 + warp.meta_group_rank()]);
    note_size(cg::tiled_partition(block, 128), &sizes[9 + threadIdx.x / 128]);
    note_size(cg::this_thread(), &sizes[11 + threadIdx.x]);
  }
}

int main() {
  const int blocks = 4, threads = 256, n = blocks * threads;
  std::vector<int> in(n);
  for (int i = 0; i < n; i++) in[i] = (i * 37 + 11) % 23;
  int *d_in, *d_block, *d_t64, *d_bucket, *d_sin, *d_sex, *d_sizes;
  cudaMalloc(&d_in, n * sizeof(int));
  cudaMalloc(&d_block, blocks * sizeof(int));
  cudaMalloc(&d_t64, n / 64 * sizeof(int));
  cudaMalloc(&d_bucket, 4 * sizeof(int));
  cudaMalloc(&d_sin, n * sizeof(int));
  cudaMalloc(&d_sex, n * sizeof(int));
  cudaMalloc(&d_sizes, (11 + threads) * sizeof(int));
  cudaMemcpy(d_in, in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemset(d_bucket, 0, 4 * sizeof(int));
  tile_sums<<<blocks, threads>>>(d_in, d_block, d_t64, d_bucket, d_sin, d_sex, d_sizes);
  std::vector<int> bs(blocks), t64(n / 64), bucket(4), sin(n), sex(n), sizes(11 + threads);
  cudaMemcpy(bs.data(), d_block, blocks * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(t64.data(), d_t64, n / 64 * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(bucket.data(), d_bucket, 4 * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(sin.data(), d_sin, n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(sex.data(), d_sex, n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(sizes.data(), d_sizes, sizes.size() * sizeof(int), cudaMemcpyDeviceToHost);
  int wrong = 0, hb[4] = {0, 0, 0, 0};
  for (int b = 0; b < blocks; b++) {
    int s = 0;
    for (int i = 0; i < threads; i++) s += in[b * threads + i];
    wrong += bs[b] != s;
  }
  for (int t = 0; t < n / 64; t++) {
    int s = 0;
    for (int i = 0; i < 64; i++) s += in[t * 64 + i];
    wrong += t64[t] != s;
  }
  for (int i = 0; i < n; i++) hb[in[i] % 4]++;
  for (int k = 0; k < 4; k++) wrong += bucket[k] != hb[k];
  for (int w = 0; w < n / 32; w++) {
    int run = 0;
    for (int l = 0; l < 32; l++) {
      int i = w * 32 + l;
      wrong += sex[i] != run;
      run += in[i];
      wrong += sin[i] != run;
    }
  }
  wrong += sizes[0] != threads;
  for (int w = 0; w < 8; w++) wrong += sizes[1 + w] != 32;
  wrong += sizes[9] != 128 || sizes[10] != 128;
  for (int t = 0; t < threads; t++) wrong += sizes[11 + t] != 1;
  printf("cg tiles %d blocks: %d wrong\n", blocks, wrong);
  return wrong != 0;
}
