"""Check `ompadv race --format sarif` on racy.c (tests/race/cli/sarif*.test).

usage: check-sarif.py [--schema SCHEMA] [--baseline] SARIF ROOT
Each race a result with both accesses as locations (uri relative to ROOT,
the git work tree, through SRCROOT), its stacks as code flows; with
--schema, the file is also validated against the SARIF 2.1.0 JSON schema
(python3-jsonschema), after checking that the validator rejects a log with
no "version"."""
import copy
import json
import sys

args = sys.argv[1:]
schema = None
if args[0] == "--schema":
    schema, args = args[1], args[2:]
baseline = args[0] == "--baseline"
if baseline:
    args = args[1:]
path, root = args

log = json.load(open(path))
if schema:
    import jsonschema
    s = json.load(open(schema))
    validator = jsonschema.validators.validator_for(s)(s)
    broken = copy.deepcopy(log)
    del broken["version"]
    assert list(validator.iter_errors(broken)), "the validator accepts a log without version"
    errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
    for e in errors[:5]:
        print("schema:", "/".join(map(str, e.path)), e.message)
    assert not errors, "%d schema errors" % len(errors)

assert log["version"] == "2.1.0", log.get("version")
run, = log["runs"]
driver = run["tool"]["driver"]
assert driver["name"] == "ompadv" and driver["version"], driver
rule, = driver["rules"]
assert rule["id"] == "data-race" and rule["defaultConfiguration"]["level"] == "error", rule
assert run["originalUriBaseIds"]["SRCROOT"]["uri"] == "file://" + root, run["originalUriBaseIds"]


def place(loc):
    p = loc["physicalLocation"]
    a = p["artifactLocation"]
    assert a.get("uriBaseId") == "SRCROOT", a
    r = p["region"]
    return "%s:%d:%d" % (a["uri"], r["startLine"], r["startColumn"])


lines = []
for res in run["results"]:
    assert res["ruleId"] == "data-race" and res["ruleIndex"] == 0, res
    assert res["level"] == "error" and res["message"]["text"].startswith("Data race on "), res
    assert ("baselineState" in res) == baseline, res
    if baseline:
        assert res["baselineState"] in ("new", "unchanged"), res
    sites = [place(loc) for loc in res["locations"]]
    assert len(sites) == 2 and len(set(sites)) == 1, sites
    flow, = res["codeFlows"]
    threads = flow["threadFlows"]
    assert len(threads) == 2, threads
    for t in threads:
        assert t["message"]["text"].split()[2] == "by" or "thread T" in t["message"]["text"], t
        last = t["locations"][-1]["location"]
        assert place(last) == sites[0] and last["message"]["text"] == "main.omp_outlined", last
    assert res["partialFingerprints"]["ompadvRace/v1"], res
    lines.append(sites[0])
assert sorted(lines) == ["src/racy.c:12:9", "src/racy.c:13:16"], lines
print("ok")
