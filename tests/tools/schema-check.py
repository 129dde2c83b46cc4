#!/usr/bin/python3
"""schema-check.py: JSON documents checked against doc/cgannotate.schema.json.

    schema-check.py SCHEMA LIST
        LIST has a line a document, "NAME<TAB>FILE<TAB>KIND": KIND json is
        --format=json's output, page a --format=html page whose data
        element is checked.  Each document must pass the schema (draft
        2020-12, with python3-jsonschema), begin with schema_version, hold
        a page member if and only if it is a page's, and name in each cost
        and threshold only events its events list.
    schema-check.py --mutants SCHEMA FILE...
        The schema itself is checked against its metaschema, every member
        it describes has a description, and its $id ends with the version
        schema_version's const names.  Then each FILE (--format=json
        output) is altered in ways the schema must reject: schema_version
        of another value or type, or missing; and, for the first object of
        each kind the document holds (a function, a call, a part, a line,
        a jump, ...), a member it does not know, each member's value of a
        type it never has, and each member the program always prints
        left out (may_lack says which it may leave out).  A mutant the
        schema accepts is a member printed that the schema fails to pin
        down.

Each failure is a line "FAIL NAME: why"; the last line is "P F", the
checks passed and failed.
"""
import copy
import json
import sys

from jsonschema import Draft202012Validator

# The members whose value is a cost, an object from event names to counts.
COSTS = {"totals", "hidden_cost", "exclusive", "inclusive", "inclusive_min",
         "inclusive_max", "cost"}

passed = 0
failed = 0


def check(ok, msg):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL " + msg)


def page_data(path):
    """The data element of a page of --format=html."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    opening = '<script type="application/json" id="cga-data">'
    at = text.index(opening) + len(opening)
    return text[at:text.index("</script>", at)]


def walk(v, path=""):
    """Every (path, key, value) of the objects below v."""
    if isinstance(v, dict):
        for k, x in v.items():
            yield path, k, x
            yield from walk(x, path + "/" + k)
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from walk(x, "%s/%d" % (path, i))


def first_error(validator, doc):
    e = next(iter(sorted(validator.iter_errors(doc),
                         key=lambda e: list(e.absolute_path))), None)
    if e is None:
        return None
    return "%s (at /%s)" % (e.message[:200],
                            "/".join(str(p) for p in e.absolute_path))


def documents(validator, listing):
    with open(listing, encoding="utf-8") as f:
        rows = [line.rstrip("\n").split("\t") for line in f if line.strip()]
    seen = set()
    for name, path, kind in rows:
        try:
            if kind == "page":
                text = page_data(path)
            else:
                with open(path, encoding="utf-8") as f:
                    text = f.read()
            if text in seen:
                continue  # the same bytes as another's: judged already
            seen.add(text)
            pairs = json.loads(text, object_pairs_hook=lambda p: p)
            doc = json.loads(text)
        except (OSError, ValueError) as e:
            check(False, "%s: not a JSON document: %s" % (name, e))
            continue
        err = first_error(validator, doc)
        check(err is None, "%s: %s" % (name, err))
        check(pairs[0][0] == "schema_version",
              "%s: the first member is %s, not schema_version" %
              (name, pairs[0][0]))
        check(("page" in doc) == (kind == "page"),
              "%s: a page member in a %s document" % (name, kind))
        events = {e["name"] for e in doc.get("events", [])
                  if isinstance(e, dict)}
        stray = sorted({"%s/%s: %s" % (p, k, ev) for p, k, x in walk(doc)
                        if (k in COSTS or k == "threshold") and
                        isinstance(x, dict) and not p.startswith("/page")
                        for ev in x if ev not in events})
        check(not stray, "%s: events not in the events list: %s" %
              (name, ", ".join(stray[:3])))


def described(node, path="", missing=None):
    """The paths of the schema's members and $defs without a description."""
    if missing is None:
        missing = []
    if isinstance(node, dict):
        for key in ("properties", "$defs"):
            for k, x in node.get(key, {}).items():
                if not isinstance(x, dict) or "description" not in x:
                    missing.append("%s/%s/%s" % (path, key, k))
        for k, x in node.items():
            # Conditions constrain members described elsewhere.
            if k not in ("if", "then", "else", "dependentSchemas", "not"):
                described(x, path + "/" + k, missing)
    elif isinstance(node, list):
        for i, x in enumerate(node):
            described(x, "%s/%d" % (path, i), missing)
    return missing


