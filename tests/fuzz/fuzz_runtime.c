/*
 * libFuzzer harness: simulee's CUDA runtime (runtime/) driven by random
 * sequences of API calls. Each input is a program of one-byte operations
 * with their operands: create and destroy streams, events, graphs (by
 * stream capture) and allocations; copies, memsets and launches of two
 * small kernels (tests/fuzz/runtime_kernels.cu, compiled to bitcode when
 * the harness is built) on random handles, pointers and sizes, among them
 * destroyed handles, made-up ones, freed, interior and host pointers. The
 * runtime must answer every call with an error or a finding, never a
 * sanitizer report or a crash. Each input ends with cudaDeviceReset (which
 * frees every device allocation and clears the errors) and the destroy of
 * what it left alive.
 */
#include <pthread.h>
#include <sanitizer/common_interface_defs.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/cuda_types.h"
#include "simulee/runtime.h"

/* The runtime's API as a program calls it (runtime/api.c, memory.c,
 * launch.c, graph.c). */
void **__cudaRegisterFatBinary(void *wrapper);
void __cudaRegisterFunction(void **handle, const char *stub, char *dev_fun, const char *dev_name,
                            int thread_limit, void *tid, void *bid, void *bdim, void *gdim,
                            int *wsize);
cudaError_t cudaStreamCreate(cudaStream_t *s);
cudaError_t cudaStreamDestroy(cudaStream_t s);
cudaError_t cudaStreamSynchronize(cudaStream_t s);
cudaError_t cudaStreamWaitEvent(cudaStream_t s, cudaEvent_t ev, unsigned flags);
cudaError_t cudaStreamBeginCapture(cudaStream_t s, int mode);
cudaError_t cudaStreamEndCapture(cudaStream_t s, cudaGraph_t *g);
cudaError_t cudaEventCreate(cudaEvent_t *ev);
cudaError_t cudaEventDestroy(cudaEvent_t ev);
cudaError_t cudaEventRecord(cudaEvent_t ev, cudaStream_t s);
cudaError_t cudaEventSynchronize(cudaEvent_t ev);
cudaError_t cudaMalloc(void **p, size_t n);
cudaError_t cudaMallocHost(void **p, size_t n);
cudaError_t cudaFree(void *p);
cudaError_t cudaFreeHost(void *p);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t n, int kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t n, int kind, cudaStream_t s);
cudaError_t cudaMemsetAsync(void *p, int v, size_t n, cudaStream_t s);
cudaError_t cudaLaunchKernel(const void *f, simR_dim3 grid, simR_dim3 block, void **args,
                             size_t shared, cudaStream_t s);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaGetLastError(void);
cudaError_t cudaGraphInstantiate(cudaGraphExec_t *x, cudaGraph_t g, unsigned long long flags);
cudaError_t cudaGraphLaunch(cudaGraphExec_t x, cudaStream_t s);
cudaError_t cudaGraphExecDestroy(cudaGraphExec_t x);
cudaError_t cudaGraphDestroy(cudaGraph_t g);

#define NSLOT 8 /* handles and pointers of each kind an input keeps */

/* The kernels' host stubs (only their addresses matter). */
static void stub_fill(void) {}
static void stub_sum(void) {}

static int setup(void) {
  /* findings and warnings are the runtime's answer, not a failure: no
   * exit status of its own, no symbolizer process per warning */
  setenv("SIMULEE_ERROR_EXITCODE", "0", 1);
  setenv("SIMULEE_QUIET", "1", 1);
  setenv("SIMULEE_SYMBOLIZER", "true", 1);
  setenv("SIMULEE_JOBS", "1", 1);
  FILE *f = fopen(FUZZ_RUNTIME_BC, "rb");
  if (!f) return -1;
  static uint8_t blob[1 << 20];
  size_t n = fread(blob + SIMR_BLOB_HEADER, 1, sizeof blob - SIMR_BLOB_HEADER - 256, f);
  fclose(f);
  uint64_t len = n;
  memcpy(blob, SIMR_BLOB_MAGIC, 8);
  memcpy(blob + 8, &len, 8);
  snprintf((char *)blob + SIMR_BLOB_HEADER + n, 256, "runtime_kernels.cu");
  static struct { uint32_t magic, version; const void *data, *unused; } w;
  w.magic = SIMR_FATBIN_MAGIC;
  w.version = 1;
  w.data = blob;
  void **h = __cudaRegisterFatBinary(&w);
  if (!h) return -1;
  __cudaRegisterFunction(h, (const char *)(uintptr_t)stub_fill, "fz_fill", "fz_fill", -1, 0, 0,
                         0, 0, 0);
  __cudaRegisterFunction(h, (const char *)(uintptr_t)stub_sum, "fz_sum", "fz_sum", -1, 0, 0, 0,
                         0, 0);
  return 0;
}

/* A forked child (the module's isolated loader, the symbolizer's popen)
 * must not report as the fuzzer (fuzz_load.c does the same). */
static void child_death(void) {}
static void in_forked_child(void) { __sanitizer_set_death_callback(child_death); }

static int ready = -1;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  pthread_atfork(NULL, NULL, in_forked_child);
  ready = setup();
  return 0;
}

