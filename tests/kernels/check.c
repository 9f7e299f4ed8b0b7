/* simulee_kcheck: the host reference of the interpreter corpus
 * (the .cu files of tests/kernels/, run by tests/kernels/run.sh).
 *
 *   simulee_kcheck REF DUMPFILE SIMULEE-ARGS...
 *
 * SIMULEE-ARGS are the launch options the corpus header gave simulee
 * (--kernel, --grid, --block, --shared, --arg, --dump). The checker builds
 * the same buffers simulee built (the CLI's own parsers, cli/args.c), runs
 * the reference REF (a C function that does on the host what the kernel does
 * on the device) over them, and compares every buffer named by --dump with
 * the values simulee printed to DUMPFILE (one value per line; with several
 * dumps, each introduced by a '#' line). Integers must match exactly; floats
 * within the tolerance the reference sets (exact by default).
 * Exit status: 0 match, 1 mismatch, 2 usage or setup error.
 */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

#define MAXARGS 16
#define MAXDUMPS 8

/* One launch as the reference sees it. */
typedef struct kctx {
  simI_dim3 grid, block;        /* --grid, --block */
  uint64_t shared;              /* --shared bytes */
  unsigned nargs;               /* --arg count */
  simC_argval arg[MAXARGS];     /* parsed --arg values */
  void *buf[MAXARGS];           /* buffers (NULL for scalars) */
  unsigned ndumps;              /* --dump count */
  unsigned dump[MAXDUMPS];      /* --dump parameter indices */
  double rtol, atol;            /* float tolerance: |got-want| <= atol + rtol*|want| */
} kctx;

static void die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "simulee_kcheck: ");
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n");
  va_end(ap);
  exit(2);
}

/* ------------------------------------------------------------- accessors */

static void *bufof(kctx *c, unsigned k, simI_elem e) {
  if (k >= c->nargs || c->arg[k].kind != SIMC_ARG_BUFFER)
    die("parameter %u is not a buffer", k);
  if (c->arg[k].buf.elem != e)
    die("parameter %u is %s, the reference expects %s", k,
        simC_elem_name(c->arg[k].buf.elem), simC_elem_name(e));
  return c->buf[k];
}
static int32_t *I32(kctx *c, unsigned k) { return bufof(c, k, SIMI_ELEM_I32); }
static uint32_t *U32(kctx *c, unsigned k) { return bufof(c, k, SIMI_ELEM_U32); }
static uint8_t *U8(kctx *c, unsigned k) { return bufof(c, k, SIMI_ELEM_U8); }
static float *F32(kctx *c, unsigned k) { return bufof(c, k, SIMI_ELEM_F32); }
static double *F64(kctx *c, unsigned k) { return bufof(c, k, SIMI_ELEM_F64); }

/* Scalar parameter k as an integer / a float. */
static long long ival(kctx *c, unsigned k) {
  if (k >= c->nargs || c->arg[k].kind != SIMC_ARG_NUMBER || !c->arg[k].num.is_int)
    die("parameter %u is not an integer", k);
  return (long long)c->arg[k].num.u; /* two's complement bits when negative */
}
static double fval(kctx *c, unsigned k) {
  if (k >= c->nargs || c->arg[k].kind != SIMC_ARG_NUMBER)
    die("parameter %u is not a number", k);
  return c->arg[k].num.d;
}

static unsigned nthreads(const kctx *c) { return c->block.x * c->block.y * c->block.z; }
static unsigned nblocks(const kctx *c) { return c->grid.x * c->grid.y * c->grid.z; }

/* ------------------------------------------------------------ references
 * Each ref_NAME mirrors the kernel of the same run in tests/kernels/ (the
 * comment names the file); it updates c->buf in place as the launch would. */

/* reduce.cu: reduce_sum */
static void ref_reduce_sum(kctx *c) {
  int32_t *in = I32(c, 0), *out = I32(c, 1);
  long long n = ival(c, 2);
  unsigned B = c->block.x, G = c->grid.x;
  for (long long i = 0; i < n; i++) out[(i % ((long long)B * G)) / B] += in[i];
}

static float minmax_value(float x) {
  int k = (int)x;
  return (float)((k * 37) % 1001 - 500) * 0.25f;
}

/* reduce.cu: reduce_minmax */
static void ref_reduce_minmax(kctx *c) {
  float *in = F32(c, 0), *out = F32(c, 1);
  long long n = ival(c, 2);
  unsigned B = c->block.x;
  for (unsigned b = 0; b < c->grid.x; b++) {
    float hi = -INFINITY, lo = INFINITY;
    for (unsigned t = 0; t < B; t++) {
      long long i = (long long)b * B + t;
      float v = i < n ? minmax_value(in[i]) : 0.0f;
      if (i < n) {
        hi = fmaxf(hi, v);
        lo = fminf(lo, v);
      }
    }
    out[2 * b] = hi;
    out[2 * b + 1] = lo;
  }
}

/* scan.cu: scan_inclusive */
static void ref_scan_inclusive(kctx *c) {
  int32_t *in = I32(c, 0), *out = I32(c, 1);
  long long n = ival(c, 2);
  unsigned B = c->block.x;
  int32_t run = 0;
  for (long long i = 0; i < n; i++) {
    if (i % B == 0) run = 0;
    run += in[i];
    out[i] = run;
  }
}

/* scan.cu: scan_exclusive */
static void ref_scan_exclusive(kctx *c) {
  uint32_t *in = U32(c, 0), *out = U32(c, 1), *sums = U32(c, 2);
  unsigned n2 = 2 * c->block.x;
  for (unsigned b = 0; b < c->grid.x; b++) {
    uint32_t run = 0;
    for (unsigned j = 0; j < n2; j++) {
      out[b * n2 + j] = run;
      run += in[b * n2 + j] % 1000;
    }
    sums[b] = run;
  }
}

/* matmul.cu: matmul_tiled (fused multiply-adds and the tile order make
 * the device's rounding differ from this sequential float sum) */
static void ref_matmul(kctx *c) {
  float *A = F32(c, 0), *B = F32(c, 1), *C = F32(c, 2);
  long long M = ival(c, 3), N = ival(c, 4), K = ival(c, 5);
  for (long long r = 0; r < M; r++)
    for (long long q = 0; q < N; q++) {
      double acc = 0;
      for (long long k = 0; k < K; k++) acc += (double)A[r * K + k] * B[k * N + q];
      C[r * N + q] = (float)acc;
    }
  c->rtol = 1e-5;
  c->atol = 1e-5;
}

/* transpose.cu: transpose */
static void ref_transpose(kctx *c) {
  int32_t *in = I32(c, 0), *out = I32(c, 1);
  long long w = ival(c, 2), h = ival(c, 3);
  for (long long y = 0; y < h; y++)
    for (long long x = 0; x < w; x++) out[x * h + y] = in[y * w + x];
}

static uint32_t hash32(uint32_t v) { return v * 2654435761u; }

/* histogram.cu: histogram */
static void ref_histogram(kctx *c) {
  uint32_t *in = U32(c, 0), *bins = U32(c, 1);
  long long n = ival(c, 2);
  for (long long i = 0; i < n; i++) bins[hash32(in[i]) >> 26]++;
}

/* histogram.cu: atomics */
static void ref_atomics(kctx *c) {
  uint32_t *in = U32(c, 0), *acc = U32(c, 1), *lim = U32(c, 2);
  float *fsum = F32(c, 3);
  long long n = ival(c, 4);
  long long threads = (long long)nthreads(c) * nblocks(c);
  if (n > threads) n = threads;
  for (long long i = 0; i < n; i++) {
    uint32_t v = in[i], h = hash32(v);
    acc[0] += 1;
    if (h > acc[1]) acc[1] = h;
    if (~h > acc[2]) acc[2] = ~h;
    acc[3] |= 1u << (v % 29);
    acc[4] ^= h;
    acc[5] -= v;
    acc[6] = acc[6] >= 99u ? 0 : acc[6] + 1;
    acc[7] += v;
    if (h < lim[0]) lim[0] = h;
    lim[1] &= ~(1u << (v % 31));
    fsum[0] += 0.5f;
  }
}

