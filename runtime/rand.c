/*
 * simulee runtime: cuRAND's host API on simulee's device generators
 * (cuda/curand_kernel.h: XORWOW and Philox-4x32-10, whose streams equal
 * cuRAND's), computed on the CPU.
 *
 * A generator is what a cuRAND generation kernel is: SUBSEQS threads, thread
 * s holding the device state curand_init(seed, s, 0) would make, serving
 * results in turn: thread 0's group, thread 1's group, ..., thread SUBSEQS-1's,
 * then thread 0 again. A group is one result for XORWOW, four 32-bit or two
 * 64-bit results for Philox (curand4, curand_uniform4, curand_normal4,
 * curand_uniform2_double, curand_normal2_double). Each result is the
 * device API's function of that thread's state (curand, curand_uniform,
 * curand_normal, curand_uniform_double, curand_normal_double), so a fresh
 * generator's element p of one call is the device API's stream of
 * subsequence (p / G) mod SUBSEQS. For raw draws that is cuRAND's own host
 * ordering (element d * 4096 + s of an XORWOW generation is draw d of
 * subsequence s; element 4 s + d of a Philox one is draw d of subsequence s),
 * checked against cuRAND by tests/curand.cmake where a toolkit is
 * installed. An offset skips that many raw draws in that order. Uniform
 * results equal the device API's bit for bit; normal ones use the host's
 * logf/sinf/cosf and can differ from the device's in the last bits.
 *
 * The quasi-random generators (Sobol' 32 and 64, plain and scrambled) are
 * the device API's Sobol' states over runtime/sobol.c's direction numbers:
 * an n-result call of a D-dimensional generator writes n / D points of each
 * dimension, dimension d's at d * n / D (CURAND_ORDERING_QUASI_DEFAULT),
 * point i (from the offset, counted on over calls) being the Gray-code
 * Sobol' point i; normals are the inverse normal CDF of the uniforms (GSL's
 * gsl_cdf_ugaussian_Pinv), as cuRAND does for quasi-random numbers.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "runtime/internal.h"
#include "runtime/op.h"
#include "runtime/sobol.h"

/* the jump matrices of the device header, read as C */
#define __device__
#include "cuda/curand_xorwow_jump.h"
#undef __device__

#define EXPORT __attribute__((visibility("default")))

/* cuRAND's status codes and generator types (cuda/curand.h) */
typedef enum {
  ST_SUCCESS = 0,
  ST_NOT_INITIALIZED = 101,
  ST_ALLOCATION_FAILED = 102,
  ST_TYPE_ERROR = 103,
  ST_OUT_OF_RANGE = 104,
  ST_LENGTH_NOT_MULTIPLE = 105,
  ST_LAUNCH_FAILURE = 201,
  ST_PREEXISTING_FAILURE = 202
} status_t;
enum {
  RNG_PSEUDO_DEFAULT = 100,
  RNG_PSEUDO_XORWOW = 101,
  RNG_PSEUDO_PHILOX4_32_10 = 161,
  RNG_QUASI_DEFAULT = 200,
  RNG_QUASI_SOBOL32 = 201,
  RNG_QUASI_SCRAMBLED_SOBOL32 = 202,
  RNG_QUASI_SOBOL64 = 203,
  RNG_QUASI_SCRAMBLED_SOBOL64 = 204
};

#define SUBSEQS 4096u                 /* threads of a generation */
#define PI 3.14159265358979323846
#define GEN_MAGIC 0x73696d72616e64ull /* "simrand" */

/* One thread's state: curand_kernel.h's XORWOW or Philox state. */
typedef struct rstate {
  uint32_t d, v[5];   /* XORWOW: Weyl counter, xorshift words */
  uint32_t ctr[4];    /* Philox: counter (low word first) */
  uint32_t out[4];    /* Philox: the current block */
  unsigned idx;       /* Philox: next word of out, 0..4 */
  int flag, flag_d;   /* a float / double normal is cached */
  float extra;        /* the cached float normal */
  double extra_d;     /* the cached double normal */
} rstate;

