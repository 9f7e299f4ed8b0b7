// Interpreter corpus: the device heap. Each thread builds a linked list with
// operator new (a per-thread work list, as in tree builders and sparse
// assemblers), sums it, and deletes it; new[]/delete[] and malloc/free for
// scratch arrays; a second kernel fills a small heap (--device-heap) until
// malloc returns NULL. Pattern: none (race-free): each thread owns its blocks.
#include <stdlib.h>

struct node {
  int value;
  node *next;
};

// out[2i] = sum of the list of thread i, out[2i+1] = sum over a new[] array
// and a malloc'd array.
__global__ void list_sum(const int *len, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  node *head = nullptr;
  for (int k = 0; k < len[i] % 5 + 1; k++) {
    node *n = new node;
    n->value = i * 10 + k;
    n->next = head;
    head = n;
  }
  int sum = 0;
  while (head) {
    node *n = head;
    sum += n->value;
    head = n->next;
    delete n;
  }
  out[2 * i] = sum;
  int m = i % 7 + 1;
  int *a = new int[m];
  unsigned *b = (unsigned *)malloc(m * sizeof(unsigned));
  for (int k = 0; k < m; k++) { a[k] = k * i; b[k] = (unsigned)(k + 1); }
  int s2 = 0;
  for (int k = 0; k < m; k++) s2 += a[k] * (int)b[k];
  delete[] a;
  free(b);
  out[2 * i + 1] = s2;
}
//@ run list_sum: --kernel list_sum --grid 2 --block 64 --arg i32[128]=iota --arg i32[256] --dump 1

// got[0] counts the 1 KiB allocations that succeed (never freed: leaks are
// not findings; the pointers escape to keep[] so that -O2 keeps the calls);
// the others get NULL once the heap is full.
__global__ void fill_heap(unsigned *got, char **keep) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  char *p = (char *)malloc(1024);
  keep[i] = p;
  if (p) {
    p[1023] = 1;
    atomicAdd(&got[0], 1u);
  }
}
//@ run fill_heap: --kernel fill_heap --grid 2 --block 64 --device-heap 64K --arg u32[1] --arg u64[128] --dump 0
