/* simulee CUDA headers: <curand.h>, cuRAND's host API. Under `simulee run`
 * the XORWOW and Philox generators run on the CPU (runtime/rand.c, on the
 * generators of <curand_kernel.h>, the device API); a program that calls a
 * function not implemented there does not link, and the error names it. */
#ifndef SIMULEE_CUDA_CURAND_H
#define SIMULEE_CUDA_CURAND_H
/* NVIDIA's include guard for this header's contents (code tests them) */
#ifndef CURAND_H_
#define CURAND_H_
#endif

#include "cuda_runtime.h"
#include "library_types.h"

enum curandStatus {
  CURAND_STATUS_SUCCESS = 0,
  CURAND_STATUS_VERSION_MISMATCH = 100,
  CURAND_STATUS_NOT_INITIALIZED = 101,
  CURAND_STATUS_ALLOCATION_FAILED = 102,
  CURAND_STATUS_TYPE_ERROR = 103,
  CURAND_STATUS_OUT_OF_RANGE = 104,
  CURAND_STATUS_LENGTH_NOT_MULTIPLE = 105,
  CURAND_STATUS_DOUBLE_PRECISION_REQUIRED = 106,
  CURAND_STATUS_LAUNCH_FAILURE = 201,
  CURAND_STATUS_PREEXISTING_FAILURE = 202,
  CURAND_STATUS_INITIALIZATION_FAILED = 203,
  CURAND_STATUS_ARCH_MISMATCH = 204,
  CURAND_STATUS_INTERNAL_ERROR = 999
};
typedef enum curandStatus curandStatus_t;

enum curandRngType {
  CURAND_RNG_PSEUDO_DEFAULT = 100,
  CURAND_RNG_PSEUDO_XORWOW = 101,
  CURAND_RNG_PSEUDO_MRG32K3A = 121,
  CURAND_RNG_PSEUDO_MTGP32 = 141,
  CURAND_RNG_PSEUDO_MT19937 = 142,
  CURAND_RNG_PSEUDO_PHILOX4_32_10 = 161,
  CURAND_RNG_QUASI_DEFAULT = 200,
  CURAND_RNG_QUASI_SOBOL32 = 201,
  CURAND_RNG_QUASI_SCRAMBLED_SOBOL32 = 202,
  CURAND_RNG_QUASI_SOBOL64 = 203,
  CURAND_RNG_QUASI_SCRAMBLED_SOBOL64 = 204,
  CURAND_RNG_TEST = 0
};
typedef enum curandRngType curandRngType_t;

typedef struct curandGenerator_st *curandGenerator_t;
typedef unsigned int curandDirectionVectors32_t[32];
typedef unsigned long long curandDirectionVectors64_t[64];
typedef enum curandDirectionVectorSet {
  CURAND_DIRECTION_VECTORS_32_JOEKUO6 = 101,
  CURAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6 = 102,
  CURAND_DIRECTION_VECTORS_64_JOEKUO6 = 103,
  CURAND_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6 = 104
} curandDirectionVectorSet_t;
typedef enum curandOrdering {
  CURAND_ORDERING_PSEUDO_BEST = 100,
  CURAND_ORDERING_PSEUDO_DEFAULT = 101,
  CURAND_ORDERING_PSEUDO_SEEDED = 102,
  CURAND_ORDERING_PSEUDO_LEGACY = 103,
  CURAND_ORDERING_PSEUDO_DYNAMIC = 104,
  CURAND_ORDERING_QUASI_DEFAULT = 201
} curandOrdering_t;
typedef struct curandDiscreteDistribution_st *curandDiscreteDistribution_t;

enum curandMethod {
  CURAND_CHOOSE_BEST = 0, CURAND_ITR = 1, CURAND_KNUTH = 2, CURAND_HITR = 3, CURAND_M1 = 4,
  CURAND_M2 = 5, CURAND_BINARY_SEARCH = 6, CURAND_DISCRETE_GAUSS = 7, CURAND_REJECTION = 8,
  CURAND_DEVICE_API = 9, CURAND_FAST_REJECTION = 10, CURAND_3RD = 11, CURAND_DEFINITION = 12,
  CURAND_POISSON = 13
};
typedef enum curandMethod curandMethod_t;

