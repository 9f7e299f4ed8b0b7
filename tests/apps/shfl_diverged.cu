// Pattern: a register transpose through shuffles, as integral-image and
// tile-transpose kernels do it: each lane holds four uint4 values, picks one
// by its lane number through a switch (the lanes of a warp take different
// cases) and stores it, then the warp exchanges registers with full-mask
// tile shuffles (cg::thread_block_tile<32>::shfl_xor of a uint4, four
// 32-bit shuffles). Every lane executes every shuffle, but after the switch
// the interpreter may run the warp's lanes apart: a lane the mask names
// must be read as it is, not as an inactive one. 120 threads: the last warp
// has 24 lanes. Prints "shfl_diverged: N wrong".
#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;
struct quad { uint4 x, y, z, w; };

__global__ void transpose_pick(uint4 *out) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  unsigned id = threadIdx.x;
  quad r;
  r.x = make_uint4(id, id + 1, id + 2, id + 3);
  r.y = make_uint4(id + 10, id + 11, id + 12, id + 13);
  r.z = make_uint4(id + 20, id + 21, id + 22, id + 23);
  r.w = make_uint4(id + 30, id + 31, id + 32, id + 33);
  auto pick = [&r](unsigned i) -> uint4 {
    switch (i) {
    case 0: return r.x;
    case 1: return r.y;
    case 2: return r.z;
    case 3: return r.w;
    }
    return {};
  };
  r.y = tile.shfl_xor(r.y, 1);
  r.z = tile.shfl_xor(r.z, 2);
  out[id * 2] = pick(id & 3);
  r.x = tile.shfl_xor(r.x, 1);
  r.w = tile.shfl_xor(r.w, 1);
  out[id * 2 + 1] = pick((id + 2) & 3);
}

int main() {
  const unsigned n = 120;
  uint4 *d, h[2 * n];
  cudaMalloc(&d, sizeof h);
  transpose_pick<<<1, n>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (unsigned id = 0; id < n; id++) {
    // after the shuffles: x, y and w come from lane id ^ 1, z from id ^ 2
    const unsigned from[4] = {id ^ 1, (id ^ 1) + 10, (id ^ 2) + 20, (id ^ 1) + 30};
    const unsigned first[4] = {id, (id ^ 1) + 10, (id ^ 2) + 20, id + 30};
    wrong += h[2 * id].x != first[id & 3];
    wrong += h[2 * id + 1].x != from[(id + 2) & 3];
    wrong += h[2 * id + 1].w != from[(id + 2) & 3] + 3;
  }
  printf("shfl_diverged: %d wrong\n", wrong);
  cudaFree(d);
  return wrong ? 1 : 0;
}
