// The device heap belongs to the program (CUDA's context), not to a launch:
// what one kernel allocates with malloc or new, later kernels use and free.
// Modes (no argument: list, shapes and leak):
//   list    per block, a linked list built with device new by one launch,
//           summed by a second and deleted by a third (sums against the host)
//   shapes  objects with virtual functions constructed by one launch, their
//           virtual functions called by the next, deleted by a third
//   leak    many launches that each allocate and never free, under a small
//           heap: malloc returns NULL once the heap is full, as CUDA's does
//   uaf     a block freed by launch 2 and read by launch 3 (a finding)
//   double  a block freed by launch 2 and again by launch 3 (a finding)
//   uninit  a block allocated by launch 1, half written: launch 2 reads a
//           written word (clean), launch 3 an unwritten one (a finding)
//   limit   cudaDeviceSetLimit(cudaLimitMallocHeapSize) before and after
//           a kernel used the heap
#include <cstdio>
#include <cstring>
#include <vector>

#define CHECK(call)                                                                  \
  do {                                                                               \
    cudaError_t e_ = (call);                                                         \
    if (e_ != cudaSuccess) {                                                         \
      printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));             \
      return 1;                                                                      \
    }                                                                                \
  } while (0)

// ------------------------------------------------------------------- list

struct node {
  int value;
  node *next;
};

__global__ void build_lists(node **heads, int len) {
  if (threadIdx.x != 0) return;
  node *head = nullptr;
  for (int k = 0; k < len; k++) {
    node *n = new node;
    n->value = blockIdx.x * 1000 + k * k;
    n->next = head;
    head = n;
  }
  heads[blockIdx.x] = head;
}

__global__ void sum_lists(node *const *heads, long long *sums) {
  if (threadIdx.x != 0) return;
  long long s = 0;
  for (const node *n = heads[blockIdx.x]; n; n = n->next) s += n->value;
  sums[blockIdx.x] = s;
}

__global__ void free_lists(node **heads) {
  if (threadIdx.x != 0) return;
  node *n = heads[blockIdx.x];
  while (n) {
    node *next = n->next;
    delete n;
    n = next;
  }
  heads[blockIdx.x] = nullptr;
}