typedef struct curandGenerator_st {
  uint64_t magic;       /* GEN_MAGIC while alive */
  int philox;           /* Philox-4x32-10, else XORWOW */
  int host;             /* curandCreateGeneratorHost: results in host memory */
  uint64_t seed;        /* curandSetPseudoRandomGeneratorSeed */
  uint64_t offset;      /* curandSetGeneratorOffset (raw draws) */
  cudaStream_t stream;  /* curandSetStream */
  int stale;            /* seed or offset changed: states rebuilt before the next call */
  rstate *st;           /* SUBSEQS states (NULL until the first call) */
  uint8_t *ready;       /* st[s] built since the last rebuild */
  unsigned cursor;      /* the thread serving next */
  unsigned served;      /* results of its group already served */
  int quasi;            /* a Sobol' generator of 32 or 64 bits, else 0 */
  int scrambled;        /* its scrambled variant */
  unsigned dims;        /* curandSetQuasiRandomGeneratorDimensions (1) */
  uint64_t qpos;        /* the next point of each dimension */
} curandGenerator_st;

/* ------------------------------------------------------------ XORWOW */

static uint32_t xw_next(rstate *s) {
  uint32_t t = s->v[0] ^ (s->v[0] >> 2);
  s->v[0] = s->v[1];
  s->v[1] = s->v[2];
  s->v[2] = s->v[3];
  s->v[3] = s->v[4];
  s->v[4] = (s->v[4] ^ (s->v[4] << 4)) ^ (t ^ (t << 1));
  s->d += 362437u;
  return s->v[4] + s->d;
}

/* curand_init(seed, sub, 0) of an XORWOW state (sub < 2^16) */
static void xw_init(rstate *s, uint64_t seed, unsigned sub) {
  uint32_t s0 = (uint32_t)seed ^ 0xaad26b49u, s1 = (uint32_t)(seed >> 32) ^ 0xf7dcefddu;
  uint32_t t0 = 1099087573u * s0, t1 = 2591861531u * s1;
  s->d = 6615241u + t1 + t0;
  s->v[0] = 123456789u + t0;
  s->v[1] = 362436069u ^ t0;
  s->v[2] = 521288629u + t1;
  s->v[3] = 88675123u ^ t1;
  s->v[4] = 5783321u + t0;
  for (int k = 0; k < 16; k++) {
    if (!((sub >> k) & 1u)) continue;
    uint32_t r[5] = {0, 0, 0, 0, 0};
    for (int j = 0; j < 160; j++)
      if ((s->v[j >> 5] >> (j & 31)) & 1u)
        for (int w = 0; w < 5; w++) r[w] ^= __sim_xorwow_jump[k][j][w];
    memcpy(s->v, r, sizeof r);
  }
}

/* ------------------------------------------------------------ Philox */

static void philox_block(const uint32_t c[4], uint64_t seed, uint32_t out[4]) {
  uint32_t x = c[0], y = c[1], z = c[2], w = c[3];
  uint32_t k0 = (uint32_t)seed, k1 = (uint32_t)(seed >> 32);
  for (int round = 0; round < 10; round++) {
    uint64_t p0 = (uint64_t)0xD2511F53u * x, p1 = (uint64_t)0xCD9E8D57u * z;
    uint32_t nx = (uint32_t)(p1 >> 32) ^ y ^ k0, ny = (uint32_t)p1;
    uint32_t nz = (uint32_t)(p0 >> 32) ^ w ^ k1, nw = (uint32_t)p0;
    x = nx, y = ny, z = nz, w = nw;
    k0 += 0x9E3779B9u;
    k1 += 0xBB67AE85u;
  }
  out[0] = x, out[1] = y, out[2] = z, out[3] = w;
}

