/* SPDX-License-Identifier: GPL-2.0 */
/*
 * api_test.h - what the tests of the C ABI (jc_api.h) share, the shared
 * tests of tests/ and each lab's own of wasm-core/labs/<id>/: the error of
 * the last call, every output of the live run copied out and compared, a
 * run halted and taken on in chunks against the straight run, a snapshot
 * read, and a run with marks checked against its full trace. Include after
 * cmocka.h.
 */
#ifndef JC_API_TEST_H
#define JC_API_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jc_api.h"
#include "lab_test.h"
#include "test_util.h"

/* The error of the last call must contain every one of @parts. */
#define assert_error_has(...)						\
	do {								\
		static const char *const parts_[] = { __VA_ARGS__ };	\
		__assert_error_has(parts_, sizeof(parts_) / sizeof(parts_[0])); \
	} while (0)

static inline void __assert_error_has(const char *const *parts, size_t n)
{
	const char *err = jc_last_error();
	size_t i;

	assert_non_null(err);
	for (i = 0; i < n; i++)
		if (!strstr(err, parts[i]))
			fail_msg("error \"%s\" should contain \"%s\"", err, parts[i]);
}

/* After a refused run, no output is left to ask for. */
static inline void assert_no_outputs(void)
{
	assert_null(jc_result_json());
	assert_error_has("no run");
	assert_null(jc_steps_json());
	assert_error_has("no run");
	assert_null(jc_snapshot_json());
	assert_error_has("no run");
	assert_null(jc_heatmap_json());
	assert_error_has("no run");
}

/* @json contains @text, or the test fails showing both */
#define assert_json_has(json, text)					\
	do {								\
		const char *j_ = (json);				\
		if (!j_ || !strstr(j_, text))				\
			fail_msg("%s should contain %s", j_ ? j_ : "(null)", text); \
	} while (0)

static inline void run_or_fail(const char *lab, const char *variant, const char *params,
			       const char *opts)
{
	if (jc_run(lab, variant, params, 7, opts) != JC_OK)
		fail_msg("%s %s '%s' '%s': %s", lab, variant, params, opts, jc_last_error());
}

static inline void advance_or_fail(const char *opts, const char *what)
{
	if (jc_advance(opts) != JC_OK)
		fail_msg("%s: jc_advance('%s'): %s", what, opts, jc_last_error());
}

/* ---------------------------------------------------------------------
 * Outputs, and runs taken on in chunks
 * ------------------------------------------------------------------- */

/* struct outputs - every output of the live run, copied out */
struct outputs {
	char *result, *snapshot, *heatmap, *steps;
};

static inline char *dup_or_fail(const char *json, const char *what)
{
	char *copy;

	if (!json)
		fail_msg("%s: %s", what, jc_last_error());
	copy = strdup(json);
	assert_non_null(copy);
	return copy;
}

static inline void outputs_take(struct outputs *o)
{
	o->result = dup_or_fail(jc_result_json(), "jc_result_json");
	o->snapshot = dup_or_fail(jc_snapshot_json(), "jc_snapshot_json");
	o->heatmap = dup_or_fail(jc_heatmap_json(), "jc_heatmap_json");
	o->steps = dup_or_fail(jc_steps_json(), "jc_steps_json");
}

static inline void outputs_free(struct outputs *o)
{
	free(o->result);
	free(o->snapshot);
	free(o->heatmap);
	free(o->steps);
}

/* assert_same - @what's outputs @a and @b are the same text, each of them */
static inline void assert_same(const struct outputs *a, const struct outputs *b,
			const char *what)
{
	if (strcmp(a->result, b->result))
		fail_msg("%s: results differ:\n%s\n%s", what, a->result, b->result);
	if (strcmp(a->snapshot, b->snapshot))
		fail_msg("%s: snapshots differ", what);
	if (strcmp(a->heatmap, b->heatmap))
		fail_msg("%s: heatmaps differ", what);
	if (strcmp(a->steps, b->steps))
		fail_msg("%s: steps differ", what);
}

/*
 * check_chunks - @variant of @lab with @params stopped at NR_STOPS steps:
 * each straight, and in one run advanced from stop to stop; then advanced
 * to its end, against the unhalted run. A steps window across the first two
 * stops shows that the chunks record what the straight run records.
 */
#define NR_STOPS	6

