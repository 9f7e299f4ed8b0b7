/* simulee CUDA headers: runtime API types (error codes, memcpy kinds,
 * streams, events, device properties, function attributes).
 *
 * The types themselves are in simulee_cuda_types.h, plain C that simulee's
 * runtime library includes too; this header brings dim3 (vector_types.h)
 * and the qualifiers (host_defines.h) first. */
#ifndef SIMULEE_CUDA_DRIVER_TYPES_H
#define SIMULEE_CUDA_DRIVER_TYPES_H
/* NVIDIA's guard of this header: code tests it to know the runtime types
 * are declared */
#ifndef __DRIVER_TYPES_H__
#define __DRIVER_TYPES_H__
#endif

#include "host_defines.h"
#include "vector_types.h"
#include "simulee_cuda_types.h"

#endif
