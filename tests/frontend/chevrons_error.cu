// A compile error after a spaced launch on the same line: clang's message
// must give the column of the user's file (the chevrons are joined in a copy
// whose bytes keep their places).
__global__ void fill(int *a) { a[threadIdx.x] = 1; }

void host(int *a) {
  int n = 32;

  fill<< <1, n>> >(a); not_declared = 1;
}
