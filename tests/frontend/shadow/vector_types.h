// A project header with the name of one the precompiled CUDA headers read:
// a -I of this folder would be searched before them, so the precompiled
// headers cannot stand for them (cli/compile.c compiles without).
#pragma once
