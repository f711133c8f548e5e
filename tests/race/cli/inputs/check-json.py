"""Check `ompadv race --format json` on racy.c (tests/race/cli/json.test)."""
import json
import sys

r = json.load(open(sys.argv[1]))
assert r["ompadv"] == 1 and r["mode"] == "race", r
assert r["detector"] == "fast" and r["grain"] == 4, r
races = r["races"]
assert len(races) == 2, races
lines = []
for race in races:
    assert race["address"].startswith("0x")
    assert isinstance(race["concurrent"], bool) and race["reports"] >= 1
    assert race["simd"] is False, race
    for side in ("first", "second"):
        a = race[side]
        assert a["access"] in ("read", "write"), a
        assert a["function"] == "main.omp_outlined", a
        assert a["construct"] == "for" and a["construct_location"].endswith("racy.c:10"), a
        assert isinstance(a["thread"], int), a
    assert race["second"]["size"] == 4 and "size" not in race["first"]
    assert "write" in (race["first"]["access"], race["second"]["access"])
    locs = {race["first"]["location"].rsplit("/", 1)[-1], race["second"]["location"].rsplit("/", 1)[-1]}
    assert len(locs) == 1, locs
    lines.append(locs.pop())
assert lines == ["racy.c:12:9", "racy.c:13:16"], lines
assert races[0]["variable"] is None, races[0]
assert races[1]["variable"] == "hist" and 0 <= races[1]["offset"] < 16, races[1]
s = r["summary"]
assert s["races"] == 2 and s["complete"] is True and s["accesses"] > 0, s
assert s["dropped"] == 0 and s["reports"] >= 2, s
assert s["openmp_ran"] is True, s
print("ok")
