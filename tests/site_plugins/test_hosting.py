"""Stock hosts' types: a built site must hold nothing a stock host would type wrongly."""

from __future__ import annotations

import subprocess
from pathlib import Path

from site_plugins.examples.browser_engine.hosting import wrongly_typed
from tests.conftest import make_site
from tests.site_plugins.test_build import ENV, MKDOCS


def test_an_mjs_script_is_named_with_the_host_that_types_it_wrongly(tmp_path: Path) -> None:
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "app.mjs").write_text("export {};", encoding="utf-8")
    (tmp_path / "js" / "ok.js").write_text("", encoding="utf-8")
    problems = wrongly_typed(tmp_path)
    assert problems == ["js/app.mjs: nginx 1.22 (Debian) serves .mjs as application/octet-stream, "
                        "which a browser refuses for a script; ship it as .js"]


def test_files_fetched_as_bytes_may_have_any_type(tmp_path: Path) -> None:
    for name in ("engine.whl", "snapshot.bin", "stdlib.zip", "data.json", "page.html"):
        (tmp_path / name).write_bytes(b"")
    assert wrongly_typed(tmp_path) == []


def test_the_build_fails_on_a_file_stock_hosts_type_wrongly(tmp_path: Path) -> None:
    config = make_site(tmp_path, {"index.md": "# Home\n", "extra.mjs": "export {};\n"})
    done = subprocess.run([*MKDOCS, "-f", str(config)], capture_output=True, text=True, env=ENV,
                          cwd=tmp_path, timeout=120)
    assert done.returncode == 1
    assert "extra.mjs: nginx 1.22 (Debian) serves .mjs as application/octet-stream" in done.stderr
