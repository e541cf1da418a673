"""How a chapter prints: A4 pages per chapter page, near-blank pages, cards taller than a page.

Builds the site (or takes a built one with ``--site``), serves it on 127.0.0.1 and prints
every page of the five chapters to PDF in Debian's Chromium, as a reader's Print does
(``page.pdf(format="A4")``: the theme's ``@page`` margins, the print stylesheet). For each
page it records:

* ``pages``: the PDF's A4 pages;
* ``near_blank``: pages other than the last that are less than a quarter full (what a card
  pushed to the next page, or a box split across a page break, leaves behind);
* ``dark_paper``: pages painted dark edge to edge (a dark palette printed with backgrounds);
* ``tall_cards``: cards taller than a page's printable area, under print emulation at the
  printable width (they cannot be kept whole, so they split);
* ``empty_boxes``: admonitions that print nothing but their title (their content hidden
  in print).

How full a page is comes from its content stream: how far down its printable area its last
line of text is, read with the small PDF reader below (nothing beyond the standard library
and Playwright is needed).

    python benchmarks/print_pages.py [--site DIR] [--scheme light|dark] [--backgrounds]
                                     [--compare BEFORE.json] [--json OUT.json]

Writes the JSON to ``benchmarks/results/print_pages[-dark].json`` unless ``--json`` says
otherwise; ``--compare`` prints a before → after table against an earlier JSON.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("RULES_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
CHAPTERS = ("verses", "kruhl", "storypath", "hubris", "chronicle")
#: A4 in CSS pixels less the theme's ``@page { margin: 25mm }``: the printable area.
PRINTABLE_WIDTH_PX, PRINTABLE_HEIGHT_PX = 605, 933
MARGIN_PT = 25 / 25.4 * 72
#: A page less full than this (other than the last) counts as near-blank.
NEAR_BLANK = 0.25


@dataclass(frozen=True)
class PrintedPage:
    """What one chapter page printed to."""

    path: str
    pages: int
    near_blank: int
    dark_paper: int
    tall_cards: int
    empty_boxes: int
    fill: list[float]


# --- A small reader of Chromium's (Skia's) PDFs: pages in order, how far down each is drawn.

_OBJECT = re.compile(rb"(\d+) 0 obj\b")
_TOKEN = re.compile(rb"<<|>>|\[|\]|<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\)|/[^\s/\[\]()<>{}]+"
                    rb"|[-+]?(?:\d+\.\d*|\.\d+|\d+)|[A-Za-z'\"*]+")
Matrix = tuple[float, float, float, float, float, float]


def _concat(m: Matrix, ctm: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    ca, cb, cc, cd, ce, cf = ctm
    return (a * ca + b * cc, a * cb + b * cd, c * ca + d * cc, c * cb + d * cd,
            e * ca + f * cc + ce, e * cb + f * cd + cf)


def _apply(ctm: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = ctm
    return a * x + c * y + e, b * x + d * y + f


class PdfFile:
    """The objects of a PDF whose object dictionaries are not compressed (Skia writes them
    plainly), enough to list its pages and read their content streams."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.starts = {int(m.group(1)): m.start() for m in _OBJECT.finditer(data)}

    def object(self, number: int) -> bytes:
        start = self.starts[number]
        return self.data[start:self.data.index(b"endobj", start)]

    def stream(self, number: int) -> bytes:
        body = self.object(number)
        head, _, rest = body.partition(b"stream")
        raw = rest.lstrip(b"\r\n")[:rest.lstrip(b"\r\n").rindex(b"endstream")]
        return zlib.decompress(raw) if b"/FlateDecode" in head else raw

    def pages(self) -> list[int]:
        """Page objects in reading order, through the tree of /Pages nodes."""
        root = re.search(rb"/Pages (\d+) 0 R", self.data[self.data.index(b"/Catalog"):])
        return list(self._leaves(int(root.group(1)))) if root else []

    def _leaves(self, number: int) -> Iterator[int]:
        body = self.object(number)
        if re.search(rb"/Type /Page\b(?!s)", body):
            yield number
            return
        kids = re.search(rb"/Kids \[([^\]]*)\]", body)
        for kid in re.findall(rb"(\d+) 0 R", kids.group(1) if kids else b""):
            yield from self._leaves(int(kid))

    def page_size(self, page: int) -> tuple[float, float]:
        box = re.search(rb"/MediaBox \[([^\]]*)\]", self.object(page))
        x0, y0, x1, y1 = (float(v) for v in box.group(1).split()) if box else (0, 0, 595, 842)
        return x1 - x0, y1 - y0

    def contents(self, page: int) -> bytes:
        refs = re.search(rb"/Contents (?:\[([^\]]*)\]|(\d+) 0 R)", self.object(page))
        if not refs:
            return b""
        numbers = re.findall(rb"(\d+) 0 R", refs.group(1)) if refs.group(1) else [refs.group(2)]
        return b"\n".join(self.stream(int(n)) for n in numbers)


