/*
 * Internal: the device heap (malloc/free and operator new/delete in device
 * code). Each allocation is its own global allocation
 * (SIMI_PTR_MAKE(SIMI_SPACE_GLOBAL, SIMI_HEAP_FIRST + i, 0)), so accesses are
 * bounds-checked and race-checked like a launch buffer's.
 *
 * A launch without simI_launch.heap has a heap of its own, released at its
 * end; a program run's runtime passes one heap (simI_heap_new) to all its
 * launches, so blocks keep their indices from launch to launch, as the
 * context's heap does in CUDA. An index is not reused while unused ones
 * remain, so a pointer to a freed block stays recognisable (use after free,
 * double free); once all SIMI_HEAP_MAX_BLOCKS indices were handed out, the
 * oldest freed index is the next one reused.
 */
#ifndef SIMULEE_INTERP_HEAP_H
#define SIMULEE_INTERP_HEAP_H

#include <stdint.h>

#include "simulee/interp.h"

/* First global allocation index of the heap; the heap ends below
 * SIMI_GLOBALVAR_FIRST (the module's __device__ variables). */
#define SIMI_HEAP_FIRST 0x10000u
#define SIMI_HEAP_MAX_BLOCKS (SIMI_GLOBALVAR_FIRST - SIMI_HEAP_FIRST)
/* CUDA's default heap size (cudaLimitMallocHeapSize). */
#define SIMI_DEFAULT_DEVICE_HEAP (8ull << 20)

typedef struct simI_hblock {
  uint8_t *data;   /* zeroed host memory of `size` bytes (NULL if size 0) */
  uint64_t size;   /* bytes requested */
  int freed;       /* freed (data released) */
  uint32_t free_site; /* site of the free, if freed ... */
  const void *free_prog; /* ... in this program (simI_program) */
  uint64_t free_launch;  /* ... in this launch of the heap's owner (0: unknown) */
} simI_hblock;

struct simI_heap {
  simI_hblock *b;  /* blocks by index (allocation SIMI_HEAP_FIRST + i) */
  uint32_t n, cap;
  uint64_t live;   /* bytes of blocks not freed */
  uint64_t limit;  /* heap bytes (live may not exceed it) */
  int shadow;      /* blocks carry a "written" shadow: data holds 2 * size
                      bytes, the shadow at data + size (initcheck) */
  /* a persistent heap (simI_heap_new) */
  int persistent;
  int used;        /* a kernel that uses it was launched (limit fixed) */
  int untracked;   /* a launch wrote its blocks without keeping the shadow:
                      the next launch that keeps it counts every byte of the
                      live blocks as written */
  uint64_t launch; /* the owner's launch ordinal (simI_heap_set_launch) */
  /* freed indices, oldest first (a ring), reused when none is left */
  uint32_t *fq;
  uint32_t fq_head, fq_n, fq_cap;
};

/* An empty heap of `limit` bytes (0: SIMI_DEFAULT_DEVICE_HEAP). */
void simI_heap_init(simI_heap *h, uint64_t limit);
/* A fresh zeroed block of `bytes` bytes: its simulated pointer, or 0 (NULL)
 * when the heap is exhausted (live + bytes > limit, no index left, or host
 * memory short). *nomem is set to 1 only when host memory ran out. */
uint64_t simI_heap_alloc(simI_heap *h, uint64_t bytes, int *nomem);
/* Frees the block pointer p designates (site in program prog). Returns 0
 * (freed, or p is NULL), 1 if the block was already freed (double free),
 * 2 if p is not the start of a heap block. */
int simI_heap_free(simI_heap *h, uint64_t p, uint32_t site, const void *prog);
/* The block of global allocation index al, or NULL if al is not a heap
 * block. */
simI_hblock *simI_heap_block(simI_heap *h, unsigned al);
/* Counts every byte of the live blocks as written (shadow heaps). */
void simI_heap_all_written(simI_heap *h);
/* Releases every block (the end of a launch's own heap). */
void simI_heap_release(simI_heap *h);

#endif
