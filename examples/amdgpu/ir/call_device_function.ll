; Exercises: a call (s_swappc_b64) to a non-inlined device function that
; loads from global memory and returns the value; the kernel has a load in
; flight across the call. The callee starts with the callee-entry wait
; (s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0) / gfx12 s_wait_* 0) and the caller
; must not assume anything about counters after the call returns.
; Written for the hazardproof project (MIT licence).

define internal i32 @helper(ptr addrspace(1) %p, i32 %k) #0 {
entry:
  %q = getelementptr inbounds i32, ptr addrspace(1) %p, i32 %k
  %v = load i32, ptr addrspace(1) %q, align 4
  %r = mul i32 %v, %k
  ret i32 %r
}

define amdgpu_kernel void @call_device_function(ptr addrspace(1) %out, ptr addrspace(1) %in) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %pin = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %idx
  %before = load i32, ptr addrspace(1) %pin, align 4
  %c = call i32 @helper(ptr addrspace(1) %in, i32 %tid)
  %s = add i32 %before, %c
  %dst = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  store i32 %s, ptr addrspace(1) %dst, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()

attributes #0 = { noinline }
