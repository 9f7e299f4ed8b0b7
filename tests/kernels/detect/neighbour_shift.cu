// Pattern: neighbour shift a[t] = a[t-1] in place without a barrier. Inside a
// warp the lock-step load of every lane happens before any lane stores, so
// only the warp boundary races: thread 32 reads s[31] while thread 31 (warp
// 0) stores it (read-write, other warp). With one warp (block=32) there is
// no race under lock-step; under --its every pair of neighbours races.
// The second barrier of shift only separates each thread's store of s[t]
// from its own load of s[t]: redundant. One warp (block=32): under lock-step
// no barrier orders anything, under --its it is no evidence. shift_ok reads into a register and stores
// after a barrier.
__global__ void shift(const int *in, int *out) {
  __shared__ int s[64];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  if (t > 0) s[t] = s[t - 1];
  __syncthreads();
  out[t] = s[t];
}

__global__ void shift_ok(const int *in, int *out) {
  __shared__ int s[64];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  int v = t > 0 ? s[t - 1] : s[t];
  __syncthreads();
  s[t] = v;
  out[t] = s[t];
}

//@ run kernel=shift grid=1 block=64
//@ arg i32[64]=iota
//@ arg i32[64]
//@ expect race shared rw 15 15
//@ expect redundant 16
//@ run kernel=shift grid=1 block=32
//@ arg i32[64]=iota
//@ arg i32[64]
//@ expect redundant 14
//@ expect redundant 16
//@ run kernel=shift grid=1 block=32 its
//@ arg i32[64]=iota
//@ arg i32[64]
//@ expect race shared rw 15 15
//@ run kernel=shift_ok grid=1 block=64
//@ arg i32[64]=iota
//@ arg i32[64]
//@ expect none