static inline void check_chunks(const char *lab, const char *variant, const char *params)
{
	struct outputs full, straight[NR_STOPS], chunked;
	unsigned long long stop[NR_STOPS], total;
	char opts[128], what[192];
	double steps;
	int i;

	run_or_fail(lab, variant, params, "");
	assert_true(json_num(jc_result_json(), "steps", &steps));
	total = (unsigned long long)steps;
	assert_true(total > 100);
	stop[0] = 1;
	stop[1] = total / 7;
	stop[2] = total / 7 + 1;
	stop[3] = total / 3;
	stop[4] = total * 2 / 3;
	stop[5] = total;	/* halts at its very last step */

	snprintf(opts, sizeof(opts), "trace_from=%llu;trace_max=64", stop[1] - 20);
	run_or_fail(lab, variant, params, opts);
	outputs_take(&full);
	for (i = 0; i < NR_STOPS; i++) {
		snprintf(opts, sizeof(opts), "stop_step=%llu;trace_from=%llu;trace_max=64",
			 stop[i], stop[1] - 20);
		run_or_fail(lab, variant, params, opts);
		outputs_take(&straight[i]);
		assert_non_null(strstr(straight[i].result, "\"halted\":true"));
	}

	snprintf(opts, sizeof(opts), "stop_step=%llu;trace_from=%llu;trace_max=64",
		 stop[0], stop[1] - 20);
	run_or_fail(lab, variant, params, opts);
	for (i = 0; i < NR_STOPS; i++) {
		snprintf(what, sizeof(what), "%s %s '%s' at step %llu", lab, variant,
			 params, stop[i]);
		if (i) {
			snprintf(opts, sizeof(opts), "stop_step=%llu", stop[i]);
			advance_or_fail(opts, what);
		}
		outputs_take(&chunked);
		assert_same(&straight[i], &chunked, what);
		outputs_free(&chunked);
	}
	snprintf(what, sizeof(what), "%s %s '%s' to its end", lab, variant, params);
	advance_or_fail("", what);
	outputs_take(&chunked);
	assert_same(&full, &chunked, what);
	assert_non_null(strstr(chunked.result, "\"halted\":false"));
	outputs_free(&chunked);

	outputs_free(&full);
	for (i = 0; i < NR_STOPS; i++)
		outputs_free(&straight[i]);
}

/* ---------------------------------------------------------------------
 * Snapshots
 * ------------------------------------------------------------------- */

/* a big configuration's snapshot stays under this many bytes */
#define SNAP_BYTES_MAX	(32 << 10)

/* run @lab's @variant with @params to @stop_step (0: half of the whole run); returns its snapshot */
static inline const char *snap_at(const char *lab, const char *variant, const char *params, double stop_step)
{
	char opts[64];
	double steps;

	if (!stop_step) {
		if (jc_run(lab, variant, params, 1, "trace_max=0") != JC_OK)
			fail_msg("%s %s '%s': %s", lab, variant, params, jc_last_error());
		assert_true(json_num(jc_result_json(), "steps", &steps));
		stop_step = (double)(long long)(steps / 2);
	}
	snprintf(opts, sizeof(opts), "stop_step=%.0f;trace_max=0", stop_step);
	if (jc_run(lab, variant, params, 1, opts) != JC_OK)
		fail_msg("%s %s '%s' to step %.0f: %s", lab, variant, params, stop_step, jc_last_error());
	return jc_snapshot_json();
}

/* occurrences of @needle in the array that follows "@key":[ (objects of one level of nesting) */
static inline int array_count(const char *json, const char *key, const char *needle)
{
	char pat[64];
	const char *p, *end;
	int depth = 0, n = 0;
	size_t nl = strlen(needle);

	snprintf(pat, sizeof(pat), "\"%s\":[", key);
	p = strstr(json, pat);
	if (!p)
		fail_msg("no array %s in the snapshot", key);
	for (p += strlen(pat), end = p; *end; end++) {
		if (*end == '[' || *end == '{')
			depth++;
		else if (*end == ']' || *end == '}') {
			if (!depth--)
				break;
		} else if (!strncmp(end, needle, nl)) {
			n++;
		}
	}
	return n;
}

struct win {
	double from, to, of, cursor;
};

/* the window object "@key":{"from","to","of","cursor"} */
static inline struct win win_of(const char *json, const char *key)
{
	char pat[64];
	const char *p;
	struct win w;

	snprintf(pat, sizeof(pat), "\"%s\":{", key);
	p = strstr(json, pat);
	if (!p)
		fail_msg("no window %s in the snapshot", key);
	assert_true(json_num(p, "from", &w.from));
	assert_true(json_num(p, "to", &w.to));
	assert_true(json_num(p, "of", &w.of));
	assert_true(json_num(p, "cursor", &w.cursor));
	assert_true(w.from >= 0 && w.from <= w.to && w.to <= w.of);
	return w;
}

