// SPDX-License-Identifier: GPL-2.0
/*
 * jc.c - the native front end of the simulator, for tests and benchmarks.
 * It calls exactly the ABI that JavaScript calls (jc_api.h).
 *
 *   jc labs | params LAB | rows LAB | check LAB PARAMS
 *   jc run|hash|steps|marks|snapshot|heatmap LAB VARIANT PARAMS SEED [OPTS]
 *   jc advance LAB VARIANT PARAMS SEED OPTS ADVANCE...
 *
 * advance runs with OPTS (a stop_step in it halts the run), then takes the
 * run on with jc_advance() once per ADVANCE ("stop_step=K", "" to the end),
 * and prints the step and the hash after the run and after each advance.
 *
 * check prints {"ok":true}, or the structured error (jc_last_error_json())
 * and exits 2.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "jc_api.h"

static int usage(void)
{
	fprintf(stderr,
		"usage: jc labs | params LAB | rows LAB | check LAB PARAMS\n"
		"       jc run|hash|steps|marks|snapshot|heatmap|time LAB VARIANT PARAMS SEED [OPTS]\n"
		"       jc advance LAB VARIANT PARAMS SEED OPTS ADVANCE...\n");
	return 2;
}

static int print_or_fail(const char *s)
{
	if (!s) {
		fprintf(stderr, "jc: %s\n", jc_last_error());
		return 2;
	}
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
	int i;

	if (jc_run(argv[2], argv[3], argv[4], seed, argv[6])) {
		fprintf(stderr, "jc: %s\n", jc_last_error());
		return 2;
	}
	if (print_stop())
		return 2;
	for (i = 7; i < argc; i++) {
		if (jc_advance(argv[i])) {
			fprintf(stderr, "jc: %s\n", jc_last_error());
			return 2;
		}
		if (print_stop())
			return 2;
	}
	return 0;
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
		fprintf(stderr, "jc: %s\n", jc_last_error());
		puts(jc_last_error_json());
		return 2;
	}
	if (argc < 6 || (argc > 7 && strcmp(cmd, "advance")))
		return usage();
	seed = strtoul(argv[5], &end, 10);
	if (*end || end == argv[5] || seed > 0xffffffffUL) {
		fprintf(stderr, "jc: seed must be an integer from 0 to 4294967295 (got '%s')\n",
			argv[5]);
		return 2;
	}
	if (!strcmp(cmd, "advance"))
		return argc < 7 ? usage() : advance(argc, argv, (uint32_t)seed);
	if (!strcmp(cmd, "time")) {
		struct timespec a, b;
		double secs;

		clock_gettime(CLOCK_MONOTONIC, &a);
		ret = jc_run(argv[2], argv[3], argv[4], (uint32_t)seed,
			     argc == 7 ? argv[6] : "");
		clock_gettime(CLOCK_MONOTONIC, &b);
		if (ret) {
			fprintf(stderr, "jc: %s\n", jc_last_error());
			return 2;
		}
		secs = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9;
		printf("{\"wall_s\":%.6f,\"result\":%s}\n", secs, jc_result_json());
		return 0;
	}
	ret = jc_run(argv[2], argv[3], argv[4], (uint32_t)seed,
		     argc == 7 ? argv[6] : "");
	if (ret) {
		fprintf(stderr, "jc: %s\n", jc_last_error());
		return 2;
	}
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
