// Pattern: a scatter through an index buffer, dst[idx[t]] = src[t], written
// for an idx that is a permutation. Two equal entries of idx make two
// threads store one word of dst: a write-write race only for index buffers
// with a repeated entry (the index is reduced modulo 1024 so any contents
// stay within a 1024-element dst).
__global__ void index_scatter(const int *idx, const float *src, float *dst) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned j = (unsigned)idx[t] % 1024u;
  dst[j] = src[t];
}

//@ auto kernel=index_scatter
//@ expect race global ww 9 9
