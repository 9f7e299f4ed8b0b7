// Interpreter corpus: the integer PTX that hand-tuned kernels write as
// inline asm (bit scans as in bitonic sorts and radix digit extraction, byte
// permutes of packed keys, three-input logic, bit reversal for FFT indices,
// population counts, warp votes, non-coherent and cache-global loads and
// stores). Pattern: none (race-free): each thread writes its own NOUT slots.
#define NOUT 22

__device__ unsigned bfind_u32(unsigned x) { unsigned r; asm("bfind.u32 %0, %1;" : "=r"(r) : "r"(x)); return r; }
__device__ unsigned bfind_s32(int x) { unsigned r; asm("bfind.s32 %0, %1;" : "=r"(r) : "r"(x)); return r; }
__device__ unsigned bfind_sh32(unsigned x) { unsigned r; asm("bfind.shiftamt.u32 %0, %1;" : "=r"(r) : "r"(x)); return r; }
__device__ unsigned bfind_u64(unsigned long long x) { unsigned r; asm("bfind.u64 %0, %1;" : "=r"(r) : "l"(x)); return r; }
__device__ unsigned bfind_s64(long long x) { unsigned r; asm("bfind.s64 %0, %1;" : "=r"(r) : "l"(x)); return r; }
__device__ unsigned bfind_shs64(long long x) { unsigned r; asm("bfind.shiftamt.s64 %0, %1;" : "=r"(r) : "l"(x)); return r; }

#define PRMT(mode, a, b, c) ({ unsigned r_; asm("prmt.b32" mode " %0, %1, %2, %3;" : "=r"(r_) : "r"(a), "r"(b), "r"(c)); r_; })

__global__ void ptx_int(const unsigned *in, unsigned *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned u;
  asm volatile("ld.global.nc.u32 %0, [%1];" : "=r"(u) : "l"(in + i));
  u = (i % 5 == 0) ? 0u : (u * 2654435761u) >> (i & 15);
  int s = (i % 7 == 3) ? -1 : (int)(u ^ (i << 28));
  unsigned long long w = (i % 6 == 1) ? 0ull : ((unsigned long long)u * 0x9E3779B97F4A7C15ull) >> (i & 63);
  long long sw = (i & 1) ? -(long long)w : (long long)w;
  unsigned o[NOUT];
  o[0] = bfind_u32(u);
  o[1] = bfind_s32(s);
  o[2] = bfind_sh32(u);
  o[3] = bfind_u64(w);
  o[4] = bfind_s64(sw);
  o[5] = bfind_shs64(sw);
  o[6] = PRMT("", u, ~u ^ (unsigned)i, (u >> 7) & 0xffff);
  o[7] = PRMT(".f4e", u, ~u, (unsigned)i);
  o[8] = PRMT(".b4e", u, ~u, (unsigned)i);
  o[9] = PRMT(".rc8", u, ~u, (unsigned)i);
  o[10] = PRMT(".ecl", u, ~u, (unsigned)i);
  o[11] = PRMT(".ecr", u, ~u, (unsigned)i);
  o[12] = PRMT(".rc16", u, ~u, (unsigned)i);
  unsigned x = u * 3u + 1u, y = ~u >> 3;
  asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(o[13]) : "r"(u), "r"(x), "r"(y));
  asm("lop3.b32 %0, %1, %2, %3, %4;" : "=r"(o[14]) : "r"(u), "r"(x), "r"(y), "n"(0xE8));
  asm("brev.b32 %0, %1;" : "=r"(o[15]) : "r"(u));
  unsigned long long bw;
  asm("brev.b64 %0, %1;" : "=l"(bw) : "l"(w));
  o[16] = (unsigned)bw;
  o[17] = (unsigned)(bw >> 32);
  unsigned c64, p64, c32, p32;
  asm("clz.b64 %0, %1;" : "=r"(c64) : "l"(w));
  asm("popc.b64 %0, %1;" : "=r"(p64) : "l"(w));
  asm("clz.b32 %0, %1;" : "=r"(c32) : "r"(u));
  asm("popc.b32 %0, %1;" : "=r"(p32) : "r"(u));
  o[18] = c64 | p64 << 8 | c32 << 16 | p32 << 24;
  unsigned ballot, any, all, uni;
  asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, %2; }"
               : "=r"(ballot) : "r"(u & 1u), "r"(0xffffffffu));
  asm volatile("{ .reg .pred p, q; setp.ne.u32 p, %1, 0; vote.sync.any.pred q, p, %2; selp.s32 %0, 1, 0, q; }"
               : "=r"(any) : "r"(u & 0x100u), "r"(0xffffffffu));
  asm volatile("{ .reg .pred p, q; setp.ne.u32 p, %1, 0; vote.sync.all.pred q, p, %2; selp.s32 %0, 1, 0, q; }"
               : "=r"(all) : "r"(u), "r"(0xffffffffu));
  asm volatile("{ .reg .pred p, q; setp.ne.u32 p, %1, 0; vote.sync.uni.pred q, p, %2; selp.s32 %0, 1, 0, q; }"
               : "=r"(uni) : "r"((unsigned)(blockIdx.x == 1)), "r"(0xffffffffu));
  unsigned am;
  asm volatile("activemask.b32 %0;" : "=r"(am));
  asm volatile("nanosleep.u32 %0;" :: "r"(100u));
  o[19] = ballot;
  o[20] = any | all << 1 | uni << 2;
  o[21] = am;
  for (int k = 0; k < NOUT; k++) asm volatile("st.cg.u32 [%0], %1;" :: "l"(out + NOUT * i + k), "r"(o[k]) : "memory");
}
//@ run ptx_int: --grid 2 --block 64 --arg u32[128]=iota --arg u32[2816] --dump 1
