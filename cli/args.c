/*
 * simulee cli: the command line grammar. Numbers, launch dimensions, buffer
 * specs, --arg values and the options themselves (getopt_long). Pure parsing:
 * nothing here loads or runs a kernel.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "simulee/evolve.h"

/* A value longer than this is shortened in messages (the reason first). */
#define SHOWN_VALUE 48

static int fail(char *err, size_t errlen, const char *fmt, ...) {
  if (err && errlen) {
    va_list ap;
    va_start(ap, fmt);
    /* "'%s'..." with a long value: the reason first, then the value's start
     * and its length, so that a cut line still says why */
    const char *v = NULL;
    if (!strncmp(fmt, "'%s'", 4)) {
      va_list aq;
      va_copy(aq, ap);
      v = va_arg(aq, const char *);
      if (v && strlen(v) > SHOWN_VALUE) {
        char why[1024];
        vsnprintf(why, sizeof why, fmt + 4, aq);
        const char *w = why;
        while (*w == ':' || *w == ' ') w++;
        snprintf(err, errlen, "%s (in '%.*s...', %zu bytes)", w, SHOWN_VALUE - 8, v, strlen(v));
      } else {
        v = NULL;
      }
      va_end(aq);
    }
    if (!v) vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
  }
  return -1;
}

/* ------------------------------------------------------------ numbers */

int simC_parse_number(const char *s, simC_number *n, char *err, size_t errlen) {
  memset(n, 0, sizeof *n);
  if (!s || !*s) return fail(err, errlen, "empty number");
  const char *p = s;
  int neg = 0;
  if (*p == '+' || *p == '-') neg = *p++ == '-';
  /* integers: decimal or 0x hex, all digits, no '.', no exponent */
  int hex = p[0] == '0' && (p[1] == 'x' || p[1] == 'X');
  const char *digits = hex ? p + 2 : p;
  size_t nd = 0;
  while (hex ? isxdigit((unsigned char)digits[nd]) : isdigit((unsigned char)digits[nd]))
    nd++;
  if (nd && !digits[nd]) {
    errno = 0;
    char *end;
    unsigned long long v = strtoull(digits, &end, hex ? 16 : 10);
    if (errno == ERANGE || *end)
      return fail(err, errlen, "'%s' is out of range (64 bits)", s);
    if (neg) {
      if (v > (unsigned long long)INT64_MAX + 1ull)
        return fail(err, errlen, "'%s' is out of range (64 bits)", s);
      n->u = (uint64_t)0 - (uint64_t)v;
      n->neg = v != 0;
      n->d = -(double)v;
    } else {
      n->u = v;
      n->d = (double)v;
    }
    n->is_int = 1;
    return 0;
  }
  /* floats: what strtod accepts, including inf and nan, all of it */
  if (!*p || isspace((unsigned char)*p))
    return fail(err, errlen, "'%s' is not a number", s);
  errno = 0;
  char *end;
  double d = strtod(s, &end);
  if (end == s || *end) return fail(err, errlen, "'%s' is not a number", s);
  if (errno == ERANGE && isinf(d))
    return fail(err, errlen, "'%s' is out of range", s);
  n->d = d;
  return 0;
}

int simC_number_to_int(const simC_number *n, unsigned bits, uint64_t *out,
                       char *err, size_t errlen) {
  if (bits < 1 || bits > 64) return fail(err, errlen, "bad integer width %u", bits);
  simC_number iv = *n;
  if (!n->is_int) {
    /* a float literal with an integral value (1e3, 2.0) is that integer */
    if (!isfinite(n->d) || floor(n->d) != n->d || fabs(n->d) >= 9223372036854775808.0)
      return fail(err, errlen, "%g is not an integer (expected an i%u)", n->d, bits);
    int64_t x = (int64_t)n->d;
    iv.is_int = 1;
    iv.neg = x < 0;
    iv.u = (uint64_t)x;
  }
  n = &iv;
  uint64_t mask = bits == 64 ? UINT64_MAX : (((uint64_t)1 << bits) - 1);
  if (n->neg) {
    /* -2^(bits-1) <= v */
    uint64_t mag = (uint64_t)0 - n->u;
    uint64_t lim = bits == 1 ? 1 : ((uint64_t)1 << (bits - 1));
    if (mag > lim)
      return fail(err, errlen, "%lld does not fit in %u bits", (long long)n->u, bits);
  } else if (n->u > mask) {
    return fail(err, errlen, "%llu does not fit in %u bits",
                (unsigned long long)n->u, bits);
  }
  *out = n->u & mask;
  return 0;
}

uint16_t simC_f32_to_f16(float f) {
  uint32_t x;
  memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000u;
  uint32_t exp = (x >> 23) & 0xFFu;
  uint32_t man = x & 0x7FFFFFu;
  if (exp == 0xFF) /* inf or nan (keep a quiet nan) */
    return (uint16_t)(sign | 0x7C00u | (man ? 0x200u | (man >> 13) : 0));
  int e = (int)exp - 127 + 15;
  if (e >= 31) return (uint16_t)(sign | 0x7C00u); /* overflow: inf */
  if (e <= 0) {
    /* subnormal half (or zero): shift the mantissa with its hidden bit */
    if (e < -10) return (uint16_t)sign;
    uint32_t m = man | 0x800000u;
    unsigned shift = (unsigned)(14 - e);
    uint32_t h = m >> shift;
    uint32_t rem = m & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rem > half || (rem == half && (h & 1))) h++;
    return (uint16_t)(sign | h);
  }
  uint32_t h = ((uint32_t)e << 10) | (man >> 13);
  uint32_t rem = man & 0x1FFFu;
  if (rem > 0x1000u || (rem == 0x1000u && (h & 1))) h++; /* may carry into inf */
  return (uint16_t)(sign | h);
}

int simC_number_to_float(const simC_number *n, unsigned bits, uint64_t *out,
                         char *err, size_t errlen) {
  double d = n->is_int ? (n->neg ? (double)(int64_t)n->u : (double)n->u) : n->d;
  switch (bits) {
  case 16: *out = simC_f32_to_f16((float)d); return 0;
  case 32: {
    float f = (float)d;
    uint32_t b;
    memcpy(&b, &f, 4);
    *out = b;
    return 0;
  }
  case 64: memcpy(out, &d, 8); return 0;
  default: return fail(err, errlen, "bad float width %u", bits);
  }
}

/* ------------------------------------------------------------ buffers */

static const struct {
  const char *name; /* as written */
  simI_elem elem;   /* its element type */
  unsigned size;    /* bytes */
} ELEMS[] = {
  {"i8", SIMI_ELEM_I8, 1},   {"i16", SIMI_ELEM_I16, 2}, {"i32", SIMI_ELEM_I32, 4},
  {"i64", SIMI_ELEM_I64, 8}, {"u8", SIMI_ELEM_U8, 1},   {"u16", SIMI_ELEM_U16, 2},
  {"u32", SIMI_ELEM_U32, 4}, {"u64", SIMI_ELEM_U64, 8}, {"f32", SIMI_ELEM_F32, 4},
  {"f64", SIMI_ELEM_F64, 8},
};
#define NELEMS (sizeof ELEMS / sizeof ELEMS[0])

simI_elem simC_elem_parse(const char *s, size_t len) {
  for (unsigned i = 0; i < NELEMS; i++)
    if (strlen(ELEMS[i].name) == len && !strncmp(ELEMS[i].name, s, len))
      return ELEMS[i].elem;
  return SIMI_ELEM_UNKNOWN;
}

const char *simC_elem_name(simI_elem e) {
  for (unsigned i = 0; i < NELEMS; i++)
    if (ELEMS[i].elem == e) return ELEMS[i].name;
  return "?";
}

unsigned simC_elem_size(simI_elem e) {
  for (unsigned i = 0; i < NELEMS; i++)
    if (ELEMS[i].elem == e) return ELEMS[i].size;
  return 0;
}

static int elem_is_float(simI_elem e) {
  return e == SIMI_ELEM_F32 || e == SIMI_ELEM_F64;
}

/* The bits of number n as an element of type e. */
static int number_to_elem(const simC_number *n, simI_elem e, uint64_t *bits,
                          char *err, size_t errlen) {
  if (elem_is_float(e))
    return simC_number_to_float(n, 8 * simC_elem_size(e), bits, err, errlen);
  return simC_number_to_int(n, 8 * simC_elem_size(e), bits, err, errlen);
}

/* list:V0,V1,... or @FILE into b->data (rest: the text after '='). */
static int parse_data(const char *s, const char *rest, simC_bufspec *b, char *err,
                      size_t errlen) {
  unsigned es = simC_elem_size(b->elem);
  b->fill = SIMC_FILL_DATA;
  if (rest[0] == '@') {
    const char *path = rest + 1;
    if (!*path) return fail(err, errlen, "'%s': missing file name after '@'", s);
    char ferr[512];
    if (simC_check_input_file(path, ferr, sizeof ferr) < 0)
      return fail(err, errlen, "'%s': %s", s, ferr);
    FILE *f = fopen(path, "rb");
    if (!f) return fail(err, errlen, "'%s': cannot open %s: %s", s, path, strerror(errno));
    b->data = malloc((size_t)(b->count * es) + 1);
    size_t got = b->data ? fread(b->data, 1, (size_t)(b->count * es), f) : 0;
    int rerr = ferror(f);
    fclose(f);
    if (!b->data) return fail(err, errlen, "out of memory");
    if (rerr || got < b->count * es) {
      simC_bufspec_free(b);
      return fail(err, errlen, "'%s': %s holds %llu bytes, %llu needed", s, path,
                  (unsigned long long)got, (unsigned long long)(b->count * es));
    }
    b->ndata = b->count;
    return 0;
  }
  const char *p = rest + 5;
  b->data = calloc((size_t)(b->count ? b->count : 1), es);
  if (!b->data) return fail(err, errlen, "out of memory");
  while (*p) {
    const char *q = p;
    while (*q && *q != ',' && *q != ';') q++;
    char tmp[128], e3[200];
    if ((size_t)(q - p) >= sizeof tmp || q == p) {
      simC_bufspec_free(b);
      return fail(err, errlen, "'%s': bad list value '%.*s'", s, (int)(q - p), p);
    }
    memcpy(tmp, p, (size_t)(q - p));
    tmp[q - p] = 0;
    if (b->ndata >= b->count) {
      simC_bufspec_free(b);
      return fail(err, errlen, "'%s': more than %llu values", s, (unsigned long long)b->count);
    }
    simC_number n;
    uint64_t bits;
    if (simC_parse_number(tmp, &n, e3, sizeof e3) < 0 ||
        number_to_elem(&n, b->elem, &bits, e3, sizeof e3) < 0) {
      simC_bufspec_free(b);
      return fail(err, errlen, "'%s': bad list value: %s", s, e3);
    }
    memcpy((char *)b->data + b->ndata * es, &bits, es); /* little-endian */
    b->ndata++;
    p = *q ? q + 1 : q;
  }
  return 0;
}