__SIM_BEGIN_C
__host__ curandStatus_t curandCreateGenerator(curandGenerator_t *generator,
                                              curandRngType_t type);
__host__ curandStatus_t curandCreateGeneratorHost(curandGenerator_t *generator,
                                                  curandRngType_t type);
__host__ curandStatus_t curandDestroyGenerator(curandGenerator_t generator);
__host__ curandStatus_t curandSetPseudoRandomGeneratorSeed(
    curandGenerator_t generator, unsigned long long seed);
__host__ curandStatus_t curandSetGeneratorOffset(curandGenerator_t generator,
                                                 unsigned long long offset);
__host__ curandStatus_t curandSetStream(curandGenerator_t generator,
                                        cudaStream_t stream);
__host__ curandStatus_t curandGenerate(curandGenerator_t generator,
                                       unsigned int *out, size_t n);
__host__ curandStatus_t curandGenerateUniform(curandGenerator_t generator,
                                              float *out, size_t n);
__host__ curandStatus_t curandGenerateUniformDouble(
    curandGenerator_t generator, double *out, size_t n);
__host__ curandStatus_t curandGenerateNormal(curandGenerator_t generator,
                                             float *out, size_t n, float mean,
                                             float stddev);
__host__ curandStatus_t curandGenerateNormalDouble(
    curandGenerator_t generator, double *out, size_t n, double mean,
    double stddev);
__host__ curandStatus_t curandGenerateLogNormal(curandGenerator_t generator,
                                                float *out, size_t n,
                                                float mean, float stddev);
__host__ curandStatus_t curandGeneratePoisson(curandGenerator_t generator,
                                              unsigned int *out, size_t n,
                                              double lambda);
/* the rest of the host API (declaration-only) */
__host__ curandStatus_t curandGetVersion(int *version);
__host__ curandStatus_t curandGetProperty(libraryPropertyType type, int *value);
__host__ curandStatus_t curandSetQuasiRandomGeneratorDimensions(curandGenerator_t g, unsigned int dims);
__host__ curandStatus_t curandSetGeneratorOrdering(curandGenerator_t g, curandOrdering_t order);
__host__ curandStatus_t curandGenerateSeeds(curandGenerator_t g);
__host__ curandStatus_t curandGenerateLongLong(curandGenerator_t g, unsigned long long *out, size_t n);
__host__ curandStatus_t curandGenerateLogNormalDouble(curandGenerator_t g, double *out, size_t n,
                                                      double mean, double stddev);
__host__ curandStatus_t curandCreatePoissonDistribution(double lambda,
                                                        curandDiscreteDistribution_t *d);
__host__ curandStatus_t curandDestroyDistribution(curandDiscreteDistribution_t d);
__host__ curandStatus_t curandGetDirectionVectors32(curandDirectionVectors32_t **vectors,
                                                    curandDirectionVectorSet_t set);
__host__ curandStatus_t curandGetDirectionVectors64(curandDirectionVectors64_t **vectors,
                                                    curandDirectionVectorSet_t set);
__host__ curandStatus_t curandGetScrambleConstants32(unsigned int **constants);
__host__ curandStatus_t curandGetScrambleConstants64(unsigned long long **constants);
/* ---- the rest of CUDA 12's cuRAND host API (CURAND_STATUS_NOT_INITIALIZED at
 * run time: runtime/stubs.def) */
__host__ curandStatus_t curandGenerateBinomial(curandGenerator_t, unsigned int *, size_t, unsigned int, double);
__host__ curandStatus_t curandGenerateBinomialMethod(curandGenerator_t, unsigned int *, size_t, unsigned int, double, curandMethod_t);
__host__ curandStatus_t curandGeneratePoissonMethod(curandGenerator_t, unsigned int *, size_t, double, curandMethod_t);
__SIM_END_C

#endif
