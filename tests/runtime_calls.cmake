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