void simC_bufspec_free(simC_bufspec *b) {
  free(b->data);
  b->data = NULL;
  b->ndata = 0;
}

int simC_parse_bufspec(const char *s, simC_bufspec *b, char *err, size_t errlen) {
  memset(b, 0, sizeof *b);
  const char *lb = strchr(s, '[');
  if (!lb) return fail(err, errlen, "'%s' is not a buffer (TYPE[COUNT])", s);
  b->elem = simC_elem_parse(s, (size_t)(lb - s));
  if (b->elem == SIMI_ELEM_UNKNOWN)
    return fail(err, errlen,
                "'%.*s' is not a buffer type (i8 i16 i32 i64 u8 u16 u32 u64 f32 f64)",
                (int)(lb - s), s);
  const char *rb = strchr(lb, ']');
  if (!rb) return fail(err, errlen, "'%s': missing ']'", s);
  const char *p = lb + 1;
  if (p == rb) return fail(err, errlen, "'%s': missing element count", s);
  for (const char *q = p; q < rb; q++)
    if (!isdigit((unsigned char)*q))
      return fail(err, errlen, "'%s': the element count must be a decimal number", s);
  errno = 0;
  unsigned long long cnt = strtoull(p, NULL, 10);
  unsigned es = simC_elem_size(b->elem);
  if (errno == ERANGE || cnt > SIMC_MAX_BUFFER_BYTES / es)
    return fail(err, errlen, "'%s': buffer larger than %llu bytes", s,
                (unsigned long long)SIMC_MAX_BUFFER_BYTES);
  b->count = cnt;
  const char *rest = rb + 1;
  if (!*rest) return 0;
  if (*rest != '=') return fail(err, errlen, "'%s': unexpected '%s' after ']'", s, rest);
  rest++;
  if (!strcmp(rest, "iota")) {
    b->fill = SIMC_FILL_IOTA;
    return 0;
  }
  if (!strncmp(rest, "perm:", 5)) {
    char e3[200];
    simC_number sn;
    if (simC_parse_number(rest + 5, &sn, e3, sizeof e3) < 0 || !sn.is_int || sn.neg)
      return fail(err, errlen, "'%s': the perm seed must be a non-negative integer", s);
    b->fill = SIMC_FILL_PERM;
    b->seed = sn.u;
    return 0;
  }
  if (!strncmp(rest, "list:", 5) || rest[0] == '@') return parse_data(s, rest, b, err, errlen);
  const char *form = !strncmp(rest, "rand:", 5) ? "rand"
                     : !strncmp(rest, "sorted:", 7) ? "sorted"
                     : !strncmp(rest, "prefix:", 7) ? "prefix" : NULL;
  if (form) {
    /* rand:SEED:LO:HI (sorted:, prefix:) */
    char tmp[128], e3[200];
    const char *spec = rest + strlen(form) + 1;
    if (strlen(spec) >= sizeof tmp)
      return fail(err, errlen, "'%s': %s fill too long", s, form);
    strcpy(tmp, spec);
    char *c1 = strchr(tmp, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
    if (!c1 || !c2 || strchr(c2 + 1, ':'))
      return fail(err, errlen, "'%s': expected %s:SEED:LO:HI", s, form);
    *c1 = *c2 = 0;
    simC_number sn, ln, hn;
    if (simC_parse_number(tmp, &sn, e3, sizeof e3) < 0 || !sn.is_int || sn.neg)
      return fail(err, errlen, "'%s': the %s seed must be a non-negative integer", s, form);
    if (simC_parse_number(c1 + 1, &ln, e3, sizeof e3) < 0 ||
        simC_parse_number(c2 + 1, &hn, e3, sizeof e3) < 0 || !isfinite(ln.d) ||
        !isfinite(hn.d) || ln.d > hn.d)
      return fail(err, errlen, "'%s': %s needs finite numbers LO <= HI", s, form);
    b->fill = form[0] == 'r' ? SIMC_FILL_RAND : form[0] == 's' ? SIMC_FILL_SORTED
                                                               : SIMC_FILL_PREFIX;
    b->seed = sn.u;
    b->lo = ln.d;
    b->hi = hn.d;
    return 0;
  }
  simC_number n;
  char e2[200];
  if (simC_parse_number(rest, &n, e2, sizeof e2) < 0 ||
      number_to_elem(&n, b->elem, &b->fill_bits, e2, sizeof e2) < 0)
    return fail(err, errlen, "'%s': bad fill value: %s", s, e2);
  b->fill = SIMC_FILL_VALUE;
  return 0;
}

void *simC_bufspec_make(const simC_bufspec *b) {
  unsigned es = simC_elem_size(b->elem);
  if (!es || b->count > SIMC_MAX_BUFFER_BYTES / es) return NULL;
  size_t bytes = (size_t)(b->count * es);
  /* zeros and a constant: simI_mem_alloc's lazy forms */
  if (b->fill == SIMC_FILL_ZERO || b->fill == SIMC_FILL_VALUE)
    return simI_mem_alloc(bytes, b->fill == SIMC_FILL_VALUE ? &b->fill_bits : NULL,
                          es); /* little-endian: the element is the low bytes */
  unsigned char *d = simI_mem_alloc(bytes, NULL, 0);
  if (!d) return NULL;
  if (b->fill >= SIMC_FILL_SORTED) {
    simE_value v;
    memset(&v, 0, sizeof v);
    v.fill = b->fill == SIMC_FILL_SORTED ? SIME_FILL_SORTED
             : b->fill == SIMC_FILL_PREFIX ? SIME_FILL_PREFIX
             : b->fill == SIMC_FILL_PERM ? SIME_FILL_PERM : SIME_FILL_DATA;
    v.seed = b->seed;
    v.lo = b->lo;
    v.hi = b->hi;
    v.data = b->data;
    v.ndata = b->ndata;
    if (simE_fill_buffer(&v, b->elem, d, b->count) < 0) {
      simI_mem_free(d);
      return NULL;
    }
    return d;
  }
  if (b->fill == SIMC_FILL_RAND) {
    simE_fill_rand(b->elem, d, b->count, b->seed, b->lo, b->hi);
    return d;
  }
  for (uint64_t i = 0; i < b->count; i++) {
    uint64_t v = b->fill_bits;
    if (b->fill == SIMC_FILL_IOTA) {
      if (b->elem == SIMI_ELEM_F32) {
        float f = (float)i;
        uint32_t w;
        memcpy(&w, &f, 4);
        v = w;
      } else if (b->elem == SIMI_ELEM_F64) {
        double f = (double)i;
        memcpy(&v, &f, 8);
      } else {
        v = i; /* integers wrap at their width (little-endian low bytes) */
      }
    }
    memcpy(d + i * es, &v, es); /* little-endian host: the low es bytes */
  }
  return d;
}

void simC_format_elem(simI_elem e, const void *data, uint64_t i, char *buf,
                      size_t len) {
  const unsigned char *p = data;
  switch (e) {
  case SIMI_ELEM_I8: { int8_t v; memcpy(&v, p + i, 1); snprintf(buf, len, "%d", v); break; }
  case SIMI_ELEM_I16: { int16_t v; memcpy(&v, p + 2 * i, 2); snprintf(buf, len, "%d", v); break; }
  case SIMI_ELEM_I32: { int32_t v; memcpy(&v, p + 4 * i, 4); snprintf(buf, len, "%d", v); break; }
  case SIMI_ELEM_I64: { int64_t v; memcpy(&v, p + 8 * i, 8); snprintf(buf, len, "%lld", (long long)v); break; }
  case SIMI_ELEM_U8: { uint8_t v; memcpy(&v, p + i, 1); snprintf(buf, len, "%u", v); break; }
  case SIMI_ELEM_U16: { uint16_t v; memcpy(&v, p + 2 * i, 2); snprintf(buf, len, "%u", v); break; }
  case SIMI_ELEM_U32: { uint32_t v; memcpy(&v, p + 4 * i, 4); snprintf(buf, len, "%u", v); break; }
  case SIMI_ELEM_U64: { uint64_t v; memcpy(&v, p + 8 * i, 8); snprintf(buf, len, "%llu", (unsigned long long)v); break; }
  case SIMI_ELEM_F32: {
    float v;
    memcpy(&v, p + 4 * i, 4);
    /* a whole number below 1e9 prints as its digits under %.9g too (the
     * integer conversion is several times cheaper: a dump of many sums) */
    if (v > -1e9f && v < 1e9f && v == (float)(long long)v && (v != 0.0f || !signbit(v)))
      snprintf(buf, len, "%lld", (long long)v);
    else
      snprintf(buf, len, "%.9g", (double)v);
    break;
  }
  case SIMI_ELEM_F64: {
    double v;
    memcpy(&v, p + 8 * i, 8);
    if (v > -1e17 && v < 1e17 && v == (double)(long long)v && (v != 0.0 || !signbit(v)))
      snprintf(buf, len, "%lld", (long long)v); /* the digits %.17g prints */
    else
      snprintf(buf, len, "%.17g", v);
    break;
  }
  default: snprintf(buf, len, "?"); break;
  }
}

/* ------------------------------------------------------- --arg values */

int simC_arg_is_search(const char *s) { return s && !strcmp(s, "_"); }

void simC_argval_free(simC_argval *v) {
  if (v->kind == SIMC_ARG_BUFFER || v->kind == SIMC_ARG_TEXTURE) simC_bufspec_free(&v->buf);
  for (unsigned i = 0; i < v->nfields; i++) simC_argval_free(&v->fields[i]);
  free(v->fields);
  v->fields = NULL;
  v->nfields = 0;
}

static int parse_scalar(const char *s, size_t len, simC_argval *v, char *err,
                        size_t errlen) {
  /* a copy (a list:V0,V1,... can be long) */
  char *tmp = malloc(len + 1);
  if (!tmp) return fail(err, errlen, "out of memory");
  memcpy(tmp, s, len);
  tmp[len] = 0;
  /* trim blanks, so "{1, 2}" works */
  char *a = tmp, *z = tmp + len;
  while (*a && isspace((unsigned char)*a)) a++;
  while (z > a && isspace((unsigned char)z[-1])) *--z = 0;
  memset(v, 0, sizeof *v);
  int rc;
  if (!*a) {
    rc = fail(err, errlen, "value is empty");
  } else if (!strcmp(a, "null")) {
    v->kind = SIMC_ARG_NULL;
    rc = 0;
  } else if (strchr(a, '[')) {
    v->kind = SIMC_ARG_BUFFER;
    rc = simC_parse_bufspec(a, &v->buf, err, errlen);
  } else {
    v->kind = SIMC_ARG_NUMBER;
    rc = simC_parse_number(a, &v->num, err, errlen);
  }
  free(tmp);
  return rc;
}

/* Flatten the brace list s[0..len) (without the outer braces) into v. */
static int parse_fields(const char *s, size_t len, simC_argval *v, unsigned depth,
                        char *err, size_t errlen) {
  if (depth > 16) return fail(err, errlen, "braces nested too deep");
  size_t i = 0;
  int any = 0;
  while (i <= len) {
    /* one element: up to a ',' at depth 0 (brackets and braces nest) */
    size_t start = i;
    int br = 0, cu = 0;
    while (i < len && !(s[i] == ',' && br == 0 && cu == 0)) {
      if (s[i] == '[') br++;
      else if (s[i] == ']') br--;
      else if (s[i] == '{') cu++;
      else if (s[i] == '}') cu--;
      if (br < 0 || cu < 0) return fail(err, errlen, "unbalanced brackets");
      i++;
    }
    if (br || cu) return fail(err, errlen, "unbalanced brackets");
    size_t a = start, z = i;
    while (a < z && isspace((unsigned char)s[a])) a++;
    while (z > a && isspace((unsigned char)s[z - 1])) z--;
    if (a == z) {
      if (!any && i >= len) return 0; /* "{}" */
      return fail(err, errlen, "empty field");
    }
    any = 1;
    if (s[a] == '{') {
      if (s[z - 1] != '}') return fail(err, errlen, "unbalanced braces");
      if (parse_fields(s + a + 1, z - a - 2, v, depth + 1, err, errlen) < 0)
        return -1;
    } else {
      simC_argval f;
      if (parse_scalar(s + a, z - a, &f, err, errlen) < 0) return -1;
      simC_argval *nf = realloc(v->fields, (v->nfields + 1) * sizeof *nf);
      if (!nf) return fail(err, errlen, "out of memory");
      v->fields = nf;
      v->fields[v->nfields++] = f;
    }
    i++; /* skip the ',' (or step past the end) */
  }
  return 0;
}

int simC_is_texspec(const char *s) {
  static const char *const kinds[] = {"tex1d:", "tex2d:", "tex3d:", "surf1d:", "surf2d:",
                                      "tex1dlayered:", "tex2dlayered:"};
  for (unsigned i = 0; s && i < sizeof kinds / sizeof kinds[0]; i++)
    if (!strncmp(s, kinds[i], strlen(kinds[i]))) return 1;
  return 0;
}

#define TEX_MAX_TEXELS (1ull << 24)

int simC_parse_texspec(const char *s, simC_argval *v, char *err, size_t errlen) {
  memset(v, 0, sizeof *v);
  if (!simC_is_texspec(s))
    return fail(err, errlen, "'%s': not a texture (tex1d|tex2d|tex3d|tex1dlayered|tex2dlayered|"
                "surf1d|surf2d:TYPE:DIMS...)", s);
  uint32_t *t = v->tex;
  int surf = s[0] == 's';
  const char *p = s + (surf ? 4 : 3);
  unsigned dims = (unsigned)(p[0] - '0');
  int layered = !strncmp(p + 2, "layered", 7);
  p += layered ? 10 : 3; /* "Nd:" or "Ndlayered:" */
  t[SIME_TEX_MAGIC] = SIME_TEX_MAGIC_VALUE;
  t[SIME_TEX_DIMS] = dims;
  t[SIME_TEX_SURFACE] = (uint32_t)surf;
  t[SIME_TEX_LAYERED] = (uint32_t)layered;
  t[SIME_TEX_W] = t[SIME_TEX_H] = t[SIME_TEX_D] = 1;
  t[SIME_TEX_ADDR_X] = t[SIME_TEX_ADDR_Y] = t[SIME_TEX_ADDR_Z] = 1; /* clamp */
  /* TYPE: a channel type, and xN for N channels */
  size_t tl = strcspn(p, ":="), cl = tl;
  unsigned ch = 1;
  for (size_t k = 0; k < tl; k++)
    if (p[k] == 'x') {
      cl = k;
      ch = tl == k + 2 && (p[k + 1] == '1' || p[k + 1] == '2' || p[k + 1] == '4')
               ? (unsigned)(p[k + 1] - '0') : 0;
      break;
    }
  simI_elem e = simC_elem_parse(p, cl);
  if (e == SIMI_ELEM_UNKNOWN || e == SIMI_ELEM_I64 || e == SIMI_ELEM_U64 || e == SIMI_ELEM_F64 ||
      e == SIMI_ELEM_F16 || !ch)
    return fail(err, errlen, "'%s': the texel type is one of i8 u8 i16 u16 i32 u32 f32, "
                "with x2 or x4 for 2 or 4 channels (u8x4)", s);
  t[SIME_TEX_ESIZE] = simI_elem_size(e) * ch;
  t[SIME_TEX_CHANNELS] = ch;
  t[SIME_TEX_KIND] = e == SIMI_ELEM_F32 ? 2 : (e == SIMI_ELEM_I8 || e == SIMI_ELEM_I16 ||
                                               e == SIMI_ELEM_I32) ? 0 : 1;
  p += tl;
  if (*p != ':') return fail(err, errlen, "'%s': missing the size (:W, :WxH or :WxHxD)", s);
  p++;
  /* DIMS (a layered texture: then the layer count) */
  uint64_t total = 1;
  unsigned nd = dims + (layered ? 1u : 0u);
  for (unsigned d = 0; d < nd; d++) {
    if (!isdigit((unsigned char)*p))
      return fail(err, errlen, "'%s': the size has %u dimension%s (W%s)", s, nd,
                  nd == 1 ? "" : "s", nd == 1 ? "" : layered ? (dims == 1 ? "xLAYERS" : "xHxLAYERS")
                  : nd == 2 ? "xH" : "xHxD");
    errno = 0;
    char *end;
    unsigned long long x = strtoull(p, &end, 10);
    if (errno == ERANGE || x == 0 || x > TEX_MAX_TEXELS)
      return fail(err, errlen, "'%s': a size must be 1..%llu", s, TEX_MAX_TEXELS);
    t[SIME_TEX_W + (layered && d == dims ? 2 : d)] = (uint32_t)x;
    total *= x;
    if (total > TEX_MAX_TEXELS)
      return fail(err, errlen, "'%s': more than %llu texels", s, TEX_MAX_TEXELS);
    p = end;
    if (d + 1 < nd && *p++ != 'x')
      return fail(err, errlen, "'%s': the size has %u dimensions (W%s)", s, nd,
                  layered ? (dims == 1 ? "xLAYERS" : "xHxLAYERS") : nd == 2 ? "xH" : "xHxD");
  }
  /* OPTIONs */
  static const char *const addr[] = {"wrap", "clamp", "mirror", "border"};
  while (*p == ':') {
    p++;
    size_t ol = strcspn(p, ":=");
    int ok = 0;
    if (surf) {
      ok = ol == 4 && !strncmp(p, "zero", 4);
      if (ok) t[SIME_TEX_SURFACE] = 2;
    } else if (ol == 5 && !strncmp(p, "point", 5)) {
      t[SIME_TEX_FILTER] = 0, ok = 1;
    } else if (ol == 6 && !strncmp(p, "linear", 6)) {
      t[SIME_TEX_FILTER] = 1, ok = 1;
    } else if (ol == 4 && !strncmp(p, "norm", 4)) {
      t[SIME_TEX_NORM] = 1, ok = 1;
    } else if (ol == 6 && !strncmp(p, "nfloat", 6)) {
      if (t[SIME_TEX_KIND] == 2 || t[SIME_TEX_ESIZE] / ch == 4)
        return fail(err, errlen, "'%s': nfloat reads 8- and 16-bit integer texels only", s);
      t[SIME_TEX_READ] = 1, ok = 1;
    } else {
      /* address modes: one for all, or one per dimension */
      unsigned got[3] = {0, 0, 0}, n = 0;
      const char *q = p, *qe = p + ol;
      ok = 1;
      while (ok && q < qe) {
        size_t w = strcspn(q, ",:=");
        if (q + w > qe) w = (size_t)(qe - q);
        unsigned m = 0;
        while (m < 4 && !(strlen(addr[m]) == w && !strncmp(q, addr[m], w))) m++;
        if (m == 4 || n == 3) ok = 0;
        else got[n++] = m;
        q += w;
        if (q < qe && *q == ',') q++;
      }
      if (ok && n != 1 && n != dims) ok = 0;
      for (unsigned d = 0; ok && d < 3; d++) t[SIME_TEX_ADDR_X + d] = got[n == 1 ? 0 : d < n ? d : 0];
    }
    if (!ok)
      return fail(err, errlen, "'%s': unknown option '%.*s' (%s)", s, (int)ol, p,
                  surf ? "a surface takes only zero: out of range reads 0 and drops the write"
                       : "wrap|clamp|mirror|border, one or one per dimension; point|linear; norm; nfloat");
    p += ol;
  }
  if (t[SIME_TEX_FILTER] && t[SIME_TEX_KIND] != 2 && !t[SIME_TEX_READ])
    return fail(err, errlen, "'%s': linear filtering needs f32 texels or nfloat", s);
  if (*p && *p != '=') return fail(err, errlen, "'%s': unexpected '%s'", s, p);
  /* FILL, as a buffer of the texels */
  size_t bl = strlen(p) + 48;
  char *bs = malloc(bl);
  if (!bs) return fail(err, errlen, "out of memory");
  snprintf(bs, bl, "%s[%llu]%s", simI_elem_name(e), (unsigned long long)total * ch, p);
  char e2[300];
  int rc = simC_parse_bufspec(bs, &v->buf, e2, sizeof e2);
  free(bs);
  if (rc < 0) return fail(err, errlen, "'%s': %s", s, e2);
  v->kind = SIMC_ARG_TEXTURE;
  return 0;
}

int simC_is_tmapspec(const char *s) { return s && !strncmp(s, "tmap:", 5); }

/* Append a number field of value x to struct v. */
static int tmap_field(simC_argval *v, unsigned long long x, char *err, size_t errlen) {
  char num[32];
  snprintf(num, sizeof num, "%llu", x);
  simC_argval f;
  if (parse_scalar(num, strlen(num), &f, err, errlen) < 0) return -1;
  v->fields[v->nfields++] = f;
  return 0;
}

/* The extents W[xH...] at *p (at most 5; each 1..max): their count, or 0 */
static unsigned tmap_extents(const char **p, unsigned long long max, uint32_t *out) {
  unsigned n = 0;
  for (;;) {
    if (!isdigit((unsigned char)**p) || n == 5) return 0;
    errno = 0;
    char *end;
    unsigned long long x = strtoull(*p, &end, 10);
    if (errno == ERANGE || x == 0 || x > max) return 0;
    out[n++] = (uint32_t)x;
    *p = end;
    if (**p != 'x') return n;
    (*p)++;
  }
}

int simC_parse_tmapspec(const char *s, simC_argval *v, char *err, size_t errlen) {
  memset(v, 0, sizeof *v);
  if (!simC_is_tmapspec(s)) return fail(err, errlen, "'%s': not a tensor map (tmap:TYPE:DIMS:BOX)", s);
  const char *p = s + 5;
  size_t tl = strcspn(p, ":=");
  simI_elem e = simC_elem_parse(p, tl);
  /* CUtensorMapDataType of each buffer element type (-1: none) */
  static const int dtype[] = {
      [SIMI_ELEM_U8] = 0, [SIMI_ELEM_U16] = 1, [SIMI_ELEM_U32] = 2, [SIMI_ELEM_I32] = 3,
      [SIMI_ELEM_U64] = 4, [SIMI_ELEM_I64] = 5, [SIMI_ELEM_F32] = 7,
      [SIMI_ELEM_F64] = 8, [SIMI_ELEM_I8] = -1, [SIMI_ELEM_F16] = -1, [SIMI_ELEM_I16] = -1,
      [SIMI_ELEM_UNKNOWN] = -1};
  if ((unsigned)e >= sizeof dtype / sizeof dtype[0] || dtype[e] < 0)
    return fail(err, errlen, "'%s': the element type is one of u8 u16 u32 i32 u64 i64 f32 f64", s);
  unsigned es = simI_elem_size(e);
  p += tl;
  uint32_t dim[5] = {1, 1, 1, 1, 1}, box[5] = {1, 1, 1, 1, 1};
  unsigned rank = 0, nb = 0;
  if (*p++ != ':' || !(rank = tmap_extents(&p, UINT32_MAX, dim)))
    return fail(err, errlen, "'%s': missing the tensor's extents (:W[xH[xD[xE[xF]]]], each at least 1)", s);
  if (*p++ != ':' || !(nb = tmap_extents(&p, 256, box)) || nb != rank)
    return fail(err, errlen, "'%s': missing the box (:%s, %u extent%s of 1..256)", s,
                rank == 1 ? "W" : rank == 2 ? "WxH" : "WxHx...", rank, rank == 1 ? "" : "s");
  if (*p && *p != '=') return fail(err, errlen, "'%s': unexpected '%s'", s, p);
  if (box[0] * es % 16)
    return fail(err, errlen, "'%s': the box's rows are %u bytes, not a multiple of 16", s, box[0] * es);
  if (rank > 1 && (uint64_t)dim[0] * es % 16)
    return fail(err, errlen, "'%s': the tensor's rows are %llu bytes, not a multiple of 16", s,
                (unsigned long long)dim[0] * es);
  uint64_t total = 1, stride[4] = {0, 0, 0, 0};
  for (unsigned i = 0; i < rank; i++) {
    if (i) stride[i - 1] = total * es;
    total *= dim[i];
    if (total * es > SIMC_MAX_BUFFER_BYTES)
      return fail(err, errlen, "'%s': the tensor is larger than %llu bytes", s,
                  (unsigned long long)SIMC_MAX_BUFFER_BYTES);
  }
  /* the fields of CUtensorMap in order (cuda/simulee_tensormap.h) */
  v->kind = SIMC_ARG_STRUCT;
  if (!(v->fields = calloc(27, sizeof *v->fields))) return fail(err, errlen, "out of memory");
  int rc = tmap_field(v, 0x50414d54u, err, errlen) || tmap_field(v, (unsigned)dtype[e], err, errlen) ||
           tmap_field(v, rank, err, errlen) || tmap_field(v, es, err, errlen);
  if (!rc) {
    size_t bl = strlen(p) + 48;
    char *bs = malloc(bl), e2[300];
    if (!bs) rc = fail(err, errlen, "out of memory");
    else {
      snprintf(bs, bl, "%s[%llu]%s", simI_elem_name(e), (unsigned long long)total, p);
      simC_argval *f = &v->fields[v->nfields];
      f->kind = SIMC_ARG_BUFFER;
      if (simC_parse_bufspec(bs, &f->buf, e2, sizeof e2) < 0) rc = fail(err, errlen, "'%s': %s", s, e2);
      else v->nfields++;
      free(bs);
    }
  }
  for (unsigned i = 0; i < 5 && !rc; i++) rc = tmap_field(v, i < rank ? dim[i] : 1, err, errlen);
  if (!rc) rc = tmap_field(v, 0, err, errlen); /* swizzle */
  for (unsigned i = 0; i < 4 && !rc; i++) rc = tmap_field(v, stride[i], err, errlen);
  for (unsigned i = 0; i < 5 && !rc; i++) rc = tmap_field(v, box[i], err, errlen);
  for (unsigned i = 0; i < 5 && !rc; i++) rc = tmap_field(v, 1, err, errlen); /* element strides */
  if (!rc) rc = tmap_field(v, 0, err, errlen); /* interleave */
  if (!rc) rc = tmap_field(v, 0, err, errlen); /* out-of-bound fill: zeros */
  if (rc) {
    simC_argval_free(v);
    return -1;
  }
  return 0;
}

int simC_parse_argval(const char *s, simC_argval *v, char *err, size_t errlen) {
  memset(v, 0, sizeof *v);
  if (!s) return fail(err, errlen, "value is empty");
  if (simC_is_texspec(s)) return simC_parse_texspec(s, v, err, errlen);
  if (simC_is_tmapspec(s)) return simC_parse_tmapspec(s, v, err, errlen);
  size_t len = strlen(s);
  size_t a = 0, z = len;
  while (a < z && isspace((unsigned char)s[a])) a++;
  while (z > a && isspace((unsigned char)s[z - 1])) z--;
  if (a < z && s[a] == '{') {
    if (s[z - 1] != '}') return fail(err, errlen, "'%s': missing '}'", s);
    v->kind = SIMC_ARG_STRUCT;
    char e2[200];
    if (parse_fields(s + a + 1, z - a - 2, v, 0, e2, sizeof e2) < 0) {
      simC_argval_free(v);
      return fail(err, errlen, "'%s': %s", s, e2);
    }
    return 0;
  }
  if (parse_scalar(s + a, z - a, v, err, errlen) < 0) return -1;
  return 0;
}

/* ---------------------------------------------------------- launches */

int simC_parse_dims(const char *s, simI_dim3 *d, char *err, size_t errlen) {
  unsigned v[3] = {1, 1, 1};
  const char *p = s;
  for (unsigned i = 0; i < 3; i++) {
    if (!isdigit((unsigned char)*p))
      return fail(err, errlen, "'%s' is not X[,Y[,Z]] of positive integers", s);
    errno = 0;
    char *end;
    unsigned long long x = strtoull(p, &end, 10);
    if (errno == ERANGE || x > UINT32_MAX)
      return fail(err, errlen, "'%s': dimension too large", s);
    if (x == 0) return fail(err, errlen, "'%s': a dimension must be at least 1", s);
    v[i] = (unsigned)x;
    p = end;
    if (!*p) break;
    if (*p != ',' || i == 2)
      return fail(err, errlen, "'%s' is not X[,Y[,Z]] of positive integers", s);
    p++;
  }
  d->x = v[0];
  d->y = v[1];
  d->z = v[2];
  return 0;
}

int simC_check_launch(simI_dim3 g, simI_dim3 b, char *err, size_t errlen) {
  if (b.x > SIMC_MAX_BLOCK_XY || b.y > SIMC_MAX_BLOCK_XY || b.z > SIMC_MAX_BLOCK_Z)
    return fail(err, errlen,
                "--block %u,%u,%u: CUDA allows at most 1024 x 1024 x 64 threads per block",
                b.x, b.y, b.z);
  uint64_t bt = (uint64_t)b.x * b.y * b.z;
  if (bt > SIMC_MAX_BLOCK_THREADS)
    return fail(err, errlen, "--block %u,%u,%u: %llu threads, a block has at most %u",
                b.x, b.y, b.z, (unsigned long long)bt, SIMC_MAX_BLOCK_THREADS);
  if (g.x > SIMC_MAX_GRID_X || g.y > SIMC_MAX_GRID_YZ || g.z > SIMC_MAX_GRID_YZ)
    return fail(err, errlen,
                "--grid %u,%u,%u: CUDA allows at most 2147483647 x 65535 x 65535 blocks",
                g.x, g.y, g.z);
  uint64_t gt = (uint64_t)g.x * g.y * g.z;
  /* gt <= 2^31 * 2^32 and bt <= 2^10: compare without overflow */
  if (gt > SIMI_MAX_THREADS_TOTAL || gt * bt > SIMI_MAX_THREADS_TOTAL)
    return fail(err, errlen, "launch of %llu x %llu threads: simulee runs at most %u threads",
                (unsigned long long)gt, (unsigned long long)bt,
                (unsigned)SIMI_MAX_THREADS_TOTAL);
  return 0;
}

/* ----------------------------------------------------------- options */

enum {
  OPT_KERNEL = 256, OPT_GRID, OPT_BLOCK, OPT_SHARED, OPT_ARG, OPT_DUMP, OPT_STATS,
  OPT_MAX_STEPS, OPT_WARP_SIZE, OPT_ITS, OPT_NO_DETECT, OPT_FORMAT, OPT_QUIET, OPT_NO_COLOR,
  OPT_VERSION, OPT_ARCH, OPT_STD, OPT_INCLUDE, OPT_TIME_LIMIT, OPT_POPULATION, OPT_GENERATIONS,
  OPT_SEED, OPT_NO_HOST_LAUNCH, OPT_MEM_LIMIT, OPT_DEVICE_HEAP, OPT_CLUSTER, OPT_NO_CONFIRM,
  OPT_NO_INITCHECK, OPT_WARP_MODEL, OPT_SAME_VALUE, OPT_FAIL_ON, OPT_TEXREF, OPT_CLANG_ARG,
  OPT_FROM, OPT_LAUNCHES
};

static const struct option LONGOPTS[] = {
  {"kernel", required_argument, NULL, OPT_KERNEL},
  {"grid", required_argument, NULL, OPT_GRID},
  {"block", required_argument, NULL, OPT_BLOCK},
  {"shared", required_argument, NULL, OPT_SHARED},
  {"arg", required_argument, NULL, OPT_ARG},
  {"texref", required_argument, NULL, OPT_TEXREF},
  {"dump", required_argument, NULL, OPT_DUMP},
  {"stats", no_argument, NULL, OPT_STATS},
  {"max-steps", required_argument, NULL, OPT_MAX_STEPS},
  {"warp-size", required_argument, NULL, OPT_WARP_SIZE},
  {"its", no_argument, NULL, OPT_ITS},
  {"warp-model", required_argument, NULL, OPT_WARP_MODEL},
  {"same-value-races", required_argument, NULL, OPT_SAME_VALUE},
  {"fail-on", required_argument, NULL, OPT_FAIL_ON},
  {"verbose", no_argument, NULL, 'v'},
  {"no-detect", no_argument, NULL, OPT_NO_DETECT},
  {"no-confirm", no_argument, NULL, OPT_NO_CONFIRM},
  {"no-initcheck", no_argument, NULL, OPT_NO_INITCHECK},
  {"format", required_argument, NULL, OPT_FORMAT},
  {"output", required_argument, NULL, 'o'},
  {"quiet", no_argument, NULL, OPT_QUIET},
  {"no-color", no_argument, NULL, OPT_NO_COLOR},
  {"help", no_argument, NULL, 'h'},
  {"version", no_argument, NULL, OPT_VERSION},
  {"std", required_argument, NULL, OPT_STD},
  {"arch", required_argument, NULL, OPT_ARCH},
  {"include", required_argument, NULL, OPT_INCLUDE},
  {"clang-arg", required_argument, NULL, OPT_CLANG_ARG},
  {"jobs", required_argument, NULL, 'j'},
  {"time-limit", required_argument, NULL, OPT_TIME_LIMIT},
  {"population", required_argument, NULL, OPT_POPULATION},
  {"generations", required_argument, NULL, OPT_GENERATIONS},
  {"seed", required_argument, NULL, OPT_SEED},
  {"no-host-launch", no_argument, NULL, OPT_NO_HOST_LAUNCH},
  {"mem-limit", required_argument, NULL, OPT_MEM_LIMIT},
  {"device-heap", required_argument, NULL, OPT_DEVICE_HEAP},
  {"cluster", required_argument, NULL, OPT_CLUSTER},
  {"from", required_argument, NULL, OPT_FROM},
  {"launches", required_argument, NULL, OPT_LAUNCHES},
  {NULL, 0, NULL, 0},
};

const char *simC_usage(void) {
  return
"usage: simulee FILE [options]\n"
"       simulee scan PATH [options]    every kernel of a project (simulee scan --help)\n"
"       simulee merge REPORT.json...   join shard reports (simulee merge --help)\n"
"       simulee run FILE.cu... [-- ARGS]  build and run a whole program on simulee's\n"
"                                      CUDA runtime, checking every launch (simulee run --help)\n"
"       simulee nvcc [nvcc options] FILE...  nvcc-compatible driver for build systems\n"
"                                      (simulee nvcc --help; the toolkit's bin/nvcc)\n"
"\n"
"Runs the CUDA kernels of FILE (.cu, .bc or .ll) on the CPU, one simulated\n"
"thread at a time, and reports data races, barrier divergence and redundant\n"
"barriers.\n"
"\n"
"Input:\n"
"  FILE                 .cu (compiled with clang-19 and simulee's CUDA headers),\n"
"                       .bc (LLVM bitcode) or .ll (LLVM IR)\n"
"  -I DIR, -D NAME[=V]  passed to clang for a .cu file\n"
"  -U NAME, --std=STD, --include=FILE  likewise (-U, -std=, -include)\n"
"  --clang-arg ARG      pass ARG to clang for a .cu file (repeatable; a value\n"
"                       of -Xclang, -mllvm, -isystem, ... as the next one)\n"
"  -O0 .. -O3           optimisation level for a .cu file (default -O2)\n"
"  --arch SM            GPU target of a .cu file: sm_70 (default), sm_75, sm_80,\n"
"                       sm_86, sm_89, sm_90, sm_90a (sets __CUDA_ARCH__)\n"
"  --kernel NAME        run only this kernel (mangled or demangled name);\n"
"                       default: every kernel of the file\n"
"\n"
"Launch (one launch per kernel; without --grid/--block/--arg the automatic\n"
"input search picks what is not given):\n"
"  --grid X[,Y[,Z]]     blocks\n"
"  --block X[,Y[,Z]]    threads per block (at most 1024)\n"
"  --cluster X[,Y[,Z]]  blocks per thread block cluster (sm_90; at most 16;\n"
"                       default: the kernel's __cluster_dims__, else searched\n"
"                       for a kernel using clusters, else 1)\n"
"  --shared BYTES       dynamic shared memory (extern __shared__)\n"
"  --arg V              one per kernel parameter, in order:\n"
"                         a number for a scalar: 42, -3, 0x10, 0.5\n"
"                         a buffer for a pointer: TYPE[COUNT], TYPE[COUNT]=FILL\n"
"                         or TYPE[COUNT]=iota (0,1,2,...), TYPE one of\n"
"                         i8 i16 i32 i64 u8 u16 u32 u64 f32 f64\n"
"                         or TYPE[COUNT]=rand:SEED:LO:HI (element i a function\n"
"                         of SEED and i, uniform in [LO,HI]; what replay\n"
"                         lines of the search use), sorted:SEED:LO:HI (those\n"
"                         values in order), prefix:SEED:LO:HI (0 and running\n"
"                         sums: CSR offsets), perm:SEED (a permutation of\n"
"                         0..COUNT-1), list:V0,V1,... (zeros after; ';' inside\n"
"                         braces) or @FILE (COUNT raw little-endian elements)\n"
"                         null for a null pointer\n"
"                         {a,b,...} for a struct passed by value\n"
"                         a texture or surface object (cudaTextureObject_t,\n"
"                         cudaSurfaceObject_t): KIND:TYPE:DIMS[:OPT...][=FILL],\n"
"                         KIND tex1d tex2d tex3d tex1dlayered tex2dlayered\n"
"                         surf1d surf2d, TYPE i8 u8 i16 u16 i32 u32 f32 (x2, x4:\n"
"                         channels, u8x4), DIMS W, WxH or WxHxD (layered: then\n"
"                         the layers, WxHxLAYERS), OPT wrap|clamp|\n"
"                         mirror|border (or one per dimension: wrap,clamp),\n"
"                         point|linear, norm, nfloat (a surface: zero, out of\n"
"                         range reads 0, drops writes); FILL as for a buffer:\n"
"                         tex2d:f32:64x64:clamp:linear=rand:1:0:1\n"
"                         a tensor map (const __grid_constant__ CUtensorMap):\n"
"                         tmap:TYPE:DIMS:BOX[=FILL], TYPE u8 u16 u32 i32 u64\n"
"                         i64 f32 f64, DIMS W[xH[xD[xE[xF]]]] (innermost\n"
"                         first), BOX as many extents of 1..256 (rows of a\n"
"                         multiple of 16 bytes); FILL over the tensor's\n"
"                         elements: tmap:f32:1024x512:64x32=rand:1:0:1\n"
"                         _ to let the search pick this one\n"
"  --args-file FILE     the words of FILE (one per line, '#' lines skipped) in\n"
"                       its place: a launch simulee run --record wrote\n"
"                       (DIR/launch-*.args) replays with simulee\n"
"                       DIR/module-*.bc --args-file DIR/launch-P-N.args\n"
"  --texref NAME=TEX    the texture of legacy reference NAME (texture<> or\n"
"                       surface<> at namespace scope), TEX as for --arg\n"
"                       (tex1d:f32:256=rand:1:0:1); repeatable; default:\n"
"                       the search draws one\n"
"  --max-steps N        instructions one thread may run before a timeout\n"
"                       (default 10000000, at most 10^12)\n"
"  --warp-size N        lanes per warp (1..32, default 32)\n"
"  --warp-model M       its (default): lanes of a warp are independent threads\n"
"                       (Volta and later), ordered only by __syncwarp and\n"
"                       _sync collectives; a race that lock-step execution\n"
"                       would order is a warning (warp-synchronous);\n"
"                       lockstep: pre-Volta lock-step warps (--its = its)\n"
"  --same-value-races R  a write-write race of the same bytes: warning\n"
"                       (default, grade same-value), error or off\n"
"  -j N, --jobs N       worker threads (default: all cores); also the blocks\n"
"                       of one launch (the report is the same at any N)\n"
"  --time-limit S       wall seconds per kernel (default 300; 0 = none); also\n"
"                       bounds each clang run (at least 5 s; over it: exit 3)\n"
"  --mem-limit BYTES    simulated memory one launch may hold (suffix K, M or G;\n"
"                       default half the physical RAM; 0 = none); also clang's\n"
"                       address space (at least 1G)\n"
"  --device-heap BYTES  device heap of malloc/new in kernels, per launch (suffix\n"
"                       K, M or G; default 8M as CUDA's; 1 to 4G)\n"
"\n"
"Input search (when the launch or an --arg is not given):\n"
"  --population N       solutions per generation (default 100)\n"
"  --generations N      at most N generations (default 100; stops early at\n"
"                       an acceptable solution or when the best stalls)\n"
"  --seed N             random seed (default 1): same seed, same report\n"
"  --no-host-launch     for a .cu file, do not take grid, block and dynamic\n"
"                       shared size from the file's own <<<>>> launches (by\n"
"                       default a part that every launch of a kernel in the\n"
"                       file gives as the same constant is fixed, as if given)\n"
"  --from DIR           start the search from the launches simulee run\n"
"                       --record DIR recorded: their shapes, scalars and\n"
"                       buffer contents and mutations around them are the\n"
"                       first generation, and they run with the detectors\n"
"  --launches DIR       the launches recorded in DIR are the program's: the\n"
"                       search is the same, then up to 16 recorded launches of\n"
"                       the kernel run as recorded (their buffer sizes, out of\n"
"                       bounds checked): a finding they show stays, another is\n"
"                       an outside-program-launches note with its reason\n"
"                       (JSON grade_reason: shape, scalar, buffers, or kernel\n"
"                       not launched); their own findings are reported too\n"
"  --no-detect          run the kernels without the detectors (faults and\n"
"                       assertions are still reported)\n"
"  --no-confirm         do not re-run a race's launch under other schedules\n"
"                       to see whether the result differs (confirmation)\n"
"  --no-initcheck       do not report reads of shared, local or device-heap\n"
"                       memory that no thread wrote\n"
"\n"
"Output:\n"
"  --dump N             print parameter N's buffer (0-based) after the run,\n"
"                       one value per line (repeatable)\n"
"  --stats              print instructions, threads, time and instructions\n"
"                       per second to stderr\n"
"  --format F           text (default), json or sarif\n"
"  -o FILE, --output FILE  write the report to FILE instead of stdout\n"
"  -q, --quiet          text: only findings and problems, no status lines\n"
"  -v, --verbose        text: also note-level findings (outside-program-launches)\n"
"  --fail-on L          exit status 1 for findings of level L or worse: error\n"
"                       (default), warning or note\n"
"  --no-color           no colours even on a terminal\n"
"  -h, --help           this help\n"
"  --version            print the version\n"
"\n"
"Exit status: 0 no error-level finding (see --fail-on), 1 at least one, 2 usage\n"
"or input error, 3 none but a kernel could not be run to the end.\n";
}

void simC_options_free(simC_options *o) {
  free(o->args);
  free(o->texrefs);
  o->texrefs = NULL;
  o->ntexrefs = 0;
  free(o->dumps);
  for (unsigned i = 0; i < o->ncflags; i++) free(o->cflags[i]);
  free(o->cflags);
  o->args = NULL;
  o->dumps = NULL;
  o->cflags = NULL;
  for (unsigned i = 0; i < o->nowned; i++) free(o->owned[i]);
  free(o->owned);
  o->owned = NULL;
  o->nowned = 0;
  o->nargs = o->ndumps = o->ncflags = 0;
}

static int parse_u64(const char *s, uint64_t *v) {
  if (!s || !isdigit((unsigned char)*s)) return -1;
  int hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
  if (hex && !isxdigit((unsigned char)s[2])) return -1;
  errno = 0;
  char *end;
  unsigned long long x = strtoull(s, &end, hex ? 16 : 10);
  if (errno == ERANGE || *end) return -1;
  *v = x;
  return 0;
}

static int push_cflag(simC_options *o, const char *flag, const char *val) {
  char **n = realloc(o->cflags, (o->ncflags + 1) * sizeof *n);
  if (!n) return -1;
  o->cflags = n;
  size_t len = strlen(flag) + strlen(val) + 1;
  char *s = malloc(len);
  if (!s) return -1;
  snprintf(s, len, "%s%s", flag, val);
  o->cflags[o->ncflags++] = s;
  return 0;
}

/* A --clang-arg: a flag (starting with '-'), or the value of the flag
 * before it when that one takes its value as the next word; not one that
 * changes what clang writes or where (-o..., -E, -S, -M..., -x, -c, -###,
 * -fsyntax-only, --cuda-*-only). 0, or -1 with why in err. */
static int clang_arg_ok(const simC_options *o, const char *a, char *err, size_t errlen) {
  static const char *const takes_value[] = {"-Xclang", "-mllvm", "-isystem", "-idirafter",
                                            "-iquote", "-include", "-Xarch_device",
                                            "-Xarch_host", "-imacros"};
  static const char *const refused[] = {"-o", "-E", "-S", "-c", "-x", "-###", "-fsyntax-only",
                                        "--cuda-host-only", "--cuda-device-only", "-emit-llvm"};
  const char *prev = o->ncflags ? o->cflags[o->ncflags - 1] : "";
  for (size_t k = 0; k < sizeof takes_value / sizeof *takes_value; k++)
    if (!strcmp(prev, takes_value[k])) return 0;
  if (a[0] != '-' || !a[1])
    return fail(err, errlen, "--clang-arg %s: not a clang flag (a flag starts with '-'; a value "
                "goes after the flag that takes it)", a);
  for (size_t k = 0; k < sizeof refused / sizeof *refused; k++)
    if (!strcmp(a, refused[k]) || (!strcmp(refused[k], "-o") && a[1] == 'o') || a[1] == 'M')
      return fail(err, errlen, "--clang-arg %s: simulee sets clang's output and mode itself", a);
  return 0;
}

/* ------------------------------------------------- --args-file */

/* The whole file at path (NUL-terminated, malloc'd), or NULL with why. */
char *simC_read_text(const char *path, char *err, size_t errlen) {
  if (simC_check_input_file(path, err, errlen) < 0) return NULL;
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno));
    return NULL;
  }
  size_t cap = 4096, n = 0;
  char *s = malloc(cap);
  while (s) {
    if (n + 1 >= cap) {
      char *ns = realloc(s, cap * 2);
      if (!ns) {
        free(s);
        s = NULL;
        break;
      }
      s = ns;
      cap *= 2;
    }
    size_t k = fread(s + n, 1, cap - n - 1, f);
    if (!k) break;
    n += k;
  }
  int bad = ferror(f);
  fclose(f);
  if (!s || bad) {
    free(s);
    snprintf(err, errlen, "%s: %s", path, bad ? "read error" : "out of memory");
    return NULL;
  }
  s[n] = 0;
  return s;
}

