; simulee toolkit: nvvm/libdevice/libdevice.10.bc, the libdevice that
; libNVVM's programs add to theirs (nvvmLazyAddModuleToProgram). simulee's
; interpreter runs libdevice's __nv_* functions itself, so this module
; defines none of them: a call stays a call of the declared function.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

!nvvmir.version = !{!0}
!0 = !{i32 2, i32 0}
