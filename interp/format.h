/*
 * Kernel printf formatting (internal to interp/). The format string and the
 * arguments come from the kernel, so they are data: the formatter parses each
 * conversion itself and never hands kernel text to the host's printf family.
 * Integers, characters and strings are written here; a floating conversion is
 * written by the host's snprintf through a format that simulee composes from
 * the parsed fields (flags from "-+ #0", a clamped width and precision passed
 * as int arguments, one of "fFeEgGaA"), never from the kernel's text.
 *
 * Conversions: d i u x X o c s f F e E g G a A p %, flags - + space # 0,
 * width and precision as digits or `*`, length modifiers hh h l ll z j t L.
 * %n, a conversion that is not one of these, and an incomplete one at the end
 * are copied literally (as text, consuming no argument).
 * Arguments are read as CUDA's vprintf lays them out: each aligned to its
 * size; int-sized conversions (and hh, h, and %c) read 4 bytes, l ll z j t
 * and %p %s read 8, floating conversions read a double (8).
 */
#ifndef SIMULEE_INTERP_FORMAT_H
#define SIMULEE_INTERP_FORMAT_H

#include <stddef.h>
#include <stdint.h>

/* Width and precision above this are clamped to it. */
#define SIMI_FMT_MAX_FIELD 512

/* Where the formatter gets its arguments. */
typedef struct simI_fmt_src {
  void *ctx;
  /* The `size`-byte (4 or 8) argument at byte offset `off` of the argument
   * buffer into *v (zero-extended). 0 on success; the formatter then prints
   * the conversion as if the value were 0. */
  int (*arg)(void *ctx, uint64_t off, unsigned size, uint64_t *v);
  /* Copy the NUL-terminated string at simulated address `ptr` into out
   * (at most len-1 bytes, NUL-terminated). Returns the bytes copied, or -1
   * if the address cannot be read at all (the formatter prints "(null)" for
   * a null pointer and "(bad pointer)" for -1). */
  long (*str)(void *ctx, uint64_t ptr, char *out, size_t len);
} simI_fmt_src;

/* Format `fmt` (fmtlen bytes, no NUL needed) over the arguments of src into
 * out (len bytes, len >= 1): writes at most len-1 bytes and a NUL; output
 * beyond that is cut. Returns the bytes written. */
size_t simI_format(const char *fmt, size_t fmtlen, const simI_fmt_src *src, char *out,
                   size_t len);

#endif