/* A copy of word w with every relative `=@FILE` made relative to folder
 * dir (a buffer's bytes are named relative to the args file). */
static char *resolve_word(const char *w, const char *dir) {
  size_t dl = strlen(dir), n = 1, cnt = 0;
  for (const char *p = w; (p = strstr(p, "=@")); p += 2) cnt++;
  n += strlen(w) + cnt * (dl + 1);
  char *r = malloc(n);
  if (!r) return NULL;
  size_t o = 0;
  for (const char *p = w; *p;) {
    if (p[0] == '=' && p[1] == '@') {
      r[o++] = '=';
      r[o++] = '@';
      p += 2;
      if (*p != '/' && dl) {
        memcpy(r + o, dir, dl);
        o += dl;
        r[o++] = '/';
      }
      continue;
    }
    r[o++] = *p++;
  }
  r[o] = 0;
  return r;
}

int simC_read_args_file(const char *path, char ***words, unsigned *nwords, char *err,
                        size_t errlen) {
  *words = NULL;
  *nwords = 0;
  struct stat st;
  if (stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
      (uint64_t)st.st_size > SIMC_OPTFILE_MAX_BYTES) {
    snprintf(err, errlen, "%s: larger than %u bytes (an args file holds options)", path,
             (unsigned)SIMC_OPTFILE_MAX_BYTES);
    return -1;
  }
  char *text = simC_read_text(path, err, errlen);
  if (!text) return -1;
  char *dir = strdup(path);
  char *slash = dir ? strrchr(dir, '/') : NULL;
  if (slash) *slash = 0;
  else if (dir) dir[0] = 0;
  unsigned cap = 0;
  int rc = dir ? 0 : -1;
  for (char *line = text; rc == 0 && line && *line;) {
    char *nl = strchr(line, '\n');
    if (nl) *nl = 0;
    size_t len = strlen(line);
    if (len && line[len - 1] == '\r') line[--len] = 0;
    if (len && line[0] != '#') {
      char *w = resolve_word(line, dir);
      if (w && *nwords == cap) {
        unsigned nc = cap ? cap * 2 : 32;
        char **nv = realloc(*words, nc * sizeof *nv);
        if (nv) *words = nv, cap = nc;
      }
      if (!w || *nwords == cap) {
        free(w);
        rc = -1;
      } else {
        (*words)[(*nwords)++] = w;
      }
    }
    line = nl ? nl + 1 : NULL;
  }
  if (rc < 0) snprintf(err, errlen, "out of memory");
  free(dir);
  free(text);
  if (rc < 0) {
    for (unsigned i = 0; i < *nwords; i++) free((*words)[i]);
    free(*words);
    *words = NULL;
    *nwords = 0;
  }
  return rc;
}

