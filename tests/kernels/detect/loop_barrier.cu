// Pattern: a barrier inside a loop that is needed only in some iterations:
// the loop writes s[] in iteration 2 and reads a neighbour's slot in
// iteration 3; the other iterations' barrier instances separate nothing.
// One needed instance makes the barrier needed: nothing to report.
// loop_private: the loop's barrier only ever separates a thread's accesses
// to its own slot: redundant.
__global__ void loop_some(int *out, int iters) {
  __shared__ int s[64];
  unsigned t = threadIdx.x;
  int acc = 0;
  for (int it = 0; it < iters; it++) {
    if (it == 2) s[t] = (int)t * it;
    __syncthreads();
    if (it == 3) acc += s[(t + 32) % 64];
  }
  out[t] = acc;
}

__global__ void loop_private(int *out, int iters) {
  __shared__ int s[64];
  unsigned t = threadIdx.x;
  s[t] = 0;
  for (int it = 0; it < iters; it++) {
    s[t] += it;
    __syncthreads();
  }
  out[t] = s[t];
}

//@ run kernel=loop_some grid=1 block=64
//@ arg i32[64]
//@ arg 5
//@ expect none
//@ run kernel=loop_private grid=1 block=64
//@ arg i32[64]
//@ arg 5
//@ expect redundant 25
