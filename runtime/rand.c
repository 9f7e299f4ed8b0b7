/*
 * simulee runtime: cuRAND's host API on GSL's generators (the library the
 * search already uses). Every pseudo-random generator type draws from GSL's
 * MT19937 seeded with the generator's seed and offset, so a run is
 * reproducible and the distributions are cuRAND's (uniform on (0, 1],
 * normal, log-normal, Poisson), but the sequences are not NVIDIA's. Output
 * goes to device memory (runtime/internal.h) after the generator's stream
 * has done its work; quasi-random generators are refused by name.
 */
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <stdio.h>
#include <stdlib.h>

#include "runtime/internal.h"

#define EXPORT __attribute__((visibility("default")))

typedef enum {
  RS_SUCCESS = 0,
  RS_NOT_INITIALIZED = 101,
  RS_ALLOCATION_FAILED = 102,
  RS_TYPE_ERROR = 103,
  RS_OUT_OF_RANGE = 104,
  RS_LENGTH_NOT_MULTIPLE = 105,
  RS_LAUNCH_FAILURE = 201
} rand_status; /* curandStatus_t */

struct curandGenerator_st {
  gsl_rng *r;                /* the generator (NULL until the first draw) */
  unsigned long long seed;   /* curandSetPseudoRandomGeneratorSeed */
  unsigned long long offset; /* curandSetGeneratorOffset: draws skipped */
  cudaStream_t stream;       /* curandSetStream */
};
typedef struct curandGenerator_st *rand_gen;

static rand_status create(rand_gen *g, int type) {
  if (!g) return RS_NOT_INITIALIZED;
  if (type >= 200) { /* CURAND_RNG_QUASI_* */
    fprintf(stderr, "simulee: error: curandCreateGenerator of the quasi-random type %d is not "
            "supported by simulee's CUDA runtime\n", type);
    return RS_TYPE_ERROR;
  }
  *g = calloc(1, sizeof **g);
  if (!*g) return RS_ALLOCATION_FAILED;
  (*g)->seed = 0;
  return RS_SUCCESS;
}

EXPORT rand_status curandCreateGenerator(rand_gen *g, int type) { return create(g, type); }
EXPORT rand_status curandCreateGeneratorHost(rand_gen *g, int type) { return create(g, type); }

EXPORT rand_status curandDestroyGenerator(rand_gen g) {
  if (!g) return RS_NOT_INITIALIZED;
  if (g->r) gsl_rng_free(g->r);
  free(g);
  return RS_SUCCESS;
}

EXPORT rand_status curandSetPseudoRandomGeneratorSeed(rand_gen g, unsigned long long seed) {
  if (!g) return RS_NOT_INITIALIZED;
  g->seed = seed;
  if (g->r) gsl_rng_free(g->r);
  g->r = NULL; /* reseeded at the next draw */
  return RS_SUCCESS;
}

EXPORT rand_status curandSetGeneratorOffset(rand_gen g, unsigned long long offset) {
  if (!g) return RS_NOT_INITIALIZED;
  g->offset = offset;
  if (g->r) gsl_rng_free(g->r);
  g->r = NULL;
  return RS_SUCCESS;
}

EXPORT rand_status curandSetStream(rand_gen g, cudaStream_t s) {
  if (!g) return RS_NOT_INITIALIZED;
  g->stream = s;
  return RS_SUCCESS;
}

/* Enter a draw of `bytes` into out: the lock held, the host bytes in *dst. */
static rand_status enter(rand_gen g, void *out, uint64_t bytes, void **dst) {
  if (!g) return RS_NOT_INITIALIZED;
  simR_lock();
  if (simR_stream_sync_locked(g->stream) != cudaSuccess) {
    simR_unlock();
    return RS_LAUNCH_FAILURE;
  }
  cudaError_t e;
  *dst = bytes ? simR_host_bytes_locked(out, bytes, &e) : out;
  if (!*dst) {
    simR_unlock();
    return RS_OUT_OF_RANGE;
  }
  if (!g->r) {
    g->r = gsl_rng_alloc(gsl_rng_mt19937);
    if (!g->r) {
      simR_unlock();
      return RS_ALLOCATION_FAILED;
    }
    /* GSL seeds with an unsigned long; fold the 64-bit seed */
    gsl_rng_set(g->r, (unsigned long)(g->seed ^ (g->seed >> 32)));
    for (unsigned long long i = 0; i < g->offset; i++) gsl_rng_get(g->r);
  }
  return RS_SUCCESS;
}