static int run_list() {
  const int blocks = 6, len = 25;
  node **heads;
  long long *sums;
  CHECK(cudaMalloc(&heads, blocks * sizeof(node *)));
  CHECK(cudaMalloc(&sums, blocks * sizeof(long long)));
  build_lists<<<blocks, 32>>>(heads, len);
  CHECK(cudaGetLastError());
  sum_lists<<<blocks, 32>>>(heads, sums);
  CHECK(cudaGetLastError());
  free_lists<<<blocks, 32>>>(heads);
  CHECK(cudaDeviceSynchronize());
  std::vector<long long> got(blocks);
  CHECK(cudaMemcpy(got.data(), sums, blocks * sizeof(long long), cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int b = 0; b < blocks; b++) {
    long long e = 0;
    for (int k = 0; k < len; k++) e += b * 1000 + k * k;
    if (got[b] != e) wrong++;
  }
  printf("list: %d lists of %d nodes, %d wrong\n", blocks, len, wrong);
  cudaFree(heads);
  cudaFree(sums);
  return wrong != 0;
}

// ----------------------------------------------------------------- shapes

struct shape {
  __device__ virtual ~shape() {}
  __device__ virtual float area() const = 0;
  __device__ virtual int corners() const { return 0; }
};

struct circle : shape {
  float r;
  __device__ explicit circle(float r_) : r(r_) {}
  __device__ float area() const override { return 3.0f * r * r; }
};

struct rect : shape {
  float w, h;
  __device__ rect(float w_, float h_) : w(w_), h(h_) {}
  __device__ float area() const override { return w * h; }
  __device__ int corners() const override { return 4; }
};

__global__ void make_shapes(shape **shapes, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (i % 3 == 0) shapes[i] = new circle(0.5f * (i % 7 + 1));
  else shapes[i] = new rect(i % 5 + 1.0f, i % 4 + 0.25f);
}

__global__ void measure(shape *const *shapes, float *areas, int *corners, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  areas[i] = shapes[i]->area();
  corners[i] = shapes[i]->corners();
}

__global__ void drop_shapes(shape **shapes, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  delete shapes[i];
  shapes[i] = nullptr;
}

static int run_shapes() {
  const int n = 100;
  shape **shapes;
  float *areas;
  int *corners;
  CHECK(cudaMalloc(&shapes, n * sizeof(shape *)));
  CHECK(cudaMalloc(&areas, n * sizeof(float)));
  CHECK(cudaMalloc(&corners, n * sizeof(int)));
  make_shapes<<<(n + 63) / 64, 64>>>(shapes, n);
  measure<<<(n + 63) / 64, 64>>>(shapes, areas, corners, n);
  drop_shapes<<<(n + 63) / 64, 64>>>(shapes, n);
  CHECK(cudaDeviceSynchronize());
  std::vector<float> a(n);
  std::vector<int> c(n);
  CHECK(cudaMemcpy(a.data(), areas, n * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(c.data(), corners, n * sizeof(int), cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < n; i++) {
    float e;
    int ec;
    if (i % 3 == 0) {
      float r = 0.5f * (i % 7 + 1);
      e = 3.0f * r * r;
      ec = 0;
    } else {
      e = (i % 5 + 1.0f) * (i % 4 + 0.25f);
      ec = 4;
    }
    if (a[i] != e || c[i] != ec) wrong++;
  }
  printf("shapes: %d objects, %d wrong\n", n, wrong);
  cudaFree(shapes);
  cudaFree(areas);
  cudaFree(corners);
  return wrong != 0;
}

// ------------------------------------------------------------------- leak

__global__ void grab(char **kept, int *got, int launch, size_t bytes) {
  char *p = (char *)malloc(bytes);
  if (p) p[0] = 1;
  kept[launch] = p;  // never freed
  got[launch] = p != nullptr;
}

static int run_leak() {
  // 150 launches that each keep 1/64 of the heap: 64 succeed at most
  const int launches = 150;
  size_t limit = 0;
  CHECK(cudaDeviceGetLimit(&limit, cudaLimitMallocHeapSize));
  int *got;
  char **kept;
  CHECK(cudaMalloc(&got, launches * sizeof(int)));
  CHECK(cudaMalloc(&kept, launches * sizeof(char *)));
  for (int k = 0; k < launches; k++) grab<<<1, 1>>>(kept, got, k, limit / 64);
  CHECK(cudaDeviceSynchronize());
  std::vector<int> g(launches);
  CHECK(cudaMemcpy(g.data(), got, launches * sizeof(int), cudaMemcpyDeviceToHost));
  int ok = 0, first_null = -1;
  for (int k = 0; k < launches; k++) {
    ok += g[k];
    if (!g[k] && first_null < 0) first_null = k;
  }
  int refill = 0;
  for (int k = first_null; k >= 0 && k < launches; k++) refill += g[k];
  printf("leak: %d of %d launches got a block, none after the first refusal: %s\n", ok,
         launches, refill == 0 ? "yes" : "no");
  cudaFree(got);
  cudaFree(kept);
  return !(ok == 64 && first_null == 64 && refill == 0);
}

// -------------------------------------------------------------------- uaf

__global__ void keep(int **slot) {
  int *p = (int *)malloc(4 * sizeof(int));
  for (int k = 0; k < 4; k++) p[k] = 7 * k;
  *slot = p;
}

__global__ void release(int **slot) { free(*slot); }

__global__ void use(int *const *slot, int *out) { *out = (*slot)[2]; }

static int run_uaf() {
  int **slot, *out;
  CHECK(cudaMalloc(&slot, sizeof(int *)));
  CHECK(cudaMalloc(&out, sizeof(int)));
  keep<<<1, 1>>>(slot);
  release<<<1, 1>>>(slot);
  use<<<1, 1>>>(slot, out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("uaf: %s\n", cudaGetErrorString(e));
  return 0;
}

static int run_double_free() {
  int **slot;
  CHECK(cudaMalloc(&slot, sizeof(int *)));
  keep<<<1, 1>>>(slot);
  release<<<1, 1>>>(slot);
  release<<<1, 1>>>(slot);  // the same block again
  cudaError_t e = cudaDeviceSynchronize();
  printf("double free: %s\n", cudaGetErrorString(e));
  return 0;
}

// ----------------------------------------------------------------- uninit

__global__ void half_fill(int **slot) {
  int *p = (int *)malloc(4 * sizeof(int));
  p[0] = 1;
  p[1] = 2;  // p[2], p[3] never written
  *slot = p;
}

__global__ void read_back(int *const *slot, int *out, int k) { out[0] = (*slot)[k] + 1; }

static int run_uninit() {
  int **slot, *out, h[2];
  CHECK(cudaMalloc(&slot, sizeof(int *)));
  CHECK(cudaMalloc(&out, 2 * sizeof(int)));
  half_fill<<<1, 1>>>(slot);
  read_back<<<1, 1>>>(slot, out, 1);      // written by the first launch: clean
  read_back<<<1, 1>>>(slot, out + 1, 3);  // never written: initcheck
  CHECK(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  printf("uninit: written %d\n", h[0]);
  return h[0] != 3;
}

// ------------------------------------------------------------------ limit

__global__ void big_alloc(size_t bytes, void **slot, int *ok) {
  void *p = malloc(bytes);
  *slot = p;
  *ok = p != nullptr;
}

__global__ void big_free(void **slot) { free(*slot); }

static int run_limit() {
  size_t v = 0;
  CHECK(cudaDeviceGetLimit(&v, cudaLimitMallocHeapSize));
  printf("limit: default %zu\n", v);
  CHECK(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 32u << 20));
  CHECK(cudaDeviceGetLimit(&v, cudaLimitMallocHeapSize));
  printf("limit: set before use %zu\n", v);
  int *ok;
  void **slot;
  int h[2];
  CHECK(cudaMalloc(&ok, 2 * sizeof(int)));
  CHECK(cudaMalloc(&slot, sizeof(void *)));
  big_alloc<<<1, 1>>>(24u << 20, slot, ok);      // fits the 32 MiB heap
  big_free<<<1, 1>>>(slot);
  big_alloc<<<1, 1>>>(40u << 20, slot, ok + 1);  // does not
  CHECK(cudaMemcpy(h, ok, sizeof h, cudaMemcpyDeviceToHost));
  printf("limit: 24 MiB %s, 40 MiB %s\n", h[0] ? "allocated" : "refused",
         h[1] ? "allocated" : "refused");
  cudaError_t e = cudaDeviceSetLimit(cudaLimitMallocHeapSize, 64u << 20);
  CHECK(cudaDeviceGetLimit(&v, cudaLimitMallocHeapSize));
  printf("limit: set after use: %s, still %zu\n", cudaGetErrorName(e), v);
  cudaGetLastError();
  cudaFree(ok);
  cudaFree(slot);
  return !(h[0] && !h[1] && e == cudaErrorInvalidValue && v == (32u << 20));
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "all";
  if (!strcmp(mode, "list")) return run_list();
  if (!strcmp(mode, "shapes")) return run_shapes();
  if (!strcmp(mode, "leak")) {
    CHECK(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 64u << 10));
    return run_leak();
  }
  if (!strcmp(mode, "all")) return run_list() | run_shapes() | run_leak(); // leak last: it fills the heap
  if (!strcmp(mode, "uaf")) return run_uaf();
  if (!strcmp(mode, "double")) return run_double_free();
  if (!strcmp(mode, "uninit")) return run_uninit();
  if (!strcmp(mode, "limit")) return run_limit();
  printf("unknown mode %s\n", mode);
  return 2;
}
