/* simulee CUDA headers: <cooperative_groups.h>.
 *
 * The groups kernels use most: thread_block (this_thread_block), warp tiles
 * (tiled_partition<N> for N = 1, 2, 4, ..., 32) and block tiles of 64 to
 * 1024 threads (sync, shfl from one rank, any, all, reduce and scans through
 * a slot per warp in shared memory), the dynamic tiled_partition,
 * coalesced_threads, grid_group (this_grid) with a
 * grid-wide sync, plus reduce / inclusive_scan / exclusive_scan over tiles
 * (<cooperative_groups/reduce.h>, <cooperative_groups/scan.h>).
 *
 * Everything maps onto the primitives of device_functions.h: block sync is
 * __syncthreads, tile sync is __syncwarp(tile mask), tile shuffles are
 * __shfl_*_sync(tile mask, ..., width = tile size). Warps are formed from
 * the linear thread index of the block, as on a GPU. grid_group::sync is a
 * barrier on two counters (arrivals and generation) in the cooperative-launch
 * workspace the driver passes in %envreg1/%envreg2 (as NVIDIA's headers do),
 * so simulee keeps every block of the grid resident, as
 * cudaLaunchCooperativeKernel guarantees on a GPU. cluster_group
 * (this_cluster, sm_90) maps onto the cluster registers, barrier.cluster and
 * mapa. */
#ifndef SIMULEE_CUDA_COOPERATIVE_GROUPS_H
#define SIMULEE_CUDA_COOPERATIVE_GROUPS_H
#include "host_defines.h"
/* device code only: nothing for a plain host compiler, as NVIDIA's */
#ifndef __SIMULEE_HOST_COMPILER
/* NVIDIA's include guard for this header's contents (code tests them) */
#ifndef _COOPERATIVE_GROUPS_H_
#define _COOPERATIVE_GROUPS_H_
#endif

#include "cuda_runtime.h"
#include "simulee_async.h"

namespace cooperative_groups {

namespace __sim {
/* the thread's index within its block, x fastest */
__SIM_DEV unsigned int block_rank() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
__SIM_DEV unsigned int block_size() {
  return blockDim.x * blockDim.y * blockDim.z;
}
__SIM_DEV unsigned int lane() { return __nvvm_read_ptx_sreg_laneid(); }
/* the lanes of the tile of `size` lanes (a power of two <= 32) holding the
 * calling lane */
__SIM_DEV unsigned int tile_mask(unsigned int size) {
  if (size >= 32u)
    return 0xffffffffu;
  return ((1u << size) - 1u) << (lane() & ~(size - 1u));
}
/* the lane holding the n-th (from 0) set bit of mask; 32 when there is none */
__SIM_DEV unsigned int nth_lane(unsigned int mask, unsigned int n) {
  for (unsigned int i = 0; i < n && mask; i++)
    mask &= mask - 1u;
  return mask ? (unsigned int)(__ffs((int)mask) - 1) : 32u;
}
/* the bits of `bits` at the lanes of `mask`, packed from bit 0 up */
__SIM_DEV unsigned int compact(unsigned int bits, unsigned int mask) {
  unsigned int out = 0, k = 0;
  for (unsigned int l = 0; l < 32u; l++)
    if (mask & (1u << l)) {
      if (bits & (1u << l))
        out |= 1u << k;
      k++;
    }
  return out;
}
/* the grid barrier's counters in the launch's workspace (after NVIDIA's
 * two words): arrivals in this round, completed rounds */
__SIM_DEV unsigned int *grid_workspace() {
  unsigned int hi, lo;
  asm volatile("mov.u32 %0, %%envreg1;" : "=r"(hi));
  asm volatile("mov.u32 %0, %%envreg2;" : "=r"(lo));
  return (unsigned int *)(((unsigned long long)hi << 32) | lo);
}
/* shuffles of any trivially copyable type, as cooperative groups allow (a
 * user struct in reduce): the CUDA overload when one takes T, else the
 * value's 32-bit words one by one */
struct __yes { char c[2]; };
template <class T> __host__ __device__ static auto __shfl_ok(int) -> decltype(__shfl_sync(0u, *(T *)0, 0, 32), __yes());
template <class T> __host__ __device__ static char __shfl_ok(long); /* not variadic: host passes refuse that */
#define __SIM_CG_SHFL(NAME, F, LANE_T)                                                  \
  template <class T> struct NAME##_t {                                                   \
    __device__ static __SIM_INL T go(unsigned m, T v, LANE_T l, int w, __yes) {          \
      return F(m, v, l, w);                                                              \
    }                                                                                    \
    __device__ static __SIM_INL T go(unsigned m, T v, LANE_T l, int w, char) {           \
      unsigned words[(sizeof(T) + 3) / 4] = {};                                          \
      __builtin_memcpy(words, &v, sizeof(T));                                            \
      for (unsigned i = 0; i < (sizeof(T) + 3) / 4; i++) words[i] = F(m, words[i], l, w); \
      T r = v;                                                                           \
      __builtin_memcpy(&r, words, sizeof(T));                                            \
      return r;                                                                          \
    }                                                                                    \
  };                                                                                     \
  template <class T> __device__ __SIM_INL T NAME(unsigned m, T v, LANE_T l, int w) {     \
    return NAME##_t<T>::go(m, v, l, w, decltype(__shfl_ok<T>(0))());                     \
  }
__SIM_CG_SHFL(shfl, __shfl_sync, int)
__SIM_CG_SHFL(shfl_down, __shfl_down_sync, unsigned int)
__SIM_CG_SHFL(shfl_up, __shfl_up_sync, unsigned int)
__SIM_CG_SHFL(shfl_xor, __shfl_xor_sync, int)
#undef __SIM_CG_SHFL
} // namespace __sim

