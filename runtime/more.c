/*
 * simulee runtime: small functions of CUDA 12's runtime API that return
 * something other than a status (cudaCreateChannelDesc) or forward to
 * another one (cudaGetDeviceProperties_v2, the symbol CUDA 12's headers
 * call cudaGetDeviceProperties by), and the peer queries of a one-device
 * machine. The functions no file implements are runtime/stubs.c's.
 */
#include "runtime/internal.h"

#define EXPORT __attribute__((visibility("default")))

EXPORT struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w,
                                                          enum cudaChannelFormatKind f) {
  struct cudaChannelFormatDesc d = {x, y, z, w, f};
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

