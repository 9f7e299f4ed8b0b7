/*
 * simulee runtime: the mixed-type matrix product of cuBLASLt and cuBLAS's
 * Ex gemms on the CPU (runtime/gemm.h): operands widened to double, the
 * product by OpenBLAS's dgemm, the epilogue and the rounding to D's type
 * element by element.
 */
#include <cblas.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/gemm.h"

/* IEEE binary16 from a float, rounded to nearest even */
static uint16_t half_of(float f) {
  uint32_t x;
  memcpy(&x, &f, sizeof x);
  uint32_t sign = (x >> 16) & 0x8000u, ax = x & 0x7fffffffu;
  if (ax >= 0x7f800000u) return (uint16_t)(sign | 0x7c00u | (ax > 0x7f800000u ? 0x200u : 0));
  if (ax >= 0x477ff000u) return (uint16_t)(sign | 0x7c00u); /* >= 65520: infinity */
  if (ax < 0x38800000u) { /* below 2^-14: a subnormal (or zero) */
    float a;
    memcpy(&a, &ax, sizeof a);
    return (uint16_t)(sign | (uint32_t)lrintf(a * 16777216.0f));
  }
  uint32_t h = (((ax >> 23) - 112u) << 10) | ((ax & 0x7fffffu) >> 13), rest = ax & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (h & 1u))) h++;
  return (uint16_t)(sign | h);
}

static float float_of_half(uint16_t h) {
  uint32_t e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
  float f;
  if (e == 31) {
    uint32_t x = ((uint32_t)(h & 0x8000u) << 16) | 0x7f800000u | (m << 13);
    memcpy(&f, &x, sizeof f);
    return f;
  }
  f = e ? ldexpf((float)(m | 0x400u), (int)e - 25) : ldexpf((float)m, -24);
  return h & 0x8000u ? -f : f;
}

/* bfloat16 from a float, rounded to nearest even */
static uint16_t bf16_of(float f) {
  uint32_t x;
  memcpy(&x, &f, sizeof x);
  if ((x & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((x >> 16) | 0x40u);
  x += 0x7fffu + ((x >> 16) & 1u);
  return (uint16_t)(x >> 16);
}

static float float_of_bf16(uint16_t b) {
  uint32_t x = (uint32_t)b << 16;
  float f;
  memcpy(&f, &x, sizeof f);
  return f;
}

unsigned simR_elem_size(int type) {
  switch (type) {
  case SIMR_R_32F: case SIMR_R_32I: return 4;
  case SIMR_R_64F: return 8;
  case SIMR_R_16F: case SIMR_R_16BF: return 2;
  case SIMR_R_8I: return 1;
  default: return 0;
  }
}

double simR_elem_get(const void *p, int type, int64_t i) {
  switch (type) {
  case SIMR_R_32F: return ((const float *)p)[i];
  case SIMR_R_64F: return ((const double *)p)[i];
  case SIMR_R_16F: return float_of_half(((const uint16_t *)p)[i]);
  case SIMR_R_16BF: return float_of_bf16(((const uint16_t *)p)[i]);
  case SIMR_R_8I: return ((const int8_t *)p)[i];
  case SIMR_R_32I: return ((const int32_t *)p)[i];
  default: return 0;
  }
}

/* v rounded to an integer in [lo, hi] */
static double saturate(double v, double lo, double hi) {
  v = nearbyint(v);
  return v != v ? 0 : v < lo ? lo : v > hi ? hi : v;
}

void simR_elem_set(void *p, int type, int64_t i, double v) {
  switch (type) {
  case SIMR_R_32F: ((float *)p)[i] = (float)v; break;
  case SIMR_R_64F: ((double *)p)[i] = v; break;
  case SIMR_R_16F: ((uint16_t *)p)[i] = half_of((float)v); break;
  case SIMR_R_16BF: ((uint16_t *)p)[i] = bf16_of((float)v); break;
  case SIMR_R_8I: ((int8_t *)p)[i] = (int8_t)saturate(v, -128, 127); break;
  case SIMR_R_32I: ((int32_t *)p)[i] = (int32_t)saturate(v, -2147483648.0, 2147483647.0); break;
  default: break;
  }
}

uint64_t simR_mat_span(int64_t rows, int64_t cols, int64_t ld, int row) {
  if (rows <= 0 || cols <= 0) return 0;
  return row ? (uint64_t)ld * (uint64_t)(rows - 1) + (uint64_t)cols
             : (uint64_t)ld * (uint64_t)(cols - 1) + (uint64_t)rows;
}

/* element (r, c) of matrix x */
static int64_t at(const simR_mat *x, int64_t r, int64_t c) {
  return x->row ? r * x->ld + c : r + c * x->ld;
}

/* GELU as cuBLASLt computes it (the tanh form) */
static double gelu(double x) {
  return 0.5 * x * (1.0 + tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)));
}

