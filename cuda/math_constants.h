/* simulee: compatibility header; everything is in cuda_runtime.h. */
#include "cuda_runtime.h"
#ifndef SIMULEE_MATH_CONSTANTS_H
#define SIMULEE_MATH_CONSTANTS_H
#define CUDART_PI_F 3.141592654f
#define CUDART_PI 3.1415926535897931e+0
#define CUDART_INF_F __int_as_float(0x7f800000)
#define CUDART_NAN_F __int_as_float(0x7fffffff)
#define CUDART_INF __longlong_as_double(0x7ff0000000000000ULL)
#endif
