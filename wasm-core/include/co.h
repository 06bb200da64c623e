/* SPDX-License-Identifier: GPL-2.0 */
/*
 * co.h - stackless coroutines for model code.
 *
 * A simulated task runs kernel-like C that must stop wherever the kernel
 * would block: taking a contended spinlock, sleeping on a wait queue,
 * waiting for I/O. The simulator is single-threaded, so such a function is
 * written as a coroutine: CO_BEGIN opens a switch on the frame's resume
 * point, and each blocking call records its own line as the resume point
 * and returns CO_WAIT. Calling the function again jumps straight back to
 * that line.
 *
 * How it works, and the two rules it imposes:
 *
 *   switch (co->pc) {            CO_BEGIN
 *   case 0:
 *	...
 *	co->pc = 481; return CO_WAIT; case 481:;   a blocking call at line 120
 *	...
 *   }                             CO_END
 *
 * 1. Locals do not survive a return, so every variable that lives across a
 *    blocking call is kept in the task's frame struct (f->ei, not ei).
 * 2. Two blocking statements may not share a source line: the label is
 *    made from the line (times four, plus a slot so that one macro can
 *    expand to up to four resume points).
 *
 * Case labels may sit inside loops (the C standard allows jumping into a
 * loop body), which is what lets a walk over a list resume mid-list.
 */
#ifndef JC_CO_H
#define JC_CO_H

struct co {
	int pc;		/* resume line, 0 = not started */
};

enum {
	CO_DONE = 0,	/* the function ran to its end */
	CO_WAIT = 1,	/* the function is blocked; call it again to resume */
};

#define CO_BEGIN(co)	switch ((co)->pc) { case 0:

#define CO_END(co)	} (co)->pc = 0; return CO_DONE

/* Leave the coroutine early, as a return from the modelled function. */
#define CO_EXIT(co)	do { (co)->pc = 0; return CO_DONE; } while (0)

#define __CO_LABEL(n)	(__LINE__ * 4 + (n))

/*
 * __CO_WAIT_IF - block at this point if @blocked, a call that returns true
 * when it has parked the task. When resumed, the task continues after it.
 * @n (0-3) tells apart resume points that one macro puts on one line.
 */
#define __CO_WAIT_IF(co, n, blocked)					\
	do {								\
		if (blocked) {						\
			(co)->pc = __CO_LABEL(n);			\
			return CO_WAIT;					\
		}							\
		/* fallthrough */					\
		case __CO_LABEL(n):;					\
	} while (0)

#define CO_WAIT_IF(co, blocked)	__CO_WAIT_IF(co, 1, blocked)

/* CO_CALL - run a child coroutine to completion, blocking while it blocks. */
#define CO_CALL(co, call)						\
	do {								\
		/* fallthrough */					\
		case __CO_LABEL(3):					\
		if ((call) == CO_WAIT) {				\
			(co)->pc = __CO_LABEL(3);			\
			return CO_WAIT;					\
		}							\
	} while (0)

#endif /* JC_CO_H */
