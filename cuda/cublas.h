/* simulee CUDA headers: <cublas.h> (declaration-only, see cublas_api.h).
 * The legacy API's handle-free functions are not declared; code that uses
 * them names what is missing in clang's error. */
#ifndef SIMULEE_CUBLAS_H
#define SIMULEE_CUBLAS_H
#ifndef CUBLAS_H_
#define CUBLAS_H_
#endif
#include "cublas_api.h"
typedef cublasStatus_t cublasStatus;
extern "C" {
__host__ cublasStatus cublasInit(void);
__host__ cublasStatus cublasShutdown(void);
__host__ cublasStatus cublasGetError(void);
__host__ cublasStatus cublasAlloc(int n, int elem_size, void **ptr);
__host__ cublasStatus cublasFree(void *ptr);
}
#endif
