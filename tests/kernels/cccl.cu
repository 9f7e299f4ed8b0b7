// Interpreter corpus: the CUDA C++ core libraries as Debian packages them
// (CUB 1.17, Thrust 1.17, libcu++ 1.8 from /usr/include), used the way
// application kernels use them. Pattern: none (the kernels are race-free):
// CUB's block and warp collectives synchronise internally, and the libcu++
// atomics are the only accesses two threads make to one location. The
// kernels take no explicit block barrier of their own: each collective uses
// its own TempStorage, so no storage is reused across collectives.
#include <cub/block/block_load.cuh>
#include <cub/block/block_radix_sort.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_store.cuh>
#include <cub/warp/warp_reduce.cuh>
#include <cub/warp/warp_scan.cuh>
#include <cub/iterator/cache_modified_input_iterator.cuh>
#include <cuda/atomic>
#include <cuda/std/atomic>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/transform.h>

#define CCCL_BLOCK 128

// out[b] = the sum of block b's CCCL_BLOCK elements, via cub::BlockReduce.
__global__ void cub_block_sum(const int *in, int *out) {
  typedef cub::BlockReduce<int, CCCL_BLOCK> reduce_t;
  __shared__ typename reduce_t::TempStorage tmp;
  int v = in[blockIdx.x * CCCL_BLOCK + threadIdx.x];
  int total = reduce_t(tmp).Sum(v);
  if (threadIdx.x == 0) out[blockIdx.x] = total;
}

// incl / excl: per block inclusive and exclusive prefix sums (cub::BlockScan,
// two items per thread, blocked arrangement).
__global__ void cub_block_scan(const int *in, int *incl, int *excl) {
  typedef cub::BlockScan<int, CCCL_BLOCK> scan_t;
  __shared__ typename scan_t::TempStorage tmp_in;
  __shared__ typename scan_t::TempStorage tmp_ex;
  int base = (blockIdx.x * CCCL_BLOCK + threadIdx.x) * 2;
  int items[2] = {in[base], in[base + 1]};
  int a[2], b[2];
  scan_t(tmp_in).InclusiveSum(items, a);
  scan_t(tmp_ex).ExclusiveSum(items, b);
  for (int k = 0; k < 2; k++) {
    incl[base + k] = a[k];
    excl[base + k] = b[k];
  }
}

// Each block sorts its tile of 64 x 4 keys: striped loads transposed to a
// blocked arrangement, a radix sort, a transposed store.
__global__ void cub_tile_sort(const unsigned *in, unsigned *out) {
  typedef cub::BlockLoad<unsigned, 64, 4, cub::BLOCK_LOAD_TRANSPOSE> load_t;
  typedef cub::BlockRadixSort<unsigned, 64, 4> sort_t;
  typedef cub::BlockStore<unsigned, 64, 4, cub::BLOCK_STORE_TRANSPOSE> store_t;
  __shared__ struct {
    typename load_t::TempStorage load;
    typename sort_t::TempStorage sort;
    typename store_t::TempStorage store;
  } tmp;
  unsigned keys[4];
  unsigned tile = blockIdx.x * 256;
  load_t(tmp.load).Load(in + tile, keys);
  sort_t(tmp.sort).Sort(keys);
  store_t(tmp.store).Store(out + tile, keys);
}

// Per warp: out[i] = inclusive prefix sum of the warp's values
// (cub::WarpScan), sums[w] = warp w's total (cub::WarpReduce).
__global__ void cub_warp(const int *in, int *out, int *sums) {
  typedef cub::WarpReduce<int> reduce_t;
  typedef cub::WarpScan<int> scan_t;
  __shared__ typename reduce_t::TempStorage red[CCCL_BLOCK / 32];
  __shared__ typename scan_t::TempStorage scn[CCCL_BLOCK / 32];
  unsigned i = blockIdx.x * CCCL_BLOCK + threadIdx.x;
  unsigned w = threadIdx.x / 32;
  int v = in[i];
  int total = reduce_t(red[w]).Sum(v);
  int pre;
  scan_t(scn[w]).InclusiveSum(v, pre);
  out[i] = pre;
  if (threadIdx.x % 32 == 0) sums[blockIdx.x * (CCCL_BLOCK / 32) + w] = total;
}

// libcu++ atomics on global counters: c[0] counts the threads
// (cuda::atomic_ref, device scope), c[1] sums the thread indices, c[2] keeps
// the largest global index (cuda::atomic_ref::fetch_max), c[3] counts the
// threads whose compare-exchange of an even value succeeded, total[0] adds
// every in[i] (cuda::std::atomic placed in global memory).
__global__ void cccl_atomics(int *c, cuda::std::atomic<int> *total, const int *in) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  cuda::atomic_ref<int, cuda::thread_scope_device> count(c[0]);
  cuda::atomic_ref<int, cuda::thread_scope_device> sum(c[1]);
  cuda::atomic_ref<int, cuda::thread_scope_device> top(c[2]);
  cuda::atomic_ref<int, cuda::thread_scope_system> swaps(c[3]);
  count.fetch_add(1);
  sum.fetch_add((int)threadIdx.x, cuda::std::memory_order_relaxed);
  top.fetch_max(g);
  if (g % 2 == 0) {
    int seen = swaps.load();
    while (!swaps.compare_exchange_weak(seen, seen + 1)) {
    }
  }
  total->fetch_add(in[g]);
}

