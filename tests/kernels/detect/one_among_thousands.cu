// Pattern: the racing pair is one access among thousands (the compactness
// claim of the shadow: per unit a few representatives, never evicting one
// that could race). one_write: all 1024 threads of a block read a[0] and
// thread 999 (warp 31, the last warp to run) then writes it: the write
// races with the reads of 31 other warps, read 31744 times before it.
// late_warp: each lane of warp 0 reads s[0] 64 times and every lane writes
// it twice (2112 accesses, all ordered by lock-step and reconvergence) and
// thread 40 of warp 1 is the first other warp to touch it: its read races
// with warp 0's writes. many_blocks: 64 blocks read
// g[0]; the last block's thread 7 writes it: a race with the other blocks.
__global__ void one_write(int *a, int *out) {
  unsigned t = threadIdx.x;
  int v = a[0];
  if (t == 999) a[0] = v + 1;
  out[t] = v;
}

__global__ void late_warp(int *out) {
  __shared__ int s[2];
  volatile int *vs = s; /* keep every access at -O2 too */
  unsigned t = threadIdx.x;
  if (t < 32) {
    for (int k = 0; k < 64; k++) {
      int v = k ? vs[0] : 0; /* slot 0 is written at k = 0 */
      if ((unsigned)k % 32 == t) vs[0] = v + k;
    }
  }
  if (t == 40) out[0] = s[0];
}

__global__ void many_blocks(int *g, int *out) {
  int v = g[0];
  if (blockIdx.x == gridDim.x - 1 && threadIdx.x == 7) g[0] = v + 1;
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

//@ run kernel=one_write grid=1 block=1024
//@ arg i32[1]=5
//@ arg i32[1024]
//@ expect race global rw 13 14
//@ run kernel=late_warp grid=1 block=64
//@ arg i32[1]
//@ expect race shared rw 25 28
//@ run kernel=many_blocks grid=64 block=32
//@ arg i32[1]=5
//@ arg i32[2048]
//@ expect race global rw 32 33
