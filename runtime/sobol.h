/*
 * simulee runtime: Sobol' direction numbers for cuRAND's quasi-random
 * generators and curandGetDirectionVectors32/64 (runtime/sobol.c).
 */
#ifndef SIMULEE_RUNTIME_SOBOL_H
#define SIMULEE_RUNTIME_SOBOL_H

#include <stdint.h>

#define SIMR_SOBOL_DIMS 20000u /* cuRAND's dimensions */

/* The direction vectors of every dimension: SIMR_SOBOL_DIMS rows of 32
 * (32-bit) or 64 (64-bit) words, plain or scrambled; built on first use and
 * kept for the program's life (cuRAND's tables are static too). NULL when
 * out of memory. */
const uint32_t *simR_sobol_dirs32(int scrambled);
const uint64_t *simR_sobol_dirs64(int scrambled);
/* One scramble constant per dimension (the scrambled sequences' first
 * point). */
const uint32_t *simR_sobol_scramble32(void);
const uint64_t *simR_sobol_scramble64(void);

#endif
