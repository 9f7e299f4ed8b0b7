/*
 * simulee runtime: the device heap (malloc/free and new/delete in kernels).
 * In CUDA the heap belongs to the context: a block one kernel allocates is
 * used and freed by later launches, and cudaLimitMallocHeapSize sizes it
 * once. One simI_heap for the whole run, made at the first launch and handed
 * to every launch (simI_launch.heap, runtime/launch.c); released at exit
 * (launch.c's exit hook) and by cudaDeviceReset (api.c). Callers hold the
 * lock.
 */
#include <stdint.h>
#include "runtime/internal.h"

/* the heap, once a launch needed it */
static simI_heap *heap;
/* the size asked for before it was made (0: CUDA's 8 MiB) */
static uint64_t heap_bytes;

simI_heap *simR_heap_locked(void) {
  if (!heap) heap = simI_heap_new(heap_bytes);
  return heap;
}

size_t simR_heap_limit_locked(void) {
  return heap ? (size_t)simI_heap_limit(heap) : heap_bytes ? (size_t)heap_bytes : (size_t)8 << 20;
}

cudaError_t simR_heap_set_limit_locked(size_t bytes) {
  /* CUDA: cudaErrorInvalidValue once a kernel that uses the heap ran */
  if (heap && simI_heap_set_limit(heap, bytes)) return cudaErrorInvalidValue;
  heap_bytes = bytes;
  return cudaSuccess;
}

void simR_heap_reset_locked(void) {
  simI_heap_delete(heap);
  heap = NULL;
  heap_bytes = 0;
}
