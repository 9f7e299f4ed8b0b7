/* simulee CUDA headers: <nvToolsExt.h>, NVTX annotations (written from the
 * NVTX documentation; also reached as <nvtx3/nvToolsExt.h>). Ranges and
 * marks are host-side annotations; with no profiler they do nothing but
 * keep their contracts (push/pop levels, fresh range ids): runtime/nvtx.c,
 * in the runtime library every CUDA program links. */
#ifndef SIMULEE_NVTOOLSEXT_H
#define SIMULEE_NVTOOLSEXT_H
#ifndef NVTOOLSEXT_H_
#define NVTOOLSEXT_H_
#endif
#include <stdint.h>
#include <stddef.h> /* wchar_t */

#define NVTX_VERSION 3
#define NVTX_EVENT_ATTRIB_STRUCT_SIZE ((uint16_t)sizeof(nvtxEventAttributes_t))
typedef uint64_t nvtxRangeId_t;
typedef struct nvtxDomainRegistration_st *nvtxDomainHandle_t;
typedef enum nvtxColorType_t { NVTX_COLOR_UNKNOWN = 0, NVTX_COLOR_ARGB = 1 } nvtxColorType_t;
typedef enum nvtxMessageType_t {
  NVTX_MESSAGE_UNKNOWN = 0, NVTX_MESSAGE_TYPE_ASCII = 1,
  NVTX_MESSAGE_TYPE_UNICODE = 2, NVTX_MESSAGE_TYPE_REGISTERED = 3
} nvtxMessageType_t;
typedef enum nvtxPayloadType_t {
  NVTX_PAYLOAD_UNKNOWN = 0, NVTX_PAYLOAD_TYPE_UNSIGNED_INT64 = 1,
  NVTX_PAYLOAD_TYPE_INT64 = 2, NVTX_PAYLOAD_TYPE_DOUBLE = 3,
  NVTX_PAYLOAD_TYPE_UNSIGNED_INT32 = 4, NVTX_PAYLOAD_TYPE_INT32 = 5,
  NVTX_PAYLOAD_TYPE_FLOAT = 6
} nvtxPayloadType_t;
typedef union nvtxMessageValue_t {
  const char *ascii;
  const wchar_t *unicode;
  struct nvtxStringRegistration_st *registered;
} nvtxMessageValue_t;
typedef struct nvtxEventAttributes_v2 {
  uint16_t version;
  uint16_t size;
  uint32_t category;
  int32_t colorType;
  uint32_t color;
  int32_t payloadType;
  int32_t reserved0;
  union {
    uint64_t ullValue;
    int64_t llValue;
    double dValue;
    uint32_t uiValue;
    int32_t iValue;
    float fValue;
  } payload;
  int32_t messageType;
  nvtxMessageValue_t message;
} nvtxEventAttributes_t;

#ifdef __cplusplus
extern "C" {
#endif
void nvtxMarkA(const char *message);
void nvtxMarkEx(const nvtxEventAttributes_t *attr);
nvtxRangeId_t nvtxRangeStartA(const char *message);
nvtxRangeId_t nvtxRangeStartEx(const nvtxEventAttributes_t *attr);
void nvtxRangeEnd(nvtxRangeId_t id);
int nvtxRangePushA(const char *message);
int nvtxRangePushEx(const nvtxEventAttributes_t *attr);
int nvtxRangePop(void);
void nvtxNameOsThreadA(uint32_t thread_id, const char *name);
nvtxDomainHandle_t nvtxDomainCreateA(const char *name);
void nvtxDomainDestroy(nvtxDomainHandle_t domain);
int nvtxDomainRangePushEx(nvtxDomainHandle_t domain, const nvtxEventAttributes_t *attr);
int nvtxDomainRangePop(nvtxDomainHandle_t domain);
/* the rest of NVTX's C API (declaration-only) */
typedef struct nvtxStringRegistration_st *nvtxStringHandle_t;
void nvtxInitialize(const void *reserved);
void nvtxMarkW(const wchar_t *message);
nvtxRangeId_t nvtxRangeStartW(const wchar_t *message);
int nvtxRangePushW(const wchar_t *message);
void nvtxNameCategoryA(uint32_t category, const char *name);
void nvtxNameCategoryW(uint32_t category, const wchar_t *name);
void nvtxNameOsThreadW(uint32_t thread_id, const wchar_t *name);
nvtxDomainHandle_t nvtxDomainCreateW(const wchar_t *name);
void nvtxDomainMarkEx(nvtxDomainHandle_t domain, const nvtxEventAttributes_t *attr);
nvtxRangeId_t nvtxDomainRangeStartEx(nvtxDomainHandle_t domain, const nvtxEventAttributes_t *attr);
void nvtxDomainRangeEnd(nvtxDomainHandle_t domain, nvtxRangeId_t id);
nvtxStringHandle_t nvtxDomainRegisterStringA(nvtxDomainHandle_t domain, const char *s);
nvtxStringHandle_t nvtxDomainRegisterStringW(nvtxDomainHandle_t domain, const wchar_t *s);
void nvtxDomainNameCategoryA(nvtxDomainHandle_t domain, uint32_t category, const char *name);
void nvtxDomainNameCategoryW(nvtxDomainHandle_t domain, uint32_t category, const wchar_t *name);
#ifdef __cplusplus
}
#endif
#define nvtxNameCategory nvtxNameCategoryA
#define nvtxDomainRegisterString nvtxDomainRegisterStringA
#define nvtxDomainNameCategory nvtxDomainNameCategoryA
#define nvtxMark nvtxMarkA
#define nvtxRangeStart nvtxRangeStartA
#define nvtxRangePush nvtxRangePushA
#define nvtxNameOsThread nvtxNameOsThreadA
#define nvtxDomainCreate nvtxDomainCreateA
#endif
