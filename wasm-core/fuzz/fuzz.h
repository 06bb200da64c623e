/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fuzz.h - what the libFuzzer targets share: the labs by index, input
 * slicing, and a strict JSON checker for every string the C ABI returns.
 *
 * The ABI promises JSON out (jc_api.h); a NUL-terminated string that is not
 * JSON would break the page and the CLI as surely as a crash, so every
 * output a target reads is parsed here and a malformed one aborts, which
 * libFuzzer reports as a crash with the input that made it.
 */
#ifndef JC_FUZZ_H
#define JC_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jc_api.h"

#define FUZZ_MAX_LABS 16
#define FUZZ_JSON_DEPTH 64

static char fuzz_labs[FUZZ_MAX_LABS][32];
static int fuzz_nr_labs;

/* fuzz_init_labs - the lab ids, in jc_labs_json()'s order */
static inline void fuzz_init_labs(void)
{
	const char *p = jc_labs_json();

	if (fuzz_nr_labs)
		return;
	while ((p = strstr(p, "\"id\":\"")) && fuzz_nr_labs < FUZZ_MAX_LABS) {
		const char *end;
		size_t n;

		p += 6;
		end = strchr(p, '"');
		if (!end)
			break;
		n = (size_t)(end - p);
		if (n >= sizeof(fuzz_labs[0]))
			abort();
		memcpy(fuzz_labs[fuzz_nr_labs], p, n);
		fuzz_labs[fuzz_nr_labs++][n] = '\0';
		p = end;
	}
	if (!fuzz_nr_labs)
		abort();
}

/*
 * fuzz_row_params - the "params" of @lab's paper row @row (from 0) in
 * jc_rows_json(), written to @out as name=value;... Returns 0, with @out
 * empty, when the lab has no such row.
 */
static inline int fuzz_row_params(const char *lab, int row, char *out, size_t cap)
{
	const char *p = jc_rows_json(lab);
	int i;

	out[0] = '\0';
	if (!p)
		return 0;
	for (i = 0; i <= row; i++) {
		p = strstr(p, "\"params\":{");
		if (!p)
			return 0;
		p += 10;
	}
	/* {"a":1,"b":2} -> a=1;b=2 */
	while (*p == '"' && strlen(out) + 64 < cap) {
		const char *q = strchr(p + 1, '"');
		const char *v, *e;

		if (!q)
			break;
		v = q + 2;
		e = v + strcspn(v, ",}");
		snprintf(out + strlen(out), cap - strlen(out), "%s%.*s=%.*s",
			 out[0] ? ";" : "", (int)(q - p - 1), p + 1, (int)(e - v), v);
		p = *e == ',' ? e + 1 : e;
	}
	return 1;
}

/* fuzz_text - a NUL-terminated copy of @len bytes (the caller frees it) */
static inline char *fuzz_text(const uint8_t *data, size_t len)
{
	char *s = malloc(len + 1);

	if (!s)
		abort();
	memcpy(s, data, len);
	s[len] = '\0';
	return s;
}

struct json_in {
	const char *p;
	int depth;
};

static inline void json_ws(struct json_in *in)
{
	while (*in->p == ' ' || *in->p == '\n' || *in->p == '\t' || *in->p == '\r')
		in->p++;
}

static inline int json_value(struct json_in *in);

static inline int json_string(struct json_in *in)
{
	if (*in->p++ != '"')
		return 0;
	for (;;) {
		unsigned char c = (unsigned char)*in->p++;

		if (c == '"')
			return 1;
		if (c < 0x20)
			return 0;	/* a raw control character, or the end */
		if (c == '\\') {
			c = (unsigned char)*in->p++;
			if (c == 'u') {
				int i;

				for (i = 0; i < 4; i++, in->p++)
					if (!strchr("0123456789abcdefABCDEF", *in->p) || !*in->p)
						return 0;
			} else if (!c || !strchr("\"\\/bfnrt", c)) {
				return 0;
			}
		}
	}
}

