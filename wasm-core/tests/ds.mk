# SPDX-License-Identifier: GPL-2.0
#
# ds.mk - unit tests of the data structures (list.h, hlist.h, rbtree).
#
# Included by wasm-core/Makefile, which must define, before the include line:
#   HERE         the wasm-core directory (absolute)
#   BUILD        output directory; binaries go to $(BUILD)/native/
#   CC           the native C compiler
#   TEST_CFLAGS  flags for test builds, including -DJC_DEBUG_LIST and
#                -I$(HERE)/include
#
# Defines DS_TESTS (binary names), DS_TEST_BINS (their paths), and the phony
# target ds-check, which builds and runs them all. It does not change the
# includer's default goal.

DS_SAVED_DEFAULT_GOAL := $(.DEFAULT_GOAL)

DS_TESTS := test_list test_hlist test_rbtree
DS_TEST_BINS := $(addprefix $(BUILD)/native/,$(DS_TESTS))

DS_INC := $(HERE)/include
DS_SRC := $(HERE)/src
DS_TDIR := $(HERE)/tests

$(BUILD)/native/test_list: $(DS_TDIR)/test_list.c $(DS_SRC)/debug.c \
		$(DS_INC)/list.h $(DS_INC)/hlist.h $(DS_INC)/rbtree.h
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -o $@ $(filter %.c,$^) -lcmocka

$(BUILD)/native/test_hlist: $(DS_TDIR)/test_hlist.c $(DS_SRC)/debug.c \
		$(DS_INC)/list.h $(DS_INC)/hlist.h $(DS_INC)/rbtree.h
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -o $@ $(filter %.c,$^) -lcmocka

$(BUILD)/native/test_rbtree: $(DS_TDIR)/test_rbtree.c $(DS_SRC)/rbtree.c \
		$(DS_SRC)/debug.c $(DS_INC)/list.h $(DS_INC)/hlist.h \
		$(DS_INC)/rbtree.h
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -o $@ $(filter %.c,$^) -lcmocka

.PHONY: ds-check
ds-check: $(DS_TEST_BINS)
	@set -e; for t in $(DS_TEST_BINS); do echo "== $$t"; $$t; done

.DEFAULT_GOAL := $(DS_SAVED_DEFAULT_GOAL)
