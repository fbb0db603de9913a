; Exercises: a uniform loop (s_cbranch_scc on the trip count) that loads from
; global memory each iteration and accumulates: the wait inside the loop body
; must also cover the load issued by the previous iteration (back edge).
; Written for the hazardproof project (MIT licence).

define amdgpu_kernel void @loop_accumulate(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %empty = icmp sle i32 %n, 0
  br i1 %empty, label %exit, label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %row = mul i32 %i, 256
  %row64 = zext i32 %row to i64
  %off = add i64 %row64, %idx
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %off
  %v = load float, ptr addrspace(1) %p, align 4
  %acc.next = fadd float %acc, %v
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  %r = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %dst = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  store float %r, ptr addrspace(1) %dst, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