/* warp.cu: shfl_reduce */
static void ref_shfl_reduce(kctx *c) {
  int32_t *in = I32(c, 0), *out = I32(c, 1);
  long long n = ival(c, 2);
  unsigned B = c->block.x;
  for (unsigned b = 0; b < c->grid.x; b++)
    for (unsigned t = 0; t < B; t++) {
      long long i = (long long)b * B + t;
      if (i < n) out[b] += in[i];
    }
}

/* warp.cu: shfl_ops */
static void ref_shfl_ops(kctx *c) {
  int32_t *in = I32(c, 0), *out = I32(c, 1);
  unsigned total = nthreads(c) * nblocks(c);
  for (unsigned w0 = 0; w0 < total; w0 += 32) {
    int v[32];
    for (unsigned l = 0; l < 32; l++) v[l] = (in[w0 + l] * 73) % 101;
    int scan = 0, mx = v[0];
    for (unsigned l = 0; l < 32; l++) mx = v[l] > mx ? v[l] : mx;
    for (unsigned l = 0; l < 32; l++) {
      int32_t *o = out + 5 * (w0 + l);
      scan += v[l];
      o[0] = scan;
      o[1] = mx;
      o[2] = v[7];
      o[3] = v[l ^ 3];
      o[4] = (l % 16) + 2 < 16 ? v[l + 2] : v[l];
    }
  }
}

/* warp.cu: shfl_float (the butterfly adds in another order) */
static void ref_shfl_float(kctx *c) {
  float *in = F32(c, 0), *out = F32(c, 1);
  unsigned total = nthreads(c) * nblocks(c);
  for (unsigned w0 = 0; w0 < total; w0 += 32) {
    double s = 0;
    for (unsigned l = 0; l < 32; l++) s += (double)(in[w0 + l] * in[w0 + l] * 0.125f);
    for (unsigned l = 0; l < 32; l++) out[w0 + l] = (float)s;
  }
  c->rtol = 1e-6;
}

/* vote.cu: vote */
static void ref_vote(kctx *c) {
  int32_t *in = I32(c, 0);
  uint32_t *out = U32(c, 1);
  unsigned B = c->block.x;
  for (unsigned b = 0; b < c->grid.x; b++) {
    unsigned cnt = 0, orr = 0, andd = 1;
    for (unsigned t = 0; t < B; t++) {
      int v = in[b * B + t];
      cnt += v % 3 == 0;
      orr |= v == 100;
      andd &= v < 150;
    }
    for (unsigned w0 = 0; w0 < B; w0 += 32) {
      unsigned ballot = 0, any = 0, all = 1, odd = 0;
      for (unsigned l = 0; l < 32 && w0 + l < B; l++) {
        int v = in[b * B + w0 + l];
        ballot |= (unsigned)(v % 3 == 0) << l;
        any |= v % 37 == 5;
        all &= (v / 32) % 2 == 0;
        if (l & 1) odd |= (unsigned)(v % 4 == 1) << l;
      }
      for (unsigned l = 0; l < 32 && w0 + l < B; l++) {
        uint32_t *o = out + 9 * (b * B + w0 + l);
        o[0] = ballot;
        o[1] = any;
        o[2] = all;
        o[3] = (l & 1) ? 0xaaaaaaaau : 0;
        o[4] = (l & 1) ? odd : 0;
        o[5] = cnt;
        o[6] = orr;
        o[7] = andd;
        o[8] = 2 * (uint32_t)in[b * B + (w0 + l + 4) % B] + 1;
      }
    }
  }
}

static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

/* bitonic.cu: bitonic_sort */
static void ref_bitonic(kctx *c) {
  uint32_t *in = U32(c, 0), *out = U32(c, 1);
  for (unsigned b = 0; b < c->grid.x; b++) {
    for (unsigned j = 0; j < 512; j++) out[b * 512 + j] = hash32(in[b * 512 + j]) >> 22;
    qsort(out + b * 512, 512, sizeof *out, cmp_u32);
  }
}

/* stencil.cu: stencil1d */
static void ref_stencil1d(kctx *c) {
  static const float wt[7] = {0.125f, -0.25f, 0.5f, 1.0f, 0.5f, -0.25f, 0.125f};
  float *in = F32(c, 0), *out = F32(c, 1);
  long long n = ival(c, 2);
  for (long long g = 0; g < n; g++) {
    double acc = 0;
    for (int k = -3; k <= 3; k++)
      if (g + k >= 0 && g + k < n) acc += (double)wt[k + 3] * in[g + k];
    out[g] = (float)acc;
  }
  c->rtol = 1e-6;
  c->atol = 1e-6;
}

static int field(const int32_t *in, long long x, long long y, long long w, long long h) {
  if (x < 0 || y < 0 || x >= w || y >= h) return 0;
  int v = in[y * w + x];
  return v * v % 1009;
}

/* stencil.cu: stencil2d */
static void ref_stencil2d(kctx *c) {
  int32_t *in = I32(c, 0), *out = I32(c, 1);
  long long w = ival(c, 2), h = ival(c, 3);
  for (long long y = 0; y < h; y++)
    for (long long x = 0; x < w; x++)
      out[y * w + x] = 4 * field(in, x, y, w, h) - field(in, x, y - 1, w, h) -
                       field(in, x, y + 1, w, h) - field(in, x - 1, y, w, h) -
                       field(in, x + 1, y, w, h);
}

static int fib(int n) {
  int a = 0, b = 1;
  for (int i = 0; i < n; i++) {
    int t = a + b;
    a = b;
    b = t;
  }
  return a;
}

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return x < y ? -1 : x > y;
}

/* recursion.cu: recursion */
static void ref_recursion(kctx *c) {
  uint32_t *tree = U32(c, 0);
  int32_t *out = I32(c, 1);
  long long n = ival(c, 2);
  unsigned total = nthreads(c) * nblocks(c);
  for (unsigned i = 0; i < total; i++) {
    int a[12], check = 0;
    for (int k = 0; k < 12; k++) a[k] = ((int)i * 7 + k * 13) % 31 - (k & 3);
    qsort(a, 12, sizeof *a, cmp_int);
    for (int k = 0; k < 12; k++) check += (k + 1) * a[k];
    /* the subtree of node i: its nodes lie in levels i, 2i+1..2i+2, ... */
    uint32_t sum = 0;
    for (long long lo = i, hi = i; lo < n; lo = 2 * lo + 1, hi = 2 * hi + 2)
      for (long long j = lo; j <= hi && j < n; j++) sum += tree[j];
    out[3 * i] = fib((int)(i % 15));
    out[3 * i + 1] = (int32_t)sum;
    out[3 * i + 2] = check;
  }
}

/* vector.cu: saxpy4 */
static void ref_saxpy4(kctx *c) {
  float a = (float)fval(c, 0), *x = F32(c, 1), *y = F32(c, 2);
  long long n4 = ival(c, 3);
  for (long long i = 0; i < 4 * n4; i++) y[i] = a * x[i] + y[i];
}

/* vector.cu: normalize4 */
static void ref_normalize4(kctx *c) {
  float *v = F32(c, 0), *len = F32(c, 1), *unit = F32(c, 2);
  unsigned total = nthreads(c) * nblocks(c);
  for (unsigned i = 0; i < total; i++) {
    const float *p = v + 4 * i;
    double l = sqrt((double)p[0] * p[0] + (double)p[1] * p[1] + (double)p[2] * p[2] +
                    (double)p[3] * p[3]);
    len[i] = (float)l;
    for (int k = 0; k < 4; k++) unit[4 * i + k] = (float)(p[3 - k] / l);
  }
  c->rtol = 2e-6;
}

/* vector.cu: bytes4 */
static void ref_bytes4(kctx *c) {
  uint8_t *in = U8(c, 0), *out = U8(c, 1);
  int32_t *pair = I32(c, 2);
  double *d = F64(c, 3);
  unsigned total = nthreads(c) * nblocks(c);
  for (unsigned i = 0; i < total; i++) {
    const uint8_t *p = in + 4 * i;
    out[4 * i] = p[1];
    out[4 * i + 1] = p[2];
    out[4 * i + 2] = p[3];
    out[4 * i + 3] = (uint8_t)(p[0] * 2);
    pair[2 * i] = p[0] + p[1] + p[2] + p[3];
    pair[2 * i + 1] = p[0] - p[3];
    d[2 * i] = p[0] / 4.0;
    d[2 * i + 1] = p[3] * 1.5;
  }
}

