/*
 * simulee runtime: the driver API's CUDA arrays, 2-D copies and texture and
 * surface objects (cuda.h: cuArrayCreate, cuArray3DCreate, cuMemcpy2D,
 * cuTexObjectCreate, cuSurfObjectCreate, ...), as their runtime twins of
 * runtime/array.c: a driver descriptor becomes the runtime's (formats and
 * channels as a channel descriptor; CU_TRSF_* flags as the read mode,
 * normalized coordinates, sRGB), so a driver API program's textures sample
 * as the runtime's do.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "runtime/internal.h"
#include "runtime/texdesc.h"

#define EXPORT __attribute__((visibility("default")))
#define ALIAS(name, f) EXPORT __typeof__(f) name __attribute__((alias(#f)));

typedef int CUresult;
enum { CU_OK = 0, CU_INVALID_VALUE = 1 };

/* the driver's descriptors (cuda/cuda.h) */
typedef struct drv_array_desc {
  size_t w, h;
  int format;
  unsigned channels;
} drv_array_desc;
typedef struct drv_array3d_desc {
  size_t w, h, d;
  int format;
  unsigned channels, flags;
} drv_array3d_desc;
typedef struct drv_copy2d {
  size_t sx, sy;
  int stype;
  const void *shost;
  unsigned long long sdev;
  struct cudaArray *sarr;
  size_t spitch;
  size_t dx, dy;
  int dtype;
  void *dhost;
  unsigned long long ddev;
  struct cudaArray *darr;
  size_t dpitch;
  size_t w, h;
} drv_copy2d;
typedef struct drv_resdesc {
  int type;
  union {
    struct {
      struct cudaArray *array;
    } array;
    struct {
      void *mipmap;
    } mipmap;
    struct {
      unsigned long long ptr;
      int format;
      unsigned channels;
      size_t bytes;
    } linear;
    struct {
      unsigned long long ptr;
      int format;
      unsigned channels;
      size_t width, height, pitch;
    } pitch2d;
    struct {
      int reserved[32];
    } reserved;
  } res;
  unsigned flags;
} drv_resdesc;
typedef struct drv_texdesc {
  int addr[3], filter;
  unsigned flags, aniso;
  int mipfilter;
  float bias, minclamp, maxclamp, border[4];
  int reserved[12];
} drv_texdesc;

enum { MEM_HOST = 1, MEM_DEVICE = 2, MEM_ARRAY = 3, MEM_UNIFIED = 4 };

static CUresult cu(cudaError_t e) { return e == cudaErrorInvalidConfiguration ? 1 : (CUresult)e; }

/* The channel descriptor of a driver format with n channels. 0, or -1 for
 * a format or count CUDA has not. */
static int channel(int format, unsigned n, chan *c) {
  int bits, kind;
  switch (format) {
  case 0x01: bits = 8, kind = cudaChannelFormatKindUnsigned; break;
  case 0x02: bits = 16, kind = cudaChannelFormatKindUnsigned; break;
  case 0x03: bits = 32, kind = cudaChannelFormatKindUnsigned; break;
  case 0x08: bits = 8, kind = cudaChannelFormatKindSigned; break;
  case 0x09: bits = 16, kind = cudaChannelFormatKindSigned; break;
  case 0x0a: bits = 32, kind = cudaChannelFormatKindSigned; break;
  case 0x10: bits = 16, kind = cudaChannelFormatKindFloat; break;
  case 0x20: bits = 32, kind = cudaChannelFormatKindFloat; break;
  default: return -1;
  }
  if (n != 1 && n != 2 && n != 4) return -1;
  memset(c, 0, sizeof *c);
  c->x = bits;
  c->y = n >= 2 ? bits : 0;
  c->z = n >= 4 ? bits : 0;
  c->w = n >= 4 ? bits : 0;
  c->f = kind;
  return 0;
}

EXPORT CUresult cuArrayCreate(struct cudaArray **a, const drv_array_desc *d) {
  if (!a || !d) return CU_INVALID_VALUE;
  chan c;
  if (channel(d->format, d->channels, &c) < 0) return CU_INVALID_VALUE;
  return cu(cudaMallocArray(a, &c, d->w, d->h, 0));
}
ALIAS(cuArrayCreate_v2, cuArrayCreate)
EXPORT CUresult cuArray3DCreate(struct cudaArray **a, const drv_array3d_desc *d) {
  if (!a || !d) return CU_INVALID_VALUE;
  chan c;
  if (channel(d->format, d->channels, &c) < 0) return CU_INVALID_VALUE;
  struct cudaExtent e = {d->w, d->h, d->d};
  return cu(cudaMalloc3DArray(a, &c, e, d->flags));
}
ALIAS(cuArray3DCreate_v2, cuArray3DCreate)
EXPORT CUresult cuArrayDestroy(struct cudaArray *a) { return cu(cudaFreeArray(a)); }

/* one end of a copy as a pointer (host or device memory) */
static const void *end_ptr(int type, const void *host, unsigned long long dev, size_t x, size_t y,
                           size_t pitch) {
  const char *base = type == MEM_HOST ? (const char *)host : (const char *)(uintptr_t)dev;
  return base + y * pitch + x;
}

