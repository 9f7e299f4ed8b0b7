/* Internal helpers shared by the interp files: growable arrays, a pointer map,
 * half-precision conversions. */
#ifndef SIMULEE_INTERP_UTIL_H
#define SIMULEE_INTERP_UTIL_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Grow *arr (element size sz) so that index n fits; returns 0 or -1. */
static inline int simI_grow(void **arr, uint32_t *cap, uint32_t n, size_t sz) {
  if (n < *cap) return 0;
  uint32_t nc = *cap ? *cap : 16;
  while (nc <= n) nc *= 2;
  void *p = realloc(*arr, (size_t)nc * sz);
  if (!p) return -1;
  memset((char *)p + (size_t)*cap * sz, 0, (size_t)(nc - *cap) * sz);
  *arr = p;
  *cap = nc;
  return 0;
}

/* Open-addressing map from a 64-bit key (pointer or bits) to uint32. */
typedef struct simI_map {
  uint64_t *keys;   /* 0 = empty slot; keys are stored +1 */
  uint32_t *vals;   /* values */
  uint32_t cap;     /* power of two */
  uint32_t n;       /* entries */
} simI_map;

static inline uint64_t simI_hash64(uint64_t k) {
  k ^= k >> 33; k *= 0xff51afd7ed558ccdull; k ^= k >> 33;
  k *= 0xc4ceb9fe1a85ec53ull; k ^= k >> 33;
  return k;
}

static inline int simI_map_get(const simI_map *m, uint64_t key, uint32_t *val) {
  if (!m->cap) return 0;
  uint64_t k = key + 1;
  for (uint32_t i = (uint32_t)simI_hash64(k) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
    if (m->keys[i] == 0) return 0;
    if (m->keys[i] == k) { *val = m->vals[i]; return 1; }
  }
}

static inline int simI_map_put(simI_map *m, uint64_t key, uint32_t val) {
  if ((m->n + 1) * 2 > m->cap) {
    uint32_t nc = m->cap ? m->cap * 2 : 64;
    uint64_t *nk = calloc(nc, sizeof *nk);
    uint32_t *nv = calloc(nc, sizeof *nv);
    if (!nk || !nv) { free(nk); free(nv); return -1; }
    for (uint32_t i = 0; i < m->cap; i++)
      if (m->keys[i]) {
        uint32_t j = (uint32_t)simI_hash64(m->keys[i]) & (nc - 1);
        while (nk[j]) j = (j + 1) & (nc - 1);
        nk[j] = m->keys[i];
        nv[j] = m->vals[i];
      }
    free(m->keys); free(m->vals);
    m->keys = nk; m->vals = nv; m->cap = nc;
  }
  uint64_t k = key + 1;
  uint32_t i = (uint32_t)simI_hash64(k) & (m->cap - 1);
  while (m->keys[i] && m->keys[i] != k) i = (i + 1) & (m->cap - 1);
  if (!m->keys[i]) m->n++;
  m->keys[i] = k;
  m->vals[i] = val;
  return 0;
}

static inline void simI_map_free(simI_map *m) {
  free(m->keys); free(m->vals);
  memset(m, 0, sizeof *m);
}

/* IEEE half <-> single, round to nearest even. */
static inline float simI_h2f(uint16_t h) {
  uint32_t s = (uint32_t)(h >> 15) << 31, e = (h >> 10) & 0x1f, f = h & 0x3ff, u;
  if (e == 0) {
    if (f == 0) u = s;
    else { /* subnormal */
      e = 127 - 15 + 1;
      while (!(f & 0x400)) { f <<= 1; e--; }
      f &= 0x3ff;
      u = s | (e << 23) | (f << 13);
    }
  } else if (e == 31) u = s | 0x7f800000u | (f << 13);
  else u = s | ((e + 127 - 15) << 23) | (f << 13);
  float r;
  memcpy(&r, &u, 4);
  return r;
}

static inline uint16_t simI_f2h(float x) {
  uint32_t u;
  memcpy(&u, &x, 4);
  uint32_t s = (u >> 16) & 0x8000, e = (u >> 23) & 0xff, f = u & 0x7fffff;
  if (e == 0xff) return (uint16_t)(s | 0x7c00 | (f ? 0x200 : 0));
  int ne = (int)e - 127 + 15;
  if (ne >= 31) return (uint16_t)(s | 0x7c00);
  if (ne <= 0) {
    if (ne < -10) return (uint16_t)s;
    f |= 0x800000;
    unsigned shift = (unsigned)(14 - ne);
    uint32_t hf = f >> shift, rem = f & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rem > half || (rem == half && (hf & 1))) hf++;
    return (uint16_t)(s | hf);
  }
  uint32_t hf = f >> 13, rem = f & 0x1fff;
  uint32_t r = s | ((uint32_t)ne << 10) | hf;
  if (rem > 0x1000 || (rem == 0x1000 && (hf & 1))) r++;
  return (uint16_t)r;
}

#endif
