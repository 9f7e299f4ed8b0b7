/*
 * simulee runtime: Sobol' direction numbers (cuRAND's quasi-random
 * generators, curandGetDirectionVectors32/64, curandGetScrambleConstants).
 *
 * Dimension d > 0 of a Sobol' sequence is defined by the d-th primitive
 * polynomial over GF(2), in order of degree and then of value (x + 1,
 * x^2 + x + 1, x^3 + x + 1, x^3 + x^2 + 1, ...), and by odd initial numbers
 * m_1..m_s (m_i < 2^i, s the degree); dimension 0 is the van der Corput
 * sequence (every m_i = 1). The polynomials up to degree 18 give 21,200
 * dimensions, of which cuRAND offers 20,000; they are found here by testing
 * each candidate's order (x has order 2^s - 1 modulo a primitive
 * polynomial). cuRAND's initial numbers are the published tables of Joe and
 * Kuo; simulee does not ship those: dimensions 0 and 1 equal them (their
 * initial numbers are forced: 1), the others use odd initial numbers drawn
 * from a fixed splitmix64 stream, so a program's quasi-random points are a
 * valid Sobol' sequence of the same dimensions but, past its first two
 * dimensions, not cuRAND's bit for bit (docs/support.md).
 *
 * The scrambled sets are the plain ones under a random lower-triangular
 * binary matrix per dimension (a linear scramble: bit p of the result, from
 * the most significant, depends on bits 0..p), with a random first point per
 * dimension (the scramble constant), from the same fixed stream.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/sobol.h"

#define MAXDEG 18

static uint64_t splitmix(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* a * b modulo p (polynomials over GF(2) as bit sets, degree of p = deg) */
static uint32_t pmulmod(uint32_t a, uint32_t b, uint32_t p, int deg) {
  uint32_t r = 0;
  for (; b; b >>= 1) {
    if (b & 1) r ^= a;
    a <<= 1;
    if ((a >> deg) & 1) a ^= p;
  }
  return r;
}

/* x^e modulo p */
static uint32_t ppowx(uint64_t e, uint32_t p, int deg) {
  uint32_t r = 1, b = deg > 1 ? 2u : (2u ^ p);
  for (; e; e >>= 1) {
    if (e & 1) r = pmulmod(r, b, p, deg);
    b = pmulmod(b, b, p, deg);
  }
  return r;
}

/* whether p (degree deg, constant term 1) is primitive: x^(2^deg - 1) is 1
 * and no x^((2^deg - 1) / q) for a prime q of 2^deg - 1 is */
static int primitive(uint32_t p, int deg, const uint64_t *primes, int np) {
  uint64_t n = (1ull << deg) - 1;
  if (ppowx(n, p, deg) != 1) return 0;
  for (int i = 0; i < np; i++)
    if (ppowx(n / primes[i], p, deg) == 1) return 0;
  return 1;
}

/* The polynomial and initial numbers of each dimension > 0. */
typedef struct {
  uint32_t poly; /* with its x^s and constant terms */
  int deg;
  uint32_t m[MAXDEG + 1]; /* m[1..deg] */
} dimdef;

static dimdef *defs; /* [SIMR_SOBOL_DIMS] (entry 0 unused) */
static uint32_t *d32[2], *sc32;
static uint64_t *d64[2], *sc64;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static int build_defs(void) {
  if (defs) return 0;
  dimdef *d = calloc(SIMR_SOBOL_DIMS, sizeof *d);
  if (!d) return -1;
  uint64_t seed = 0x536f626f6c2721ull; /* "Sobol'!" */
  unsigned k = 1;
  for (int deg = 1; deg <= MAXDEG && k < SIMR_SOBOL_DIMS; deg++) {
    uint64_t primes[8], n = (1ull << deg) - 1;
    int np = 0;
    for (uint64_t q = 2, r = n; r > 1; q++) {
      if (q * q > r) q = r;
      if (r % q) continue;
      primes[np++] = q;
      while (r % q == 0) r /= q;
    }
    /* candidates with the x^deg and constant terms, in order of value */
    for (uint32_t mid = 0; mid < (1u << (deg > 1 ? deg - 1 : 0)) && k < SIMR_SOBOL_DIMS; mid++) {
      uint32_t p = (1u << deg) | (mid << 1) | 1u;
      if (deg == 1) p = 3u;
      if (!primitive(p, deg, primes, np)) continue;
      d[k].poly = p;
      d[k].deg = deg;
      for (int i = 1; i <= deg; i++)
        d[k].m[i] = k == 1 ? 1u : (uint32_t)(splitmix(&seed) % (1ull << i)) | 1u;
      k++;
    }
  }
  defs = d;
  return 0;
}

