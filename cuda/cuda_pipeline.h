/* simulee CUDA headers: <cuda_pipeline.h>, the asynchronous copy primitives
 * (written from the CUDA programming guide) on cp.async, executed as the
 * hardware does: a copy lands when its group is waited for, and reading its
 * destination before that is a race with the copy. */
#ifndef SIMULEE_CUDA_PIPELINE_H
#define SIMULEE_CUDA_PIPELINE_H
#include "host_defines.h"
/* device code only: nothing for a plain host compiler, as NVIDIA's */
#ifndef __SIMULEE_HOST_COMPILER
#ifndef _CUDA_PIPELINE_H_
#define _CUDA_PIPELINE_H_
#endif
#include "cuda_runtime.h"
#include "simulee_async.h"

/* copies size bytes (4, 8 or 16) from global src to shared dst; the last
 * zfill bytes of dst are zeroed instead of copied */
__SIM_DEV void __pipeline_memcpy_async(void *dst, const void *src, size_t size,
                                       size_t zfill = 0) {
  unsigned n = (unsigned)(zfill < size ? size - zfill : 0);
  if (size == 16) __sim_cp_async<16>(dst, src, n);
  else if (size == 8) __sim_cp_async<8>(dst, src, n);
  else __sim_cp_async<4>(dst, src, n);
}
__SIM_DEV void __pipeline_commit(void) { __sim_cp_async_commit(); }
__SIM_DEV void __pipeline_wait_prior(size_t prior) { __sim_cp_async_wait_group((unsigned)prior); }
__SIM_DEV void __pipeline_arrive_on(void *barrier) {
  __sim_cp_async_arrive((unsigned long long *)barrier);
}

#endif /* !__SIMULEE_HOST_COMPILER */
#endif
