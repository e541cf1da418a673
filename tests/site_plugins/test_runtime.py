"""The browser engine a site ships: the hashed engine folder, its manifest, the trimmed
standard library, the compiled wheels, the precompressed files and their decoder, the
snapshot and the service worker."""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import json
import subprocess
import zipfile
from pathlib import Path

import pytest

from rules_core.system import systems
from site_plugins.examples.browser_engine import pyodide_node, runtime
from site_plugins.examples.browser_engine.engine_plan import (
    PYODIDE_VERSION,
    BrowserEngineError,
    find_pyodide,
)
from site_plugins.examples.browser_engine.pyodide_node import (
    ALWAYS,
    OPTIONAL,
    compiled_wheel,
    trace_stdlib,
    trimmed_stdlib,
)
from site_plugins.examples.browser_engine.runtime import write_runtime
from site_plugins.examples.browser_engine.wheels import (
    WHEEL_VERSION,
    build_wheel,
    installed_wheel,
)
from site_plugins.examples.cards.render import page_card_data
from site_plugins.examples.language.verify import verify_page
from tests.conftest import ROOT

PYODIDE = ROOT / "node_modules" / "pyodide"
# The build's own cache: what it holds is keyed by content, so sharing it changes no answer and
# spares each test compressing the same 40 MB again.
CACHE = Path.home() / ".cache" / "rules-examples"


def manifest_of(out: Path) -> dict[str, object]:
    return dict(json.loads((out / "manifest.json").read_text(encoding="utf-8")))


def engine_folder(out: Path) -> Path:
    return out / str(manifest_of(out)["dir"])


