// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_params - the parameter parser and validator.
 *
 * Input: one byte choosing the lab (255: the lab's name is the input's
 * first line instead, so unknown and malformed names are tried too), then
 * the "name=value;..." text. jc_check_params() must answer JC_OK or
 * JC_EINVAL, and a refusal must carry a message and its JSON form; the
 * lab's parameter and row tables must stay JSON whatever came before.
 */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *lab;
	char *name = NULL, *params;
	int ret;

	fuzz_init_labs();
	if (size < 1)
		return 0;
	if (data[0] == 255) {
		const uint8_t *nl = memchr(data + 1, '\n', size - 1);
		size_t n = nl ? (size_t)(nl - data - 1) : size - 1;

		name = fuzz_text(data + 1, n);
		params = fuzz_text(data + 1 + n + (nl ? 1 : 0), size - 1 - n - (nl ? 1 : 0));
		lab = name;
	} else {
		lab = fuzz_labs[data[0] % fuzz_nr_labs];
		params = fuzz_text(data + 1, size - 1);
	}

	ret = jc_check_params(lab, params);
	if (ret != JC_OK && ret != JC_EINVAL) {
		fprintf(stderr, "fuzz: jc_check_params returned %d\n", ret);
		abort();
	}
	if (ret == JC_EINVAL)
		fuzz_error("jc_check_params");
	if (name) {
		const char *p = jc_params_json(lab);

		if (p)
			fuzz_json("jc_params_json()", p, 0);
		else
			fuzz_error("jc_params_json");
	}
	free(name);
	free(params);
	return 0;
}
