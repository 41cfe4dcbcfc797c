#ifndef FOLDBENCH_CCALLGRIND_H
#define FOLDBENCH_CCALLGRIND_H
/// Callgrind client requests around the measured loop. Outside valgrind (or where
/// valgrind's header is missing) every function is a cheap no-op.

/// Instrument and collect from here on (run with --instr-atstart=no --collect-atstart=no).
void foldbench_callgrind_start(void);
/// Stop collecting and instrumenting.
void foldbench_callgrind_stop(void);
/// Switch collection on or off, instrumentation staying on (cheap: no code is
/// translated again), for counts of short stretches such as one frame.
void foldbench_callgrind_toggle_collect(void);
/// Instrument from here on, collecting nothing until toggled.
void foldbench_callgrind_start_instrumentation(void);
/// Stop instrumenting.
void foldbench_callgrind_stop_instrumentation(void);
/// Write what was collected since the last dump, labelled, and reset the counters.
void foldbench_callgrind_dump(const char *label);
/// 1 when running under valgrind, 0 otherwise.
int foldbench_running_on_valgrind(void);
#endif
