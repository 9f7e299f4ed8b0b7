/*
 * simulee evolve: the --arg spelling of an execution's values.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "evolve/evolve_int.h"

/* ---------------------------------------------------------- formatting */

static int put(char *buf, size_t len, size_t *n, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int put(char *buf, size_t len, size_t *n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int m = *n < len ? vsnprintf(buf + *n, len - *n, fmt, ap) : -1;
  va_end(ap);
  if (m < 0 || *n + (size_t)m >= len) return -1;
  *n += (size_t)m;
  return 0;
}

static int put_double(char *buf, size_t len, size_t *n, double d, int prec) {
  if (isnan(d)) return put(buf, len, n, "nan");
  if (isinf(d)) return put(buf, len, n, d < 0 ? "-inf" : "inf");
  return put(buf, len, n, "%.*g", prec, d);
}

static int put_elem_bits(char *buf, size_t len, size_t *n, simI_elem e, uint64_t bits) {
  unsigned es = simI_elem_size(e);
  if (e == SIMI_ELEM_F32) {
    float f;
    uint32_t w = (uint32_t)bits;
    memcpy(&f, &w, 4);
    return put_double(buf, len, n, f, 9);
  }
  if (e == SIMI_ELEM_F64) {
    double d;
    memcpy(&d, &bits, 8);
    return put_double(buf, len, n, d, 17);
  }
  if (es < 8) bits &= ((uint64_t)1 << (8 * es)) - 1;
  if (elem_is_signed(e) && es < 8 && (bits >> (8 * es - 1)) & 1)
    bits |= ~(((uint64_t)1 << (8 * es)) - 1);
  if (elem_is_signed(e)) return put(buf, len, n, "%lld", (long long)(int64_t)bits);
  return put(buf, len, n, "%llu", (unsigned long long)bits);
}

static int put_fill(const simE_value *v, simI_elem e, char *buf, size_t len, size_t *n);

/* A texture or surface object's --arg spelling (cli/args.c parses it):
 * KIND:TYPE[xN]:DIMS[:ADDR][:linear][:norm][:nfloat][=FILL]. */
static int put_tex(const simE_value *v, char *buf, size_t len, size_t *n) {
  static const char *const addr[] = {"wrap", "clamp", "mirror", "border"};
  const uint32_t *t = v->tex;
  unsigned dims = t[SIME_TEX_DIMS] >= 1 && t[SIME_TEX_DIMS] <= 3 ? t[SIME_TEX_DIMS] : 1;
  int layered = t[SIME_TEX_LAYERED] && dims <= 2;
  if (put(buf, len, n, "%s%ud%s:%s", t[SIME_TEX_SURFACE] ? "surf" : "tex", dims,
          layered ? "layered" : "", simI_elem_name(v->elem)) < 0)
    return -1;
  if (t[SIME_TEX_CHANNELS] > 1 && put(buf, len, n, "x%u", t[SIME_TEX_CHANNELS]) < 0) return -1;
  if (put(buf, len, n, ":%u", t[SIME_TEX_W]) < 0) return -1;
  if (dims >= 2 && put(buf, len, n, "x%u", t[SIME_TEX_H]) < 0) return -1;
  if ((dims >= 3 || layered) && put(buf, len, n, "x%u", t[SIME_TEX_D]) < 0) return -1;
  if (t[SIME_TEX_SURFACE] == 2 && put(buf, len, n, ":zero") < 0) return -1;
  if (!t[SIME_TEX_SURFACE]) {
    int same = 1;
    for (unsigned d = 1; d < dims; d++) same &= t[SIME_TEX_ADDR_X + d] == t[SIME_TEX_ADDR_X];
    if (!same || t[SIME_TEX_ADDR_X] != 1)
      for (unsigned d = 0; d < (same ? 1u : dims); d++)
        if (put(buf, len, n, "%s%s", d ? "," : ":", addr[t[SIME_TEX_ADDR_X + d] & 3]) < 0)
          return -1;
    if (t[SIME_TEX_FILTER] && put(buf, len, n, ":linear") < 0) return -1;
    if (t[SIME_TEX_NORM] && put(buf, len, n, ":norm") < 0) return -1;
    if (t[SIME_TEX_READ] && put(buf, len, n, ":nfloat") < 0) return -1;
  }
  return put_fill(v, v->elem, buf, len, n);
}

static int put_slot(const simE_space *s, const simE_exec *x, unsigned i, char *buf,
                    size_t len, size_t *n) {
  const simE_slot *sl = &s->slots[i];
  const simE_value *v = &x->g.vals[i];
  if (sl->kind == SIMI_PARAM_INT && v->tex[SIME_TEX_MAGIC] == SIME_TEX_MAGIC_VALUE)
    return put_tex(v, buf, len, n);
  if (v->fixed && sl->kind == SIMI_PARAM_INT)
    return put(buf, len, n, "%llu", (unsigned long long)v->bits);
  if (v->fixed && sl->kind == SIMI_PARAM_FLOAT)
    return put_elem_bits(buf, len, n,
                         sl->bits == 64 ? SIMI_ELEM_F64
                         : sl->bits == 32 ? SIMI_ELEM_F32 : SIMI_ELEM_U16, v->bits);
  if (sl->kind == SIMI_PARAM_INT && sl->is_unsigned) /* what the kernel gets, as unsigned */
    return put(buf, len, n, "%llu", (unsigned long long)simE_scalar_bits(sl, v->v));
  if (sl->kind == SIMI_PARAM_INT) return put(buf, len, n, "%lld", (long long)(int64_t)v->v);
  if (sl->kind == SIMI_PARAM_FLOAT)
    return put_double(buf, len, n, sl->bits == 64 ? v->v : (double)(float)v->v,
                      sl->bits == 64 ? 17 : 9);
  if (v->null) return put(buf, len, n, "null");
  simI_elem e = v->elem ? v->elem : sl->elem;
  unsigned es = simI_elem_size(e);
  /* a recorded buffer as recorded (one that grew: its elements listed) */
  if (v->src && v->fill == SIME_FILL_DATA && !v->fixed &&
      !(x->bytes && x->bytes[i] && x->bytes[i] != v->count * es))
    return put(buf, len, n, "%s", v->src);
  uint64_t count = v->count;
  if (x->bytes && x->bytes[i] && es && !v->fixed) count = x->bytes[i] / es;
  if (put(buf, len, n, "%s[%llu]", simI_elem_name(e), (unsigned long long)count) < 0) return -1;
  return put_fill(v, e, buf, len, n);
}

/* "=FILL" of a buffer of type e ("" for zeros). */
static int put_fill(const simE_value *v, simI_elem e, char *buf, size_t len, size_t *n) {
  unsigned es = simI_elem_size(e);
  switch (v->fill) {
  case SIME_FILL_ZERO: return 0;
  case SIME_FILL_IOTA: return put(buf, len, n, "=iota");
  case SIME_FILL_VALUE:
    if (put(buf, len, n, "=") < 0) return -1;
    return put_elem_bits(buf, len, n, e, v->bits);
  case SIME_FILL_PERM: return put(buf, len, n, "=perm:%llu", (unsigned long long)v->seed);
  case SIME_FILL_DATA: {
    if (put(buf, len, n, "=list:") < 0) return -1;
    unsigned char tmp[8];
    for (uint64_t k = 0; k < v->ndata && v->data; k++) {
      uint64_t bits = 0;
      memcpy(tmp, (const char *)v->data + k * es, es);
      memcpy(&bits, tmp, es);
      if ((k && put(buf, len, n, ",") < 0) || put_elem_bits(buf, len, n, e, bits) < 0) return -1;
    }
    return 0;
  }
  case SIME_FILL_RAND:
  case SIME_FILL_SORTED:
  case SIME_FILL_PREFIX:
    if (put(buf, len, n, "=%s:%llu:",
            v->fill == SIME_FILL_RAND ? "rand" : v->fill == SIME_FILL_SORTED ? "sorted" : "prefix",
            (unsigned long long)v->seed) < 0)
      return -1;
    if (elem_is_float(e)) {
      if (put_double(buf, len, n, v->lo, 17) < 0 || put(buf, len, n, ":") < 0) return -1;
      return put_double(buf, len, n, v->hi, 17);
    }
    return put(buf, len, n, "%lld:%lld", (long long)v->lo, (long long)v->hi);
  }
  return 0;
}

int simE_format_arg(const simE_space *s, const simE_exec *x, unsigned param,
                    char *buf, size_t len) {
  size_t n = 0;
  if (!len) return -1;
  buf[0] = 0;
  unsigned first = 0;
  while (first < s->nslots && s->slots[first].param != param) first++;
  if (param >= s->ki->nparams) /* a legacy texture reference's texture */
    return first < s->nslots ? put_slot(s, x, first, buf, len, &n) : -1;
  const simI_param *p = &s->ki->params[param];
  if (p->kind != SIMI_PARAM_STRUCT) return first < s->nslots ? put_slot(s, x, first, buf, len, &n) : -1;
  if (put(buf, len, &n, "{") < 0) return -1;
  for (unsigned f = 0; f < p->nfields; f++) {
    if (f && put(buf, len, &n, ",") < 0) return -1;
    if (put_slot(s, x, first + f, buf, len, &n) < 0) return -1;
  }
  return put(buf, len, &n, "}");
}
