/*
 * simulee runtime: cuFFT's extensions (cuda/cufftXt.h). cufftXtMakePlanMany
 * is cufftMakePlanMany64 (runtime/fft.c) with the transform's type told by
 * its input and output data types; the multi-GPU calls (descriptors over
 * several devices) say once on stderr that they are not supported and
 * return CUFFT_NOT_SUPPORTED: simulee has one device.
 */
#include <stdio.h>
#include <string.h>

#include "runtime/internal.h"

#define EXPORT __attribute__((visibility("default")))

int cufftMakePlanMany64(int h, int rank, long long *n, long long *inembed, long long istride,
                        long long idist, long long *onembed, long long ostride, long long odist,
                        int type, long long batch, size_t *work);

enum { INVALID_TYPE = 0x3, NOT_SUPPORTED = 0x10 };
/* library_types.h's cudaDataType values */
enum { R_32F = 0, R_64F = 1, C_32F = 4, C_64F = 5 };

EXPORT int cufftXtMakePlanMany(int h, int rank, long long *n, long long *inembed,
                               long long istride, long long idist, int itype, long long *onembed,
                               long long ostride, long long odist, int otype, long long batch,
                               size_t *work, int etype) {
  int type = itype == C_32F && otype == C_32F && etype == C_32F   ? 0x29 /* C2C */
             : itype == R_32F && otype == C_32F && etype == C_32F ? 0x2a /* R2C */
             : itype == C_32F && otype == R_32F && etype == C_32F ? 0x2c /* C2R */
             : itype == C_64F && otype == C_64F && etype == C_64F ? 0x69 /* Z2Z */
             : itype == R_64F && otype == C_64F && etype == C_64F ? 0x6a /* D2Z */
             : itype == C_64F && otype == R_64F && etype == C_64F ? 0x6c /* Z2D */
                                                                  : 0;
  if (!type) {
    simR_lock();
    fprintf(stderr, "simulee: warning: cufftXtMakePlanMany with data types %d -> %d (execution "
                    "%d) is not supported by simulee's cuFFT (32- and 64-bit float and complex "
                    "are): it returns CUFFT_INVALID_TYPE\n", itype, otype, etype);
    simR_unlock();
    return INVALID_TYPE;
  }
  return cufftMakePlanMany64(h, rank, n, inembed, istride, idist, onembed, ostride, odist, type,
                             batch, work);
}

static int multi_gpu(const char *fn) {
  simR_not_supported_once(fn, "cuFFT (one device)", "CUFFT_NOT_SUPPORTED");
  return NOT_SUPPORTED;
}
EXPORT int cufftXtSetGPUs(int h, int n, int *gpus) {
  (void)h, (void)n, (void)gpus;
  return multi_gpu("cufftXtSetGPUs");
}
EXPORT int cufftXtMalloc(int h, void **desc, int format) {
  (void)h, (void)format;
  if (desc) *desc = NULL;
  return multi_gpu("cufftXtMalloc");
}
EXPORT int cufftXtFree(void *desc) { return desc ? multi_gpu("cufftXtFree") : 0; }
EXPORT int cufftXtMemcpy(int h, void *dst, void *src, int type) {
  (void)h, (void)dst, (void)src, (void)type;
  return multi_gpu("cufftXtMemcpy");
}
EXPORT int cufftXtExecDescriptorC2C(int h, void *in, void *out, int dir) {
  (void)h, (void)in, (void)out, (void)dir;
  return multi_gpu("cufftXtExecDescriptorC2C");
}
EXPORT int cufftXtExecDescriptorZ2Z(int h, void *in, void *out, int dir) {
  (void)h, (void)in, (void)out, (void)dir;
  return multi_gpu("cufftXtExecDescriptorZ2Z");
}
EXPORT int cufftXtExecDescriptorR2C(int h, void *in, void *out) {
  (void)h, (void)in, (void)out;
  return multi_gpu("cufftXtExecDescriptorR2C");
}
EXPORT int cufftXtExecDescriptorC2R(int h, void *in, void *out) {
  (void)h, (void)in, (void)out;
  return multi_gpu("cufftXtExecDescriptorC2R");
}
EXPORT int cufftXtExecDescriptor(int h, void *in, void *out, int dir) {
  (void)h, (void)in, (void)out, (void)dir;
  return multi_gpu("cufftXtExecDescriptor");
}
