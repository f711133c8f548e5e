#!/usr/bin/env python3
"""Small tools for the fuzzing corpus of the recording reader (corelib/replay.c).

  rectool.py shrink IN OUT   rewrite a recording with each chunk cut down to
                             the smallest page multiple that holds its 'used'
                             bytes, and reserved (never written) pages dropped:
                             the same records, a fraction of the size
  rectool.py dump IN         print the header, the chunks and every record
  rectool.py repack IN OUT   rewrite a recording of format 2 (64-byte records) in
                             format 4 (packed records); other versions are left
                             as they are (format 3 is read as 4)
  rectool.py fields          print the record fields build knows: KIND FIELD
                             OFFSET SIZE (tests/unit/records.test checks them
                             against contract.h)
  rectool.py build SPEC OUT  write a recording from a text list of records, one
                             a line: TYPE [field=value]... with TYPE a record
                             (META, NEW, CLOSE, ...: see contract.h) and fields
                             those of its struct in contract.h (FIELDS below:
                             NEW node=2 parent=0 nanc=0xff ...), or the words
                             of any record: sub, where, time, a, b, c, d; and
                             thread (its chunk: one per thread), seq (default:
                             the line's rank); or NAME loc=N line=N file=F
                             func=F; '#' starts a comment; a last word *N
                             repeats the line N times, with {i} in it replaced
                             by 0..N-1.  For crafting inputs by hand.

The layout is the result file of corelib/contract.h, format OA_FILE_VERSION:
a 4096-byte header, then chunks of 'size' bytes (a multiple of 4096) each
starting with a 64-byte oa_chunk_header {magic, kind, thread, size, used,
reserved[5]} ('used': payload bytes | records << 32 in event chunks); event
chunks hold 64-byte records (union oa_record) {type u16, sub u8, flags u8,
thread u32, seq, time, where, a, b, c, d}, each packed (contract.h,
oa_pack_record): a u16 type, a u16 mask of the 4-byte words that differ from
the last record of the same slot (type % 64) in the chunk, then those words
XORed with it (from format 5 each as a varint: 7 bits a byte, low first, the
high bit set but on the last); in every kind but W (which has no time),
words 4-5 (the time) are XORed with words 2-3 (the seq) as well."""
import struct
import sys

PAGE = 4096
HEADER_SIZE = 4096
FILE_MAGIC = 0x31564441504D4F7F
FILE_VERSION = 5                    # contract.h: OA_FILE_VERSION
PACK_SLOTS = 64
PACK_NO_TIME = 312                  # OA_REC_W: words 4-5 are not a time
CHUNK_MAGIC = 0x4B4E4843
CHUNK = struct.Struct("<IIIIQ40x")
EVENT = struct.Struct("<HBBIQQQQQQQ")
KINDS = {1: "EVENTS", 2: "MODULES", 3: "PROFILE", 4: "NAMES"}
RECS = ["META", "LOC", "REGION", "SLOT", "NEW", "ANC", "CLOSE", "PRED", "HOLD", "RELEASE",
        "TEAM", "FLAG", "W", "WAIT"]
# The fields of each record's struct in contract.h (struct oa_record_*):
# name: (byte offset in the record, struct format)
HEAD = {"sub": (2, "B"), "time": (16, "Q"), "where": (24, "Q"),
        "a": (32, "Q"), "b": (40, "Q"), "c": (48, "Q"), "d": (56, "Q")}
FIELDS = {
    "META": {"metric": (32, "Q"), "task_cost": (40, "Q"), "task_cost_undeferred": (48, "Q")},
    "LOC": {"loc": (32, "Q"), "code": (40, "Q"), "kind": (48, "H"), "loc_flags": (50, "H")},
    "REGION": {"region": (32, "Q"), "team": (40, "Q")},
    "SLOT": {"region": (32, "Q"), "index": (40, "Q"), "loc": (48, "I")},
    "NEW": {"kind": (2, "B"), "region": (24, "Q"), "node": (32, "Q"), "parent": (40, "Q"),
            "loc": (48, "I"), "own_loc": (52, "I"), "inst": (56, "I"), "team_index": (60, "H"),
            "bits": (62, "B"), "nanc": (63, "B")},
    "ANC": {"anc0": (32, "Q"), "anc1": (40, "Q"), "anc2": (48, "Q"), "anc3": (56, "Q")},
    "CLOSE": {"node": (32, "Q"), "work": (40, "Q"), "cost": (48, "Q"), "st_val": (56, "b"),
              "undeferred": (57, "B")},
    "W": {"busy": (2, "B"), "inst": (16, "I"), "whatif": (20, "f"), "begin_cont": (24, "I"),
          "edge_end": (28, "I"), "node": (32, "Q"), "parent": (40, "Q"), "work": (48, "Q"),
          "locs": (56, "6s"), "team_index": (62, "H")},
    "PRED": {"succ": (32, "Q"), "pred": (40, "Q")},
    "WAIT": {"node": (32, "Q"), "root": (40, "Q")},
    "HOLD": {"node": (32, "Q")},
    "RELEASE": {"node": (32, "Q")},
    "TEAM": {"value": (32, "Q")},
    "FLAG": {"value": (32, "Q")},
}