/* The input as a stream of bytes (zeros past its end). */
typedef struct in {
  const uint8_t *d;
  size_t n, at;
} in;
static unsigned byte(in *r) { return r->at < r->n ? r->d[r->at++] : 0; }
static unsigned u16(in *r) { unsigned a = byte(r); return a | byte(r) << 8; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (ready < 0) return 0;
  in r = {data, size, 0};
  cudaStream_t st[NSLOT] = {0};
  cudaEvent_t ev[NSLOT] = {0};
  cudaGraph_t gr[NSLOT] = {0};
  cudaGraphExec_t gx[NSLOT] = {0};
  void *mem[NSLOT] = {0}, *pin[NSLOT] = {0};
  size_t memsz[NSLOT] = {0};
  int live_st[NSLOT] = {0}, live_ev[NSLOT] = {0}, live_gr[NSLOT] = {0}, live_gx[NSLOT] = {0};
  int live_mem[NSLOT] = {0}, live_pin[NSLOT] = {0};
  static int host[4096];
  for (unsigned ops = 0; r.at < r.n && ops < 64; ops++) {
    unsigned op = byte(&r) % 20, i = byte(&r) % NSLOT, j = byte(&r) % NSLOT;
    /* a stream operand: a slot's (live or destroyed), the default one, or
     * a made-up value */
    unsigned sk = byte(&r) % 10;
    cudaStream_t s = sk < 6 ? st[i] : sk < 8 ? NULL : (cudaStream_t)(uintptr_t)(0x1000 + sk);
    /* a pointer operand: an allocation (maybe freed), inside one, host
     * memory, page-locked memory or a made-up value */
    unsigned pk = byte(&r) % 8, off = u16(&r);
    void *p = pk < 4 ? mem[j] : pk == 4 ? (void *)((uintptr_t)mem[j] + (off & 0xfc))
              : pk == 5 ? (void *)host
              : pk == 6 ? pin[j] : (void *)(uintptr_t)(0x1000000000000000ull + off);
    size_t n = u16(&r) % 8192;
    switch (op) {
    case 0: if (!live_st[i] && !cudaStreamCreate(&st[i])) live_st[i] = 1; break;
    case 1: if (!cudaStreamDestroy(st[i])) live_st[i] = 0; break;
    case 2: if (!live_ev[i] && !cudaEventCreate(&ev[i])) live_ev[i] = 1; break;
    case 3: if (!cudaEventDestroy(ev[i])) live_ev[i] = 0; break;
    case 4: cudaEventRecord(ev[i], s); break;
    case 5: cudaStreamWaitEvent(s, ev[j], 0); break;
    case 6:
      if (!live_mem[j] && !cudaMalloc(&mem[j], n + 4)) live_mem[j] = 1, memsz[j] = n + 4;
      break;
    case 7: if (!cudaFree(p) && p == mem[j]) live_mem[j] = 0; break;
    case 8: if (!live_pin[j] && !cudaMallocHost(&pin[j], n + 4)) live_pin[j] = 1; break;
    case 9: /* (the freed host memory is the harness's no more: not used again) */
      if (!cudaFreeHost(p) && p == pin[j]) live_pin[j] = 0, pin[j] = NULL;
      break;
    case 10: cudaMemcpy(p, host, n < sizeof host ? n : sizeof host, (int)(off % 6)); break;
    case 11: cudaMemcpy(host, p, n < sizeof host ? n : sizeof host, (int)(off % 6)); break;
    case 12: cudaMemcpyAsync(p, mem[i], n, (int)(off % 6), s); break;
    case 13: cudaMemsetAsync(p, (int)off, n, s); break;
    case 14: case 15: {
      int cnt = (int)(n % 300), v = (int)off;
      void *out = mem[i];
      void *args[3] = {&p, &cnt, op == 14 ? (void *)&v : (void *)&out};
      simR_dim3 g = {1 + off % 3, 1, 1}, b = {32u << (off % 3), 1, 1};
      if (off % 17 == 0) b.x = 2048; /* an invalid shape */
      cudaLaunchKernel(op == 14 ? (const void *)(uintptr_t)stub_fill
                                : (const void *)(uintptr_t)stub_sum,
                       g, b, args, 0, s);
      break;
    }
    case 16: cudaStreamSynchronize(s); break;
    case 17:
      if (!live_gr[i] && !cudaStreamBeginCapture(s, 0)) {
        int cnt = (int)(n % 64), v = 1;
        void *args[3] = {&p, &cnt, &v};
        cudaLaunchKernel((const void *)(uintptr_t)stub_fill, (simR_dim3){1, 1, 1},
                         (simR_dim3){64, 1, 1}, args, 0, s);
        if (!cudaStreamEndCapture(s, &gr[i])) live_gr[i] = 1;
      }
      break;
    case 18:
      if (live_gr[i] && !live_gx[j] && !cudaGraphInstantiate(&gx[j], gr[i], 0)) live_gx[j] = 1;
      cudaGraphLaunch(gx[j], s);
      break;
    default:
      if (off & 1) {
        if (!cudaGraphExecDestroy(gx[j])) live_gx[j] = 0;
      } else if (!cudaGraphDestroy(gr[i])) {
        live_gr[i] = 0;
      }
      break;
    }
    cudaGetLastError();
  }
  /* what is left: the device allocations go with the reset, the rest by
   * its destroy */
  cudaDeviceSynchronize();
  for (unsigned k = 0; k < NSLOT; k++) {
    if (live_gx[k]) cudaGraphExecDestroy(gx[k]);
    if (live_gr[k]) cudaGraphDestroy(gr[k]);
    if (live_ev[k]) cudaEventDestroy(ev[k]);
    if (live_pin[k]) cudaFreeHost(pin[k]);
  }
  for (unsigned k = 0; k < NSLOT; k++) {
    if (!live_st[k]) continue;
    cudaGraph_t g = NULL; /* a capture left open ends first */
    if (!cudaStreamEndCapture(st[k], &g) && g) cudaGraphDestroy(g);
    cudaStreamDestroy(st[k]);
  }
  cudaDeviceReset();
  (void)memsz;
  return 0;
}