static inline int json_digits(struct json_in *in)
{
	const char *start = in->p;

	while (*in->p >= '0' && *in->p <= '9')
		in->p++;
	return in->p > start;
}

static inline int json_number(struct json_in *in)
{
	if (*in->p == '-')
		in->p++;
	if (*in->p == '0')
		in->p++;
	else if (!json_digits(in))
		return 0;
	if (*in->p == '.') {
		in->p++;
		if (!json_digits(in))
			return 0;
	}
	if (*in->p == 'e' || *in->p == 'E') {
		in->p++;
		if (*in->p == '+' || *in->p == '-')
			in->p++;
		if (!json_digits(in))
			return 0;
	}
	return 1;
}

static inline int json_word(struct json_in *in, const char *w)
{
	size_t n = strlen(w);

	if (strncmp(in->p, w, n))
		return 0;
	in->p += n;
	return 1;
}

static inline int json_members(struct json_in *in, char close, int object)
{
	in->p++;
	if (++in->depth > FUZZ_JSON_DEPTH)
		return 0;
	json_ws(in);
	if (*in->p == close) {
		in->p++;
		in->depth--;
		return 1;
	}
	for (;;) {
		json_ws(in);
		if (object) {
			if (!json_string(in))
				return 0;
			json_ws(in);
			if (*in->p++ != ':')
				return 0;
		}
		if (!json_value(in))
			return 0;
		json_ws(in);
		if (*in->p == ',') {
			in->p++;
			continue;
		}
		if (*in->p++ != close)
			return 0;
		in->depth--;
		return 1;
	}
}

static inline int json_value(struct json_in *in)
{
	json_ws(in);
	switch (*in->p) {
	case '{':
		return json_members(in, '}', 1);
	case '[':
		return json_members(in, ']', 0);
	case '"':
		return json_string(in);
	case 't':
		return json_word(in, "true");
	case 'f':
		return json_word(in, "false");
	case 'n':
		return json_word(in, "null");
	default:
		return json_number(in);
	}
}

/*
 * fuzz_json - abort unless @s is one JSON value; NULL is allowed where the
 * ABI says it may be returned (@may_be_null)
 */
static inline void fuzz_json(const char *what, const char *s, int may_be_null)
{
	struct json_in in = { s, 0 };

	if (!s) {
		if (may_be_null)
			return;
		fprintf(stderr, "fuzz: %s returned NULL\n", what);
		abort();
	}
	if (!json_value(&in)) {
		fprintf(stderr, "fuzz: %s is not JSON near offset %ld: %.120s\n",
			what, (long)(in.p - s), s);
		abort();
	}
	json_ws(&in);
	if (*in.p) {
		fprintf(stderr, "fuzz: %s has text after its JSON at offset %ld\n",
			what, (long)(in.p - s));
		abort();
	}
}

/* fuzz_error - a failed call must say why, in a message and as JSON */
static inline void fuzz_error(const char *call)
{
	const char *msg = jc_last_error();

	if (!msg || !*msg) {
		fprintf(stderr, "fuzz: %s failed without a message\n", call);
		abort();
	}
	fuzz_json("jc_last_error_json()", jc_last_error_json(), 0);
}

/*
 * fuzz_output - one output of the live run: JSON, or NULL with a message
 * (a run that failed before it started has no outputs, and says so)
 */
static inline void fuzz_output(const char *what, const char *s)
{
	if (!s) {
		fuzz_error(what);
		return;
	}
	fuzz_json(what, s, 0);
}

/* fuzz_outputs - read every output of the live run and check it */
static inline void fuzz_outputs(void)
{
	fuzz_output("jc_result_json()", jc_result_json());
	fuzz_output("jc_position_json()", jc_position_json());
	fuzz_output("jc_steps_json()", jc_steps_json());
	fuzz_output("jc_marks_json()", jc_marks_json());
	fuzz_output("jc_snapshot_json()", jc_snapshot_json());
	fuzz_output("jc_heatmap_json()", jc_heatmap_json());
}

#endif /* JC_FUZZ_H */