/* layout.cu: soa_step (buffers x, y, vx, vy) and aos_step (x, y, vx, vy
 * interleaved); contraction into fused multiply-adds allowed */
static void spring(float *x, float *y, float *vx, float *vy, float dt) {
  *vx -= *x * dt;
  *vy -= *y * dt;
  *x += *vx * dt;
  *y += *vy * dt;
}
static void ref_soa_step(kctx *c) {
  float *x = F32(c, 0), *y = F32(c, 1), *vx = F32(c, 2), *vy = F32(c, 3);
  float dt = (float)fval(c, 4);
  long long n = ival(c, 5);
  for (long long i = 0; i < n; i++) spring(x + i, y + i, vx + i, vy + i, dt);
  c->rtol = 1e-6;
  c->atol = 1e-6;
}
static void ref_aos_step(kctx *c) {
  float *p = F32(c, 0);
  float dt = (float)fval(c, 1);
  long long n = ival(c, 2);
  for (long long i = 0; i < n; i++) spring(p + 4 * i, p + 4 * i + 1, p + 4 * i + 2, p + 4 * i + 3, dt);
  c->rtol = 1e-6;
  c->atol = 1e-6;
}

/* layout.cu: aos_fields (same struct layout on the host: little-endian,
 * no padding) */
struct cell {
  int32_t count, sum;
  int16_t lo, hi;
  int8_t tag[4];
};
static void ref_aos_fields(kctx *c) {
  int32_t *raw = I32(c, 0);
  long long n = ival(c, 1);
  for (long long k = 0; k < n; k++) {
    struct cell e;
    memcpy(&e, raw + 4 * k, sizeof e);
    e.sum = e.sum * 3 + (int32_t)k;
    e.hi = (int16_t)(e.hi - 7 * k);
    e.tag[2] = (int8_t)(e.tag[2] + 1);
    e.tag[3] = (int8_t)(e.tag[3] ^ 0x5a);
    e.count = e.count + 100;
    e.lo = (int16_t)(e.lo * 2 + 1);
    e.tag[0] = (int8_t)(e.tag[0] - 3);
    e.tag[1] = (int8_t)k;
    memcpy(raw + 4 * k, &e, sizeof e);
  }
}

/* launch3d.cu: coords */
static void ref_coords(kctx *c) {
  uint32_t *out = U32(c, 0);
  simI_dim3 G = c->grid, B = c->block;
  uint32_t shape = G.x | G.y << 4 | G.z << 8 | B.x << 12 | B.y << 18 | B.z << 24;
  for (unsigned bz = 0; bz < G.z; bz++)
    for (unsigned by = 0; by < G.y; by++)
      for (unsigned bx = 0; bx < G.x; bx++)
        for (unsigned tz = 0; tz < B.z; tz++)
          for (unsigned ty = 0; ty < B.y; ty++)
            for (unsigned tx = 0; tx < B.x; tx++) {
              unsigned b = bx + G.x * (by + G.y * bz), t = tx + B.x * (ty + B.y * tz);
              unsigned g = b * nthreads(c) + t;
              out[2 * g] = bx | by << 4 | bz << 8 | tx << 12 | ty << 18 | tz << 24;
              out[2 * g + 1] = shape;
            }
}

/* launch3d.cu: box3d */
static void ref_box3d(kctx *c) {
  int32_t *in = I32(c, 0), *out = I32(c, 1);
  int nx = 4 * (int)c->grid.x, ny = 4 * (int)c->grid.y, nz = 4 * (int)c->grid.z;
  for (int z = 0; z < nz; z++)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++) {
        int acc = 0;
        for (int dz = -1; dz <= 1; dz++)
          for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
              int a = x + dx, b = y + dy, e = z + dz;
              /* inside the same 4x4x4 cube */
              if (a < 0 || b < 0 || e < 0 || a / 4 != x / 4 || b / 4 != y / 4 || e / 4 != z / 4)
                continue;
              acc += in[(e * ny + b) * nx + a];
            }
        out[(z * ny + y) * nx + x] = acc;
      }
}

/* dynshared.cu: reverse_dyn */
static void ref_reverse_dyn(kctx *c) {
  int32_t *in = I32(c, 0), *out = I32(c, 1);
  long long n = ival(c, 2);
  unsigned B = c->block.x;
  for (long long i = 0; i < n; i++) {
    long long base = i / B * B, j = base + (B - 1 - i % B);
    out[i] = j < n ? in[j] : -1;
  }
}

/* dynshared.cu: carve_dyn */
static void ref_carve_dyn(kctx *c) {
  float *in = F32(c, 0), *out = F32(c, 1);
  unsigned B = c->block.x;
  for (unsigned b = 0; b < c->grid.x; b++)
    for (unsigned t = 0; t < B; t++)
      out[b * B + t] = in[b * B + (t + 1) % B] * 0.5f * (float)((t + B - 1) % B + 1);
}

/* spinflag.cu: chain_suffix */
static void ref_chain_suffix(kctx *c) {
  int32_t *in = I32(c, 0), *total = I32(c, 1), *flag = I32(c, 2), *out = I32(c, 3);
  unsigned B = c->block.x, G = c->grid.x;
  int32_t after = 0;
  for (unsigned b = G; b-- > 0;) {
    int32_t s = 0;
    for (unsigned t = 0; t < B; t++) out[b * B + t] = in[b * B + t] + after;
    for (unsigned t = 0; t < B; t++) s += in[b * B + t];
    after += s;
    total[b] = after;
    flag[b] = 1;
  }
}

static float f16_to_f32(uint16_t h) {
  int e = (h >> 10) & 31, m = h & 1023;
  float v = e == 0 ? ldexpf((float)m, -24) : e == 31 ? (m ? NAN : INFINITY)
                                                     : ldexpf((float)(m | 1024), e - 25);
  return (h & 0x8000) ? -v : v;
}

static uint32_t brev32(uint32_t x) {
  uint32_t r = 0;
  for (int k = 0; k < 32; k++) r |= ((x >> k) & 1u) << (31 - k);
  return r;
}

static uint32_t byte_perm(uint32_t x, uint32_t y, uint32_t sel) {
  uint64_t in = (uint64_t)y << 32 | x;
  uint32_t r = 0;
  for (int n = 0; n < 4; n++) r |= (uint32_t)((in >> (8 * ((sel >> (4 * n)) & 7))) & 0xff) << (8 * n);
  return r;
}