int simR_gemm_run(const simR_gemm *g) {
  int64_t m = g->m, n = g->n, k = g->k;
  if (m <= 0 || n <= 0) return 0;
  const uint64_t limit = (uint64_t)1 << 31; /* elements of one widened operand */
  if ((uint64_t)m * (uint64_t)(k > 0 ? k : 1) > limit ||
      (uint64_t)n * (uint64_t)(k > 0 ? k : 1) > limit || (uint64_t)m * (uint64_t)n > limit)
    return -1;
  double *A = malloc(sizeof(double) * (size_t)(m * (k > 0 ? k : 1)));
  double *B = malloc(sizeof(double) * (size_t)(n * (k > 0 ? k : 1)));
  double *acc = calloc((size_t)(m * n), sizeof(double));
  if (!A || !B || !acc) {
    free(A), free(B), free(acc);
    return -1;
  }
  for (int64_t l = 0; l < k; l++)
    for (int64_t i = 0; i < m; i++)
      A[i + l * m] = simR_elem_get(g->a.p, g->a.type, g->ta ? at(&g->a, l, i) : at(&g->a, i, l));
  for (int64_t j = 0; j < n; j++)
    for (int64_t l = 0; l < k; l++)
      B[l + j * k] = simR_elem_get(g->b.p, g->b.type, g->tb ? at(&g->b, j, l) : at(&g->b, l, j));
  if (k > 0 && g->alpha != 0)
    cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, (int)m, (int)n, (int)k, 1.0, A,
                (int)m, B, (int)k, 0.0, acc, (int)m);
  if (g->epilogue & SIMR_EPI_BGRADA)
    for (int64_t i = 0; i < m; i++) {
      double s = 0;
      for (int64_t l = 0; l < k; l++) s += A[i + l * m];
      simR_elem_set(g->bias, g->bias_type, i, s);
    }
  if (g->epilogue & SIMR_EPI_BGRADB)
    for (int64_t j = 0; j < n; j++) {
      double s = 0;
      for (int64_t l = 0; l < k; l++) s += B[l + j * k];
      simR_elem_set(g->bias, g->bias_type, j, s);
    }
  int half_sums = g->compute == SIMR_COMPUTE_16F || g->compute == SIMR_COMPUTE_16F_PEDANTIC;
  int read_c = g->c.p && g->beta != 0;
  unsigned e = g->epilogue;
  for (int64_t j = 0; j < n; j++)
    for (int64_t i = 0; i < m; i++) {
      double x = g->alpha * acc[i + j * m];
      if (read_c) x += g->beta * simR_elem_get(g->c.p, g->c.type, at(&g->c, i, j));
      if (half_sums) x = float_of_half(half_of((float)x));
      if (e & SIMR_EPI_BIAS) x += simR_elem_get(g->bias, g->bias_type, i);
      if ((e & SIMR_EPI_AUX) && (e & SIMR_EPI_GELU))
        simR_elem_set(g->aux.p, g->aux.type, at(&g->aux, i, j), x);
      if ((e & SIMR_EPI_AUX) && (e & SIMR_EPI_RELU)) {
        uint64_t bit = (uint64_t)at(&g->aux, i, j);
        uint8_t *mask = (uint8_t *)g->aux.p + bit / 8;
        *mask = (uint8_t)(x > 0 ? *mask | 1u << (bit % 8) : *mask & ~(1u << (bit % 8)));
      }
      if (e & SIMR_EPI_RELU) x = x > 0 ? x : 0;
      if (e & SIMR_EPI_GELU) x = gelu(x);
      simR_elem_set(g->d.p, g->d.type, at(&g->d, i, j), x);
    }
  free(A), free(B), free(acc);
  return 0;
}