/* ---- the thread block */
class thread_block {
public:
  __device__ __SIM_INL void sync() const { __syncthreads(); }
  __device__ __SIM_INL unsigned int thread_rank() const {
    return __sim::block_rank();
  }
  __device__ __SIM_INL unsigned int size() const { return __sim::block_size(); }
  __device__ __SIM_INL unsigned int num_threads() const {
    return __sim::block_size();
  }
  __device__ __SIM_INL dim3 group_index() const {
    return dim3(blockIdx.x, blockIdx.y, blockIdx.z);
  }
  __device__ __SIM_INL dim3 thread_index() const {
    return dim3(threadIdx.x, threadIdx.y, threadIdx.z);
  }
  __device__ __SIM_INL dim3 group_dim() const {
    return dim3(blockDim.x, blockDim.y, blockDim.z);
  }
  __device__ __SIM_INL dim3 dim_threads() const {
    return dim3(blockDim.x, blockDim.y, blockDim.z);
  }
  __device__ __SIM_INL bool is_valid() const { return true; }
};
__SIM_DEV thread_block this_thread_block() { return thread_block(); }
/* the scratch of tiles larger than a warp (CUDA 11's <TileCommunicationSize,
 * MaxBlockSize>, CUDA 12's <MaxBlockSize>): accepted; simulee's larger tiles
 * sync on named barriers and need no scratch */
template <unsigned int A = 8, unsigned int B = 1024> struct block_tile_memory {
  alignas(16) unsigned char __reserved[16]; /* unused */
};
template <unsigned int A, unsigned int B>
__SIM_DEV thread_block this_thread_block(block_tile_memory<A, B> &) { return thread_block(); }

/* ---- the whole grid */
class grid_group {
public:
  __device__ __SIM_INL bool is_valid() const { return true; }
  __device__ __SIM_INL void sync() const {
    __syncthreads();
    if (__sim::block_rank() == 0) {
      unsigned int blocks = gridDim.x * gridDim.y * gridDim.z;
      unsigned int *grid_arrived = __sim::grid_workspace() + 2;
      unsigned int *grid_round = __sim::grid_workspace() + 3;
      /* the round is read with atomic loads, not read-modify-writes: a
       * write of a waiting block would be a release (after its fence) that
       * a later reader acquires, ordering what that block did after the
       * sync before the reader's next phase */
      unsigned int round = __atomic_load_n(grid_round, __ATOMIC_RELAXED);
      __threadfence();
      if (atomicAdd(grid_arrived, 1u) == blocks - 1u) {
        atomicExch(grid_arrived, 0u);
        __threadfence();
        atomicAdd(grid_round, 1u);
      } else {
        while (__atomic_load_n(grid_round, __ATOMIC_RELAXED) == round)
          __nanosleep(32);
      }
      __threadfence();
    }
    __syncthreads();
  }
  __device__ __SIM_INL unsigned long long thread_rank() const {
    return block_rank() * (unsigned long long)__sim::block_size() +
           __sim::block_rank();
  }
  __device__ __SIM_INL unsigned long long size() const {
    return (unsigned long long)num_blocks() * __sim::block_size();
  }
  __device__ __SIM_INL unsigned long long num_threads() const { return size(); }
  __device__ __SIM_INL unsigned int block_rank() const {
    return blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  }
  __device__ __SIM_INL unsigned int num_blocks() const {
    return gridDim.x * gridDim.y * gridDim.z;
  }
  __device__ __SIM_INL dim3 group_dim() const {
    return dim3(gridDim.x, gridDim.y, gridDim.z);
  }
  __device__ __SIM_INL dim3 dim_blocks() const {
    return dim3(gridDim.x, gridDim.y, gridDim.z);
  }
  __device__ __SIM_INL dim3 block_index() const {
    return dim3(blockIdx.x, blockIdx.y, blockIdx.z);
  }
};
__SIM_DEV grid_group this_grid() { return grid_group(); }

