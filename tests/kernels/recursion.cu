// Interpreter corpus: recursive device functions (calls are real calls at
// -O0; fib stays recursive at -O2), with per-thread recursion depths that
// differ across the lanes of a warp, and a recursive sort of a per-thread
// local array (alloca'd memory passed down by pointer). Pattern: none
// (race-free): each thread writes only its own output slots.

__device__ __noinline__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

// The sum of the implicit binary tree t[0..n) rooted at node.
__device__ __noinline__ unsigned tree_sum(const unsigned *t, int node, int n) {
  if (node >= n) return 0;
  return t[node] + tree_sum(t, 2 * node + 1, n) + tree_sum(t, 2 * node + 2, n);
}

// Quicksort of a[lo..hi] (Lomuto partition, last element as pivot).
__device__ __noinline__ void quicksort(int *a, int lo, int hi) {
  if (lo >= hi) return;
  int p = a[hi], m = lo;
  for (int j = lo; j < hi; ++j)
    if (a[j] < p) {
      int x = a[j];
      a[j] = a[m];
      a[m] = x;
      ++m;
    }
  a[hi] = a[m];
  a[m] = p;
  quicksort(a, lo, m - 1);
  quicksort(a, m + 1, hi);
}

// out[3i] = fib(i % 15), out[3i+1] = the sum of the subtree at node i,
// out[3i+2] = sum over k of (k+1) * sorted[k] of 12 values made from i.
__global__ void recursion(const unsigned *tree, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int a[12];
  for (int k = 0; k < 12; ++k) a[k] = (i * 7 + k * 13) % 31 - (k & 3);
  quicksort(a, 0, 11);
  int check = 0;
  for (int k = 0; k < 12; ++k) check += (k + 1) * a[k];
  out[3 * i] = fib(i % 15);
  out[3 * i + 1] = (int)tree_sum(tree, i, n);
  out[3 * i + 2] = check;
}

//@ run recursion: --grid 2 --block 64 --arg u32[100]=iota --arg i32[384] --arg 100 --dump 1