static void ph_advance(uint32_t c[4], uint64_t n) {
  uint64_t lo = ((uint64_t)c[1] << 32) | c[0], sum = lo + n;
  if (sum < lo) {
    uint64_t hi = (((uint64_t)c[3] << 32) | c[2]) + 1;
    c[2] = (uint32_t)hi, c[3] = (uint32_t)(hi >> 32);
  }
  c[0] = (uint32_t)sum, c[1] = (uint32_t)(sum >> 32);
}

/* curand_init(seed, sub, skip) of a Philox state */
static void ph_init(rstate *s, uint64_t seed, unsigned sub, uint64_t skip) {
  s->ctr[0] = s->ctr[1] = s->ctr[3] = 0;
  s->ctr[2] = sub;
  ph_advance(s->ctr, skip / 4);
  philox_block(s->ctr, seed, s->out);
  s->idx = (unsigned)(skip % 4);
}

static uint32_t ph_next(rstate *s, uint64_t seed) {
  if (s->idx == 4) {
    ph_advance(s->ctr, 1);
    philox_block(s->ctr, seed, s->out);
    s->idx = 0;
  }
  return s->out[s->idx++];
}

/* ------------------------------------------------ the device functions */

static uint32_t draw(curandGenerator_st *g, rstate *s) {
  return g->philox ? ph_next(s, g->seed) : xw_next(s);
}
static float uniform(curandGenerator_st *g, rstate *s) {
  return (float)draw(g, s) * 2.3283064e-10f + 1.1641532e-10f;
}
static double uniform_double(curandGenerator_st *g, rstate *s) {
  uint32_t hi = draw(g, s), lo = draw(g, s);
  uint64_t z = (((uint64_t)hi << 21) ^ lo) & ((1ull << 53) - 1);
  return (double)z * (1.0 / 9007199254740992.0) + (0.5 / 9007199254740992.0);
}
static float normal(curandGenerator_st *g, rstate *s) {
  if (s->flag) {
    s->flag = 0;
    return s->extra;
  }
  float u1 = uniform(g, s), u2 = uniform(g, s);
  float r = sqrtf(-2.0f * logf(u1));
  double a = 2.0 * PI * (double)u2;
  s->extra = r * (float)sin(a);
  s->flag = 1;
  return r * (float)cos(a);
}
static double normal_double(curandGenerator_st *g, rstate *s) {
  if (s->flag_d) {
    s->flag_d = 0;
    return s->extra_d;
  }
  double u1 = uniform_double(g, s), u2 = uniform_double(g, s);
  double r = sqrt(-2.0 * log(u1));
  s->extra_d = r * sin(2.0 * PI * u2);
  s->flag_d = 1;
  return r * cos(2.0 * PI * u2);
}

/* ------------------------------------------------------- the generator */

/* Thread s's state, built on first use after a rebuild: curand_init(seed,
 * s, 0) advanced by the raw draws the offset gives it. */
static rstate *state_of(curandGenerator_st *g, unsigned s) {
  rstate *st = &g->st[s];
  if (g->ready[s]) return st;
  memset(st, 0, sizeof *st);
  uint64_t o = g->offset, skip;
  if (g->philox) {
    uint64_t q = o / 4;
    skip = 4 * (q / SUBSEQS + (s < q % SUBSEQS)) + (s == q % SUBSEQS ? o % 4 : 0);
    ph_init(st, g->seed, s, skip);
  } else {
    skip = o / SUBSEQS + (s < o % SUBSEQS);
    xw_init(st, g->seed, s);
    for (uint64_t i = 0; i < skip; i++) xw_next(st);
  }
  g->ready[s] = 1;
  return st;
}

/* Ready for a generation: states allocated, rebuilt after a new seed or
 * offset. */
static status_t prepare(curandGenerator_st *g) {
  if (!g->st) {
    g->st = malloc(SUBSEQS * sizeof *g->st);
    g->ready = malloc(SUBSEQS);
    if (!g->st || !g->ready) return ST_ALLOCATION_FAILED;
    g->stale = 1;
  }
  if (g->stale) {
    memset(g->ready, 0, SUBSEQS);
    if (g->philox) {
      g->cursor = (unsigned)((g->offset / 4) % SUBSEQS);
      g->served = (unsigned)(g->offset % 4);
    } else {
      g->cursor = (unsigned)(g->offset % SUBSEQS);
      g->served = 0;
    }
    g->stale = 0;
  }
  return ST_SUCCESS;
}

