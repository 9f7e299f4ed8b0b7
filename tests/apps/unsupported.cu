// Calls a library function simulee does not implement: cuDNN's
// cudnnCreate (simulee ships no cuDNN; the program declares the entry
// point itself, as a program built against a library's own header would
// see it): the link fails and `simulee run` names the function.
#include <cstdio>

typedef struct cudnnContext *cudnnHandle_t;
extern "C" int cudnnCreate(cudnnHandle_t *handle);

int main() {
  cudnnHandle_t h;
  printf("%d\n", cudnnCreate(&h));
  return 0;
}
