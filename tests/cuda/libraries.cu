// Compile test for simulee's CUDA headers: the library-like headers in
// device code (cooperative groups, std::complex, cuComplex, cuRAND's device
// API, half precision). Not a bug pattern. Tile operations must become warp
// intrinsics with the tile's mask and width, grid sync a spin on counters in
// the launch's workspace (read from %envreg1/2), complex division a call of the weak __divsc3 the <complex>
// wrapper defines (never an unresolved compiler-rt call), and random numbers
// plain integer code plus libdevice calls.
// EXPECT: @llvm.nvvm.barrier0()
// EXPECT: @llvm.nvvm.bar.warp.sync(
// EXPECT: @llvm.nvvm.shfl.sync.bfly.i32(
// EXPECT: @llvm.nvvm.shfl.sync.up.i32(
// EXPECT: @llvm.nvvm.activemask()
// EXPECT: asm sideeffect "mov.u32 $0, %envreg1;"
// EXPECT: define weak dso_local { float, float } @__divsc3(
// EXPECT: define weak dso_local { float, float } @__mulsc3(
// EXPECT: @__nv_hypotf(
// EXPECT-O2: @llvm.nvvm.shfl.sync.bfly.i32(i32 %
// EXPECT-O2: i32 4, i32 6175)
// REJECT: cooperative_groups.h"
// REJECT: curand_kernel.h"
// REJECT: cuComplex.h"
// EXPECT: @__nv_sincospif(
// EXPECT: @__nv_logf(
#include <complex>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cuComplex.h>
#include <cuda_fp16.h>
#include <curand.h>
#include <curand_kernel.h>

namespace cg = cooperative_groups;

__global__ void groups(int *out, float *f) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  cg::thread_block_tile<8> eight = cg::tiled_partition<8>(block);
  int v = out[block.thread_rank()];
  for (int o = warp.size() / 2; o > 0; o /= 2)
    v += warp.shfl_down(v, o);
  block.sync();
  int s = cg::reduce(eight, v, cg::plus<int>());
  float m = cg::reduce(warp, f[warp.thread_rank()], cg::greater<float>());
  int pre = cg::exclusive_scan(warp, v);
  cg::thread_group sixteen = cg::tiled_partition(block, 16);
  sixteen.sync();
  if (v > 0) {
    cg::coalesced_group active = cg::coalesced_threads();
    out[1] = (int)active.thread_rank() +
             cg::reduce(active, v, cg::plus<int>()) + (int)active.ballot(1);
  }
  cg::sync(block);
  cg::grid_group grid = cg::this_grid();
  grid.sync();
  out[grid.thread_rank()] = s + (int)m + pre + (int)sixteen.thread_rank() +
                            (int)warp.ballot(v > 1) +
                            (int)eight.meta_group_rank() + eight.any(v);
}

__global__ void complex_numbers(std::complex<float> *z, cuFloatComplex *c,
                                cuDoubleComplex *d) {
  int k = threadIdx.x;
  z[k] = z[k] * z[k + 1] / z[k + 2] + std::conj(z[k]);
  c[k] = cuCaddf(cuCmulf(c[k], c[k + 1]), cuCdivf(c[k], c[k + 2]));
  c[k].x += cuCabsf(c[k]) + std::abs(z[k]);
  d[k] = cuCfma(d[k], d[k + 1], make_cuDoubleComplex(1.0, -1.0));
}

__global__ void random_numbers(curandState *xorwow,
                               curandStatePhilox4_32_10_t *philox,
                               unsigned long long seed, int *hits,
                               float *out) {
  int id = threadIdx.x + blockIdx.x * blockDim.x;
  curandState local = xorwow[id];
  curand_init(seed, id, 0, &local);
  curand_init(seed, id, 0, &philox[id]);
  int inside = 0;
  for (int i = 0; i < 64; i++) {
    float x = curand_uniform(&local), y = curand_uniform(&local);
    inside += x * x + y * y <= 1.0f;
  }
  xorwow[id] = local;
  atomicAdd(hits, inside);
  float4 u = curand_uniform4(&philox[id]);
  out[id] = u.x + curand_normal(&philox[id]) +
            (float)curand_normal_double(&xorwow[id]) +
            curand_log_normal(&xorwow[id], 0.0f, 1.0f) +
            (float)curand_poisson(&xorwow[id], 3.5) +
            __half2float(__float2half((float)curand(&philox[id])));
}
