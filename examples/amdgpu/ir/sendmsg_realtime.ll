; Exercises: s_sendmsg (llvm.amdgcn.s.sendmsg, counted in lgkmcnt before gfx12
; and in kmcnt on gfx12) and llvm.readsteadycounter, which is s_memrealtime on
; gfx9/gfx10 (counted like a scalar memory load) and s_sendmsg_rtn_b64 on
; gfx11+ (a message with a return value), mixed with an LDS load.
; Written for the hazardproof project (MIT licence).

@lds = internal addrspace(3) global [64 x i64] undef, align 8

define amdgpu_kernel void @sendmsg_and_memtime(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t0 = call i64 @llvm.readsteadycounter()
  %lp = getelementptr inbounds [64 x i64], ptr addrspace(3) @lds, i32 0, i32 %tid
  store i64 %t0, ptr addrspace(3) %lp, align 8
  call void @llvm.amdgcn.s.sendmsg(i32 1, i32 0)
  %x = xor i32 %tid, 7
  %lq = getelementptr inbounds [64 x i64], ptr addrspace(3) @lds, i32 0, i32 %x
  %v = load i64, ptr addrspace(3) %lq, align 8
  %t1 = call i64 @llvm.readsteadycounter()
  %d = sub i64 %t1, %v
  %idx = zext i32 %tid to i64
  %dst = getelementptr inbounds i64, ptr addrspace(1) %out, i64 %idx
  store i64 %d, ptr addrspace(1) %dst, align 8
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i64 @llvm.readsteadycounter()
declare void @llvm.amdgcn.s.sendmsg(i32 immarg, i32)
