// Async-copy tests (tests/async.cmake): libcu++'s asynchronous copies as
// simulee's <cuda/barrier> and <cuda/pipeline> provide them, next to a
// libcu++ header from Debian (<cuda/std/atomic>).
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda/std/atomic>

namespace cg = cooperative_groups;
#define TILE 64

// cuda::barrier + cuda::memcpy_async: the block stages a tile, waits on the
// barrier's phase, and scales it. out[i] = 3 * in[i] + the block's tile
// sum counted with cuda::atomic_ref.
__global__ void barrier_scale(const int *in, int *out, int *total) {
  __shared__ int tile[TILE];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  const int *src = in + blockIdx.x * TILE;
  cuda::memcpy_async(block, tile, src, sizeof(int) * TILE, bar);
  bar.arrive_and_wait();
  int j = threadIdx.x;
  out[blockIdx.x * TILE + j] = 3 * tile[(j + 7) % TILE];
  cuda::atomic_ref<int, cuda::thread_scope_device> t(*total);
  t.fetch_add(tile[j], cuda::std::memory_order_relaxed);
}

// cuda::pipeline of the block with two stages: tile t+1 is copied while
// tile t is summed. out[b * TILE + j] = sum over t of in[(b * ntiles + t) *
// TILE + (j + 1) % TILE] * (t + 1).
__global__ void pipeline_tiles(const int *in, int *out, int ntiles) {
  __shared__ int buf[2][TILE];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
  auto block = cg::this_thread_block();
  auto pipe = cuda::make_pipeline(block, &state);
  const int *base = in + blockIdx.x * ntiles * TILE;
  int j = threadIdx.x, acc = 0;
  for (int t = 0; t < 2 && t < ntiles; t++) {
    pipe.producer_acquire();
    cuda::memcpy_async(block, buf[t], base + t * TILE, sizeof(int) * TILE, pipe);
    pipe.producer_commit();
  }
  for (int t = 0; t < ntiles; t++) {
    pipe.consumer_wait();
    acc += buf[t & 1][(j + 1) % TILE] * (t + 1);
    pipe.consumer_release();
    if (t + 2 < ntiles) {
      pipe.producer_acquire();
      cuda::memcpy_async(block, buf[t & 1], base + (t + 2) * TILE, sizeof(int) * TILE, pipe);
      pipe.producer_commit();
    }
  }
  out[blockIdx.x * TILE + j] = acc;
}

// a thread's own pipeline (cuda::make_pipeline()): each thread stages its
// element of every tile, two in flight. out as pipeline_tiles with (j + 1)
// replaced by j.
__global__ void thread_pipeline(const int *in, int *out, int ntiles) {
  __shared__ int buf[2][TILE];
  auto pipe = cuda::make_pipeline();
  const int *base = in + blockIdx.x * ntiles * TILE;
  int j = threadIdx.x, acc = 0;
  for (int t = 0; t < 2 && t < ntiles; t++) {
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[t][j], base + t * TILE + j, sizeof(int), pipe);
    pipe.producer_commit();
  }
  for (int t = 0; t < ntiles; t++) {
    pipe.consumer_wait();
    acc += buf[t & 1][j] * (t + 1);
    pipe.consumer_release();
    if (t + 2 < ntiles) {
      pipe.producer_acquire();
      cuda::memcpy_async(&buf[t & 1][j], base + (t + 2) * TILE + j, sizeof(int), pipe);
      pipe.producer_commit();
    }
  }
  out[blockIdx.x * TILE + j] = acc;
}

// the bug: each thread reads the staged tile before waiting on the barrier
// (its element may not have landed yet)
__global__ void barrier_early_read(const int *in, int *out) {
  __shared__ int tile[TILE];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  cuda::memcpy_async(block, tile, in + blockIdx.x * TILE, sizeof(int) * TILE, bar);
  int v = tile[threadIdx.x];
  bar.arrive_and_wait();
  out[blockIdx.x * TILE + threadIdx.x] = v;
}

// the bug with cooperative groups: the block reads the staged tile before
// cg::wait (the copies of the other threads may still be in flight)
__global__ void cg_early_read(const int *in, int *out) {
  __shared__ int tile[TILE];
  auto block = cg::this_thread_block();
  cg::memcpy_async(block, tile, in + blockIdx.x * TILE, sizeof(int) * TILE);
  int v = tile[(threadIdx.x + 1) % TILE];
  cg::wait(block);
  out[blockIdx.x * TILE + threadIdx.x] = v + tile[threadIdx.x];
}