class Packer:
    """One chunk's packing state (contract.h: oa_pack_ref)."""

    def __init__(self, version=FILE_VERSION):
        self.ref = [[0] * 16 for _ in range(PACK_SLOTS)]
        self.varint = version >= 5              # contract.h: oa_pack_set

    @staticmethod
    def varint_bytes(d):
        out = b""
        while d >= 0x80:
            out += bytes([d & 0x7f | 0x80])
            d >>= 7
        return out + bytes([d])

    def pack(self, rec):
        words = struct.unpack("<16I", rec)
        prev = self.ref[words[0] & 0xffff & (PACK_SLOTS - 1)]
        mask, out = 0, b""
        diff = [words[i] ^ prev[i] for i in range(16)]
        if words[0] & 0xffff != PACK_NO_TIME:     # the time relative to the seq
            diff[4] ^= diff[2]
            diff[5] ^= diff[3]
        for i in range(16):
            d = diff[i]
            if d:
                mask |= 1 << i
                out += self.varint_bytes(d) if self.varint else struct.pack("<I", d)
            prev[i] = words[i]
        return struct.pack("<HH", words[0] & 0xffff, mask) + out

    def unpack(self, data, off, end):
        """(record, bytes taken), or (None, 0) when damaged."""
        if off + 4 > end:
            return None, 0
        t, mask = struct.unpack_from("<HH", data, off)
        prev = self.ref[t & (PACK_SLOTS - 1)]
        p, d = off + 4, [0] * 16
        for i in range(16):
            if not mask >> i & 1:
                continue
            if not self.varint:
                if p + 4 > end:
                    return None, 0
                d[i] = struct.unpack_from("<I", data, p)[0]
                p += 4
                continue
            v = shift = 0
            while True:
                if p >= end or shift > 28:
                    return None, 0
                b = data[p]
                p += 1
                v |= (b & 0x7f) << shift
                shift += 7
                if not b & 0x80:
                    break
            d[i] = v & 0xffffffff
        need = p - off
        if t != PACK_NO_TIME:
            d[4] ^= d[2]
            d[5] ^= d[3]
        for i in range(16):
            prev[i] ^= d[i]
        if prev[0] & 0xffff != t:
            return None, 0
        return struct.pack("<16I", *prev), need


def records(data, off, used):
    """The records of the event chunk at off, unpacked, as far as they unpack."""
    version = struct.unpack_from("<I", data, 8)[0]
    packer, p, end = Packer(version), off + CHUNK.size, off + CHUNK.size + (used & 0xffffffff)
    for _ in range(used >> 32):
        rec, n = packer.unpack(data, p, end)
        if rec is None:
            return
        yield rec
        p += n


def pack_chunk(recs):
    packer = Packer()
    return b"".join(packer.pack(r) for r in recs)


def chunks(data, strict=True):
    """(offset, kind, thread, size, used) of each written chunk, as the reader walks them;
    at a corrupt or truncated chunk, an error (strict) or the end."""
    off = HEADER_SIZE
    while off + CHUNK.size <= len(data):
        magic, kind, thread, size, used = CHUNK.unpack_from(data, off)
        if magic == 0:
            off += PAGE
            continue
        if magic != CHUNK_MAGIC or size < PAGE or size % PAGE or off + size > len(data):
            if not strict:
                return
            raise SystemExit("rectool: corrupt or truncated chunk at offset %d" % off)
        yield off, kind, thread, size, used
        off += size


