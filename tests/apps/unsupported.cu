// Calls a library function outside the CUDA runtime, cuBLAS, cuBLASLt and
// cuRAND that simulee does not implement (a cuSOLVER handle): the link
// fails and `simulee run` names the function.
#include <cusolverDn.h>
#include <cstdio>

int main() {
  cusolverDnHandle_t h;
  printf("%d\n", (int)cusolverDnCreate(&h));
  return 0;
}
