#!/usr/bin/env bash
# The shape figures: main.rs's length, files over 1,000 lines, files holding `impl Session`,
# `Command::Text` in the faces, and the module import graph (circles among files, imports upward).
#   scripts/shape.sh            all figures
#   scripts/shape.sh --imports  the import graph only; exit status 1 when it has a circle or an import upward
#   SHAPE_EDGES=1 scripts/shape.sh --imports   also every edge of the graph, with where it is seen
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" != "--imports" ]; then
    echo "== main.rs: $(wc -l <src/main.rs) lines (aim: under 150)"
    echo "== files in src over 1,000 lines (aim: none)"
    find src -name '*.rs' -print0 | xargs -0 wc -l | awk '$2 != "total" && $1 > 1000' | sort -rn
    echo "== files holding impl Session (aim: one)"
    grep -rl "impl Session" src | sort
    echo "== Command::Text in src/ui outside tests (aim: none)"
    grep -rn "Command::Text" src/ui --include='*.rs' | grep -v '/tests\.rs:\|/tests/' |
        awk -F: '{ f = $1; n = $2; cmd = "awk -v n=" n " '"'"'NR < n && /#\\[cfg\\(test\\)\\]/ { t = 1 } END { print t + 0 }'"'"' " f; cmd | getline t; close(cmd); if (!t) print }' || true
fi

python3 - "$@" <<'PY'
"""The module import graph of src: which file uses which, read from `use` lines and from paths in the code
(`crate::x::y`, `super::x`, `self::x`, `hector::x` in main.rs, and names brought in by `use` or `mod`).

A path is followed to the file of the module that defines its item; an item a module only brings in with `use`
(a re-export) is followed on to where it is defined. A file using its own ancestor (`super::X`, a child's use of
its parent's items) is no edge: a child module is part of its parent. Test code (`#[cfg(test)] mod ...`, inline
or in its own file) is not read: a test may reach anything it checks.

Layers (an import may point down or across, never up):
  0 base     bounded, braille, dirs, store, player_file: small helpers on files, bytes and text; nothing of hector
  1 rules    the Laws; imports nothing of hector, not even the base
  2 words    vocabularies, phrases, text -> move
  3 session  the state machine
  4 faces    ui, speech, sound, engine, online (the lichess client)
  5 top      lib.rs, main.rs, app.rs (the wiring) and options.rs (the command line)
"""
import os
import re
import sys

LAYER = {
    "bounded": 0, "braille": 0, "dirs": 0, "store": 0, "player_file": 0,
    "rules": 1, "words": 2, "session": 3,
    "ui": 4, "speech": 4, "sound": 4, "engine": 4, "online": 4,
    "app": 5, "options": 5,
}
LAYER_NAME = {0: "base", 1: "rules", 2: "words", 3: "session", 4: "faces", 5: "top"}
ALONE = {"rules"}  # imports nothing outside itself

files = {}  # module path tuple -> file
for root, _, names in os.walk("src"):
    for n in names:
        if not n.endswith(".rs"):
            continue
        f = os.path.join(root, n)
        parts = f[len("src/"):-len(".rs")].split("/")
        if f == "src/lib.rs":
            mod = ()
        elif f == "src/main.rs":
            mod = ("<main>",)
        else:
            mod = tuple(parts[:-1]) if parts[-1] == "mod" else tuple(parts)
        files[mod] = f