@dataclass(frozen=True)
class Ink:
    """How far down a page has text on it (the lowest baseline, in PDF points from the
    bottom; None for a page without text) and whether its paper is dark."""

    lowest_text: float | None
    dark_paper: bool


def page_ink(content: bytes, width: float, height: float) -> Ink:
    """Read a page's content stream for where its text lines are and the colour of any fill
    covering the whole sheet (the paper). Boxes and rules are not counted as content: the
    empty bottom of a box split by a page break is blank paper to a reader."""
    ctm: Matrix = (1, 0, 0, 1, 0, 0)
    stack: list[tuple[Matrix, tuple[float, ...]]] = []
    fill: tuple[float, ...] = (0.0, 0.0, 0.0)
    operands: list[float] = []
    baselines: list[float] = []
    dark = False
    for token in _TOKEN.findall(content):
        if token[:1].isdigit() or token[:1] in b"-+.":
            operands.append(float(token))
            continue
        if not token[:1].isalpha() and token[:1] not in b"'\"*":
            continue  # a name, string or array bracket: not a number this reader uses
        op, args, operands = token, operands, []
        if op == b"q":
            stack.append((ctm, fill))
        elif op == b"Q" and stack:
            ctm, fill = stack.pop()
        elif op == b"cm" and len(args) >= 6:
            ctm = _concat(tuple(args[-6:]), ctm)  # type: ignore[arg-type]
        elif op == b"rg" and len(args) >= 3:
            fill = tuple(args[-3:])
        elif op == b"g" and args:
            fill = (args[-1],) * 3
        elif op == b"Tm" and len(args) >= 6:
            baselines.append(_apply(ctm, args[-2], args[-1])[1])
        elif op == b"re" and len(args) >= 4:
            x, y, w, h = args[-4:]
            (x0, y0), (x1, y1) = _apply(ctm, x, y), _apply(ctm, x + w, y + h)
            if abs(x1 - x0) * abs(y1 - y0) >= 0.9 * width * height:
                dark = dark or sum(fill) / 3 < 0.5
    on_page = [y for y in baselines if 0 <= y <= height]
    return Ink(min(on_page, default=None), dark)


def read_pdf(data: bytes) -> tuple[list[float], int]:
    """How full each page is (from the top of its printable area down to its last line of
    text, 0 to 1) and how many pages are dark paper."""
    pdf = PdfFile(data)
    fills, dark = [], 0
    for page in pdf.pages():
        width, height = pdf.page_size(page)
        ink = page_ink(pdf.contents(page), width, height)
        dark += ink.dark_paper
        printable = height - 2 * MARGIN_PT
        used = 0.0 if ink.lowest_text is None else (height - MARGIN_PT - ink.lowest_text)
        fills.append(round(max(0.0, min(1.0, used / printable)), 2))
    return fills, dark


# --- The site, served; its chapter pages, printed.

class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def served(site: Path) -> Iterator[str]:
    handler = functools.partial(QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()


def build_site(out: Path) -> Path:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1",
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(out)],
                   cwd=ROOT, env=env, check=True)
    return out


