// cuda_native.cpp: the host-side support of cuda_native.h (a benchmark tool,
// not part of simulee): memory as host memory, launch validation and timing,
// and each block's threads as fibers that switch only at __syncthreads (a
// hand-written x86-64 context switch; ucontext elsewhere). SIMNAT_STATS=1
// prints the launches and the seconds spent in them at exit (stderr);
// SIMNAT_FIBERS=1 keeps every launch on fibers (no plain-loop mode). Mapping
// the fibers' stacks (once, at the first launch that needs more) is not
// counted as time in launches.
#include "cuda_native.h"

#include <stdint.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <vector>

#if !defined(__x86_64__)
#include <ucontext.h>
#endif

namespace {
cudaError_t last_error = cudaSuccess;    // sticky until cudaGetLastError
unsigned long long n_launches;           // launches made
unsigned long long n_fiber_launches;     // of them, run on fibers
double wall_in_launches, cpu_in_launches;  // seconds inside launches
double t0_wall, t0_cpu;                  // the running launch's start
int force_fibers;                        // SIMNAT_FIBERS set
int reached_barrier;                     // a thread of this launch reached __syncthreads

double now(clockid_t c) {
  struct timespec ts;
  clock_gettime(c, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void print_stats(void) {
  fprintf(stderr,
          "simnat: stats: %llu launches (%llu on fibers), %.6f s in launches (wall), "
          "%.6f s CPU in launches\n",
          n_launches, n_fiber_launches, wall_in_launches, cpu_in_launches);
}

struct Init {
  Init() {
    const char *s = getenv("SIMNAT_STATS");
    if (s && *s) atexit(print_stats);
    const char *f = getenv("SIMNAT_FIBERS");
    force_fibers = f && *f && strcmp(f, "0") != 0;
  }
} init;

// --- fibers -----------------------------------------------------------------
enum { RUNNING, AT_BARRIER, DONE };
const size_t STACK = 256 * 1024;  // per fiber, plus one guard page

struct Fiber {
#if defined(__x86_64__)
  void *sp;       // saved stack pointer while switched out
#else
  ucontext_t uc;  // saved context while switched out
#endif
  char *stack;    // lowest byte of the mapping (the guard page)
  uint3 tid;      // the thread it runs
  int state;      // RUNNING, AT_BARRIER or DONE
};
std::vector<Fiber *> pool;  // fibers, reused by every block and launch
Fiber *cur;                 // the fiber running now
void (*body)(void *);       // the launch's thread body
void *body_ctx;             // and its arguments

#if defined(__x86_64__)
void *sched_sp;  // the scheduler's stack pointer while a fiber runs
extern "C" void simnat_switch(void **save, void *to);
asm(R"(
  .text
  .globl simnat_switch
  .type simnat_switch,@function
simnat_switch:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .size simnat_switch, .-simnat_switch
)");
void to_scheduler(Fiber *f) { simnat_switch(&f->sp, sched_sp); }
void to_fiber(Fiber *f) { simnat_switch(&sched_sp, f->sp); }
#else
ucontext_t sched_uc;
void to_scheduler(Fiber *f) { swapcontext(&f->uc, &sched_uc); }
void to_fiber(Fiber *f) { swapcontext(&sched_uc, &f->uc); }
#endif

[[noreturn]] void fiber_main() {
  for (;;) {
    Fiber *f = cur;
    body(body_ctx);
    f->state = DONE;
    to_scheduler(f);
  }
}

Fiber *new_fiber() {
  long page = sysconf(_SC_PAGESIZE);
  size_t len = STACK + (size_t)page;
  void *m = mmap(nullptr, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                 -1, 0);
  if (m == MAP_FAILED || mprotect(m, (size_t)page, PROT_NONE) != 0) {
    fprintf(stderr, "simnat: error: cannot map a fiber stack\n");
    abort();
  }
  Fiber *f = new Fiber();
  f->stack = (char *)m;
#if defined(__x86_64__)
  void **sp = (void **)(((uintptr_t)f->stack + len) & ~(uintptr_t)15);
  *--sp = nullptr;                // fiber_main's return address (never used)
  *--sp = (void *)fiber_main;     // where the first switch returns to
  for (int i = 0; i < 6; i++) *--sp = nullptr;  // rbp rbx r12-r15
  f->sp = sp;
#else
  getcontext(&f->uc);
  f->uc.uc_stack.ss_sp = f->stack + page;
  f->uc.uc_stack.ss_size = STACK;
  f->uc.uc_link = nullptr;
  makecontext(&f->uc, (void (*)())fiber_main, 0);
#endif
  return f;
}
}  // namespace

namespace simnat {
int in_loop;

int begin(const Config &c, KernelInfo *k) {
  const dim3 &g = c.grid, &b = c.block;
  unsigned long long threads = (unsigned long long)b.x * b.y * b.z;
  if (threads == 0 || threads > 1024 || b.z > 64 || g.x == 0 || g.y == 0 || g.z == 0 ||
      g.y > 65535 || g.z > 65535) {
    last_error = cudaErrorInvalidConfiguration;
    return 0;
  }
  if (c.shmem) {
    fprintf(stderr, "simnat: error: dynamic shared memory is not supported\n");
    abort();
  }
  blockDim = b;
  gridDim = g;
  n_launches++;
  k->launches++;
  t0_wall = now(CLOCK_MONOTONIC);
  t0_cpu = now(CLOCK_PROCESS_CPUTIME_ID);
  return 1;
}

void end(KernelInfo *) {
  wall_in_launches += now(CLOCK_MONOTONIC) - t0_wall;
  cpu_in_launches += now(CLOCK_PROCESS_CPUTIME_ID) - t0_cpu;
}

void set_block(unsigned bx, unsigned by, unsigned bz) { blockIdx = uint3{bx, by, bz}; }

void run_fibers(const Config &c, void (*b)(void *), void *ctx, KernelInfo *k) {
  unsigned n = c.block.x * c.block.y * c.block.z;
  if (pool.size() < n) {  // stacks are mapped once, outside the launch's time
    double w = now(CLOCK_MONOTONIC), u = now(CLOCK_PROCESS_CPUTIME_ID);
    while (pool.size() < n) pool.push_back(new_fiber());
    t0_wall += now(CLOCK_MONOTONIC) - w;
    t0_cpu += now(CLOCK_PROCESS_CPUTIME_ID) - u;
  }
  body = b;
  body_ctx = ctx;
  reached_barrier = 0;
  n_fiber_launches++;
  for (unsigned bz = 0; bz < c.grid.z; bz++)
    for (unsigned by = 0; by < c.grid.y; by++)
      for (unsigned bx = 0; bx < c.grid.x; bx++) {
        set_block(bx, by, bz);
        unsigned i = 0;
        for (unsigned tz = 0; tz < c.block.z; tz++)
          for (unsigned ty = 0; ty < c.block.y; ty++)
            for (unsigned tx = 0; tx < c.block.x; tx++, i++) {
              pool[i]->tid = uint3{tx, ty, tz};
              pool[i]->state = RUNNING;
            }
        // Rounds: every live thread runs to its next barrier (or its end)
        // before any thread passes that barrier.
        for (unsigned live = n; live > 0;) {
          for (unsigned j = 0; j < n; j++) {
            Fiber *f = pool[j];
            if (f->state == DONE) continue;
            f->state = RUNNING;
            cur = f;
            threadIdx = f->tid;
            to_fiber(f);
            if (f->state == DONE) live--;
          }
        }
      }
  if (!reached_barrier && !force_fibers) k->loop = 1;
}
}  // namespace simnat

void __syncthreads(void) {
  if (simnat::in_loop) {
    fprintf(stderr,
            "simnat: error: a kernel reached __syncthreads after a launch of it without one ran "
            "as a plain loop; rerun with SIMNAT_FIBERS=1\n");
    abort();
  }
  reached_barrier = 1;
  Fiber *f = cur;
  f->state = AT_BARRIER;
  to_scheduler(f);
}

cudaError_t cudaMalloc(void **p, size_t n) {
  if (!p) return last_error = cudaErrorInvalidValue;
  *p = aligned_alloc(256, (n + 255) / 256 * 256 + 256);
  return *p ? cudaSuccess : (last_error = cudaErrorMemoryAllocation);
}
cudaError_t cudaMallocManaged(void **p, size_t n, unsigned) { return cudaMalloc(p, n); }
cudaError_t cudaMallocHost(void **p, size_t n) { return cudaMalloc(p, n); }
cudaError_t cudaFree(void *p) { free(p); return cudaSuccess; }
cudaError_t cudaFreeHost(void *p) { free(p); return cudaSuccess; }
cudaError_t cudaMemcpy(void *d, const void *s, size_t n, cudaMemcpyKind) {
  if (n) memmove(d, s, n);
  return cudaSuccess;
}
cudaError_t cudaMemcpyAsync(void *d, const void *s, size_t n, cudaMemcpyKind k, cudaStream_t) {
  return cudaMemcpy(d, s, n, k);
}
cudaError_t cudaMemset(void *p, int v, size_t n) {
  if (n) memset(p, v, n);
  return cudaSuccess;
}
cudaError_t cudaDeviceSynchronize(void) { return cudaSuccess; }
cudaError_t cudaStreamCreate(cudaStream_t *s) {
  if (!s) return last_error = cudaErrorInvalidValue;
  *s = (cudaStream_t)1;  // every call is synchronous: streams are only names
  return cudaSuccess;
}
cudaError_t cudaStreamDestroy(cudaStream_t) { return cudaSuccess; }
cudaError_t cudaStreamSynchronize(cudaStream_t) { return cudaSuccess; }
cudaError_t cudaGetLastError(void) {
  cudaError_t e = last_error;
  last_error = cudaSuccess;
  return e;
}
cudaError_t cudaPeekAtLastError(void) { return last_error; }
const char *cudaGetErrorString(cudaError_t e) {
  switch (e) {
    case cudaSuccess: return "no error";
    case cudaErrorInvalidValue: return "invalid argument";
    case cudaErrorMemoryAllocation: return "out of memory";
    case cudaErrorInvalidConfiguration: return "invalid configuration argument";
  }
  return "unknown error";
}
const char *cudaGetErrorName(cudaError_t e) {
  switch (e) {
    case cudaSuccess: return "cudaSuccess";
    case cudaErrorInvalidValue: return "cudaErrorInvalidValue";
    case cudaErrorMemoryAllocation: return "cudaErrorMemoryAllocation";
    case cudaErrorInvalidConfiguration: return "cudaErrorInvalidConfiguration";
  }
  return "cudaErrorUnknown";
}
cudaError_t cudaGetDeviceCount(int *n) {
  if (!n) return last_error = cudaErrorInvalidValue;
  *n = 1;
  return cudaSuccess;
}
cudaError_t cudaSetDevice(int d) { return d == 0 ? cudaSuccess : (last_error = cudaErrorInvalidValue); }
