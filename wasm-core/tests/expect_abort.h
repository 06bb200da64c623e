/* SPDX-License-Identifier: GPL-2.0 */
/*
 * expect_abort.h - for the data-structure tests: run a deliberately bad
 * operation in a child process and check that the debug build's checks
 * abort it with a report that names what went wrong and where.
 * Include after <cmocka.h>.
 */
#ifndef JC_EXPECT_ABORT_H
#define JC_EXPECT_ABORT_H

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/*
 * expect_abort - run @fn in a child process and check that it aborts, and
 * that what it wrote to stderr contains @prefix ("list corruption: "), @what
 * and @where (the caller's file). Skips when the debug checks are off.
 */
static void expect_abort(void (*fn)(void), const char *prefix,
			 const char *what, const char *where)
{
	char report[1024], spill[256];
	size_t len = 0;
	ssize_t got;
	int fds[2], status;
	pid_t pid;

#ifndef JC_DEBUG_LIST
	skip();
#endif
	assert_int_equal(pipe(fds), 0);
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		/* The harness may catch signals; this child must really die. */
		signal(SIGABRT, SIG_DFL);
		close(fds[0]);
		dup2(fds[1], STDERR_FILENO);
		fn();
		_exit(0);
	}
	close(fds[1]);
	while (len < sizeof(report) - 1) {
		got = read(fds[0], report + len, sizeof(report) - 1 - len);
		if (got <= 0)
			break;
		len += (size_t)got;
	}
	while (read(fds[0], spill, sizeof(spill)) > 0)
		;
	report[len] = '\0';
	close(fds[0]);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGABRT)
		fail_msg("child did not abort (status %#x), stderr: \"%s\"",
			 status, report);
	if (!strstr(report, prefix) || !strstr(report, what) ||
	    !strstr(report, where))
		fail_msg("report \"%s\" should name \"%s\" at \"%s\"",
			 report, what, where);
}

#endif /* JC_EXPECT_ABORT_H */
