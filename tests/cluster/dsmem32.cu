// Thread block clusters with 32-bit shared::cluster addresses, as CUTLASS
// writes distributed shared memory: a __shared__ address converted with
// __cvta_generic_to_shared, mapped to a peer block with
// mapa.shared::cluster.u32 and accessed with ld/st.shared::cluster.u32.
// Clusters of two blocks (--cluster 2); each block has 64 threads.
#include <stdint.h>

__device__ __forceinline__ uint32_t smem_u32(const void *p) {
  return (uint32_t)__cvta_generic_to_shared(p);
}
__device__ __forceinline__ unsigned cta_rank() {
  unsigned r;
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(r));
  return r;
}
__device__ __forceinline__ uint32_t map_peer(uint32_t a, unsigned rank) {
  uint32_t r;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(rank));
  return r;
}
__device__ __forceinline__ void cluster_sync() {
  asm volatile("barrier.cluster.arrive.aligned;\n\tbarrier.cluster.wait.aligned;" ::: "memory");
}

// peer_read32: out[64b + t] = 10 * in[64b + t] + in[64(b^1) + 63 - t]: each
// block publishes its tile, then reads the peer's tile reversed. With
// sync == 0 the first cluster barrier is skipped: the peer's tile is read
// before it is written (a race between blocks of the cluster).
__global__ void peer_read32(const int *in, int *out, int sync) {
  __shared__ int tile[64];
  int t = threadIdx.x;
  tile[t] = in[blockIdx.x * 64 + t];
  if (sync) cluster_sync();
  uint32_t peer = map_peer(smem_u32(&tile[63 - t]), cta_rank() ^ 1);
  int v;
  asm volatile("ld.shared::cluster.u32 %0, [%1];" : "=r"(v) : "r"(peer) : "memory");
  cluster_sync(); // the peer's tile stays until every read is done
  out[blockIdx.x * 64 + t] = 10 * tile[t] + v;
}

// peer_push32: each block stores its values into the peer's inbox with
// st.shared::cluster.u32, then reads its own inbox: out[64b + t] =
// in[64(b^1) + t] + 1. With sync == 0 the owner reads its inbox while the
// peer may still be storing into it.
__global__ void peer_push32(const int *in, int *out, int sync) {
  __shared__ int inbox[64];
  int t = threadIdx.x;
  uint32_t peer = map_peer(smem_u32(&inbox[t]), cta_rank() ^ 1);
  cluster_sync(); // the peer's block is running
  asm volatile("st.shared::cluster.u32 [%0], %1;" ::"r"(peer), "r"(in[blockIdx.x * 64 + t] + 1) : "memory");
  if (sync) cluster_sync();
  out[blockIdx.x * 64 + t] = inbox[t];
  cluster_sync();
}
