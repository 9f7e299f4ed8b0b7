/*
 * simulee runtime: the CUDA runtime types the C code of runtime/ needs.
 * They are the device headers' own (cuda/simulee_cuda_types.h, plain C,
 * the one definition that cuda/driver_types.h includes too), so a program
 * compiled against simulee's CUDA headers and the runtime that serves it
 * agree on every layout and value. Only what the runtime adds for itself
 * is here.
 */
#ifndef SIMULEE_RUNTIME_CUDA_TYPES_H
#define SIMULEE_RUNTIME_CUDA_TYPES_H

#include <stddef.h>
#include <stdint.h>

#include "cuda/simulee_cuda_types.h"

/* dim3 as the host code passes it (three unsigned ints by value) */
typedef struct simR_dim3 { unsigned x, y, z; } simR_dim3;

#endif
