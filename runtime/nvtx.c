/*
 * simulee runtime: NVTX (cuda/nvToolsExt.h, nvToolsExtCuda.h,
 * nvToolsExtCudaRt.h). NVTX annotates a program for a profiler; with none
 * attached (as here) its calls do nothing but keep their contracts: a push
 * returns the level of the range it opens and a pop the level it closes (or
 * -1 with none open), per thread and per domain; range starts return fresh
 * ids; domains and registered strings are distinct handles. NVIDIA's NVTX 3
 * is header-only; simulee's headers declare the functions, defined here in
 * the runtime library every CUDA program links (and libnvToolsExt.so of the
 * toolkit for build files that name it).
 */
#include <stdint.h>
#include <stdlib.h>
#include <wchar.h>

#include "runtime/internal.h"

#define EXPORT __attribute__((visibility("default")))

/* a domain: its own range stack depth per thread is approximated by one
 * counter per domain (domains are rarely shared between threads) */
typedef struct nvtx_domain {
  int depth;
} nvtx_domain;

static __thread int depth; /* the default domain's open pushed ranges */
static uint64_t next_id;   /* range ids (0 is none) */

static int push(int *d) { return (*d)++; }
static int pop(int *d) { return *d > 0 ? --(*d) : -1; }

EXPORT void nvtxInitialize(const void *reserved) { (void)reserved; }
EXPORT void nvtxMarkA(const char *m) { (void)m; }
EXPORT void nvtxMarkW(const wchar_t *m) { (void)m; }
EXPORT void nvtxMarkEx(const void *a) { (void)a; }
EXPORT int nvtxRangePushA(const char *m) {
  (void)m;
  return push(&depth);
}
EXPORT int nvtxRangePushW(const wchar_t *m) {
  (void)m;
  return push(&depth);
}
EXPORT int nvtxRangePushEx(const void *a) {
  (void)a;
  return push(&depth);
}
EXPORT int nvtxRangePop(void) { return pop(&depth); }
EXPORT uint64_t nvtxRangeStartA(const char *m) {
  (void)m;
  return __atomic_add_fetch(&next_id, 1, __ATOMIC_RELAXED);
}
EXPORT uint64_t nvtxRangeStartW(const wchar_t *m) {
  (void)m;
  return __atomic_add_fetch(&next_id, 1, __ATOMIC_RELAXED);
}
EXPORT uint64_t nvtxRangeStartEx(const void *a) {
  (void)a;
  return __atomic_add_fetch(&next_id, 1, __ATOMIC_RELAXED);
}
EXPORT void nvtxRangeEnd(uint64_t id) { (void)id; }
EXPORT void nvtxNameCategoryA(uint32_t c, const char *n) { (void)c, (void)n; }
EXPORT void nvtxNameCategoryW(uint32_t c, const wchar_t *n) { (void)c, (void)n; }
EXPORT void nvtxNameOsThreadA(uint32_t t, const char *n) { (void)t, (void)n; }
EXPORT void nvtxNameOsThreadW(uint32_t t, const wchar_t *n) { (void)t, (void)n; }

EXPORT nvtx_domain *nvtxDomainCreateA(const char *name) {
  (void)name;
  return calloc(1, sizeof(nvtx_domain));
}
EXPORT nvtx_domain *nvtxDomainCreateW(const wchar_t *name) {
  (void)name;
  return calloc(1, sizeof(nvtx_domain));
}
EXPORT void nvtxDomainDestroy(nvtx_domain *d) { free(d); }
EXPORT void nvtxDomainMarkEx(nvtx_domain *d, const void *a) { (void)d, (void)a; }
EXPORT int nvtxDomainRangePushEx(nvtx_domain *d, const void *a) {
  (void)a;
  return d ? push(&d->depth) : push(&depth);
}
EXPORT int nvtxDomainRangePop(nvtx_domain *d) { return d ? pop(&d->depth) : pop(&depth); }
EXPORT uint64_t nvtxDomainRangeStartEx(nvtx_domain *d, const void *a) {
  (void)d, (void)a;
  return __atomic_add_fetch(&next_id, 1, __ATOMIC_RELAXED);
}
EXPORT void nvtxDomainRangeEnd(nvtx_domain *d, uint64_t id) { (void)d, (void)id; }
/* a registered string: a copy of nothing, distinct per call */
EXPORT void *nvtxDomainRegisterStringA(nvtx_domain *d, const char *s) {
  (void)d, (void)s;
  return malloc(1);
}
EXPORT void *nvtxDomainRegisterStringW(nvtx_domain *d, const wchar_t *s) {
  (void)d, (void)s;
  return malloc(1);
}
EXPORT void nvtxDomainNameCategoryA(nvtx_domain *d, uint32_t c, const char *n) {
  (void)d, (void)c, (void)n;
}
EXPORT void nvtxDomainNameCategoryW(nvtx_domain *d, uint32_t c, const wchar_t *n) {
  (void)d, (void)c, (void)n;
}
/* names of CUDA objects (nvToolsExtCuda.h, nvToolsExtCudaRt.h) */
EXPORT void nvtxNameCuDeviceA(int dev, const char *n) { (void)dev, (void)n; }
EXPORT void nvtxNameCuContextA(void *c, const char *n) { (void)c, (void)n; }
EXPORT void nvtxNameCuStreamA(void *s, const char *n) { (void)s, (void)n; }
EXPORT void nvtxNameCuEventA(void *e, const char *n) { (void)e, (void)n; }
EXPORT void nvtxNameCudaDeviceA(int dev, const char *n) { (void)dev, (void)n; }
EXPORT void nvtxNameCudaDeviceW(int dev, const wchar_t *n) { (void)dev, (void)n; }
EXPORT void nvtxNameCudaStreamA(void *s, const char *n) { (void)s, (void)n; }
EXPORT void nvtxNameCudaStreamW(void *s, const wchar_t *n) { (void)s, (void)n; }
EXPORT void nvtxNameCudaEventA(void *e, const char *n) { (void)e, (void)n; }
EXPORT void nvtxNameCudaEventW(void *e, const wchar_t *n) { (void)e, (void)n; }
