/* Host reference of vector-texel and layered texture fetches
 * (tests/tex.cmake, tests/tex/run.sh), written from the CUDA Programming
 * Guide's "Texture Fetching" appendix and the read-mode rules of the
 * runtime API:
 *   vref TYPE C W H L ADDR FILTER NORM READ TEXELS XS YS LS
 * TYPE u8|i8|u16|i16|f32 (one channel), C channels (1, 2, 4), W x H texels
 * (H 1: one-dimensional) in L layers (0: not layered), ADDR
 * wrap|clamp|mirror|border, FILTER point|linear, NORM 0|1, READ elem|nfloat;
 * TEXELS the channel values, interleaved, row-major, layer after layer; XS,
 * YS, LS the coordinates and layers (comma-separated). Prints the C channels
 * of each fetch as floats, one per line, %.9g as simulee's --dump. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int nch, tw, th, nl, mode, lin, nrm, nfl, sgn, bits, isf;
static double *texel;

static int list(const char *s, double **out) {
  int n = 0;
  double *v = malloc((strlen(s) + 1) * sizeof *v);
  while (v && *s) {
    char *e;
    v[n] = strtod(s, &e);
    if (e == s) break;
    n++;
    s = *e == ',' ? e + 1 : e;
  }
  *out = v;
  return n;
}

/* one channel as the fetch reads it before filtering */
static float chan(double raw) {
  if (isf || !nfl) return (float)raw;
  double mx = sgn ? (bits == 8 ? 127.0 : 32767.0) : (bits == 8 ? 255.0 : 65535.0);
  float v = (float)raw / (float)mx;
  return v < -1.0f ? -1.0f : v;
}

/* the index along a dimension of n texels, -1 outside with border */
static int wrapi(int i, int n) {
  int m = mode;
  if (i >= 0 && i < n) return i;
  if (!nrm && (m == 0 || m == 2)) m = 1; /* wrap and mirror need normalized coordinates */
  if (m == 3) return -1;
  if (m == 0) return ((i % n) + n) % n;
  if (m == 2) {
    int p = ((i % (2 * n)) + 2 * n) % (2 * n);
    return p < n ? p : 2 * n - 1 - p;
  }
  return i < 0 ? 0 : n - 1;
}

static float at(int x, int y, int layer, int c) {
  int a = wrapi(x, tw), b = th > 1 ? wrapi(y, th) : 0;
  if (a < 0 || b < 0) return 0.0f;
  return chan(texel[(((long)layer * th + b) * tw + a) * nch + c]);
}

static float w9(float v, int *i) {
  float f = floorf(v);
  *i = (int)f;
  return rintf((v - f) * 256.0f) / 256.0f;
}

static float fetch(float x, float y, int layer, int c) {
  if (nrm) {
    x *= (float)tw;
    y *= (float)th;
  }
  if (!lin) return at((int)floorf(x), (int)floorf(y), layer, c);
  int i, j = 0;
  float a = w9(x - 0.5f, &i);
  if (th == 1) return (1.0f - a) * at(i, 0, layer, c) + a * at(i + 1, 0, layer, c);
  float b = w9(y - 0.5f, &j);
  return (1.0f - b) * ((1.0f - a) * at(i, j, layer, c) + a * at(i + 1, j, layer, c)) +
         b * ((1.0f - a) * at(i, j + 1, layer, c) + a * at(i + 1, j + 1, layer, c));
}

int main(int argc, char **argv) {
  static const char *const modes[] = {"wrap", "clamp", "mirror", "border"};
  if (argc != 14) {
    fprintf(stderr, "usage: vref TYPE C W H L ADDR FILTER NORM READ TEXELS XS YS LS\n");
    return 2;
  }
  isf = !strcmp(argv[1], "f32");
  sgn = argv[1][0] == 'i';
  bits = atoi(argv[1] + 1);
  nch = atoi(argv[2]), tw = atoi(argv[3]), th = atoi(argv[4]), nl = atoi(argv[5]);
  mode = -1;
  for (int k = 0; k < 4; k++)
    if (!strcmp(argv[6], modes[k])) mode = k;
  lin = !strcmp(argv[7], "linear");
  nrm = atoi(argv[8]);
  nfl = !strcmp(argv[9], "nfloat");
  double *xs, *ys, *ls;
  int layers = nl ? nl : 1;
  if (mode < 0 || list(argv[10], &texel) < tw * th * layers * nch) return 2;
  int n = list(argv[11], &xs);
  if (list(argv[12], &ys) != n || list(argv[13], &ls) != n) return 2;
  for (int k = 0; k < n; k++) {
    int layer = nl ? (int)ls[k] : 0;
    if (layer < 0) layer = 0;
    if (layer >= layers) layer = layers - 1;
    for (int c = 0; c < nch; c++) printf("%.9g\n", fetch((float)xs[k], (float)ys[k], layer, c));
  }
  return 0;
}