def may_lack(kind, obj, k):
    """Whether the program may leave member k out of obj, of kind: what it
    prints only with an option (the gate, the files, --asm's
    instructions), the page's member, a line's jumps, and a jump's
    executions when it is not a conditional branch.  Each other member is
    always there, and the schema must reject an object without it."""
    return k in ("gate", "files", "page", "instructions", "diff_bases") or \
        (k == "jumps" and kind.endswith("/lines[]")) or \
        (k == "executed" and obj.get("conditional") is False)


def kinds(doc):
    """The first object of each kind in doc, by its path with indices as
    []: (kind, path as keys and indices)."""
    seen = {}

    def go(v, keys, kind):
        if isinstance(v, dict):
            if kind not in seen:
                seen[kind] = keys
            for k, x in v.items():
                # A cost or threshold is a map, not an object of members.
                if k in COSTS or k == "threshold":
                    continue
                go(x, keys + [k], kind + "/" + k)
        elif isinstance(v, list):
            for i, x in enumerate(v):
                go(x, keys + [i], kind + "[]")
    go(doc, [], "")
    return seen


def at(doc, keys):
    for k in keys:
        doc = doc[k]
    return doc


def wrong(value):
    """A value of a type the member never has: no member is an array but
    those that are always one."""
    return "x" if isinstance(value, list) else []


def mutants(validator, path, name):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    err = first_error(validator, doc)
    check(err is None, "%s: the document mutated is invalid: %s" %
          (name, err))

    def reject(mutant, why):
        check(not validator.is_valid(mutant),
              "%s: the schema accepts %s" % (name, why))

    m = copy.deepcopy(doc)
    m["schema_version"] = 2
    reject(m, "schema_version 2")
    m["schema_version"] = "1"
    reject(m, 'schema_version "1"')
    del m["schema_version"]
    reject(m, "a document without schema_version")
    for kind, keys in sorted(kinds(doc).items()):
        obj = at(doc, keys)
        where = kind or "the document"
        m = copy.deepcopy(doc)
        at(m, keys)["x_undocumented"] = 1
        reject(m, "an unknown member in " + where)
        for k in obj:
            if (k in COSTS or k == "threshold") and obj[k]:
                # A cost's count as a string or a fraction; a threshold
                # as a string (it may be a fraction).
                ev = next(iter(obj[k]))
                bads = [str(obj[k][ev])] + [0.5] * (k != "threshold")
                for bad in bads:
                    m = copy.deepcopy(doc)
                    at(m, keys)[k][ev] = bad
                    reject(m, "%s/%s/%s as %r" % (where, k, ev, bad))
            m = copy.deepcopy(doc)
            at(m, keys)[k] = wrong(obj[k])
            reject(m, "%s/%s as %r" % (where, k, wrong(obj[k])))
            if may_lack(kind, obj, k):
                continue
            m = copy.deepcopy(doc)
            del at(m, keys)[k]
            reject(m, "%s without %s" % (where, k))


def main(argv):
    if argv[1] == "--mutants":
        with open(argv[2], encoding="utf-8") as f:
            schema = json.load(f)
        err = first_error(Draft202012Validator(
            Draft202012Validator.META_SCHEMA), schema)
        check(err is None, "%s: not a valid draft 2020-12 schema: %s" %
              (argv[2], err))
        missing = described(schema)
        check(not missing, "%s: members without a description: %s" %
              (argv[2], ", ".join(missing[:5])))
        version = schema.get("properties", {}).get("schema_version",
                                                  {}).get("const")
        check(isinstance(version, int) and
              schema.get("$id", "").endswith(":%d" % version),
              "%s: $id %s does not end with schema_version's const, %s" %
              (argv[2], schema.get("$id"), version))
        validator = Draft202012Validator(schema)
        for path in argv[3:]:
            mutants(validator, path, path.rsplit("/", 1)[-1])
    else:
        with open(argv[1], encoding="utf-8") as f:
            schema = json.load(f)
        documents(Draft202012Validator(schema), argv[2])
    print(passed, failed)


main(sys.argv)
