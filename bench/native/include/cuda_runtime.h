// Programs that include the runtime header get the native one.
#include "../cuda_native.h"
