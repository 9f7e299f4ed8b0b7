/*
 * simulee runtime: the run's settings (read once from the environment,
 * simulee/runtime.h) and the device's description (its properties and
 * attributes, by --arch). Below every other file of runtime/ but the lock
 * and error state (runtime/state.c): it calls none of them.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "runtime/internal.h"
#include "simulee/report.h"

/* ----------------------------------------------------------- settings */

simR_settings simR_set;

/* A check budget from the environment variable `name`: 0 (no limit) or a
 * number from `min` up; `dflt` when unset. Anything else stops the program
 * with one line naming it. */
static uint64_t env_budget(const char *name, uint64_t dflt, unsigned long long min,
                           const char *zero, const char *unit) {
  const char *v = getenv(name);
  if (!v || !*v) return dflt;
  char *end = NULL;
  errno = 0;
  unsigned long long n = *v >= '0' && *v <= '9' ? strtoull(v, &end, 10) : 0;
  if (!end || *end || errno || (n && n < min)) {
    fflush(stdout);
    fprintf(stderr, "simulee: error: %s=%s is not 0 (%s) or a number of %s from %llu up\n", name,
            v, zero, unit, min);
    fflush(stderr);
    syscall(SYS_exit_group, SIMR_EXIT_SETTING);
  }
  return n;
}

void simR_settings_load(void) {
  simR_settings *s = &simR_set;
  s->check_mode = SIMR_CHECK_FIRST;
  s->check_n = SIMR_DEFAULT_CHECK_FIRST;
  s->error_exitcode = SIMR_DEFAULT_ERROR_EXITCODE;
  s->max_steps = 0;
  const char *c = getenv("SIMULEE_CHECK");
  if (c && *c) {
    unsigned long n = 0;
    char *end = NULL;
    if (!strcmp(c, "all")) s->check_mode = SIMR_CHECK_ALL;
    else if (!strcmp(c, "none")) s->check_mode = SIMR_CHECK_NONE;
    else if (!strncmp(c, "first:", 6) && (n = strtoul(c + 6, &end, 10)) && !*end)
      s->check_n = (unsigned)n;
    else if (!strncmp(c, "sample:", 7) && (n = strtoul(c + 7, &end, 10)) && !*end)
      s->check_mode = SIMR_CHECK_SAMPLE, s->check_n = (unsigned)n;
    else
      fprintf(stderr, "simulee: warning: SIMULEE_CHECK=%s is not all, none, first:N or "
              "sample:K; using first:%u\n", c, SIMR_DEFAULT_CHECK_FIRST);
  }
  /* the threads a checked launch is checked on in full, and the warp
   * instructions of a grid that syncs: a bad value stops the program, as
   * SIMULEE_JOBS's does */
  s->check_threads = env_budget("SIMULEE_CHECK_THREADS",
                                s->check_mode == SIMR_CHECK_ALL ? 0 : SIMR_DEFAULT_CHECK_THREADS,
                                2048, "every block", "threads");
  s->check_steps = env_budget("SIMULEE_CHECK_STEPS",
                              s->check_mode == SIMR_CHECK_ALL ? 0 : SIMR_DEFAULT_CHECK_STEPS,
                              100000, "all of a launch", "warp instructions");
  const char *x = getenv("SIMULEE_ERROR_EXITCODE");
  if (x && *x) s->error_exitcode = atoi(x);
  const char *r = getenv("SIMULEE_REPORT");
  if (r && *r) {
    s->report = r;
    size_t n = strlen(r);
    s->report_format = n > 6 && !strcmp(r + n - 6, ".sarif") ? SIMD_FORMAT_SARIF : SIMD_FORMAT_JSON;
  }
  const char *m = getenv("SIMULEE_MAX_STEPS");
  if (m && *m) s->max_steps = strtoull(m, NULL, 10);
  const char *nc = getenv("SIMULEE_NO_COLOR"), *nc2 = getenv("NO_COLOR");
  s->color = !(nc && *nc) && !(nc2 && *nc2) && isatty(2);
  s->quiet = getenv("SIMULEE_QUIET") && *getenv("SIMULEE_QUIET");
  s->stats = getenv("SIMULEE_STATS") && *getenv("SIMULEE_STATS");
  /* threads for one launch's blocks: a bad value stops the program (a
   * silent serial run would hide that the setting was not taken) */
  long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
  s->jobs = ncpu < 1 ? 1 : ncpu > (long)SIMR_MAX_JOBS ? SIMR_MAX_JOBS : (unsigned)ncpu;
  const char *j = getenv("SIMULEE_JOBS");
  if (j && *j) {
    char *end = NULL;
    errno = 0;
    unsigned long v = *j >= '0' && *j <= '9' ? strtoul(j, &end, 10) : 0;
    if (!end || *end || errno || v < 1 || v > SIMR_JOBS_LIMIT) {
      fflush(stdout);
      fprintf(stderr, "simulee: error: SIMULEE_JOBS=%s is not a number of threads from 1 to %u\n",
              j, SIMR_JOBS_LIMIT);
      fflush(stderr);
      /* the ways out are not set up yet: nothing to write, end at once */
      syscall(SYS_exit_group, SIMR_EXIT_SETTING);
    }
    s->jobs = v > SIMR_MAX_JOBS ? SIMR_MAX_JOBS : (unsigned)v;
  }
  /* unchecked launches as native code: on unless SIMULEE_JIT=0 */
  const char *jt = getenv("SIMULEE_JIT");
  s->jit = !(jt && (!strcmp(jt, "0") || !strcmp(jt, "off") || !strcmp(jt, "no")));
  const char *rec = getenv("SIMULEE_RECORD");
  s->record = rec && *rec ? rec : NULL;
  s->record_max = SIMR_RECORD_DEFAULT_MAX;
  const char *rm = getenv("SIMULEE_RECORD_MAX");
  if (rm && *rm) {
    char *end = NULL;
    unsigned long long v = strtoull(rm, &end, 10);
    unsigned sh = 0;
    if (end && (*end == 'K' || *end == 'k')) sh = 10, end++;
    else if (end && (*end == 'M' || *end == 'm')) sh = 20, end++;
    else if (end && (*end == 'G' || *end == 'g')) sh = 30, end++;
    if (end && (*end == 'B' || *end == 'b')) end++;
    if (!end || *end || end == rm || v > (UINT64_MAX >> sh))
      fprintf(stderr, "simulee: warning: SIMULEE_RECORD_MAX=%s is not a byte count (N, NK, NM "
              "or NG); using %llu\n", rm, (unsigned long long)SIMR_RECORD_DEFAULT_MAX);
    else
      s->record_max = (uint64_t)v << sh;
  }
}

