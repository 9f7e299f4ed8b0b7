/* simulee's npp.h: NVIDIA Performance Primitives, the part simulee runs
 * (runtime/npp.c; docs/support.md lists it). */
#ifndef SIMULEE_NPP_H
#define SIMULEE_NPP_H
#include <nppdefs.h>
#include <nppcore.h>
#include <nppi.h>
#include <npps.h>
#endif