/* ptxasm.cu: ptx_int (the PTX ISA definitions, written out bit by bit) */
static uint32_t ref_bfind(uint64_t x, unsigned w, int sgn, int shamt) {
  if (sgn && (x >> (w - 1)) & 1) x = ~x & (w == 64 ? ~0ull : 0xffffffffull);
  int pos = -1;
  for (int k = (int)w - 1; k >= 0; k--)
    if ((x >> k) & 1) { pos = k; break; }
  if (pos < 0) return 0xffffffffu;
  return shamt ? (uint32_t)((int)w - 1 - pos) : (uint32_t)pos;
}
static uint32_t ref_prmt(uint32_t a, uint32_t b, uint32_t c, const char *mode) {
  uint8_t by[8];
  for (int k = 0; k < 4; k++) { by[k] = (uint8_t)(a >> (8 * k)); by[k + 4] = (uint8_t)(b >> (8 * k)); }
  int pick[4];
  unsigned n = c & 3;
  for (int k = 0; k < 4; k++) {
    if (!strcmp(mode, "f4e")) pick[k] = (int)((n + (unsigned)k) & 7);
    else if (!strcmp(mode, "b4e")) pick[k] = (int)((n - (unsigned)k + 8) & 7);
    else if (!strcmp(mode, "rc8")) pick[k] = (int)n;
    else if (!strcmp(mode, "ecl")) pick[k] = (int)((unsigned)k > n ? (unsigned)k : n);
    else if (!strcmp(mode, "ecr")) pick[k] = (int)((unsigned)k < n ? (unsigned)k : n);
    else if (!strcmp(mode, "rc16")) pick[k] = (int)((n & 1) * 2 + (unsigned)(k & 1));
    else pick[k] = (int)((c >> (4 * k)) & 0xf);
  }
  uint32_t r = 0;
  for (int k = 0; k < 4; k++) {
    uint32_t v = by[pick[k] & 7];
    if (!*mode && (pick[k] & 8)) v = (v & 0x80) ? 0xff : 0;
    r |= v << (8 * k);
  }
  return r;
}
static void ref_ptx_int(kctx *c) {
  uint32_t *in = U32(c, 0), *out = U32(c, 1);
  unsigned total = nthreads(c) * nblocks(c);
  for (unsigned i = 0; i < total; i++) {
    uint32_t u = (i % 5 == 0) ? 0u : (in[i] * 2654435761u) >> (i & 15);
    int32_t s = (i % 7 == 3) ? -1 : (int32_t)(u ^ (i << 28));
    uint64_t w = (i % 6 == 1) ? 0 : ((uint64_t)u * 0x9E3779B97F4A7C15ull) >> (i & 63);
    int64_t sw = (i & 1) ? -(int64_t)w : (int64_t)w;
    uint32_t *o = out + 22 * i;
    o[0] = ref_bfind(u, 32, 0, 0);
    o[1] = ref_bfind((uint32_t)s, 32, 1, 0);
    o[2] = ref_bfind(u, 32, 0, 1);
    o[3] = ref_bfind(w, 64, 0, 0);
    o[4] = ref_bfind((uint64_t)sw, 64, 1, 0);
    o[5] = ref_bfind((uint64_t)sw, 64, 1, 1);
    o[6] = ref_prmt(u, ~u ^ i, (u >> 7) & 0xffff, "");
    static const char *const modes[6] = {"f4e", "b4e", "rc8", "ecl", "ecr", "rc16"};
    for (int m = 0; m < 6; m++) o[7 + m] = ref_prmt(u, ~u, i, modes[m]);
    uint32_t x = u * 3u + 1u, y = ~u >> 3;
    o[13] = u ^ x ^ y;
    o[14] = (u & x) | (u & y) | (x & y);
    uint64_t bw = 0;
    for (int k = 0; k < 64; k++) bw |= ((w >> k) & 1) << (63 - k);
    o[15] = brev32(u);
    o[16] = (uint32_t)bw;
    o[17] = (uint32_t)(bw >> 32);
    o[18] = (uint32_t)(w ? __builtin_clzll(w) : 64) | (uint32_t)__builtin_popcountll(w) << 8 |
            (uint32_t)(u ? __builtin_clz(u) : 32) << 16 | (uint32_t)__builtin_popcount(u) << 24;
  }
  /* the votes, per warp of 32 consecutive threads (blocks of whole warps) */
  for (unsigned w0 = 0; w0 < total; w0 += 32) {
    uint32_t ballot = 0, any = 0, all = 1;
    for (unsigned l = 0; l < 32; l++) {
      unsigned i = w0 + l;
      uint32_t u = (i % 5 == 0) ? 0u : (in[i] * 2654435761u) >> (i & 15);
      ballot |= (u & 1u) << l;
      any |= (u & 0x100u) != 0;
      all &= u != 0;
    }
    for (unsigned l = 0; l < 32; l++) {
      uint32_t *o = out + 22 * (w0 + l);
      o[19] = ballot;
      o[20] = any | all << 1 | 1u << 2;
      o[21] = 0xffffffffu;
    }
  }
}

/* devheap.cu: list_sum */
static void ref_list_sum(kctx *c) {
  int32_t *len = I32(c, 0), *out = I32(c, 1);
  unsigned total = nthreads(c) * nblocks(c);
  for (unsigned i = 0; i < total; i++) {
    int32_t s = 0, n = len[i] % 5 + 1;
    for (int32_t k = 0; k < n; k++) s += (int32_t)i * 10 + k;
    out[2 * i] = s;
    int32_t m = (int32_t)(i % 7) + 1, s2 = 0;
    for (int32_t k = 0; k < m; k++) s2 += k * (int32_t)i * (k + 1);
    out[2 * i + 1] = s2;
  }
}

/* devheap.cu: fill_heap (a 64 KiB heap holds 64 blocks of 1 KiB) */
static void ref_fill_heap(kctx *c) { U32(c, 0)[0] = 64; }

/* virtual.cu: shape_areas */
static void ref_shape_areas(kctx *c) {
  int32_t *in = I32(c, 0);
  float *out = F32(c, 1);
  unsigned total = nthreads(c) * nblocks(c);
  for (unsigned i = 0; i < total; i++) {
    float r = (float)in[i] * 0.5f, s = (float)in[i];
    out[i] = in[i] % 2 ? 3.0f * r * r : s * s;
  }
}

/* virtual.cu: apply */
static void ref_apply_ops(kctx *c) {
  int32_t *in = I32(c, 0), *out = I32(c, 1);
  unsigned total = nthreads(c) * nblocks(c);
  for (unsigned i = 0; i < total; i++) {
    int32_t a = in[i];
    out[i] = a % 3 == 0 ? a + 7 : a % 3 == 1 ? a * 7 : a - 7;
  }
}

/* ints.cu: int_ops */
static void ref_int_ops(kctx *c) {
  int32_t *in = I32(c, 0);
  int64_t *out = bufof(c, 1, SIMI_ELEM_I64);
  uint64_t *tot = bufof(c, 2, SIMI_ELEM_U64);
  unsigned total = nthreads(c) * nblocks(c);
  for (unsigned i = 0; i < total; i++) {
    uint32_t u = (uint32_t)in[i] * 2654435761u;
    int32_t s = (int32_t)u;
    int64_t w = (int64_t)s * 40503 - ((int64_t)u << 7);
    int64_t *o = out + 16 * i;
    o[0] = (int8_t)s + (int16_t)(u >> 3);
    o[1] = w / 977;
    o[2] = w % 977;
    o[3] = (int64_t)((uint64_t)w / 3u);
    o[4] = (int64_t)(u / 13u) - (int64_t)(u % 13u);
    o[5] = __builtin_popcount(u) | (u ? __builtin_clz(u) : 32) << 8 | __builtin_ffs(s) << 16 |
           __builtin_popcountll((uint64_t)w) << 24;
    o[6] = brev32(u);
    o[7] = (int32_t)(((int64_t)s * 123456789) >> 32);
    o[8] = (int64_t)(uint64_t)(((unsigned __int128)(uint64_t)w * 0x9E3779B97F4A7C15ull) >> 64);
    o[9] = byte_perm(u, ~u, 0x5140 + (i & 7));
    unsigned __int128 wide = (unsigned __int128)(uint64_t)w * (0xF00DCAFEull + u);
    o[10] = (int64_t)(wide >> 61);
    switch (u % 7) {
    case 0: o[11] = 11; break;
    case 1: o[11] = -(int64_t)s; break;
    case 2:
    case 3: o[11] = s >> 5; break;
    case 5: o[11] = (int64_t)(u >> 5); break;
    default: o[11] = llabs(w) % 1000; break;
    }
    uint64_t cat = (uint64_t)~u << 32 | u, cat2 = (uint64_t)(uint32_t)s << 32 | u;
    o[12] = (uint32_t)((cat << (i & 31)) >> 32) + (int64_t)(uint32_t)(cat2 >> ((37 - i) & 31));
    int32_t plo = (int32_t)(u & 31), pmid = (int32_t)((u >> 5) & 2047), phi = (int16_t)(s >> 16);
    o[13] = plo + 100 * pmid + 1000000LL * phi;
    int32_t mn = s < 5 ? s : 5, mx = (s >> 3) > -7 ? (s >> 3) : -7;
    o[14] = mn + mx + (int64_t)(u < 999u ? u : 999u) + abs(s >> 1);
    o[15] = (int64_t)(f16_to_f32(simC_f32_to_f16((float)(s >> 20) * 0.375f)) * 64.0f);
    tot[0] += u;
    if (w > (int64_t)tot[1]) tot[1] = (uint64_t)w;
    tot[2] ^= (uint64_t)w;
  }
}

