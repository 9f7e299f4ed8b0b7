// Async-copy tests (tests/tma.cmake): a tensor-map bulk copy through
// libcu++'s spelling (cuda::device::experimental, as the CUDA Programming
// Guide writes TMA loads), over simulee's <cuda/barrier>. Each 256-thread
// block loads the 32x8 box of the W x H tensor `a` at (32 * blockIdx.x,
// 8 * blockIdx.y); thread (tx, ty) then writes out[y * ow + x] =
// a[y][x] + a[y][x ^ 1] (0 outside the tensor) for its element.
#include <cuda.h>
#include <cuda/barrier>

namespace cde = cuda::device::experimental;
using block_barrier = cuda::barrier<cuda::thread_scope_block>;

__global__ void pair_sum(const __grid_constant__ CUtensorMap a, float *out, int ow, int early) {
  __shared__ __align__(128) float tile[8][32];
  __shared__ block_barrier bar;
  int tx = threadIdx.x % 32, ty = threadIdx.x / 32;
  if (threadIdx.x == 0) {
    init(&bar, blockDim.x);
    cde::fence_proxy_async_shared_cta();
  }
  __syncthreads();
  block_barrier::arrival_token token;
  if (threadIdx.x == 0) {
    cde::cp_async_bulk_tensor_2d_global_to_shared(&tile, &a, blockIdx.x * 32, blockIdx.y * 8, bar);
    token = cuda::device::barrier_arrive_tx(bar, 1, sizeof tile);
  } else {
    token = bar.arrive();
  }
  // early != 0: the bug, reading the neighbour's element before the wait
  float v = early ? tile[ty][tx ^ 1] : 0.0f;
  bar.wait(std::move(token));
  if (!early) v = tile[ty][tx ^ 1];
  out[(blockIdx.y * 8 + ty) * ow + blockIdx.x * 32 + tx] = tile[ty][tx] + v;
}