// 64-bit and floating collectives: out[b] = block b's double sum
// (cub::BlockReduce<double>), sums[w] = warp w's 64-bit sum
// (cub::WarpReduce<unsigned long long>), scan = per block inclusive float
// prefix sums (cub::BlockScan<float>). Integer-valued inputs keep every
// floating sum exact whatever the order.
__global__ void cub_wide(const double *in, double *out, unsigned long long *sums,
                         float *scan) {
  typedef cub::BlockReduce<double, CCCL_BLOCK> reduce_t;
  typedef cub::WarpReduce<unsigned long long> wreduce_t;
  typedef cub::BlockScan<float, CCCL_BLOCK> scan_t;
  __shared__ typename reduce_t::TempStorage rt;
  __shared__ typename wreduce_t::TempStorage wt[CCCL_BLOCK / 32];
  __shared__ typename scan_t::TempStorage st;
  unsigned i = blockIdx.x * CCCL_BLOCK + threadIdx.x;
  double v = in[i];
  double total = reduce_t(rt).Sum(v);
  unsigned long long big = (unsigned long long)v << 33;
  unsigned long long wsum = wreduce_t(wt[threadIdx.x / 32]).Sum(big);
  float pre;
  scan_t(st).InclusiveSum((float)v, pre);
  scan[i] = pre;
  if (threadIdx.x == 0) out[blockIdx.x] = total;
  if (threadIdx.x % 32 == 0) sums[i / 32] = wsum;
}

// Key-value sort of float keys (cub::BlockRadixSort with values) after a
// cache-modified (LOAD_LDG) warp-transposed load; each block sorts its
// 64 x 2 keys and carries each key's input index along.
__global__ void cub_pair_sort(const float *keys, float *kout, int *vout) {
  typedef cub::BlockLoad<float, 64, 2, cub::BLOCK_LOAD_WARP_TRANSPOSE> load_t;
  typedef cub::BlockRadixSort<float, 64, 2, int> sort_t;
  __shared__ typename load_t::TempStorage lt;
  __shared__ typename sort_t::TempStorage st;
  unsigned tile = blockIdx.x * 128;
  cub::CacheModifiedInputIterator<cub::LOAD_LDG, float> it(keys + tile);
  float k[2];
  load_t(lt).Load(it, k);
  // read warp-striped, held blocked: item j of thread t is element 2t + j
  int v[2];
  for (int j = 0; j < 2; j++) v[j] = (int)(tile + threadIdx.x * 2 + j);
  sort_t(st).Sort(k, v);
  for (int j = 0; j < 2; j++) {
    kout[tile + threadIdx.x * 2 + j] = k[j];
    vout[tile + threadIdx.x * 2 + j] = v[j];
  }
}

// a*x + y as a functor host and device code share
struct saxpy_functor {
  float a;
  __host__ __device__ float operator()(float x, float y) const {
    return a * x + y;
  }
};

// y[i] = a * x[i] + y[i] for the block's slice, thrust::transform with the
// sequential policy inside each thread's slice of 4.
__global__ void thrust_saxpy(const float *x, float *y, float a) {
  unsigned base = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  thrust::transform(thrust::seq, x + base, x + base + 4, y + base, y + base,
                    saxpy_functor{a});
}

// Host code of the same file: the functor through thrust::transform on
// device vectors (compiled, not run; the kernel Thrust instantiates for it
// is part of the module).
void host_saxpy(float a, thrust::device_vector<float> &x,
                thrust::device_vector<float> &y) {
  thrust::transform(x.begin(), x.end(), y.begin(), y.begin(),
                    saxpy_functor{a});
}

//@ run cub_block_sum: --kernel cub_block_sum --grid 3 --block 128 --arg i32[384]=rand:5:-1000:1000 --arg i32[3] --dump 1
//@ run cub_block_scan: --kernel cub_block_scan --grid 2 --block 128 --arg i32[512]=rand:6:-50:50 --arg i32[512] --arg i32[512] --dump 1 --dump 2
//@ run cub_tile_sort: --kernel cub_tile_sort --grid 2 --block 64 --arg u32[512]=rand:7:0:4000000000 --arg u32[512] --dump 1
//@ run cub_warp: --kernel cub_warp --grid 2 --block 128 --arg i32[256]=rand:8:-100:100 --arg i32[256] --arg i32[8] --dump 1 --dump 2
//@ run cccl_atomics: --kernel cccl_atomics --grid 3 --block 64 --arg i32[4] --arg i32[1] --arg i32[192]=rand:9:-20:20 --dump 0 --dump 1
//@ run thrust_saxpy: --kernel thrust_saxpy --grid 2 --block 32 --arg f32[256]=rand:10:-8:8 --arg f32[256]=iota --arg 2.0 --dump 1
//@ run cub_wide: --kernel cub_wide --grid 2 --block 128 --arg f64[256]=iota --arg f64[2] --arg u64[8] --arg f32[256] --dump 1 --dump 2 --dump 3
//@ run cub_pair_sort: --kernel cub_pair_sort --grid 2 --block 64 --arg f32[256]=rand:12:-1000:1000 --arg f32[256] --arg i32[256] --dump 1 --dump 2