static int parse_options(int argc, char **argv, simC_options *o, char *err,
                         size_t errlen) {
  optind = 0; /* glibc: full re-initialisation, so parsing can run twice */
  opterr = 0;
  for (;;) {
    int li = -1;
    int c = getopt_long(argc, argv, ":hqvI:D:U:O:o:j:", LONGOPTS, &li);
    if (c == -1) break;
    const char *a = optarg;
    char e2[300];
    uint64_t v;
    switch (c) {
    case 'h': o->help = 1; break;
    case OPT_VERSION: o->version = 1; break;
    case 'I':
    case 'D':
    case 'U':
      if (!*a) return fail(err, errlen, "-%c needs a value", c);
      if (push_cflag(o, c == 'I' ? "-I" : c == 'D' ? "-D" : "-U", a) < 0)
        return fail(err, errlen, "out of memory");
      break;
    case OPT_STD:
    case OPT_INCLUDE:
      if (!*a) return fail(err, errlen, "--%s needs a value", c == OPT_STD ? "std" : "include");
      if (push_cflag(o, c == OPT_STD ? "--std=" : "--include=", a) < 0)
        return fail(err, errlen, "out of memory");
      break;
    case OPT_CLANG_ARG:
      if (clang_arg_ok(o, a, err, errlen) < 0) return -1;
      if (push_cflag(o, "", a) < 0) return fail(err, errlen, "out of memory");
      break;
    case OPT_ARCH: {
      static const char *const archs[] = {"sm_70", "sm_75", "sm_80", "sm_86",
                                          "sm_89", "sm_90", "sm_90a"};
      unsigned k = 0;
      while (k < sizeof archs / sizeof archs[0] && strcmp(a, archs[k])) k++;
      if (k == sizeof archs / sizeof archs[0])
        return fail(err, errlen, "--arch %s: the target is one of sm_70, sm_75, sm_80, sm_86, "
                    "sm_89, sm_90, sm_90a", a);
      o->arch = archs[k];
      break;
    }
    case 'O':
      if (strlen(a) != 1 || a[0] < '0' || a[0] > '3')
        return fail(err, errlen, "-O%s: the optimisation level is 0, 1, 2 or 3", a);
      o->opt_level = a[0] - '0';
      break;
    case 'o': o->output = a; break;
    case OPT_KERNEL: o->kernel = a; break;
    case OPT_GRID:
      if (simC_parse_dims(a, &o->grid, e2, sizeof e2) < 0)
        return fail(err, errlen, "--grid %s", e2);
      o->have_grid = 1;
      break;
    case OPT_BLOCK:
      if (simC_parse_dims(a, &o->block, e2, sizeof e2) < 0)
        return fail(err, errlen, "--block %s", e2);
      o->have_block = 1;
      break;
    case OPT_CLUSTER:
      if (simC_parse_dims(a, &o->cluster, e2, sizeof e2) < 0)
        return fail(err, errlen, "--cluster %s", e2);
      if ((uint64_t)o->cluster.x * o->cluster.y * o->cluster.z > SIMI_MAX_CLUSTER)
        return fail(err, errlen, "--cluster %s: a cluster has at most %u blocks", a,
                    SIMI_MAX_CLUSTER);
      break;
    case OPT_SHARED:
      if (parse_u64(a, &v) < 0)
        return fail(err, errlen, "--shared '%s' is not a byte count", a);
      if (v > SIMC_MAX_SHARED)
        return fail(err, errlen, "--shared %s: at most %llu bytes", a,
                    (unsigned long long)SIMC_MAX_SHARED);
      o->shared = v;
      o->have_shared = 1;
      break;
    case OPT_ARG: {
      simC_argval av;
      if (!simC_arg_is_search(a)) {
        if (simC_parse_argval(a, &av, e2, sizeof e2) < 0)
          return fail(err, errlen, "--arg %s", e2);
        simC_argval_free(&av);
      }
      const char **n = realloc(o->args, (o->nargs + 1) * sizeof *n);
      if (!n) return fail(err, errlen, "out of memory");
      o->args = n;
      o->args[o->nargs++] = a;
      break;
    }
    case OPT_TEXREF: {
      const char *eq = strchr(a, '=');
      if (!eq || eq == a)
        return fail(err, errlen, "--texref '%s': expected NAME=KIND:TYPE:DIMS... (the "
                    "reference's name, then a texture as --arg spells it)", a);
      simC_argval av;
      if (simC_parse_texspec(eq + 1, &av, e2, sizeof e2) < 0)
        return fail(err, errlen, "--texref %.*s: %s", (int)(eq - a), a, e2);
      simC_argval_free(&av);
      const char **n = realloc(o->texrefs, (o->ntexrefs + 1) * sizeof *n);
      if (!n) return fail(err, errlen, "out of memory");
      o->texrefs = n;
      o->texrefs[o->ntexrefs++] = a;
      break;
    }
    case OPT_DUMP: {
      if (parse_u64(a, &v) < 0 || v > 4096)
        return fail(err, errlen, "--dump '%s' is not a parameter index", a);
      unsigned *n = realloc(o->dumps, (o->ndumps + 1) * sizeof *n);
      if (!n) return fail(err, errlen, "out of memory");
      o->dumps = n;
      o->dumps[o->ndumps++] = (unsigned)v;
      break;
    }
    case OPT_STATS: o->stats = 1; break;
    case OPT_MAX_STEPS:
      if (parse_u64(a, &v) < 0 || v == 0)
        return fail(err, errlen, "--max-steps '%s' is not a positive integer", a);
      if (v > SIMC_MAX_STEPS)
        return fail(err, errlen, "--max-steps %s: at most %llu", a, SIMC_MAX_STEPS);
      o->max_steps = v;
      break;
    case OPT_WARP_SIZE:
      if (parse_u64(a, &v) < 0 || v < 1 || v > 32)
        return fail(err, errlen, "--warp-size '%s': a warp has 1 to 32 lanes", a);
      o->warp_size = (unsigned)v;
      break;
    case OPT_ITS: o->its = 1; break;
    case OPT_WARP_MODEL:
      if (!strcmp(a, "its")) o->its = 1;
      else if (!strcmp(a, "lockstep")) o->its = 0;
      else return fail(err, errlen, "--warp-model '%s': expected its or lockstep", a);
      break;
    case OPT_SAME_VALUE:
      if (!strcmp(a, "warning")) o->same_value = SIMD_SAME_VALUE_WARNING;
      else if (!strcmp(a, "error")) o->same_value = SIMD_SAME_VALUE_ERROR;
      else if (!strcmp(a, "off")) o->same_value = SIMD_SAME_VALUE_OFF;
      else return fail(err, errlen, "--same-value-races '%s': expected error, warning or off", a);
      break;
    case OPT_FAIL_ON:
      if (!strcmp(a, "error")) o->fail_on = SIMD_LEVEL_ERROR;
      else if (!strcmp(a, "warning")) o->fail_on = SIMD_LEVEL_WARNING;
      else if (!strcmp(a, "note")) o->fail_on = SIMD_LEVEL_NOTE;
      else return fail(err, errlen, "--fail-on '%s': expected error, warning or note", a);
      break;
    case 'v': o->verbose = 1; break;
    case OPT_NO_DETECT: o->no_detect = 1; break;
    case OPT_NO_CONFIRM: o->no_confirm = 1; break;
    case OPT_NO_INITCHECK: o->no_initcheck = 1; break;
    case OPT_NO_HOST_LAUNCH: o->no_host_launch = 1; break;
    case OPT_FORMAT:
      if (simD_format_parse(a, &o->format) < 0)
        return fail(err, errlen, "--format '%s': expected text, json or sarif", a);
      break;
    case 'q':
    case OPT_QUIET: o->quiet = 1; break;
    case 'j':
      if (parse_u64(a, &v) < 0 || v < 1 || v > 1024)
        return fail(err, errlen, "-j '%s': expected 1 to 1024 threads", a);
      o->jobs = (unsigned)v;
      break;
    case OPT_TIME_LIMIT: {
      char *end;
      errno = 0;
      double d = strtod(a, &end);
      if (errno || end == a || *end || !(d >= 0) || d > SIMC_MAX_TIME_LIMIT ||
          isspace((unsigned char)*a))
        return fail(err, errlen,
                    "--time-limit '%s': expected 0 (none) to %.0f seconds", a,
                    SIMC_MAX_TIME_LIMIT);
      o->time_limit = d;
      o->have_time_limit = 1;
      break;
    }
    case OPT_MEM_LIMIT:
      if (simC_parse_bytes(a, UINT64_MAX, &v, e2, sizeof e2) < 0)
        return fail(err, errlen, "--mem-limit %s", e2);
      if (v && v < SIMC_MIN_MEM_LIMIT)
        return fail(err, errlen, "--mem-limit %s: at least 1M (or 0 for none)", a);
      o->mem_limit = v;
      o->have_mem_limit = 1;
      break;
    case OPT_DEVICE_HEAP:
      if (simC_parse_bytes(a, 4ull << 30, &v, e2, sizeof e2) < 0)
        return fail(err, errlen, "--device-heap %s", e2);
      if (!v) return fail(err, errlen, "--device-heap %s: at least 1 byte", a);
      o->device_heap = v;
      break;
    case OPT_POPULATION:
      if (parse_u64(a, &v) < 0 || v < 1 || v > 100000)
        return fail(err, errlen, "--population '%s': expected 1 to 100000", a);
      o->population = (unsigned)v;
      break;
    case OPT_GENERATIONS:
      if (parse_u64(a, &v) < 0 || v > 1000000)
        return fail(err, errlen, "--generations '%s': expected 0 to 1000000", a);
      o->generations = (unsigned)v;
      break;
    case OPT_SEED:
      if (parse_u64(a, &v) < 0)
        return fail(err, errlen, "--seed '%s' is not a non-negative integer", a);
      o->seed = v;
      break;
    case OPT_NO_COLOR: o->no_color = 1; break;
    case OPT_FROM:
    case OPT_LAUNCHES: {
      /* a folder `simulee run --record` wrote: its index must be there */
      char path[4096];
      struct stat st;
      snprintf(path, sizeof path, "%s/launches", a);
      if (stat(a, &st) < 0 || !S_ISDIR(st.st_mode))
        return fail(err, errlen, "--%s %s: not a folder of recorded launches (simulee run "
                    "--record DIR)", c == OPT_FROM ? "from" : "launches", a);
      if (stat(path, &st) < 0 || !S_ISREG(st.st_mode))
        return fail(err, errlen, "--%s %s: no recorded launches in it (no index file "
                    "'launches')", c == OPT_FROM ? "from" : "launches", a);
      if (c == OPT_FROM) o->from = a;
      else o->launches = a;
      break;
    }
    case ':': {
      const char *w = optind - 1 < argc ? argv[optind - 1] : "option";
      if (optopt && optopt < 256) return fail(err, errlen, "-%c needs a value", optopt);
      return fail(err, errlen, "%s needs a value", w);
    }
    case '?':
    default: {
      if (optopt && optopt < 256)
        return fail(err, errlen, "unknown option '-%c' (see simulee --help)", optopt);
      return fail(err, errlen, "unknown option '%s' (see simulee --help)",
                  optind - 1 < argc ? argv[optind - 1] : "?");
    }
    }
  }
  for (int i = optind; i < argc; i++) {
    if (o->file)
      return fail(err, errlen, "one FILE expected, got '%s' and '%s'", o->file, argv[i]);
    o->file = argv[i];
  }
  return 0;
}

