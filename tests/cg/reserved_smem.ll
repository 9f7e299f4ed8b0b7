; The inline asm that NVIDIA's cooperative groups headers emit for sm_80+
; (cooperative_groups/details/memory.h, helpers.h, driver_abi.h), written out here so
; that the `cg` suite of tests/unit/test_cg.c checks its lowering without a
; CUDA toolkit.
; Pattern: a block-wide exchange through the block's reserved shared memory
; window (what cooperative groups' scratch is), with a barrier between the
; writes and the reads; `past` != 0 makes thread 0 store word `past` of the
; window (past its end: an out-of-bounds write).
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @reserved(ptr %out, ptr %got, i32 %past) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %p = call i64 asm "{\0A\09 .reg .u32 start;\0A\09 .reg .u64 extended;\0A\09 mov.u32 start, %reserved_smem_offset_1;\0A\09 cvt.u64.u32 extended, start;\0A\09 cvta.shared.u64 $0, extended;\0A\09}", "=l"()
  %base = inttoptr i64 %p to ptr
  %slot = getelementptr i32, ptr %base, i32 %tid
  %v = mul i32 %tid, 3
  store i32 %v, ptr %slot, align 4
  call void @llvm.nvvm.barrier0()
  %t1 = add i32 %tid, 1
  %nb = urem i32 %t1, %ntid
  %nslot = getelementptr i32, ptr %base, i32 %nb
  %w = load i32, ptr %nslot, align 4
  %gslot = getelementptr i32, ptr %got, i32 %tid
  store i32 %w, ptr %gslot, align 4
  ; the registers, one row of 11 per thread
  %r0 = call i32 asm "mov.u32 $0, %reserved_smem_offset_begin;", "=r"()
  %r1 = call i32 asm "mov.u32 $0, %reserved_smem_offset_end;", "=r"()
  %r2 = call i32 asm "mov.u32 $0, %reserved_smem_offset_cap;", "=r"()
  %r3 = call i32 asm "mov.u32 $0, %reserved_smem_offset_0;", "=r"()
  %r4 = call i32 asm "mov.u32 $0, %reserved_smem_offset_1;", "=r"()
  %r5 = call i32 asm "mov.u32 $0, %dynamic_smem_size;", "=r"()
  %r6 = call i32 asm "mov.u32 $0, %total_smem_size;", "=r"()
  %r7 = call i32 asm "mov.u32 $0, %aggr_smem_size;", "=r"()
  %r8 = call i32 asm "mov.u32 $0, %lanemask_lt;", "=r"()
  %r9 = call i32 asm "mov.u32 $0, %lanemask_ge;", "=r"()
  %r10 = call i32 asm "mov.u32 $0, %envreg1;", "=r"()
  %r11 = call i32 @llvm.nvvm.read.ptx.sreg.envreg2()
  %r1011 = or i32 %r10, %r11
  %row = mul i32 %tid, 11
  %o0 = getelementptr i32, ptr %out, i32 %row
  store i32 %r0, ptr %o0, align 4
  %o1 = getelementptr i32, ptr %o0, i32 1
  store i32 %r1, ptr %o1, align 4
  %o2 = getelementptr i32, ptr %o0, i32 2
  store i32 %r2, ptr %o2, align 4
  %o3 = getelementptr i32, ptr %o0, i32 3
  store i32 %r3, ptr %o3, align 4
  %o4 = getelementptr i32, ptr %o0, i32 4
  store i32 %r4, ptr %o4, align 4
  %o5 = getelementptr i32, ptr %o0, i32 5
  store i32 %r5, ptr %o5, align 4
  %o6 = getelementptr i32, ptr %o0, i32 6
  store i32 %r6, ptr %o6, align 4
  %o7 = getelementptr i32, ptr %o0, i32 7
  store i32 %r7, ptr %o7, align 4
  %o8 = getelementptr i32, ptr %o0, i32 8
  store i32 %r8, ptr %o8, align 4
  %o9 = getelementptr i32, ptr %o0, i32 9
  store i32 %r9, ptr %o9, align 4
  %o10 = getelementptr i32, ptr %o0, i32 10
  store i32 %r1011, ptr %o10, align 4
  %z = icmp eq i32 %tid, 0
  %nz = icmp ne i32 %past, 0
  %both = and i1 %z, %nz
  br i1 %both, label %oob, label %done
oob:
  %pslot = getelementptr i32, ptr %base, i32 %past
  store i32 1, ptr %pslot, align 4
  br label %done
done:
  ret void
}

; The same conversion with a register that does not carry the offset: not the
; headers' snippet, so it must be reported unsupported, not guessed.
define void @not_the_snippet(ptr %out) {
entry:
  %p = call i64 asm "{\0A\09 .reg .u32 start;\0A\09 .reg .u64 extended;\0A\09 mov.u32 start, %reserved_smem_offset_1;\0A\09 cvt.u64.u32 extended, other;\0A\09 cvta.shared.u64 $0, extended;\0A\09}", "=l"()
  store i64 %p, ptr %out, align 8
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.envreg2()

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @reserved, !"kernel", i32 1}
!1 = !{ptr @not_the_snippet, !"kernel", i32 1}