/* the sum of the flat array of numbers after "@key":[ in @json (NULL: fails) */
static inline double array_sum(const char *json, const char *key)
{
	char pat[64];
	const char *p;
	double sum = 0;

	snprintf(pat, sizeof(pat), "\"%s\":[", key);
	p = json ? strstr(json, pat) : NULL;
	if (!p)
		fail_msg("no array %s in the snapshot", key);
	for (p += strlen(pat); *p && *p != ']'; p++) {
		char *end;

		sum += strtod(p, &end);
		p = end;
		if (*p == ']')
			break;
	}
	return sum;
}

/* ---------------------------------------------------------------------
 * Marks
 * ------------------------------------------------------------------- */

/* the number of @lab's step kind @name; fails the test if it has none */
static inline int kind_num(const struct lab *lab, const char *name)
{
	int k;

	for (k = 0; k < SK_LAB; k++)
		if (sim_kind_names[k] && !strcmp(sim_kind_names[k], name))
			return k;
	for (k = 0; k < lab->nr_kinds; k++)
		if (!strcmp(lab->kinds[k].name, name))
			return SK_LAB + k;
	fail_msg("%s has no step kind %s", lab->id, name);
	return -1;
}

/*
 * run_marked - run @variant of @lab with the parameters @set gives, every
 * step traced (the run must have fewer than @trace_max) and the kinds of
 * @mask marked, at most @mark_max of them. The caller destroys @s.
 */
static inline void run_marked(struct sim *s, const struct lab *lab, int variant,
		       const char *set, u64 trace_max, u64 mask, u32 mark_max)
{
	long long p[LAB_MAX_PARAMS];

	lab_params(lab, set, p);
	sim_init(s, lab->nr_cpus(p), 1);
	s->max_mem = (size_t)256 << 20;
	s->trace_from = 1;
	s->trace_max = trace_max;
	s->mark_kinds = mask;
	s->mark_max = mark_max;
	if (lab->setup(s, variant, p) || s->error)
		fail_msg("setup of %s (%s): %s", lab->id, set, s->errmsg);
	sim_run(s);
	if (s->error)
		fail_msg("%s (%s): %s", lab->id, set, s->errmsg);
	if (s->trace_len >= trace_max)
		fail_msg("%s (%s) has %llu steps or more: the trace does not hold them all",
			 lab->id, set, (unsigned long long)trace_max);
}

/*
 * check_spread - @s's marks against its full trace: per kind of @mask, the
 * total is its steps, "every" is a power of two and the marks are exactly
 * its 1st, (1 + every)-th, (1 + 2 every)-th ... step, in order, with their
 * times. Returns the largest "every".
 */
static inline u64 check_spread(const struct sim *s, u64 mask)
{
	u64 nth[SIM_MAX_MARK_KINDS] = { 0 }, widest = 1;
	u32 m = 0;
	u64 i;
	int k;

	for (i = 0; i < s->trace_len; i++) {
		const struct sim_step_rec *r = &s->trace[i];

		if (!(mask & (1ULL << r->kind)))
			continue;
		if (nth[r->kind]++ % s->mark_every[r->kind])
			continue;
		if (m >= s->mark_len)
			fail_msg("step %llu (kind %d) is due but the marks end",
				 (unsigned long long)r->i, r->kind);
		assert_int_equal(s->marks[m].i, r->i);
		assert_int_equal(s->marks[m].t, r->t);
		assert_int_equal(s->marks[m].kind, r->kind);
		m++;
	}
	assert_int_equal(m, s->mark_len);
	for (k = 0; k < SIM_MAX_MARK_KINDS; k++) {
		u64 every = s->mark_every[k];

		if (!(mask & (1ULL << k)))
			continue;
		assert_int_equal(s->mark_total[k], nth[k]);
		assert_true(every && !(every & (every - 1)));
		assert_int_equal(s->mark_kept[k], (nth[k] + every - 1) / every);
		if (every > widest)
			widest = every;
	}
	return widest;
}

/*
 * assert_same_but_mem - results @a and @b are the same but for mem_bytes,
 * which counts the marks buffer
 */
static inline void assert_same_but_mem(const char *a, const char *b)
{
	const char *ma = strstr(a, "\"mem_bytes\":"), *mb = strstr(b, "\"mem_bytes\":");

	assert_non_null(ma);
	assert_non_null(mb);
	assert_int_equal(ma - a, mb - b);
	assert_memory_equal(a, b, (size_t)(ma - a));
	ma += strspn(ma + 12, "0123456789") + 12;
	mb += strspn(mb + 12, "0123456789") + 12;
	assert_string_equal(ma, mb);
}

#endif /* JC_API_TEST_H */
