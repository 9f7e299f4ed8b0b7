/*
 * The native path (jit/jit.h) against the interpreter on the kernel corpus
 * (tests/jit.cmake): every kernel of each bitcode file given runs one launch
 * (a fixed shape, pointer parameters bound to buffers of a fixed pattern,
 * integers 64, floats 1.5) twice, interpreted and as native code, each on
 * its own copy of the buffers and __device__ data; status, fault count and
 * every byte of memory must be the same. A kernel the native path refuses
 * is listed with the reason; `--racy NAME` (repeatable) names kernels whose
 * data races make the result depend on the schedule (compared for status
 * only). Exit status 1 when some kernel differs.
 *   kcompare [--racy NAME]... [--min-native N] FILE.bc...
 * --min-native N: at least N kernels must run as native code.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jit/jit.h"
#include "simulee/interp.h"

#define BUF_BYTES 16384u

static void fill(uint8_t *b, simI_elem e, unsigned seed) {
  for (unsigned i = 0; i < BUF_BYTES; i++) b[i] = (uint8_t)((i * 37u + seed * 11u) % 251u);
  if (e == SIMI_ELEM_F32)
    for (unsigned i = 0; i < BUF_BYTES / 4; i++) ((float *)(void *)b)[i] = (float)((i + seed) % 17) * 0.5f;
  else if (e == SIMI_ELEM_F64)
    for (unsigned i = 0; i < BUF_BYTES / 8; i++) ((double *)(void *)b)[i] = (double)((i + seed) % 13) * 0.25;
  else if (e == SIMI_ELEM_I32 || e == SIMI_ELEM_U32)
    for (unsigned i = 0; i < BUF_BYTES / 4; i++) ((int32_t *)(void *)b)[i] = (int32_t)((i * 7 + seed) % 61);
}

static int listed(char **names, unsigned n, const simI_kernel_info *ki) {
  for (unsigned i = 0; i < n; i++)
    if (!strcmp(names[i], ki->name) || !strcmp(names[i], ki->demangled)) return 1;
  return 0;
}

int main(int argc, char **argv) {
  char *racy[64];
  unsigned nracy = 0;
  long expect = -1;
  int bad = 0;
  unsigned native = 0;
  setenv("SIMULEE_JIT_MIN_THREADS", "0", 1);
  for (int ai = 1; ai < argc; ai++) {
    if (!strcmp(argv[ai], "--racy") && ai + 1 < argc && nracy < 64) {
      racy[nracy++] = argv[++ai];
      continue;
    }
    if (!strcmp(argv[ai], "--min-native") && ai + 1 < argc) {
      expect = atol(argv[++ai]);
      continue;
    }
    const char *path = argv[ai];
    FILE *f = fopen(path, "rb");
    if (!f) {
      printf("%s: cannot open\n", path);
      return 2;
    }
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *bc = malloc(len > 0 ? (size_t)len : 1);
    if (!bc || fread(bc, 1, (size_t)len, f) != (size_t)len) {
      printf("%s: cannot read\n", path);
      return 2;
    }
    fclose(f);
    simI_status st;
    char err[512];
    simI_program *p = simI_load(path, &st, err, sizeof err);
    if (!p) {
      printf("%s: %s\n", path, err);
      return 2;
    }
    unsigned nglob = simI_var_count(p, SIMI_SPACE_GLOBAL);
    for (unsigned k = 0; k < simI_kernel_count(p); k++) {
      const simI_kernel_info *ki = simI_kernel(p, k);
      if (simI_kernel_unsupported(p, k)) continue;
      unsigned np = ki->nparams;
      simI_arg *args = calloc(np + 1, sizeof *args);
      simI_buffer *bufs[2];
      uint8_t **data[2], **gv[2];
      uint8_t **raws = calloc(np + 1, sizeof *raws);
      int ok = args && raws;
      for (int r = 0; r < 2; r++) {
        bufs[r] = calloc(np + 1, sizeof **bufs);
        data[r] = calloc(np + 1, sizeof **data);
        gv[r] = calloc(nglob + 1, sizeof **gv);
        ok = ok && bufs[r] && data[r] && gv[r];
      }
      unsigned nb = 0;
      for (unsigned i = 0; ok && i < np; i++) {
        const simI_param *q = &ki->params[i];
        if (q->kind == SIMI_PARAM_PTR) {
          for (int r = 0; r < 2; r++) {
            data[r][nb] = malloc(BUF_BYTES);
            fill(data[r][nb], q->elem, i);
            bufs[r][nb] = (simI_buffer){data[r][nb], BUF_BYTES, q->elem, "b", 0};
          }
          args[i].is_buffer = 1;
          args[i].buffer = nb++;
        } else if (q->kind == SIMI_PARAM_STRUCT) {
          raws[i] = calloc(1, q->size ? q->size : 1);
          args[i].raw = raws[i];
          args[i].rawlen = q->size;
        } else if (q->kind == SIMI_PARAM_FLOAT) {
          float fv = 1.5f;
          double dv = 1.5;
          uint32_t u;
          memcpy(&u, &fv, 4);
          if (q->bits == 64) memcpy(&args[i].bits, &dv, 8);
          else args[i].bits = u;
        } else {
          args[i].bits = 64;
        }
      }
      for (int r = 0; ok && r < 2; r++)
        for (unsigned g = 0; g < nglob; g++) {
          uint64_t sz = simI_var_size(p, SIMI_SPACE_GLOBAL, SIMI_GLOBALVAR_FIRST + g);
          gv[r][g] = calloc(1, sz ? sz : 1);
          const void *in = simI_var_init(p, SIMI_SPACE_GLOBAL, SIMI_GLOBALVAR_FIRST + g);
          if (in && gv[r][g]) memcpy(gv[r][g], in, sz);
        }
      simI_launch l;
      memset(&l, 0, sizeof l);
      l.grid = (simI_dim3){2, 1, 1};
      l.block = (simI_dim3){64, 1, 1};
      l.dyn_shared = ki->uses_dynamic_shared ? 1024 : 0;
      l.max_steps = 200000;
      l.nargs = np;
      l.args = args;
      l.nbuffers = nb;
      l.cluster = (simI_dim3){1, 1, 1};
      simI_result res;
      simJ_result jr;
      l.buffers = bufs[0];
      l.globals = gv[0];
      simI_run(p, k, &l, NULL, 0, &res);
      l.buffers = bufs[1];
      l.globals = gv[1];
      int ran = ok && simJ_run(bc, (uint64_t)len, p, k, &l, 1, &jr);
      const char *name = ki->demangled;
      if (!ran) {
        printf("refused %s: %s: %s\n", path, name, simJ_refusal(bc, k));
      } else {
        native++;
        int same = res.status == jr.status || (res.status != SIMI_OK && jr.status != SIMI_OK);
        int mem = 1;
        for (unsigned b = 0; b < nb; b++)
          if (memcmp(data[0][b], data[1][b], BUF_BYTES)) mem = 0;
        for (unsigned g = 0; g < nglob; g++)
          if (memcmp(gv[0][g], gv[1][g], simI_var_size(p, SIMI_SPACE_GLOBAL, SIMI_GLOBALVAR_FIRST + g)))
            mem = 0;
        int r = listed(racy, nracy, ki);
        int fsame = res.faults == jr.faults;
        if (!same || (!r && res.status == SIMI_OK && (!mem || !fsame))) {
          printf("DIFF %s: %s: status %s/%s, faults %llu/%llu, memory %s\n", path, name,
                 simI_status_name(res.status), simI_status_name(jr.status),
                 (unsigned long long)res.faults, (unsigned long long)jr.faults,
                 mem ? "same" : "differs");
          bad = 1;
        } else {
          printf("same %s: %s: %s, %llu faults%s\n", path, name, simI_status_name(res.status),
                 (unsigned long long)res.faults, r ? " (racy: status only)" : "");
        }
      }
      for (int r = 0; r < 2; r++) {
        for (unsigned b = 0; b < nb; b++) free(data[r][b]);
        for (unsigned g = 0; g < nglob; g++) free(gv[r][g]);
        free(bufs[r]), free(data[r]), free(gv[r]);
      }
      for (unsigned i = 0; i < np; i++) free(raws[i]);
      free(raws), free(args);
    }
    simI_free(p);
    /* bc stays: compiled kernels are cached by its address */
  }
  printf("%u kernels ran as native code\n", native);
  if (expect >= 0 && (long)native < expect) {
    printf("FAIL: expected at least %ld\n", expect);
    bad = 1;
  }
  return bad;
}
