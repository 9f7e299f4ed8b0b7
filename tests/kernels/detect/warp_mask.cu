// Pattern: invalid mask operands of warp-synchronous collectives. CUDA
// requires every lane that executes __syncwarp / __shfl*_sync / a vote /
// __match_*_sync / __reduce_*_sync to be a member of its mask, and every
// executing lane of the warp to give the same mask; otherwise the result is
// undefined. shfl_half_mask: all 32 lanes run a shuffle whose mask names
// only the lower 16. syncwarp_per_lane: each lane passes its own one-bit
// mask (lanes disagree, and lanes 8.. are not in theirs). syncwarp_overlap:
// lanes 16.. name the whole warp while lanes 0..15 name only themselves.
// shfl_reduce, ballot_partial and shfl_halves are the correct forms: a
// full-mask reduction, a partial mask that names exactly the lanes inside
// the branch, and two half-warp tiles each naming its own half.
__global__ void shfl_half_mask(const int *in, int *out) {
  int v = in[threadIdx.x];
  int b = __shfl_sync(0x0000ffffu, v, 0);
  out[threadIdx.x] = b;
}

__global__ void shfl_reduce(const int *in, int *out) {
  int v = in[threadIdx.x];
  for (int k = 16; k > 0; k >>= 1) v += __shfl_down_sync(0xffffffffu, v, k);
  if (threadIdx.x == 0) out[0] = v;
}

__global__ void syncwarp_per_lane(const int *in, int *out) {
  int v = in[threadIdx.x] * 2;
  __syncwarp(1u << (threadIdx.x & 7));
  out[threadIdx.x] = v;
}

__global__ void ballot_partial(const int *in, int *out) {
  unsigned b = 0;
  if (threadIdx.x < 16) b = __ballot_sync(0x0000ffffu, in[threadIdx.x] > 4);
  out[threadIdx.x] = (int)b;
}

__global__ void syncwarp_overlap(const int *in, int *out) {
  int v = in[threadIdx.x] + 1;
  __syncwarp(threadIdx.x < 16 ? 0x0000ffffu : 0xffffffffu);
  out[threadIdx.x] = v;
}

__global__ void shfl_halves(const int *in, int *out) {
  int v = in[threadIdx.x];
  out[threadIdx.x] = __shfl_sync(threadIdx.x < 16 ? 0x0000ffffu : 0xffff0000u, v, 0, 16);
}

//@ run kernel=shfl_half_mask grid=1 block=32
//@ arg i32[32]=iota
//@ arg i32[32]
//@ expect mask 14

//@ run kernel=shfl_reduce grid=1 block=32
//@ arg i32[32]=iota
//@ arg i32[32]
//@ expect none

//@ run kernel=syncwarp_per_lane grid=1 block=32
//@ arg i32[32]=iota
//@ arg i32[32]
//@ expect mask 26

//@ run kernel=ballot_partial grid=1 block=32
//@ arg i32[32]=iota
//@ arg i32[32]
//@ expect none

//@ run kernel=syncwarp_overlap grid=1 block=32
//@ arg i32[32]=iota
//@ arg i32[32]
//@ expect mask 38

//@ run kernel=shfl_halves grid=1 block=32
//@ arg i32[32]=iota
//@ arg i32[32]
//@ expect none
