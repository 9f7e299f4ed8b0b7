/*
 * simulee runtime: small functions of CUDA 12's runtime API that return
 * something other than a status (cudaCreateChannelDesc) or forward to
 * another one (cudaGetDeviceProperties_v2, the symbol CUDA 12's headers
 * call cudaGetDeviceProperties by), and the peer queries of a one-device
 * machine. The functions no file implements are runtime/stubs.c's.
 */
#include "runtime/internal.h"

#define EXPORT __attribute__((visibility("default")))

/* cuda/texture_types.h's channel format */
typedef struct simR_channel_desc {
  int x, y, z, w; /* bits of each component */
  int f;          /* enum cudaChannelFormatKind */
} simR_channel_desc;

EXPORT simR_channel_desc cudaCreateChannelDesc(int x, int y, int z, int w, int f) {
  simR_channel_desc d = {x, y, z, w, f};
  return d;
}

EXPORT cudaError_t cudaGetDeviceProperties_v2(cudaDeviceProp *prop, int device) {
  if (!prop) return cudaErrorInvalidValue;
  if (device != 0) return cudaErrorInvalidDevice;
  *prop = *simR_props();
  return cudaSuccess;
}

/* One device: no peer to access. */
EXPORT cudaError_t cudaDeviceCanAccessPeer(int *can, int device, int peer) {
  if (!can) return cudaErrorInvalidValue;
  if (device != 0 || peer != 0) return cudaErrorInvalidDevice;
  *can = 0;
  return cudaSuccess;
}

/* cudaDeviceGetAttribute's attributes that runtime/api.c's switch does not
 * name: the --arch device's properties and what a CPU runtime offers
 * (unified addressing, managed memory all can access at once, pools, host
 * registration; no peers, no IPC, no NUMA). 1 with *value, 0 when attr is
 * no attribute of CUDA 12. */
int simR_device_attr(int attr, int *value) {
  const cudaDeviceProp *p = simR_props();
  int v;
  switch (attr) {
  case 21: v = p->maxTexture1D; break;
  case 22: case 27: case 56: case 63: v = p->maxTexture2D[0]; break;
  case 23: case 28: case 57: case 64: v = p->maxTexture2D[1]; break;
  case 24: case 47: case 58: v = p->maxTexture3D[0]; break;
  case 25: case 48: case 59: v = p->maxTexture3D[1]; break;
  case 26: case 49: case 60: v = p->maxTexture3D[2]; break;
  case 29: case 43: case 54: case 62: case 65: case 68: v = 2048; break; /* layers */
  case 30: v = 512; break;                                           /* surface alignment */
  case 35: v = p->tccDriver; break;
  case 40: v = p->asyncEngineCount; break;
  case 41: v = 1; break; /* unified addressing */
  case 42: case 55: case 61: case 69: case 77: v = p->maxTexture1D; break;
  case 45: case 46: case 52: case 53: case 66: case 67: case 73: case 74: v = 32768; break;
  case 50: v = p->pciDomainID; break;
  case 51: v = (int)p->texturePitchAlignment; break;
  case 70: case 71: v = 131072; break;
  case 72: v = 2097120; break;
  case 78: v = p->streamPrioritiesSupported; break;
  case 79: v = p->globalL1CacheSupported; break;
  case 80: v = p->localL1CacheSupported; break;
  case 82: v = p->regsPerMultiprocessor; break;
  case 84: v = p->isMultiGpuBoard; break;
  case 85: v = p->multiGpuBoardGroupID; break;
  case 86: v = p->hostNativeAtomicSupported; break;
  case 87: v = p->singleToDoublePrecisionPerfRatio; break;
  case 88: v = p->pageableMemoryAccess; break;
  case 89: v = 1; break; /* concurrent managed access */
  case 90: v = p->computePreemptionSupported; break;
  case 91: v = 1; break; /* host pointers of registered memory work in kernels */
  case 96: v = 0; break; /* cooperative multi-device launch */
  case 98: v = 0; break;
  case 99: v = 1; break; /* cudaHostRegister */
  case 100: v = p->pageableMemoryAccessUsesHostPageTables; break;
  case 101: v = p->directManagedMemAccessFromHost; break;
  case 108: v = p->persistingL2CacheMaxSize; break;
  case 109: v = p->accessPolicyMaxWindowSize; break;
  case 111: v = (int)p->reservedSharedMemPerBlock; break;
  case 112: case 113: case 114: case 116: case 117: case 118: case 119: v = 0; break;
  case 115: v = 1; break; /* memory pools */
  case 120: v = p->major >= 9; break; /* cluster launch */
  case 121: case 125: case 133: v = 0; break;
  case 126: v = 1; break; /* sync domains */
  case 130: v = 0; break;
  case 131: case 134: v = -1; break;
  case 135: v = 0; break;
  default: return 0;
  }
  *value = v;
  return 1;
}
