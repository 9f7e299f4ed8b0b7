// Coverage: a branch no input can take. The sentinel path (v * v == 2 has
// no solution modulo 2^32: squares are 0 or 1 modulo 4) stores to out[0]
// and returns; no input reaches it, so the search must report that
// outcome (line 12, "true") and its store (line 13) as never run, and stop
// within its budget instead of looking for them forever. Otherwise every
// thread copies its own element: race-free.
__global__ void square_guard(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned v = (unsigned)in[i];
  // never true: an integer square is 0 or 1 modulo 4
  if (v * v == 2u) {
    out[0] = -1;
    return;
  }
  out[i] = (int)v;
}

//@ auto kernel=square_guard
//@ expect none
