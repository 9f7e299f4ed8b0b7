/* Host reference of texture fetching (tests/tex.cmake), written from the
 * CUDA Programming Guide's "Texture Fetching" appendix:
 *   ref blur W H FILE          writes W*H f32 texels to FILE, prints the 3x3
 *                              clamp-addressed box blur of tests/tex/blur.cu
 *   ref 1d ADDR FILTER NORM W TEXELS XS
 *   ref 2d ADDR FILTER NORM W H TEXELS XS YS
 *                              prints tex1D/tex2D<float> at each coordinate
 * ADDR wrap|clamp|mirror|border, FILTER point|linear, NORM 0|1; TEXELS, XS,
 * YS comma-separated numbers. One value per line, %.9g as simulee's --dump. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { WRAP, CLAMP, MIRROR, BORDER };
static int addr_mode, linear, norm;
static float *tex;
static int tw, th = 1;

static int parse_list(const char *s, float **out) {
  int n = 0, cap = 16;
  float *v = malloc(cap * sizeof *v);
  while (v && *s) {
    char *end;
    double d = strtod(s, &end);
    if (end == s) break;
    if (n == cap) v = realloc(v, (cap *= 2) * sizeof *v);
    if (!v) break;
    v[n++] = (float)d;
    s = *end == ',' ? end + 1 : end;
  }
  *out = v;
  return n;
}

/* texel index along one dimension of n, or -1 (border) */
static int index_of(int i, int n) {
  int m = addr_mode;
  if (!norm && (m == WRAP || m == MIRROR)) m = CLAMP; /* only with normalized coordinates */
  if (i >= 0 && i < n) return i;
  switch (m) {
  case BORDER: return -1;
  case WRAP: return ((i % n) + n) % n;
  case MIRROR: {
    int p = ((i % (2 * n)) + 2 * n) % (2 * n);
    return p < n ? p : 2 * n - 1 - p;
  }
  default: return i < 0 ? 0 : n - 1;
  }
}

static float T(int i, int j) {
  int a = index_of(i, tw), b = th > 1 || j ? index_of(j, th) : 0;
  return a < 0 || b < 0 ? 0.0f : tex[b * tw + a];
}

/* alpha in 9-bit fixed point, 8 fraction bits */
static float frac9(float xb, int *i) {
  float f = floorf(xb);
  *i = (int)f;
  return rintf((xb - f) * 256.0f) / 256.0f;
}

static float fetch(float x, float y, int dims) {
  if (norm) {
    x *= (float)tw;
    y *= (float)th;
  }
  if (!linear) return T((int)floorf(x), dims == 2 ? (int)floorf(y) : 0);
  int i, j = 0;
  float a = frac9(x - 0.5f, &i), b = 0.0f;
  if (dims == 1) return (1.0f - a) * T(i, 0) + a * T(i + 1, 0);
  b = frac9(y - 0.5f, &j);
  /* the sum in the order of the guide's formula, row j then row j+1 */
  return (1.0f - b) * ((1.0f - a) * T(i, j) + a * T(i + 1, j)) +
         b * ((1.0f - a) * T(i, j + 1) + a * T(i + 1, j + 1));
}

static int parse_mode(const char *a, const char *f, const char *n) {
  static const char *const names[] = {"wrap", "clamp", "mirror", "border"};
  addr_mode = -1;
  for (int k = 0; k < 4; k++)
    if (!strcmp(a, names[k])) addr_mode = k;
  linear = !strcmp(f, "linear");
  norm = atoi(n);
  return addr_mode < 0 ? -1 : 0;
}

int main(int argc, char **argv) {
  if (argc == 5 && !strcmp(argv[1], "blur")) {
    tw = atoi(argv[2]), th = atoi(argv[3]);
    addr_mode = CLAMP;
    tex = malloc((size_t)tw * th * sizeof *tex);
    FILE *f = fopen(argv[4], "wb");
    if (!tex || !f) return 1;
    for (int k = 0; k < tw * th; k++) tex[k] = (float)((k * 37 + 11) % 101) * 0.25f - 3.0f;
    fwrite(tex, sizeof *tex, (size_t)tw * th, f);
    fclose(f);
    for (int y = 0; y < th; y++)
      for (int x = 0; x < tw; x++) {
        float s = 0.0f;
        for (int dy = -1; dy <= 1; dy++)
          for (int dx = -1; dx <= 1; dx++) s += T(x + dx, y + dy);
        printf("%.9g\n", s / 9.0f);
      }
    return 0;
  }
  if (argc == 8 && !strcmp(argv[1], "1d")) {
    if (parse_mode(argv[2], argv[3], argv[4]) < 0) return 2;
    tw = atoi(argv[5]);
    float *xs;
    if (parse_list(argv[6], &tex) < tw) return 2;
    int n = parse_list(argv[7], &xs);
    for (int k = 0; k < n; k++) printf("%.9g\n", fetch(xs[k], 0.0f, 1));
    return 0;
  }
  if (argc == 10 && !strcmp(argv[1], "2d")) {
    if (parse_mode(argv[2], argv[3], argv[4]) < 0) return 2;
    tw = atoi(argv[5]), th = atoi(argv[6]);
    float *xs, *ys;
    if (parse_list(argv[7], &tex) < tw * th) return 2;
    int n = parse_list(argv[8], &xs);
    if (parse_list(argv[9], &ys) != n) return 2;
    for (int k = 0; k < n; k++) printf("%.9g\n", fetch(xs[k], ys[k], 2));
    return 0;
  }
  fprintf(stderr, "usage: ref blur W H FILE | 1d ADDR FILTER NORM W TEXELS XS | 2d ...\n");
  return 2;
}
