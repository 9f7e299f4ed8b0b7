// A histogram whose bin index is not clamped (bug pattern: an input value
// one past the last bin writes past the array), followed by every way a
// real program may leave: normal return, exit from a worker thread, _exit,
// _Exit, quick_exit, a crash (SIGSEGV), abort, an uncaught C++ exception,
// waiting to be stopped (SIGTERM, SIGINT), a forked child that makes a
// finding of its own. The finding made before must survive each of them.
//   exits MODE   (MODE: return thread _exit _Exit quick_exit segv abort
//                 throw wait fork flood; fork: the child works first;
//                 wait FILE: FILE gets the pid once the finding is made)
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <pthread.h>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>

__global__ void histogram(const int *v, int n, int *bins) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&bins[v[i]], 1); // v[i] == nbins writes past bins
}

// the child's own bug: a scale that reads one past the end
__global__ void scale(const float *a, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a[i + 1] * 2.0f;
}

// a log flood over the printf cap (64 KiB per thread and launch)
__global__ void chatter(int lines) {
  for (int i = 0; i < lines; i++) printf("step %d of a long kernel log\n", i);
}

static void *leave(void *) {
  fflush(stdout);
  exit(0); // from a worker thread while main waits for it
}

static void quick_note() { printf("at_quick_exit ran\n"); fflush(stdout); }

static int child_work() {
  int n = 64;
  float *a, *out;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&out, n * sizeof(float));
  cudaMemset(a, 0, n * sizeof(float));
  scale<<<2, 32>>>(a, out, n);
  cudaDeviceSynchronize();
  return 0;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "return";
  if (!strcmp(mode, "fork")) { // a worker process first, as CUDA programs fork
    pid_t pid = fork();
    if (pid == 0) _exit(child_work());
    int st = 0;
    waitpid(pid, &st, 0);
    printf("child exited with %d\n", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
  }
  if (!strcmp(mode, "flood")) { // only the log
    chatter<<<1, 1>>>(10000);
    return cudaDeviceSynchronize() != cudaSuccess;
  }
  const int n = 256, nbins = 16;
  int v[n];
  for (int i = 0; i < n; i++) v[i] = i % (nbins + 1); // 16 is one past
  int *dv, *dbins;
  cudaMalloc(&dv, sizeof v);
  cudaMalloc(&dbins, nbins * sizeof(int));
  cudaMemcpy(dv, v, sizeof v, cudaMemcpyHostToDevice);
  cudaMemset(dbins, 0, nbins * sizeof(int));
  histogram<<<n / 64, 64>>>(dv, n, dbins);
  cudaDeviceSynchronize();
  printf("histogram done, leaving by %s\n", mode);
  fflush(stdout);
  if (!strcmp(mode, "thread")) {
    pthread_t t;
    pthread_create(&t, NULL, leave, NULL);
    pthread_join(t, NULL);
  } else if (!strcmp(mode, "_exit")) {
    _exit(0);
  } else if (!strcmp(mode, "_Exit")) {
    _Exit(0);
  } else if (!strcmp(mode, "quick_exit")) {
    at_quick_exit(quick_note);
    quick_exit(0);
  } else if (!strcmp(mode, "segv")) {
    volatile int *p = NULL;
    *p = 1;
  } else if (!strcmp(mode, "abort")) {
    abort();
  } else if (!strcmp(mode, "throw")) {
    throw std::runtime_error("bad input");
  } else if (!strcmp(mode, "wait")) {
    // a marker file with the pid tells the test the finding is made
    if (argc > 2) {
      FILE *f = fopen(argv[2], "w");
      fprintf(f, "%d\n", (int)getpid());
      fclose(f);
    }
    for (;;) pause();

  }
  return 0;
}
