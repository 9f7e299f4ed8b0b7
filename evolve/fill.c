/*
 * simulee evolve: buffer contents (the --arg buffer forms): zero, a value,
 * iota, rand, and the structured forms real kernels' inputs follow: sorted,
 * prefix sums (CSR offsets), permutations, and the user's own elements
 * (list, @file).
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "evolve/evolve_int.h"

/* Element i of data as a double (integers exactly up to 2^53). */
static double get_elem(simI_elem e, const void *data, uint64_t i) {
  const unsigned char *p = data;
  switch (e) {
  case SIMI_ELEM_I8: { int8_t v; memcpy(&v, p + i, 1); return v; }
  case SIMI_ELEM_I16: { int16_t v; memcpy(&v, p + 2 * i, 2); return v; }
  case SIMI_ELEM_I32: { int32_t v; memcpy(&v, p + 4 * i, 4); return v; }
  case SIMI_ELEM_I64: { int64_t v; memcpy(&v, p + 8 * i, 8); return (double)v; }
  case SIMI_ELEM_U8: { uint8_t v; memcpy(&v, p + i, 1); return v; }
  case SIMI_ELEM_U16: { uint16_t v; memcpy(&v, p + 2 * i, 2); return v; }
  case SIMI_ELEM_U32: { uint32_t v; memcpy(&v, p + 4 * i, 4); return v; }
  case SIMI_ELEM_U64: { uint64_t v; memcpy(&v, p + 8 * i, 8); return (double)v; }
  case SIMI_ELEM_F32: { float v; memcpy(&v, p + 4 * i, 4); return v; }
  case SIMI_ELEM_F64: { double v; memcpy(&v, p + 8 * i, 8); return v; }
  default: return 0;
  }
}

/* Store x as element i (integers wrap at their width). */
static void put_elem(simI_elem e, void *data, uint64_t i, double x) {
  unsigned char *p = data;
  unsigned es = simI_elem_size(e);
  if (e == SIMI_ELEM_F32) {
    float f = (float)x;
    memcpy(p + 4 * i, &f, 4);
  } else if (e == SIMI_ELEM_F64) {
    memcpy(p + 8 * i, &x, 8);
  } else if (es) {
    uint64_t u = (uint64_t)(int64_t)x;
    memcpy(p + (size_t)es * i, &u, es); /* little-endian: the low es bytes */
  }
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int simE_fill_buffer(const simE_value *v, simI_elem e, void *data, uint64_t n) {
  unsigned es = simI_elem_size(e);
  if (!es) return 0;
  switch (v->fill) {
  case SIME_FILL_ZERO: memset(data, 0, (size_t)(n * es)); return 0;
  case SIME_FILL_VALUE:
    for (uint64_t k = 0; k < n; k++) memcpy((char *)data + k * es, &v->bits, es);
    return 0;
  case SIME_FILL_IOTA:
    for (uint64_t k = 0; k < n; k++) put_elem(e, data, k, (double)k);
    return 0;
  case SIME_FILL_RAND: simE_fill_rand(e, data, n, v->seed, v->lo, v->hi); return 0;
  case SIME_FILL_SORTED:
  case SIME_FILL_PREFIX: {
    /* the rand values, sorted, or their running sum from 0 */
    simE_fill_rand(e, data, n, v->seed, v->lo, v->hi);
    double *t = malloc((size_t)(n ? n : 1) * sizeof *t);
    if (!t) return -1;
    for (uint64_t k = 0; k < n; k++) t[k] = get_elem(e, data, k);
    if (v->fill == SIME_FILL_SORTED) {
      qsort(t, (size_t)n, sizeof *t, cmp_double);
      for (uint64_t k = 0; k < n; k++) put_elem(e, data, k, t[k]);
    } else {
      double sum = 0;
      for (uint64_t k = 0; k < n; k++) {
        put_elem(e, data, k, sum);
        sum += t[k];
      }
    }
    free(t);
    return 0;
  }
  case SIME_FILL_PERM: {
    /* 0..n-1 shuffled (Fisher-Yates, each swap a function of seed and i) */
    uint64_t *t = malloc((size_t)(n ? n : 1) * sizeof *t);
    if (!t) return -1;
    for (uint64_t k = 0; k < n; k++) t[k] = k;
    uint64_t s = mix64(v->seed);
    for (uint64_t k = n; k > 1; k--) {
      uint64_t j = mix64(s ^ mix64(k)) % k, x = t[k - 1];
      t[k - 1] = t[j];
      t[j] = x;
    }
    for (uint64_t k = 0; k < n; k++) put_elem(e, data, k, (double)t[k]);
    free(t);
    return 0;
  }
  case SIME_FILL_DATA: {
    uint64_t m = v->ndata < n ? v->ndata : n;
    if (m && v->data) memcpy(data, v->data, (size_t)(m * es));
    memset((char *)data + m * es, 0, (size_t)((n - m) * es));
    /* a searched variant of recorded contents (vary != 0): a few elements
     * (1..8, a function of the seed) take another element's value (a
     * duplicate key, index or bin) or, integers, move by one */
    if (!v->fixed && v->vary && m > 1 && es <= 8) {
      unsigned k = 1 + (unsigned)(mix64(v->vary) % 8);
      for (unsigned j = 0; j < k; j++) {
        uint64_t x = mix64(v->vary ^ mix64(j + 1));
        char *at = (char *)data + (x % m) * es;
        unsigned how = (unsigned)((x >> 40) % 3);
        if (how == 0 || elem_is_float(e)) {
          memcpy(at, (const char *)data + ((x >> 20) % m) * es, es);
        } else {
          uint64_t w = 0;
          memcpy(&w, at, es);
          w += how == 1 ? 1 : (uint64_t)-1;
          memcpy(at, &w, es);
        }
      }
    }
    return 0;
  }
  }
  return 0;
}
