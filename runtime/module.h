/*
 * simulee runtime: the program's device code as clang's host code
 * registers it (runtime/module.c): a module per .cu file (its bitcode,
 * loaded on first use), its kernels by host stub, its __device__ and
 * __constant__ variables. launch.c finds and launches kernels through
 * these; findings.c names them in reports; memory.c reaches variables
 * through symbols (simR_symbol_locked). module.c calls none of those.
 */
#ifndef SIMULEE_RUNTIME_MODULE_H
#define SIMULEE_RUNTIME_MODULE_H

#include "runtime/internal.h"

/* One .cu file's device side. */
typedef struct simR_module {
  const uint8_t *bc;      /* its bitcode (in the program's image; rdc: the linked one) */
  uint64_t bclen;         /* bytes */
  const char *source;     /* the .cu file's path (in the image) */
  simI_program *p;        /* loaded on first use, NULL before */
  int failed;             /* the load failed (message in err) */
  char err[512];          /* why */
  uint8_t **globals;      /* persistent __device__ variables */
  uint8_t **consts;       /* persistent __constant__ variables */
  unsigned nglobals, nconsts;
  int rdc;                /* relocatable device code: shares the program
                             linked from every rdc module (rdc_ready) */
} simR_module;

/* A registered kernel: host stub -> device name. */
typedef struct simR_func {
  const void *stub;       /* the host stub's address (what launches pass) */
  simR_module *m;              /* its simR_module */
  char *name;             /* device symbol */
  int kernel;             /* kernel index in m->p, -1 before resolution */
  uint64_t launches;      /* launches so far (this process) */
  int max_dyn_shared;     /* cudaFuncAttributeMaxDynamicSharedMemorySize */
  unsigned fallbacks;     /* launches whose parallel run was refused (after
                             SIMR_JOBS_FALLBACKS its launches run serially) */
} simR_func;

/* A registered __device__ / __constant__ variable. */
typedef struct simR_var {
  const void *host;       /* its host shadow */
  simR_module *m;
  char *name;             /* device symbol */
  int constant;           /* __constant__ */
  unsigned alloc;         /* allocation index in its space, once resolved */
  int resolved;           /* 1 found, -1 not in the simR_module */
} simR_var;

/* Load module m's bitcode (once): 0, or -1 with m->err. */
int simR_module_ready_locked(simR_module *m);
/* Link the bitcode bc[0..n) (bclen[i] bytes each) into one module with
 * llvm-link-19 ($SIMULEE_LLVM_LINK): 0 and the linked bitcode in *out
 * (malloc'd, *outlen bytes), or -1 with why in err (a symbol defined twice or
 * nowhere, the tool missing). */
int simR_link_bitcode(const uint8_t *const *bc, const uint64_t *bclen, unsigned n, uint8_t **out,
                      uint64_t *outlen, char *err, size_t errlen);

/* GPU binaries to link at run time (runtime/jitlink.c: nvJitLink and
 * cuLink*): each input's bitcode and the first's source path. */
typedef struct simR_linkset {
  uint8_t **bc;
  uint64_t *bclen;
  unsigned n, cap;
  char *src;
} simR_linkset;
/* Add a GPU binary of simulee's (a blob, or nvcc -ptx's text of one): 0; -1
 * not one; -2 one cut short; -3 out of memory. */
int simR_linkset_add(simR_linkset *s, const void *data, size_t size);
/* The inputs (at least one) as one blob of their bitcode linked (one input
 * as it is), a whole program (SIMR_BLOB_MAGIC): 0 and *image (malloc'd,
 * *size bytes), or -1 with why in err. */
int simR_linkset_finish(const simR_linkset *s, uint8_t **image, size_t *size, char *err,
                        size_t errlen);
void simR_linkset_free(simR_linkset *s);
/* The registered kernel whose host stub is `stub`, or NULL. */
simR_func *simR_func_find_locked(const void *stub);
/* The kernel of registered stub f, its module loaded; NULL after a line on
 * stderr where the module does not load or lacks it. */
const simI_kernel_info *simR_func_resolve_locked(simR_func *f);
/* Module m's place in the order of registration (record file names). */
unsigned simR_module_index_locked(const simR_module *m);

#endif
