// Cooperative-groups tiles larger than a warp, as CUDA 12 reductions write
// them: a block of 512 threads split into tiles of 256 (the size a template
// parameter, the scratch a block_tile_memory), each tile reducing its
// elements with cg::reduce, the tile leaders adding into shared memory; a
// max-with-index reduction of a user struct over tiles of 128; inclusive and
// exclusive scans over tiles of 128; a broadcast (shfl from one rank) and
// any/all over tiles of 64. Every result is checked against a host loop.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cstdio>
#include <cstdlib>
#include <vector>
namespace cg = cooperative_groups;

struct best {
  float v;
  int at;
};
struct keep_max {
  __device__ best operator()(best a, best b) const {
    return (b.v > a.v || (b.v == a.v && b.at < a.at)) ? b : a;
  }
};

template <class T, unsigned BlockSize, unsigned TileSize>
__global__ void tile_sum(const T *in, T *out, unsigned n) {
  __shared__ cg::block_tile_memory<BlockSize> scratch;
  __shared__ T partial[BlockSize / TileSize];
  cg::thread_block cta = cg::this_thread_block(scratch);
  auto tile = cg::tiled_partition<TileSize>(cta);
  T v = 0;
  for (unsigned i = blockIdx.x * BlockSize + threadIdx.x; i < n; i += BlockSize * gridDim.x)
    v += in[i];
  v = cg::reduce(tile, v, cg::plus<T>());
  if (tile.thread_rank() == 0) partial[tile.meta_group_rank()] = v;
  cg::sync(cta);
  if (cta.thread_rank() == 0) {
    T s = 0;
    for (unsigned t = 0; t < tile.meta_group_size(); t++) s += partial[t];
    out[blockIdx.x] = s;
  }
}

__global__ void tile_max(const float *in, best *out) {
  __shared__ cg::block_tile_memory<256> scratch;
  cg::thread_block cta = cg::this_thread_block(scratch);
  cg::thread_block_tile<128, cg::thread_block> tile = cg::tiled_partition<128>(cta);
  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  best b = {in[gid], (int)gid};
  best m = cg::reduce(tile, b, keep_max());
  if (tile.thread_rank() == tile.size() - 1)
    out[blockIdx.x * tile.meta_group_size() + tile.meta_group_rank()] = m;
}

__global__ void tile_scans(const int *in, int *incl, int *excl, int *bcast, int *votes) {
  __shared__ cg::block_tile_memory<256> scratch;
  cg::thread_block cta = cg::this_thread_block(scratch);
  auto t128 = cg::tiled_partition<128>(cta);
  auto t64 = cg::tiled_partition<64>(cta);
  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[gid];
  incl[gid] = cg::inclusive_scan(t128, v);
  excl[gid] = cg::exclusive_scan(t128, v, cg::plus<int>());
  bcast[gid] = t64.shfl(v, 37); // rank 37's value, in every thread of the tile
  int any_big = t64.any(v > 95), all_pos = t64.all(v > 0);
  if (t64.thread_rank() == 0) {
    unsigned t = gid / 64;
    votes[2 * t] = any_big;
    votes[2 * t + 1] = all_pos;
  }
}

template <class T> static T *dev(const std::vector<T> &h) {
  T *d;
  cudaMalloc(&d, h.size() * sizeof(T));
  cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice);
  return d;
}
template <class T> static std::vector<T> host(const T *d, size_t n) {
  std::vector<T> h(n);
  cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost);
  return h;
}

