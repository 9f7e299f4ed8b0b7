#include <cstdio>
#include <cstdlib>
#include <vector>
#ifdef _OPENMP
#include <omp.h>
#endif
#include "stencil.h"

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 5000;
  std::vector<float> in(n), out(n), ref(n);
  for (int i = 0; i < n; i++) in[i] = (float)((i * 37) % 101);
  smooth_on_device(in.data(), out.data(), n);
  int wrong = 0;
#pragma omp parallel for reduction(+ : wrong)
  for (int i = 0; i < n; i++) {
    float l = i > 0 ? in[i - 1] : in[i];
    float r = i + 1 < n ? in[i + 1] : in[i];
    wrong += out[i] != (l + in[i] + r) / 3.0f;
  }
#ifdef _OPENMP
  printf("openmp: %d\n", omp_get_max_threads() > 0);
#endif
  printf("smooth n=%d: %d wrong\n", n, wrong);
  return wrong != 0;
}