/* mathfn.cu: math_f32 (host libm in double, rounded to float; CUDA's bounds
 * are a few ulp) */
static void ref_math_f32(kctx *c) {
  float *in = F32(c, 0), *out = F32(c, 1);
  unsigned total = nthreads(c) * nblocks(c);
  for (unsigned i = 0; i < total; i++) {
    float xf = (in[i] - 100.0f) * 0.037f, axf = fabsf(xf);
    double x = xf, ax = axf;
    float *o = out + 16 * i;
    o[0] = (float)sqrt(ax);
    o[1] = (float)exp(x);
    o[2] = (float)log((double)(axf + 0.5f));
    o[3] = (float)sin(x);
    o[4] = (float)cos(x);
    o[5] = (float)tanh(x);
    o[6] = (float)pow((double)(axf + 1.0f), 2.5);
    o[7] = (float)atan2(x, 1.5);
    o[8] = (float)erf(x);
    o[9] = floorf(xf * 3.0f) + 10.0f * ceilf(xf * 5.0f);
    o[10] = fmaf(xf, xf, -2.0f);
    o[11] = (float)(1.0 / sqrt((double)(axf + 1.0f)));
    o[12] = (float)cbrt(x);
    o[13] = (float)hypot(x, 2.0);
    o[14] = (float)fmod((double)(xf * 7.0f), (double)1.3f);
    o[15] = roundf(xf * 4.0f) + 100.0f * truncf(xf * 10.0f) + 10000.0f * rintf(xf * 2.5f);
  }
  c->rtol = 1e-6;
  c->atol = 1e-6;
}

/* mathfn.cu: math_f64 */
static void ref_math_f64(kctx *c) {
  double *in = F64(c, 0), *out = F64(c, 1);
  unsigned total = nthreads(c) * nblocks(c);
  for (unsigned i = 0; i < total; i++) {
    double x = (in[i] - 100.0) * 0.037, ax = fabs(x);
    double *o = out + 16 * i;
    o[0] = sqrt(ax);
    o[1] = exp(x);
    o[2] = log(ax + 0.5);
    o[3] = sin(x);
    o[4] = cos(x);
    o[5] = tanh(x);
    o[6] = pow(ax + 1.0, 2.5);
    o[7] = atan2(x, 1.5);
    o[8] = erf(x);
    o[9] = floor(x * 3.0) + 10.0 * ceil(x * 5.0);
    o[10] = fma(x, x, -2.0);
    o[11] = 1.0 / sqrt(ax + 1.0);
    o[12] = cbrt(x);
    o[13] = log1p(ax) + expm1(x * 0.5);
    o[14] = fmod(x * 7.0, 1.3);
    o[15] = ldexp(x, (int)(i % 9) - 4) + (double)ilogb(ax + 1.0);
  }
  c->rtol = 1e-14;
  c->atol = 1e-14;
}

/* mathfn.cu: math_fast (the intrinsics' documented errors: __expf 2 + a
 * few ulp, __sinf/__cosf 2^-21.41 absolute, __logf 2^-21.41 absolute) */
static void ref_math_fast(kctx *c) {
  float *in = F32(c, 0), *out = F32(c, 1);
  unsigned total = nthreads(c) * nblocks(c);
  for (unsigned i = 0; i < total; i++) {
    float xf = (in[i] - 100.0f) * 0.037f, axf = fabsf(xf);
    double x = xf;
    float *o = out + 8 * i;
    o[0] = (float)exp(x);
    o[1] = (float)log((double)(axf + 0.5f));
    o[2] = (float)sin(x);
    o[3] = (float)cos(x);
    o[4] = (float)(x / (double)1.7f);
    o[5] = (float)pow((double)(axf + 1.0f), 1.5);
    float q = xf * 0.25f;
    o[6] = q < 0.0f ? 0.0f : q > 1.0f ? 1.0f : q;
    o[7] = xf * 3.0f + (xf + 0.5f);
  }
  c->rtol = 2e-5;
  c->atol = 2e-5;
}

/* cpp.cu: mandel (every float operation rounded, as the kernel asks) */
static void ref_mandel(kctx *c) {
  int32_t *out = I32(c, 0);
  unsigned W = c->grid.x * c->block.x, H = c->grid.y * c->block.y;
  for (unsigned y = 0; y < H; y++)
    for (unsigned x = 0; x < W; x++) {
      volatile float cr = -2.0f + (float)x * 0.15625f, ci = -1.0f + (float)y * 0.25f;
      volatile float zr = 0.0f, zi = 0.0f;
      int k = 0;
      while (k < 40 && zr * zr + zi * zi <= 4.0f) {
        float a = zr * zr, b = zi * zi, e = zr * zi, f = zi * zr;
        float nr = a - b, ni = e + f;
        zr = nr + cr;
        zi = ni + ci;
        ++k;
      }
      out[y * W + x] = k;
    }
}

/* cpp.cu: window<int, 3> and window<double, 7> */
static void ref_window_int(kctx *c) {
  int32_t *in = I32(c, 0), *out = I32(c, 1);
  long long n = ival(c, 2);
  for (long long i = 0; i + 5 <= n; i++) {
    int32_t m = in[i], s = 0;
    for (int k = 0; k < 5; k++) {
      m = in[i + k] > m ? in[i + k] : m;
      s += in[i + k];
    }
    out[i] = m * 3 + s;
  }
}
static void ref_window_double(kctx *c) {
  double *in = F64(c, 0), *out = F64(c, 1);
  long long n = ival(c, 2);
  for (long long i = 0; i + 5 <= n; i++) {
    double m = in[i], s = 0;
    for (int k = 0; k < 5; k++) {
      m = in[i + k] > m ? in[i + k] : m;
      s += in[i + k];
    }
    out[i] = m * 7 + s;
  }
}

/* cpp.cu: cg_sum */
static void ref_cg_sum(kctx *c) {
  int32_t *in = I32(c, 0), *out = I32(c, 1);
  unsigned B = c->block.x;
  for (unsigned b = 0; b < c->grid.x; b++)
    for (unsigned t = 0; t < B; t++) out[b] += in[b * B + t];
}

/* diverge.cu: diverge */
static void ref_diverge(kctx *c) {
  uint32_t *in = U32(c, 0);
  int32_t *out = I32(c, 1);
  unsigned total = nthreads(c) * nblocks(c);
  for (unsigned w0 = 0; w0 < total; w0 += 32) {
    int steps[32];
    for (unsigned l = 0; l < 32; l++) {
      uint32_t v = in[w0 + l] + 1;
      int k = 0;
      while (v != 1 && k < 500) {
        v = (v & 1) ? 3 * v + 1 : v / 2;
        ++k;
      }
      steps[l] = k;
    }
    uint32_t even = 0;
    for (unsigned l = 0; l < 32; l++) even |= (uint32_t)((steps[l] & 1) == 0) << l;
    for (unsigned l = 0; l < 32; l++) {
      uint32_t v = in[w0 + l];
      int32_t *o = out + 6 * (w0 + l), acc = 0;
      if (v % 3 == 0) {
        acc = v % 2 == 0 ? 10 : 20;
      } else if (v % 3 == 1) {
        for (unsigned k = 0; k < v % 13 && k != 9; ++k)
          if (k % 2 == 0) acc += (int)k;
      } else {
        switch (v % 5) {
        case 0: acc = -1; break;
        case 1: acc = -2 - 3; break;
        case 2: acc = -3; break;
        default: acc = (int)(v % 7);
        }
      }
      uint32_t same = 0;
      for (unsigned j = 0; j < 32; j++) same |= (uint32_t)(steps[j] % 4 == steps[l] % 4) << j;
      o[0] = steps[l];
      o[1] = acc;
      o[2] = (int32_t)even;
      o[3] = steps[(l + 1) & 31];
      o[4] = (int32_t)same;
      if (steps[l] <= 20) o[5] = 7;
    }
  }
}

