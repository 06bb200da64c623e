/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lab_test.h - what the tests of one lab share: a metric or a parameter by
 * name, the defaults overridden by "name=value;..." and a whole run with the
 * lab's checker. Include after cmocka.h (fail_msg, assert_non_null).
 */
#ifndef JC_LAB_TEST_H
#define JC_LAB_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab.h"

/* lab_by_id - the lab of the table with id @id; fails the test if there is none */
static inline const struct lab *lab_by_id(const char *id)
{
	int i;

	for (i = 0; i < nr_labs; i++)
		if (!strcmp(lab_table[i]->id, id))
			return lab_table[i];
	fail_msg("no lab %s in the lab table", id);
	return NULL;
}

/* lab_metric - metric @name of @lab in a collect() output; fails the test if the lab has none */
static inline double lab_metric(const struct lab *lab, const double *out, const char *name)
{
	int i;

	for (i = 0; i < lab->nr_metrics; i++)
		if (!strcmp(lab->metrics[i].name, name))
			return out[i];
	fail_msg("%s has no metric %s", lab->id, name);
	return -1;
}

/* lab_param_index - where parameter @name is in @lab's table; fails the test if it is not */
static inline int lab_param_index(const struct lab *lab, const char *name)
{
	int i;

	for (i = 0; i < lab->nr_params; i++)
		if (!strcmp(lab->params[i].name, name))
			return i;
	fail_msg("%s has no parameter %s", lab->id, name);
	return -1;
}

/* lab_params - @lab's defaults overridden by @set ("name=value" pairs separated by ';', values as numbers) */
static inline void lab_params(const struct lab *lab, const char *set, long long *p)
{
	char buf[256], *tok, *save = NULL;
	int i;

	for (i = 0; i < lab->nr_params; i++)
		p[i] = lab->params[i].def;
	snprintf(buf, sizeof(buf), "%s", set);
	for (tok = strtok_r(buf, ";", &save); tok; tok = strtok_r(NULL, ";", &save)) {
		char *eq = strchr(tok, '=');

		assert_non_null(eq);
		*eq = '\0';
		p[lab_param_index(lab, tok)] = atoll(eq + 1);
	}
}

/*
 * lab_run - run @variant of @lab with the parameters @set gives, the lab's
 * checker every @check_every events (0: never), within 50 million events
 * and 256 MiB; fails the test, naming the seed, if the run fails.
 */
static inline void lab_run(const struct lab *lab, int variant, const char *set, unsigned int seed,
			   unsigned long long check_every, double *out)
{
	long long p[LAB_MAX_PARAMS];
	struct sim s;

	lab_params(lab, set, p);
	sim_init(&s, lab->nr_cpus(p), seed);
	s.max_events = 50000000;
	s.max_mem = (size_t)256 << 20;
	s.check = lab->invariants;
	s.check_every = check_every;
	if (lab->setup(&s, variant, p) || s.error)
		fail_msg("setup of %s (%s) seed %u: %s", lab->variants[variant], set, seed, s.errmsg);
	sim_run(&s);
	if (s.error)
		fail_msg("%s (%s) seed %u: %s", lab->variants[variant], set, seed, s.errmsg);
	memset(out, 0, sizeof(double) * LAB_MAX_METRICS);
	lab->collect(&s, out);
	sim_destroy(&s);
}

#endif /* JC_LAB_TEST_H */
