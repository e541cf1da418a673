"""The browser engine a site ships: the hashed engine folder, its manifest, the trimmed
standard library, the precompressed files, the snapshot and the service worker."""

from __future__ import annotations

import gzip
import io
import json
import zipfile
from pathlib import Path

import pytest

from site_plugins.examples import pyodide_node, runtime
from site_plugins.examples.pyodide_node import ALWAYS, trace_stdlib, trimmed_stdlib
from site_plugins.examples.render import page_card_data
from site_plugins.examples.runtime import BrowserEngineError, find_pyodide, write_runtime
from site_plugins.examples.verify import verify_page
from site_plugins.examples.wheels import build_wheel, installed_wheel
from tests.conftest import ROOT

PYODIDE = ROOT / "node_modules" / "pyodide"


def manifest_of(out: Path) -> dict[str, object]:
    return dict(json.loads((out / "manifest.json").read_text(encoding="utf-8")))


def engine_folder(out: Path) -> Path:
    return out / str(manifest_of(out)["dir"])


@pytest.fixture(scope="module")
def no_snapshot(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An engine written without a snapshot or a trace (Pyodide's whole standard library)."""
    out = tmp_path_factory.mktemp("engine") / "out"
    write_runtime(out, PYODIDE, out.parent / "cache", make_snapshot=False)
    return out


def test_a_missing_pyodide_says_how_to_install_it(tmp_path: Path) -> None:
    with pytest.raises(BrowserEngineError, match=r"npm ci.*pyodide@314\.0\.7"):
        find_pyodide([tmp_path / "node_modules" / "pyodide"])


def test_the_pinned_pyodide_is_the_one_installed() -> None:
    assert pyodide_node.pyodide_version(find_pyodide([PYODIDE])) == runtime.PYODIDE_VERSION
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    assert package["dependencies"]["pyodide"] == runtime.PYODIDE_VERSION


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
    wheels = manifest["wheels"]
    assert isinstance(wheels, list) and manifest["wheel"] == wheels[0] == build_wheel().file_name
    lock = json.loads((engine_folder(no_snapshot) / "pyodide-lock.json").read_text("utf-8"))
    assert set(lock["packages"]) == {"rules-reference", "icepool"}


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
    assert not list(folder.glob("*.whl.gz")) and not list(folder.glob("*.zip.gz"))
    assert manifest_of(no_snapshot)["packed"] == ["pyodide.asm.wasm"]


def test_a_rebuild_removes_the_previous_engine(tmp_path: Path) -> None:
    out = tmp_path / "out"
    (out / "0123456789ab").mkdir(parents=True)
    (out / "rules_reference-0.0.1+gold-py3-none-any.whl").write_bytes(b"old")
    write_runtime(out, PYODIDE, tmp_path / "cache", make_snapshot=False)
    assert sorted(p.name for p in out.iterdir()) == sorted(
        ["manifest.json", str(manifest_of(out)["dir"]).rstrip("/")])


def test_the_service_worker_is_written_at_the_site_root_for_this_engine(tmp_path: Path) -> None:
    site = tmp_path / "site"
    write_runtime(site / "assets/rules-examples/pyodide", PYODIDE, tmp_path / "cache",
                  make_snapshot=False, site=site)
    worker = (site / "rules-examples-sw.js").read_text(encoding="utf-8")
    engine = str(manifest_of(site / "assets/rules-examples/pyodide")["dir"]).rstrip("/")
    assert f'const ENGINE = "{engine}";' in worker and "__ENGINE_VERSION__" not in worker


def test_without_node_there_is_no_snapshot_and_the_whole_stdlib(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pyodide_node.shutil, "which", lambda name: None)
    notes = write_runtime(tmp_path / "out", PYODIDE, tmp_path / "cache", cards=[[{"x": 1}]])
    assert any("Node.js is not installed" in note for note in notes)
    assert any("whole standard library" in note for note in notes)
    shipped = engine_folder(tmp_path / "out") / "python_stdlib.zip"
    assert shipped.read_bytes() == (PYODIDE / "python_stdlib.zip").read_bytes()


def test_a_trimmed_stdlib_keeps_what_is_named_its_packages_and_the_error_reporting() -> None:
    data = trimmed_stdlib(PYODIDE / "python_stdlib.zip", ["json/decoder.py", "fractions.py"])
    archive = zipfile.ZipFile(io.BytesIO(data))
    names = set(archive.namelist())
    assert {"json/decoder.py", "json/__init__.py", "fractions.py"} <= names
    assert set(ALWAYS) <= names and "tarfile.py" not in names
    assert all(info.compress_type == zipfile.ZIP_DEFLATED for info in archive.infolist())
    assert trimmed_stdlib(PYODIDE / "python_stdlib.zip", ["fractions.py", "json/decoder.py"]) \
        == data


def docs_cards() -> list[list[dict[str, object]]]:
    page = "docs/verses/action-chaining.md"
    result = verify_page(page, (ROOT / page).read_text(encoding="utf-8"))
    return [page_card_data(result.runs, "s", result.setup_source)]


def test_the_trace_finds_what_the_engine_imports_in_pyodide(tmp_path: Path) -> None:
    wheels = [build_wheel(), installed_wheel("icepool")]
    lock = json.loads((PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    used = trace_stdlib(PYODIDE, wheels, lock, docs_cards(), tmp_path)
    assert {"json/__init__.py", "fractions.py", "dataclasses.py"} <= set(used)
    assert "sqlite3/__init__.py" not in used and "http/server.py" not in used
    assert list(tmp_path.glob("stdlib-*.txt"))  # cached for the next build


def test_a_snapshot_is_made_once_and_reused(tmp_path: Path) -> None:
    wheels = [build_wheel(), installed_wheel("icepool")]
    made = pyodide_node.snapshot(PYODIDE, wheels, tmp_path)
    assert made.stat().st_size > 1_000_000
    stamp = made.stat().st_mtime_ns
    assert pyodide_node.snapshot(PYODIDE, wheels, tmp_path) == made
    assert made.stat().st_mtime_ns == stamp