def chapter_pages(site: Path) -> list[str]:
    return sorted(f"/{p.parent.relative_to(site).as_posix()}/"
                  for chapter in CHAPTERS for p in (site / chapter).rglob("index.html"))


#: Under print emulation at the printable width: cards taller than a page, and admonitions
#: whose every child but the title prints nothing.
_LAYOUT = """height => ({
  tall: [...document.querySelectorAll('.rx-card, .rx-check')]
    .filter(card => card.getBoundingClientRect().height > height).length,
  empty: [...document.querySelectorAll('.md-typeset .admonition, .md-typeset details')]
    .filter(box => !box.closest('.rx-card, .rx-check') && getComputedStyle(box).display !== 'none')
    .filter(box => [...box.children].filter(c => !c.matches('.admonition-title, summary'))
      .every(c => c.getBoundingClientRect().height === 0)).length,
})"""


def print_page(page: Page, url: str, path: str, backgrounds: bool) -> PrintedPage:
    page.goto(url + path, wait_until="load")
    # The cards' script has started (its controls are in place, as a reader's page has them).
    page.wait_for_function("document.documentElement.dataset.rxCards === 'ready'",
                           timeout=20_000)
    data = page.pdf(format="A4", print_background=backgrounds)
    fills, dark = read_pdf(data)
    page.emulate_media(media="print")
    page.set_viewport_size({"width": PRINTABLE_WIDTH_PX, "height": PRINTABLE_HEIGHT_PX})
    layout = page.evaluate(_LAYOUT, PRINTABLE_HEIGHT_PX)
    return PrintedPage(path=path, pages=len(fills),
                       near_blank=sum(f < NEAR_BLANK for f in fills[:-1]), dark_paper=dark,
                       tall_cards=layout["tall"], empty_boxes=layout["empty"], fill=fills)


def print_site(site: Path, scheme: str, backgrounds: bool) -> list[PrintedPage]:
    with served(site) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        printed = []
        try:
            for path in chapter_pages(site):
                # A fresh page each time: nothing one page's scripts left affects the next.
                page = browser.new_page(color_scheme=scheme)  # type: ignore[arg-type]
                printed.append(print_page(page, url, path, backgrounds))
                page.close()
        finally:
            browser.close()
        return printed


def table(after: list[dict[str, Any]], before: list[dict[str, Any]] | None) -> str:
    was = {row["path"]: row for row in before or []}
    keys = ("pages", "near_blank", "dark_paper", "tall_cards", "empty_boxes")
    lines = ["| page | " + " | ".join(keys) + " |", "|---" * (len(keys) + 1) + "|"]

    def cell(row: dict[str, Any], key: str) -> str:
        old = was.get(row["path"])
        return f"{old[key]} → {row[key]}" if old is not None else str(row[key])

    for row in after:
        lines.append(f"| {row['path']} | " + " | ".join(cell(row, k) for k in keys) + " |")
    total = {k: sum(r[k] for r in after) for k in keys}
    old_total = {k: sum(was[r["path"]][k] for r in after if r["path"] in was) for k in keys}
    lines.append("| **all** | " + " | ".join(
        f"{old_total[k]} → {total[k]}" if before else str(total[k]) for k in keys) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--scheme", choices=("light", "dark"), default="light",
                        help="the reader's preferred colour scheme")
    parser.add_argument("--backgrounds", action="store_true",
                        help="print backgrounds (the print dialog's 'Background graphics')")
    parser.add_argument("--compare", type=Path, help="an earlier JSON: print before → after")
    parser.add_argument("--json", type=Path, help="where to write the JSON")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        site = options.site or build_site(Path(temp) / "site")
        rows = [asdict(r) for r in print_site(site, options.scheme, options.backgrounds)]
    suffix = ("-dark" if options.scheme == "dark" else "") + ("-bg" if options.backgrounds else "")
    out = options.json or ROOT / "benchmarks" / "results" / f"print_pages{suffix}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    before = json.loads(options.compare.read_text(encoding="utf-8")) if options.compare else None
    print(table(rows, before))
    print(f"\nwritten to {out}")


if __name__ == "__main__":
    main()