/* The state serving the next result of a group of `group` results. */
static rstate *next_state(curandGenerator_st *g, unsigned group) {
  if (g->served >= group) {
    g->served = 0;
    g->cursor = (g->cursor + 1) % SUBSEQS;
  }
  g->served++;
  return state_of(g, g->cursor);
}

/* Whether g is a live generator (the registry, runtime/handles.c: a
 * destroyed or made-up one is never dereferenced) whose stream is one, for
 * function fn; else a warning naming fn. */
static int valid_in(const curandGenerator_st *g, const char *fn, int stream) {
  simR_lock();
  int ok = simR_handle_check_locked((uint64_t)(uintptr_t)g, SIMR_H_CURAND, fn,
                                    "CURAND_STATUS_NOT_INITIALIZED") != NULL;
  if (ok && stream && !g->host && !simR_stream_ok_locked(g->stream, fn)) ok = 0;
  simR_unlock();
  return ok;
}
#define valid(g) valid_in(g, __func__, 0)

enum { OUT_RAW, OUT_UNIFORM, OUT_NORMAL, OUT_LOGNORMAL, OUT_UNIFORM_D, OUT_NORMAL_D, OUT_RAW64 };

/* n results of a quasi-random generator into h (n a multiple of its
 * dimensions): ST_SUCCESS, or ST_ALLOCATION_FAILED without its tables. */
static status_t quasi_fill(curandGenerator_st *g, void *h, size_t n, int kind, double mean,
                           double stddev) {
  int b = g->quasi;
  const uint32_t *v32 = b == 32 ? simR_sobol_dirs32(g->scrambled) : NULL;
  const uint64_t *v64 = b == 64 ? simR_sobol_dirs64(g->scrambled) : NULL;
  const uint32_t *c32 = b == 32 && g->scrambled ? simR_sobol_scramble32() : NULL;
  const uint64_t *c64 = b == 64 && g->scrambled ? simR_sobol_scramble64() : NULL;
  if ((b == 32 && !v32) || (b == 64 && !v64) || (g->scrambled && !c32 && !c64))
    return ST_ALLOCATION_FAILED;
  const double scale = b == 32 ? 2.3283064365386963e-10 : 5.421010862427522e-20;
  size_t per = n / g->dims;
  for (unsigned d = 0; d < g->dims; d++) {
    uint64_t i0 = g->qpos, gray = i0 ^ (i0 >> 1), x = 0;
    if (g->scrambled) x = b == 32 ? c32[d] : c64[d];
    for (int k = 0; k < b; k++)
      if ((gray >> k) & 1) x ^= b == 32 ? v32[(size_t)d * 32 + (size_t)k] : v64[(size_t)d * 64 + (size_t)k];
    for (size_t i = 0; i < per; i++) {
      size_t at = (size_t)d * per + i;
      double u = (double)x * scale + scale / 2;
      switch (kind) {
      case OUT_RAW: ((uint32_t *)h)[at] = (uint32_t)x; break;
      case OUT_RAW64: ((uint64_t *)h)[at] = x; break;
      case OUT_UNIFORM: ((float *)h)[at] = (float)u; break;
      case OUT_UNIFORM_D: ((double *)h)[at] = u; break;
      case OUT_NORMAL:
        ((float *)h)[at] = (float)mean + (float)stddev * (float)gsl_cdf_ugaussian_Pinv((double)(float)u);
        break;
      case OUT_LOGNORMAL:
        ((float *)h)[at] =
            expf((float)mean + (float)stddev * (float)gsl_cdf_ugaussian_Pinv((double)(float)u));
        break;
      default: ((double *)h)[at] = mean + stddev * gsl_cdf_ugaussian_Pinv(u); break;
      }
      /* Gray code: point i + 1 flips the direction of i's lowest clear bit */
      uint64_t idx = i0 + i;
      int k = __builtin_ctzll(~idx);
      if (k < b) x ^= b == 32 ? v32[(size_t)d * 32 + (size_t)k] : v64[(size_t)d * 64 + (size_t)k];
    }
  }
  g->qpos += per;
  return ST_SUCCESS;
}