/* mixed_types.cu: minmax_mix */
static void ref_minmax_mix(kctx *c) {
  int32_t *a = I32(c, 0), *out = I32(c, 2);
  uint32_t *u = U32(c, 1);
  unsigned n = c->block.x * c->grid.x;
  for (unsigned i = 0; i < n; i++) {
    int32_t x = a[i], *o = out + 8 * i;
    uint32_t y = u[i];
    o[0] = x > 0 ? x : 0;
    o[1] = (int32_t)((uint32_t)x < y ? (uint32_t)x : y);
    o[2] = x > 3 ? x : 3;
    o[3] = (int32_t)((float)x < 2.5f ? (float)x : 2.5f);
    uint64_t xx = (uint64_t)(int64_t)x;
    o[4] = (int32_t)(xx > y ? xx : y);
    double h = x * 0.5;
    o[5] = (int32_t)((h > -3.25 ? h : -3.25) * 4.0);
    o[6] = (int32_t)(y > xx ? y : xx);
    uint32_t m7 = y > 7u ? y : 7u, l1000 = y < 1000u ? y : 1000u;
    o[7] = (int32_t)(m7 < l1000 ? m7 : l1000);
  }
}

/* float -> bfloat16 -> float, from the format's definition: the upper 16
 * bits of the binary32 encoding, rounded to nearest even or toward zero */
static float bf16_round(float f, int to_zero) {
  uint32_t u;
  memcpy(&u, &f, 4);
  if (!to_zero) u += 0x7fffu + ((u >> 16) & 1u);
  u &= 0xffff0000u;
  memcpy(&f, &u, 4);
  return f;
}

/* mixed_types.cu: half_ops (float math rounded once to half) */
static float h16(float x) { return f16_to_f32(simC_f32_to_f16(x)); }
static void ref_half_ops(kctx *c) {
  float *x = F32(c, 0), *out = F32(c, 1);
  unsigned n = c->block.x * c->grid.x;
  for (unsigned i = 0; i < n; i++) {
    float a = h16(x[i]), b = h16(x[i] * 0.25f), s = a + b;
    out[4 * i] = h16(s > 0.0f ? (s < 1.0f ? s : 1.0f) : 0.0f);
    out[4 * i + 1] = h16(1.0f / a);
    out[4 * i + 2] = a > 0.0f ? 1.0f : 0.0f;
    out[4 * i + 3] = h16(exp2f(b)) + (float)llrintf(a);
  }
}

/* mixed_types.cu: bf16_ops */
static void ref_bf16_ops(kctx *c) {
  float *x = F32(c, 0), *out = F32(c, 1);
  unsigned n = c->block.x * c->grid.x;
  for (unsigned i = 0; i < n; i++) {
    float b = bf16_round(x[i], 0), t = bf16_round(x[i] * 3.0f, 0);
    out[4 * i] = b;
    out[4 * i + 1] = bf16_round(b + t, 0);
    out[4 * i + 2] = bf16_round(b * t, 0);
    out[4 * i + 3] = bf16_round(x[i], 1);
  }
}

/* mixed_types.cu: dot_products, from the PTX definitions of dp4a / dp2a */
static void ref_dot_products(kctx *c) {
  int32_t *a = I32(c, 0), *b = I32(c, 1), *out = I32(c, 2);
  unsigned n = c->block.x * c->grid.x;
  for (unsigned i = 0; i < n; i++) {
    uint32_t x = (uint32_t)a[i], y = (uint32_t)b[i];
    int32_t s4 = (int32_t)i;
    uint32_t u4 = i;
    for (int k = 0; k < 4; k++) {
      s4 += (int8_t)(x >> (8 * k)) * (int8_t)(y >> (8 * k));
      u4 += ((x >> (8 * k)) & 0xff) * ((y >> (8 * k)) & 0xff);
    }
    int32_t h0 = (int16_t)x, h1 = (int16_t)(x >> 16);
    out[4 * i] = s4;
    out[4 * i + 1] = (int32_t)u4;
    out[4 * i + 2] = (int32_t)i + h0 * (int8_t)y + h1 * (int8_t)(y >> 8);
    out[4 * i + 3] = (int32_t)i + h0 * (int8_t)(y >> 16) + h1 * (int8_t)(y >> 24);
  }
}

/* curand_mrg.cu: mrg_stream. MRG32k3a stepped one draw at a time from the
 * recurrences of L'Ecuyer (1999); the seeding is simulee's (cuda/README.md) */
static uint32_t mrg_step(uint64_t s1[3], uint64_t s2[3]) {
  const uint64_t m1 = 4294967087ull, m2 = 4294944443ull;
  uint64_t x = (1403580ull * s1[1] % m1 + m1 - 810728ull * s1[0] % m1) % m1;
  uint64_t y = (527612ull * s2[2] % m2 + m2 - 1370589ull * s2[0] % m2) % m2;
  s1[0] = s1[1], s1[1] = s1[2], s1[2] = x;
  s2[0] = s2[1], s2[1] = s2[2], s2[2] = y;
  uint64_t z = (x + m1 - y) % m1;
  return (uint32_t)(z ? z : m1);
}
static void ref_mrg_stream(kctx *c) {
  uint32_t *out = U32(c, 0);
  double *u = F64(c, 1);
  uint64_t seed = (uint64_t)ival(c, 2);
  unsigned n = c->block.x * c->grid.x;
  for (unsigned t = 0; t < n; t++) {
    uint64_t x1 = (uint32_t)seed ^ 0x55555555u, x2 = (uint32_t)(seed >> 32) ^ 0xAAAAAAAAu;
    uint64_t s1[3], s2[3];
    for (int i = 0; i < 3; i++) {
      s1[i] = ((i == 1 ? x2 : x1) % 4294967087ull) * 12345ull % 4294967087ull;
      s2[i] = ((i == 1 ? x1 : x2) % 4294944443ull) * 12345ull % 4294944443ull;
    }
    for (unsigned k = 0; k < 5 * t; k++) mrg_step(s1, s2);
    for (int k = 0; k < 4; k++) out[4 * t + k] = mrg_step(s1, s2);
    u[t] = (double)mrg_step(s1, s2) / 4294967088.0;
  }
}

/* curand_streams.cu: xorwow_stream. The xorshift part of xorwow is linear
 * over GF(2): a 160 x 160 matrix, kept by columns (five words each). */
static void xw_step(uint32_t v[5]) {
  uint32_t t = v[0] ^ (v[0] >> 2);
  v[0] = v[1], v[1] = v[2], v[2] = v[3], v[3] = v[4];
  v[4] = (v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1));
}
static void xw_apply(uint32_t cols[160][5], uint32_t v[5]) {
  uint32_t r[5] = {0, 0, 0, 0, 0};
  for (int j = 0; j < 160; j++)
    if ((v[j / 32] >> (j % 32)) & 1)
      for (int w = 0; w < 5; w++) r[w] ^= cols[j][w];
  memcpy(v, r, sizeof r);
}
static uint32_t xw_jump[160][5]; /* 2^67 steps */
static void xw_make_jump(void) {
  static uint32_t sq[160][5];
  for (int j = 0; j < 160; j++) {
    memset(xw_jump[j], 0, sizeof xw_jump[j]);
    xw_jump[j][j / 32] = 1u << (j % 32);
    xw_step(xw_jump[j]);
  }
  for (int i = 0; i < 67; i++) { /* square: M^2 columns = M applied to M's columns */
    for (int j = 0; j < 160; j++) {
      memcpy(sq[j], xw_jump[j], sizeof sq[j]);
      xw_apply(xw_jump, sq[j]);
    }
    memcpy(xw_jump, sq, sizeof sq);
  }
}
static void ref_xorwow_stream(kctx *c) {
  uint32_t *out = U32(c, 0);
  uint64_t seed = (uint64_t)ival(c, 1);
  unsigned n = c->block.x * c->grid.x;
  xw_make_jump();
  for (unsigned t = 0; t < n; t++) {
    uint32_t s0 = (uint32_t)seed ^ 0xaad26b49u, s1 = (uint32_t)(seed >> 32) ^ 0xf7dcefddu;
    uint32_t t0 = 1099087573u * s0, t1 = 2591861531u * s1;
    uint32_t d = 6615241u + t1 + t0;
    uint32_t v[5] = {123456789u + t0, 362436069u ^ t0, 521288629u + t1, 88675123u ^ t1,
                     5783321u + t0};
    for (unsigned k = 0; k < t; k++) xw_apply(xw_jump, v);
    for (unsigned k = 0; k < t % 3 + 4; k++) {
      xw_step(v);
      d += 362437u;
      if (k >= t % 3) out[4 * t + k - t % 3] = v[4] + d;
    }
  }
}

