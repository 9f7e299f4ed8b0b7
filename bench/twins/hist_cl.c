/* hist.cu's program with an OpenCL host: the same sizes, launches and
 * checksum line. */
#include "clhost.h"
#include "common.h"

#include <string.h>

#define BINS 256
#define THREADS 256

int main(int argc, char **argv) {
  int n = twins_arg(argc, argv, 1, 1 << 19), reps = twins_arg(argc, argv, 2, 2);
  int blocks = twins_arg(argc, argv, 3, 64);
  unsigned char *d = malloc((size_t)n);
  hist_init(d, n);
  twins_cl c;
  twins_cl_open(&c, TWINS_CL);
  cl_kernel kh = twins_kernel(&c, "histogram"), ks = twins_kernel(&c, "sumsq");
  unsigned zero[BINS] = {0};
  cl_mem dd = twins_buffer(&c, (size_t)n, d);
  cl_mem dbins = twins_buffer(&c, BINS * sizeof(unsigned), zero);
  cl_mem dtotal = twins_buffer(&c, sizeof(unsigned), zero);
  size_t local = THREADS, global = (size_t)blocks * THREADS;
  for (int r = 0; r < reps; r++) {
    CLCHECK(clSetKernelArg(kh, 0, sizeof dd, &dd));
    CLCHECK(clSetKernelArg(kh, 1, sizeof dbins, &dbins));
    CLCHECK(clSetKernelArg(kh, 2, sizeof n, &n));
    CLCHECK(clEnqueueNDRangeKernel(c.q, kh, 1, NULL, &global, &local, 0, NULL, NULL));
    CLCHECK(clSetKernelArg(ks, 0, sizeof dd, &dd));
    CLCHECK(clSetKernelArg(ks, 1, sizeof dtotal, &dtotal));
    CLCHECK(clSetKernelArg(ks, 2, sizeof n, &n));
    CLCHECK(clEnqueueNDRangeKernel(c.q, ks, 1, NULL, &global, &local, 0, NULL, NULL));
  }
  unsigned bins[BINS + 1], ref[BINS + 1];
  twins_read(&c, dbins, BINS * sizeof(unsigned), bins);
  twins_read(&c, dtotal, sizeof(unsigned), &bins[BINS]);
  memset(ref, 0, sizeof ref);
  for (int i = 0; i < n; i++) ref[d[i]] += reps, ref[BINS] += (unsigned)reps * d[i] * d[i];
  int ok = memcmp(bins, ref, sizeof ref) == 0;
  printf("hist n=%d reps=%d checksum=%016llx %s\n", n, reps,
         (unsigned long long)twins_fnv(bins, sizeof bins), ok ? "ok" : "WRONG");
  return !ok;
}
