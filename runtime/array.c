/*
 * simulee runtime: CUDA arrays, texture objects and surface objects.
 *
 * On the device side a texture or surface object is the address of a
 * global buffer that starts with the 64-byte descriptor cuda/texture_types.h
 * reads (struct __sim_texdesc) and goes on with the texels, row-major,
 * layers or slices outermost. A CUDA array is such a buffer, allocated in
 * device memory: its texels follow its descriptor, copies to and from the
 * array (cudaMemcpy2DToArray, cudaMemcpy3D, ...) are the runtime's 2-D
 * copies into those bytes (operations in the order between launches, copy
 * nodes in a capture), a surface object over it is its address (writes go
 * to its texels), and a texture object over it is its address too, its
 * sampling (addressing, filtering, read mode, normalized coordinates)
 * written into the descriptor. Where that cannot be the array itself (a
 * second texture object of other sampling over one array) and over linear
 * and pitched memory, whose texels no descriptor precedes, the texture
 * object is a buffer of its own: descriptor and a copy of the texels,
 * copied again from its resource before every launch
 * (simR_tex_refresh_locked), so kernels read what the memory holds when
 * they start. Texels of 1, 2 or 4 channels of 8-, 16- or 32-bit integers
 * or 16-bit (half) or 32-bit floats; other formats (3 channels, mipmaps,
 * sRGB) are cudaErrorNotSupported with a line naming them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/internal.h"
#include "runtime/op.h"
#include "runtime/texdesc.h"

#define EXPORT __attribute__((visibility("default")))

#define ARRAY_MAGIC 0x73696d617272ull /* "simarr" */
#define TEX_MAGIC 0x58455453u          /* the descriptor's "STEX" */
#define DESC_BYTES 64u


/* the device-side descriptor (cuda/texture_types.h, struct __sim_texdesc) */
typedef struct simdesc {
  uint32_t magic, dims, w, h, d, kind, esize, addr[3], filter, norm, read, surface, ch, layered;
} simdesc;
_Static_assert(sizeof(simdesc) <= DESC_BYTES, "descriptor bytes");

/* A CUDA array (cudaArray_t). */
struct cudaArray {
  uint64_t magic;
  chan desc;
  size_t w, h, d;     /* extent in texels (h, d: 0 when absent) */
  unsigned flags;     /* cudaArray* flags */
  unsigned esize;     /* bytes per texel */
  void *dev;          /* its buffer: descriptor, then texels */
  int sampled;        /* a texture object set the descriptor's sampling */
};

/* A texture object with a buffer of its own (copied before each launch). */
typedef struct texobj {
  uint64_t handle;     /* its buffer's device address (the object) */
  void *dev;           /* the buffer */
  resdesc res;         /* its resource, as created */
  texdesc tex;         /* its sampling */
  int own;             /* the buffer is its own (else the array's) */
  struct texobj *next;
} texobj;
static texobj *objects;

/* Whether a is a live array: looked up in the handle registry
 * (runtime/handles.c), so a freed or made-up one is never read. */
static int valid_array(const struct cudaArray *a) {
  simR_lock();
  int ok = simR_handle_get_locked((uint64_t)(uintptr_t)a, SIMR_H_ARRAY) != NULL;
  simR_unlock();
  return ok && a->magic == ARRAY_MAGIC;
}

/* The texel format of a channel descriptor: 0, or nonzero after a line
 * naming what simulee does not sample (fn: the function). */
static cudaError_t format(const char *fn, const chan *c, unsigned *esize, unsigned *ch,
                          unsigned *kind) {
  int bits[4] = {c->x, c->y, c->z, c->w}, n = 0;
  for (int i = 0; i < 4; i++) {
    if (bits[i] < 0 || (bits[i] && bits[i] != c->x)) return simR_error_locked(cudaErrorInvalidChannelDescriptor);
    n += bits[i] != 0;
  }
  if (!c->x) return simR_error_locked(cudaErrorInvalidChannelDescriptor);
  if (c->f != cudaChannelFormatKindSigned && c->f != cudaChannelFormatKindUnsigned && c->f != cudaChannelFormatKindFloat)
    return simR_error_locked(cudaErrorInvalidChannelDescriptor);
  char what[96];
  if (n == 3 || (c->f == cudaChannelFormatKindFloat && c->x != 32 && c->x != 16) ||
      (c->x != 8 && c->x != 16 && c->x != 32)) {
    snprintf(what, sizeof what, "%s of a %d-channel %d-bit %s texel", fn, n, c->x,
             c->f == cudaChannelFormatKindFloat ? "float" : "integer");
    return simR_unsupported_locked(what);
  }
  *esize = (unsigned)(n * c->x / 8), *ch = (unsigned)n, *kind = (unsigned)c->f;
  return cudaSuccess;
}

