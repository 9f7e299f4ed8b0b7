/* simulee CUDA headers: the occupancy calculator header (declaration-only).
 *
 * Written for simulee. Libraries include it for the host-side occupancy
 * helpers; simulee never computes occupancy, so only the types and the
 * result codes are declared. */
#ifndef SIMULEE_CUDA_OCCUPANCY_H
#define SIMULEE_CUDA_OCCUPANCY_H
#ifndef __cuda_occupancy_h__
#define __cuda_occupancy_h__
#endif

#include "cuda_runtime_api.h"

typedef enum cudaOccError_enum {
  CUDA_OCC_SUCCESS = 0,
  CUDA_OCC_ERROR_INVALID_INPUT = 1,
  CUDA_OCC_ERROR_UNKNOWN_DEVICE = 2
} cudaOccError;

typedef enum cudaOccCacheConfig_enum {
  CACHE_PREFER_NONE = 0x00,
  CACHE_PREFER_SHARED = 0x01,
  CACHE_PREFER_L1 = 0x02,
  CACHE_PREFER_EQUAL = 0x03
} cudaOccCacheConfig;

typedef enum cudaOccLimitingFactor_enum {
  OCC_LIMIT_WARPS = 0x01,
  OCC_LIMIT_REGISTERS = 0x02,
  OCC_LIMIT_SHARED_MEMORY = 0x04,
  OCC_LIMIT_BLOCKS = 0x08
} cudaOccLimitingFactor;

struct cudaOccDeviceProp;
struct cudaOccFuncAttributes;
struct cudaOccDeviceState;
struct cudaOccResult {
  int activeBlocksPerMultiprocessor; /* resident blocks per SM */
  unsigned int limitingFactors;      /* cudaOccLimitingFactor bits */
  int blockLimitRegs;                /* limit from registers */
  int blockLimitSharedMem;           /* limit from shared memory */
  int blockLimitWarps;               /* limit from warps */
  int blockLimitBlocks;              /* limit from blocks per SM */
  int allocatedRegistersPerBlock;    /* registers a block holds */
  size_t allocatedSharedMemPerBlock; /* shared bytes a block holds */
};

#endif
