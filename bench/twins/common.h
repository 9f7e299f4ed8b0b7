/* bench/twins/common.h: the host code the CUDA and OpenCL twins share, so
 * both build the same inputs and print the same checksum line. Plain C,
 * included by NAME.cu (compiled as CUDA C++) and NAME_cl.c (C11). */
#ifndef TWINS_COMMON_H
#define TWINS_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* a fixed pseudo-random stream: the same values on every host */
static inline uint32_t twins_hash(uint32_t x) {
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  x ^= x >> 16;
  return x;
}

/* FNV-1a over raw bytes: equal checksums mean bit-identical results */
static inline uint64_t twins_fnv(const void *p, size_t n) {
  const unsigned char *b = (const unsigned char *)p;
  uint64_t h = 1469598103934665603ULL;
  for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 1099511628211ULL;
  return h;
}

static inline int twins_arg(int argc, char **argv, int i, int def) {
  return argc > i ? atoi(argv[i]) : def;
}

/* ---- jacobi: STEPS sweeps of a 5-point Jacobi relaxation on N x N ---- */

static inline void jacobi_init(float *u, float *f, int n) {
  for (int y = 0; y < n; y++)
    for (int x = 0; x < n; x++) {
      int i = y * n + x;
      u[i] = (y == 0) ? 100.0f : (x == 0 ? 50.0f : 0.0f);
      f[i] = (float)(twins_hash((uint32_t)i) % 8u) * 0.125f;
    }
}

/* the kernel's arithmetic, in the kernel's order (no a*b+c to contract) */
static inline float jacobi_point(const float *u, const float *f, int n, int x, int y) {
  int i = y * n + x;
  if (x == 0 || y == 0 || x == n - 1 || y == n - 1) return u[i];
  return 0.25f * (((u[i - 1] + u[i + 1]) + (u[i - n] + u[i + n])) + f[i]);
}

/* ---- matmul: C = A * B, N x N, small integer entries (exact in float) ---- */

static inline void matmul_init(float *A, float *B, int n) {
  for (int i = 0; i < n * n; i++) {
    A[i] = (float)(twins_hash((uint32_t)i) % 7u) - 3.0f;
    B[i] = (float)(twins_hash((uint32_t)i + 0x9e3779b9U) % 5u) - 2.0f;
  }
}

/* ---- hist: 256-bin histogram and sum of squares of N bytes ---- */

static inline void hist_init(unsigned char *d, int n) {
  for (int i = 0; i < n; i++) {
    uint32_t h = twins_hash((uint32_t)i);
    /* skewed, so a few bins take most of the atomics */
    d[i] = (unsigned char)((h & 3u) ? (h >> 8) % 16u : (h >> 8) & 255u);
  }
}

#endif