/* Host bytes of a device buffer's first n bytes. */
static uint8_t *host_of(void *dev, uint64_t n) {
  cudaError_t e;
  return simR_host_bytes_locked(dev, n, &e);
}

/* The bytes of device memory from p on, at most n: what its allocation
 * holds past p (0 when p is no live device allocation). */
static uint64_t linear_avail(const void *p, uint64_t n) {
  uint64_t v = (uint64_t)(uintptr_t)p;
  if (SIMI_PTR_SPACE(v) != SIMI_SPACE_GLOBAL || SIMI_PTR_ALLOC(v) >= simR_mem.n) return 0;
  const simR_alloc *a = &simR_mem.v[SIMI_PTR_ALLOC(v)];
  uint64_t off = SIMI_PTR_OFFSET(v);
  if (a->kind == SIMR_MEM_FREE || off >= a->size) return 0;
  return a->size - off < n ? a->size - off : n;
}

/* Write a descriptor at host bytes p. */
static void write_desc(uint8_t *p, unsigned dims, size_t w, size_t h, size_t d, unsigned kind,
                       unsigned esize, unsigned ch, int layered, const texdesc *t) {
  simdesc s;
  memset(&s, 0, sizeof s);
  s.magic = TEX_MAGIC, s.dims = dims, s.w = (uint32_t)w, s.h = (uint32_t)(h ? h : 1);
  s.d = (uint32_t)(d ? d : 1), s.kind = kind, s.esize = esize, s.ch = ch;
  s.layered = (uint32_t)layered;
  for (int i = 0; i < 3; i++) s.addr[i] = t ? (uint32_t)t->addressMode[i] : 1; /* clamp */
  if (t) s.filter = (uint32_t)t->filterMode, s.norm = t->normalizedCoords != 0, s.read = (uint32_t)t->readMode;
  memset(p, 0, DESC_BYTES);
  memcpy(p, &s, sizeof s);
}

/* Whether array a is read by layers: cudaArrayLayered, or cudaArrayCubemap
 * (its depth holds the six faces, 6 per layer of a layered cubemap: the
 * device headers' texCubemap picks the layer of a direction's face). */
static int array_layered(const struct cudaArray *a) {
  return (a->flags & (0x01u | 0x04u)) != 0;
}

/* The descriptor of array a with sampling t (NULL: none). */
static void array_desc(struct cudaArray *a, const texdesc *t) {
  unsigned esize, ch, kind;
  if (format("", &a->desc, &esize, &ch, &kind)) return; /* checked when allocated */
  int layered = array_layered(a);
  unsigned dims = a->d && !layered ? 3 : a->h ? 2 : 1;
  uint8_t *p = host_of(a->dev, DESC_BYTES);
  if (p) write_desc(p, dims, a->w, a->h, a->d, kind, esize, ch, layered, t);
}

