// Async-copy tests (tests/tma.cmake): tensor-map bulk copies (sm_90 TMA) as
// CUTLASS-style kernels write them. The host would build the map with
// cuTensorMapEncodeTiled; simulee's launch builds it from
// --arg tmap:f32:WxH:16x8=FILL. Shared addresses are 32-bit, the mbarrier is
// armed with arrive.expect_tx and waited for with try_wait.parity.
//
// tma_scale: each 128-thread block loads the 16x8 box of the W x H tensor
// `a` at (16 * blockIdx.x, 8 * blockIdx.y) into shared memory (elements
// outside the tensor arrive as zeros) and writes out[y * ow + x] =
// 2 * a[y][x] + 1 for its tile of the ow-wide output (1 outside the tensor).
#include <cuda.h>
#include <stdint.h>

__device__ __forceinline__ uint32_t smem_u32(const void *p) {
  return (uint32_t)__cvta_generic_to_shared(p);
}
__device__ __forceinline__ void mbar_init(uint32_t bar, unsigned count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(count) : "memory");
}
__device__ __forceinline__ void mbar_expect_tx(uint32_t bar, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(bytes)
               : "memory");
}
__device__ __forceinline__ void mbar_wait(uint32_t bar, unsigned phase) {
  asm volatile("{\n\t.reg .pred P1;\n\tLAB_WAIT:\n\t"
               "mbarrier.try_wait.parity.shared::cta.b64 P1, [%0], %1;\n\t"
               "@P1 bra DONE;\n\tbra LAB_WAIT;\n\tDONE:\n\t}" ::"r"(bar), "r"(phase) : "memory");
}
__device__ __forceinline__ void tma_load_2d(uint32_t dst, const CUtensorMap *map, uint32_t bar,
                                            int x, int y) {
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
               " [%0], [%1, {%3, %4}], [%2];"
               ::"r"(dst), "l"((uint64_t)map), "r"(bar), "r"(x), "r"(y) : "memory");
}

#define BW 16
#define BH 8

__global__ void tma_scale(const __grid_constant__ CUtensorMap a, float *out, int ow) {
  __shared__ __align__(128) float tile[BH][BW];
  __shared__ __align__(8) uint64_t bar;
  int tx = threadIdx.x % BW, ty = threadIdx.x / BW;
  uint32_t b = smem_u32(&bar);
  if (threadIdx.x == 0) {
    mbar_init(b, 1);
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    mbar_expect_tx(b, sizeof tile);
    tma_load_2d(smem_u32(tile), &a, b, blockIdx.x * BW, blockIdx.y * BH);
  }
  mbar_wait(b, 0);
  out[(blockIdx.y * BH + ty) * ow + blockIdx.x * BW + tx] = 2.0f * tile[ty][tx] + 1.0f;
}

// the bug: each thread reads its element of the tile before waiting for the
// mbarrier phase that says the copy landed
__global__ void tma_scale_early(const __grid_constant__ CUtensorMap a, float *out, int ow) {
  __shared__ __align__(128) float tile[BH][BW];
  __shared__ __align__(8) uint64_t bar;
  int tx = threadIdx.x % BW, ty = threadIdx.x / BW;
  uint32_t b = smem_u32(&bar);
  if (threadIdx.x == 0) {
    mbar_init(b, 1);
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    mbar_expect_tx(b, sizeof tile);
    tma_load_2d(smem_u32(tile), &a, b, blockIdx.x * BW, blockIdx.y * BH);
  }
  float v = tile[ty][tx];
  mbar_wait(b, 0);
  out[(blockIdx.y * BH + ty) * ow + blockIdx.x * BW + tx] = 2.0f * v + 1.0f;
}

// tma_box3: one thread copies the 4x2x2 box of the 3-D tensor `a` at
// (x, y, z) (coordinates may lie outside the tensor) and the block writes it
// out: out[16k + 4j + i] = a[z + k][y + j][x + i], 0 outside the tensor.
// (The copy is spelled as CUTLASS's SM90_TMA_LOAD: no .tile, an L2 cache
// hint operand.)
__global__ void tma_box3(const __grid_constant__ CUtensorMap a, float *out, int x, int y, int z) {
  __shared__ __align__(128) float box[2][2][4];
  __shared__ __align__(8) uint64_t bar;
  uint32_t b = smem_u32(&bar);
  if (threadIdx.x == 0) {
    mbar_init(b, 1);
    mbar_expect_tx(b, sizeof box);
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes"
                 ".L2::cache_hint [%0], [%1, {%3, %4, %5}], [%2], %6;"
                 ::"r"(smem_u32(box)), "l"((uint64_t)&a), "r"(b), "r"(x), "r"(y), "r"(z),
                 "l"(0x1000000000000000ull) : "memory");
  }
  __syncthreads();
  mbar_wait(b, 0);
  out[threadIdx.x] = (&box[0][0][0])[threadIdx.x];
}
