// Pattern: lost update. A counter is incremented with a plain
// read-modify-write instead of atomicAdd: concurrent increments overwrite
// each other.
__global__ void count_positive(const int *in, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] > 0) *count = *count + 1;
}
