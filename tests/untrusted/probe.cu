// Bug pattern: none; a lookup into a huge table of one constant (a kernel
// reading a default-valued coefficient table declared with
// --arg f32[1073741824]=1.5, 4 GiB): the launch must cost the bytes it
// touches, read the constant, and its write into the table must not reach
// the next execution (every execution starts from the declared contents).
__global__ void probe(float *table, float *out, unsigned long long at) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    float seen = table[at];
    out[0] = seen;
    table[at] = seen + 1.0f;
  }
}