/* The line of args file f that holds its word idx (0-based; one word a
 * line, '#' lines and empty ones skipped, as simC_read_args_file reads
 * it), or 0. */
static unsigned args_line(const char *f, unsigned idx) {
  char e[8];
  char *text = simC_read_text(f, e, sizeof e);
  if (!text) return 0;
  unsigned line = 1, w = 0, found = 0;
  for (char *p = text; *p; line++) {
    char *nl = strchr(p, '\n');
    size_t len = nl ? (size_t)(nl - p) : strlen(p);
    if (len && p[len - 1] == '\r') len--;
    if (len && p[0] != '#') {
      if (w++ == idx) {
        found = line;
        break;
      }
    }
    if (!nl) break;
    p = nl + 1;
  }
  free(text);
  return found;
}

/* Is w one of simulee's options (--name, --name=..., or -X)? */
static int known_option(const char *w) {
  if (w[0] != '-') return 0;
  if (w[1] && w[1] != '-' && !w[2]) return 1;
  if (w[1] != '-') return 0;
  size_t n = strcspn(w + 2, "=");
  for (const struct option *op = LONGOPTS; op->name; op++)
    if (strlen(op->name) == n && !strncmp(op->name, w + 2, n)) return 1;
  return 0;
}

/* An error about words of args files (a file may be anything readable,
 * /etc/shadow): each word of theirs quoted in err ('WORD', or WORD at its
 * start) is replaced by "line N of --args-file F". files[k] and idx[k]:
 * the file and index of o->owned[k]. */
