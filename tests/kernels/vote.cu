// Interpreter corpus: warp votes and the counting block barriers. Pattern:
// none (race-free): votes go through registers; a value also travels around
// the block through three shared arrays, each written before one counting
// barrier and read (at another warp's position) after it.
#define FULL 0xffffffffu
#define VOTE_BLOCK 96

// Per thread, nine values out[9i..9i+8]:
//  0 __ballot_sync of "v divisible by 3"    1 __any_sync of "v % 37 == 5"
//  2 __all_sync of "v / 32 is even"          3 __activemask() on odd lanes
//    (0 on even lanes, which do not call it)
//  4 a ballot of the odd lanes only (mask 0xaaaaaaaa) of "v % 4 == 1"
//  5 __syncthreads_count of "v divisible by 3"
//  6 __syncthreads_or of "v == 100"         7 __syncthreads_and of "v < 150"
//  8 2 * v' + 1, v' the value of thread (t + 4) % B after three hops
//    through shared memory (t+32, t+33, t+35)
__global__ void vote(const int *in, unsigned *out) {
  __shared__ int hop0[VOTE_BLOCK], hop1[VOTE_BLOCK], hop2[VOTE_BLOCK];
  int t = threadIdx.x, B = blockDim.x;
  int i = blockIdx.x * B + t;
  int v = in[i];
  bool three = v % 3 == 0;
  unsigned b = __ballot_sync(FULL, three);
  unsigned any = __any_sync(FULL, v % 37 == 5);
  unsigned all = __all_sync(FULL, (v / 32) % 2 == 0);
  unsigned am = 0, odd = 0;
  if (threadIdx.x & 1) {
    am = __activemask();
    odd = __ballot_sync(0xaaaaaaaau, v % 4 == 1);
  }
  hop0[t] = v;
  unsigned cnt = __syncthreads_count(three);
  hop1[t] = 2 * hop0[(t + 32) % B];
  unsigned orr = __syncthreads_or(v == 100);
  hop2[t] = hop1[(t + 33) % B] + 1;
  unsigned andd = __syncthreads_and(v < 150);
  unsigned *o = out + 9 * i;
  o[0] = b;
  o[1] = any;
  o[2] = all;
  o[3] = am;
  o[4] = odd;
  o[5] = cnt;
  o[6] = orr;
  o[7] = andd;
  o[8] = hop2[(t + 35) % B];
}

//@ run vote: --grid 2 --block 96 --arg i32[192]=iota --arg u32[1728] --dump 1
