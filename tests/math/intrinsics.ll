; LLVM IR written for simulee (opaque pointers) exercising the llvm.* and llvm.nvvm.*
; intrinsics and PTX inline-asm snippets the interpreter must execute, vector forms
; included. Thread t reads in[t] and writes 62 64-bit result slots at
; out[t * 62]; test_intrinsics (suite math, tests/unit/test_math.c) checks each slot
; against a host reference. Pattern: the intrinsic mix of optimised CUDA code (bit
; tricks, saturating and overflow arithmetic, SLP vectors, warp collectives).
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @intrinsics(ptr %in, ptr %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext i32 %tid to i64
  %ip = getelementptr i32, ptr %in, i64 %tid64
  %v = load i32, ptr %ip, align 4
  %fb = bitcast i32 %v to float
  %vf = sitofp i32 %v to float
  %fx = fmul float %vf, 0.125
  %vd = sitofp i32 %v to double
  %dx = fmul double %vd, 0.5
  %base = mul i64 %tid64, 62
  %o = getelementptr i64, ptr %out, i64 %base
  %s0 = call i32 @llvm.ctpop.i32(i32 %v)
  %s1 = call i32 @llvm.ctlz.i32(i32 %v, i1 false)
  %s2 = call i32 @llvm.cttz.i32(i32 %v, i1 false)
  %s3 = call i32 @llvm.bswap.i32(i32 %v)
  %s4 = call i32 @llvm.bitreverse.i32(i32 %v)
  %s5 = call i32 @llvm.fshl.i32(i32 %v, i32 305419896, i32 %v)
  %s6 = call i32 @llvm.fshr.i32(i32 %v, i32 305419896, i32 %v)
  %s7 = call i32 @llvm.abs.i32(i32 %v, i1 false)
  %s8 = call i32 @llvm.smin.i32(i32 %v, i32 100)
  %s9 = call i32 @llvm.umax.i32(i32 %v, i32 100)
  %s10 = call i32 @llvm.sadd.sat.i32(i32 %v, i32 2146435072)
  %s11 = call i32 @llvm.usub.sat.i32(i32 %v, i32 1000)
  %o12 = call {i32, i1} @llvm.sadd.with.overflow.i32(i32 %v, i32 2147483392)
  %o12a = extractvalue {i32, i1} %o12, 0
  %o12b = extractvalue {i32, i1} %o12, 1
  %o12c = zext i32 %o12a to i64
  %o12d = zext i1 %o12b to i64
  %o12e = shl i64 %o12d, 32
  %s12 = or i64 %o12c, %o12e
  %o13 = call {i32, i1} @llvm.umul.with.overflow.i32(i32 %v, i32 65537)
  %o13a = extractvalue {i32, i1} %o13, 0
  %o13b = extractvalue {i32, i1} %o13, 1
  %o13c = zext i32 %o13a to i64
  %o13d = zext i1 %o13b to i64
  %o13e = shl i64 %o13d, 32
  %s13 = or i64 %o13c, %o13e
  %v1 = add i32 %v, 1
  %v3 = mul i32 %v, 3
  %vn = xor i32 %v, -1
  %w0 = insertelement <4 x i32> undef, i32 %v, i32 0
  %w1 = insertelement <4 x i32> %w0, i32 %v1, i32 1
  %w2 = insertelement <4 x i32> %w1, i32 %v3, i32 2
  %w = insertelement <4 x i32> %w2, i32 %vn, i32 3
  %wp = call <4 x i32> @llvm.ctpop.v4i32(<4 x i32> %w)
  %s14 = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %wp)
  %s15 = call i32 @llvm.vector.reduce.umax.v4i32(<4 x i32> %w)
  %c0 = call i1 @llvm.is.fpclass.f32(float %fb, i32 3)
  %c1 = call i1 @llvm.is.fpclass.f32(float %fb, i32 144)
  %c2 = call i1 @llvm.is.fpclass.f32(float %fb, i32 516)
  %c3 = call i1 @llvm.is.fpclass.f32(float %fb, i32 96)
  %c0z = zext i1 %c0 to i32
  %c1z = zext i1 %c1 to i32
  %c2z = zext i1 %c2 to i32
  %c3z = zext i1 %c3 to i32
  %c1s = shl i32 %c1z, 1
  %c2s = shl i32 %c2z, 2
  %c3s = shl i32 %c3z, 3
  %c01 = or i32 %c0z, %c1s
  %c23 = or i32 %c2s, %c3s
  %s16 = or i32 %c01, %c23
  %s17 = call float @llvm.minnum.f32(float %fx, float 2.5)
  %s18 = call float @llvm.maxnum.f32(float %fx, float -0.0)
  %s19 = call float @llvm.copysign.f32(float 3.0, float %fx)
  %s20 = call float @llvm.floor.f32(float %fx)
  %s21 = call float @llvm.ceil.f32(float %fx)
  %s22 = call float @llvm.trunc.f32(float %fx)
  %s23 = call float @llvm.rint.f32(float %fx)
  %s24 = call float @llvm.round.f32(float %fx)
  %s25 = call float @llvm.roundeven.f32(float %fx)
  %adx = call double @llvm.fabs.f64(double %dx)
  %s26 = call double @llvm.sqrt.f64(double %adx)
  %s27 = call float @llvm.fma.f32(float %fx, float %fx, float -1.0)
  %s28 = call double @llvm.fmuladd.f64(double %dx, double 3.0, double 1.0)
  %afx = call float @llvm.fabs.f32(float %fx)
  %afx1 = fadd float %afx, 1.0
  %q0 = insertelement <2 x float> undef, float %afx, i32 0
  %q = insertelement <2 x float> %q0, float %afx1, i32 1
  %qs = call <2 x float> @llvm.sqrt.v2f32(<2 x float> %q)
  %s29 = extractelement <2 x float> %qs, i32 1
  %g0 = insertelement <4 x float> undef, float %fx, i32 0
  %g1 = insertelement <4 x float> %g0, float -2.0, i32 1
  %g2 = insertelement <4 x float> %g1, float %afx, i32 2
  %g = insertelement <4 x float> %g2, float 0.5, i32 3
  %ga = call <4 x float> @llvm.fabs.v4f32(<4 x float> %g)
  %s30 = call float @llvm.vector.reduce.fmax.v4f32(<4 x float> %ga)
  %buf = alloca [8 x i32], align 4
  call void @llvm.lifetime.start.p0(i64 32, ptr %buf)
  call void @llvm.memset.p0.i64(ptr %buf, i8 17, i64 32, i1 false)
  %b1 = getelementptr i32, ptr %buf, i64 1
  store i32 %v, ptr %b1, align 4
  %b2 = getelementptr i32, ptr %buf, i64 2
  call void @llvm.memmove.p0.p0.i64(ptr %b2, ptr %b1, i64 8, i1 false)
  %b5 = getelementptr i32, ptr %buf, i64 5
  call void @llvm.memcpy.p0.p0.i64(ptr %b5, ptr %b2, i64 4, i1 false)
  %m3 = getelementptr i32, ptr %buf, i64 3
  %m3v = load i32, ptr %m3, align 4
  %m5v = load i32, ptr %b5, align 4
  %m5s = shl i32 %m5v, 1
  %s31 = xor i32 %m3v, %m5s
  call void @llvm.lifetime.end.p0(i64 32, ptr %buf)
  %s32 = call i32 @llvm.nvvm.read.ptx.sreg.warpsize()
  %s33 = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %s34 = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %v, i32 1, i32 31)
  %odd = trunc i32 %v to i1
  %s35 = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %odd)
  %s36 = call i32 @llvm.nvvm.redux.sync.add(i32 %v, i32 -1)
  %v3b = and i32 %v, 3
  %s37 = call i32 @llvm.nvvm.match.any.sync.i32(i32 -1, i32 %v3b)
  %oddi = and i32 %v, 1
  %s38 = call i32 @llvm.nvvm.barrier0.popc(i32 %oddi)
  %s39 = call i32 asm "vadd4.u32.u32.u32.sat $0, $1, $2, $3;", "=r,r,r,r"(i32 %v, i32 -2139062144, i32 0)
  %sh = and i32 %v, 63
  %s40 = call i32 asm "shf.r.clamp.b32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %v, i32 -559038737, i32 %sh)
  %s41 = call i32 @llvm.nvvm.f2i.rm(float %fx)
  %s42 = call float @llvm.nvvm.add.rz.f(float %fx, float 0x3FB99999A0000000)
  %s43 = call float @llvm.nvvm.ui2f.rm(i32 %v)
  %s44 = call float @llvm.nvvm.fmax.f(float %fx, float 0x7FF8000000000000)
  %s45 = call float @llvm.nvvm.saturate.f(float %fx)
  %s46 = call double @llvm.nvvm.div.rm.d(double %dx, double 3.0)
  %s47 = call i64 @llvm.lround.i64.f32(float %fx)
  %s48a = call i8 @llvm.fptosi.sat.i8.f32(float %fx)
  %s48 = sext i8 %s48a to i32
  %s49 = call i32 @llvm.nvvm.mulhi.ui(i32 %v, i32 -1640531527)
  %s50 = call i32 @llvm.nvvm.prmt(i32 %v, i32 305419896, i32 17185)
  %s51 = call float @llvm.nvvm.sqrt.rn.ftz.f(float %fb)
  %e0 = insertelement <2 x float> undef, float %fx, i32 0
  %e = insertelement <2 x float> %e0, float 1.5, i32 1
  %ep = call <2 x float> @llvm.powi.v2f32.i32(<2 x float> %e, i32 3)
  %s52 = extractelement <2 x float> %ep, i32 0
  %h53 = call i16 asm "{  cvt.rn.f16.f32 $0, $1;}", "=h,f"(float %fx)
  %s53 = zext i16 %h53 to i32
  %h54 = call i16 asm "{add.f16 $0,$1,$2;}", "=h,h,h"(i16 %h53, i16 %h53)
  %s54 = zext i16 %h54 to i32
  %s55 = call i32 asm "{ cvt.rn.f16x2.f32 $0, $2, $1; }", "=r,f,f"(float %fx, float 1.5)
  %s56 = call i32 asm "{fma.rn.f16x2 $0,$1,$2,$3;}", "=r,r,r,r"(i32 %s55, i32 %s55, i32 %s55)
  %h57 = call i16 asm "{ .reg .pred __$$temp3;  setp.lt.f16  __$$temp3, $1, $2;  selp.u16 $0, 1, 0, __$$temp3;}", "=h,h,h"(i16 %h53, i16 15360)
  %s57 = zext i16 %h57 to i32
  %h58 = call i16 asm "{.reg.b32 f; .reg.b16 r; mov.b16 r,$1; cvt.f32.f16 f,r; sqrt.approx.ftz.f32 f,f; cvt.rn.f16.f32 r,f; mov.b16 $0,r;}", "=h,h"(i16 %h53)
  %s58 = zext i16 %h58 to i32
  %s59 = call float asm "{.reg .f16 low,high; mov.b32 {low,high},$1; cvt.f32.f16 $0, high;}", "=f,r"(i32 %s56)
  %s60 = call i32 asm "dp4a.s32.s32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %v, i32 33521536, i32 5)
  %s61 = call i32 asm "dp2a.hi.u32.s32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %v, i32 -2130771710, i32 7)
  %z0 = zext i32 %s0 to i64
  %p0 = getelementptr i64, ptr %o, i64 0
  store i64 %z0, ptr %p0, align 8
  %z1 = zext i32 %s1 to i64
  %p1 = getelementptr i64, ptr %o, i64 1
  store i64 %z1, ptr %p1, align 8
  %z2 = zext i32 %s2 to i64
  %p2 = getelementptr i64, ptr %o, i64 2
  store i64 %z2, ptr %p2, align 8
  %z3 = zext i32 %s3 to i64
  %p3 = getelementptr i64, ptr %o, i64 3
  store i64 %z3, ptr %p3, align 8
  %z4 = zext i32 %s4 to i64
  %p4 = getelementptr i64, ptr %o, i64 4
  store i64 %z4, ptr %p4, align 8
  %z5 = zext i32 %s5 to i64
  %p5 = getelementptr i64, ptr %o, i64 5
  store i64 %z5, ptr %p5, align 8
  %z6 = zext i32 %s6 to i64
  %p6 = getelementptr i64, ptr %o, i64 6
  store i64 %z6, ptr %p6, align 8
  %z7 = zext i32 %s7 to i64
  %p7 = getelementptr i64, ptr %o, i64 7
  store i64 %z7, ptr %p7, align 8
  %z8 = zext i32 %s8 to i64
  %p8 = getelementptr i64, ptr %o, i64 8
  store i64 %z8, ptr %p8, align 8
  %z9 = zext i32 %s9 to i64
  %p9 = getelementptr i64, ptr %o, i64 9
  store i64 %z9, ptr %p9, align 8
  %z10 = zext i32 %s10 to i64
  %p10 = getelementptr i64, ptr %o, i64 10
  store i64 %z10, ptr %p10, align 8
  %z11 = zext i32 %s11 to i64
  %p11 = getelementptr i64, ptr %o, i64 11
  store i64 %z11, ptr %p11, align 8
  %z12 = add i64 %s12, 0
  %p12 = getelementptr i64, ptr %o, i64 12
  store i64 %z12, ptr %p12, align 8
  %z13 = add i64 %s13, 0
  %p13 = getelementptr i64, ptr %o, i64 13
  store i64 %z13, ptr %p13, align 8
  %z14 = zext i32 %s14 to i64
  %p14 = getelementptr i64, ptr %o, i64 14
  store i64 %z14, ptr %p14, align 8
  %z15 = zext i32 %s15 to i64
  %p15 = getelementptr i64, ptr %o, i64 15
  store i64 %z15, ptr %p15, align 8
  %z16 = zext i32 %s16 to i64
  %p16 = getelementptr i64, ptr %o, i64 16
  store i64 %z16, ptr %p16, align 8
  %y17 = bitcast float %s17 to i32
  %z17 = zext i32 %y17 to i64
  %p17 = getelementptr i64, ptr %o, i64 17
  store i64 %z17, ptr %p17, align 8
  %y18 = bitcast float %s18 to i32
  %z18 = zext i32 %y18 to i64
  %p18 = getelementptr i64, ptr %o, i64 18
  store i64 %z18, ptr %p18, align 8
  %y19 = bitcast float %s19 to i32
  %z19 = zext i32 %y19 to i64
  %p19 = getelementptr i64, ptr %o, i64 19
  store i64 %z19, ptr %p19, align 8
  %y20 = bitcast float %s20 to i32
  %z20 = zext i32 %y20 to i64
  %p20 = getelementptr i64, ptr %o, i64 20
  store i64 %z20, ptr %p20, align 8
  %y21 = bitcast float %s21 to i32
  %z21 = zext i32 %y21 to i64
  %p21 = getelementptr i64, ptr %o, i64 21
  store i64 %z21, ptr %p21, align 8
  %y22 = bitcast float %s22 to i32
  %z22 = zext i32 %y22 to i64
  %p22 = getelementptr i64, ptr %o, i64 22
  store i64 %z22, ptr %p22, align 8
  %y23 = bitcast float %s23 to i32
  %z23 = zext i32 %y23 to i64
  %p23 = getelementptr i64, ptr %o, i64 23
  store i64 %z23, ptr %p23, align 8
  %y24 = bitcast float %s24 to i32
  %z24 = zext i32 %y24 to i64
  %p24 = getelementptr i64, ptr %o, i64 24
  store i64 %z24, ptr %p24, align 8
  %y25 = bitcast float %s25 to i32
  %z25 = zext i32 %y25 to i64
  %p25 = getelementptr i64, ptr %o, i64 25
  store i64 %z25, ptr %p25, align 8
  %z26 = bitcast double %s26 to i64
  %p26 = getelementptr i64, ptr %o, i64 26
  store i64 %z26, ptr %p26, align 8
  %y27 = bitcast float %s27 to i32
  %z27 = zext i32 %y27 to i64
  %p27 = getelementptr i64, ptr %o, i64 27
  store i64 %z27, ptr %p27, align 8
  %z28 = bitcast double %s28 to i64
  %p28 = getelementptr i64, ptr %o, i64 28
  store i64 %z28, ptr %p28, align 8
  %y29 = bitcast float %s29 to i32
  %z29 = zext i32 %y29 to i64
  %p29 = getelementptr i64, ptr %o, i64 29
  store i64 %z29, ptr %p29, align 8
  %y30 = bitcast float %s30 to i32
  %z30 = zext i32 %y30 to i64
  %p30 = getelementptr i64, ptr %o, i64 30
  store i64 %z30, ptr %p30, align 8
  %z31 = zext i32 %s31 to i64
  %p31 = getelementptr i64, ptr %o, i64 31
  store i64 %z31, ptr %p31, align 8
  %z32 = zext i32 %s32 to i64
  %p32 = getelementptr i64, ptr %o, i64 32
  store i64 %z32, ptr %p32, align 8
  %z33 = zext i32 %s33 to i64
  %p33 = getelementptr i64, ptr %o, i64 33
  store i64 %z33, ptr %p33, align 8
  %z34 = zext i32 %s34 to i64
  %p34 = getelementptr i64, ptr %o, i64 34
  store i64 %z34, ptr %p34, align 8
  %z35 = zext i32 %s35 to i64
  %p35 = getelementptr i64, ptr %o, i64 35
  store i64 %z35, ptr %p35, align 8
  %z36 = zext i32 %s36 to i64
  %p36 = getelementptr i64, ptr %o, i64 36
  store i64 %z36, ptr %p36, align 8
  %z37 = zext i32 %s37 to i64
  %p37 = getelementptr i64, ptr %o, i64 37
  store i64 %z37, ptr %p37, align 8
  %z38 = zext i32 %s38 to i64
  %p38 = getelementptr i64, ptr %o, i64 38
  store i64 %z38, ptr %p38, align 8
  %z39 = zext i32 %s39 to i64
  %p39 = getelementptr i64, ptr %o, i64 39
  store i64 %z39, ptr %p39, align 8
  %z40 = zext i32 %s40 to i64
  %p40 = getelementptr i64, ptr %o, i64 40
  store i64 %z40, ptr %p40, align 8
  %z41 = zext i32 %s41 to i64
  %p41 = getelementptr i64, ptr %o, i64 41
  store i64 %z41, ptr %p41, align 8
  %y42 = bitcast float %s42 to i32
  %z42 = zext i32 %y42 to i64
  %p42 = getelementptr i64, ptr %o, i64 42
  store i64 %z42, ptr %p42, align 8
  %y43 = bitcast float %s43 to i32
  %z43 = zext i32 %y43 to i64
  %p43 = getelementptr i64, ptr %o, i64 43
  store i64 %z43, ptr %p43, align 8
  %y44 = bitcast float %s44 to i32
  %z44 = zext i32 %y44 to i64
  %p44 = getelementptr i64, ptr %o, i64 44
  store i64 %z44, ptr %p44, align 8
  %y45 = bitcast float %s45 to i32
  %z45 = zext i32 %y45 to i64
  %p45 = getelementptr i64, ptr %o, i64 45
  store i64 %z45, ptr %p45, align 8
  %z46 = bitcast double %s46 to i64
  %p46 = getelementptr i64, ptr %o, i64 46
  store i64 %z46, ptr %p46, align 8
  %z47 = add i64 %s47, 0
  %p47 = getelementptr i64, ptr %o, i64 47
  store i64 %z47, ptr %p47, align 8
  %z48 = zext i32 %s48 to i64
  %p48 = getelementptr i64, ptr %o, i64 48
  store i64 %z48, ptr %p48, align 8
  %z49 = zext i32 %s49 to i64
  %p49 = getelementptr i64, ptr %o, i64 49
  store i64 %z49, ptr %p49, align 8
  %z50 = zext i32 %s50 to i64
  %p50 = getelementptr i64, ptr %o, i64 50
  store i64 %z50, ptr %p50, align 8
  %y51 = bitcast float %s51 to i32
  %z51 = zext i32 %y51 to i64
  %p51 = getelementptr i64, ptr %o, i64 51
  store i64 %z51, ptr %p51, align 8
  %y52 = bitcast float %s52 to i32
  %z52 = zext i32 %y52 to i64
  %p52 = getelementptr i64, ptr %o, i64 52
  store i64 %z52, ptr %p52, align 8
  %z53 = zext i32 %s53 to i64
  %p53 = getelementptr i64, ptr %o, i64 53
  store i64 %z53, ptr %p53, align 8
  %z54 = zext i32 %s54 to i64
  %p54 = getelementptr i64, ptr %o, i64 54
  store i64 %z54, ptr %p54, align 8
  %z55 = zext i32 %s55 to i64
  %p55 = getelementptr i64, ptr %o, i64 55
  store i64 %z55, ptr %p55, align 8
  %z56 = zext i32 %s56 to i64
  %p56 = getelementptr i64, ptr %o, i64 56
  store i64 %z56, ptr %p56, align 8
  %z57 = zext i32 %s57 to i64
  %p57 = getelementptr i64, ptr %o, i64 57
  store i64 %z57, ptr %p57, align 8
  %z58 = zext i32 %s58 to i64
  %p58 = getelementptr i64, ptr %o, i64 58
  store i64 %z58, ptr %p58, align 8
  %y59 = bitcast float %s59 to i32
  %z59 = zext i32 %y59 to i64
  %p59 = getelementptr i64, ptr %o, i64 59
  store i64 %z59, ptr %p59, align 8
  %z60 = zext i32 %s60 to i64
  %p60 = getelementptr i64, ptr %o, i64 60
  store i64 %z60, ptr %p60, align 8
  %z61 = zext i32 %s61 to i64
  %p61 = getelementptr i64, ptr %o, i64 61
  store i64 %z61, ptr %p61, align 8
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.ctpop.i32(i32)
declare i32 @llvm.ctlz.i32(i32, i1)
declare i32 @llvm.cttz.i32(i32, i1)
declare i32 @llvm.bswap.i32(i32)
declare i32 @llvm.bitreverse.i32(i32)
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare i32 @llvm.fshr.i32(i32, i32, i32)
declare i32 @llvm.abs.i32(i32, i1)
declare i32 @llvm.smin.i32(i32, i32)
declare i32 @llvm.umax.i32(i32, i32)
declare i32 @llvm.sadd.sat.i32(i32, i32)
declare i32 @llvm.usub.sat.i32(i32, i32)
declare {i32, i1} @llvm.sadd.with.overflow.i32(i32, i32)
declare {i32, i1} @llvm.umul.with.overflow.i32(i32, i32)
declare <4 x i32> @llvm.ctpop.v4i32(<4 x i32>)
declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)
declare i32 @llvm.vector.reduce.umax.v4i32(<4 x i32>)
declare i1 @llvm.is.fpclass.f32(float, i32)
declare float @llvm.minnum.f32(float, float)
declare float @llvm.maxnum.f32(float, float)
declare float @llvm.copysign.f32(float, float)
declare float @llvm.floor.f32(float)
declare float @llvm.ceil.f32(float)
declare float @llvm.trunc.f32(float)
declare float @llvm.rint.f32(float)
declare float @llvm.round.f32(float)
declare float @llvm.roundeven.f32(float)
declare double @llvm.fabs.f64(double)
declare double @llvm.sqrt.f64(double)
declare float @llvm.fma.f32(float, float, float)
declare double @llvm.fmuladd.f64(double, double, double)
declare float @llvm.fabs.f32(float)
declare <2 x float> @llvm.sqrt.v2f32(<2 x float>)
declare <4 x float> @llvm.fabs.v4f32(<4 x float>)
declare float @llvm.vector.reduce.fmax.v4f32(<4 x float>)
declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.lifetime.end.p0(i64, ptr)
declare i32 @llvm.nvvm.read.ptx.sreg.warpsize()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
declare i32 @llvm.nvvm.redux.sync.add(i32, i32)
declare i32 @llvm.nvvm.match.any.sync.i32(i32, i32)
declare i32 @llvm.nvvm.barrier0.popc(i32)
declare i32 @llvm.nvvm.f2i.rm(float)
declare float @llvm.nvvm.add.rz.f(float, float)
declare float @llvm.nvvm.ui2f.rm(i32)
declare float @llvm.nvvm.fmax.f(float, float)
declare float @llvm.nvvm.saturate.f(float)
declare double @llvm.nvvm.div.rm.d(double, double)
declare i64 @llvm.lround.i64.f32(float)
declare i8 @llvm.fptosi.sat.i8.f32(float)
declare i32 @llvm.nvvm.mulhi.ui(i32, i32)
declare i32 @llvm.nvvm.prmt(i32, i32, i32)
declare float @llvm.nvvm.sqrt.rn.ftz.f(float)
declare <2 x float> @llvm.powi.v2f32.i32(<2 x float>, i32)

!nvvm.annotations = !{!0}
!0 = !{ptr @intrinsics, !"kernel", i32 1}
