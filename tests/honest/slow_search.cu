// tests/honest/slow_search.cu: a block-wide smoothing filter whose taps grow
// with the block (32 taps for a warp, a million for a wider block), so the
// search's evaluations of blocks wider than a warp each run out of their
// step budget
// and its first population alone takes longer than the search's half of
// `--time-limit 2`; the detection runs of wide blocks do not finish either.
//
// Bug pattern: none (the kernel is correct). What it checks is the verdict:
// a search the time limit stopped is reported `incomplete` with what was
// checked, and the exit status is 3, never a clean 0.

__global__ void long_filter(const float *in, float *out) {
  unsigned t = threadIdx.x;
  unsigned taps = blockDim.x <= 32 ? 32 : 1u << 20; /* wider blocks: the long filter */
  float acc = 0.0f;
  for (unsigned k = 0; k < taps; k++)
    acc = acc * 0.5f + in[(t + k) & 1023] - in[(t * k) & 1023] + in[(t ^ k) & 1023] -
          in[(t + 3 * k) & 1023];
  out[t] = acc;
}
