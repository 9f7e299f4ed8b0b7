/* The values tests/curand/streams.cu must dump, from NVIDIA's cuRAND host
 * API (curandCreateGeneratorHost: generated on the CPU, no GPU needed):
 *   curand_host SEED THREADS
 * prints, in simulee's --dump layout, THREADS x 4 raw XORWOW draws, raw
 * Philox-4x32-10 draws, then uniform floats of each. The host generators'
 * output orders (default ordering): XORWOW's element d * 4096 + s is draw d
 * of subsequence s; Philox's element 4 s + d is draw d (d < 4) of
 * subsequence s. */
#include <curand.h>
#include <stdio.h>
#include <stdlib.h>

#define DRAWS 4
#define XW_STREAMS 4096

static int gen(curandRngType_t type, unsigned long long seed, int uniform, size_t n, void *out) {
  curandGenerator_t g;
  if (curandCreateGeneratorHost(&g, type) != CURAND_STATUS_SUCCESS) return -1;
  int rc = curandSetPseudoRandomGeneratorSeed(g, seed) != CURAND_STATUS_SUCCESS;
  if (!rc) rc = uniform ? curandGenerateUniform(g, out, n) : curandGenerate(g, out, n);
  curandDestroyGenerator(g);
  return rc ? -1 : 0;
}

int main(int argc, char **argv) {
  if (argc != 3) return 2;
  unsigned long long seed = strtoull(argv[1], NULL, 0);
  unsigned nt = (unsigned)atoi(argv[2]);
  if (nt < 1 || nt > XW_STREAMS) return 2;
  size_t n = (size_t)XW_STREAMS * DRAWS;
  unsigned *xr = malloc(n * 4), *pr = malloc(n * 4);
  float *xu = malloc(n * 4), *pu = malloc(n * 4);
  if (!xr || !pr || !xu || !pu || gen(CURAND_RNG_PSEUDO_XORWOW, seed, 0, n, xr) ||
      gen(CURAND_RNG_PSEUDO_PHILOX4_32_10, seed, 0, n, pr) ||
      gen(CURAND_RNG_PSEUDO_XORWOW, seed, 1, n, xu) ||
      gen(CURAND_RNG_PSEUDO_PHILOX4_32_10, seed, 1, n, pu)) {
    fprintf(stderr, "curand_host: cuRAND failed\n");
    return 1;
  }
  printf("# kernel rng_streams param 0\n");
  for (unsigned t = 0; t < nt; t++)
    for (unsigned d = 0; d < DRAWS; d++) printf("%u\n", xr[d * XW_STREAMS + t]);
  printf("# kernel rng_streams param 1\n");
  for (unsigned t = 0; t < nt; t++)
    for (unsigned d = 0; d < DRAWS; d++) printf("%u\n", pr[t * DRAWS + d]);
  printf("# kernel rng_streams param 2\n");
  for (unsigned t = 0; t < nt; t++)
    for (unsigned d = 0; d < DRAWS; d++) printf("%.9g\n", xu[d * XW_STREAMS + t]);
  printf("# kernel rng_streams param 3\n");
  for (unsigned t = 0; t < nt; t++)
    for (unsigned d = 0; d < DRAWS; d++) printf("%.9g\n", pu[t * DRAWS + d]);
  free(xr), free(pr), free(xu), free(pu);
  return 0;
}
