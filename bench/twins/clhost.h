/* bench/twins/clhost.h: the OpenCL host boilerplate of the NAME_cl.c twins
 * (first platform, first device, one in-order queue, the program built from
 * the .cl file named by TWINS_CL at compile time). Any error exits 2. */
#ifndef TWINS_CLHOST_H
#define TWINS_CLHOST_H

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>

#define CLCHECK(call)                                                          \
  do {                                                                         \
    cl_int e_ = (call);                                                        \
    if (e_ != CL_SUCCESS) {                                                    \
      fprintf(stderr, "%s:%d: %s: OpenCL error %d\n", __FILE__, __LINE__,      \
              #call, (int)e_);                                                 \
      exit(2);                                                                 \
    }                                                                          \
  } while (0)

typedef struct {
  cl_context ctx;
  cl_command_queue q;
  cl_program prog;
  cl_device_id dev;
} twins_cl;

static void twins_cl_open(twins_cl *c, const char *path) {
  cl_platform_id plat;
  cl_int e;
  CLCHECK(clGetPlatformIDs(1, &plat, NULL));
  CLCHECK(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &c->dev, NULL));
  c->ctx = clCreateContext(NULL, 1, &c->dev, NULL, NULL, &e);
  CLCHECK(e);
  c->q = clCreateCommandQueue(c->ctx, c->dev, 0, &e);
  CLCHECK(e);
  FILE *fp = fopen(path, "rb");
  if (!fp) {
    perror(path);
    exit(2);
  }
  fseek(fp, 0, SEEK_END);
  long len = ftell(fp);
  fseek(fp, 0, SEEK_SET);
  char *src = malloc((size_t)len + 1);
  if (!src || fread(src, 1, (size_t)len, fp) != (size_t)len) exit(2);
  src[len] = 0;
  fclose(fp);
  const char *s = src;
  c->prog = clCreateProgramWithSource(c->ctx, 1, &s, NULL, &e);
  CLCHECK(e);
  if (clBuildProgram(c->prog, 1, &c->dev, "", NULL, NULL) != CL_SUCCESS) {
    char log[8192];
    clGetProgramBuildInfo(c->prog, c->dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    fprintf(stderr, "%s: build failed:\n%s\n", path, log);
    exit(2);
  }
  free(src);
}

static cl_kernel twins_kernel(twins_cl *c, const char *name) {
  cl_int e;
  cl_kernel k = clCreateKernel(c->prog, name, &e);
  CLCHECK(e);
  return k;
}

static cl_mem twins_buffer(twins_cl *c, size_t bytes, const void *init) {
  cl_int e;
  cl_mem m = clCreateBuffer(c->ctx, CL_MEM_READ_WRITE, bytes, NULL, &e);
  CLCHECK(e);
  if (init) CLCHECK(clEnqueueWriteBuffer(c->q, m, CL_TRUE, 0, bytes, init, 0, NULL, NULL));
  return m;
}

static void twins_read(twins_cl *c, cl_mem m, size_t bytes, void *out) {
  CLCHECK(clEnqueueReadBuffer(c->q, m, CL_TRUE, 0, bytes, out, 0, NULL, NULL));
}

#endif
