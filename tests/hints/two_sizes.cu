// Pattern: none (clean as the program runs it). Two buffers sized by two
// different host values: dst holds n floats, src holds m >= n (the program
// copies the head of a longer array). The kernel is bounded by n only, so a
// search that drew m and n apart would read past the end of src for m < n,
// a pairing the program never makes. With sizes from two arguments the
// out-of-bounds findings stay off (buffers of the program's size are still
// used): the report is clean.
__global__ void copy_head(float *dst, const float *src, int m, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) dst[i] = src[i];
}

void head(const float *src_host, int m, int n) {
  float *dst, *src;
  cudaMalloc(&dst, n * sizeof(float));
  cudaMalloc(&src, m * sizeof(float));
  cudaMemcpy(src, src_host, m * sizeof(float), cudaMemcpyHostToDevice);
  copy_head<<<1, 256>>>(dst, src, m, n);
}
