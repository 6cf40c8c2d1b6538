#!/usr/bin/env python3
"""Structural diff of two Bot API specs in the PaulSonOfLars api.json shape.

usage: diff.py OLD.json NEW.json [--json out.json]   -> markdown on stdout
Compares: methods/types added/removed; per entity: fields/params added, removed, type changes,
required-ness changes; method return types; union members (subtypes). Descriptions are ignored.
"""
import json
import sys


def fmt(f):
    return f"{f['name']}: {' | '.join(f['types'])}{'' if f['required'] else '?'}"


def diff_entity(a, b):
    out = {"added": [], "removed": [], "type_changed": [], "required_changed": []}
    fa = {f["name"]: f for f in a.get("fields", [])}
    fb = {f["name"]: f for f in b.get("fields", [])}
    for n, f in fb.items():
        if n not in fa:
            out["added"].append(fmt(f))
    for n, f in fa.items():
        if n not in fb:
            out["removed"].append(fmt(f))
    for n in fa.keys() & fb.keys():
        x, y = fa[n], fb[n]
        if x["types"] != y["types"]:
            out["type_changed"].append(f"{n}: {' | '.join(x['types'])} -> {' | '.join(y['types'])}")
        if x["required"] != y["required"]:
            out["required_changed"].append(
                f"{n}: {'required' if x['required'] else 'optional'} -> {'required' if y['required'] else 'optional'}")
    if a.get("returns") != b.get("returns"):
        out["returns"] = f"{a.get('returns')} -> {b.get('returns')}"
    sa, sb = a.get("subtypes", []), b.get("subtypes", [])
    if sa != sb:
        out["subtypes_added"] = [s for s in sb if s not in sa]
        out["subtypes_removed"] = [s for s in sa if s not in sb]
    return {k: v for k, v in out.items() if v}


def main():
    old, new = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
    res = {"old": old["version"], "new": new["version"]}
    lines = [f"## Structural diff: {old['version']} -> {new['version']}", ""]
    for kind in ("methods", "types"):
        A, B = old[kind], new[kind]
        added = [n for n in B if n not in A]
        removed = [n for n in A if n not in B]
        changed = {}
        for n in A:
            if n in B:
                d = diff_entity(A[n], B[n])
                if d:
                    changed[n] = d
        res[kind] = {"count_old": len(A), "count_new": len(B), "added": added, "removed": removed, "changed": changed}
        lines.append(f"### {kind.capitalize()}: {len(A)} -> {len(B)} (+{len(added)} / -{len(removed)}; {len(changed)} changed)")
        lines.append("")
        lines.append(f"**Added ({len(added)}):** " + (", ".join(added) if added else "none"))
        lines.append("")
        if kind == "types" and added:
            lines.append("<details><summary>Fields of added types</summary>\n")
            for n in added:
                e = B[n]
                fl = ", ".join(fmt(f) for f in e.get("fields", []))
                st = (" subtypes: " + ", ".join(e["subtypes"])) if e.get("subtypes") else ""
                lines.append(f"- `{n}`" + (f": {fl}" if fl else "") + st)
            lines.append("\n</details>\n")
        if kind == "methods" and added:
            for n in added:
                e = B[n]
                lines.append(f"- `{n}({', '.join(fmt(f) for f in e.get('fields', []))})` -> {' | '.join(e.get('returns', []))}")
            lines.append("")
        lines.append(f"**Removed ({len(removed)}):** " + (", ".join(removed) if removed else "none"))
        lines.append("")
        lines.append(f"**Changed ({len(changed)}):**")
        lines.append("")
        for n, d in changed.items():
            parts = []
            if "added" in d: parts.append("+ " + "; ".join(d["added"]))
            if "removed" in d: parts.append("**- " + "; ".join(d["removed"]) + "**")
            if "type_changed" in d: parts.append("type: " + "; ".join(d["type_changed"]))
            if "required_changed" in d: parts.append("required: " + "; ".join(d["required_changed"]))
            if "returns" in d: parts.append("returns: " + d["returns"])
            if "subtypes_added" in d or "subtypes_removed" in d:
                parts.append("union +[" + ", ".join(d.get("subtypes_added", [])) + "] -[" + ", ".join(d.get("subtypes_removed", [])) + "]")
            lines.append(f"- `{n}`: " + " / ".join(parts))
        lines.append("")
    # breaking-change heuristics
    br = []
    for kind in ("methods", "types"):
        for n, d in res[kind]["changed"].items():
            for r in d.get("removed", []):
                br.append(f"{kind[:-1]} `{n}`: field/param removed `{r}`")
            for t in d.get("type_changed", []):
                br.append(f"{kind[:-1]} `{n}`: type changed `{t}`")
            for q in d.get("required_changed", []):
                if q.endswith("-> required"):
                    br.append(f"{kind[:-1]} `{n}`: became required `{q}`")
            for a in d.get("added", []):
                if not a.endswith("?"):
                    br.append(f"{kind[:-1]} `{n}`: new REQUIRED field/param `{a}`")
            for s in d.get("subtypes_removed", []):
                br.append(f"type `{n}`: union member removed `{s}`")
            if "returns" in d:
                br.append(f"method `{n}`: return type changed {d['returns']}")
        for n in res[kind]["removed"]:
            br.append(f"{kind[:-1]} `{n}` removed")
    res["breaking"] = br
    lines.append(f"### Potentially breaking (auto-detected, {len(br)})")
    lines.append("")
    lines += [f"- {b}" for b in br]
    print("\n".join(lines))
    if "--json" in sys.argv:
        json.dump(res, open(sys.argv[sys.argv.index("--json") + 1], "w"), indent=1)


if __name__ == "__main__":
    main()
