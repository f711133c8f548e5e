#!/usr/bin/env python3
"""Open an HTML report in headless Chromium (DevTools protocol over
--remote-debugging-pipe) and check it: no script errors, no network requests,
sections present, every data-key figure matching its JSON, optional screenshot
and a JavaScript-disabled pass.  Exit 0 ok, 1 failures, 2 usage."""
import argparse
import base64
import contextlib
import json
import math
import os
import queue
import re
import shutil
import signal
import sys
import tempfile
import threading
import time

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--no-default-browser-check", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-extensions",
         "--disable-default-apps", "--metrics-recording-only", "--mute-audio",
         "--hide-scrollbars", "--remote-debugging-pipe",
         # Belt and braces: any http(s)/ws request goes to a closed local port,
         # so it fails at once instead of leaving the machine (still reported).
         "--proxy-server=http://127.0.0.1:9", "--proxy-bypass-list=<-loopback>"]
LOCAL_SCHEMES = ("file", "data", "about", "blob")
SUFFIX = {"k": 1e3, "K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12, "%": 1, "x": 1, "s": 1,
          "ms": 1e-3, "µs": 1e-6, "us": 1e-6, "ns": 1e-9}
NUMBER = re.compile(r"([-+\u2212]?)(\d+(?:\.(\d*))?|\.(\d+))(?:[eE]([-+]?\d+))?"
                    r"(?:\s*(µs|us|ms|ns|[kKMGT%xs])(?![A-Za-zµ]))?")
failures = []


def fail(msg):
    failures.append(msg)
    print("browser.py: FAIL: " + msg, file=sys.stderr, flush=True)


def usage(msg):
    print("browser.py: " + msg, file=sys.stderr)
    sys.exit(2)


class Timeout(Exception):
    pass


