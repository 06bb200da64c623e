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

struct param_spec {
	const char *name;
	const char *unit;
	long long min, max, def;
	const char *help;
};

struct metric_spec {
	const char *name;
	const char *unit;
	const char *help;
};

/*
 * struct paper_row - one row of the mail's table.
 * @params: the simulator's parameters for it, "name=value;..."
 * @note:   how the row was scaled to fit the simulator's budgets
 */
struct paper_row {
	int row;
	const char *label;
	const char *params;
	double before, after;
	const char *note;
};

struct citation {
	const char *author, *list, *date, *subject, *url, *commit;
};

struct lab {
	const char *id;
	const char *title;
	const char *source;		/* file name under wasm-core/labs/ */
	const char *const *variants;
	int nr_variants;
	const struct param_spec *params;
	int nr_params;
	const struct metric_spec *metrics;
	int nr_metrics;
	const char *const *kind_names;	/* step kinds from SK_LAB on */
	int nr_kinds;

	const struct paper_row *rows;
	int nr_rows;
	const char *row_metric;
	const char *row_unit;
	double row_scale;
	struct citation cite;

	/* number of simulated CPUs for these parameters */
	int (*nr_cpus)(const long long *p);
	/* cross-parameter checks: 0, or -1 with a message in @msg */
	int (*check)(const long long *p, char *msg, size_t len);
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

extern const struct lab lab_fast_commit;
extern const struct lab lab_inode_hash;

#endif /* JC_LAB_H */