def shrink(src, dst):
    data = open(src, "rb").read()
    if len(data) < HEADER_SIZE or struct.unpack_from("<Q", data, 0)[0] != FILE_MAGIC:
        raise SystemExit("rectool: %s: not an ompadv result" % src)
    out = bytearray(data[:HEADER_SIZE])
    for off, kind, thread, size, used in chunks(data):
        used = min(used & 0xffffffff, size - CHUNK.size)
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
        print("chunk @%d %s thread %d size %d used %d%s"
              % (off, KINDS.get(kind, str(kind)), thread, size, used & 0xffffffff,
                 " records %d" % (used >> 32) if kind == 1 else ""))
        if kind != 1:
            continue
        for rec in records(data, off, used):
            t, sub, flags, th, seq, time, where, a, b, c, d = EVENT.unpack(rec)
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
        th = int(kw.pop("thread", "0"), 0)
        rec = bytearray(EVENT.pack(t, 0, 0, th, int(kw.pop("seq", str(seq)), 0), 0, 0, 0, 0, 0, 0))
        fields = dict(HEAD, **FIELDS.get(words[0], {}))
        for k, x in kw.items():
            if k not in fields:
                raise SystemExit("rectool: %s has no field %s" % (words[0], k))
            off, fmt = fields[k]
            value = float(x) if fmt == "f" else int(x, 0).to_bytes(6, "little") if fmt == "6s" \
                else int(x, 0)
            struct.pack_into("<" + fmt, rec, off, value)
        threads.setdefault(th, []).append(bytes(rec))
        seq += 1
    # mode 3 (a recording), state 2 (finalized)
    out = bytearray(struct.pack("<QIIIIII", FILE_MAGIC, FILE_VERSION, HEADER_SIZE, 1, 3, 2,
                                len(threads)))
    out += bytes(HEADER_SIZE - len(out))

    def chunk(kind, thread, payload, reserved=b"", nrecs=0):
        size = (CHUNK.size + len(payload) + PAGE - 1) // PAGE * PAGE
        c = bytearray(CHUNK.pack(CHUNK_MAGIC, kind, thread, size, len(payload) | nrecs << 32)
                      + payload)
        c[24:24 + len(reserved)] = reserved
        return c + bytes(size - len(c))
    for th in sorted(threads):
        out += chunk(1, th, pack_chunk(threads[th]), nrecs=len(threads[th]))
    # the names chunk counts the records and event chunks before it
    out += chunk(4, 0, names, struct.pack("<QQ", seq, len(threads)))
    open(dst, "wb").write(out)


def repack(src, dst):
    data = bytearray(open(src, "rb").read())
    version = struct.unpack_from("<I", data, 8)[0] if len(data) >= 12 else None
    if version != 2:
        open(dst, "wb").write(data)
        print("%s: format %s, not repacked" % (dst, version))
        return
    struct.pack_into("<I", data, 8, FILE_VERSION)
    n = 0
    for off, kind, thread, size, used in chunks(data, strict=False):  # damaged: left so
        if kind == 1 and used <= size - CHUNK.size and used % EVENT.size == 0:
            recs = [bytes(data[off + CHUNK.size + i:off + CHUNK.size + i + EVENT.size])
                    for i in range(0, used, EVENT.size)]
            payload = pack_chunk(recs)
            data[off + CHUNK.size:off + size] = payload + bytes(size - CHUNK.size - len(payload))
            struct.pack_into("<Q", data, off + 16, len(payload) | len(recs) << 32)
            n += 1
    open(dst, "wb").write(data)
    print("%s: %d event chunks repacked" % (dst, n))


def fields():
    for kind in RECS:
        if kind == "ANC":       # anc[4], one field in C
            off, fmt = FIELDS[kind]["anc0"]
            print("%s anc %d %d" % (kind, off, 4 * struct.calcsize("<" + fmt)))
            continue
        for name, (off, fmt) in FIELDS[kind].items():
            if off != 2:        # sub under another name (NEW kind, W busy)
                print("%s %s %d %d" % (kind, name, off, struct.calcsize("<" + fmt)))


def main(argv):
    if len(argv) == 4 and argv[1] == "shrink":
        shrink(argv[2], argv[3])
    elif len(argv) == 4 and argv[1] == "build":
        build(argv[2], argv[3])
    elif len(argv) == 4 and argv[1] == "repack":
        repack(argv[2], argv[3])
    elif len(argv) == 3 and argv[1] == "dump":
        dump(argv[2])
    elif len(argv) == 2 and argv[1] == "fields":
        fields()
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
