/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lab.h - what a lab declares so that the API, the CLI and the web can drive
 * it: its parameter table (the one source of truth for validation and for
 * the controls), its variants, the mail's rows and the model's hooks.
 */
#ifndef JC_LAB_H
#define JC_LAB_H

#include "jbuf.h"
#include "sim.h"

#define LAB_MAX_PARAMS	16
#define LAB_MAX_METRICS	96	/* metrics a lab may declare */

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	((int)(sizeof(a) / sizeof((a)[0])))
#endif

enum param_type {
	PARAM_INT,		/* a whole number from min to max */
	PARAM_CHOICE,		/* one of a few names; the value is its index */
};

/*
 * struct param_spec - one parameter of a lab.
 * @type:    PARAM_INT, or PARAM_CHOICE for a parameter that names one of
 *           @choices: value i is named choices[i], min is 0 and max is
 *           nr_choices - 1, and the model reads the index.
 * @choices: a choice parameter's names (NULL for an integer)
 *
 * Write them with INT_PARAM() and CHOICE_PARAM().
 */
struct param_spec {
	const char *name;
	const char *unit;
	enum param_type type;
	long long min, max, def;
	const char *const *choices;
	int nr_choices;
	const char *help;
};

#define INT_PARAM(_name, _unit, _min, _max, _def, _help)		\
	{ .name = (_name), .unit = (_unit), .type = PARAM_INT,		\
	  .min = (_min), .max = (_max), .def = (_def), .help = (_help) }

/* @_names: an array of the choices' names; @_def: the default's index */
#define CHOICE_PARAM(_name, _names, _def, _help)			\
	{ .name = (_name), .unit = "", .type = PARAM_CHOICE,		\
	  .min = 0, .max = ARRAY_SIZE(_names) - 1, .def = (_def),	\
	  .choices = (_names), .nr_choices = ARRAY_SIZE(_names),	\
	  .help = (_help) }

/*
 * struct step_kind - a kind of trace step and what its two integers mean.
 * @a, @b: the arguments' names, e.g. "bucket" and "ino"; NULL where the
 *         step leaves the argument 0. The web reads a step's fields by
 *         these names (jc_labs_json() exports them).
 */
struct step_kind {
	const char *name;
	const char *a, *b;
};

struct metric_spec {
	const char *name;
	const char *unit;
	const char *help;
};

/*
 * struct paper_row - one row of the mail's table.
 * @params: the simulator's parameters for it, "name=value;..."
 * @before, @after: the mail's two figures
 * @note:   how the row was scaled to fit the simulator's budgets
 * @before_variant, @after_variant: the variants the two figures belong
 *          to; NULL: the lab's first and last
 * @metric: the metric the row's figures are, when not the lab's row_metric
 *          (NULL)
 * @change_pct: where the mail states only a change of @after against
 *          @before in percent, that change, with @before and @after NAN
 */
struct paper_row {
	int row;
	const char *label;
	const char *params;
	double before, after;
	const char *note;
	const char *before_variant, *after_variant;
	const char *metric;
	double change_pct;
};

struct citation {
	const char *author, *list, *date, *subject, *url, *commit;
};

struct lab {
	const char *id;
	const char *title;
	const char *source;		/* its mechanism, under wasm-core/labs/: "<id>/<id>.c" */
	/*
	 * A small configuration, "name=value;...": the shared C tests run every
	 * variant of every lab at it, so it must run to its end in well under a
	 * second with the sanitizers, through at least a few hundred steps.
	 */
	const char *test_params;
	const char *const *variants;
	int nr_variants;
	const struct param_spec *params;
	int nr_params;
	const struct metric_spec *metrics;
	int nr_metrics;
	const struct step_kind *kinds;	/* step kinds from SK_LAB on */
	int nr_kinds;

	const struct paper_row *rows;
	int nr_rows;
	const char *row_metric;
	const char *row_unit;
	double row_scale;
	struct citation cite;
	/*
	 * The sweep beyond the mail's rows: every row run again at each of
	 * @sweep_values of parameter @sweep_param, the rest of the row
	 * unchanged (NULL: the sweep is the rows alone).
	 */
	const char *sweep_param;
	const long long *sweep_values;
	int nr_sweep_values;

	/* number of simulated CPUs for these parameters */
	int (*nr_cpus)(const long long *p);
	/* cross-parameter checks: 0, or -1 with a message in @msg */
	int (*check)(const long long *p, char *msg, size_t len);
	/* the parameters check() reads, named in its structured error */
	const char *const *check_params;
	int nr_check_params;
	/* build the model and its tasks; errors through sim_fail() */
	int (*setup)(struct sim *s, int variant, const long long *p);
	/* fill @out[nr_metrics] after the run */
	void (*collect)(struct sim *s, double *out);
	/* write the model's state as a JSON object's members */
	void (*snapshot)(struct sim *s, struct jbuf *jb);
	/*
	 * The invariant checker, kept apart from the model: 0 when the
	 * model's state is consistent, else -1 with what is wrong in @msg.
	 * @final is true once the run has ended. Runs every check_every
	 * events when that option is set, and always at the end.
	 */
	int (*invariants)(struct sim *s, bool final, char *msg, size_t len);
};

/* lab_param - the value of parameter @name in @p (the lab's own table) */
long long lab_param(const struct lab *lab, const long long *p, const char *name);

/*
 * lab_heat_json_open - write a lab's own heatmap @h as member @key of the
 * snapshot: an object with bucket_ns (the engine heatmap's width or more),
 * nr_time, nr_rows and rows[row][bucket]; left open for the lab's own
 * members (row labels, ...): the caller closes it with jb_obj_close().
 */
void lab_heat_json_open(struct jbuf *jb, const char *key, struct sim *s,
			struct sim_heat *h);

/*
 * lab_table - every lab, in the order of mails/<id>.json: the table
 * scripts/registry/c.mjs generates into wasm-core/labs/labs.gen.c from the
 * folders wasm-core/labs/<id>/. Each lab defines its own
 * `const struct lab lab_<id with underscores>`.
 */
extern const struct lab *const lab_table[];
extern const int nr_labs;

#endif /* JC_LAB_H */
