; Two gfx9 wait-state hazards LLVM resolves with s_nop: a DPP read of a VGPR a VALU wrote (2 wait states) and
; v_readlane's lane select after a VALU wrote it (4 wait states; GCNHazardRecognizer checkDPPHazards, checkRWLaneHazards).
define amdgpu_kernel void @dpp_after_valu(ptr addrspace(1) %out, i32 %x) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %a = add i32 %id, %x
  %b = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %a, i32 273, i32 15, i32 15, i1 false)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %b, ptr addrspace(1) %p
  ret void
}
define amdgpu_kernel void @readlane_after_valu(ptr addrspace(1) %out, i32 %x) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %s = call i32 @llvm.amdgcn.readfirstlane(i32 %id)
  %lane = add i32 %s, %x
  %v = call i32 @llvm.amdgcn.readlane(i32 %id, i32 %lane)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %v, ptr addrspace(1) %p
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.update.dpp.i32(i32, i32, i32, i32, i32, i1)
declare i32 @llvm.amdgcn.readfirstlane(i32)
declare i32 @llvm.amdgcn.readlane(i32, i32)
