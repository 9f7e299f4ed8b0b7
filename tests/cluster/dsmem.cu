// Thread block clusters (sm_90, tests/cluster.cmake): the blocks of a
// cluster read each other's shared memory (distributed shared memory)
// through cluster_group::map_shared_rank, ordered by cluster.sync()
// (barrier.cluster.arrive + barrier.cluster.wait).
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

#define TILE 64

// Pattern: a tile exchange between the two blocks of a cluster, in place of
// a second pass over global memory. Each block stages its tile in shared
// memory, the cluster synchronises, every thread combines its element with
// the mirrored element of the peer block's tile, and a second cluster.sync()
// keeps each tile alive until the peer has read it.
//   Mode 1, the bug "read before the peer wrote": the first cluster.sync()
//   is missing, the read of the peer's tile races with the peer's store.
//   Mode 2, the bug "exit while the peer still reads": the last
//   cluster.sync() is missing, a block may end (and its shared memory with
//   it) before its peer has read its tile.
template <int Mode>
__device__ void exchange(const int *in, int *out) {
  __shared__ int tile[TILE];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned t = threadIdx.x, base = blockIdx.x * TILE;
  tile[t] = in[base + t];
  if (Mode != 1) cluster.sync();
  const int *peer = cluster.map_shared_rank(tile, cluster.block_rank() ^ 1u);
  out[base + t] = tile[t] * 10 + peer[TILE - 1 - t] + 1000 * (int)cluster.num_blocks(); // @peer-read
  if (Mode != 2) cluster.sync();
}

extern "C" __global__ void __cluster_dims__(2, 1, 1) swap_tiles(const int *in, int *out) {
  exchange<0>(in, out);
}
extern "C" __global__ void __cluster_dims__(2, 1, 1) swap_tiles_nosync(const int *in, int *out) {
  exchange<1>(in, out);
}
extern "C" __global__ void __cluster_dims__(2, 1, 1) swap_tiles_early_exit(const int *in, int *out) {
  exchange<2>(in, out);
}

// No __cluster_dims__: the cluster is the launch's (--cluster) or the
// search's. Each thread records where its block sits in the grid of
// clusters, through the cooperative-groups calls and the raw registers.
extern "C" __global__ void where(int *out) {
  cg::cluster_group cluster = cg::this_cluster();
  dim3 bi = cluster.block_index(), nb = cluster.dim_blocks();
  unsigned b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  unsigned i = b * blockDim.x + threadIdx.x;
  out[i] = (int)(__nvvm_read_ptx_sreg_clusterid_x() * 100000 + __nvvm_read_ptx_sreg_clusterid_y() * 10000 +
                 cluster.block_rank() * 1000 + bi.x * 100 + bi.y * 10 + nb.x * nb.y);
  cluster.sync();
}

// A deadlock: thread 0 of the cluster's second block skips the cluster
// barrier (and waits at the block barrier), so the cluster never completes
// its phase and every other thread waits at cluster.sync() forever.
extern "C" __global__ void __cluster_dims__(2, 1, 1) skip_one(int *out) {
  cg::cluster_group cluster = cg::this_cluster();
  if (cluster.block_rank() == 0 || threadIdx.x != 0) cluster.sync(); // @skip
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}

// Pattern: a distributed histogram (the cluster's blocks share one histogram
// whose bins are spread over their shared memories). Every block counts its
// inputs with atomicAdd into the bin's owner block, the cluster synchronises,
// and each block writes out the bins it owns. Atomics from different blocks
// on one bin do not race; the plain reads after cluster.sync() are ordered
// after all of them. Sync = false is the bug: without the second
// cluster.sync(), a block reads its bins while other blocks still add to them.
#define BINS 16
template <bool Sync>
__device__ void histogram(const int *in, int *hist) {
  __shared__ int bins[BINS];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned nb = cluster.num_blocks(), rank = cluster.block_rank();
  for (unsigned b = threadIdx.x; b < BINS; b += blockDim.x) bins[b] = 0;
  cluster.sync();
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  unsigned bin = (unsigned)v % (BINS * nb);
  int *owner = cluster.map_shared_rank(bins, bin / BINS);
  atomicAdd(&owner[bin % BINS], 1); // @bin-add
  if (Sync) cluster.sync();
  unsigned cl = blockIdx.x / nb;
  for (unsigned b = threadIdx.x; b < BINS; b += blockDim.x)
    hist[cl * BINS * nb + rank * BINS + b] = bins[b]; // @bin-read
  if (!Sync) cluster.sync();
}

extern "C" __global__ void __cluster_dims__(4, 1, 1) cluster_histogram(const int *in, int *hist) {
  histogram<true>(in, hist);
}
extern "C" __global__ void __cluster_dims__(4, 1, 1) cluster_histogram_nosync(const int *in, int *hist) {
  histogram<false>(in, hist);
}
