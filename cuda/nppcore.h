/* simulee's nppcore.h: NPP's library version and default stream (runtime/npp.c). */
#ifndef SIMULEE_NPPCORE_H
#define SIMULEE_NPPCORE_H
#include <nppdefs.h>
#ifdef __cplusplus
extern "C" {
#endif
const NppLibraryVersion *nppGetLibVersion(void);
cudaStream_t nppGetStream(void);
NppStatus nppSetStream(cudaStream_t hStream);
NppStatus nppGetStreamContext(NppStreamContext *pNppStreamContext);
#ifdef __cplusplus
}
#endif
#endif