/* ---- multi-device groups: deprecated since CUDA 11 and gone from CUDA
 * 13's headers; simulee runs one device, so their use is an error that
 * names them */
class multi_grid_group;
__SIM_DEV multi_grid_group this_multi_grid() __attribute__((unavailable(
    "multi_grid_group (multi-device cooperative launch) is removed from CUDA 13 and not "
    "simulated by simulee")));

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
/* ---- the thread block cluster (sm_90) */
class cluster_group {
public:
  __device__ __SIM_INL bool is_valid() const { return true; }
  /* barrier.cluster.arrive (release) + barrier.cluster.wait (acquire) */
  __device__ __SIM_INL void sync() const {
    __nvvm_barrier_cluster_arrive();
    __nvvm_barrier_cluster_wait();
  }
  struct arrival_token {};
  __device__ __SIM_INL arrival_token barrier_arrive() const {
    __nvvm_barrier_cluster_arrive();
    return arrival_token();
  }
  __device__ __SIM_INL void barrier_wait() const { __nvvm_barrier_cluster_wait(); }
  __device__ __SIM_INL void barrier_wait(arrival_token &&) const {
    __nvvm_barrier_cluster_wait();
  }
  __device__ __SIM_INL unsigned int block_rank() const {
    return __nvvm_read_ptx_sreg_cluster_ctarank();
  }
  __device__ __SIM_INL unsigned int num_blocks() const {
    return __nvvm_read_ptx_sreg_cluster_nctarank();
  }
  __device__ __SIM_INL dim3 block_index() const {
    return dim3(__nvvm_read_ptx_sreg_cluster_ctaid_x(), __nvvm_read_ptx_sreg_cluster_ctaid_y(),
                __nvvm_read_ptx_sreg_cluster_ctaid_z());
  }
  __device__ __SIM_INL dim3 dim_blocks() const {
    return dim3(__nvvm_read_ptx_sreg_cluster_nctaid_x(), __nvvm_read_ptx_sreg_cluster_nctaid_y(),
                __nvvm_read_ptx_sreg_cluster_nctaid_z());
  }
  __device__ __SIM_INL unsigned int thread_rank() const {
    return block_rank() * __sim::block_size() + __sim::block_rank();
  }
  __device__ __SIM_INL unsigned int num_threads() const {
    return num_blocks() * __sim::block_size();
  }
  __device__ __SIM_INL unsigned int size() const { return num_threads(); }
  __device__ __SIM_INL dim3 dim_threads() const {
    return dim3(blockDim.x * dim_blocks().x, blockDim.y * dim_blocks().y,
                blockDim.z * dim_blocks().z);
  }
  __device__ __SIM_INL dim3 thread_index() const {
    return dim3(block_index().x * blockDim.x + threadIdx.x,
                block_index().y * blockDim.y + threadIdx.y,
                block_index().z * blockDim.z + threadIdx.z);
  }
  /* the same shared variable in the block of cluster rank `rank`
   * (distributed shared memory) */
  template <typename T> __device__ __SIM_INL T *map_shared_rank(T *addr, unsigned int rank) const {
    return (T *)__nvvm_mapa((void *)addr, (int)rank);
  }
  template <typename T> __device__ __SIM_INL unsigned int query_shared_rank(T *addr) const {
    return (unsigned int)__nvvm_getctarank((void *)addr);
  }
};
__SIM_DEV cluster_group this_cluster() { return cluster_group(); }
#endif

/* ---- a group of lanes of one warp, known at run time: the dynamic
 * tiled_partition (tile sizes that are powers of two up to 32) and
 * coalesced_threads(). rank r is the r-th set lane of the mask. */