/* n results of kind `kind` into out (device memory, or host memory for a
 * host generator), for function fn. */
static status_t generate(const char *fn, curandGenerator_st *g, void *out, size_t n, int kind,
                         double mean, double stddev) {
  if (!valid_in(g, fn, 1)) return ST_NOT_INITIALIZED;
  int wide = kind == OUT_UNIFORM_D || kind == OUT_NORMAL_D || kind == OUT_RAW64;
  /* raw words of the generator's width only */
  if ((kind == OUT_RAW && g->quasi == 64) || (kind == OUT_RAW64 && g->quasi != 64))
    return ST_TYPE_ERROR;
  if (g->quasi && n % g->dims) return ST_LENGTH_NOT_MULTIPLE; /* whole points */
  if (!g->quasi && (kind == OUT_NORMAL || kind == OUT_LOGNORMAL || kind == OUT_NORMAL_D) && n % 2)
    return ST_LENGTH_NOT_MULTIPLE; /* normals come in Box-Muller pairs */
  if (!n) return ST_SUCCESS;
  simR_lock();
  int rst;
  cudaError_t e0;
  /* a device generator's call is not captured: submit refuses it on a
   * capturing stream (the capture is invalidated) */
  if (!g->host && simR_submit_libcall_locked(g->stream, fn, NULL, NULL, NULL, 0,
                                             SIMR_OP_NOCAPTURE, &rst, &e0)) {
    simR_unlock();
    return ST_LAUNCH_FAILURE;
  }
  /* a device generator's call is an operation on its stream in the order
   * between launches (it writes out); a host generator's runs on the host */
  status_t st = simR_sticky_locked() ? ST_PREEXISTING_FAILURE : ST_SUCCESS;
  if (!st && !g->host) simR_libcall_begin_locked(g->stream, fn);
  cudaError_t e = cudaSuccess;
  void *h = NULL;
  if (!st && (h = simR_host_bytes_locked(out, (uint64_t)n * (wide ? 8 : 4), &e)))
    simR_libcall_access_locked(out, (uint64_t)n * (wide ? 8 : 4), 1);
  if (!st && !h) {
    fprintf(stderr,
            "simulee: error: %s: the output (%zu results at %p) is not inside one allocation of "
            "%s memory\n",
            fn, n, out, g->host ? "host" : "device, managed or host");
    st = ST_LAUNCH_FAILURE;
  }
  if (!st && g->quasi) st = quasi_fill(g, h, n, kind, mean, stddev);
  else if (!st) st = prepare(g);
  unsigned group = g->philox ? (wide ? 2 : 4) : 1;
  for (size_t i = 0; !st && !g->quasi && i < n; i++) {
    rstate *s = next_state(g, group);
    switch (kind) {
    case OUT_RAW: ((uint32_t *)h)[i] = draw(g, s); break;
    case OUT_UNIFORM: ((float *)h)[i] = uniform(g, s); break;
    case OUT_NORMAL: ((float *)h)[i] = (float)mean + (float)stddev * normal(g, s); break;
    case OUT_LOGNORMAL:
      ((float *)h)[i] = expf((float)mean + (float)stddev * normal(g, s));
      break;
    case OUT_UNIFORM_D: ((double *)h)[i] = uniform_double(g, s); break;
    default: ((double *)h)[i] = mean + stddev * normal_double(g, s); break;
    }
  }
  simR_libcall_end_locked();
  simR_unlock();
  return st;
}