@pytest.fixture(scope="module")
def no_snapshot(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An engine written without a snapshot or a trace (Pyodide's whole standard library),
    for a site that uses every installed system."""
    out = tmp_path_factory.mktemp("engine") / "out"
    write_runtime(out, PYODIDE, CACHE, make_snapshot=False, systems=systems())
    return out


def unbrotli(path: Path) -> bytes:
    """The bytes of a .br file, unpacked by Node (the decoder the build compresses with)."""
    script = ("const z = require('zlib'); process.stdout.write("
              "z.brotliDecompressSync(require('fs').readFileSync(process.argv[1])))")
    return subprocess.run(["node", "-e", script, str(path)], capture_output=True,
                          check=True).stdout


def test_a_missing_pyodide_says_how_to_install_it(tmp_path: Path) -> None:
    with pytest.raises(BrowserEngineError,
                       match=r"run `npm install --no-save .*pyodide@314\.0\.7`"):
        find_pyodide([tmp_path / "node_modules" / "pyodide"])


def test_the_pinned_pyodide_is_the_one_installed() -> None:
    assert pyodide_node.pyodide_version(find_pyodide([PYODIDE])) == PYODIDE_VERSION
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    assert package["dependencies"]["pyodide"] == PYODIDE_VERSION


def test_the_engine_lives_in_a_folder_named_by_its_content(no_snapshot: Path) -> None:
    manifest = manifest_of(no_snapshot)
    folder = engine_folder(no_snapshot)
    assert [p.name for p in no_snapshot.iterdir() if p.is_dir()] == [folder.name]
    assert len(folder.name) == 12 and manifest["dir"] == f"{folder.name}/"
    sizes = manifest["sizes"]
    assert isinstance(sizes, dict)
    for name, size in sizes.items():
        assert (folder / name).stat().st_size == size


def test_the_manifest_names_the_files_the_page_loads(no_snapshot: Path) -> None:
    manifest = manifest_of(no_snapshot)
    assert manifest["module"] == "pyodide.esm.js" and manifest["files"] == [
        "pyodide.esm.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip"]
    assert manifest["snapshot"] is None and manifest["snapshotFirstVisit"] is False
    assert manifest["decoder"] == {"script": "brotli_dec_wasm.js",
                                   "wasm": "brotli_dec_wasm_bg.wasm"}
    lock = json.loads((engine_folder(no_snapshot) / "pyodide-lock.json").read_text("utf-8"))
    assert set(lock["packages"]) == {"rules-reference", "icepool", *(
        f"rules-core-{system.name}" for system in systems())}


def test_the_wheels_ship_compiled_and_the_manifest_has_their_hashes(no_snapshot: Path) -> None:
    manifest = manifest_of(no_snapshot)
    wheels, sha256 = manifest["wheels"], manifest["sha256"]
    assert isinstance(wheels, list) and isinstance(sha256, dict)
    source = build_wheel().file_name.split("-")
    assert wheels[0] == manifest["wheel"] == f"{source[0]}-{source[1]}-cp314-none-any.whl"
    assert wheels[-1] == "icepool-2.1.3-cp314-none-any.whl"
    for name in wheels:
        data = (engine_folder(no_snapshot) / name).read_bytes()
        assert sha256[name] == hashlib.sha256(data).hexdigest()
        assert manifest["integrity"][name] == "sha256-" + base64.b64encode(  # type: ignore[index]
            hashlib.sha256(data).digest()).decode()


def test_a_page_loads_the_core_and_each_wheel_once_a_request_names_its_module(
        no_snapshot: Path) -> None:
    manifest = manifest_of(no_snapshot)
    wheels = manifest["wheels"]
    assert isinstance(wheels, list)
    assert manifest["core"] == [manifest["wheel"]]
    needs = manifest["needs"]
    assert isinstance(needs, dict)
    assert set(needs) == {"rules_core.odds", *(system.package for system in systems())}
    assert needs["rules_core.odds"] == wheels[-1]
    assert needs["rules_core.kruhl"].startswith(f"rules_core_kruhl-{WHEEL_VERSION}+g")
    assert sorted([*manifest["core"], *needs.values()]) == sorted(wheels)  # type: ignore[misc]


def test_a_compiled_wheel_holds_bytecode_stored_and_no_sources() -> None:
    wheel = compiled_wheel(PYODIDE, build_wheel(), CACHE)
    archive = zipfile.ZipFile(io.BytesIO(wheel.data))
    names = archive.namelist()
    assert "rules_core/roll.pyc" in names and "site_plugins/examples/cards/reroll.pyc" in names
    assert not [name for name in names if name.endswith((".py", "/RECORD"))]
    assert {info.compress_type for info in archive.infolist()} == {zipfile.ZIP_STORED}
    assert compiled_wheel(PYODIDE, build_wheel(), CACHE).data == wheel.data


def test_no_script_ships_as_mjs_and_the_module_finds_its_twin(no_snapshot: Path) -> None:
    folder = engine_folder(no_snapshot)
    assert not list(folder.glob("*.mjs"))
    module = (folder / "pyodide.esm.js").read_text(encoding="utf-8")
    assert "pyodide.asm.js" in module and "pyodide.asm.mjs" not in module
    assert "sourceMappingURL" not in module


def test_large_files_have_a_gz_beside_them_and_fetched_ones_are_unpacked_by_the_page(
        no_snapshot: Path) -> None:
    folder = engine_folder(no_snapshot)
    wasm = folder / "pyodide.asm.wasm"
    assert gzip.decompress((folder / "pyodide.asm.wasm.gz").read_bytes()) == wasm.read_bytes()
    assert (folder / "pyodide.asm.js.gz").is_file()
    assert not list(folder.glob("*.zip.gz"))  # Pyodide's whole library is deflated already
    wheels = manifest_of(no_snapshot)["wheels"]
    assert isinstance(wheels, list)
    assert manifest_of(no_snapshot)["packed"] == [  # the lock lists every wheel: 2.7 KB
        "pyodide.asm.wasm", "pyodide-lock.json", *wheels, "brotli_dec_wasm_bg.wasm"]


def test_what_a_first_visit_fetches_has_a_br_beside_it_too(no_snapshot: Path) -> None:
    folder = engine_folder(no_snapshot)
    brotli = manifest_of(no_snapshot)["brotli"]
    assert brotli == ["pyodide.asm.wasm", *manifest_of(no_snapshot)["wheels"]]  # type: ignore[misc]
    for name in brotli:
        assert unbrotli(folder / f"{name}.br") == (folder / name).read_bytes()
    # The scripts are imported, so the page cannot unpack them: their .br, and the manifest's
    # (which tells the page the host sends .br copies encoded), are for a host's brotli_static.
    assert sorted(path.name for path in folder.glob("*.js.br")) == [
        "pyodide.asm.js.br", "pyodide.esm.js.br"]
    assert not set(brotli) & {"pyodide.asm.js", "pyodide.esm.js"}
    manifest = no_snapshot / "manifest.json"
    assert unbrotli(manifest.with_name("manifest.json.br")) == manifest.read_bytes()


def test_without_the_decoder_the_page_gets_gz_copies_only(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runtime, "find_decoder", lambda pyodide: None)
    write_runtime(tmp_path / "out", PYODIDE, CACHE, make_snapshot=False)
    manifest = manifest_of(tmp_path / "out")
    assert manifest["decoder"] is None and manifest["brotli"] == []
    assert not list(engine_folder(tmp_path / "out").glob("*.br"))
    assert "pyodide.asm.wasm" in manifest["packed"]  # type: ignore[operator]


def test_a_rebuild_removes_the_previous_engine(tmp_path: Path) -> None:
    out = tmp_path / "out"
    (out / "0123456789ab").mkdir(parents=True)
    (out / "rules_reference-0.0.1+gold-py3-none-any.whl").write_bytes(b"old")
    write_runtime(out, PYODIDE, CACHE, make_snapshot=False)
    assert sorted(p.name for p in out.iterdir()) == sorted(
        ["manifest.json", "manifest.json.br", str(manifest_of(out)["dir"]).rstrip("/")])


def test_the_service_worker_is_written_at_the_site_root_for_this_engine(tmp_path: Path) -> None:
    site = tmp_path / "site"
    write_runtime(site / "assets/rules-examples/pyodide", PYODIDE, CACHE, make_snapshot=False,
                  site=site)
    worker = (site / "rules-examples-sw.js").read_text(encoding="utf-8")
    engine = str(manifest_of(site / "assets/rules-examples/pyodide")["dir"]).rstrip("/")
    assert f'const ENGINE_CACHE = "rules-examples-engine-{engine}";' in worker


def test_the_manifest_names_the_service_worker_s_cache_the_page_keeps_unpacked_files_in(
        tmp_path: Path) -> None:
    site = tmp_path / "site"
    write_runtime(site / "assets/rules-examples/pyodide", PYODIDE, CACHE, make_snapshot=False,
                  site=site)
    worker = (site / "rules-examples-sw.js").read_text(encoding="utf-8")
    cache = manifest_of(site / "assets/rules-examples/pyodide")["cache"]
    assert f'const ENGINE_CACHE = "{cache}";' in worker


def test_by_default_the_service_worker_keeps_no_page_and_the_manifest_says_it_ships(
        tmp_path: Path) -> None:
    site = tmp_path / "site"
    write_runtime(site / "assets/rules-examples/pyodide", PYODIDE, CACHE, make_snapshot=False,
                  site=site)
    worker = (site / "rules-examples-sw.js").read_text(encoding="utf-8")
    assert 'const OFFLINE_PAGES = "false" === "true";' in worker
    assert "__" not in worker  # every placeholder written
    assert manifest_of(site / "assets/rules-examples/pyodide")["serviceWorker"] is True


def test_with_offline_pages_the_service_worker_keeps_the_pages_read(tmp_path: Path) -> None:
    site = tmp_path / "site"
    write_runtime(site / "assets/rules-examples/pyodide", PYODIDE, CACHE, make_snapshot=False,
                  site=site, offline_pages=True)
    worker = (site / "rules-examples-sw.js").read_text(encoding="utf-8")
    assert 'const OFFLINE_PAGES = "true" === "true";' in worker


def test_without_a_service_worker_none_is_written_and_the_engine_names_no_cache(
        tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "rules-examples-sw.js").parent.mkdir(parents=True)
    (site / "rules-examples-sw.js").write_text("// an earlier build's", encoding="utf-8")
    write_runtime(site / "assets/rules-examples/pyodide", PYODIDE, CACHE, make_snapshot=False,
                  site=site, service_worker=False)
    assert not (site / "rules-examples-sw.js").exists()
    manifest = manifest_of(site / "assets/rules-examples/pyodide")
    assert manifest["serviceWorker"] is False and manifest["cache"] is None


def test_without_a_service_worker_a_snapshot_is_made_only_for_first_visits(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the engine's cache no later visit can restore it: it would be bytes for
    nothing, unless the site restores it on a first visit (snapshot_first_visit)."""
    asked: list[bool] = []

    def snapshot(*args: object) -> Path:
        asked.append(True)
        raise runtime.BrowserEngineError("not made in this test")

    monkeypatch.setattr(runtime, "snapshot", snapshot)
    monkeypatch.setattr(runtime, "_trimmed_stdlib", lambda *args: None)
    made = []
    for service_worker, first_visit in ((False, False), (False, True), (True, False)):
        asked.clear()
        write_runtime(tmp_path / "out", PYODIDE, CACHE, systems=systems(),
                      service_worker=service_worker, snapshot_first_visit=first_visit)
        made.append(bool(asked))
    assert made == [False, True, True]


def test_without_node_there_is_no_snapshot_and_the_whole_stdlib(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pyodide_node.shutil, "which", lambda name: None)
    notes = write_runtime(tmp_path / "out", PYODIDE, tmp_path / "cache", cards=[[{"x": 1}]])
    assert any("Node.js is not installed" in note for note in notes)
    assert any("whole standard library" in note for note in notes)
    shipped = engine_folder(tmp_path / "out") / "python_stdlib.zip"
    assert shipped.read_bytes() == (PYODIDE / "python_stdlib.zip").read_bytes()


def test_without_node_the_wheels_ship_as_sources_and_nothing_as_br(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pyodide_node.shutil, "which", lambda name: None)
    notes = write_runtime(tmp_path / "out", PYODIDE, tmp_path / "cache", make_snapshot=False)
    manifest = manifest_of(tmp_path / "out")
    assert manifest["wheel"] == build_wheel().file_name
    assert any("ships as Python sources" in note for note in notes)
    assert manifest["brotli"] == [] and manifest["decoder"] is None


def test_a_trimmed_stdlib_keeps_what_is_named_its_packages_and_the_error_reporting() -> None:
    data = trimmed_stdlib(PYODIDE / "python_stdlib.zip", ["json/decoder.py", "fractions.py"])
    archive = zipfile.ZipFile(io.BytesIO(data))
    names = set(archive.namelist())
    assert {"json/decoder.py", "json/__init__.py", "fractions.py"} <= names
    assert set(ALWAYS) <= names and "tarfile.py" not in names
    assert all(info.compress_type == zipfile.ZIP_DEFLATED for info in archive.infolist())
    assert trimmed_stdlib(PYODIDE / "python_stdlib.zip", ["fractions.py", "json/decoder.py"]) \
        == data


def test_a_trimmed_stdlib_leaves_out_what_is_imported_only_if_it_is_there() -> None:
    data = trimmed_stdlib(PYODIDE / "python_stdlib.zip",
                          ["ssl.py", "lzma.py", "compression/zstd/__init__.py", "shutil.py"])
    names = set(zipfile.ZipFile(io.BytesIO(data)).namelist())
    assert "shutil.py" in names
    assert not names & {"ssl.py", "lzma.py", "compression/zstd/__init__.py"}
    assert OPTIONAL == ("ssl.py", "_ssl.py", "bz2.py", "lzma.py", "compression/zstd/")


def docs_cards() -> list[list[dict[str, object]]]:
    page = "docs/verses/action-chaining.md"
    result = verify_page(page, (ROOT / page).read_text(encoding="utf-8"))
    return [page_card_data(result.runs, "s", result.setup_source)]


def test_the_trace_finds_what_the_engine_imports_in_pyodide(tmp_path: Path) -> None:
    wheels = [build_wheel(), installed_wheel("icepool")]
    used = trace_stdlib(PYODIDE, wheels, docs_cards(), tmp_path)
    assert {"json/__init__.py", "fractions.py", "dataclasses.py"} <= set(used)
    assert "sqlite3/__init__.py" not in used and "http/server.py" not in used
    assert "tarfile.py" not in used  # the wheels go on sys.path: Pyodide installs nothing
    assert list(tmp_path.glob("stdlib-*.txt"))  # cached for the next build


def test_a_snapshot_is_made_once_and_reused(tmp_path: Path) -> None:
    wheels = [build_wheel(), installed_wheel("icepool")]
    stdlib = PYODIDE / "python_stdlib.zip"
    made = pyodide_node.snapshot(PYODIDE, wheels, tmp_path, stdlib)
    assert made.stat().st_size > 1_000_000
    stamp = made.stat().st_mtime_ns
    assert pyodide_node.snapshot(PYODIDE, wheels, tmp_path, stdlib) == made
    assert made.stat().st_mtime_ns == stamp


def test_the_trace_deals_pages_into_shares_of_about_as_many_cards() -> None:
    pages: list[list[dict[str, object]]] = [[{"n": i} for i in range(size)]
                                            for size in (5, 1, 4, 2, 3)]
    shares = pyodide_node._shares(pages, 2)
    assert sorted(sum(map(len, share)) for share in shares) == [7, 8]
    assert sorted(map(len, (page for share in shares for page in share))) == [1, 2, 3, 4, 5]
    assert pyodide_node._shares(pages[:1], 2) == [pages[:1]]
    assert pyodide_node._shares([], 2) == [[]]