class coalesced_group {
protected:
  unsigned int mask_; /* the member lanes */
public:
  __device__ __SIM_INL explicit coalesced_group(unsigned int mask)
      : mask_(mask) {}
  /* the member lanes as a warp mask (simulee extension) */
  __device__ __SIM_INL unsigned int __lanes() const { return mask_; }
  __device__ __SIM_INL void sync() const { __syncwarp(mask_); }
  __device__ __SIM_INL unsigned int thread_rank() const {
    return (unsigned int)__popc(mask_ & ((1u << __sim::lane()) - 1u));
  }
  __device__ __SIM_INL unsigned int size() const {
    return (unsigned int)__popc(mask_);
  }
  __device__ __SIM_INL unsigned int num_threads() const { return size(); }
  __device__ __SIM_INL bool is_valid() const { return mask_ != 0; }
  __device__ __SIM_INL unsigned int meta_group_rank() const { return 0; }
  __device__ __SIM_INL unsigned int meta_group_size() const { return 1; }
  template <typename T>
  __device__ __SIM_INL T shfl(T v, unsigned int rank) const {
    return __sim::shfl(mask_, v, (int)__sim::nth_lane(mask_, rank), 32);
  }
  template <typename T>
  __device__ __SIM_INL T shfl_down(T v, unsigned int d) const {
    unsigned int to = __sim::nth_lane(mask_, thread_rank() + d);
    return __sim::shfl(mask_, v, (int)(to < 32u ? to : __sim::lane()), 32);
  }
  template <typename T>
  __device__ __SIM_INL T shfl_up(T v, unsigned int d) const {
    unsigned int r = thread_rank();
    unsigned int from = r >= d ? __sim::nth_lane(mask_, r - d) : __sim::lane();
    return __sim::shfl(mask_, v, (int)from, 32);
  }
  __device__ __SIM_INL int any(int p) const { return __any_sync(mask_, p); }
  __device__ __SIM_INL int all(int p) const { return __all_sync(mask_, p); }
  __device__ __SIM_INL unsigned int ballot(int p) const {
    return __sim::compact(__ballot_sync(mask_, p), mask_);
  }
  template <typename T> __device__ __SIM_INL unsigned int match_any(T v) const {
    return __sim::compact(__match_any_sync(mask_, v), mask_);
  }
  template <typename T>
  __device__ __SIM_INL unsigned int match_all(T v, int &pred) const {
    return __sim::compact(__match_all_sync(mask_, v, &pred), mask_);
  }
};
__SIM_DEV coalesced_group coalesced_threads() {
  return coalesced_group(__activemask());
}
/* labeled_partition: the lanes of g with the same label; binary_partition:
 * those with the same predicate */
__SIM_DEV coalesced_group labeled_partition(const coalesced_group &g, int label) {
  return coalesced_group(__match_any_sync(g.__lanes(), label) & g.__lanes());
}
__SIM_DEV coalesced_group labeled_partition(const coalesced_group &g, unsigned int label) {
  return coalesced_group(__match_any_sync(g.__lanes(), label) & g.__lanes());
}
__SIM_DEV coalesced_group binary_partition(const coalesced_group &g, bool pred) {
  unsigned int yes = __ballot_sync(g.__lanes(), pred) & g.__lanes();
  return coalesced_group(pred ? yes : g.__lanes() & ~yes);
}

