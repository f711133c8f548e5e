#!/usr/bin/env python3
"""Small tools for the fuzzing corpus of the recording reader (corelib/replay.c).

  rectool.py shrink IN OUT   rewrite a recording with each chunk cut down to
                             the smallest page multiple that holds its 'used'
                             bytes, and reserved (never written) pages dropped:
                             the same records, a fraction of the size
  rectool.py dump IN         print the header, the chunks and every record
  rectool.py build SPEC OUT  write a recording from a text list of records, one
                             a line: TYPE [field=value]... with TYPE a record
                             (META, NEW, CLOSE, ...: see contract.h) and fields
                             sub, where, time, a, b, c, d, thread (its chunk: one
                             per thread), seq (default: the line's rank); or NAME
                             loc=N line=N file=F func=F; '#' starts a comment;
                             a last word *N repeats the line N times, with {i}
                             in it replaced by 0..N-1.
                             For crafting inputs by hand.

The layout is the result file of corelib/contract.h (format OA_FILE_VERSION):
a 4096-byte header, then
chunks of 'size' bytes (a multiple of 4096) each starting with a 64-byte
oa_chunk_header {magic, kind, thread, size, used, reserved[5]}; event chunks
hold 64-byte records {type u16, sub u8, flags u8, thread u32, seq, time,
where, a, b, c, d}."""
import struct
import sys

PAGE = 4096
HEADER_SIZE = 4096
FILE_MAGIC = 0x31564441504D4F7F
FILE_VERSION = 2                    # contract.h: OA_FILE_VERSION
CHUNK_MAGIC = 0x4B4E4843
CHUNK = struct.Struct("<IIIIQ40x")
EVENT = struct.Struct("<HBBIQQQQQQQ")
KINDS = {1: "EVENTS", 2: "MODULES", 3: "PROFILE", 4: "NAMES"}
RECS = ["META", "LOC", "REGION", "SLOT", "NEW", "ANC", "CLOSE", "PRED", "HOLD", "RELEASE",
        "TEAM", "FLAG", "W"]


def chunks(data):
    """(offset, kind, thread, size, used) of each written chunk, as the reader walks them."""
    off = HEADER_SIZE
    while off + CHUNK.size <= len(data):
        magic, kind, thread, size, used = CHUNK.unpack_from(data, off)
        if magic == 0:
            off += PAGE
            continue
        if magic != CHUNK_MAGIC or size < PAGE or size % PAGE or off + size > len(data):
            raise SystemExit("rectool: corrupt or truncated chunk at offset %d" % off)
        yield off, kind, thread, size, used
        off += size


def shrink(src, dst):
    data = open(src, "rb").read()
    if len(data) < HEADER_SIZE or struct.unpack_from("<Q", data, 0)[0] != FILE_MAGIC:
        raise SystemExit("rectool: %s: not an ompadv result" % src)
    out = bytearray(data[:HEADER_SIZE])
    for off, kind, thread, size, used in chunks(data):
        used = min(used, size - CHUNK.size)
        new = (CHUNK.size + used + PAGE - 1) // PAGE * PAGE
        chunk = bytearray(data[off:off + CHUNK.size + used])
        struct.pack_into("<I", chunk, 12, new)
        out += chunk + bytes(new - len(chunk))
    open(dst, "wb").write(out)
    print("%s: %d -> %d bytes" % (dst, len(data), len(out)))


def dump(src):
    data = open(src, "rb").read()
    magic, version, hsize, pid, mode, state, nthreads = struct.unpack_from("<QIIIIII", data, 0)
    print("header: magic %#x version %d header_size %d mode %d state %d nthreads %d"
          % (magic, version, hsize, mode, state, nthreads))
    for off, kind, thread, size, used in chunks(data):
        print("chunk @%d %s thread %d size %d used %d"
              % (off, KINDS.get(kind, str(kind)), thread, size, used))
        if kind != 1:
            continue
        for i in range(0, used - used % EVENT.size, EVENT.size):
            t, sub, flags, th, seq, time, where, a, b, c, d = EVENT.unpack_from(
                data, off + CHUNK.size + i)
            name = RECS[t - 300] if 300 <= t < 300 + len(RECS) else str(t)
            print("  seq %-6d %-7s sub %d where %#x a %#x b %#x c %#x d %#x%s"
                  % (seq, name, sub, where, a, b, c, d, " time %#x" % time if time else ""))


def build(spec, dst):
    threads, names, seq = {}, bytearray(), 0
    lines = []
    for line in open(spec):
        words = line.split("#")[0].split()
        if words and words[-1].startswith("*"):
            lines += [[w.replace("{i}", str(i)) for w in words[:-1]]
                      for i in range(int(words[-1][1:]))]
        elif words:
            lines.append(words)
    for words in lines:
        kw = dict(w.split("=", 1) for w in words[1:])
        if words[0] == "NAME":
            f, g = kw.get("file", "").encode(), kw.get("func", "").encode()
            size = (16 + len(f) + len(g) + 2 + 7) // 8 * 8
            rec = struct.pack("<IIIHH", int(kw["loc"], 0), int(kw.get("line", "0"), 0), size,
                              len(f), len(g)) + f + b"\0" + g + b"\0"
            names += rec + bytes(size - len(rec))
            continue
        t = 300 + RECS.index(words[0]) if words[0] in RECS else int(words[0], 0)
        v = {k: int(x, 0) for k, x in kw.items()}
        th = v.get("thread", 0)
        threads.setdefault(th, bytearray()).extend(EVENT.pack(
            t, v.get("sub", 0), 0, th, v.get("seq", seq), v.get("time", 0), v.get("where", 0),
            v.get("a", 0),
            v.get("b", 0), v.get("c", 0), v.get("d", 0)))
        seq += 1
    # mode 3 (a recording), state 2 (finalized)
    out = bytearray(struct.pack("<QIIIIII", FILE_MAGIC, FILE_VERSION, HEADER_SIZE, 1, 3, 2,
                                len(threads)))
    out += bytes(HEADER_SIZE - len(out))

    def chunk(kind, thread, payload, reserved=b""):
        size = (CHUNK.size + len(payload) + PAGE - 1) // PAGE * PAGE
        c = bytearray(CHUNK.pack(CHUNK_MAGIC, kind, thread, size, len(payload)) + payload)
        c[24:24 + len(reserved)] = reserved
        return c + bytes(size - len(c))
    for th in sorted(threads):
        out += chunk(1, th, threads[th])
    # the names chunk counts the records and event chunks before it
    out += chunk(4, 0, names, struct.pack("<QQ", seq, len(threads)))
    open(dst, "wb").write(out)


def main(argv):
    if len(argv) == 4 and argv[1] == "shrink":
        shrink(argv[2], argv[3])
    elif len(argv) == 4 and argv[1] == "build":
        build(argv[2], argv[3])
    elif len(argv) == 3 and argv[1] == "dump":
        dump(argv[2])
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
