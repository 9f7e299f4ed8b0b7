// Interpreter corpus: integer arithmetic of every width (8 to 128 bits),
// signed and unsigned division, the bit intrinsics, a switch, bit-fields,
// 64-bit atomics and half-precision conversions. Pattern: none (race-free):
// each thread writes its own 16 output slots; the shared totals are atomic.
#include <cuda_fp16.h>

#define NOUT 16

struct packed {
  unsigned lo : 5;
  unsigned mid : 11;
  int hi : 16;
};

// out[16i .. 16i+15]; totals[0] += u (64-bit atomicAdd), totals[1] = max of
// the signed w, totals[2] ^= w through a 64-bit CAS loop.
__global__ void int_ops(const int *in, long long *out, unsigned long long *totals) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned u = (unsigned)in[i] * 2654435761u;
  int s = (int)u;
  long long w = (long long)s * 40503 - ((long long)u << 7);
  long long *o = out + NOUT * i;
  o[0] = (signed char)s + (short)(u >> 3);
  o[1] = w / 977;
  o[2] = w % 977;
  o[3] = (long long)((unsigned long long)w / 3u);
  o[4] = (long long)(u / 13u) - (long long)(u % 13u);
  o[5] = __popc(u) | __clz(u) << 8 | __ffs(s) << 16 | __popcll((unsigned long long)w) << 24;
  o[6] = __brev(u);
  o[7] = __mulhi(s, 123456789);
  o[8] = (long long)__umul64hi((unsigned long long)w, 0x9E3779B97F4A7C15ull);
  o[9] = __byte_perm(u, ~u, 0x5140 + (i & 7));
  unsigned __int128 wide = (unsigned __int128)(unsigned long long)w * (0xF00DCAFEull + u);
  o[10] = (long long)(wide >> 61);
  switch (u % 7) {
  case 0: o[11] = 11; break;
  case 1: o[11] = -s; break;
  case 2:
  case 3: o[11] = s >> 5; break;
  case 5: o[11] = (long long)(u >> 5); break;
  default: o[11] = llabs(w) % 1000; break;
  }
  o[12] = __funnelshift_l(u, ~u, i) + (long long)__funnelshift_r(u, s, 37 - i);
  packed p;
  p.lo = u;
  p.mid = u >> 5;
  p.hi = s >> 16;
  o[13] = p.lo + 100 * p.mid + 1000000LL * p.hi;
  o[14] = min(s, 5) + max(s >> 3, -7) + (long long)umin(u, 999u) + abs(s >> 1);
  __half h = __float2half((float)(s >> 20) * 0.375f);
  o[15] = (long long)(__half2float(h) * 64.0f);
  atomicAdd(&totals[0], (unsigned long long)u);
  atomicMax((long long *)&totals[1], w);
  unsigned long long old = atomicAdd(&totals[2], 0ull), seen;
  do {
    seen = old;
    old = atomicCAS(&totals[2], seen, seen ^ (unsigned long long)w);
  } while (old != seen);
}

//@ run int_ops: --grid 2 --block 64 --arg i32[128]=iota --arg i64[2048] --arg u64[3] --dump 1 --dump 2
