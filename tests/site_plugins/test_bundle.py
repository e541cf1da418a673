"""The bundler (``site_plugins/examples/shipping/bundle.py``): the browser's modules joined into
one script each, in the order a browser runs them, in one scope; and everything it cannot join
safely refused at its file and line. Where Node is installed, the bundles are run too."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from site_plugins.examples.shipping import files as files_module
from site_plugins.examples.shipping.bundle import BundleError, bundle, modules_in_order
from site_plugins.examples.shipping.files import ShippingError, asset_files
from site_plugins.examples.shipping.js_tokens import tokenize

ASSETS = Path(files_module.__file__).parents[1] / "assets"
NODE = shutil.which("node")


def folder(tmp_path: Path, modules: dict[str, str]) -> Path:
    for name, text in modules.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def run_classic(script: str, src: str = "https://example.org/rules/assets/x/page.js") -> str:
    """What a classic bundle prints when Node runs it as a page would (``document``,
    ``console.log`` only), and the names it left on the global object."""
    if NODE is None:
        pytest.skip("Node.js is not installed: the bundle is checked but not run")
    prelude = (f"globalThis.document = {{ currentScript: {{ src: {json.dumps(src)} }} }};"
               "const before = new Set(Object.keys(globalThis));")
    after = ";console.log('globals:', Object.keys(globalThis).filter((k) => !before.has(k))"
    after += ".filter((k) => k !== 'before').join(','));"
    done = subprocess.run([NODE, "-e", prelude + script + after], capture_output=True,
                          text=True, timeout=30, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


# ---- the site's own scripts ------------------------------------------------------------


def test_the_page_s_modules_join_into_one_classic_script_that_imports_nothing() -> None:
    script = bundle(ASSETS, "cards.js", classic=True, name="rules-examples.js")
    assert [m.name for m in modules_in_order(ASSETS, "cards.js")][-1] == "cards.js"
    assert "import.meta" not in script and "document.currentScript.src" in script
    top = [t for t in tokenize(script, "rules-examples.js") if t.depth <= 1]
    assert not [t.line for t in top if t.text in ("import", "export") and t.kind == "name"]


def test_the_engine_s_worker_joins_into_one_module_with_its_two_helpers() -> None:
    script = bundle(ASSETS, "engine-worker.js", classic=False, name="engine-worker.js")
    assert [m.name for m in modules_in_order(ASSETS, "engine-worker.js")] == [
        "engine-progress.js", "engine-fetch.js", "engine-worker.js"]
    assert 'new URL("pyodide/", import.meta.url)' in script  # a module keeps its own address
    assert "import(url.href)" in script  # Pyodide's runtime, imported as the worker runs
    assert not [t.line for t in tokenize(script, "engine-worker.js")
                if t.depth == 0 and t.text in ("import", "export") and t.kind == "name"
                and script[t.end:t.end + 1] != "("]


@pytest.mark.skipif(NODE is None, reason="Node.js is not installed")
@pytest.mark.parametrize(("entry", "classic", "suffix"),
                         [("cards.js", True, ".js"), ("engine-worker.js", False, ".mjs")])
def test_each_shipped_bundle_is_javascript_node_can_parse(
        tmp_path: Path, entry: str, classic: bool, suffix: str) -> None:
    path = tmp_path / f"bundle{suffix}"
    path.write_text(bundle(ASSETS, entry, classic=classic, name=path.name), encoding="utf-8")
    done = subprocess.run([str(NODE), "--check", str(path)], capture_output=True, text=True,
                          timeout=30, check=False)
    assert done.returncode == 0, done.stderr


# ---- what it joins ---------------------------------------------------------------------


def test_modules_run_each_after_those_it_imports_once_and_keep_no_global(
        tmp_path: Path) -> None:
    site = folder(tmp_path, {
        "main.js": 'import { b } from "./b.js";\nimport { c } from "./c.js";\n'
                   'console.log("main", b, c);\n',
        "b.js": 'import { c } from "./c.js";\nconsole.log("b");\nexport const b = c + 1;\n',
        "c.js": 'console.log("c");\nexport const c = 1;\n',
    })
    script = bundle(site, "main.js", classic=True, name="page.js")
    assert run_classic(script) == "c\nb\nmain 2 1\nglobals: \n"


def test_a_classic_bundle_reads_its_own_address_where_a_module_reads_import_meta(
        tmp_path: Path) -> None:
    site = folder(tmp_path, {"main.js": 'console.log(new URL("../../", import.meta.url).href);\n'
                                        "const meta = { url: 1 };\nconsole.log(meta.url);\n"})
    assert run_classic(bundle(site, "main.js", classic=True, name="page.js")) == \
        "https://example.org/rules/\n1\nglobals: \n"
    assert "import.meta.url" in bundle(site, "main.js", classic=False, name="page.js")


def test_code_inside_strings_comments_templates_and_patterns_is_left_alone(
        tmp_path: Path) -> None:
    site = folder(tmp_path, {
        "main.js": '// import { x } from "./nowhere.js";\n'
                   "/* export default 1; } */\n"
                   'const text = "import { y } from \\"./z.js\\"; {";\n'
                   "const pattern = /[{}]\\/import/g;\n"
                   "const template = `export ${ { a: 1 }.a } } ${`import ${2}`}`;\n"
                   "const half = 6 / 2 / 3;\n"
                   "const later = () => import(\"./dynamic.js\");\n"
                   "const o = { import: 1, export: 2 };\n"
                   "console.log(text.length, pattern.source, template, half, o.import + o.export, "
                   "typeof later);\n",
    })
    script = bundle(site, "main.js", classic=True, name="page.js")
    assert run_classic(script) == ('29 [{}]\\/import export 1 } import 2 1 3 function\n'
                                   "globals: \n")


# ---- what it refuses -------------------------------------------------------------------


def refused(tmp_path: Path, modules: dict[str, str], classic: bool = True) -> str:
    with pytest.raises(BundleError) as raised:
        bundle(folder(tmp_path, modules), "main.js", classic=classic, name="page.js")
    return str(raised.value)


def test_two_modules_that_declare_the_same_top_level_name_are_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, {
        "main.js": 'import { show } from "./view.js";\n\nfunction say(text) {\n  show(text);\n}\n',
        "view.js": "export function show(text) {\n  say(text);\n}\nconst say = 1;\n",
    })
    assert message == ("view.js:4 and main.js:3 both declare `say` at their top level; a "
                       "bundle joins its modules in one scope: rename one of them")


@pytest.mark.parametrize("declaration", [
    "let say = 1;", "var say;", "class say {}", "async function say() {}",
    "const other = 1, say = 2;", "export const say = () => {};",
])
def test_every_kind_of_top_level_declaration_counts(tmp_path: Path, declaration: str) -> None:
    message = refused(tmp_path, {"main.js": f'import {{ a }} from "./a.js";\n{declaration}\n',
                                 "a.js": "export const a = 1;\nfunction say() {}\n"})
    assert "both declare `say`" in message


def test_names_inside_functions_and_blocks_are_the_module_s_own(tmp_path: Path) -> None:
    site = folder(tmp_path, {
        "main.js": 'import { a } from "./a.js";\nfunction f() { const say = 2; return say; }\n'
                   "if (a) { let say = 3; }\nconsole.log(a + f());\n",
        "a.js": "export const a = 1;\nfunction say() {}\n",
    })
    assert run_classic(bundle(site, "main.js", classic=True, name="page.js")) == \
        "3\nglobals: \n"


def test_a_name_that_is_the_bundle_s_own_address_is_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, {"main.js": "const scriptURL = 1;\n"})
    assert message == ("the bundle itself and main.js:1 both declare `scriptURL` at their top "
                       "level; a bundle joins its modules in one scope: rename one of them")


@pytest.mark.parametrize(("line", "words"), [
    ('import a from "./a.js";', "this form of import is not understood"),
    ('import * as a from "./a.js";', "this form of import is not understood"),
    ('import "./a.js";', "this form of import is not understood"),
    ('import { a as b } from "./a.js";', "this import is not understood (a renaming"),
    ('import { a } from "a";', "only a module of the same folder can be imported"),
    ('import { a } from "../a.js";', "only a module of the same folder can be imported"),
    ('import { a } from "./a.js"', "end the import with a semicolon"),
    ("export default 1;", "`export default…` is not understood"),
    ("export { a };", "`export {…` is not understood"),
    ('export * from "./a.js";', "`export *…` is not understood"),
    ("const { a, b } = {};", "a destructuring at the top level is not read"),
    ("console.log(import.meta.resolve);", "of import.meta only import.meta.url is understood"),
    ("if (x) { import { a } from './a.js'; }", "`import` inside a block is not understood"),
])
def test_an_import_or_export_it_does_not_understand_is_refused_at_its_line(
        tmp_path: Path, line: str, words: str) -> None:
    message = refused(tmp_path, {"main.js": f"// a module\n{line}\n",
                                 "a.js": "export const a = 1;\n"})
    assert message.startswith("main.js:2: ") and words in message, message


def test_an_import_of_a_name_its_module_does_not_export_is_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, {"main.js": 'import { a, b } from "./a.js";\n',
                                 "a.js": "export const a = 1;\nconst b = 2;\n"})
    assert message == "main.js:1: a.js exports no `b`"


def test_a_missing_module_is_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, {"main.js": '\nimport { a } from "./gone.js";\n'})
    assert message == f"main.js:2: there is no module gone.js in {tmp_path}"


def test_an_import_cycle_is_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, {"main.js": 'import { a } from "./a.js";\n',
                                 "a.js": 'import { b } from "./b.js";\nexport const a = 1;\n',
                                 "b.js": 'import { a } from "./a.js";\nexport const b = 2;\n'})
    assert message.startswith("b.js:1: an import cycle (a.js → b.js → a.js)"), message


def test_a_top_level_await_is_refused_in_a_classic_script_only(tmp_path: Path) -> None:
    modules = {"main.js": "const x = 1;\nawait Promise.resolve(x);\n"}
    assert refused(tmp_path, modules) == ("main.js:2: `await` at the top level cannot run in "
                                          "a classic script: move it into a function")
    assert "await Promise" in bundle(tmp_path, "main.js", classic=False, name="page.js")


@pytest.mark.parametrize(("source", "words"), [
    ("function f() {\n  return (1;\n}\n", "main.js:3: this `}` does not close the `(` of line 2"),
    ("const a = [1, 2;\n", "main.js:1: this `[` is never closed"),
    ("const a = 1);\n", "main.js:1: this `)` closes nothing"),
    ("const a = {\n  b: (1, 2},\n};\n", "main.js:2: this `}` does not close the `(` of line 2"),
    ('const a = "never\n";\n', "main.js:1: this string is never closed"),
    ("const a = `never;\n", "main.js:1: this template literal is never closed"),
    ("/* never\n", "main.js:1: this comment is never closed"),
    ("const a = /never;\n", "main.js:1: this regular expression is never closed"),
    ("const café = 1;\n", "main.js:1: 'é' outside a string or comment"),
])
def test_a_script_it_cannot_read_is_refused_at_its_line(
        tmp_path: Path, source: str, words: str) -> None:
    message = refused(tmp_path, {"main.js": source})
    assert message.startswith(words), message


def test_the_build_refuses_scripts_it_cannot_join_naming_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(ASSETS, tmp_path / "assets")
    roller = tmp_path / "assets" / "roller.js"
    roller.write_text(roller.read_text(encoding="utf-8") + "\nfunction bindCard() {}\n",
                      encoding="utf-8")
    monkeypatch.setattr(files_module, "ASSETS", tmp_path / "assets")
    with pytest.raises(ShippingError) as raised:
        asset_files((), reroll=True)
    message = str(raised.value)
    assert message.startswith("the browser's scripts cannot be joined into "
                              "assets/rules-examples/rules-examples.js: ")
    assert "both declare `bindCard` at their top level" in message
    assert asset_files((), reroll=False).keys() == {"assets/rules-examples/examples.css"}
