#ifndef FOLDBENCH_CCALLGRIND_H
#define FOLDBENCH_CCALLGRIND_H
/// Callgrind client requests for the measured loop. Outside valgrind (or where
/// valgrind's header is missing) every function is a cheap no-op.
void foldbench_callgrind_start(void);
void foldbench_callgrind_stop(void);
void foldbench_callgrind_zero(void);
/// 1 when running under valgrind, 0 otherwise.
int foldbench_running_on_valgrind(void);
#endif
