"""The browser engine a site ships: wheel, lock entry, runtime files, snapshot, manifest."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from site_plugins.examples import runtime
from site_plugins.examples.runtime import (
    BrowserEngineError,
    build_wheel,
    find_pyodide,
    installed_wheel,
    lock_with_wheels,
    write_runtime,
)
from tests.conftest import ROOT

PYODIDE = ROOT / "node_modules" / "pyodide"


def test_the_wheel_is_the_same_bytes_every_build() -> None:
    assert build_wheel().data == build_wheel().data


def test_the_wheel_holds_the_engine_and_the_browser_modules_only() -> None:
    names = zipfile.ZipFile(io.BytesIO(build_wheel().data)).namelist()
    assert "rules_core/verses/scene.py" in names
    assert "site_plugins/examples/reroll.py" in names
    assert "site_plugins/examples/plugin.py" not in names  # needs MkDocs
    assert "site_plugins/examples/pytest_plugin.py" not in names


def test_the_wheel_record_lists_every_file_with_its_hash() -> None:
    archive = zipfile.ZipFile(io.BytesIO(build_wheel().data))
    record = next(n for n in archive.namelist() if n.endswith("/RECORD"))
    rows = [line.split(",") for line in archive.read(record).decode().splitlines()]
    for name, digest, size in rows:
        if name == record:
            continue
        data = archive.read(name)
        expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
        assert digest == f"sha256={expected.decode()}" and int(size) == len(data)
    assert len(rows) == len(archive.namelist())


def test_the_wheel_version_changes_with_its_sources() -> None:
    one = build_wheel({"rules_core/__init__.py": b""})
    two = build_wheel({"rules_core/__init__.py": b"# changed\n"})
    assert one.file_name != two.file_name
    assert one.file_name.startswith("rules_reference-0.2.0+g")


def test_icepool_ships_as_a_wheel_of_its_own_packed_the_same_every_build() -> None:
    wheel = installed_wheel("icepool")
    names = zipfile.ZipFile(io.BytesIO(wheel.data)).namelist()
    assert wheel.file_name == "icepool-2.1.3-py3-none-any.whl"
    assert "icepool/__init__.py" in names and wheel.imports == ("icepool",)
    assert not any("__pycache__" in name for name in names)
    assert installed_wheel("icepool").data == wheel.data


def test_the_engine_wheel_depends_on_icepool() -> None:
    assert build_wheel().depends == ("icepool",)


def test_the_wheels_run_a_reroll_with_nothing_but_the_standard_library(tmp_path: Path) -> None:
    wheel, icepool = tmp_path / "engine.whl", tmp_path / "icepool.whl"
    wheel.write_bytes(build_wheel().data)
    icepool.write_bytes(installed_wheel("icepool").data)
    code = (
        f"import json, sys\nsys.path[:0] = [{str(wheel)!r}, {str(icepool)!r}]\n"
        "from site_plugins.examples.reroll import reroll_page\n"
        "card = {'index': 0, 'kind': 'example', 'line': 1, 'rolls': [[6, 5]], 'steps': [\n"
        "  {'line': 2, 'source': 'rolled(\"6 5\").roll(2, 6)', 'expected': '(6, 5)'}]}\n"
        "answer = json.loads(reroll_page(json.dumps({'target': 0, 'cards': [card]}), seed=1))\n"
        "assert len(answer['cards'][0]['rolls'][0]) == 2\n"
        "from rules_core.odds_text import describe\n"
        "from rules_core.procedure import CountAtLeast, Procedure\n"
        "from rules_core.question import AtLeast\n"
        "assert '32.0%' in describe(AtLeast(Procedure(6, 6, (), CountAtLeast(5)), 3))\n"
        "assert 'mkdocs' not in sys.modules and 'markdown' not in sys.modules\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-I", "-S", "-c", code], capture_output=True,
                          text=True, check=False)
    assert done.stdout.strip() == "ok", done.stderr


def test_the_lock_entries_carry_the_wheel_hashes_and_keep_the_other_packages() -> None:
    wheel, icepool = build_wheel(), installed_wheel("icepool")
    lock = {"info": {"python": "3.14.2"}, "packages": {"six": {"name": "six"}}}
    added = lock_with_wheels(lock, [wheel, icepool])
    entry = added["packages"]["rules-reference"]  # type: ignore[index]
    assert entry["sha256"] == hashlib.sha256(wheel.data).hexdigest()
    assert entry["file_name"] == wheel.file_name
    assert entry["imports"] == ["rules_core", "site_plugins"]
    assert entry["depends"] == ["icepool"]
    odds = added["packages"]["icepool"]  # type: ignore[index]
    assert odds["sha256"] == hashlib.sha256(icepool.data).hexdigest()
    assert "six" in added["packages"]  # type: ignore[operator]
    assert "rules-reference" not in lock["packages"]


def test_a_missing_pyodide_says_how_to_install_it(tmp_path: Path) -> None:
    with pytest.raises(BrowserEngineError, match=r"npm ci.*pyodide@314\.0\.7"):
        find_pyodide([tmp_path / "node_modules" / "pyodide"])


def test_the_pinned_pyodide_is_the_one_installed() -> None:
    assert runtime.pyodide_version(find_pyodide([PYODIDE])) == runtime.PYODIDE_VERSION
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    assert package["dependencies"]["pyodide"] == runtime.PYODIDE_VERSION


def test_without_node_there_is_no_snapshot_but_a_working_manifest(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runtime.shutil, "which", lambda name: None)
    notes = write_runtime(tmp_path / "out", PYODIDE, tmp_path / "cache")
    assert notes and "Node.js is not installed" in notes[0]
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["snapshot"] is None
    for name in (*manifest["files"], manifest["lock"], *manifest["wheels"]):
        assert (tmp_path / "out" / name).is_file()
        assert manifest["sizes"][name] == (tmp_path / "out" / name).stat().st_size
    assert manifest["module"] == "pyodide.esm.js" and manifest["files"] == [
        "pyodide.esm.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip"]
    lock = json.loads((tmp_path / "out" / manifest["lock"]).read_text(encoding="utf-8"))
    assert lock["packages"][manifest["package"]]["file_name"] == manifest["wheel"]


def test_a_rebuild_removes_the_previous_wheel(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "rules_reference-0.0.1+gold-py3-none-any.whl").write_bytes(b"old")
    (out / "snapshot-old.bin").write_bytes(b"old")
    write_runtime(out, PYODIDE, tmp_path / "cache", make_snapshot=False)
    assert [p.name for p in out.glob("rules_reference-*")] == [build_wheel().file_name]
    assert not list(out.glob("snapshot-*"))


def test_a_snapshot_is_made_once_and_reused(tmp_path: Path) -> None:
    wheels = [build_wheel(), installed_wheel("icepool")]
    made = runtime.snapshot(PYODIDE, wheels, tmp_path)
    assert made.stat().st_size > 1_000_000
    stamp = made.stat().st_mtime_ns
    assert runtime.snapshot(PYODIDE, wheels, tmp_path) == made
    assert made.stat().st_mtime_ns == stamp


def test_no_script_ships_as_mjs_and_the_module_finds_its_twin(tmp_path: Path) -> None:
    write_runtime(tmp_path / "out", PYODIDE, tmp_path / "cache", make_snapshot=False)
    shipped = {p.name for p in (tmp_path / "out").iterdir()}
    assert not [name for name in shipped if name.endswith(".mjs")]
    module = (tmp_path / "out" / "pyodide.esm.js").read_text(encoding="utf-8")
    assert "pyodide.asm.js" in module and "pyodide.asm.mjs" not in module
    assert "sourceMappingURL" not in module

