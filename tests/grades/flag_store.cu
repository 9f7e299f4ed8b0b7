// Pattern: every thread that sees a negative element raises one shared flag
// (`*found = 1`) with a plain store: a write-write race whose writers all
// store the same value.
__global__ void any_negative(const int *in, int *found, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] < 0) *found = 1;
}
