# The runtime's seam for stream operations (runtime/op.h): which file of
# runtime/ uses which, from the runtime library's object files
# (scripts/runtime_calls.sh). Only submit.c hands records to graph.c;
# graph.c keeps records and uses only the shared state, the handle registry
# and the executor table; graph.c, submit.c, op.c and the shared state are
# on no cycle of calls between files.
add_test(NAME runtime_calls_seam
  COMMAND sh ${CMAKE_SOURCE_DIR}/scripts/runtime_calls.sh
          --through graph.c,submit.c,op.c,state.c,hostline.c,handles.c
          --callers graph.c=submit.c
          --callees graph.c=state.c,handles.c,op.c
          --callees op.c=state.c
          --callees state.c=
          --callees hostline.c=
          "$<JOIN:$<TARGET_OBJECTS:simulee_cudart>,:>")
set_tests_properties(runtime_calls_seam PROPERTIES PASS_REGULAR_EXPRESSION "(^|\n)ok\n")

# No file of runtime/ calls a file that calls it back, directly or through
# others: the files are layers (docs/architecture.md, "The runtime's
# layers"). The lowest ones, named: settings.c calls no file; the ways out
# (exitpath.c) only the settings and the lock, reaching the report through
# the hooks the files above add; the findings none of the files that hand
# them findings (launch.c, memory.c, the libraries); the registered modules
# none of launch.c, memory.c, findings.c; memory.c not array.c nor
# launch.c; launch.c is used by the driver API only (cuLaunchKernel is
# cudaLaunchKernel; the executor table and the exported API reach it).
add_test(NAME runtime_calls_acyclic
  COMMAND sh ${CMAKE_SOURCE_DIR}/scripts/runtime_calls.sh
          "$<JOIN:$<TARGET_OBJECTS:simulee_cudart>,:>")
set_tests_properties(runtime_calls_acyclic PROPERTIES PASS_REGULAR_EXPRESSION "(^|\n)ok\n")
add_test(NAME runtime_calls_layers
  COMMAND sh ${CMAKE_SOURCE_DIR}/scripts/runtime_calls.sh
          --callees settings.c=
          --callees exitpath.c=settings.c,state.c
          --callees findings.c=exitpath.c,hostline.c,order.c,settings.c,state.c,submit.c
          --callees module.c=exitpath.c,state.c
          --callees memory.c=findings.c,handles.c,module.c,op.c,order.c,settings.c,state.c,submit.c
          --callers launch.c=driver.c
          "$<JOIN:$<TARGET_OBJECTS:simulee_cudart>,:>")
set_tests_properties(runtime_calls_layers PROPERTIES PASS_REGULAR_EXPRESSION "(^|\n)ok\n")

# The script finds a cycle and a broken rule: two objects that call each
# other.
set(CALLS_WORK ${CMAKE_CURRENT_BINARY_DIR}/runtime_calls)
add_test(NAME runtime_calls_cycle_found
  COMMAND sh -c "mkdir -p '${CALLS_WORK}' && cd '${CALLS_WORK}' &&
    printf 'int b(int);\\nint a(int x) { return x ? b(x - 1) : 0; }\\n' > a.c &&
    printf 'int a(int);\\nint b(int x) { return a(x); }\\n' > b.c &&
    cc -c a.c -o a.c.o && cc -c b.c -o b.c.o &&
    sh '${CMAKE_SOURCE_DIR}/scripts/runtime_calls.sh' a.c.o b.c.o;
    echo status $?;
    sh '${CMAKE_SOURCE_DIR}/scripts/runtime_calls.sh' --callers b.c= a.c.o:b.c.o;
    echo status $?")
set_tests_properties(runtime_calls_cycle_found PROPERTIES PASS_REGULAR_EXPRESSION
  "a.c b.c\nb.c a.c\ncycle: (a.c b.c a.c|b.c a.c b.c)\nstatus 1\na.c b.c\nb.c a.c\nb.c is used by a.c\nstatus 1\n")
