// Interpreter corpus: control flow that splits the lanes of a warp --
// loops with per-lane trip counts, nested branches, break / continue, a
// switch, an early return -- and warp operations after the lanes have
// reconverged (a ballot, a shuffle, __match_any_sync, __syncwarp). Pattern:
// none (race-free): registers and each thread's own output slots only.
#define FULL 0xffffffffu

// Steps of the Collatz map from v to 1 (at most 500).
__device__ int collatz(unsigned v) {
  int k = 0;
  while (v != 1 && k < 500) {
    v = (v & 1) ? 3 * v + 1 : v / 2;
    ++k;
  }
  return k;
}

// out[6i..6i+5]: the Collatz steps of v+1; a value built by nested
// branches, a loop with break and continue, and a switch; the ballot of
// "steps is even" taken after the divergent loop (all lanes must be back);
// the steps of lane (lane+1)%32 by shuffle; the mask of the lanes with the
// same steps % 4 (__match_any_sync); and 7, written only by threads that
// did not return early (others keep -1 in that slot).
__global__ void diverge(const unsigned *in, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  unsigned v = in[i];
  int *o = out + 6 * i;
  int steps = collatz(v + 1);
  int acc = 0;
  if (v % 3 == 0) {
    if (v % 2 == 0) acc = 10;
    else acc = 20;
  } else if (v % 3 == 1) {
    for (unsigned k = 0; k < v % 13; ++k) {
      if (k == 9) break;
      if (k % 2) continue;
      acc += (int)k;
    }
  } else {
    switch (v % 5) {
    case 0: acc = -1; break;
    case 1: acc = -2;  // falls through
    case 2: acc -= 3; break;
    default: acc = (int)(v % 7);
    }
  }
  __syncwarp();
  unsigned even = __ballot_sync(FULL, (steps & 1) == 0);
  int next = __shfl_sync(FULL, steps, (lane + 1) & 31);
  unsigned same = __match_any_sync(FULL, steps % 4);
  o[0] = steps;
  o[1] = acc;
  o[2] = (int)even;
  o[3] = next;
  o[4] = (int)same;
  if (steps > 20) return;
  o[5] = 7;
}

//@ run diverge: --grid 2 --block 64 --arg u32[128]=iota --arg i32[768]=-1 --dump 1
//@ run diverge_rand: --grid 3 --block 32 --arg u32[96]=rand:21:0:100000 --arg i32[576]=-1 --dump 1
