#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""docs/CMDLINE.md against the code, and the shell's `help KEY` table from it.

  cmdline_doc.py check [ROOT]     every key the kernel reads is in docs/CMDLINE.md,
                                  and every key listed there is read (exit 1 if not)
  cmdline_doc.py ctable DOC       C source of the table `help KEY` prints from

A key is read where kernel code calls cmdline_get() or a typed getter
(kernel/core/cmdline.h). The first argument must be one of
  - a string literal: "napi.mode";
  - a char array filled by snprintf with a literal format: "%s.max_conns"
    (each conversion becomes a placeholder, documented as <service>.max_conns);
  - NAME[i].FIELD of a static table whose entries start with the key
    ({ "net.budget", ... }).
Anything else is an error naming the file and line, so a new way of building
keys cannot slip past the check.
"""
from __future__ import annotations

import os
import re
import sys

SCAN_DIRS = ("boot", "kernel", "net", "drivers", "lib", "tests/kernel")
# The parser itself calls its own getters with a variable.
SKIP_FILES = {os.path.join("kernel", "core", "cmdline.c")}
DOC = os.path.join("docs", "CMDLINE.md")
COLUMNS = ("key", "type", "default", "example", "meaning", "bad value")

GETTER = re.compile(r"\bcmdline_get(?:_u64|_s64|_size|_bool|_choice)?\s*\(")
PRINTF_CONV = re.compile(r"%[-+ #0-9.]*[a-z]+")
PLACEHOLDER = re.compile(r"<[^<>]+>")
FIELD_MARK = "\0field:"  # a key read from a struct field, resolved over all files
LITERAL = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'')


class CheckError(Exception):
    pass


def strip_comments(src: str) -> str:
    """C source with comments blanked (newlines kept for line numbers), strings intact."""
    out, i, n = [], 0, len(src)
    while i < n:
        c = src[i]
        if c in "\"'":
            j = i + 1
            while j < n and src[j] != c:
                j += 2 if src[j] == "\\" else 1
            out.append(src[i:j + 1])
            i = j + 1
        elif src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            i = j
        elif src.startswith("/*", i):
            j = src.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", src[i:j]))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def first_argument(src: str, start: int) -> str:
    """The text of the first argument of the call whose '(' is just before start."""
    depth, i = 0, start
    while i < len(src):
        c = src[i]
        if c in "\"'":
            i = LITERAL.match(src, i).end() - 1
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                return src[start:i].strip()
            depth -= 1
        elif c == "," and depth == 0:
            return src[start:i].strip()
        i += 1
    raise CheckError("unterminated call")


FUNCTION_HEAD = re.compile(r"^\w[\w \t*]*?\b(\w+)\s*\(([^;{)]*)\)\s*\{", re.M)


def enclosing_function(src: str, pos: int) -> tuple[int, str, list[str]]:
    """(start, name, parameter names) of the function definition around pos."""
    heads = list(FUNCTION_HEAD.finditer(src, 0, pos))
    if not heads:
        return 0, "", []
    head = heads[-1]
    params = [re.sub(r"\[.*", "", p).strip().split(" ")[-1].lstrip("*")
              for p in head.group(2).split(",")]
    return head.start(), head.group(1), params


def table_keys(src: str, table: str) -> list[str]:
    m = re.search(r"\b" + re.escape(table) + r"\s*\[[^\]]*\]\s*=\s*\{", src)
    if not m:
        return []
    end = src.find("};", m.end())
    body = src[m.end():end]
    return re.findall(r"\{\s*\"([^\"]+)\"", body)


def keys_in_source(src: str, where: str) -> dict[str, str]:
    """{key pattern: 'file:line'} for every key read in one C file."""
    src = strip_comments(src)
    found: dict[str, str] = {}
    for m in GETTER.finditer(src):
        line = src.count("\n", 0, m.start()) + 1
        at = f"{where}:{line}"
        arg = first_argument(src, m.end())
        lit = re.fullmatch(r'"([^"]*)"', arg)
        ident = re.fullmatch(r"[A-Za-z_]\w*", arg)
        tab = re.fullmatch(r"([A-Za-z_]\w*)\s*\[\s*\w+\s*\]\s*\.\s*\w+", arg)
        field = re.fullmatch(r"[A-Za-z_]\w*\s*(?:->|\.)\s*([A-Za-z_]\w*)", arg)
        if lit:
            found[lit.group(1)] = at
        elif ident:
            fn_start, fn_name, fn_params = enclosing_function(src, m.start())
            fmts = re.findall(r"snprintf\s*\(\s*" + re.escape(arg) + r"\s*,[^;]*?\"([^\"]*)\"",
                              src[fn_start:m.start()])
            if fmts:
                found[PRINTF_CONV.sub("*", fmts[-1])] = at
            elif arg in fn_params:
                # A helper taking the key: the keys are the literals its callers pass.
                calls = re.findall(r"\b" + re.escape(fn_name) + r"\s*\(\s*\"([^\"]*)\"", src)
                if not calls:
                    raise CheckError(f"{at}: {fn_name}() reads its parameter '{arg}' as a "
                                     "key, but no call in this file passes a literal")
                for name in calls:
                    found[name] = at
            else:
                raise CheckError(f"{at}: key variable '{arg}' is neither filled by snprintf "
                                 "with a literal format nor a parameter of its function")
        elif tab:
            names = table_keys(src, tab.group(1))
            if not names:
                raise CheckError(f"{at}: no table '{tab.group(1)}' with key strings found")
            for name in names:
                found[name] = at
        elif field:
            # Resolved over the whole tree: the structs may be filled elsewhere.
            found[FIELD_MARK + field.group(1)] = at
        else:
            raise CheckError(f"{at}: cannot tell which key '{arg}' is")
    return found


def field_keys(sources: dict[str, str], field: str) -> list[str]:
    """Every literal given to .field in a designated initializer."""
    pattern = re.compile(r"\.\s*" + re.escape(field) + r"\s*=\s*\"([^\"]+)\"")
    return [k for src in sources.values() for k in pattern.findall(strip_comments(src))]


def keys_in_sources(sources: dict[str, str]) -> dict[str, str]:
    """{normalised key: 'file:line'} over {path: C source}."""
    found: dict[str, str] = {}
    for rel, src in sources.items():
        for key, at in keys_in_source(src, rel).items():
            if key.startswith(FIELD_MARK):
                names = field_keys(sources, key[len(FIELD_MARK):])
                if not names:
                    raise CheckError(f"{at}: no initializer gives "
                                     f"'.{key[len(FIELD_MARK):]}' a key string")
                for name in names:
                    found.setdefault(normalise(name), at)
            else:
                found.setdefault(normalise(key), at)
    return found


def keys_in_tree(root: str) -> dict[str, str]:
    sources: dict[str, str] = {}
    for top in SCAN_DIRS:
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            for f in sorted(files):
                path = os.path.join(dirpath, f)
                rel = os.path.relpath(path, root)
                if f.endswith(".c") and rel not in SKIP_FILES:
                    with open(path, encoding="utf-8") as fh:
                        sources[rel] = fh.read()
    return keys_in_sources(sources)


def normalise(key: str) -> str:
    """One spelling per key: '-' is '_' (as kernel/core/cmdline.c compares), <x> is '*'."""
    return PLACEHOLDER.sub("*", key).replace("-", "_")


def split_row(line: str) -> list[str]:
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    return cells


def doc_rows(text: str) -> list[dict[str, str]]:
    """The rows of every table under '## Keys' (up to the next '## ' heading)."""
    rows, in_keys = [], False
    for n, line in enumerate(text.splitlines(), 1):
        if line.startswith("## "):
            in_keys = line.strip() == "## Keys"
            continue
        if not in_keys or not line.startswith("|"):
            continue
        cells = split_row(line)
        if cells[0] == "key" or set("".join(cells)) <= set("-: "):
            continue
        if len(cells) != len(COLUMNS) or not all(cells):
            raise CheckError(f"{DOC}:{n}: a key row needs {len(COLUMNS)} non-empty cells "
                             f"({', '.join(COLUMNS)}); got {len(cells)}")
        key = re.fullmatch(r"`([^`]+)`", cells[0])
        if not key:
            raise CheckError(f"{DOC}:{n}: the key cell must be one `key` in backquotes")
        row = dict(zip(COLUMNS, cells))
        row["key"] = key.group(1)
        row["line"] = str(n)
        rows.append(row)
    if not rows:
        raise CheckError(f"{DOC}: no key rows under '## Keys'")
    return rows


def check(root: str) -> list[str]:
    code = keys_in_tree(root)
    with open(os.path.join(root, DOC), encoding="utf-8") as fh:
        rows = doc_rows(fh.read())
    doc: dict[str, str] = {}
    problems = []
    for r in rows:
        k = normalise(r["key"])
        if k in doc:
            problems.append(f"{DOC}:{r['line']}: `{r['key']}` is listed twice")
        doc[k] = r["line"]
    for k in sorted(set(code) - set(doc)):
        problems.append(f"{DOC} does not list `{k}`, which {code[k]} reads")
    for k in sorted(set(doc) - set(code)):
        problems.append(f"{DOC}:{doc[k]} lists `{k}`, which no code reads")
    return problems


def plain(md: str) -> str:
    """Table cell markdown as terminal text."""
    md = md.replace("`", "")
    md = re.sub(r"\*\*?([^*]+)\*\*?", r"\1", md)
    md = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", md)
    return md.replace("&lt;", "<").replace("&gt;", ">")


def c_string(s: str) -> str:
    s = s.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + "".join(ch if 32 <= ord(ch) < 127 else f"\\{ord(ch):03o}" for ch in s) + '"'


def ctable(doc_path: str) -> str:
    with open(doc_path, encoding="utf-8") as fh:
        rows = doc_rows(fh.read())
    out = ["/* SPDX-License-Identifier: BSD-2-Clause */",
           f"/* Generated from {DOC} by scripts/cmdline_doc.py: edit the document. */",
           '#include "kernel/console/shell_help.h"', "",
           "const struct cmdline_doc cmdline_docs[] = {"]
    for r in rows:
        out.append("\t{ " + ", ".join(c_string(plain(r[c])) for c in
                                       ("key", "type", "default", "example", "meaning",
                                        "bad value")) + " },")
    out += ["};", "", f"const unsigned int cmdline_docs_count = {len(rows)};", ""]
    return "\n".join(out)


SELF_TEST_SOURCE = r'''
/* cmdline_get("only.in.a.comment", &v) must not count */
static const struct p tab[] = { { "t.one", f }, { "t.two", g } };
void a(void) {
	char key[16];
	cmdline_get_bool("lit.key", &b); // cmdline_get("also.comment")
	snprintf(key, sizeof(key), "%s.max_conns", name);
	cmdline_get_u64(key, &v, 0, 9);
	for (i = 0; i < 2; i++) cmdline_get(tab[i].name, &s);
	cmdline_get_choice("has,comma" , c, 2, &x);
}
static bool read_switch(const char *key, bool dflt)
{
	cmdline_get_bool(key, &dflt);
	return dflt;
}
void b(void) { on = read_switch("drv.wrapped", true); }
void c(const struct plan *plan) { cmdline_get_choice(plan->option, v, 2, &x); }
'''
SELF_TEST_FIELDS = '''
static const struct plan a_plan = { .option = "drv_a.irq", .period = 5 };
static const struct plan b_plan = {
	.option = "drv_b.irq",
};
'''


def self_test() -> list[str]:
    """The extractor on a known snippet, and on an argument it must refuse."""
    got = sorted(keys_in_sources({"selftest.c": SELF_TEST_SOURCE,
                                  "other.c": SELF_TEST_FIELDS}))
    want = sorted(["lit.key", "*.max_conns", "t.one", "t.two", "has,comma", "drv.wrapped",
                   "drv_a.irq", "drv_b.irq"])
    problems = [] if got == want else [f"self-test: extracted {got}, expected {want}"]
    try:
        keys_in_source("void b(void) { cmdline_get(pick(), &v); }", "selftest.c")
        problems.append("self-test: an unresolvable key argument was accepted")
    except CheckError:
        pass
    if normalise("ip.<dev>") != normalise("ip.%s".replace("%s", "*")):
        problems.append("self-test: placeholders do not match printf conversions")
    return problems


def main(argv: list[str]) -> int:
    if len(argv) >= 2 and argv[1] == "check":
        root = argv[2] if len(argv) > 2 else os.getcwd()
        try:
            problems = self_test() + check(root)
        except CheckError as e:
            problems = [str(e)]
        for p in problems:
            print(f"cmdline-doc: {p}", file=sys.stderr)
        if not problems:
            print(f"cmdline-doc: {DOC} lists every key the kernel reads")
        return 1 if problems else 0
    if len(argv) == 3 and argv[1] == "ctable":
        try:
            sys.stdout.write(ctable(argv[2]))
        except CheckError as e:
            print(f"cmdline-doc: {e}", file=sys.stderr)
            return 1
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
