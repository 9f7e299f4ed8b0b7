// Pattern: a "found" flag. Every thread that sees a negative element sets
// one global flag to 1 with a plain store: a write-write race, but all
// writers store the same value, so no schedule changes the result.
__global__ void any_negative(const int *in, int *found, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] < 0) *found = 1;
}