/* The direction numbers m_1..m_bits of dimension k (m[i] < 2^i, odd). */
static void dim_numbers(unsigned k, int bits, uint64_t *m) {
  if (k == 0) {
    for (int i = 1; i <= bits; i++) m[i] = 1;
    return;
  }
  const dimdef *d = &defs[k];
  int s = d->deg;
  for (int i = 1; i <= s && i <= bits; i++) m[i] = d->m[i];
  for (int i = s + 1; i <= bits; i++) {
    /* m_i = 2 a_1 m_{i-1} ^ 4 a_2 m_{i-2} ^ ... ^ 2^s m_{i-s} ^ m_{i-s} */
    uint64_t v = m[i - s] ^ (m[i - s] << s);
    for (int j = 1; j < s; j++)
      if ((d->poly >> (s - j)) & 1) v ^= m[i - j] << j;
    m[i] = v;
  }
}

/* bit p from the most significant: parity of row & v, row lower-triangular */
static uint64_t scramble_word(uint64_t v, const uint64_t *rows, int bits) {
  uint64_t r = 0;
  for (int p = 0; p < bits; p++)
    if (__builtin_parityll(rows[p] & v)) r |= 1ull << (bits - 1 - p);
  return r;
}

static int build(int bits, int scrambled) {
  if (build_defs()) return -1;
  uint64_t seed = 0x5363726d626c65ull ^ (uint64_t)bits; /* "Scrmble" */
  size_t n = (size_t)SIMR_SOBOL_DIMS * (size_t)bits;
  uint32_t *o32 = bits == 32 ? malloc(n * sizeof *o32) : NULL;
  uint64_t *o64 = bits == 64 ? malloc(n * sizeof *o64) : NULL;
  if (!o32 && !o64) return -1;
  uint64_t m[65], rows[64];
  for (unsigned k = 0; k < SIMR_SOBOL_DIMS; k++) {
    dim_numbers(k, bits, m);
    if (scrambled)
      for (int p = 0; p < bits; p++) {
        uint64_t above = p ? (~0ull << (bits - p)) : 0; /* more significant bits */
        if (bits < 64) above &= (1ull << bits) - 1;
        rows[p] = (1ull << (bits - 1 - p)) | (splitmix(&seed) & above);
      }
    for (int i = 1; i <= bits; i++) {
      uint64_t v = m[i] << (bits - i);
      if (scrambled) v = scramble_word(v, rows, bits);
      if (o32) o32[(size_t)k * 32 + (size_t)(i - 1)] = (uint32_t)v;
      else o64[(size_t)k * 64 + (size_t)(i - 1)] = v;
    }
  }
  if (o32) d32[scrambled] = o32;
  else d64[scrambled] = o64;
  return 0;
}

const uint32_t *simR_sobol_dirs32(int scrambled) {
  scrambled = !!scrambled;
  pthread_mutex_lock(&lock);
  if (!d32[scrambled]) build(32, scrambled);
  const uint32_t *r = d32[scrambled];
  pthread_mutex_unlock(&lock);
  return r;
}

const uint64_t *simR_sobol_dirs64(int scrambled) {
  scrambled = !!scrambled;
  pthread_mutex_lock(&lock);
  if (!d64[scrambled]) build(64, scrambled);
  const uint64_t *r = d64[scrambled];
  pthread_mutex_unlock(&lock);
  return r;
}

static void build_scramble(void) {
  uint64_t seed = 0x436f6e7374616e74ull; /* "Constant" */
  uint32_t *a = malloc(SIMR_SOBOL_DIMS * sizeof *a);
  uint64_t *b = malloc(SIMR_SOBOL_DIMS * sizeof *b);
  if (!a || !b) {
    free(a);
    free(b);
    return;
  }
  for (unsigned k = 0; k < SIMR_SOBOL_DIMS; k++) {
    b[k] = splitmix(&seed);
    a[k] = (uint32_t)(b[k] >> 32);
  }
  sc32 = a;
  sc64 = b;
}

const uint32_t *simR_sobol_scramble32(void) {
  pthread_mutex_lock(&lock);
  if (!sc32) build_scramble();
  const uint32_t *r = sc32;
  pthread_mutex_unlock(&lock);
  return r;
}

const uint64_t *simR_sobol_scramble64(void) {
  pthread_mutex_lock(&lock);
  if (!sc64) build_scramble();
  const uint64_t *r = sc64;
  pthread_mutex_unlock(&lock);
  return r;
}
