// CUB's cache-modified thread I/O and warp matching, the inline PTX its
// sort and scan kernels use: ThreadLoad<LOAD_LDG> of a byte
// (ld.global.nc.u8 through a .u8 register), MatchAny (vote.ballot.sync
// inside a { .reg .pred p; ... } block), ThreadStore<STORE_CG> of a
// ulonglong2 (st.cg.v2.u64) and of a byte. Clean kernel: every thread
// writes its own elements.
#include <cub/cub.cuh>

__global__ void byte_peers(const unsigned char *in, unsigned long long *pairs,
                           unsigned char *flipped, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned char b = cub::ThreadLoad<cub::LOAD_LDG>(in + i);
  unsigned peers = cub::MatchAny<4>(b); // lanes whose byte has the same low 4 bits
  ulonglong2 v;
  v.x = b;
  v.y = peers;
  cub::ThreadStore<cub::STORE_CG>(reinterpret_cast<ulonglong2 *>(pairs) + i, v);
  cub::ThreadStore<cub::STORE_CG>(flipped + i, (unsigned char)(b ^ 0xffu));
}