/* curand_streams.cu: philox_stream */
static void philox_block(const uint32_t ctr[4], uint32_t k0, uint32_t k1, uint32_t out[4]) {
  uint32_t x[4] = {ctr[0], ctr[1], ctr[2], ctr[3]};
  for (int r = 0; r < 10; r++) {
    uint64_t p0 = (uint64_t)0xD2511F53u * x[0], p1 = (uint64_t)0xCD9E8D57u * x[2];
    uint32_t y[4] = {(uint32_t)(p1 >> 32) ^ x[1] ^ k0, (uint32_t)p1,
                     (uint32_t)(p0 >> 32) ^ x[3] ^ k1, (uint32_t)p0};
    memcpy(x, y, sizeof y);
    k0 += 0x9E3779B9u;
    k1 += 0xBB67AE85u;
  }
  memcpy(out, x, sizeof x);
}
static void ref_philox_stream(kctx *c) {
  uint32_t *out = U32(c, 0);
  uint64_t seed = (uint64_t)ival(c, 1);
  unsigned n = c->block.x * c->grid.x;
  for (unsigned t = 0; t < n; t++) {
    uint64_t draw = 5ull * t; /* index of the first draw in the subsequence */
    for (int k = 0; k < 6; k++, draw++) {
      uint64_t blk = draw / 4;
      uint32_t ctr[4] = {(uint32_t)blk, (uint32_t)(blk >> 32), t, 0}, o[4];
      philox_block(ctr, (uint32_t)seed, (uint32_t)(seed >> 32), o);
      out[6 * t + k] = o[draw % 4];
    }
  }
}

/* cg_memcpy.cu: cg_stage */
static void ref_cg_stage(kctx *c) {
  int32_t *in = I32(c, 0), *out = I32(c, 1), *mirror = I32(c, 2);
  unsigned B = c->block.x;
  for (unsigned b = 0; b < c->grid.x; b++)
    for (unsigned t = 0; t < B; t++) {
      out[b * B + t] = in[b * B + B - 1 - t];
      mirror[b * B + t] = in[b * B + t / 32 * 32 + 31 - t % 32];
    }
}

/* cccl.cu: cub_block_sum */
static void ref_cub_block_sum(kctx *c) {
  int32_t *in = I32(c, 0), *out = I32(c, 1);
  unsigned B = c->block.x;
  for (unsigned b = 0; b < c->grid.x; b++)
    for (unsigned t = 0; t < B; t++) out[b] += in[b * B + t];
}

/* cccl.cu: cub_block_scan (two items per thread, blocked) */
static void ref_cub_block_scan(kctx *c) {
  int32_t *in = I32(c, 0), *incl = I32(c, 1), *excl = I32(c, 2);
  unsigned n = 2 * c->block.x;
  for (unsigned b = 0; b < c->grid.x; b++) {
    int32_t run = 0;
    for (unsigned i = b * n; i < (b + 1) * n; i++) {
      excl[i] = run;
      run += in[i];
      incl[i] = run;
    }
  }
}

/* cccl.cu: cub_tile_sort (tiles of 4 keys per thread) */
static void ref_cub_tile_sort(kctx *c) {
  uint32_t *in = U32(c, 0), *out = U32(c, 1);
  unsigned n = 4 * c->block.x;
  memcpy(out, in, sizeof(uint32_t) * n * c->grid.x);
  for (unsigned b = 0; b < c->grid.x; b++) qsort(out + b * n, n, sizeof(uint32_t), cmp_u32);
}

/* cccl.cu: cub_warp */
static void ref_cub_warp(kctx *c) {
  int32_t *in = I32(c, 0), *out = I32(c, 1), *sums = I32(c, 2);
  unsigned n = c->block.x * c->grid.x;
  int32_t run = 0;
  for (unsigned i = 0; i < n; i++) {
    if (i % 32 == 0) run = 0;
    run += in[i];
    out[i] = run;
    if (i % 32 == 31) sums[i / 32] = run;
  }
}

/* cccl.cu: cccl_atomics */
static void ref_cccl_atomics(kctx *c) {
  int32_t *cnt = I32(c, 0), *total = I32(c, 1), *in = I32(c, 2);
  unsigned B = c->block.x, n = B * c->grid.x;
  for (unsigned g = 0; g < n; g++) {
    cnt[0] += 1;
    cnt[1] += (int32_t)(g % B);
    if ((int32_t)g > cnt[2]) cnt[2] = (int32_t)g;
    if (g % 2 == 0) cnt[3] += 1;
    total[0] += in[g];
  }
}

/* cccl.cu: cub_wide */
static void ref_cub_wide(kctx *c) {
  double *in = F64(c, 0), *out = F64(c, 1);
  uint64_t *sums = bufof(c, 2, SIMI_ELEM_U64);
  float *scan = F32(c, 3);
  unsigned B = c->block.x;
  for (unsigned b = 0; b < c->grid.x; b++) {
    float run = 0.0f;
    for (unsigned t = 0; t < B; t++) {
      unsigned i = b * B + t;
      out[b] += in[i];
      sums[i / 32] += (uint64_t)in[i] << 33;
      run += (float)in[i];
      scan[i] = run;
    }
  }
}

/* cccl.cu: cub_pair_sort (a stable sort of (key, index) per tile of 128) */
static const float *pair_keys;
static int cmp_key_index(const void *a, const void *b) {
  int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
  float kx = pair_keys[x], ky = pair_keys[y];
  return kx < ky ? -1 : kx > ky ? 1 : (x > y) - (x < y);
}
static void ref_cub_pair_sort(kctx *c) {
  float *keys = F32(c, 0), *kout = F32(c, 1);
  int32_t *vout = I32(c, 2);
  unsigned n = 2 * c->block.x;
  pair_keys = keys;
  for (unsigned b = 0; b < c->grid.x; b++) {
    for (unsigned i = 0; i < n; i++) vout[b * n + i] = (int32_t)(b * n + i);
    qsort(vout + b * n, n, sizeof(int32_t), cmp_key_index);
    for (unsigned i = 0; i < n; i++) kout[b * n + i] = keys[vout[b * n + i]];
  }
}

/* cccl.cu: thrust_saxpy (a = 2: the product is exact, fused or not) */
static void ref_thrust_saxpy(kctx *c) {
  float *x = F32(c, 0), *y = F32(c, 1);
  float a = (float)fval(c, 2);
  unsigned n = 4 * c->block.x * c->grid.x;
  for (unsigned i = 0; i < n; i++) y[i] = a * x[i] + y[i];
}

