/* simulee CUDA headers: <nvrtc.h>, runtime compilation.
 *
 * nvrtcCompileProgram compiles the program's source with simulee's nvcc
 * (the toolkit's bin/nvcc, or $SIMULEE_NVCC) into simulee's GPU binary:
 * nvrtcGetCUBIN and nvrtcGetPTX hand it out (the same bytes: code must
 * not take them for a C string), and the driver API loads it
 * (cuModuleLoadData). The compile log is nvcc's messages. Name expressions
 * (nvrtcAddNameExpression) are not supported: they return
 * NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID with one line on stderr; kernels
 * declared extern "C" are found by their names. */
#ifndef SIMULEE_NVRTC_H
#define SIMULEE_NVRTC_H
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  NVRTC_SUCCESS = 0,
  NVRTC_ERROR_OUT_OF_MEMORY = 1,
  NVRTC_ERROR_PROGRAM_CREATION_FAILURE = 2,
  NVRTC_ERROR_INVALID_INPUT = 3,
  NVRTC_ERROR_INVALID_PROGRAM = 4,
  NVRTC_ERROR_INVALID_OPTION = 5,
  NVRTC_ERROR_COMPILATION = 6,
  NVRTC_ERROR_BUILTIN_OPERATION_FAILURE = 7,
  NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION = 8,
  NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION = 9,
  NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID = 10,
  NVRTC_ERROR_INTERNAL_ERROR = 11
} nvrtcResult;

typedef struct _nvrtcProgram *nvrtcProgram;

const char *nvrtcGetErrorString(nvrtcResult result);
nvrtcResult nvrtcVersion(int *major, int *minor);
nvrtcResult nvrtcGetNumSupportedArchs(int *count);
nvrtcResult nvrtcGetSupportedArchs(int *archs);
nvrtcResult nvrtcCreateProgram(nvrtcProgram *prog, const char *src, const char *name,
                               int numHeaders, const char *const *headers,
                               const char *const *includeNames);
nvrtcResult nvrtcDestroyProgram(nvrtcProgram *prog);
nvrtcResult nvrtcCompileProgram(nvrtcProgram prog, int numOptions, const char *const *options);
nvrtcResult nvrtcGetPTXSize(nvrtcProgram prog, size_t *size);
nvrtcResult nvrtcGetPTX(nvrtcProgram prog, char *ptx);
nvrtcResult nvrtcGetCUBINSize(nvrtcProgram prog, size_t *size);
nvrtcResult nvrtcGetCUBIN(nvrtcProgram prog, char *cubin);
nvrtcResult nvrtcGetLTOIRSize(nvrtcProgram prog, size_t *size);
nvrtcResult nvrtcGetLTOIR(nvrtcProgram prog, char *ltoir);
nvrtcResult nvrtcGetProgramLogSize(nvrtcProgram prog, size_t *size);
nvrtcResult nvrtcGetProgramLog(nvrtcProgram prog, char *log);
nvrtcResult nvrtcAddNameExpression(nvrtcProgram prog, const char *name_expression);
nvrtcResult nvrtcGetLoweredName(nvrtcProgram prog, const char *name_expression,
                                const char **lowered_name);

#ifdef __cplusplus
}
#endif

#endif