namespace __sim {
/* the barrier of the tile of `size` threads (> 32) holding the thread: the
 * block's when the tile is the whole block, else a named barrier (ids 1..15;
 * 0 is __syncthreads), each size with ids of its own so that tiles of
 * different sizes never share one: 64 ids 1-8, 128 ids 9-12, 256 ids 13-14,
 * 512 id 15 (tiles of one size share ids only in blocks of more than 512) */
__SIM_DEV void large_tile_sync(unsigned int size) {
  if (size >= block_size()) {
    __syncthreads();
    return;
  }
  unsigned int first = size == 64u ? 1u : size == 128u ? 9u : size == 256u ? 13u : 15u;
  unsigned int ids = size == 64u ? 8u : size == 128u ? 4u : size == 256u ? 2u : 1u;
  __barrier_sync_count(first + (block_rank() / size) % ids, size);
}

/* one slot of T per warp of the block in shared memory: the scratch of
 * the collectives of tiles larger than a warp (each tile uses the slots of
 * its own warps, so tiles of a block do not share any) */
template <typename T> __SIM_DEV T *large_tile_slots() {
  __shared__ unsigned char slots[32 * sizeof(T)] __attribute__((aligned(16)));
  return (T *)slots;
}
/* how many threads of the tile of `size` threads holding the thread have p */
__SIM_DEV unsigned int large_tile_count(unsigned int size, int p) {
  unsigned int *slot = large_tile_slots<unsigned int>();
  unsigned int w = block_rank() / 32u, first = block_rank() / size * (size / 32u);
  unsigned int n = (unsigned int)__popc(__ballot_sync(0xffffffffu, p));
  if (lane() == 0) slot[w] = n;
  large_tile_sync(size);
  unsigned int total = 0;
  for (unsigned int k = 0; k < size / 32u; k++) total += slot[first + k];
  large_tile_sync(size);
  return total;
}

/* ---- the body of a tile of N threads: N consecutive lanes of a warp (N a
 * power of two <= 32), or N consecutive threads of the block (64 .. 1024,
 * CUDA's larger tiles: sync, ranks and sizes) */
template <unsigned int N, bool Large = (N > 32u)> class tile_impl;
template <unsigned int N> class tile_impl<N, true> {
  static_assert((N & (N - 1)) == 0 && N <= 1024,
                "tile size must be a power of two no larger than 1024");

public:
  __device__ __SIM_INL unsigned int mask() const { return 0xffffffffu; }
  __device__ __SIM_INL void sync() const { large_tile_sync(N); }
  __device__ __SIM_INL unsigned int thread_rank() const { return block_rank() & (N - 1); }
  __device__ static constexpr __SIM_INL unsigned int size() { return N; }
  __device__ static constexpr __SIM_INL unsigned int num_threads() { return N; }
  __device__ __SIM_INL unsigned int meta_group_rank() const { return block_rank() / N; }
  __device__ __SIM_INL unsigned int meta_group_size() const {
    return (block_size() + N - 1) / N;
  }
  __device__ __SIM_INL bool is_valid() const { return true; }
  /* CUDA's large tiles: shfl from one rank (every thread names the same),
   * any, all; through the tile's slots in shared memory */
  template <typename T> __device__ __SIM_INL T shfl(T v, unsigned int src) const {
    T *slot = large_tile_slots<T>() + block_rank() / N * (N / 32u); /* its first warp's */
    if (thread_rank() == src) __builtin_memcpy(slot, &v, sizeof(T));
    large_tile_sync(N);
    T r;
    __builtin_memcpy(&r, slot, sizeof(T));
    large_tile_sync(N); /* read before the slot's next use */
    return r;
  }
  __device__ __SIM_INL int any(int p) const { return large_tile_count(N, p != 0) != 0; }
  __device__ __SIM_INL int all(int p) const { return large_tile_count(N, p != 0) == N; }
};
template <unsigned int N> class tile_impl<N, false> {
  static_assert(N >= 1 && (N & (N - 1)) == 0,
                "tile size must be a power of two");

public:
  __device__ __SIM_INL unsigned int mask() const { return __sim::tile_mask(N); }
  __device__ __SIM_INL void sync() const { __syncwarp(mask()); }
  __device__ __SIM_INL unsigned int thread_rank() const {
    return __sim::lane() & (N - 1);
  }
  __device__ static constexpr __SIM_INL unsigned int size() { return N; }
  __device__ static constexpr __SIM_INL unsigned int num_threads() { return N; }
  __device__ __SIM_INL unsigned int meta_group_rank() const {
    return __sim::block_rank() / N;
  }
  __device__ __SIM_INL unsigned int meta_group_size() const {
    return (__sim::block_size() + N - 1) / N;
  }
  __device__ __SIM_INL bool is_valid() const { return true; }
  template <typename T> __device__ __SIM_INL T shfl(T v, int src) const {
    return __sim::shfl(mask(), v, src, (int)N);
  }
  template <typename T>
  __device__ __SIM_INL T shfl_down(T v, unsigned int d) const {
    return __sim::shfl_down(mask(), v, d, (int)N);
  }
  template <typename T>
  __device__ __SIM_INL T shfl_up(T v, unsigned int d) const {
    return __sim::shfl_up(mask(), v, d, (int)N);
  }
  template <typename T>
  __device__ __SIM_INL T shfl_xor(T v, unsigned int m) const {
    return __sim::shfl_xor(mask(), v, (int)m, (int)N);
  }
  __device__ __SIM_INL int any(int p) const { return __any_sync(mask(), p); }
  __device__ __SIM_INL int all(int p) const { return __all_sync(mask(), p); }
  __device__ __SIM_INL unsigned int ballot(int p) const {
    return __ballot_sync(mask(), p) >> (__sim::lane() & ~(N - 1));
  }
  template <typename T> __device__ __SIM_INL unsigned int match_any(T v) const {
    return __match_any_sync(mask(), v) >> (__sim::lane() & ~(N - 1));
  }
  template <typename T>
  __device__ __SIM_INL unsigned int match_all(T v, int &pred) const {
    return __match_all_sync(mask(), v, &pred) >> (__sim::lane() & ~(N - 1));
  }
};
} // namespace __sim

