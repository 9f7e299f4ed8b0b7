// An enum parameter takes its enumerators' values: the search draws `op`
// from OP_COPY, OP_SCALE, OP_SHIFT (simulee's compile keeps the enum's type
// in the debug info), never a value the type does not have.
// apply: the switch's default is for values outside the enum (all threads
// store element 0): not a bug of any launch the kernel can get, so nothing
// is reported. OP_SHIFT reads the next element in place: a race that
// needs that enumerator, found.
enum Op { OP_COPY = 0, OP_SCALE = 3, OP_SHIFT = 7 };

__global__ void apply(float *a, Op op, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  switch (op) {
  case OP_COPY: break;
  case OP_SCALE: a[i] = 2.0f * a[i]; break;
  case OP_SHIFT:
    if (i + 1 < n) a[i] = a[i + 1];
    break;
  default: a[0] = (float)i;
  }
}