static status_t create(curandGenerator_st **gen, int type, int host) {
  if (!gen) return ST_NOT_INITIALIZED;
  if (type != RNG_PSEUDO_DEFAULT && type != RNG_PSEUDO_XORWOW &&
      type != RNG_PSEUDO_PHILOX4_32_10 && (type < RNG_QUASI_DEFAULT || type > RNG_QUASI_SCRAMBLED_SOBOL64)) {
    const char *name = type == 121   ? "CURAND_RNG_PSEUDO_MRG32K3A"
                       : type == 141 ? "CURAND_RNG_PSEUDO_MTGP32"
                       : type == 142 ? "CURAND_RNG_PSEUDO_MT19937"
                                     : "an unknown type";
    fprintf(stderr,
            "simulee: error: curandCreateGenerator: %s (%d) is not supported by simulee's cuRAND "
            "(CURAND_RNG_PSEUDO_DEFAULT, _XORWOW, _PHILOX4_32_10 and the CURAND_RNG_QUASI_ Sobol' "
            "types are)\n",
            name, type);
    return ST_TYPE_ERROR;
  }
  simR_lock();
  curandGenerator_st *g = simR_handle_new_locked(SIMR_H_CURAND, sizeof *g);
  simR_unlock();
  if (!g) return ST_ALLOCATION_FAILED;
  g->magic = GEN_MAGIC;
  g->philox = type == RNG_PSEUDO_PHILOX4_32_10;
  g->quasi = type == RNG_QUASI_SOBOL64 || type == RNG_QUASI_SCRAMBLED_SOBOL64 ? 64
             : type >= RNG_QUASI_DEFAULT                                        ? 32
                                                                                : 0;
  g->scrambled = type == RNG_QUASI_SCRAMBLED_SOBOL32 || type == RNG_QUASI_SCRAMBLED_SOBOL64;
  g->dims = 1;
  g->host = host;
  g->seed = 0; /* cuRAND's default seed */
  g->stale = 1;
  *gen = g;
  return ST_SUCCESS;
}

/* ------------------------------------------------------------ the API */

EXPORT status_t curandCreateGenerator(curandGenerator_st **gen, int type) {
  return create(gen, type, 0);
}

EXPORT status_t curandCreateGeneratorHost(curandGenerator_st **gen, int type) {
  return create(gen, type, 1);
}

EXPORT status_t curandDestroyGenerator(curandGenerator_st *g) {
  if (!valid(g)) return ST_NOT_INITIALIZED;
  g->magic = 0;
  free(g->st);
  free(g->ready);
  g->st = NULL;
  g->ready = NULL;
  simR_lock();
  simR_handle_delete_locked(g, SIMR_H_CURAND);
  simR_unlock();
  return ST_SUCCESS;
}

EXPORT status_t curandGetVersion(int *version) {
  if (!version) return ST_OUT_OF_RANGE;
  *version = 10301; /* the cuRAND of CUDA 12.0 */
  return ST_SUCCESS;
}

EXPORT status_t curandSetPseudoRandomGeneratorSeed(curandGenerator_st *g,
                                                   unsigned long long seed) {
  if (!valid(g)) return ST_NOT_INITIALIZED;
  if (g->quasi) return ST_TYPE_ERROR; /* a quasi-random generator has no seed */
  g->seed = seed;
  g->stale = 1;
  return ST_SUCCESS;
}

EXPORT status_t curandSetGeneratorOffset(curandGenerator_st *g, unsigned long long offset) {
  if (!valid(g)) return ST_NOT_INITIALIZED;
  g->offset = offset;
  g->qpos = offset;
  g->stale = 1;
  return ST_SUCCESS;
}

EXPORT status_t curandSetStream(curandGenerator_st *g, cudaStream_t s) {
  if (!valid(g)) return ST_NOT_INITIALIZED;
  simR_lock();
  int sok = simR_stream_ok_locked(s, "curandSetStream");
  simR_unlock();
  if (!sok) return ST_NOT_INITIALIZED;
  g->stream = s;
  return ST_SUCCESS;
}

