/* simulee CUDA headers: <curand_kernel.h>, device-side random numbers.
 *
 * Three generators with cuRAND's device API:
 *   curandState / curandStateXORWOW_t: Marsaglia's xorwow generator
 *     (J. Stat. Softw. 8(14), 2003): five xorshift words and a Weyl counter
 *     (+362437). The seed is scrambled into the words (s0 = seed_lo ^
 *     0xaad26b49, s1 = seed_hi ^ 0xf7dcefdd, t0 = 1099087573 s0, t1 =
 *     2591861531 s1; d = 6615241 + t0 + t1, v = 123456789 + t0, 362436069 ^
 *     t0, 521288629 + t1, 88675123 ^ t1, 5783321 + t0: cuRAND's scramble,
 *     checked against cuRAND 13.0's host generator by tests/curand.cmake,
 *     Philox's stream too); a subsequence is
 *     2^67 steps, jumped with the GF(2) matrices of curand_xorwow_jump.h;
 *     an offset is that many steps.
 *   curandStatePhilox4_32_10_t: the counter-based Philox-4x32-10 generator
 *     (Salmon et al., SC'11): key = seed, counter = (offset / 4,
 *     subsequence); the raw 32-bit stream follows the published algorithm.
 *   curandStateMRG32k3a_t: L'Ecuyer's MRG32k3a (see below); the stream
 *     follows the published recurrences, the seeding is simulee's.
 * The float conversions return values in (0, 1]; normals use Box-Muller and
 * keep the second value of each pair for the next call. */
#ifndef SIMULEE_CUDA_CURAND_KERNEL_H
#define SIMULEE_CUDA_CURAND_KERNEL_H
#include "host_defines.h"
/* the generators' state types, also for a plain host compiler (host code
 * holds pointers to states it allocates for kernels) */
#include "simulee_curand_types.h"
/* the device functions: nothing more for a plain host compiler */
#ifndef __SIMULEE_HOST_COMPILER
/* NVIDIA's include guard for this header's contents (code tests them) */
#ifndef CURAND_KERNEL_H_
#define CURAND_KERNEL_H_
#endif

#include "cuda_runtime.h"
#include "curand_xorwow_jump.h"
#include "curand.h"



