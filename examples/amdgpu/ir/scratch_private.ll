; Exercises: a private (addrspace(5)) array indexed by a lane-varying value,
; so it lives in scratch memory: scratch/buffer stores and loads (vmcnt; on
; gfx10+ stores in vscnt, on gfx12 loadcnt/storecnt).
; Written for the hazardproof project (MIT licence).

define amdgpu_kernel void @scratch_private(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %k) {
entry:
  %arr = alloca [16 x i32], align 4, addrspace(5)
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %src = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %idx
  %v = load i32, ptr addrspace(1) %src, align 4
  br label %fill

fill:
  %i = phi i32 [ 0, %entry ], [ %i.next, %fill ]
  %slot = getelementptr inbounds [16 x i32], ptr addrspace(5) %arr, i32 0, i32 %i
  %val = add i32 %v, %i
  store volatile i32 %val, ptr addrspace(5) %slot, align 4
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 16
  br i1 %done, label %read, label %fill

read:
  %sel = and i32 %tid, 15
  %rp = getelementptr inbounds [16 x i32], ptr addrspace(5) %arr, i32 0, i32 %sel
  %r = load volatile i32, ptr addrspace(5) %rp, align 4
  %r2 = add i32 %r, %k
  %dst = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  store i32 %r2, ptr addrspace(1) %dst, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