/* ---- thread_block_tile<N> (CUDA 12: thread_block_tile<N, Parent>, which
 * is a thread_block_tile<N>) */
template <unsigned int N, typename ParentT = void> class thread_block_tile;
template <unsigned int N>
class thread_block_tile<N, void> : public __sim::tile_impl<N> {
public:
  /* as a coalesced group (the lanes of a warp tile) */
  __device__ __SIM_INL operator coalesced_group() const {
    static_assert(N <= 32, "a tile larger than a warp is not a coalesced group");
    return coalesced_group(this->mask());
  }
};
template <unsigned int N, typename ParentT>
class thread_block_tile : public thread_block_tile<N, void> {};

template <unsigned int N>
__SIM_DEV thread_block_tile<N, thread_block> tiled_partition(const thread_block &) {
  return thread_block_tile<N, thread_block>();
}
template <unsigned int N, typename Parent>
__SIM_DEV thread_block_tile<N, Parent> tiled_partition(const Parent &) {
  return thread_block_tile<N, Parent>();
}
/* the calling thread alone */
__SIM_DEV thread_block_tile<1, void> this_thread() { return thread_block_tile<1, void>(); }
template <unsigned int N>
__SIM_DEV coalesced_group labeled_partition(const thread_block_tile<N> &t, int label) {
  static_assert(N <= 32, "labeled_partition of a tile larger than a warp");
  return coalesced_group(__match_any_sync(t.mask(), label) & t.mask());
}
template <unsigned int N>
__SIM_DEV coalesced_group binary_partition(const thread_block_tile<N> &t, bool pred) {
  static_assert(N <= 32, "binary_partition of a tile larger than a warp");
  unsigned int yes = __ballot_sync(t.mask(), pred) & t.mask();
  return coalesced_group(pred ? yes : t.mask() & ~yes);
}

/* ---- thread_group: any group, as generic code takes it (sync, ranks,
 * sizes): the block, lanes of a warp, or a tile of the block larger than a
 * warp (the dynamic tiled_partition) */
class thread_group {
  unsigned int kind_; /* 0 the block, 1 the lanes of mask_, 2 a large tile */
  unsigned int mask_; /* kind 1: the lanes; kind 2: the tile size */
public:
  __device__ __SIM_INL thread_group(unsigned int kind, unsigned int m) : kind_(kind), mask_(m) {}
  __device__ __SIM_INL thread_group(const thread_block &) : kind_(0), mask_(0) {}
  __device__ __SIM_INL thread_group(const coalesced_group &g) : kind_(1), mask_(g.__lanes()) {}
  template <unsigned int N, typename P>
  __device__ __SIM_INL thread_group(const thread_block_tile<N, P> &t)
      : kind_(N > 32 ? 2 : 1), mask_(N > 32 ? N : t.mask()) {}
  __device__ __SIM_INL void sync() const {
    if (kind_ == 0) __syncthreads();
    else if (kind_ == 2) __sim::large_tile_sync(mask_);
    else __syncwarp(mask_);
  }
  __device__ __SIM_INL unsigned int thread_rank() const {
    if (kind_ == 0) return __sim::block_rank();
    if (kind_ == 2) return __sim::block_rank() & (mask_ - 1);
    return (unsigned int)__popc(mask_ & ((1u << __sim::lane()) - 1u));
  }
  __device__ __SIM_INL unsigned int size() const {
    return kind_ == 0 ? __sim::block_size() : kind_ == 2 ? mask_ : (unsigned int)__popc(mask_);
  }
  __device__ __SIM_INL unsigned int num_threads() const { return size(); }
  __device__ __SIM_INL bool is_valid() const { return kind_ != 1 || mask_ != 0; }
  /* the member lanes as a warp mask (simulee extension; all for the block) */
  __device__ __SIM_INL unsigned int __lanes() const { return kind_ == 1 ? mask_ : 0xffffffffu; }
};

/* dynamic tiles: n a power of two; up to 32 the lanes of a warp, larger a
 * tile of the block */
