// SPDX-License-Identifier: GPL-2.0
/*
 * jc.c - the native front end of the simulator, for tests and benchmarks.
 * It calls exactly the ABI that JavaScript calls (jc_api.h).
 *
 *   jc [--error-json] labs | params LAB | rows LAB | check LAB PARAMS
 *   jc [--error-json] run|hash|steps|marks|snapshot|heatmap|time LAB VARIANT PARAMS SEED [OPTS]
 *   jc [--error-json] advance LAB VARIANT PARAMS SEED OPTS ADVANCE...
 *
 * advance runs with OPTS (a stop_step in it halts the run), then takes the
 * run on with jc_advance() once per ADVANCE ("stop_step=K", "" to the end),
 * and prints the step and the hash after the run and after each advance.
 *
 * check prints {"ok":true}, or the structured error (jc_last_error_json()).
 *
 * An error is one line on stderr, "jc: MESSAGE", or with --error-json the
 * structured error, jc_last_error_json(). The exit status says its class:
 * see usage().
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "jc_api.h"

/* Exit statuses: the command line, then one per jc_status (EXIT_USAGE + status). */
#define EXIT_USAGE	2
#define EXIT_INVAL	(EXIT_USAGE + JC_EINVAL)
#define EXIT_BUDGET	(EXIT_USAGE + JC_EBUDGET)
#define EXIT_INTERNAL	(EXIT_USAGE + JC_EINTERNAL)

static int usage(void)
{
	fprintf(stderr,
		"usage: jc [--error-json] labs | params LAB | rows LAB | check LAB PARAMS\n"
		"       jc [--error-json] run|hash|steps|marks|snapshot|heatmap|time LAB VARIANT PARAMS SEED [OPTS]\n"
		"       jc [--error-json] advance LAB VARIANT PARAMS SEED OPTS ADVANCE...\n"
		"errors: one line on stderr, \"jc: MESSAGE\"; with --error-json the structured\n"
		"        error of jc_last_error_json(): {\"status\",\"message\",\"step\",\"check\",...}\n"
		"exit status: 0 done\n"
		"             %d the command line is malformed (this text)\n"
		"             %d an input was refused: lab, variant, parameter, option or seed (JC_EINVAL)\n"
		"             %d the run went past its event, step or memory budget (JC_EBUDGET)\n"
		"             %d the model failed a check: an invariant, an interface's answer (JC_EINTERNAL)\n",
		EXIT_USAGE, EXIT_INVAL, EXIT_BUDGET, EXIT_INTERNAL);
	return EXIT_USAGE;
}

static bool error_json;

/* exit_of - the exit status of jc_status @status */
static int exit_of(int status)
{
	if (status < JC_EINVAL || status > JC_EINTERNAL)
		return EXIT_INTERNAL;
	return EXIT_USAGE + status;
}

/* fail - the library's last error on stderr; returns its exit status */
static int fail(void)
{
	if (error_json)
		fprintf(stderr, "%s\n", jc_last_error_json());
	else
		fprintf(stderr, "jc: %s\n", jc_last_error());
	return exit_of(jc_last_status());
}

/* put_json_chars - @s as the characters of a JSON string, on @f */
static void put_json_chars(FILE *f, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20 || c == 0x7f)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
}

/* bad_seed - refuse @arg as a seed, as the library refuses an input */
static int bad_seed(const char *arg)
{
	static const char what[] = "seed must be an integer from 0 to 4294967295";

	if (!error_json) {
		fprintf(stderr, "jc: %s (got '%s')\n", what, arg);
		return EXIT_INVAL;
	}
	fprintf(stderr, "{\"status\":%d,\"message\":\"%s (got '", JC_EINVAL, what);
	put_json_chars(stderr, arg);
	fputs("')\",\"step\":null,\"check\":null,\"param\":null,\"params\":[]}\n", stderr);
	return EXIT_INVAL;
}

static int print_or_fail(const char *s)
{
	if (!s)
		return fail();
	puts(s);
	return 0;
}

static const char *find_hash(const char *json);

/* print_stop - the run's step and hash where it stands, one line */
static int print_stop(void)
{
	const char *json = jc_result_json();
	const char *p;

	if (!json)
		return print_or_fail(json);
	p = strstr(json, "\"steps\":");
	printf("%llu %s\n", p ? strtoull(p + 8, NULL, 10) : 0ULL, find_hash(json));
	return 0;
}

/* advance - jc advance: argv[2..6] as jc_run's, then each advance in turn */
static int advance(int argc, char **argv, uint32_t seed)
{
	int i, ret;

	if (jc_run(argv[2], argv[3], argv[4], seed, argv[6]))
		return fail();
	ret = print_stop();
	for (i = 7; !ret && i < argc; i++)
		ret = jc_advance(argv[i]) ? fail() : print_stop();
	return ret;
}

static const char *find_hash(const char *json)
{
	static char hex[17];
	const char *p = strstr(json, "\"hash\":\"");

	if (!p)
		return "";
	memcpy(hex, p + 8, 16);
	hex[16] = '\0';
	return hex;
}

int main(int argc, char **argv)
{
	const char *cmd;
	unsigned long seed;
	char *end;
	int ret;

	if (argc >= 2 && !strcmp(argv[1], "--error-json")) {
		error_json = true;
		argv++;
		argc--;
	}
	if (argc < 2)
		return usage();
	cmd = argv[1];
	if (!strcmp(cmd, "labs"))
		return print_or_fail(jc_labs_json());
	if (!strcmp(cmd, "params") && argc == 3)
		return print_or_fail(jc_params_json(argv[2]));
	if (!strcmp(cmd, "rows") && argc == 3)
		return print_or_fail(jc_rows_json(argv[2]));
	if (!strcmp(cmd, "check") && argc == 4) {
		if (jc_check_params(argv[2], argv[3]) == JC_OK) {
			puts("{\"ok\":true}");
			return 0;
		}
		puts(jc_last_error_json());
		return fail();
	}
	if (argc < 6 || (argc > 7 && strcmp(cmd, "advance")))
		return usage();
	seed = strtoul(argv[5], &end, 10);
	if (*end || end == argv[5] || seed > 0xffffffffUL)
		return bad_seed(argv[5]);
	if (!strcmp(cmd, "advance"))
		return argc < 7 ? usage() : advance(argc, argv, (uint32_t)seed);
	if (!strcmp(cmd, "time")) {
		struct timespec a, b;
		double secs;

		clock_gettime(CLOCK_MONOTONIC, &a);
		ret = jc_run(argv[2], argv[3], argv[4], (uint32_t)seed,
			     argc == 7 ? argv[6] : "");
		clock_gettime(CLOCK_MONOTONIC, &b);
		if (ret)
			return fail();
		secs = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9;
		printf("{\"wall_s\":%.6f,\"result\":%s}\n", secs, jc_result_json());
		return 0;
	}
	ret = jc_run(argv[2], argv[3], argv[4], (uint32_t)seed,
		     argc == 7 ? argv[6] : "");
	if (ret)
		return fail();
	if (!strcmp(cmd, "run"))
		return print_or_fail(jc_result_json());
	if (!strcmp(cmd, "hash"))
		return printf("%s\n", find_hash(jc_result_json())) < 0;
	if (!strcmp(cmd, "steps"))
		return print_or_fail(jc_steps_json());
	if (!strcmp(cmd, "marks"))
		return print_or_fail(jc_marks_json());
	if (!strcmp(cmd, "snapshot"))
		return print_or_fail(jc_snapshot_json());
	if (!strcmp(cmd, "heatmap"))
		return print_or_fail(jc_heatmap_json());
	return usage();
}
