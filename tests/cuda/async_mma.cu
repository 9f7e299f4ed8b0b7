// Compile test for simulee's CUDA headers: cuda_pipeline.h's asynchronous
// copies (performed at issue, byte by byte), mma.h's fragments (the warp
// operations defined in the header: no external call is left) and the
// sm_61 dot products (integer code, no call). Not a bug pattern.
// HOST-SIDE
// REJECT: call void @_ZN6nvcuda4wmma
// REJECT: dp4aiii(
#include <cuda_pipeline.h>
#include <mma.h>
using namespace nvcuda;

__global__ void tile_mma(const half *a, float *c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  wmma::load_matrix_sync(fa, a, 16);
  for (int i = 0; i < acc.num_elements; i++) acc.x[i] += 1.0f;
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}

__global__ void staged(const int *g, int *o) {
  __shared__ int s[64];
  __pipeline_memcpy_async(&s[threadIdx.x * 2], &g[threadIdx.x * 2], 8);
  __pipeline_commit();
  __pipeline_wait_prior(0);
  o[threadIdx.x] = s[threadIdx.x * 2] + __dp4a(g[0], g[1], 3) +
                   (int)__dp2a_hi(1u, 2u, 3u);
}