static const struct {
  const char *name;
  void (*fn)(kctx *);
} REFS[] = {
  {"reduce_sum", ref_reduce_sum},       {"reduce_sum_small", ref_reduce_sum},
  {"reduce_sum_rand", ref_reduce_sum},  {"scan_inclusive_rand", ref_scan_inclusive},
  {"matmul_rand", ref_matmul},          {"transpose_rand", ref_transpose},
  {"histogram_rand", ref_histogram},    {"bitonic_rand", ref_bitonic},
  {"stencil1d_rand", ref_stencil1d},
  {"reduce_minmax", ref_reduce_minmax}, {"scan_inclusive", ref_scan_inclusive},
  {"scan_exclusive", ref_scan_exclusive}, {"matmul_tiled", ref_matmul},
  {"matmul_iota", ref_matmul},          {"transpose", ref_transpose},
  {"histogram", ref_histogram},         {"atomics", ref_atomics},
  {"shfl_reduce", ref_shfl_reduce},     {"shfl_reduce_small", ref_shfl_reduce},
  {"shfl_ops", ref_shfl_ops},           {"shfl_float", ref_shfl_float},
  {"vote", ref_vote},                   {"bitonic_sort", ref_bitonic},
  {"stencil1d", ref_stencil1d},         {"stencil2d", ref_stencil2d},
  {"recursion", ref_recursion},         {"saxpy4", ref_saxpy4},
  {"normalize4", ref_normalize4},       {"bytes4", ref_bytes4},
  {"soa_step", ref_soa_step},           {"aos_step", ref_aos_step},
  {"aos_fields", ref_aos_fields},       {"coords3d", ref_coords},
  {"coords2d", ref_coords},             {"box3d", ref_box3d},
  {"reverse_dyn", ref_reverse_dyn},     {"carve_dyn", ref_carve_dyn},
  {"chain_suffix", ref_chain_suffix},   {"int_ops", ref_int_ops}, {"shape_areas", ref_shape_areas}, {"apply_ops", ref_apply_ops}, {"list_sum", ref_list_sum}, {"fill_heap", ref_fill_heap}, {"ptx_int", ref_ptx_int},
  {"math_f32", ref_math_f32},           {"math_f64", ref_math_f64},
  {"math_fast", ref_math_fast},         {"mandel", ref_mandel},
  {"window_int", ref_window_int},       {"window_double", ref_window_double},
  {"cg_sum", ref_cg_sum},               {"diverge", ref_diverge},
  {"diverge_rand", ref_diverge},
  {"cub_block_sum", ref_cub_block_sum}, {"cub_block_scan", ref_cub_block_scan},
  {"cub_tile_sort", ref_cub_tile_sort}, {"cub_warp", ref_cub_warp},
  {"cccl_atomics", ref_cccl_atomics},   {"thrust_saxpy", ref_thrust_saxpy},
  {"minmax_mix", ref_minmax_mix},       {"bf16_ops", ref_bf16_ops},
  {"dot_products", ref_dot_products},   {"mrg_stream", ref_mrg_stream},
  {"half_ops", ref_half_ops},           {"cub_wide", ref_cub_wide},
  {"cub_pair_sort", ref_cub_pair_sort}, {"xorwow_stream", ref_xorwow_stream},
  {"philox_stream", ref_philox_stream}, {"cg_stage", ref_cg_stage},
};

/* ------------------------------------------------------------ comparison */

/* Compare one dumped buffer (its lines, n of them) with the reference;
 * returns the number of mismatches (printing the first few). */
static unsigned compare(kctx *c, unsigned param, char **line, uint64_t n) {
  simI_elem e = c->arg[param].buf.elem;
  uint64_t want_n = c->arg[param].buf.count;
  unsigned bad = 0;
  if (n != want_n) {
    printf("param %u: %llu values dumped, the buffer has %llu\n", param,
           (unsigned long long)n, (unsigned long long)want_n);
    bad++;
  }
  for (uint64_t i = 0; i < n && i < want_n; i++) {
    char want[64];
    simC_format_elem(e, c->buf[param], i, want, sizeof want);
    int ok;
    if (e == SIMI_ELEM_F32 || e == SIMI_ELEM_F64) {
      char *end;
      double g = strtod(line[i], &end), w = strtod(want, NULL);
      if (end == line[i] || *end) ok = 0;
      else if (isnan(w)) ok = isnan(g);
      else ok = g == w || fabs(g - w) <= c->atol + c->rtol * fabs(w);
    } else {
      ok = !strcmp(line[i], want);
    }
    if (!ok && bad++ < 10)
      printf("param %u [%llu]: got %s, expected %s\n", param, (unsigned long long)i,
             line[i], want);
  }
  return bad;
}

/* Free what main allocated (the parsed --arg values, their buffers, the
 * dump's lines), so that LeakSanitizer reports only real leaks. */
static void release(kctx *c, char **lines, size_t nl) {
  for (unsigned k = 0; k < c->nargs; k++) {
    simI_mem_free(c->buf[k]);
    simC_argval_free(&c->arg[k]);
  }
  for (size_t i = 0; i < nl; i++) free(lines[i]);
  free(lines);
}

int main(int argc, char **argv) {
  if (argc < 3) die("usage: simulee_kcheck REF DUMPFILE SIMULEE-ARGS...");
  const char *ref = argv[1], *dumpfile = argv[2];
  kctx c;
  memset(&c, 0, sizeof c);
  c.grid = c.block = (simI_dim3){1, 1, 1};
  char err[256];
  for (int i = 3; i < argc; i++) {
    const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(o, "--kernel") || !strcmp(o, "--device-heap")) {
      i++;
    } else if (!strcmp(o, "--grid") || !strcmp(o, "--block")) {
      if (!v || simC_parse_dims(v, o[2] == 'g' ? &c.grid : &c.block, err, sizeof err) < 0)
        die("%s: %s", o, v ? err : "missing value");
      i++;
    } else if (!strcmp(o, "--shared")) {
      if (!v) die("--shared: missing value");
      c.shared = strtoull(v, NULL, 10);
      i++;
    } else if (!strcmp(o, "--arg")) {
      if (!v || c.nargs == MAXARGS) die("--arg: missing value or too many");
      if (simC_parse_argval(v, &c.arg[c.nargs], err, sizeof err) < 0) die("--arg %s: %s", v, err);
      if (c.arg[c.nargs].kind == SIMC_ARG_BUFFER &&
          !(c.buf[c.nargs] = simC_bufspec_make(&c.arg[c.nargs].buf)))
        die("out of memory");
      c.nargs++;
      i++;
    } else if (!strcmp(o, "--dump")) {
      if (!v || c.ndumps == MAXDUMPS) die("--dump: missing value or too many");
      c.dump[c.ndumps++] = (unsigned)strtoul(v, NULL, 10);
      i++;
    } else {
      die("unexpected argument '%s'", o);
    }
  }
  for (unsigned d = 0; d < c.ndumps; d++)
    if (c.dump[d] >= c.nargs || c.arg[c.dump[d]].kind != SIMC_ARG_BUFFER)
      die("--dump %u is not a buffer parameter", c.dump[d]);

  void (*fn)(kctx *) = NULL;
  for (size_t i = 0; i < sizeof REFS / sizeof REFS[0]; i++)
    if (!strcmp(REFS[i].name, ref)) fn = REFS[i].fn;
  if (!fn) die("no reference named '%s'", ref);
  fn(&c);

  /* the dump: sections of value lines, '#' lines between them */
  FILE *f = fopen(dumpfile, "r");
  if (!f) die("%s: cannot open", dumpfile);
  size_t cap = 1024, nl = 0;
  char **lines = malloc(cap * sizeof *lines);
  uint64_t start[MAXDUMPS + 1];
  unsigned nsec = 0;
  char buf[256];
  int headers = c.ndumps > 1;
  if (!headers) start[nsec++] = 0;
  while (lines && fgets(buf, sizeof buf, f)) {
    buf[strcspn(buf, "\n")] = 0;
    if (buf[0] == '#' && headers) {
      if (nsec == MAXDUMPS) die("too many dump sections");
      start[nsec++] = nl;
      continue;
    }
    if (nl == cap) {
      char **nv = realloc(lines, (cap *= 2) * sizeof *lines);
      if (!nv) die("out of memory");
      lines = nv;
    }
    if (!(lines[nl++] = strdup(buf))) die("out of memory");
  }
  fclose(f);
  if (!lines) die("out of memory");
  start[nsec] = nl;
  if (nsec != c.ndumps) {
    printf("%u dump sections in %s, %u expected\n", nsec, dumpfile, c.ndumps);
    release(&c, lines, nl);
    return 1;
  }
  unsigned bad = 0;
  for (unsigned d = 0; d < c.ndumps; d++)
    bad += compare(&c, c.dump[d], lines + start[d], start[d + 1] - start[d]);
  release(&c, lines, nl);
  if (bad) {
    printf("%s: %u mismatches\n", ref, bad);
    return 1;
  }
  printf("%s: %u buffer%s equal to the host reference\n", ref, c.ndumps, c.ndumps == 1 ? "" : "s");
  return 0;
}
