// Interpreter corpus: calls through pointers. shape_areas builds a Circle or
// a Square per thread (by the input's parity, so lanes of one warp take
// different overrides) with new and calls the virtual area() through the
// base pointer, then deletes through the virtual destructor; apply picks an
// operation from a __device__ table of function pointers. Pattern: none
// (race-free): each thread writes its own slot.
struct Shape {
  __device__ virtual float area() const = 0;
  __device__ virtual ~Shape() {}
};
struct Circle : Shape {
  float r;
  __device__ explicit Circle(float r_) : r(r_) {}
  __device__ float area() const override { return 3.0f * r * r; }
};
struct Square : Shape {
  float s;
  __device__ explicit Square(float s_) : s(s_) {}
  __device__ float area() const override { return s * s; }
};

__global__ void shape_areas(const int *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Shape *sh;
  if (in[i] % 2) sh = new Circle(in[i] * 0.5f);
  else sh = new Square((float)in[i]);
  out[i] = sh->area();
  delete sh;
}
//@ run shape_areas: --kernel shape_areas --grid 2 --block 64 --arg i32[128]=iota --arg f32[128] --dump 1

typedef int (*op_fn)(int, int);
__device__ int add_op(int a, int b) { return a + b; }
__device__ int mul_op(int a, int b) { return a * b; }
__device__ int sub_op(int a, int b) { return a - b; }
__device__ op_fn ops[3] = {add_op, mul_op, sub_op};

__global__ void apply(const int *in, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = ops[in[i] % 3](in[i], 7);
}
//@ run apply_ops: --kernel apply --grid 2 --block 64 --arg i32[128]=iota --arg i32[128] --dump 1
