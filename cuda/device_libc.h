/* simulee CUDA headers: the device-side C library: printf, assert, malloc,
 * free, memcpy, memset.
 *
 * Declared before the C and C++ standard headers (cuda_runtime.h includes
 * this file first), so that the std:: names <cstdio>, <cstdlib> and
 * <cstring> import with `using ::malloc;` include the device versions.
 *
 * printf: clang rewrites a device printf call into
 *   vprintf(const char *format, char *packed_arguments).
 * assert: glibc's assert() calls __assert_fail, which on the device becomes
 *   __assertfail(message, file, line, function, sizeof(char)); it is not
 *   marked noreturn (as in CUDA), so execution may go on after it.
 * malloc/free: the device heap (external calls `malloc` / `free`).
 * memcpy/memset: LLVM's memcpy/memset intrinsics. */
#ifndef SIMULEE_CUDA_DEVICE_LIBC_H
#define SIMULEE_CUDA_DEVICE_LIBC_H

#include "host_defines.h"
#include <stddef.h>

/* device code only: a plain host compiler has the C library's own */
#ifndef __SIMULEE_HOST_COMPILER
extern "C" {
__device__ int vprintf(const char *format, const char *args);
__device__ int printf(const char *format, ...);
__device__ void __assertfail(const char *message, const char *file,
                             unsigned int line, const char *function,
                             size_t char_size);
__device__ void *malloc(size_t size) __attribute__((nothrow, malloc));
__device__ void free(void *ptr) __attribute__((nothrow));
}
__SIM_DEV void __assert_fail(const char *message, const char *file,
                             unsigned int line, const char *function) {
  __assertfail(message, file, line, function, sizeof(char));
}
__SIM_DEV void *memcpy(void *dst, const void *src, size_t n) {
  __builtin_memcpy(dst, src, n);
  return dst;
}
__SIM_DEV void *memset(void *dst, int c, size_t n) {
  __builtin_memset(dst, c, n);
  return dst;
}

#endif /* __SIMULEE_HOST_COMPILER */

#endif
