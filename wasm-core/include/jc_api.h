/* SPDX-License-Identifier: GPL-2.0 */
/*
 * jc_api.h - the one C ABI that JavaScript (browser and Node) and the native
 * tools call. Everything crosses as NUL-terminated strings: JSON out, a small
 * "name=value;name=value" syntax in. Returned strings belong to the library
 * and stay valid until the next jc_* call.
 *
 * A run is deterministic: the same lab, variant, parameters and seed give the
 * same trace, the same metrics and the same 64-bit hash on every platform.
 *
 * JSON shapes (the TypeScript mirror is web/src/core/types.ts):
 *
 *   jc_labs_json()      [{"id","title","variants":["before","after"],
 *                         "source":"fast-commit.c",
 *                         "steps":[{"kind","a","b"}]}]
 *                       steps: every step kind the lab's traces hold, with
 *                       the names of what its a and b are (null: unused)
 *   jc_params_json(lab) [{"name","type":"int"|"choice","unit","min","max",
 *                         "default","help"}]; a choice also has
 *                         "choices":["ext4","btrfs"] (value i is named
 *                         choices[i]) and "default_name"
 *   jc_rows_json(lab)   {"lab","metric","unit","scale","citation":{...},
 *                        "rows":[{"row","label","params":{..},
 *                                 "paper":{"before","after"},"note"}]}
 *                       a row's params are numbers, a choice by its index
 *   jc_result_json()    {"lab","variant","seed","params":{..},
 *                        "metrics":{..},"metric_info":[{"name","unit","help"}],
 *                        "sim":{"events","steps","end_ns","halted","mem_bytes",
 *                               "hash"},"cpus"}
 *   jc_steps_json()     {"from","total","steps":[{"i","t","cpu","task","line",
 *                         "kind","a","b"}]}
 *   jc_snapshot_json()  lab-specific model state where the run stopped
 *   jc_heatmap_json()   {"cpus","buckets","bucket_ns","states":[..],
 *                        "data":[cpu][bucket][state] flattened, fractions}
 *   jc_last_error_json() {"message","param","params":[..]} and, when a
 *                        parameter's value was refused, "type","got" and
 *                        "min","max" (an integer) or "allowed":[..] (a choice)
 *
 * The result's params give a choice parameter's value as its name.
 */
#ifndef JC_API_H
#define JC_API_H

#include <stdint.h>

/* Return codes of jc_run() and jc_check_params(). */
enum jc_status {
	JC_OK = 0,
	JC_EINVAL = 1,		/* bad lab, variant, parameter or option */
	JC_EBUDGET = 2,		/* event, step or memory budget exceeded */
	JC_EINTERNAL = 3,	/* a model invariant failed: a bug, with seed */
};

const char *jc_version(void);
const char *jc_labs_json(void);
const char *jc_params_json(const char *lab);
const char *jc_rows_json(const char *lab);

/*
 * jc_check_params - validate @params for @lab as jc_run() would: each value
 * against its range or its names, then the lab's cross-parameter check. No
 * simulation is built and the last run's outputs stay as they were.
 * Returns JC_OK or JC_EINVAL; then jc_last_error() and jc_last_error_json()
 * say what was refused.
 *
 * A parameter is "name=value"; a choice parameter's value is one of its
 * names (or its index).
 */
int jc_check_params(const char *lab, const char *params);

/*
 * jc_run - run one simulation to its end, or to a step.
 * @lab:     lab id, e.g. "fast-commit"
 * @variant: "before" or "after"
 * @params:  "name=value;..." (unset parameters take their defaults)
 * @seed:    any 32-bit value
 * @opts:    "stop_step=K;trace_from=A;trace_max=N;heat_buckets=B;
 *            max_events=E;max_mem_mb=M;check_every=C" (all optional)
 *
 * stop_step=K halts the run right after step K (steps count from 1), so the
 * snapshot shows the model mid-flight; 0 runs to the end. Steps in
 * [trace_from, trace_from + trace_max) are recorded for jc_steps_json().
 *
 * check_every=C runs the lab's invariant checker every C events (it always
 * runs once at the end).
 *
 * Returns a jc_status; on failure jc_last_error() names what was wrong.
 */
int jc_run(const char *lab, const char *variant, const char *params,
	   uint32_t seed, const char *opts);

const char *jc_result_json(void);
const char *jc_steps_json(void);
const char *jc_snapshot_json(void);
const char *jc_heatmap_json(void);
const char *jc_last_error(void);

/*
 * jc_last_error_json - the last error as JSON: "message" (jc_last_error()),
 * "param": the parameter the input named, or null; "params": the lab's
 * parameters the error is about ([param], or those the lab's cross-parameter
 * check reads, or none). A refused value adds "type", "got", and "min" and
 * "max" for an integer or "allowed" (the names) for a choice.
 */
const char *jc_last_error_json(void);

#endif /* JC_API_H */