static void args_err_clean(char *err, size_t errlen, const simC_options *o,
                           const char *const *files, const unsigned *idx) {
  for (unsigned k = 0, again = 0; k < o->nowned; k++) {
    const char *w = o->owned[k];
    size_t wl = strlen(w);
    if (!wl || known_option(w)) continue; /* an option's name says nothing */
    char *at = NULL;
    size_t cut = 0;
    for (char *p = strchr(err, '\''); p && !at; p = strchr(p + 1, '\''))
      if (!strncmp(p + 1, w, wl) && p[wl + 1] == '\'') at = p, cut = wl + 2;
    if (!at && !strncmp(err, w, wl) && (err[wl] == ':' || err[wl] == ' ')) at = err, cut = wl;
    if (!at) continue;
    char rest[1024], where[600];
    snprintf(rest, sizeof rest, "%s", at + cut);
    snprintf(where, sizeof where, "(line %u of --args-file %s)", args_line(files[k], idx[k]),
             files[k]);
    size_t off = (size_t)(at - err);
    snprintf(at, errlen - off, "%s%s", where, rest);
    if (++again < 4) k--; /* the same word may be quoted again */
    else again = 0;
  }
}

int simC_parse_options(int argc, char **argv, simC_options *o, char *err,
                       size_t errlen) {
  memset(o, 0, sizeof *o);
  o->grid = o->block = (simI_dim3){1, 1, 1};
  o->opt_level = 2;
  o->format = SIMD_FORMAT_TEXT;
  o->population = SIME_DEFAULT_POPULATION;
  o->generations = SIME_DEFAULT_GENERATIONS;
  o->seed = SIME_DEFAULT_SEED;
  o->time_limit = SIMC_DEFAULT_TIME_LIMIT;
  o->its = 1; /* Volta and later: the default warp model */
  o->same_value = SIMD_SAME_VALUE_WARNING;
  o->fail_on = SIMD_LEVEL_ERROR;
  /* --args-file FILE: the words of FILE in its place (a recorded launch);
   * of each, its file and index there (for messages that must not quote
   * it) */
  int nargc = 0;
  char **nargv = calloc((size_t)argc + 1, sizeof *nargv);
  const char **own_file = NULL;
  unsigned *own_idx = NULL;
  int bad = !nargv;
  if (bad) fail(err, errlen, "out of memory");
  for (int i = 0; i < argc && !bad; i++) {
    const char *f = NULL;
    if (i && !strcmp(argv[i], "--args-file")) {
      if (i + 1 >= argc) {
        bad = 1;
        fail(err, errlen, "--args-file needs a value");
        break;
      }
      f = argv[++i];
    } else if (i && !strncmp(argv[i], "--args-file=", 12)) {
      f = argv[i] + 12;
    }
    if (!f) {
      nargv[nargc++] = argv[i];
      continue;
    }
    char **w;
    unsigned nw;
    char e2[600];
    if (simC_read_args_file(f, &w, &nw, e2, sizeof e2) < 0) {
      bad = 1;
      fail(err, errlen, "--args-file %s", e2);
      break;
    }
    char **big = realloc(nargv, ((size_t)argc + nargc + nw + 1) * sizeof *nargv);
    char **own = realloc(o->owned, ((size_t)o->nowned + nw + 1) * sizeof *own);
    if (own) o->owned = own;
    const char **of = realloc(own_file, ((size_t)o->nowned + nw + 1) * sizeof *of);
    if (of) own_file = of;
    unsigned *oi = realloc(own_idx, ((size_t)o->nowned + nw + 1) * sizeof *oi);
    if (oi) own_idx = oi;
    if (!big || !own || !of || !oi) {
      if (big) nargv = big;
      for (unsigned k = 0; k < nw; k++) free(w[k]);
      free(w);
      bad = 1;
      fail(err, errlen, "out of memory");
      break;
    }
    nargv = big;
    for (unsigned k = 0; k < nw; k++) {
      if (!strcmp(w[k], "--args-file")) { /* not nested */
        bad = 1;
        fail(err, errlen, "--args-file %s: an args file cannot name another", f);
      }
      nargv[nargc++] = w[k];
      own_file[o->nowned] = f;
      own_idx[o->nowned] = k;
      o->owned[o->nowned++] = w[k];
    }
    free(w);
  }
  if (!bad) nargv[nargc] = NULL;
  if (!bad && parse_options(nargc, nargv, o, err, errlen) < 0) {
    args_err_clean(err, errlen, o, own_file, own_idx);
    bad = 1;
  }
  for (unsigned k = 0; !bad && k < o->nowned; k++)
    if (o->file == o->owned[k]) { /* a word of the file taken for FILE */
      fail(err, errlen, "--args-file %s: line %u is neither an option nor an option's value "
           "(an args file holds options only)", own_file[k], args_line(own_file[k], own_idx[k]));
      bad = 1;
    }
  free(own_file);
  free(own_idx);
  if (bad) {
    free(nargv);
    simC_options_free(o);
    return -1;
  }
  free(nargv);
  if (!o->have_mem_limit) o->mem_limit = simC_default_mem_limit();
  return 0;
}

