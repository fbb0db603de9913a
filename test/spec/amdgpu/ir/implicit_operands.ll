; Small kernels whose MIR shows the implicit operands (SCC, VCC, EXEC, M0) of the instructions llc picks:
; test/spec/amdgpu/implicitOperands.test.ts compares them with spec/amdgpu/implicitOperands.ts.
define amdgpu_kernel void @scalar_ops(ptr addrspace(1) %out, i32 %a, i32 %b, i64 %c, i64 %d) {
  %s = add i32 %a, %b
  %t = sub i32 %s, %b
  %u = and i32 %t, %a
  %v = or i32 %u, 7
  %w = xor i32 %v, %b
  %x = shl i32 %w, 3
  %y = lshr i32 %x, %a
  %z = ashr i32 %y, 2
  %m = mul i32 %z, %a
  %mn = call i32 @llvm.smin.i32(i32 %m, i32 %b)
  %mx = call i32 @llvm.umax.i32(i32 %mn, i32 %a)
  %cnt = call i32 @llvm.ctpop.i32(i32 %mx)
  %q = add i64 %c, %d
  %q2 = sub i64 %q, %c
  %ov = call {i32, i1} @llvm.uadd.with.overflow.i32(i32 %a, i32 %b)
  %ovv = extractvalue {i32, i1} %ov, 0
  %ovc = extractvalue {i32, i1} %ov, 1
  %un = call {i32, i1} @llvm.usub.with.overflow.i32(i32 %a, i32 %b)
  %unv = extractvalue {i32, i1} %un, 0
  %unc = extractvalue {i32, i1} %un, 1
  %cmp = icmp eq i32 %cnt, %b
  %cc = or i1 %ovc, %unc
  %c2 = xor i1 %cmp, %cc
  %sel = select i1 %c2, i32 %ovv, i32 %unv
  %q3 = trunc i64 %q2 to i32
  %r = add i32 %sel, %q3
  store i32 %r, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @vector_ops(ptr addrspace(1) %out, ptr addrspace(1) %in, i64 %k) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %gep = getelementptr i64, ptr addrspace(1) %in, i32 %id
  %val = load i64, ptr addrspace(1) %gep
  %sum = add i64 %val, %k
  %ov = call {i32, i1} @llvm.uadd.with.overflow.i32(i32 %id, i32 17)
  %ovv = extractvalue {i32, i1} %ov, 0
  %ovc = extractvalue {i32, i1} %ov, 1
  %un = call {i64, i1} @llvm.usub.with.overflow.i64(i64 %sum, i64 %k)
  %unv = extractvalue {i64, i1} %un, 0
  %unc = extractvalue {i64, i1} %un, 1
  %cmp = icmp ult i32 %id, 33
  %both = and i1 %cmp, %ovc
  %either = or i1 %both, %unc
  %ballot = call i64 @llvm.amdgcn.ballot.i64(i1 %either)
  %first = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %ovv)
  %f = uitofp i32 %id to float
  %dv = fdiv float %f, 3.0
  %di = fptoui float %dv to i32
  %sel = select i1 %either, i64 %unv, i64 %ballot
  %fi = zext i32 %first to i64
  %di64 = zext i32 %di to i64
  %r1 = add i64 %sel, %fi
  %r = add i64 %r1, %di64
  %ogep = getelementptr i64, ptr addrspace(1) %out, i32 %id
  store i64 %r, ptr addrspace(1) %ogep
  ret void
}

define amdgpu_kernel void @branches(ptr addrspace(1) %out, i32 %n) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %div = icmp ult i32 %id, 16
  br i1 %div, label %then, label %join
then:
  %gep = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %id, ptr addrspace(1) %gep
  br label %join
join:
  %uni = icmp eq i32 %n, 0
  br i1 %uni, label %exit, label %loop
loop:
  %i = phi i32 [ 0, %join ], [ %inext, %loop ]
  %inext = add i32 %i, 1
  %done = icmp eq i32 %inext, %n
  br i1 %done, label %exit, label %loop
exit:
  store i32 %n, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @divide(ptr addrspace(1) %out, i32 %a, float %x) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %d = udiv i32 %a, %id
  %f = uitofp i32 %d to float
  %q = fdiv float %x, %f
  %i = fptosi float %q to i32
  %gep = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %i, ptr addrspace(1) %gep
  ret void
}

define amdgpu_kernel void @indexed(ptr addrspace(1) %out, i32 %idx, <8 x i32> %vec) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %v = insertelement <8 x i32> %vec, i32 %id, i32 %idx
  %e = extractelement <8 x i32> %v, i32 %id
  %gep = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %e, ptr addrspace(1) %gep
  ret void
}

declare i32 @llvm.smin.i32(i32, i32)
declare i32 @llvm.umax.i32(i32, i32)
declare i32 @llvm.ctpop.i32(i32)
declare {i32, i1} @llvm.uadd.with.overflow.i32(i32, i32)
declare {i32, i1} @llvm.usub.with.overflow.i32(i32, i32)
declare {i64, i1} @llvm.usub.with.overflow.i64(i64, i64)
declare i32 @llvm.amdgcn.workitem.id.x()
declare i64 @llvm.amdgcn.ballot.i64(i1)
declare i32 @llvm.amdgcn.readfirstlane.i32(i32)