namespace __sim_curand {
__SIM_HD unsigned long long splitmix(unsigned long long &x) {
  unsigned long long z = (x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
__SIM_HD float to_uniform(unsigned int x) {
  return (float)x * 2.3283064e-10f + 1.1641532e-10f;
}
__SIM_HD double to_uniform_double(unsigned int hi, unsigned int lo) {
  unsigned long long z = ((unsigned long long)hi << 21) ^ lo;
  z &= (1ull << 53) - 1ull;
  return (double)z * (1.0 / 9007199254740992.0) +
         (0.5 / 9007199254740992.0);
}
/* one Philox-4x32-10 block */
__SIM_DEV uint4 philox(uint4 c, uint2 k) {
  for (int round = 0; round < 10; round++) {
    unsigned long long p0 = (unsigned long long)0xD2511F53u * c.x;
    unsigned long long p1 = (unsigned long long)0xCD9E8D57u * c.z;
    uint4 n;
    n.x = (unsigned int)(p1 >> 32) ^ c.y ^ k.x;
    n.y = (unsigned int)p1;
    n.z = (unsigned int)(p0 >> 32) ^ c.w ^ k.y;
    n.w = (unsigned int)p0;
    c = n;
    k.x += 0x9E3779B9u;
    k.y += 0xBB67AE85u;
  }
  return c;
}
__SIM_DEV void philox_advance(uint4 &c, unsigned long long n) {
  unsigned long long lo = ((unsigned long long)c.y << 32) | c.x;
  unsigned long long sum = lo + n;
  if (sum < lo) {
    unsigned long long hi = ((unsigned long long)c.w << 32) | c.z;
    hi++;
    c.z = (unsigned int)hi;
    c.w = (unsigned int)(hi >> 32);
  }
  c.x = (unsigned int)sum;
  c.y = (unsigned int)(sum >> 32);
}
} // namespace __sim_curand

/* ---- xorwow */
/* v = M v for the jump matrix 2^(67+k) steps (by columns) */
__SIM_DEV void __sim_xorwow_jump_apply(unsigned int v[5], int k) {
  unsigned int r[5] = {0u, 0u, 0u, 0u, 0u};
  for (int j = 0; j < 160; j++)
    if ((v[j >> 5] >> (j & 31)) & 1u)
      for (int w = 0; w < 5; w++)
        r[w] ^= __sim_xorwow_jump[k][j][w];
  for (int w = 0; w < 5; w++)
    v[w] = r[w];
}
__SIM_DEV unsigned int curand(curandStateXORWOW_t *state);
__SIM_DEV void skipahead_sequence(unsigned long long n,
                                  curandStateXORWOW_t *state) {
  for (int k = 0; k < 16; k++)
    if ((n >> k) & 1u)
      __sim_xorwow_jump_apply(state->v, k);
  /* beyond 2^16 subsequences: 2^(k-15) jumps of the last matrix per bit */
  for (unsigned long long r = (n >> 16) << 1; r; r--)
    __sim_xorwow_jump_apply(state->v, 15);
}
__SIM_DEV void curand_init(unsigned long long seed,
                           unsigned long long subsequence,
                           unsigned long long offset,
                           curandStateXORWOW_t *state) {
  unsigned int s0 = (unsigned int)seed ^ 0xaad26b49u;
  unsigned int s1 = (unsigned int)(seed >> 32) ^ 0xf7dcefddu;
  unsigned int t0 = 1099087573u * s0, t1 = 2591861531u * s1;
  state->d = 6615241u + t1 + t0;
  state->v[0] = 123456789u + t0;
  state->v[1] = 362436069u ^ t0;
  state->v[2] = 521288629u + t1;
  state->v[3] = 88675123u ^ t1;
  state->v[4] = 5783321u + t0;
  state->boxmuller_flag = 0;
  state->boxmuller_flag_double = 0;
  state->boxmuller_extra = 0.0f;
  state->boxmuller_extra_double = 0.0;
  /* 2^67 steps of the xorshift part per subsequence (the Weyl counter's
   * 2^67 * 362437 is 0 mod 2^32), then offset plain steps */
  skipahead_sequence(subsequence, state);
  for (unsigned long long i = 0; i < offset; i++)
    curand(state);
}
__SIM_DEV unsigned int curand(curandStateXORWOW_t *state) {
  unsigned int t = state->v[0] ^ (state->v[0] >> 2);
  state->v[0] = state->v[1];
  state->v[1] = state->v[2];
  state->v[2] = state->v[3];
  state->v[3] = state->v[4];
  state->v[4] = (state->v[4] ^ (state->v[4] << 4)) ^ (t ^ (t << 1));
  state->d += 362437u;
  return state->v[4] + state->d;
}
__SIM_DEV void skipahead(unsigned long long n, curandStateXORWOW_t *state) {
  for (unsigned long long i = 0; i < n; i++)
    curand(state);
}

/* ---- Philox-4x32-10 */
__SIM_DEV void curand_init(unsigned long long seed,
                           unsigned long long subsequence,
                           unsigned long long offset,
                           curandStatePhilox4_32_10_t *state) {
  state->key = make_uint2((unsigned int)seed, (unsigned int)(seed >> 32));
  state->ctr = make_uint4(0u, 0u, (unsigned int)subsequence,
                          (unsigned int)(subsequence >> 32));
  __sim_curand::philox_advance(state->ctr, offset / 4);
  state->output = __sim_curand::philox(state->ctr, state->key);
  state->STATE = (unsigned int)(offset % 4);
  state->boxmuller_flag = 0;
  state->boxmuller_flag_double = 0;
  state->boxmuller_extra = 0.0f;
  state->boxmuller_extra_double = 0.0;
}
__SIM_DEV unsigned int curand(curandStatePhilox4_32_10_t *state) {
  if (state->STATE == 4u) {
    __sim_curand::philox_advance(state->ctr, 1);
    state->output = __sim_curand::philox(state->ctr, state->key);
    state->STATE = 0;
  }
  unsigned int i = state->STATE++;
  return i == 0 ? state->output.x
                : i == 1 ? state->output.y
                         : i == 2 ? state->output.z : state->output.w;
}
__SIM_DEV uint4 curand4(curandStatePhilox4_32_10_t *state) {
  uint4 r;
  r.x = curand(state);
  r.y = curand(state);
  r.z = curand(state);
  r.w = curand(state);
  return r;
}
__SIM_DEV void skipahead(unsigned long long n,
                         curandStatePhilox4_32_10_t *state) {
  unsigned long long total = state->STATE + n;
  __sim_curand::philox_advance(state->ctr, total / 4);
  state->output = __sim_curand::philox(state->ctr, state->key);
  state->STATE = (unsigned int)(total % 4);
}
__SIM_DEV void skipahead_sequence(unsigned long long n,
                                  curandStatePhilox4_32_10_t *state) {
  unsigned long long hi = ((unsigned long long)state->ctr.w << 32) |
                          state->ctr.z;
  hi += n;
  state->ctr.z = (unsigned int)hi;
  state->ctr.w = (unsigned int)(hi >> 32);
  state->output = __sim_curand::philox(state->ctr, state->key);
}

/* ---- MRG32k3a (L'Ecuyer, Operations Research 47(1), 1999): two
 * third-order multiple recursive generators,
 *   x_n = (1403580 x_{n-2} - 810728 x_{n-3}) mod 4294967087
 *   y_n = (527612 y_{n-1} - 1370589 y_{n-3}) mod 4294944443
 * and the output z_n = (x_n - y_n) mod 4294967087 (z_n = 0 reads as the
 * modulus). curand() returns z_n (< 2^32); curand_uniform_double returns
 * z_n / 4294967088. Seeding (simulee's): both states start at 12345 in
 * every word, the words multiplied mod m by the seed's halves xor
 * 0x55555555 / 0xAAAAAAAA (x1 for words 0 and 2 of s1 and word 1 of s2, x2
 * for the others); a subsequence is 2^76 draws and is reached, like
 * an offset, by powers of the recurrences' 3x3 transition matrices. */

namespace __sim_curand {
#define __SIM_MRG_M1 4294967087ull
#define __SIM_MRG_M2 4294944443ull
__SIM_HD unsigned long long mrg_mulmod(unsigned long long a,
                                       unsigned long long b,
                                       unsigned long long m) {
  /* a, b < 2^32: the product fits in 64 bits */
  return (a * b) % m;
}
/* r = a * b (3x3, mod m) */
__SIM_HD void mrg_matmul(unsigned long long r[9], const unsigned long long a[9],
                         const unsigned long long b[9], unsigned long long m) {
  unsigned long long t[9];
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      unsigned long long acc = 0;
      for (int k = 0; k < 3; k++)
        acc = (acc + mrg_mulmod(a[3 * i + k], b[3 * k + j], m)) % m;
      t[3 * i + j] = acc;
    }
  for (int i = 0; i < 9; i++)
    r[i] = t[i];
}
/* s = M^(n * 2^shift) s, for the transition matrix M of one component */
__SIM_HD void mrg_jump(unsigned int s[3], const unsigned long long mat[9],
                       unsigned long long n, int shift, unsigned long long m) {
  unsigned long long p[9], r[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  for (int i = 0; i < 9; i++)
    p[i] = mat[i];
  for (int i = 0; i < shift; i++)
    mrg_matmul(p, p, p, m);
  for (; n; n >>= 1) {
    if (n & 1)
      mrg_matmul(r, p, r, m);
    mrg_matmul(p, p, p, m);
  }
  unsigned long long v[3];
  for (int i = 0; i < 3; i++)
    v[i] = (mrg_mulmod(r[3 * i], s[0], m) + mrg_mulmod(r[3 * i + 1], s[1], m) +
            mrg_mulmod(r[3 * i + 2], s[2], m)) % m;
  for (int i = 0; i < 3; i++)
    s[i] = (unsigned int)v[i];
}
} // namespace __sim_curand

/* the transition matrices of one step on (x_{n-3}, x_{n-2}, x_{n-1}) */
__SIM_DEV void skipahead(unsigned long long n, curandStateMRG32k3a_t *state) {
  const unsigned long long a1[9] = {0, 1, 0, 0, 0, 1, __SIM_MRG_M1 - 810728ull, 1403580ull, 0};
  const unsigned long long a2[9] = {0, 1, 0, 0, 0, 1, __SIM_MRG_M2 - 1370589ull, 0, 527612ull};
  __sim_curand::mrg_jump(state->s1, a1, n, 0, __SIM_MRG_M1);
  __sim_curand::mrg_jump(state->s2, a2, n, 0, __SIM_MRG_M2);
}
__SIM_DEV void skipahead_subsequence(unsigned long long n,
                                     curandStateMRG32k3a_t *state) {
  const unsigned long long a1[9] = {0, 1, 0, 0, 0, 1, __SIM_MRG_M1 - 810728ull, 1403580ull, 0};
  const unsigned long long a2[9] = {0, 1, 0, 0, 0, 1, __SIM_MRG_M2 - 1370589ull, 0, 527612ull};
  __sim_curand::mrg_jump(state->s1, a1, n, 76, __SIM_MRG_M1);
  __sim_curand::mrg_jump(state->s2, a2, n, 76, __SIM_MRG_M2);
}
__SIM_DEV void skipahead_sequence(unsigned long long n,
                                  curandStateMRG32k3a_t *state) {
  skipahead_subsequence(n, state);
}
__SIM_DEV void curand_init(unsigned long long seed,
                           unsigned long long subsequence,
                           unsigned long long offset,
                           curandStateMRG32k3a_t *state) {
  unsigned long long x1 = (unsigned int)seed ^ 0x55555555u;
  unsigned long long x2 = (unsigned int)(seed >> 32) ^ 0xAAAAAAAAu;
  for (int i = 0; i < 3; i++) {
    state->s1[i] = (unsigned int)__sim_curand::mrg_mulmod(
        (i == 1 ? x2 : x1) % __SIM_MRG_M1, 12345ull, __SIM_MRG_M1);
    state->s2[i] = (unsigned int)__sim_curand::mrg_mulmod(
        (i == 1 ? x1 : x2) % __SIM_MRG_M2, 12345ull, __SIM_MRG_M2);
  }
  state->boxmuller_flag = 0;
  state->boxmuller_flag_double = 0;
  if (subsequence)
    skipahead_subsequence(subsequence, state);
  if (offset)
    skipahead(offset, state);
}
/* z_n in 1 .. 4294967087 */
__SIM_DEV unsigned int __sim_mrg_next(curandStateMRG32k3a_t *state) {
  unsigned long long m1 = __SIM_MRG_M1, m2 = __SIM_MRG_M2;
  unsigned long long x = (1403580ull * state->s1[1] +
                          (m1 - 810728ull) * state->s1[0]) % m1;
  unsigned long long y = (527612ull * state->s2[2] +
                          (m2 - 1370589ull) * state->s2[0]) % m2;
  state->s1[0] = state->s1[1];
  state->s1[1] = state->s1[2];
  state->s1[2] = (unsigned int)x;
  state->s2[0] = state->s2[1];
  state->s2[1] = state->s2[2];
  state->s2[2] = (unsigned int)y;
  unsigned long long z = (x + m1 - y) % m1;
  return (unsigned int)(z ? z : m1);
}
__SIM_DEV unsigned int curand(curandStateMRG32k3a_t *state) {
  return __sim_mrg_next(state);
}
/* the published output z / (m1 + 1), in (0, 1) */
__SIM_DEV double curand_uniform_double(curandStateMRG32k3a_t *state) {
  return (double)__sim_mrg_next(state) / 4294967088.0;
}
__SIM_DEV float curand_uniform(curandStateMRG32k3a_t *state) {
  return (float)curand_uniform_double(state);
}
#undef __SIM_MRG_M1
#undef __SIM_MRG_M2

/* ---- distributions, for either state type */
template <typename S> __SIM_DEV float curand_uniform(S *state) {
  return __sim_curand::to_uniform(curand(state));
}
template <typename S> __SIM_DEV double curand_uniform_double(S *state) {
  unsigned int hi = curand(state);
  unsigned int lo = curand(state);
  return __sim_curand::to_uniform_double(hi, lo);
}
template <typename S> __SIM_DEV float2 curand_normal2(S *state) {
  float u1 = curand_uniform(state);
  float u2 = curand_uniform(state);
  float r = sqrtf(-2.0f * logf(u1));
  float s, c;
  sincospif(2.0f * u2, &s, &c);
  return make_float2(r * c, r * s);
}
template <typename S> __SIM_DEV double2 curand_normal2_double(S *state) {
  double u1 = curand_uniform_double(state);
  double u2 = curand_uniform_double(state);
  double r = sqrt(-2.0 * log(u1));
  double s, c;
  sincospi(2.0 * u2, &s, &c);
  return make_double2(r * c, r * s);
}
template <typename S> __SIM_DEV float curand_normal(S *state) {
  if (state->boxmuller_flag) {
    state->boxmuller_flag = 0;
    return state->boxmuller_extra;
  }
  float2 p = curand_normal2(state);
  state->boxmuller_extra = p.y;
  state->boxmuller_flag = 1;
  return p.x;
}
template <typename S> __SIM_DEV double curand_normal_double(S *state) {
  if (state->boxmuller_flag_double) {
    state->boxmuller_flag_double = 0;
    return state->boxmuller_extra_double;
  }
  double2 p = curand_normal2_double(state);
  state->boxmuller_extra_double = p.y;
  state->boxmuller_flag_double = 1;
  return p.x;
}
template <typename S>
__SIM_DEV float curand_log_normal(S *state, float mean, float stddev) {
  return expf(mean + stddev * curand_normal(state));
}
template <typename S>
__SIM_DEV double curand_log_normal_double(S *state, double mean,
                                          double stddev) {
  return exp(mean + stddev * curand_normal_double(state));
}
/* Poisson: Knuth's product of uniforms for small lambda, a rounded normal
 * approximation from lambda 64 on */
template <typename S>
__SIM_DEV unsigned int curand_poisson(S *state, double lambda) {
  if (lambda >= 64.0) {
    double x = lambda + sqrt(lambda) * curand_normal_double(state) + 0.5;
    return x < 0.0 ? 0u : (unsigned int)x;
  }
  double limit = exp(-lambda), p = 1.0;
  unsigned int k = 0;
  do {
    k++;
    p *= curand_uniform_double(state);
  } while (p > limit);
  return k - 1;
}
__SIM_DEV float4 curand_uniform4(curandStatePhilox4_32_10_t *state) {
  uint4 r = curand4(state);
  return make_float4(__sim_curand::to_uniform(r.x),
                     __sim_curand::to_uniform(r.y),
                     __sim_curand::to_uniform(r.z),
                     __sim_curand::to_uniform(r.w));
}
__SIM_DEV float4 curand_normal4(curandStatePhilox4_32_10_t *state) {
  float2 a = curand_normal2(state), b = curand_normal2(state);
  return make_float4(a.x, a.y, b.x, b.y);
}


/* ---- Sobol quasi-random sequences (32- and 64-bit, plain and scrambled):
 * the Gray-code order, so point i is the XOR of the direction vectors of
 * the set bits of i ^ (i >> 1) (and the scramble constant); the direction
 * vectors come from the host (curandGetDirectionVectors32/64, as kernel
 * arguments) */
namespace __sim_curand {
template <typename S, typename U, int B>
__SIM_DEV void sobol_init(const U *dv, U scramble, unsigned long long offset, S *st) {
  for (int k = 0; k < B; k++) st->direction_vectors[k] = dv[k];
  st->c = scramble;
  st->i = (U)offset;
  U g = (U)(offset ^ (offset >> 1)), x = scramble;
  for (int k = 0; k < B; k++)
    if ((g >> k) & 1) x ^= dv[k];
  st->x = x;
}
template <typename S, typename U, int B> __SIM_DEV U sobol_next(S *st) {
  U r = st->x;
  U i = st->i;
  int k = 0; /* the lowest clear bit of i: the bit Gray code flips */
  while (k < B - 1 && ((i >> k) & 1)) k++;
  st->x ^= st->direction_vectors[k];
  st->i = i + 1;
  return r;
}
} // namespace __sim_curand
__SIM_DEV void curand_init(curandDirectionVectors32_t dv, unsigned int offset, curandStateSobol32_t *st) {
  __sim_curand::sobol_init<curandStateSobol32_t, unsigned int, 32>(dv, 0u, offset, st);
}
__SIM_DEV void curand_init(curandDirectionVectors32_t dv, unsigned int scramble, unsigned int offset,
                           curandStateScrambledSobol32_t *st) {
  __sim_curand::sobol_init<curandStateScrambledSobol32_t, unsigned int, 32>(dv, scramble, offset, st);
}
__SIM_DEV void curand_init(curandDirectionVectors64_t dv, unsigned long long offset,
                           curandStateSobol64_t *st) {
  __sim_curand::sobol_init<curandStateSobol64_t, unsigned long long, 64>(dv, 0ull, offset, st);
}
__SIM_DEV void curand_init(curandDirectionVectors64_t dv, unsigned long long scramble,
                           unsigned long long offset, curandStateScrambledSobol64_t *st) {
  __sim_curand::sobol_init<curandStateScrambledSobol64_t, unsigned long long, 64>(dv, scramble, offset,
                                                                                 st);
}
#define __SIM_SOBOL(S, U, B, SCALE)                                                        \
  __SIM_DEV U curand(S *st) { return __sim_curand::sobol_next<S, U, B>(st); }                \
  __SIM_DEV float curand_uniform(S *st) {                                                   \
    return (float)((double)curand(st) * SCALE + SCALE / 2);                                 \
  }                                                                                         \
  __SIM_DEV double curand_uniform_double(S *st) { return (double)curand(st) * SCALE + SCALE / 2; } \
  __SIM_DEV float curand_normal(S *st) { return normcdfinvf(curand_uniform(st)); }          \
  __SIM_DEV double curand_normal_double(S *st) { return normcdfinv(curand_uniform_double(st)); } \
  __SIM_DEV float curand_log_normal(S *st, float mean, float stddev) {                      \
    return expf(mean + stddev * curand_normal(st));                                         \
  }                                                                                         \
  __SIM_DEV void skipahead(unsigned long long n, S *st) {                                   \
    unsigned long long i = (unsigned long long)st->i + n, g = i ^ (i >> 1);                 \
    U x = st->c;                                                                            \
    for (int k = 0; k < B; k++)                                                             \
      if ((g >> k) & 1) x ^= st->direction_vectors[k];                                      \
    st->i = (U)i;                                                                           \
    st->x = x;                                                                              \
  }
__SIM_SOBOL(curandStateSobol32_t, unsigned int, 32, 2.3283064365386963e-10)
__SIM_SOBOL(curandStateScrambledSobol32_t, unsigned int, 32, 2.3283064365386963e-10)
__SIM_SOBOL(curandStateSobol64_t, unsigned long long, 64, 5.421010862427522e-20)
__SIM_SOBOL(curandStateScrambledSobol64_t, unsigned long long, 64, 5.421010862427522e-20)
#undef __SIM_SOBOL

#endif /* !__SIMULEE_HOST_COMPILER */
#endif