/* ------------------------------------------------------------- device */

/* Documented numbers of the --arch target (CUDA programming guide, compute
 * capabilities table; NVIDIA's V100 / A100 / H100 data sheets for the
 * multiprocessor counts and memory). */
const cudaDeviceProp *simR_props(void) {
  static cudaDeviceProp p;
  static int done;
  if (done) return &p;
  done = 1;
  const char *arch = getenv("SIMULEE_ARCH");
  int sm = arch && !strncmp(arch, "sm_", 3) ? atoi(arch + 3) : 70;
  if (sm < 30) sm = 70;
  snprintf(p.name, sizeof p.name, "simulee CPU device (sm_%d)", sm);
  p.major = sm / 10;
  p.minor = sm % 10;
  p.totalGlobalMem = (size_t)16 << 30;
  p.sharedMemPerBlock = 48 * 1024;
  p.regsPerBlock = 65536;
  p.warpSize = 32;
  p.memPitch = 2147483647;
  p.maxThreadsPerBlock = 1024;
  p.maxThreadsDim[0] = 1024, p.maxThreadsDim[1] = 1024, p.maxThreadsDim[2] = 64;
  p.maxGridSize[0] = 2147483647, p.maxGridSize[1] = 65535, p.maxGridSize[2] = 65535;
  p.clockRate = 1530000;
  p.totalConstMem = 65536;
  p.textureAlignment = 512;
  p.texturePitchAlignment = 32;
  p.deviceOverlap = 1;
  p.multiProcessorCount = 80;
  p.canMapHostMemory = 1;
  p.maxTexture1D = 131072;
  p.maxTexture2D[0] = 131072, p.maxTexture2D[1] = 65536;
  p.maxTexture3D[0] = p.maxTexture3D[1] = p.maxTexture3D[2] = 16384;
  /* the other texture and surface limits, as cudaDeviceGetAttribute answers
   * them (simR_device_attr below) */
  p.maxTexture1DMipmap = p.maxTexture1DLinear = p.maxTexture1D;
  p.maxTexture2DMipmap[0] = p.maxTexture2DMipmap[1] = 32768;
  p.maxTexture2DLinear[0] = p.maxTexture2DLinear[1] = 131072;
  p.maxTexture2DLinear[2] = 2097120;
  p.maxTexture2DGather[0] = p.maxTexture2DGather[1] = 32768;
  for (int i = 0; i < 3; i++)
    p.maxTexture3DAlt[i] = p.maxSurface3D[i] = p.maxTexture3D[i];
  p.maxTextureCubemap = p.maxSurfaceCubemap = 32768;
  p.maxTexture1DLayered[0] = p.maxSurface1DLayered[0] = p.maxSurface1D = p.maxTexture1D;
  for (int i = 0; i < 2; i++)
    p.maxTexture2DLayered[i] = p.maxSurface2D[i] = p.maxSurface2DLayered[i] = p.maxTexture2D[i];
  p.maxTextureCubemapLayered[0] = p.maxSurfaceCubemapLayered[0] = 32768;
  p.maxTexture1DLayered[1] = p.maxTexture2DLayered[2] = p.maxTextureCubemapLayered[1] = 2048;
  p.maxSurface1DLayered[1] = p.maxSurface2DLayered[2] = p.maxSurfaceCubemapLayered[1] = 2048;
  p.surfaceAlignment = 512;
  p.concurrentKernels = 1;
  p.asyncEngineCount = 2;
  p.unifiedAddressing = 1;
  p.memoryClockRate = 877000;
  p.memoryBusWidth = 4096;
  p.l2CacheSize = 6 << 20;
  p.maxThreadsPerMultiProcessor = 2048;
  p.streamPrioritiesSupported = 1;
  p.globalL1CacheSupported = 1;
  p.localL1CacheSupported = 1;
  p.sharedMemPerMultiprocessor = 96 * 1024;
  p.regsPerMultiprocessor = 65536;
  p.managedMemory = 1;
  p.hostNativeAtomicSupported = 0;
  p.singleToDoublePrecisionPerfRatio = 2;
  p.concurrentManagedAccess = 1;
  p.computePreemptionSupported = 1;
  p.cooperativeLaunch = 1;
  p.sharedMemPerBlockOptin = 96 * 1024;
  p.directManagedMemAccessFromHost = 0;
  p.maxBlocksPerMultiProcessor = 32;
  p.accessPolicyMaxWindowSize = 0;
  p.hostRegisterSupported = 1;
  p.memoryPoolsSupported = 1;
  p.clusterLaunch = sm >= 90;
  memcpy(p.uuid.bytes, "simulee CPU dev", 16); /* one device, one fixed UUID */
  if (sm >= 90) { /* H100 SXM */
    p.totalGlobalMem = (size_t)80 << 30;
    p.multiProcessorCount = 132;
    p.l2CacheSize = 50 << 20;
    p.sharedMemPerMultiprocessor = 228 * 1024;
    p.sharedMemPerBlockOptin = 227 * 1024;
    p.clockRate = 1980000;
    p.memoryBusWidth = 5120;
    p.reservedSharedMemPerBlock = 1024;
  } else if (sm >= 80) { /* A100 */
    p.totalGlobalMem = (size_t)40 << 30;
    p.multiProcessorCount = 108;
    p.l2CacheSize = 40 << 20;
    p.sharedMemPerMultiprocessor = 164 * 1024;
    p.sharedMemPerBlockOptin = 163 * 1024;
    p.clockRate = 1410000;
    p.memoryBusWidth = 5120;
    p.reservedSharedMemPerBlock = 1024;
  } else if (sm >= 75) { /* Turing: T4 */
    p.multiProcessorCount = 40;
    p.maxThreadsPerMultiProcessor = 1024;
    p.sharedMemPerMultiprocessor = 64 * 1024;
    p.sharedMemPerBlockOptin = 64 * 1024;
    p.maxBlocksPerMultiProcessor = 16;
    p.l2CacheSize = 4 << 20;
  }
  return &p;
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