int simC_parse_bytes(const char *s, uint64_t max, uint64_t *out, char *err,
                     size_t errlen) {
  if (!s || !isdigit((unsigned char)*s))
    return fail(err, errlen, "'%s' is not a byte count (N, NK, NM or NG)", s ? s : "");
  errno = 0;
  char *end;
  unsigned long long x = strtoull(s, &end, 10);
  if (errno == ERANGE)
    return fail(err, errlen, "'%s': at most %llu bytes", s, (unsigned long long)max);
  unsigned shift = 0;
  switch (*end) {
  case 'k': case 'K': shift = 10; end++; break;
  case 'm': case 'M': shift = 20; end++; break;
  case 'g': case 'G': shift = 30; end++; break;
  default: break;
  }
  if (shift && (*end == 'b' || *end == 'B')) end++;
  if (*end) return fail(err, errlen, "'%s' is not a byte count (N, NK, NM or NG)", s);
  if (shift && x > (UINT64_MAX >> shift))
    return fail(err, errlen, "'%s': at most %llu bytes", s, (unsigned long long)max);
  uint64_t b = (uint64_t)x << shift;
  if (b > max)
    return fail(err, errlen, "'%s': at most %llu bytes", s, (unsigned long long)max);
  *out = b;
  return 0;
}

