; Exercises: a divergent if/else (exec-mask branches, s_cbranch_execz) with a
; global load in each arm and the join using whichever value arrived: the
; wait must hold on every path into the join.
; Written for the hazardproof project (MIT licence).

define amdgpu_kernel void @branch_divergent(ptr addrspace(1) %out, ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %odd = and i32 %tid, 1
  %c = icmp eq i32 %odd, 0
  br i1 %c, label %then, label %else

then:
  %pa = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %idx
  %va = load i32, ptr addrspace(1) %pa, align 4
  %ta = shl i32 %va, 1
  br label %join

else:
  %pb = getelementptr inbounds i32, ptr addrspace(1) %b, i64 %idx
  %vb = load i32, ptr addrspace(1) %pb, align 4
  %pb2 = getelementptr inbounds i32, ptr addrspace(1) %pb, i64 64
  %vb2 = load i32, ptr addrspace(1) %pb2, align 4
  %tb = add i32 %vb, %vb2
  br label %join

join:
  %r = phi i32 [ %ta, %then ], [ %tb, %else ]
  %dst = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  store i32 %r, ptr addrspace(1) %dst, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