int main() {
  int wrong = 0;
  // sums: 3 blocks of 512 threads, tiles of 256, 5000 elements
  const unsigned n = 5000, blocks = 3;
  std::vector<int> hi(n);
  for (unsigned i = 0; i < n; i++) hi[i] = (int)((i * 37u) % 101u) - 50;
  int *di = dev(hi), *dsum;
  cudaMalloc(&dsum, blocks * sizeof(int));
  tile_sum<int, 512, 256><<<blocks, 512>>>(di, dsum, n);
  std::vector<int> sums = host(dsum, blocks);
  for (unsigned b = 0; b < blocks; b++) {
    int s = 0;
    for (unsigned i = 0; i < n; i++)
      if ((i / 512) % blocks == b) s += hi[i];
    if (s != sums[b]) {
      printf("sum block %u: %d, expected %d\n", b, sums[b], s);
      wrong++;
    }
  }
  // float sums with tiles of 64 in blocks of 128
  std::vector<float> hf(1024);
  for (unsigned i = 0; i < hf.size(); i++) hf[i] = (float)((i * 13u) % 17u) * 0.25f;
  float *df = dev(hf), *dfs;
  cudaMalloc(&dfs, 2 * sizeof(float));
  tile_sum<float, 128, 64><<<2, 128>>>(df, dfs, (unsigned)hf.size());
  std::vector<float> fs = host(dfs, 2);
  for (unsigned b = 0; b < 2; b++) {
    float s = 0;
    for (unsigned i = 0; i < hf.size(); i++)
      if ((i / 128) % 2 == b) s += hf[i];
    if (s != fs[b]) {
      printf("float sum block %u: %g, expected %g\n", b, fs[b], s);
      wrong++;
    }
  }
  // max with index over tiles of 128: 2 blocks of 256
  std::vector<float> hm(512);
  for (unsigned i = 0; i < hm.size(); i++) hm[i] = (float)((i * 7919u) % 211u);
  float *dm = dev(hm);
  best *dbest;
  cudaMalloc(&dbest, 4 * sizeof(best));
  tile_max<<<2, 256>>>(dm, dbest);
  std::vector<best> bm = host(dbest, 4);
  for (unsigned t = 0; t < 4; t++) {
    best e = {hm[t * 128], (int)(t * 128)};
    for (unsigned i = t * 128; i < t * 128 + 128; i++)
      if (hm[i] > e.v) e = best{hm[i], (int)i};
    if (e.v != bm[t].v || e.at != bm[t].at) {
      printf("max tile %u: %g at %d, expected %g at %d\n", t, bm[t].v, bm[t].at, e.v, e.at);
      wrong++;
    }
  }
  // scans over tiles of 128, broadcast and votes over tiles of 64: 2 blocks of 256
  std::vector<int> hs(512);
  for (unsigned i = 0; i < hs.size(); i++) hs[i] = (int)((i * 29u) % 97u) + (i / 64 == 3 ? 0 : 1);
  hs[5 * 64 + 9] = -4; // one tile not all positive
  int *ds = dev(hs), *dinc, *dexc, *dbc, *dvote;
  cudaMalloc(&dinc, 512 * sizeof(int));
  cudaMalloc(&dexc, 512 * sizeof(int));
  cudaMalloc(&dbc, 512 * sizeof(int));
  cudaMalloc(&dvote, 16 * sizeof(int));
  tile_scans<<<2, 256>>>(ds, dinc, dexc, dbc, dvote);
  std::vector<int> inc = host(dinc, 512), exc = host(dexc, 512), bc = host(dbc, 512),
                   vote = host(dvote, 16);
  for (unsigned t = 0; t < 4; t++) {
    int run = 0;
    for (unsigned i = t * 128; i < t * 128 + 128; i++) {
      if (exc[i] != run) wrong++;
      run += hs[i];
      if (inc[i] != run) wrong++;
    }
  }
  for (unsigned t = 0; t < 8; t++) {
    int any = 0, all = 1;
    for (unsigned i = t * 64; i < t * 64 + 64; i++) {
      if (bc[i] != hs[t * 64 + 37]) wrong++;
      any |= hs[i] > 95;
      all &= hs[i] > 0;
    }
    if (vote[2 * t] != any || vote[2 * t + 1] != all) {
      printf("votes tile %u: any %d all %d, expected %d %d\n", t, vote[2 * t], vote[2 * t + 1], any, all);
      wrong++;
    }
  }
  cudaError_t e = cudaDeviceSynchronize();
  printf("cg big tiles: %d wrong (%s)\n", wrong, cudaGetErrorString(e));
  return wrong != 0 || e != cudaSuccess;
}