uint64_t simC_default_mem_limit(void) {
  long pages = sysconf(_SC_PHYS_PAGES), psz = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || psz <= 0) return (uint64_t)8 << 30;
  uint64_t ram = (uint64_t)pages * (uint64_t)psz;
  return ram / SIMC_MEM_LIMIT_DIVISOR;
}

int simC_check_input_file(const char *path, char *err, size_t errlen) {
  struct stat st;
  if (stat(path, &st) < 0) return fail(err, errlen, "%s: %s", path, strerror(errno));
  if (S_ISDIR(st.st_mode)) return fail(err, errlen, "%s: is a folder, not a file", path);
  if (S_ISFIFO(st.st_mode)) return fail(err, errlen, "%s: is a FIFO, not a regular file", path);
  if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))
    return fail(err, errlen, "%s: is a device, not a regular file", path);
  if (!S_ISREG(st.st_mode)) return fail(err, errlen, "%s: not a regular file", path);
  if ((uint64_t)st.st_size > SIMC_MAX_INPUT_BYTES)
    return fail(err, errlen, "%s: larger than %llu bytes", path,
                (unsigned long long)SIMC_MAX_INPUT_BYTES);
  return 0;
}

/* ------------------------------------------------------------- shell */

int simC_shell_append(char *buf, size_t len, const char *w) {
  size_t n = strlen(buf);
  int plain = *w != 0, ansi = 0;
  for (const char *p = w; *p; p++) {
    if (!isalnum((unsigned char)*p) && !strchr("_-./,=:+@%", *p)) plain = 0;
    /* a control character or a byte that is not UTF-8: $'...' with escapes,
     * so that the replay line stays one printable line */
    size_t k = simD_utf8_len(p);
    if (!k || (unsigned char)*p < 0x20 || *p == 0x7f) ansi = 1;
    else p += k - 1;
  }
  size_t need = plain ? strlen(w) : 3 + strlen(w) * 4;
  if (n + need + 2 > len) return -1;
  char *q = buf + n;
  if (n) *q++ = ' ';
  if (plain) {
    q += sprintf(q, "%s", w);
  } else if (ansi) {
    *q++ = '$';
    *q++ = '\'';
    for (const char *p = w; *p; p++) {
      unsigned char c = (unsigned char)*p;
      size_t k = simD_utf8_len(p);
      if (c == '\'' || c == '\\') {
        *q++ = '\\';
        *q++ = (char)c;
      } else if (!k || c < 0x20 || c == 0x7f) {
        q += sprintf(q, "\\x%02x", c);
      } else {
        memcpy(q, p, k);
        q += k;
        p += k - 1;
      }
    }
    *q++ = '\'';
    *q = 0;
  } else {
    *q++ = '\'';
    for (const char *p = w; *p; p++) {
      if (*p == '\'') { memcpy(q, "'\\''", 4); q += 4; }
      else *q++ = *p;
    }
    *q++ = '\'';
    *q = 0;
  }
  return 0;
}
