/* simulee CUDA headers: the state types of cuRAND's device generators
 * (see curand_kernel.h, which includes this header and defines their
 * functions), visible to a plain host compiler too: host code declares
 * pointers to the states it allocates and hands to kernels. */
#ifndef SIMULEE_CURAND_TYPES_H
#define SIMULEE_CURAND_TYPES_H
#include "vector_types.h"

/* xorwow state */
struct curandStateXORWOW {
  unsigned int d;          /* Weyl sequence counter */
  unsigned int v[5];       /* xorshift words */
  int boxmuller_flag;      /* a float normal is cached */
  int boxmuller_flag_double; /* a double normal is cached */
  float boxmuller_extra;   /* the cached float normal */
  double boxmuller_extra_double; /* the cached double normal */
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;

/* Philox-4x32-10 state */
struct curandStatePhilox4_32_10 {
  uint4 ctr;               /* 128-bit counter */
  uint4 output;            /* the four words of the current block */
  uint2 key;               /* 64-bit key (the seed) */
  unsigned int STATE;      /* next word of `output` to hand out, 0..3 */
  int boxmuller_flag;      /* a float normal is cached */
  int boxmuller_flag_double; /* a double normal is cached */
  float boxmuller_extra;   /* the cached float normal */
  double boxmuller_extra_double; /* the cached double normal */
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

struct curandStateMRG32k3a {
  unsigned int s1[3]; /* x_{n-3}, x_{n-2}, x_{n-1} */
  unsigned int s2[3]; /* y_{n-3}, y_{n-2}, y_{n-1} */
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;

struct curandStateSobol32 {
  unsigned int i;                  /* index of the next point */
  unsigned int x;                  /* the next point */
  unsigned int c;                  /* scramble constant (0: plain) */
  unsigned int direction_vectors[32];
};
struct curandStateScrambledSobol32 {
  unsigned int i, x, c;
  unsigned int direction_vectors[32];
};
struct curandStateSobol64 {
  unsigned long long i, x, c;
  unsigned long long direction_vectors[64];
};
struct curandStateScrambledSobol64 {
  unsigned long long i, x, c;
  unsigned long long direction_vectors[64];
};
typedef struct curandStateSobol32 curandStateSobol32_t;
typedef struct curandStateScrambledSobol32 curandStateScrambledSobol32_t;
typedef struct curandStateSobol64 curandStateSobol64_t;
typedef struct curandStateScrambledSobol64 curandStateScrambledSobol64_t;

#endif