static cudaError_t alloc_array(const char *fn, struct cudaArray **out, const chan *desc, size_t w,
                               size_t h, size_t d, unsigned flags) {
  if (!out || !desc) return simR_error_locked(cudaErrorInvalidValue);
  unsigned esize, ch, kind;
  cudaError_t e = format(fn, desc, &esize, &ch, &kind);
  if (e) return e;
  if (!w || w > 1u << 20 || h > 1u << 20 || d > 1u << 16 || (d && !h && !(flags & 1u)))
    return simR_error_locked(cudaErrorInvalidValue);
  if (flags & ~(0x01u | 0x02u | 0x04u | 0x08u | 0x20u)) {
    char what[96];
    snprintf(what, sizeof what, "%s with flags 0x%x", fn, flags);
    return simR_unsupported_locked(what);
  }
  /* a cubemap: square faces, six of them (six per layer when layered) */
  if ((flags & 0x04u) && (w != h || !d || d % 6 || (!(flags & 0x01u) && d != 6))) {
    simR_handle_warn_locked(fn,
                            "a cubemap array (cudaArrayCubemap) of %zux%zux%zu: its width "
                            "and height must be equal and its depth 6 (a multiple of 6 when "
                            "layered): returns cudaErrorInvalidValue",
                            w, h, d);
    return simR_error_locked(cudaErrorInvalidValue);
  }
  uint64_t texels = (uint64_t)w * (h ? h : 1) * (d ? d : 1);
  if (texels > (uint64_t)1 << 32) return simR_error_locked(cudaErrorMemoryAllocation);
  struct cudaArray *a = calloc(1, sizeof *a);
  if (!a) return simR_error_locked(cudaErrorMemoryAllocation);
  a->magic = ARRAY_MAGIC, a->desc = *desc, a->w = w, a->h = h, a->d = d, a->flags = flags;
  a->esize = esize;
  e = cudaMalloc(&a->dev, DESC_BYTES + texels * esize);
  if (e) {
    free(a);
    return e;
  }
  uint8_t *p = host_of(a->dev, DESC_BYTES + texels * esize);
  if (p) memset(p + DESC_BYTES, 0, texels * esize);
  array_desc(a, NULL);
  if (simR_handle_add_locked((uint64_t)(uintptr_t)a, SIMR_H_ARRAY, a) < 0) {
    cudaFree(a->dev);
    free(a);
    return simR_error_locked(cudaErrorMemoryAllocation);
  }
  *out = a;
  return cudaSuccess;
}

