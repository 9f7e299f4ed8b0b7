/* simulee CUDA headers: <cuda_pipeline.h>, the asynchronous copy
 * primitives (written from the CUDA programming guide). simulee performs a
 * copy at once, when the thread issues it (a valid schedule: the copy may
 * complete any time before the matching wait); commit and wait are then
 * no-ops for the data, and the shared destination is written by the
 * issuing thread, so races on it are found as for a plain store. */
#ifndef SIMULEE_CUDA_PIPELINE_H
#define SIMULEE_CUDA_PIPELINE_H
#ifndef _CUDA_PIPELINE_H_
#define _CUDA_PIPELINE_H_
#endif
#include "cuda_runtime.h"

/* copies size bytes (4, 8 or 16) from global src to shared dst; the last
 * zfill bytes of dst are zeroed instead of copied */
__SIM_DEV void __pipeline_memcpy_async(void *dst, const void *src, size_t size,
                                       size_t zfill = 0) {
  unsigned char *d = (unsigned char *)dst;
  const unsigned char *s = (const unsigned char *)src;
  for (size_t i = 0; i < size; i++)
    d[i] = i + zfill < size ? s[i] : 0;
}
__SIM_DEV void __pipeline_commit(void) {}
__SIM_DEV void __pipeline_wait_prior(size_t prior) { (void)prior; }
__SIM_DEV void __pipeline_arrive_on(void *barrier) { (void)barrier; }

#endif
