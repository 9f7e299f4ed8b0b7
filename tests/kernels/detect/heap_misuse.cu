// Pattern: use after free on the device heap. pop_front deletes the head
// node of a device-built list and then reads its `next` field through the
// dangling pointer (the order of the two lines swapped), and twice_free
// frees a scratch buffer on both paths of an early exit. pop_ok reads the
// field first. Leaks (the list is never freed) are not findings.
struct node {
  int value;
  node *next;
};

__device__ node *build(int n) {
  node *head = nullptr;
  for (int k = 0; k < n; k++) {
    node *x = new node;
    x->value = k;
    x->next = head;
    head = x;
  }
  return head;
}

__global__ void pop_front(int *out) {
  node *head = build(3);
  delete head;
  node *rest = head->next;
  out[threadIdx.x] = rest != nullptr;
}

__global__ void pop_ok(int *out) {
  node *head = build(3);
  node *rest = head->next;
  delete head;
  out[threadIdx.x] = rest->value;
}

__global__ void twice_free(int *out, int n, int **keep) {
  int *scratch = (int *)malloc(16 * sizeof(int));
  keep[threadIdx.x] = scratch;
  scratch[0] = n;
  out[threadIdx.x] = scratch[0];
  if (n > 3) free(scratch);
  free(scratch);
}

//@ run kernel=pop_front grid=1 block=32
//@ arg i32[32]
//@ expect oob global 25
//@ run kernel=pop_ok grid=1 block=32
//@ arg i32[32]
//@ expect none
//@ run kernel=twice_free grid=1 block=32
//@ arg i32[32]
//@ arg 5
//@ arg u64[32]
//@ expect oob global 42