static CUresult copy2d(const drv_copy2d *p, int async, cudaStream_t s) {
  if (!p) return CU_INVALID_VALUE;
  int sh = p->stype == MEM_HOST, dh = p->dtype == MEM_HOST;
  int uni = p->stype == MEM_UNIFIED || p->dtype == MEM_UNIFIED;
  int kind = uni ? 4 : sh ? (dh ? 0 : 1) : (dh ? 2 : 3);
  if (p->stype == MEM_ARRAY && p->dtype == MEM_ARRAY)
    return cu(cudaMemcpy2DArrayToArray(p->darr, p->dx, p->dy, p->sarr, p->sx, p->sy, p->w, p->h,
                                       kind));
  if (p->dtype == MEM_ARRAY)
    return cu(cudaMemcpy2DToArray(p->darr, p->dx, p->dy,
                                  end_ptr(p->stype, p->shost, p->sdev, p->sx, p->sy, p->spitch),
                                  p->spitch, p->w, p->h, kind));
  void *dst = (void *)end_ptr(p->dtype, p->dhost, p->ddev, p->dx, p->dy, p->dpitch);
  if (p->stype == MEM_ARRAY)
    return cu(cudaMemcpy2DFromArray(dst, p->dpitch, p->sarr, p->sx, p->sy, p->w, p->h, kind));
  const void *src = end_ptr(p->stype, p->shost, p->sdev, p->sx, p->sy, p->spitch);
  return async ? cu(cudaMemcpy2DAsync(dst, p->dpitch, src, p->spitch, p->w, p->h, kind, s))
               : cu(cudaMemcpy2D(dst, p->dpitch, src, p->spitch, p->w, p->h, kind));
}
EXPORT CUresult cuMemcpy2D(const drv_copy2d *p) { return copy2d(p, 0, NULL); }
ALIAS(cuMemcpy2D_v2, cuMemcpy2D)
ALIAS(cuMemcpy2DUnaligned, cuMemcpy2D)
ALIAS(cuMemcpy2DUnaligned_v2, cuMemcpy2D)
EXPORT CUresult cuMemcpy2DAsync(const drv_copy2d *p, cudaStream_t s) { return copy2d(p, 1, s); }
ALIAS(cuMemcpy2DAsync_v2, cuMemcpy2DAsync)

/* The runtime's resource descriptor of a driver one; the format of its data
 * into *format (0 for an array). 0, or -1. */
static int resource(const drv_resdesc *d, resdesc *r, int *format) {
  memset(r, 0, sizeof *r);
  *format = 0;
  switch (d->type) {
  case 0:
    r->resType = cudaResourceTypeArray;
    r->res.array.array = d->res.array.array;
    return 0;
  case 2:
    r->resType = cudaResourceTypeLinear;
    r->res.linear.devPtr = (void *)(uintptr_t)d->res.linear.ptr;
    r->res.linear.sizeInBytes = d->res.linear.bytes;
    *format = d->res.linear.format;
    return channel(d->res.linear.format, d->res.linear.channels, &r->res.linear.desc);
  case 3:
    r->resType = cudaResourceTypePitch2D;
    r->res.pitch2D.devPtr = (void *)(uintptr_t)d->res.pitch2d.ptr;
    r->res.pitch2D.width = d->res.pitch2d.width;
    r->res.pitch2D.height = d->res.pitch2d.height;
    r->res.pitch2D.pitchInBytes = d->res.pitch2d.pitch;
    *format = d->res.pitch2d.format;
    return channel(d->res.pitch2d.format, d->res.pitch2d.channels, &r->res.pitch2D.desc);
  default: /* mipmapped arrays: the runtime says it does not support them */
    r->resType = (enum cudaResourceType)d->type;
    r->res.mipmap.mipmap = d->res.mipmap.mipmap;
    return 0;
  }
}

EXPORT CUresult cuTexObjectCreate(uint64_t *t, const drv_resdesc *res, const drv_texdesc *tex,
                                  const void *view) {
  if (!t || !res || !tex) return CU_INVALID_VALUE;
  resdesc r;
  int format;
  if (resource(res, &r, &format) < 0) return CU_INVALID_VALUE;
  texdesc x;
  memset(&x, 0, sizeof x);
  for (int i = 0; i < 3; i++) x.addressMode[i] = tex->addr[i];
  x.filterMode = tex->filter;
  /* without CU_TRSF_READ_AS_INTEGER, 8- and 16-bit integer texels read as
   * normalized floats (the runtime's cudaReadModeNormalizedFloat) */
  int small_int = format == 0x01 || format == 0x02 || format == 0x08 || format == 0x09;
  chan c;
  if (res->type == 0 && cudaGetChannelDesc(&c, res->res.array.array) == cudaSuccess)
    small_int = c.f != cudaChannelFormatKindFloat && (c.x == 8 || c.x == 16);
  x.readMode = !(tex->flags & 0x01) && small_int ? 1 : 0;
  x.sRGB = (tex->flags & 0x10) != 0;
  memcpy(x.borderColor, tex->border, sizeof x.borderColor);
  x.normalizedCoords = (tex->flags & 0x02) != 0;
  x.maxAnisotropy = tex->aniso;
  x.mipmapFilterMode = tex->mipfilter;
  x.mipmapLevelBias = tex->bias;
  x.minMipmapLevelClamp = tex->minclamp;
  x.maxMipmapLevelClamp = tex->maxclamp;
  x.disableTrilinearOptimization = (tex->flags & 0x20) != 0;
  x.seamlessCubemap = (tex->flags & 0x40) != 0;
  return cu(cudaCreateTextureObject(t, &r, &x, view));
}
EXPORT CUresult cuTexObjectDestroy(uint64_t t) { return cu(cudaDestroyTextureObject(t)); }
EXPORT CUresult cuSurfObjectCreate(uint64_t *s, const drv_resdesc *res) {
  if (!s || !res) return CU_INVALID_VALUE;
  resdesc r;
  int format;
  if (resource(res, &r, &format) < 0) return CU_INVALID_VALUE;
  return cu(cudaCreateSurfaceObject(s, &r));
}
EXPORT CUresult cuSurfObjectDestroy(uint64_t s) { return cu(cudaDestroySurfaceObject(s)); }