__SIM_DEV thread_group tiled_partition(const thread_block &, unsigned int n) {
  return n > 32u ? thread_group(2u, n) : thread_group(1u, __sim::tile_mask(n));
}
__SIM_DEV thread_group tiled_partition(const thread_group &parent, unsigned int n) {
  return n > 32u ? thread_group(2u, n) : thread_group(1u, __sim::tile_mask(n) & parent.__lanes());
}

/* ---- group-wide sync as a free function */
template <typename Group> __SIM_DEV void sync(const Group &g) { g.sync(); }
template <typename Group>
__SIM_DEV unsigned long long thread_rank(const Group &g) {
  return g.thread_rank();
}
template <typename Group>
__SIM_DEV unsigned long long group_size(const Group &g) {
  return g.size();
}

/* ---- the operators of reduce and scan */
template <typename T> struct plus {
  __device__ __SIM_INL T operator()(T a, T b) const { return a + b; }
};
template <typename T> struct less {
  __device__ __SIM_INL T operator()(T a, T b) const { return b < a ? b : a; }
};
template <typename T> struct greater {
  __device__ __SIM_INL T operator()(T a, T b) const { return a < b ? b : a; }
};
template <typename T> struct bit_and {
  __device__ __SIM_INL T operator()(T a, T b) const { return a & b; }
};
template <typename T> struct bit_or {
  __device__ __SIM_INL T operator()(T a, T b) const { return a | b; }
};
template <typename T> struct bit_xor {
  __device__ __SIM_INL T operator()(T a, T b) const { return a ^ b; }
};

namespace __sim {
template <bool B> struct large_tag {};
/* a tile of a warp: a butterfly of xor shuffles, every lane gets the total */
template <unsigned int N, typename T, typename Op>
__SIM_DEV T tile_reduce(const thread_block_tile<N> &g, T v, Op op, large_tag<false>) {
  for (unsigned int m = N / 2; m > 0; m /= 2)
    v = op(v, g.shfl_xor(v, m));
  return v;
}
/* a tile larger than a warp: each warp's total (a butterfly), one slot per
 * warp in shared memory, then every thread folds its tile's slots in rank
 * order (the same total in every thread) */
template <unsigned int N, typename T, typename Op>
__SIM_DEV T tile_reduce(const thread_block_tile<N> &, T v, Op op, large_tag<true>) {
  for (unsigned int m = 16; m > 0; m /= 2)
    v = op(v, shfl_xor(0xffffffffu, v, (int)m, 32));
  T *slot = large_tile_slots<T>();
  unsigned int first = block_rank() / N * (N / 32u);
  if (lane() == 0) __builtin_memcpy(&slot[block_rank() / 32u], &v, sizeof(T));
  large_tile_sync(N);
  T total;
  __builtin_memcpy(&total, &slot[first], sizeof(T));
  for (unsigned int k = 1; k < N / 32u; k++) {
    T w;
    __builtin_memcpy(&w, &slot[first + k], sizeof(T));
    total = op(total, w);
  }
  large_tile_sync(N); /* every thread has read the slots before their next use */
  return total;
}
/* inclusive scan within a warp tile (Hillis-Steele with shfl_up) */
template <unsigned int N, typename T, typename Op>
__SIM_DEV T warp_scan(T v, Op op) {
  unsigned int r = lane() & (N - 1);
  for (unsigned int d = 1; d < N; d *= 2) {
    T y = shfl_up(tile_mask(N), v, d, (int)N);
    if (r >= d)
      v = op(v, y);
  }
  return v;
}
/* the inclusive (and exclusive: *ex, valid where has_ex) scan of a tile
 * larger than a warp: each warp's scan, the warps' totals in shared memory,
 * each thread adds the totals of its tile's earlier warps */
template <unsigned int N, typename T, typename Op>
__SIM_DEV T large_scan(T v, Op op, T *ex, bool *has_ex) {
  T in = warp_scan<32u>(v, op);
  T up = shfl_up(0xffffffffu, in, 1u, 32);
  T *slot = large_tile_slots<T>();
  unsigned int w = block_rank() / 32u, first = block_rank() / N * (N / 32u);
  if (lane() == 31u) __builtin_memcpy(&slot[w], &in, sizeof(T));
  large_tile_sync(N);
  bool have = false;
  T before = T();
  for (unsigned int k = first; k < w; k++) {
    T t;
    __builtin_memcpy(&t, &slot[k], sizeof(T));
    before = have ? op(before, t) : t;
    have = true;
  }
  large_tile_sync(N);
  if (lane() == 0) {
    *has_ex = have;
    *ex = before;
  } else {
    *has_ex = true;
    *ex = have ? op(before, up) : up;
  }
  return have ? op(before, in) : in;
}
} // namespace __sim