class Chromium:
    """A Chromium child talking CDP over fds 3 (commands in) and 4 (replies out)."""

    def __init__(self, binary, deadline, verbose):
        self.deadline, self.next_id, self.events = deadline, 0, []
        self.profile = tempfile.mkdtemp(prefix="browser-py-")
        cmd_r, self.cmd_w = os.pipe()
        self.out_r, out_w = os.pipe()
        devnull = os.open(os.devnull, os.O_RDWR)
        err = sys.stderr.fileno() if verbose else devnull  # Chromium's noise
        actions = [(os.POSIX_SPAWN_DUP2, devnull, 0), (os.POSIX_SPAWN_DUP2, err, 1),
                   (os.POSIX_SPAWN_DUP2, err, 2),
                   (os.POSIX_SPAWN_DUP2, cmd_r, 3), (os.POSIX_SPAWN_DUP2, out_w, 4)]
        argv = [binary] + FLAGS + ["--user-data-dir=" + self.profile, "about:blank"]
        try:  # setsid: Chromium and its helpers form one process group we can kill
            self.pid = os.posix_spawn(binary, argv, os.environ, file_actions=actions,
                                      setsid=True)
        except OSError:
            shutil.rmtree(self.profile, ignore_errors=True)
            raise
        finally:
            for fd in (cmd_r, out_w, devnull):
                os.close(fd)
        self.inbox = queue.Queue()
        threading.Thread(target=self._reader, daemon=True).start()

    def _reader(self):
        """Split fd 4 into NUL-terminated JSON messages; None marks EOF."""
        buf = b""
        while True:
            data = os.read(self.out_r, 1 << 16)
            if not data:
                self.inbox.put(None)
                return
            buf += data
            *msgs, buf = buf.split(b"\0")
            for m in msgs:
                self.inbox.put(json.loads(m))

    def _receive(self, until):
        """Next message (events are also kept in self.events); None at `until`."""
        if time.monotonic() >= self.deadline:
            raise Timeout()
        try:
            msg = self.inbox.get(timeout=max(min(until, self.deadline) - time.monotonic(), 0))
        except queue.Empty:
            return None
        if msg is None:
            raise EOFError("Chromium closed the DevTools pipe")
        if "method" in msg:
            self.events.append(msg)
        return msg

    def call(self, method, session=None, **params):
        """Send one command and wait for its reply; raise on a protocol error."""
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params}
        if session:
            msg["sessionId"] = session
        os.write(self.cmd_w, json.dumps(msg).encode() + b"\0")
        while True:
            reply = self._receive(self.deadline)
            if reply and reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError("%s: %s" % (method, reply["error"].get("message")))
                return reply.get("result", {})

    def wait_event(self, method, session):
        """Wait for event `method` on `session` (seen earlier or arriving now)."""
        seen = 0
        while True:
            for ev in self.events[seen:]:
                if ev["method"] == method and ev.get("sessionId") == session:
                    return ev
            seen = len(self.events)
            self._receive(self.deadline)

    def pause(self, seconds):
        """Keep collecting events for `seconds`."""
        until = time.monotonic() + seconds
        while time.monotonic() < until:
            self._receive(until)

    def open_page(self, url, nojs=False):
        """New target attached in flat mode; navigate and wait for load + 300 ms."""
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        s = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.call(domain + ".enable", s)
        if nojs:
            self.call("Emulation.setScriptExecutionDisabled", s, value=True)
        self.events = [ev for ev in self.events if ev.get("sessionId") != s]
        nav = self.call("Page.navigate", s, url=url)
        if "errorText" in nav:
            raise RuntimeError("cannot open %s: %s" % (url, nav["errorText"]))
        self.wait_event("Page.loadEventFired", s)
        self.pause(0.3)
        return s

    def evaluate(self, session, expr):
        r = self.call("Runtime.evaluate", session, expression=expr, returnByValue=True)
        if "exceptionDetails" in r:
            raise RuntimeError("evaluate failed: %s" % r["exceptionDetails"].get("text"))
        return r["result"].get("value")

    def close(self):
        """Ask Chromium to quit, then kill its whole process group regardless."""
        with contextlib.suppress(OSError):
            os.write(self.cmd_w, b'{"id": 0, "method": "Browser.close"}\0')
            for _ in range(20):  # up to 1 s for a clean exit
                if os.waitpid(self.pid, os.WNOHANG)[0]:
                    break
                time.sleep(0.05)
        with contextlib.suppress(OSError):  # our own process group, by its id
            os.killpg(self.pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            os.waitpid(self.pid, 0)
        os.close(self.cmd_w)
        shutil.rmtree(self.profile, ignore_errors=True)


def check_events(events, session):
    """Script errors, console errors, log errors and non-local requests."""
    for ev in events:
        if ev.get("sessionId") != session:
            continue
        m, p = ev["method"], ev["params"]
        if m == "Runtime.exceptionThrown":
            d = p["exceptionDetails"]
            text = d.get("exception", {}).get("description") or d.get("text") or "?"
            fail("exception: %s (%s:%s)" % (text.splitlines()[0], d.get("url", ""),
                                            d.get("lineNumber", 0) + 1))
        elif m == "Runtime.consoleAPICalled" and p["type"] in ("error", "assert"):
            args = " ".join(str(a.get("value", a.get("description", ""))) for a in p["args"])
            fail("console.%s: %s" % (p["type"], args))
        elif m == "Log.entryAdded" and p["entry"]["level"] == "error":
            fail("log error: %s (%s)" % (p["entry"]["text"], p["entry"].get("url", "")))
        elif m == "Network.requestWillBeSent":
            url = p["request"]["url"]
            if url.split(":", 1)[0].lower() not in LOCAL_SCHEMES:
                fail("network request: " + url)


def lookup(doc, path):
    """Value at a dotted path (numbers index arrays); KeyError if absent."""
    for part in path.split("."):
        if isinstance(doc, list) and re.fullmatch(r"\d+", part) and int(part) < len(doc):
            doc = doc[int(part)]
        elif isinstance(doc, dict) and part in doc:
            doc = doc[part]
        else:
            raise KeyError(part)
    return doc


def shown_value(text):
    """(value, tolerance) of the first number in text, or None."""
    m = NUMBER.search(text)
    if not m:
        return None
    sign, mant, dec1, dec2, exp, suffix = m.groups()
    decimals = len(dec1 or dec2 or "")
    scale = 10.0 ** int(exp or 0) * SUFFIX.get(suffix, 1)
    value = float(mant) * scale * (-1 if sign in ("-", "\u2212") else 1)
    # half a unit of the last digit shown, that half included: a value
    # exactly between two shown ones (129485 as 129.49K) rounds either way
    return value, 0.5 * 10.0 ** -decimals * scale * (1 + 1e-9) + 1e-12


def check_figure(key, v, text, notext, scale, docs, counts):
    kind, _, path = key.partition(":")
    if kind not in docs:
        if kind not in counts:  # once per kind
            counts[kind] = 0
            fail("%s: no JSON for %s (give --json %s=FILE)" % (key, kind, kind))
        return
    counts[kind] = counts.get(kind, 0) + 1
    try:
        want = lookup(docs[kind], path)
    except KeyError as e:
        return fail("%s: path not in JSON (at %s)" % (key, e))
    if isinstance(want, bool) or want is None or isinstance(want, str):
        as_text = json.dumps(want) if not isinstance(want, str) else want
        if v != as_text:
            fail("%s: data-v %r but JSON has %r" % (key, v, as_text))
        return
    if not isinstance(want, (int, float)):
        return fail("%s: JSON value is not a scalar" % key)
    try:
        got = float(v)
    except (TypeError, ValueError):
        return fail("%s: data-v %r is not a number" % (key, v))
    if not math.isclose(got, want, rel_tol=1e-6, abs_tol=1e-12):
        return fail("%s: data-v %s but JSON has %r" % (key, v, want))
    if notext:
        return
    shown = shown_value(text)
    if shown is None:
        return fail("%s: no number in text %r" % (key, text))
    # data-scale: the text shows the value times it (a fraction as a percentage)
    if abs(shown[0] - want * scale) > shown[1]:
        fail("%s: text %r shows %g but JSON has %r (x%g)" % (key, text, shown[0], want, scale))


FIGURES_JS = """JSON.stringify([...document.querySelectorAll('[data-key]')].map(e => [
  e.getAttribute('data-key'), e.getAttribute('data-v'), e.innerText,
  e.getAttribute('data-text') === 'no', +(e.getAttribute('data-scale') || 1)]))"""
SECTION_JS = """(() => { const e = document.querySelector('section#' + CSS.escape(%s));
  return e === null ? null : e.innerText.trim().length; })()"""
TABLES_JS = """[...document.querySelectorAll('table')].filter(t =>
  ![...t.querySelectorAll('tbody tr td')].some(td => td.textContent.trim())).length"""


INTERACT_JS = r"""JSON.stringify((() => {
  const bad = [], num = c => +(c.getAttribute('data-v') ?? NaN);
  for (const t of document.querySelectorAll('table.sort')) {
    const rows = () => [...t.tBodies[0].rows];
    if (rows().length < 2) continue;
    const heads = [...t.tHead.rows[0].cells];
    const i = heads.findIndex((h, k) => rows().every(r => r.cells[k] && !isNaN(num(r.cells[k]))));
    if (i < 0) continue;
    for (const dir of [-1, 1]) {  // first click: largest first; second: smallest first
      heads[i].click();
      const v = rows().map(r => num(r.cells[i]));
      if (!v.every((x, k) => k == 0 || dir * (x - v[k - 1]) >= 0))
        bad.push('table ' + (t.closest('section') || {}).id + ' column ' + i +
                 ' not sorted after a click: ' + v.slice(0, 6).join(' '));
    }
  }
  const pl = document.getElementById('tl-plot');
  if (pl) {
    const r = pl.getBoundingClientRect(), svg = pl.ownerSVGElement;
    const ev = (type, x, on) => on.dispatchEvent(new MouseEvent(type,
        {bubbles: true, clientX: r.left + x * r.width, clientY: r.top + r.height / 2}));
    const axis = () => document.getElementById('tl-xaxis').textContent;
    const before = axis();
    ev('mousedown', 0.25, svg); ev('mousemove', 0.5, svg); ev('mouseup', 0.5, window);
    const vb = pl.getAttribute('viewBox').split(' ').map(Number);
    if (!(Math.abs(vb[0] - 250) < 5 && Math.abs(vb[2] - 250) < 5))
      bad.push('timeline: a drag over its second quarter gave viewBox ' + vb.join(' '));
    if (axis() == before)
      bad.push('timeline: the time axis did not change when zoomed');
    svg.dispatchEvent(new MouseEvent('dblclick', {bubbles: true}));
    if (pl.getAttribute('viewBox') != '0 0 1000 240' || axis() != before)
      bad.push('timeline: a double-click did not zoom out: ' + pl.getAttribute('viewBox'));
  }
  return bad;
})())"""


def check_sections(br, s, sections, when=""):
    for sid in sections:
        n = br.evaluate(s, SECTION_JS % json.dumps(sid))
        if n is None:
            fail("%ssection#%s missing" % (when, sid))
        elif n == 0:
            fail("%ssection#%s has no text" % (when, sid))


def run(br, page, opts, docs):
    url = "file://" + page
    s = br.open_page(url)
    check_events(br.events, s)
    check_sections(br, s, opts.sections)
    counts, keys = {}, set()
    # a long list keeps its tail behind a "show all" (<details>): opened, so
    # that the figures in it have text to check
    br.evaluate(s, "document.querySelectorAll('details').forEach(d => { d.open = true; }), 0")
    for key, v, text, notext, scale in json.loads(br.evaluate(s, FIGURES_JS)):
        keys.add(key)
        if opts.no_figures:
            continue
        check_figure(key, v, text, notext, scale, docs, counts)
    for kind in docs:
        if not counts.get(kind):
            fail("no figure of kind %s checked" % kind)
    for key in opts.require_key:
        if key not in keys:
            fail("no element with data-key=%r" % key)
    nav = br.evaluate(s, "(p => p && [p.startTime, p.loadEventEnd])"
                         "(performance.getEntriesByType('navigation')[0])")
    if nav:
        print("render_ms: %d" % round(nav[1] - nav[0]))
    print("figures: " + (" ".join("%s=%d" % kc for kc in sorted(counts.items())) or "none"))
    print("page_bytes: %d" % os.path.getsize(page), flush=True)

    if opts.screenshot:
        br.call("Emulation.setDeviceMetricsOverride", s, width=opts.width, height=900,
                deviceScaleFactor=1, mobile=False)
        size = br.call("Page.getLayoutMetrics", s)["cssContentSize"]
        height = min(size["height"], opts.height) if opts.height else size["height"]
        clip = {"x": 0, "y": 0, "width": size["width"], "height": height, "scale": 1}
        shot = br.call("Page.captureScreenshot", s, format="png",
                       captureBeyondViewport=True, clip=clip)
        png = base64.b64decode(shot["data"])
        with open(opts.screenshot, "wb") as f:
            f.write(png)
        if len(png) < 1000:
            fail("screenshot %s is only %d bytes" % (opts.screenshot, len(png)))

    if opts.interact:
        # The page's script: a click on a numeric column's heading sorts the
        # rows by it, a drag across the timeline zooms it, a double-click
        # zooms out.  Any exception it throws is caught by check_events.
        seen = len(br.events)
        for problem in json.loads(br.evaluate(s, INTERACT_JS)):
            fail("interact: " + problem)
        br.pause(0.2)
        check_events(br.events[seen:], s)

    if opts.nojs:
        # Checked: Runtime.evaluate still runs DevTools expressions while the
        # page's own scripts are disabled, so no DOM-domain walking is needed.
        s = br.open_page(url, nojs=True)
        empty = br.evaluate(s, TABLES_JS)
        if empty:
            fail("nojs: %d table(s) without a non-empty tbody tr td" % empty)
        check_sections(br, s, opts.sections, "nojs: ")


def parse_args():
    ap = argparse.ArgumentParser(prog="browser.py", description=__doc__)
    ap.add_argument("page", metavar="PAGE.html")
    ap.add_argument("--json", action="append", default=[], metavar="KIND=FILE")
    ap.add_argument("--sections", default="", metavar="ID,ID,...")
    ap.add_argument("--require-key", action="append", default=[], metavar="KEY")
    ap.add_argument("--screenshot", metavar="OUT.png")
    ap.add_argument("--nojs", action="store_true")
    ap.add_argument("--interact", action="store_true",
                    help="click the tables' numeric headings and zoom the timeline: they must work")
    ap.add_argument("--no-figures", action="store_true",
                    help="do not check the data-key figures (for timing a page alone)")
    ap.add_argument("--width", type=int, default=1280)
    ap.add_argument("--height", type=int, default=0,
                    help="screenshot: at most this many pixels from the top [the whole page]")
    ap.add_argument("--timeout", type=float, default=90.0)
    ap.add_argument("--verbose", action="store_true")
    opts = ap.parse_args()  # usage errors exit 2
    opts.sections = [x for x in opts.sections.split(",") if x]
    return opts


def main():
    opts = parse_args()
    page = os.path.abspath(opts.page)
    if not os.path.isfile(page):
        usage("no such page: " + page)
    docs = {}
    for arg in opts.json:
        kind, _, path = arg.partition("=")
        if not kind or not path:
            usage("--json wants KIND=FILE, got %r" % arg)
        try:
            with open(path) as f:
                docs[kind] = json.load(f)
        except (OSError, ValueError) as e:
            usage("cannot read JSON %s=%s: %s" % (kind, path, e))
    binary = os.environ.get("CHROMIUM") or "/usr/bin/chromium"
    binary = shutil.which(binary) or binary
    deadline = time.monotonic() + opts.timeout
    try:
        br = Chromium(binary, deadline, opts.verbose)
    except OSError as e:
        usage("cannot start Chromium %s: %s" % (binary, e.strerror))
    try:
        try:  # the first reply tells whether Chromium really runs
            br.call("Browser.getVersion")
        except (EOFError, OSError, Timeout) as e:
            why = "no answer in time" if isinstance(e, Timeout) else "it exited"
            usage("cannot start Chromium %s: DevTools pipe: %s (see --verbose)"
                  % (binary, why))
        run(br, page, opts, docs)
    except Timeout:
        fail("timeout after %g s" % opts.timeout)
    except (EOFError, OSError, RuntimeError) as e:
        fail("browser: %s" % e)
    finally:
        br.close()
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