static rand_status leave(rand_status s) {
  simR_unlock();
  return s;
}

EXPORT rand_status curandGenerate(rand_gen g, unsigned *out, size_t n) {
  void *d;
  rand_status s = enter(g, out, (uint64_t)n * sizeof *out, &d);
  if (s) return s;
  for (size_t i = 0; i < n; i++) ((unsigned *)d)[i] = (unsigned)gsl_rng_get(g->r);
  return leave(RS_SUCCESS);
}

EXPORT rand_status curandGenerateUniform(rand_gen g, float *out, size_t n) {
  void *d;
  rand_status s = enter(g, out, (uint64_t)n * sizeof *out, &d);
  if (s) return s;
  for (size_t i = 0; i < n; i++) { /* (0, 1] as cuRAND */
    float v = (float)(1.0 - gsl_rng_uniform(g->r));
    ((float *)d)[i] = v > 0.0f ? v : 1.0f;
  }
  return leave(RS_SUCCESS);
}

EXPORT rand_status curandGenerateUniformDouble(rand_gen g, double *out, size_t n) {
  void *d;
  rand_status s = enter(g, out, (uint64_t)n * sizeof *out, &d);
  if (s) return s;
  for (size_t i = 0; i < n; i++) ((double *)d)[i] = 1.0 - gsl_rng_uniform(g->r);
  return leave(RS_SUCCESS);
}

/* cuRAND's pseudo-random normal draws come in pairs */
EXPORT rand_status curandGenerateNormal(rand_gen g, float *out, size_t n, float mean,
                                        float stddev) {
  if (n % 2) return RS_LENGTH_NOT_MULTIPLE;
  void *d;
  rand_status s = enter(g, out, (uint64_t)n * sizeof *out, &d);
  if (s) return s;
  for (size_t i = 0; i < n; i++)
    ((float *)d)[i] = mean + (float)gsl_ran_gaussian(g->r, stddev);
  return leave(RS_SUCCESS);
}

EXPORT rand_status curandGenerateNormalDouble(rand_gen g, double *out, size_t n, double mean,
                                              double stddev) {
  if (n % 2) return RS_LENGTH_NOT_MULTIPLE;
  void *d;
  rand_status s = enter(g, out, (uint64_t)n * sizeof *out, &d);
  if (s) return s;
  for (size_t i = 0; i < n; i++) ((double *)d)[i] = mean + gsl_ran_gaussian(g->r, stddev);
  return leave(RS_SUCCESS);
}

EXPORT rand_status curandGenerateLogNormal(rand_gen g, float *out, size_t n, float mean,
                                           float stddev) {
  if (n % 2) return RS_LENGTH_NOT_MULTIPLE;
  void *d;
  rand_status s = enter(g, out, (uint64_t)n * sizeof *out, &d);
  if (s) return s;
  for (size_t i = 0; i < n; i++) ((float *)d)[i] = (float)gsl_ran_lognormal(g->r, mean, stddev);
  return leave(RS_SUCCESS);
}

EXPORT rand_status curandGeneratePoisson(rand_gen g, unsigned *out, size_t n, double lambda) {
  if (lambda <= 0) return RS_OUT_OF_RANGE;
  void *d;
  rand_status s = enter(g, out, (uint64_t)n * sizeof *out, &d);
  if (s) return s;
  for (size_t i = 0; i < n; i++) ((unsigned *)d)[i] = gsl_ran_poisson(g->r, lambda);
  return leave(RS_SUCCESS);
}