/* reduce over a tile: every thread gets the tile's total */
template <unsigned int N, typename T, typename Op>
__SIM_DEV T reduce(const thread_block_tile<N> &g, T v, Op op) {
  return __sim::tile_reduce(g, v, op, __sim::large_tag<(N > 32u)>());
}
/* reduce over a coalesced group of any size: every lane folds in the values
 * of all the ranks */
template <typename T, typename Op>
__SIM_DEV T reduce(const coalesced_group &g, T v, Op op) {
  T total = g.shfl(v, 0);
  for (unsigned int r = 1; r < g.size(); r++)
    total = op(total, g.shfl(v, r));
  return total;
}
/* inclusive / exclusive scan over a tile (Hillis-Steele with shfl_up;
 * tiles larger than a warp add the totals of their earlier warps) */
namespace __sim {
template <unsigned int N, typename T, typename Op>
__SIM_DEV T tile_scan(T v, Op op, large_tag<false>) {
  return warp_scan<N>(v, op);
}
template <unsigned int N, typename T, typename Op>
__SIM_DEV T tile_scan(T v, Op op, large_tag<true>) {
  T ex;
  bool has;
  return large_scan<N>(v, op, &ex, &has);
}
template <unsigned int N, typename T, typename Op>
__SIM_DEV T tile_exscan(const thread_block_tile<N> &g, T v, Op op, large_tag<false>) {
  T incl = warp_scan<N>(v, op);
  T prev = g.shfl_up(incl, 1);
  return g.thread_rank() == 0 ? T() : prev;
}
template <unsigned int N, typename T, typename Op>
__SIM_DEV T tile_exscan(const thread_block_tile<N> &, T v, Op op, large_tag<true>) {
  T ex;
  bool has;
  large_scan<N>(v, op, &ex, &has);
  return has ? ex : T();
}
} // namespace __sim
template <unsigned int N, typename T, typename Op>
__SIM_DEV T inclusive_scan(const thread_block_tile<N> &, T v, Op op) {
  return __sim::tile_scan<N>(v, op, __sim::large_tag<(N > 32u)>());
}
template <unsigned int N, typename T>
__SIM_DEV T inclusive_scan(const thread_block_tile<N> &g, T v) {
  return inclusive_scan(g, v, plus<T>());
}
template <unsigned int N, typename T, typename Op>
__SIM_DEV T exclusive_scan(const thread_block_tile<N> &g, T v, Op op) {
  return __sim::tile_exscan(g, v, op, __sim::large_tag<(N > 32u)>());
}
template <unsigned int N, typename T>
__SIM_DEV T exclusive_scan(const thread_block_tile<N> &g, T v) {
  return exclusive_scan(g, v, plus<T>());
}

/* ---- memcpy_async / wait (<cooperative_groups/memcpy_async.h>): the
 * group's threads issue asynchronous copies (cp.async, simulee_async.h) of a
 * strided share each (pieces of 16, 4 or 1 bytes, the largest everything is
 * aligned to), one commit group per call; wait() waits for the thread's
 * copies and is the group's barrier, after which every thread sees the
 * whole copy, as on a GPU. Reading the destination before wait() is a race
 * with the copy. */
template <typename Group>
__SIM_DEV void memcpy_async(const Group &g, void *dst, const void *src,
                            size_t bytes) {
  unsigned long long a = (unsigned long long)dst | (unsigned long long)src | bytes;
  size_t p = (a & 15) == 0 ? 16 : (a & 3) == 0 ? 4 : 1;
  for (size_t i = g.thread_rank() * p; i < bytes; i += g.size() * p)
    __sim_copy_async((char *)dst + i, (const char *)src + i, p);
  __sim_cp_async_commit();
}
template <typename Group, typename T>
__SIM_DEV void memcpy_async(const Group &g, T *dst, size_t dst_count,
                            const T *src, size_t src_count) {
  size_t n = dst_count < src_count ? dst_count : src_count;
  memcpy_async(g, (void *)dst, (const void *)src, n * sizeof(T));
}
template <typename Group> __SIM_DEV void wait(const Group &g) {
  __sim_cp_async_wait_all();
  g.sync();
}
template <unsigned int N, typename Group>
__SIM_DEV void wait_prior(const Group &g) {
  __sim_cp_async_wait_group(N);
  g.sync();
}

} // namespace cooperative_groups

#endif /* !__SIMULEE_HOST_COMPILER */
#endif
