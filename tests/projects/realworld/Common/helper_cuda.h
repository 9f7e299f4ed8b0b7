// CUDA-samples-style helpers: like NVIDIA's, they exist only when the
// runtime headers' include guards are defined.
#pragma once
#include <cstdio>
#include <cstdlib>

#ifdef __DRIVER_TYPES_H__
template <typename T> void check(T result, const char *func, const char *file, int line) {
  if (result) {
    std::fprintf(stderr, "CUDA error at %s:%d code=%d \"%s\"\n", file, line, (int)result, func);
    std::exit(EXIT_FAILURE);
  }
}
#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)
#endif

#ifdef __CUDA_RUNTIME_H__
#define getLastCudaError(msg) __getLastCudaError(msg, __FILE__, __LINE__)
inline void __getLastCudaError(const char *msg, const char *file, int line) {
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess) {
    std::fprintf(stderr, "%s(%i): %s\n", file, line, msg);
    std::exit(EXIT_FAILURE);
  }
}
inline int findCudaDevice(int, const char **) {
  int dev = 0;
  checkCudaErrors(cudaSetDevice(dev));
  return dev;
}
#endif
