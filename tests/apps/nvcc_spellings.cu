// Spellings nvcc takes and clang refuses, as real programs write them: an
// alignment specifier after a memory space qualifier (`__shared__
// alignas(16)`), and inline asm operands that follow one another without
// a comma (`: "r"(a) "r"(b)`). Both are respelled before clang sees the
// file; the kernel's results are checked against host values, and the
// shared array's alignment.
#include <cstdint>
#include <cstdio>

// a ^ b ^ 0 (lop3's table 0x96: the three inputs' exclusive or)
__device__ unsigned xor_asm(unsigned a, unsigned b) {
  unsigned r;
  asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(r) : "r"(a) "r"(b) "r"(0u));
  return r;
}

__global__ void sum_pairs(const int *in, int *out, int *aligned, int n) {
  __shared__ alignas(16) int tile[64];
  __shared__ char pad; // a byte after it: the tile's own alignment counts
  int i = threadIdx.x;
  if (i < n) tile[i] = in[i];
  if (i == 0) pad = 1, *aligned = ((uintptr_t)tile % 16 == 0) + pad - 1;
  __syncthreads();
  if (i < n) out[i] = (int)xor_asm(tile[i], tile[(i + 1) % n]);
}

int main() {
  const int n = 64;
  int h[n], r[n], *d_in, *d_out, *d_al, al = -1;
  for (int i = 0; i < n; i++) h[i] = i * 3 - 7;
  cudaMalloc(&d_in, sizeof h);
  cudaMalloc(&d_out, sizeof r);
  cudaMalloc(&d_al, sizeof(int));
  cudaMemcpy(d_in, h, sizeof h, cudaMemcpyHostToDevice);
  sum_pairs<<<1, n>>>(d_in, d_out, d_al, n);
  cudaMemcpy(r, d_out, sizeof r, cudaMemcpyDeviceToHost);
  cudaMemcpy(&al, d_al, sizeof al, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; i++) bad += r[i] != (h[i] ^ h[(i + 1) % n]);
  printf("spellings: %d wrong, tile aligned %s\n", bad, al == 1 ? "yes" : "no");
  return 0;
}
