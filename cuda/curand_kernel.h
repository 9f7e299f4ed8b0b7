/* simulee CUDA headers: <curand_kernel.h>, device-side random numbers.
 *
 * Two generators with cuRAND's device API:
 *   curandState / curandStateXORWOW_t: Marsaglia's xorwow generator. The
 *     state is seeded from (seed, subsequence, offset) by a splitmix64 hash,
 *     so the numbers are NOT those of NVIDIA's cuRAND (which jumps 2^67
 *     draws per subsequence with precomputed tables); they are statistically
 *     sound and deterministic, which is what a simulation needs.
 *   curandStatePhilox4_32_10_t: the counter-based Philox-4x32-10 generator
 *     (Salmon et al., SC'11): key = seed, counter = (offset / 4,
 *     subsequence); the raw 32-bit stream follows the published algorithm.
 * The float conversions return values in (0, 1]; normals use Box-Muller and
 * keep the second value of each pair for the next call. */
#ifndef SIMULEE_CUDA_CURAND_KERNEL_H
#define SIMULEE_CUDA_CURAND_KERNEL_H

#include "cuda_runtime.h"

/* xorwow state */
struct curandStateXORWOW {
  unsigned int d;          /* Weyl sequence counter */
  unsigned int v[5];       /* xorshift words */
  int boxmuller_flag;      /* a float normal is cached */
  int boxmuller_flag_double; /* a double normal is cached */
  float boxmuller_extra;   /* the cached float normal */
  double boxmuller_extra_double; /* the cached double normal */
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;

/* Philox-4x32-10 state */
struct curandStatePhilox4_32_10 {
  uint4 ctr;               /* 128-bit counter */
  uint4 output;            /* the four words of the current block */
  uint2 key;               /* 64-bit key (the seed) */
  unsigned int STATE;      /* next word of `output` to hand out, 0..3 */
  int boxmuller_flag;      /* a float normal is cached */
  int boxmuller_flag_double; /* a double normal is cached */
  float boxmuller_extra;   /* the cached float normal */
  double boxmuller_extra_double; /* the cached double normal */
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

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
__SIM_DEV void curand_init(unsigned long long seed,
                           unsigned long long subsequence,
                           unsigned long long offset,
                           curandStateXORWOW_t *state) {
  unsigned long long x = seed ^ (subsequence * 0xd1342543de82ef95ull) ^
                         (offset * 0xaf251af3b0f025b5ull);
  unsigned long long a = __sim_curand::splitmix(x);
  unsigned long long b = __sim_curand::splitmix(x);
  unsigned long long c = __sim_curand::splitmix(x);
  state->v[0] = (unsigned int)a;
  state->v[1] = (unsigned int)(a >> 32);
  state->v[2] = (unsigned int)b;
  state->v[3] = (unsigned int)(b >> 32);
  state->v[4] = (unsigned int)c | 1u; /* never all zero */
  state->d = (unsigned int)(c >> 32);
  state->boxmuller_flag = 0;
  state->boxmuller_flag_double = 0;
  state->boxmuller_extra = 0.0f;
  state->boxmuller_extra_double = 0.0;
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

#endif
