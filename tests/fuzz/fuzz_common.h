/*
 * simulee fuzz harnesses (tests/fuzz/): what they share. Each harness is a
 * libFuzzer target (LLVMFuzzerTestOneInput) built by -DSIMULEE_FUZZ=ON with
 * clang-19 -fsanitize=fuzzer,address,undefined; see tests/fuzz/README.md.
 */
#ifndef SIMULEE_FUZZ_COMMON_H
#define SIMULEE_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Write the input to a fresh temporary file whose name ends in suffix
 * (".json", ".bc", ...) and put its path in path[len]. Returns 0, or -1
 * (then nothing was created). The caller unlinks it. */
static inline int fuzz_write_temp(const uint8_t *data, size_t size, const char *suffix,
                                  char *path, size_t len) {
  const char *dir = getenv("TMPDIR");
  if (!dir || !*dir) dir = "/tmp";
  int n = snprintf(path, len, "%s/simulee-fuzz-XXXXXX%s", dir, suffix);
  if (n < 0 || (size_t)n >= len) return -1;
  int fd = mkstemps(path, (int)strlen(suffix));
  if (fd < 0) return -1;
  size_t off = 0;
  while (off < size) {
    ssize_t k = write(fd, data + off, size - off);
    if (k <= 0) {
      close(fd);
      unlink(path);
      return -1;
    }
    off += (size_t)k;
  }
  close(fd);
  return 0;
}

/* The input as a NUL-terminated string (malloc'd), or NULL. */
static inline char *fuzz_string(const uint8_t *data, size_t size) {
  char *s = malloc(size + 1);
  if (!s) return NULL;
  memcpy(s, data, size);
  s[size] = 0;
  return s;
}

#endif
