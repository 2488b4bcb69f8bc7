#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# Keeps test code out of the production image. A name that a test-only
# object defines and no production object does can only be in the image if
# a test object was linked into it. The list comes from the test objects
# themselves, so a new test module is covered without naming it here.
# Local names count too (a module may be all static but its initcall), and
# names a product object also defines (a static helper of the same name)
# are left out, so the check cannot fire on a mere coincidence.
#
#   image_guard.sh NM IMAGE TEST_OBJECTS... -- PRODUCT_OBJECTS...
set -eu

nm_tool=$1
image=$2
shift 2

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

names() {
	"$nm_tool" --defined-only "$@" | awk 'NF == 3 { print $3 }' | LC_ALL=C sort -u
}

test_objs=
while [ $# -gt 0 ] && [ "$1" != -- ]; do
	test_objs="$test_objs $1"
	shift
done
[ $# -gt 0 ] && shift
[ -n "$test_objs" ] || { echo "image_guard: no test objects given" >&2; exit 2; }
[ $# -gt 0 ] || { echo "image_guard: no product objects given" >&2; exit 2; }

# shellcheck disable=SC2086 # the object lists are word lists on purpose
names $test_objs >"$tmp/test"
names "$@" >"$tmp/product"
names "$image" >"$tmp/image"

LC_ALL=C comm -23 "$tmp/test" "$tmp/product" >"$tmp/test_only"
[ -s "$tmp/test_only" ] || { echo "image_guard: the test objects define no name of their own" >&2; exit 2; }
LC_ALL=C comm -12 "$tmp/test_only" "$tmp/image" >"$tmp/leaked"
if [ -s "$tmp/leaked" ]; then
	echo "test code in the production image $image: $(wc -l <"$tmp/leaked") test-only names, e.g." >&2
	head -n 10 "$tmp/leaked" | sed 's/^/  /' >&2
	exit 1
fi
echo "image guard: none of the $(wc -l <"$tmp/test_only") names defined only by test objects is in $image"
