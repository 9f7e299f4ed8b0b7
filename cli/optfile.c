/*
 * simulee cli: options files (nvcc's --options-file F, -optf F and @F, in
 * cli/nvcc.c and in the compile commands a scan reads, cli/scan_walk.c). An
 * options file comes from the project, which is untrusted: it is read only
 * when it is a regular file of at most SIMC_OPTFILE_MAX_BYTES (a FIFO or
 * /dev/zero would block or never end), read through one descriptor (no
 * window between the check and the read), and its words are plain text. A
 * parse error names the file and the byte offset, never the text: an
 * options file that is really /etc/shadow must not reach the output.
 *
 * Words are separated by white space; "..." and '...' quote (the quotes are
 * dropped), a backslash outside quotes escapes the next byte. Each word
 * keeps the byte offset where it starts, so an error about it later
 * (simC_optwords_where) names the file and offset instead of the word.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"

void simC_optwords_init(simC_optwords *ow) { memset(ow, 0, sizeof *ow); }

void simC_optwords_free(simC_optwords *ow) {
  for (unsigned i = 0; i < ow->n; i++) free(ow->w[i]);
  free(ow->w);
  free(ow->at);
  for (unsigned i = 0; i < ow->nfiles; i++) free(ow->files[i]);
  free(ow->files);
  memset(ow, 0, sizeof *ow);
}

/* Append word w (taken; NULL: out of memory) from file index f (-1: the
 * command line) at byte off. 0 or -1. */
static int push(simC_optwords *ow, char *w, int f, size_t off) {
  if (!w) return -1;
  if (ow->n + 1 >= ow->cap) {
    unsigned nc = ow->cap ? ow->cap * 2 : 32;
    char **nw = realloc(ow->w, nc * sizeof *nw);
    if (nw) ow->w = nw;
    struct simC_optword_at *na = nw ? realloc(ow->at, nc * sizeof *na) : NULL;
    if (na) ow->at = na;
    if (!nw || !na) {
      free(w);
      return -1;
    }
    ow->cap = nc;
  }
  ow->at[ow->n].file = f;
  ow->at[ow->n].offset = off;
  ow->w[ow->n++] = w;
  ow->w[ow->n] = NULL;
  return 0;
}

int simC_optwords_add(simC_optwords *ow, const char *word) {
  return push(ow, strdup(word), -1, 0);
}

/* Read the whole of path (a regular file of at most SIMC_OPTFILE_MAX_BYTES)
 * into a malloc'd buffer, its length in *len. NULL with why in err. */
static char *read_small(const char *path, size_t *len, char *err, size_t errlen) {
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    snprintf(err, errlen, "cannot read the options file %s: %s", path, strerror(errno));
    return NULL;
  }
  struct stat st;
  if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
    snprintf(err, errlen, "the options file %s is not a regular file%s", path,
             S_ISFIFO(st.st_mode) ? " (a FIFO)"
             : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? " (a device)"
             : S_ISDIR(st.st_mode) ? " (a folder)" : "");
    close(fd);
    return NULL;
  }
  if ((uint64_t)st.st_size > SIMC_OPTFILE_MAX_BYTES) {
    snprintf(err, errlen, "the options file %s is larger than %u bytes", path,
             (unsigned)SIMC_OPTFILE_MAX_BYTES);
    close(fd);
    return NULL;
  }
  size_t cap = (size_t)SIMC_OPTFILE_MAX_BYTES + 2, n = 0;
  char *s = malloc(cap);
  while (s && n < cap - 1) {
    ssize_t r = read(fd, s + n, cap - 1 - n);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) {
      snprintf(err, errlen, "cannot read the options file %s: %s", path, strerror(errno));
      free(s);
      close(fd);
      return NULL;
    }
    if (r == 0) break;
    n += (size_t)r;
  }
  close(fd);
  if (!s) {
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  if (n > SIMC_OPTFILE_MAX_BYTES) { /* it grew after the check */
    snprintf(err, errlen, "the options file %s is larger than %u bytes", path,
             (unsigned)SIMC_OPTFILE_MAX_BYTES);
    free(s);
    return NULL;
  }
  s[n] = 0;
  *len = n;
  return s;
}

int simC_optwords_read(simC_optwords *ow, const char *path, char *err, size_t errlen) {
  size_t len = 0;
  char *text = read_small(path, &len, err, errlen);
  if (!text) return -1;
  char **nf = realloc(ow->files, (ow->nfiles + 1) * sizeof *nf);
  char *name = nf ? strdup(path) : NULL;
  if (nf) ow->files = nf;
  if (!name) {
    free(text);
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  int f = (int)ow->nfiles;
  ow->files[ow->nfiles++] = name;
  char *word = malloc(len + 1);
  int rc = word ? 0 : -1;
  if (!word) snprintf(err, errlen, "out of memory");
  size_t i = 0;
  while (rc == 0) {
    while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'))
      i++;
    if (i >= len) break;
    size_t start = i, o = 0;
    while (i < len && rc == 0) {
      unsigned char c = (unsigned char)text[i];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') break;
      if ((c < 0x20 && c != '\t') || c == 0x7f) {
        snprintf(err, errlen, "%s: byte %zu: a control character (0x%02x): not a text "
                 "options file", path, i, c);
        rc = -1;
      } else if (c == '"' || c == '\'') {
        size_t q = i++;
        while (i < len && text[i] != (char)c) {
          unsigned char d = (unsigned char)text[i];
          if ((d < 0x20 && d != '\t' && d != '\n' && d != '\r') || d == 0x7f) {
            snprintf(err, errlen, "%s: byte %zu: a control character (0x%02x): not a text "
                     "options file", path, i, d);
            rc = -1;
            break;
          }
          word[o++] = text[i++];
        }
        if (rc == 0 && i >= len) {
          snprintf(err, errlen, "%s: byte %zu: a quote that is never closed", path, q);
          rc = -1;
        }
        i++;
      } else if (c == '\\' && i + 1 < len) {
        unsigned char d = (unsigned char)text[i + 1];
        if ((d < 0x20 && d != '\t' && d != '\n' && d != '\r') || d == 0x7f) {
          snprintf(err, errlen, "%s: byte %zu: a control character (0x%02x): not a text "
                   "options file", path, i + 1, d);
          rc = -1;
        }
        word[o++] = text[i + 1];
        i += 2;
      } else {
        word[o++] = (char)c;
        i++;
      }
    }
    if (rc == 0) {
      word[o] = 0;
      if (push(ow, strdup(word), f, start) < 0) {
        snprintf(err, errlen, "out of memory");
        rc = -1;
      }
    }
  }
  free(word);
  free(text);
  return rc;
}

const char *simC_optwords_where(const simC_optwords *ow, unsigned i, char *buf, size_t len) {
  if (i >= ow->n || ow->at[i].file < 0) return NULL;
  snprintf(buf, len, "%s: byte %zu", ow->files[ow->at[i].file], ow->at[i].offset);
  return buf;
}