EXPORT status_t curandGenerate(curandGenerator_st *g, unsigned int *out, size_t n) {
  return generate("curandGenerate", g, out, n, OUT_RAW, 0, 0);
}

EXPORT status_t curandGenerateUniform(curandGenerator_st *g, float *out, size_t n) {
  return generate("curandGenerateUniform", g, out, n, OUT_UNIFORM, 0, 0);
}

EXPORT status_t curandGenerateUniformDouble(curandGenerator_st *g, double *out, size_t n) {
  return generate("curandGenerateUniformDouble", g, out, n, OUT_UNIFORM_D, 0, 0);
}

EXPORT status_t curandGenerateNormal(curandGenerator_st *g, float *out, size_t n, float mean,
                                     float stddev) {
  return generate("curandGenerateNormal", g, out, n, OUT_NORMAL, mean, stddev);
}

EXPORT status_t curandGenerateNormalDouble(curandGenerator_st *g, double *out, size_t n,
                                           double mean, double stddev) {
  return generate("curandGenerateNormalDouble", g, out, n, OUT_NORMAL_D, mean, stddev);
}

EXPORT status_t curandGenerateLogNormal(curandGenerator_st *g, float *out, size_t n, float mean,
                                        float stddev) {
  return generate("curandGenerateLogNormal", g, out, n, OUT_LOGNORMAL, mean, stddev);
}

EXPORT status_t curandGenerateLongLong(curandGenerator_st *g, unsigned long long *out, size_t n) {
  return generate("curandGenerateLongLong", g, out, n, OUT_RAW64, 0, 0);
}

EXPORT status_t curandSetQuasiRandomGeneratorDimensions(curandGenerator_st *g, unsigned int dims) {
  if (!valid(g)) return ST_NOT_INITIALIZED;
  if (!g->quasi) return ST_TYPE_ERROR;
  if (dims < 1 || dims > SIMR_SOBOL_DIMS) return ST_OUT_OF_RANGE;
  g->dims = dims;
  g->qpos = g->offset;
  return ST_SUCCESS;
}

EXPORT status_t curandSetGeneratorOrdering(curandGenerator_st *g, int order) {
  if (!valid(g)) return ST_NOT_INITIALIZED;
  /* one ordering each: cuRAND's default for its kind of generator (the
   * pseudo-random orderings differ in how results are laid out on the GPU,
   * simulee's is cuRAND's default) */
  if (g->quasi ? order != 201 : order < 100 || order > 104) return ST_OUT_OF_RANGE;
  return ST_SUCCESS;
}

EXPORT status_t curandGetDirectionVectors32(const uint32_t (**vectors)[32], int set) {
  if (!vectors || (set != 101 && set != 102)) return ST_OUT_OF_RANGE;
  const uint32_t *v = simR_sobol_dirs32(set == 102);
  if (!v) return ST_ALLOCATION_FAILED;
  *vectors = (const uint32_t(*)[32])v;
  return ST_SUCCESS;
}

EXPORT status_t curandGetDirectionVectors64(const uint64_t (**vectors)[64], int set) {
  if (!vectors || (set != 103 && set != 104)) return ST_OUT_OF_RANGE;
  const uint64_t *v = simR_sobol_dirs64(set == 104);
  if (!v) return ST_ALLOCATION_FAILED;
  *vectors = (const uint64_t(*)[64])v;
  return ST_SUCCESS;
}

EXPORT status_t curandGetScrambleConstants32(const uint32_t **constants) {
  if (!constants) return ST_OUT_OF_RANGE;
  return (*constants = simR_sobol_scramble32()) ? ST_SUCCESS : ST_ALLOCATION_FAILED;
}

EXPORT status_t curandGetScrambleConstants64(const uint64_t **constants) {
  if (!constants) return ST_OUT_OF_RANGE;
  return (*constants = simR_sobol_scramble64()) ? ST_SUCCESS : ST_ALLOCATION_FAILED;
}