def strip(text):
    """The code without comments, string and char literals (their length kept, lines kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == '"' or (c == "r" and re.match(r'r#*"', text[i:i + 8]) and (i == 0 or not text[i - 1].isalnum())):
            m = re.match(r'r(#*)"', text[i:]) if c == "r" else None
            if m:
                end = '"' + m.group(1)
                j = text.find(end, i + len(m.group(0)))
                j = n if j < 0 else j + len(end)
            else:
                j = i + 1
                while j < n and text[j] != '"':
                    j += 2 if text[j] == "\\" else 1
                j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "'" and re.match(r"'(\\.[^']*|[^\\'])'", text[i:i + 12]):
            m = re.match(r"'(\\.[^']*|[^\\'])'", text[i:i + 12])
            out.append(" " * len(m.group(0)))
            i += len(m.group(0))
        else:
            out.append(c)
            i += 1
    return "".join(out)


def use_tree(s, prefix, out):
    """Expands a use tree `a::{b, c::d as e, self, *}` into (binding name or None for a glob, path)."""
    s = s.strip()
    if not s:
        return
    if "{" in s and (s.index("{") < s.find(",") or "," not in s.split("{")[0]):
        head, rest = s.split("{", 1)
        head = head.strip().rstrip(":").rstrip(":")
        body = rest[: rest.rindex("}")]
        base = prefix + [p for p in head.split("::") if p]
        depth, cur = 0, ""
        for ch in body + ",":
            if ch == "," and depth == 0:
                use_tree(cur, base, out)
                cur = ""
                continue
            depth += ch == "{"
            depth -= ch == "}"
            cur += ch
        return
    alias = None
    m = re.match(r"(.*?)\s+as\s+(\w+)$", s)
    if m:
        s, alias = m.group(1), m.group(2)
    parts = [p for p in s.split("::") if p]
    if parts == ["self"]:
        out.append((alias or prefix[-1], list(prefix)))
    elif parts[-1] == "*":
        out.append((None, prefix + parts[:-1]))
    else:
        out.append((alias or parts[-1], prefix + parts))


class Source:
    def __init__(self, mod, f):
        self.mod, self.file = mod, f
        self.code = strip(open(f, encoding="utf-8").read())
        # Inline modules (`mod tests { ... }`): the module of each offset.
        self.spans = []  # (start, end, inner module path)
        for m in re.finditer(r"\bmod\s+(\w+)\s*\{", self.code):
            depth, j = 1, m.end()
            while j < len(self.code) and depth:
                depth += self.code[j] == "{"
                depth -= self.code[j] == "}"
                j += 1
            self.spans.append((m.start(), j, m.group(1)))
        self.test_children = set(re.findall(r"#\[cfg\(test\)\]\s*(?:pub\s+)?mod\s+(\w+)\s*;", self.code))
        self.test_spans = [
            (s, e) for s, e, name in self.spans
            if re.search(r"#\[cfg\(test\)\]\s*(?:pub\s+)?mod\s+" + name + r"\s*\{\Z", self.code[: s + 200][: self.code.find("{", s) + 1])
        ]
        self.children = set(re.findall(r"^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", self.code, re.M))
        self.uses = []  # (offset, binding, path as written)
        for m in re.finditer(r"\buse\s+([^;]+);", self.code):
            out = []
            use_tree(m.group(1), [], out)
            for b, p in out:
                self.uses.append((m.start(), b, p))

    def mod_at(self, off):
        mod = list(self.mod) if self.mod != ("<main>",) else []
        for s, e, name in sorted(self.spans):
            if s <= off < e:
                mod.append(name)
        return mod


sources = {mod: Source(mod, f) for mod, f in files.items()}
test_files = {mod + (c,) for mod, src in sources.items() for c in src.test_children}
for mod in list(sources):
    if any(mod[: len(t)] == t for t in test_files):
        del sources[mod]


def absolute(src, off, path):
    """The crate path of a path written at `off` in `src`, or None (another crate)."""
    here = src.mod_at(off)
    p = list(path)
    if p[0] in ("crate", "hector"):
        if p[0] == "hector" and src.mod != ("<main>",):
            return None
        return p[1:]
    if p[0] in ("self", "super"):
        while p and p[0] in ("self", "super"):
            if p[0] == "super":
                here = here[:-1]
            p = p[1:]
        return here + p
    # A name of this module: a child module or a name brought in by `use`.
    if tuple(here) in sources and p[0] in sources[tuple(here)].children:
        return here + p
    if len(here) == len(src.mod) or src.mod == ("<main>",):
        for o, b, bp in src.uses:
            if b == p[0] and bp[0] != p[0]:
                base = absolute(src, o, bp)
                return None if base is None else base + p[1:]
    if tuple(here + p[:1]) in sources:
        return here + p
    return None


def target(path, seen=0):
    """The file defining what a crate path names (a module, or an item followed through re-exports)."""
    for k in range(len(path), -1, -1):
        if tuple(path[:k]) in sources:
            mod, rest = tuple(path[:k]), path[k:]
            break
    if not rest or seen > 20:
        return mod
    src = sources[mod]
    for o, b, bp in src.uses:
        if b == rest[0] and src.mod_at(o) == list(mod):
            full = absolute(src, o, bp)
            if full is not None and full != list(path):
                return target(full + rest[1:], seen + 1)
    return mod


edges = {}  # (from module, to module) -> first place seen
for mod, src in sources.items():
    found = [(o, p) for o, b, p in src.uses]
    names = {"crate", "super", "self"} | src.children | {b for _, b, _ in src.uses if b}
    if mod == ("<main>",):
        names.add("hector")
    for m in re.finditer(r"(?<![\w:])((?:\w+::)+\w+)", src.code):
        parts = m.group(1).split("::")
        if parts[0] in names:
            found.append((m.start(), parts))
    for o, p in found:
        if any(s <= o < e for s, e in src.test_spans):
            continue
        full = absolute(src, o, p)
        if full is None:
            continue
        to = target(full)
        if to == mod or (mod != ("<main>",) and to == mod[: len(to)]):
            continue  # itself or an ancestor
        line = src.code.count("\n", 0, o) + 1
        edges.setdefault((mod, to), f"{src.file}:{line}")


if os.environ.get("SHAPE_EDGES"):
    for (a, b), w in sorted(edges.items()):
        print(f"edge: {files[a]} -> {files[b]} ({w})")


def layer(mod):
    if mod in ((), ("<main>",)):
        return 5
    return LAYER[mod[0]]


# Strongly connected components (Tarjan).
graph = {m: sorted({b for a, b in edges if a == m}) for m in sources}
index, low, stack, on, comps = {}, {}, [], set(), []


def visit(v):
    index[v] = low[v] = len(index)
    stack.append(v)
    on.add(v)
    for w in graph[v]:
        if w not in index:
            visit(w)
            low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop()
            on.discard(w)
            comp.append(w)
            if w == v:
                break
        comps.append(comp)


sys.setrecursionlimit(10000)
for v in sorted(graph):
    if v not in index:
        visit(v)
circles = [sorted(c) for c in comps if len(c) > 1]
print(f"== import circles among files: {len(circles)} (aim: none)")
for c in sorted(circles):
    inner = sorted((a, b) for a, b in edges if a in c and b in c)
    print("circle: " + " <-> ".join(files[m] for m in c))
    for a, b in inner:
        print(f"    {files[a]} -> {files[b]} ({edges[(a, b)]})")

upward = sorted(
    (a, b) for a, b in edges
    if layer(a) < layer(b) or (a and a[0] in ALONE and b[:1] != a[:1])
)
print(f"== imports upward: {len(upward)} (aim: none)")
for a, b in upward:
    print(f"upward: {files[a]} ({LAYER_NAME[layer(a)]}) -> {files[b]} ({LAYER_NAME[layer(b)]}) at {edges[(a, b)]}")
sys.exit(1 if "--imports" in sys.argv[1:] and (circles or upward) else 0)
PY