EXPORT cudaError_t cudaMallocArray(struct cudaArray **array, const chan *desc, size_t width,
                                   size_t height, unsigned flags) {
  simR_lock();
  cudaError_t e = alloc_array("cudaMallocArray", array, desc, width, height, 0, flags);
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaMalloc3DArray(struct cudaArray **array, const chan *desc,
                                     struct cudaExtent extent, unsigned flags) {
  simR_lock();
  cudaError_t e = alloc_array("cudaMalloc3DArray", array, desc, extent.width, extent.height,
                              extent.depth, flags);
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaFreeArray(struct cudaArray *a) {
  if (!a) return cudaSuccess;
  simR_lock();
  if (!simR_handle_check_locked((uint64_t)(uintptr_t)a, SIMR_H_ARRAY, "cudaFreeArray",
                                "cudaErrorInvalidResourceHandle")) {
    cudaError_t e = simR_error_locked(cudaErrorInvalidResourceHandle);
    simR_unlock();
    return e;
  }
  cudaError_t e = cudaFree(a->dev);
  a->magic = 0;
  simR_handle_delete_locked(a, SIMR_H_ARRAY); /* kept a while: a stale pointer stays invalid */
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaArrayGetInfo(chan *desc, struct cudaExtent *extent, unsigned *flags,
                                    struct cudaArray *a) {
  if (!valid_array(a)) return cudaErrorInvalidResourceHandle;
  if (desc) *desc = a->desc;
  if (extent) extent->width = a->w, extent->height = a->h, extent->depth = a->d;
  if (flags) *flags = a->flags;
  return cudaSuccess;
}

EXPORT cudaError_t cudaGetChannelDesc(chan *desc, const struct cudaArray *a) {
  if (!desc) return cudaErrorInvalidValue;
  if (!valid_array(a)) return cudaErrorInvalidResourceHandle;
  *desc = a->desc;
  return cudaSuccess;
}

/* -------------------------------------------------------------- copies */

/* Row bytes of an array and the device address of byte x of row y. */
static size_t row_bytes(const struct cudaArray *a) { return a->w * a->esize; }
static uint8_t *at(const struct cudaArray *a, size_t x, size_t y) {
  return (uint8_t *)a->dev + DESC_BYTES + y * row_bytes(a) + x;
}
static size_t rows(const struct cudaArray *a) { return (a->h ? a->h : 1) * (a->d ? a->d : 1); }

/* Whether width bytes x height rows at byte x, row y lie inside a. */
static int inside(const struct cudaArray *a, size_t x, size_t y, size_t width, size_t height) {
  return valid_array(a) && x <= row_bytes(a) && width <= row_bytes(a) - x && y <= rows(a) &&
         height <= rows(a) - y;
}

EXPORT cudaError_t cudaMemcpy2DToArray(struct cudaArray *dst, size_t x, size_t y, const void *src,
                                       size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind) {
  if (!inside(dst, x, y, width, height)) return cudaErrorInvalidValue;
  return cudaMemcpy2D(at(dst, x, y), row_bytes(dst), src, spitch, width, height, kind);
}
EXPORT cudaError_t cudaMemcpy2DToArrayAsync(struct cudaArray *dst, size_t x, size_t y,
                                            const void *src, size_t spitch, size_t width,
                                            size_t height, enum cudaMemcpyKind kind, cudaStream_t s) {
  if (!inside(dst, x, y, width, height)) return cudaErrorInvalidValue;
  return cudaMemcpy2DAsync(at(dst, x, y), row_bytes(dst), src, spitch, width, height, kind, s);
}
EXPORT cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, const struct cudaArray *src,
                                         size_t x, size_t y, size_t width, size_t height,
                                         enum cudaMemcpyKind kind) {
  if (!inside(src, x, y, width, height)) return cudaErrorInvalidValue;
  return cudaMemcpy2D(dst, dpitch, at(src, x, y), row_bytes(src), width, height, kind);
}
EXPORT cudaError_t cudaMemcpy2DFromArrayAsync(void *dst, size_t dpitch,
                                              const struct cudaArray *src, size_t x, size_t y,
                                              size_t width, size_t height, enum cudaMemcpyKind kind,
                                              cudaStream_t s) {
  if (!inside(src, x, y, width, height)) return cudaErrorInvalidValue;
  return cudaMemcpy2DAsync(dst, dpitch, at(src, x, y), row_bytes(src), width, height, kind, s);
}
EXPORT cudaError_t cudaMemcpy2DArrayToArray(struct cudaArray *dst, size_t dx, size_t dy,
                                            const struct cudaArray *src, size_t sx, size_t sy,
                                            size_t width, size_t height, enum cudaMemcpyKind kind) {
  (void)kind;
  if (!inside(dst, dx, dy, width, height) || !inside(src, sx, sy, width, height))
    return cudaErrorInvalidValue;
  return cudaMemcpy2D(at(dst, dx, dy), row_bytes(dst), at(src, sx, sy), row_bytes(src), width,
                      height, cudaMemcpyDeviceToDevice);
}

/* The linear (deprecated) forms: count bytes from byte x of row y, row
 * after row. */
static int inside_linear(const struct cudaArray *a, size_t x, size_t y, size_t count) {
  return valid_array(a) && x <= row_bytes(a) && y < rows(a) &&
         count <= (rows(a) - y) * row_bytes(a) - x;
}
EXPORT cudaError_t cudaMemcpyToArray(struct cudaArray *dst, size_t x, size_t y, const void *src,
                                     size_t count, enum cudaMemcpyKind kind) {
  if (!inside_linear(dst, x, y, count)) return cudaErrorInvalidValue;
  return cudaMemcpy(at(dst, x, y), src, count, kind);
}
EXPORT cudaError_t cudaMemcpyToArrayAsync(struct cudaArray *dst, size_t x, size_t y,
                                          const void *src, size_t count, enum cudaMemcpyKind kind,
                                          cudaStream_t s) {
  if (!inside_linear(dst, x, y, count)) return cudaErrorInvalidValue;
  return cudaMemcpyAsync(at(dst, x, y), src, count, kind, s);
}
EXPORT cudaError_t cudaMemcpyFromArray(void *dst, const struct cudaArray *src, size_t x, size_t y,
                                       size_t count, enum cudaMemcpyKind kind) {
  if (!inside_linear(src, x, y, count)) return cudaErrorInvalidValue;
  return cudaMemcpy(dst, at(src, x, y), count, kind);
}
EXPORT cudaError_t cudaMemcpyFromArrayAsync(void *dst, const struct cudaArray *src, size_t x,
                                            size_t y, size_t count, enum cudaMemcpyKind kind, cudaStream_t s) {
  if (!inside_linear(src, x, y, count)) return cudaErrorInvalidValue;
  return cudaMemcpyAsync(dst, at(src, x, y), count, kind, s);
}
EXPORT cudaError_t cudaMemcpyArrayToArray(struct cudaArray *dst, size_t dx, size_t dy,
                                          const struct cudaArray *src, size_t sx, size_t sy,
                                          size_t count, enum cudaMemcpyKind kind) {
  (void)kind;
  if (!inside_linear(dst, dx, dy, count) || !inside_linear(src, sx, sy, count))
    return cudaErrorInvalidValue;
  return cudaMemcpy(at(dst, dx, dy), at(src, sx, sy), count, cudaMemcpyDeviceToDevice);
}

/* cudaMemcpy3D's parameters p with its CUDA arrays made pitched pointers
 * to their texels (in q, returned), p itself when it names none; NULL with
 * *err on a bad array or a range past it. */
static const struct cudaMemcpy3DParms *copy3d_arrays_locked(const struct cudaMemcpy3DParms *p,
                                                           struct cudaMemcpy3DParms *q,
                                                           cudaError_t *err) {
  *err = cudaSuccess;
  if (!p || (!p->srcArray && !p->dstArray)) return p;
  *q = *p;
  struct cudaArray *arr[2] = {p->srcArray, p->dstArray};
  size_t esize = 0;
  for (int i = 0; i < 2; i++) {
    struct cudaArray *a = arr[i];
    if (!a) continue;
    if (!valid_array(a)) {
      *err = simR_error_locked(cudaErrorInvalidResourceHandle);
      return NULL;
    }
    if (esize && esize != a->esize) {
      *err = simR_error_locked(cudaErrorInvalidValue);
      return NULL;
    }
    esize = a->esize;
    struct cudaPitchedPtr pp = {(uint8_t *)a->dev + DESC_BYTES, row_bytes(a), row_bytes(a),
                                a->h ? a->h : 1};
    struct cudaPos *pos = i ? &q->dstPos : &q->srcPos;
    size_t ext_w = p->extent.width * a->esize;
    size_t h = p->extent.height ? p->extent.height : 1, d = p->extent.depth ? p->extent.depth : 1;
    if (pos->x > a->w || p->extent.width > a->w - pos->x || pos->y + h > (a->h ? a->h : 1) ||
        pos->z + d > (a->d ? a->d : 1)) {
      *err = simR_error_locked(cudaErrorInvalidValue);
      return NULL;
    }
    (void)ext_w;
    pos->x *= a->esize;
    if (i) q->dstPtr = pp, q->dstArray = NULL;
    else q->srcPtr = pp, q->srcArray = NULL;
  }
  /* the extent of a copy with an array is in elements */
  q->extent.width *= esize;
  if (!q->extent.height) q->extent.height = 1;
  if (!q->extent.depth) q->extent.depth = 1;
  return q;
}

/* cudaMemcpy3D(Async): CUDA arrays as pitched pointers to their texels,
 * then runtime/memory.c's copy between pitched pointers. */
EXPORT cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p) {
  const void *site = __builtin_return_address(0);
  struct cudaMemcpy3DParms q;
  cudaError_t e;
  simR_lock();
  p = copy3d_arrays_locked(p, &q, &e);
  if (!e) e = simR_memcpy3d_locked(p, NULL, 0, site);
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t st) {
  const void *site = __builtin_return_address(0);
  struct cudaMemcpy3DParms q;
  cudaError_t e;
  if (simR_mem_not_captured(SIMR_OP_COPY, st, "cudaMemcpy3DAsync", &e)) return e;
  simR_lock();
  p = copy3d_arrays_locked(p, &q, &e);
  if (!e) e = simR_memcpy3d_locked(p, st, 1, site);
  simR_unlock();
  return e;
}

/* ------------------------------------------------------ texture objects */

EXPORT cudaError_t cudaCreateTextureObject(uint64_t *out, const resdesc *res, const texdesc *tex,
                                           const void *view) {
  if (!out || !res || !tex) return cudaErrorInvalidValue;
  simR_lock();
  cudaError_t e = cudaSuccess;
  char what[128];
  if (view) e = simR_unsupported_locked("cudaCreateTextureObject with a resource view");
  else if (tex->sRGB) e = simR_unsupported_locked("cudaCreateTextureObject with sRGB");
  else if (res->resType == cudaResourceTypeMipmappedArray)
    e = simR_unsupported_locked("cudaCreateTextureObject over a mipmapped array");
  else if ((int)res->resType < 0 || res->resType > cudaResourceTypePitch2D)
    e = simR_error_locked(cudaErrorInvalidValue);
  for (int i = 0; !e && i < 3; i++)
    if ((int)tex->addressMode[i] < 0 || tex->addressMode[i] > 3) e = simR_error_locked(cudaErrorInvalidValue);
  if (!e && ((int)tex->filterMode < 0 || tex->filterMode > 1 || (int)tex->readMode < 0 || tex->readMode > 1))
    e = simR_error_locked(cudaErrorInvalidValue);
  texobj *o = e ? NULL : calloc(1, sizeof *o);
  if (!e && !o) e = simR_error_locked(cudaErrorMemoryAllocation);
  if (e) {
    simR_unlock();
    return e;
  }
  o->res = *res, o->tex = *tex;
  unsigned esize = 0, ch = 0, kind = 0;
  if (res->resType == cudaResourceTypeArray) {
    struct cudaArray *a = res->res.array.array;
    if (!valid_array(a)) e = simR_error_locked(cudaErrorInvalidResourceHandle);
    else {
      format("", &a->desc, &esize, &ch, &kind);
      uint8_t *p = host_of(a->dev, DESC_BYTES);
      simdesc cur;
      memcpy(&cur, p, sizeof cur);
      int same = cur.filter == (uint32_t)tex->filterMode && cur.read == (uint32_t)tex->readMode &&
                 cur.norm == (uint32_t)(tex->normalizedCoords != 0);
      for (int i = 0; i < 3; i++) same = same && cur.addr[i] == (uint32_t)tex->addressMode[i];
      if (!a->sampled || same) { /* the array itself */
        array_desc(a, tex);
        a->sampled = 1;
        o->dev = a->dev;
      } else {
        o->own = 1;
        uint64_t bytes = DESC_BYTES + (uint64_t)row_bytes(a) * rows(a);
        e = cudaMalloc(&o->dev, bytes);
      }
    }
  } else {
    const chan *c = res->resType == cudaResourceTypeLinear ? &res->res.linear.desc : &res->res.pitch2D.desc;
    snprintf(what, sizeof what, "cudaCreateTextureObject");
    e = format(what, c, &esize, &ch, &kind);
    if (!e && res->resType == cudaResourceTypeLinear && (!res->res.linear.devPtr || !res->res.linear.sizeInBytes))
      e = simR_error_locked(cudaErrorInvalidValue);
    if (!e && res->resType == cudaResourceTypePitch2D &&
        (!res->res.pitch2D.devPtr || !res->res.pitch2D.width || !res->res.pitch2D.height ||
         res->res.pitch2D.pitchInBytes < res->res.pitch2D.width * esize))
      e = simR_error_locked(cudaErrorInvalidPitchValue);
    if (!e) {
      o->own = 1;
      uint64_t texels = res->resType == cudaResourceTypeLinear
                            ? res->res.linear.sizeInBytes / esize
                            : (uint64_t)res->res.pitch2D.width * res->res.pitch2D.height;
      if (texels > (uint64_t)1 << 32) e = simR_error_locked(cudaErrorInvalidValue);
      else e = cudaMalloc(&o->dev, DESC_BYTES + texels * esize);
    }
  }
  if (e) {
    free(o);
    simR_unlock();
    return e;
  }
  o->handle = (uint64_t)(uintptr_t)o->dev;
  o->next = objects, objects = o;
  if (o->own) {
    /* its descriptor once, its texels before every launch */
    uint8_t *p = host_of(o->dev, DESC_BYTES);
    if (res->resType == cudaResourceTypeArray) {
      const struct cudaArray *a = res->res.array.array;
      int layered = array_layered(a);
      write_desc(p, a->d && !layered ? 3 : a->h ? 2 : 1, a->w, a->h, a->d, kind, esize, ch,
                 layered, tex);
    } else if (res->resType == cudaResourceTypeLinear) {
      write_desc(p, 1, res->res.linear.sizeInBytes / esize, 0, 0, kind, esize, ch, 0, tex);
    } else {
      write_desc(p, 2, res->res.pitch2D.width, res->res.pitch2D.height, 0, kind, esize, ch, 0,
                 tex);
    }
    simR_tex_refresh_locked();
  }
  *out = o->handle;
  simR_unlock();
  return cudaSuccess;
}

static texobj *find(uint64_t h, texobj ***link) {
  for (texobj **l = &objects; *l; l = &(*l)->next)
    if ((*l)->handle == h) {
      if (link) *link = l;
      return *l;
    }
  return NULL;
}

EXPORT cudaError_t cudaDestroyTextureObject(uint64_t h) {
  simR_lock();
  texobj **l, *o = find(h, &l);
  cudaError_t e = cudaSuccess;
  if (!o && h) {
    simR_handle_warn_locked("cudaDestroyTextureObject", "texture object 0x%llx is none the "
                            "program created, or was destroyed: returns cudaErrorInvalidValue",
                            (unsigned long long)h);
    e = simR_error_locked(cudaErrorInvalidValue);
  } else if (o) {
    *l = o->next;
    if (o->own) e = cudaFree(o->dev);
    free(o);
  }
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaGetTextureObjectResourceDesc(resdesc *res, uint64_t h) {
  if (!res) return cudaErrorInvalidValue;
  simR_lock();
  texobj *o = find(h, NULL);
  if (o) *res = o->res;
  simR_unlock();
  return o ? cudaSuccess : cudaErrorInvalidValue;
}

EXPORT cudaError_t cudaGetTextureObjectTextureDesc(texdesc *tex, uint64_t h) {
  if (!tex) return cudaErrorInvalidValue;
  simR_lock();
  texobj *o = find(h, NULL);
  if (o) *tex = o->tex;
  simR_unlock();
  return o ? cudaSuccess : cudaErrorInvalidValue;
}

void simR_tex_refresh_locked(void) {
  for (texobj *o = objects; o; o = o->next) {
    if (!o->own) continue;
    const resdesc *r = &o->res;
    if (r->resType == cudaResourceTypeArray) {
      const struct cudaArray *a = r->res.array.array;
      uint64_t n = (uint64_t)row_bytes(a) * rows(a);
      uint8_t *dst = host_of(o->dev, DESC_BYTES + n), *src = valid_array(a) ? host_of(a->dev, DESC_BYTES + n) : NULL;
      if (dst && src) memcpy(dst + DESC_BYTES, src + DESC_BYTES, n);
    } else if (r->resType == cudaResourceTypeLinear) {
      uint8_t *d = host_of(o->dev, DESC_BYTES);
      simdesc s;
      memcpy(&s, d, sizeof s);
      uint64_t n = (uint64_t)s.w * s.esize;
      uint8_t *dst = host_of(o->dev, DESC_BYTES + n), *src = host_of(r->res.linear.devPtr, n);
      if (!src) {
        /* sizeInBytes past the end of the allocation (CUDA does not check
         * it): the texels the allocation holds, the rest zeros */
        n = linear_avail(r->res.linear.devPtr, n);
        src = n ? host_of(r->res.linear.devPtr, n) : NULL;
      }
      if (dst && src) memcpy(dst + DESC_BYTES, src, n);
    } else {
      uint8_t *d = host_of(o->dev, DESC_BYTES);
      simdesc s;
      memcpy(&s, d, sizeof s);
      uint64_t row = (uint64_t)s.w * s.esize, n = row * s.h;
      uint8_t *dst = host_of(o->dev, DESC_BYTES + n);
      uint8_t *src = host_of(r->res.pitch2D.devPtr, r->res.pitch2D.pitchInBytes * (s.h - 1) + row);
      for (uint64_t y = 0; dst && src && y < s.h; y++)
        memcpy(dst + DESC_BYTES + y * row, src + y * r->res.pitch2D.pitchInBytes, row);
    }
  }
}

/* ------------------------------------------------------ surface objects */

EXPORT cudaError_t cudaCreateSurfaceObject(uint64_t *out, const resdesc *res) {
  if (!out || !res) return cudaErrorInvalidValue;
  if (res->resType != cudaResourceTypeArray) return cudaErrorInvalidValue;
  simR_lock();
  struct cudaArray *a = res->res.array.array;
  cudaError_t e = valid_array(a) ? cudaSuccess : simR_error_locked(cudaErrorInvalidResourceHandle);
  if (!e) *out = (uint64_t)(uintptr_t)a->dev;
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaDestroySurfaceObject(uint64_t s) {
  (void)s;
  return cudaSuccess;
}
