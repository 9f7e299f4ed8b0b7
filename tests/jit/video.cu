// PTX SIMD video instructions on the native path (tests/jit.cmake): clang's
// __vabsdiffu4 / __vadd2 / __vsub4 and a kernel's own inline assembly
// (a sum of absolute byte differences, as block matching computes it),
// checked against a host loop; the output must not depend on the path.
#include <cstdio>

__device__ unsigned sad4(unsigned a, unsigned b, unsigned c) {
  unsigned r;
  asm("vabsdiff4.u32.u32.u32.add %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
  return r;
}

__global__ void video(unsigned *out, const unsigned *a, const unsigned *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i];
  out[4 * i] = __vabsdiffu4(x, y);
  out[4 * i + 1] = __vadd2(x, y);
  out[4 * i + 2] = __vsub4(x, y);
  out[4 * i + 3] = sad4(x, y, (unsigned)i);
}

static unsigned lane(unsigned v, int k, int w) { return (v >> (k * w)) & ((1u << w) - 1); }

int main() {
  const int N = 1000;
  static unsigned a[N], b[N], out[4 * N];
  unsigned s = 12345;
  for (int i = 0; i < N; i++) {
    s = s * 1103515245u + 12345u;
    a[i] = s;
    s = s * 1103515245u + 12345u;
    b[i] = s ^ (s >> 7);
  }
  unsigned *da, *db, *dout;
  cudaMalloc(&da, sizeof a);
  cudaMalloc(&db, sizeof b);
  cudaMalloc(&dout, sizeof out);
  cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
  video<<<(N + 127) / 128, 128>>>(dout, da, db, N);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  int bad = 0;
  unsigned h = 2166136261u;
  for (int i = 0; i < N; i++) {
    unsigned ad = 0, add = 0, sub = 0, sad = (unsigned)i;
    for (int k = 0; k < 4; k++) {
      unsigned p = lane(a[i], k, 8), q = lane(b[i], k, 8);
      ad |= (p > q ? p - q : q - p) << (8 * k);
      sub |= ((p - q) & 0xffu) << (8 * k);
      sad += p > q ? p - q : q - p;
    }
    for (int k = 0; k < 2; k++) add |= ((lane(a[i], k, 16) + lane(b[i], k, 16)) & 0xffffu) << (16 * k);
    if (out[4 * i] != ad || out[4 * i + 1] != add || out[4 * i + 2] != sub || out[4 * i + 3] != sad)
      bad++;
    for (int k = 0; k < 4; k++) h = (h ^ out[4 * i + k]) * 16777619u;
  }
  printf("video: %08x %08x %08x %08x hash %08x\n", out[0], out[1], out[2], out[3], h);
  printf("%d wrong\n", bad);
  return bad != 0;
}
