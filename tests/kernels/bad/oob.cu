// Bad input for simulee: an out-of-bounds write. Bug pattern: an off-by-one
// bound (i <= n instead of i < n), so the thread with i == n writes one
// element past the end of out; simulee reports it as a finding (exit 1)
// with the buffer and the byte offset, and does not crash.
__global__ void off_by_one(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i <= n) out[i] = 2 * in[i % n];
}
