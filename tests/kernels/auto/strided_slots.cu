// Pattern: a strided store through a table of n slots, a[(t * stride) % n].
// Thread t (t < n) owns slot (t * stride) mod n; the slots are distinct for
// all threads exactly when the threads cover at most n / gcd(stride, n)
// consecutive t, e.g. for any stride coprime with n. A stride sharing a
// factor with n (stride 0, stride even with n even, ...) makes two threads'
// slots collide: a write-write race only for some scalar arguments. n is
// bounded so a candidate's table stays small.
__global__ void strided_slots(int *a, int stride, int n) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  if (n <= 0 || n > 4096 || t >= (unsigned)n) return;
  unsigned slot = (t * (unsigned)stride) % (unsigned)n;
  a[slot] = (int)t;
}

//@ auto kernel=strided_slots
//@ expect race global ww 12 12
