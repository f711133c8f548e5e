// omp_control_tool through <ompadv.h>'s what-if annotations (commands 65/66,
// modifier 0), then a direct call with a tool command and modifier of our own.
// RUN: %ompadv cc -O0 -I%srcdir/include %s -o %t && %ompadv trace --threads 2 --by-thread %t 2>&1 | %FileCheck %s
#include <ompadv.h>
#include <stdio.h>

int x;

int main(void) {
  ompadv_whatif_begin(8.0);
#pragma omp parallel num_threads(2)
  {
#pragma omp atomic
    x++;
  }
  ompadv_whatif_end();
  omp_control_tool(70, 3, NULL);
  printf("%d\n", x);
  return 0;
}

// The annotations are located at their call in the program, not in the
// inline helpers of ompadv.h.
// CHECK: {{^}}0: implicit_task_begin: parallel={{[0-9]+}} task={{[0-9]+}} team=1 index=1 flags=initial
// CHECK-NEXT: {{^}}0: control_tool: command=65 modifier=0 loc={{.*}}control-tool.c:10:3 fn=main{{$}}
// CHECK-NEXT: {{^}}0: parallel_begin: parallel=[[PAR:[0-9]+]] {{.*}} loc={{.*}}control-tool.c:11:1 fn=main{{$}}
// CHECK: {{^}}0: parallel_end: parallel=[[PAR]] {{.*}} loc={{.*}}control-tool.c:11:1 fn=main{{$}}
// CHECK-NEXT: {{^}}0: control_tool: command=66 modifier=0 loc={{.*}}control-tool.c:16:3 fn=main{{$}}
// CHECK-NEXT: {{^}}0: control_tool: command=70 modifier=3 loc={{.*}}control-tool.c:17:3 fn=main{{$}}
// CHECK-NEXT: {{^}}0: implicit_task_end:
// CHECK-NOT: control_tool
// CHECK: ompadv: trace:
