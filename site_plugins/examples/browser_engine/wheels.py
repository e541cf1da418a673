"""The wheels the browser installs: ours and icepool's, built deterministically at build time,
and Pyodide's lock file entries for them.

Ours are split so that a page fetches what its examples use and no more: the core wheel
(``rules_core``'s shared core and the browser subpackages of the examples,
:data:`BROWSER_PACKAGES`), which every page loads, and one wheel per game system the site
uses, which a page loads when a request names that system's package. The systems are found,
not listed (:func:`rules_core.system.systems`: every installed distribution's entry points),
wherever their package lives. A system of ``rules_core`` (``rules_core.kruhl``) ships as
``rules_core/kruhl/`` in a wheel whose name starts with ``SYSTEM_WHEEL_PREFIX``
(``rules_core_kruhl``): the page puts its ``rules_core/`` on ``rules_core``'s own path
(:func:`site_plugins.examples.cards.wheel_path.join_systems`). A system of its own package
(``ember``, a rules author's) ships that package in a wheel named
``rules_system_ember``, which the page puts on ``sys.path`` as any other.

Build-time only. Same sources give the same bytes, so a rebuild changes no file a reader's
browser has cached. Nothing is downloaded: icepool's wheel is packed from the installed
distribution (it is pure Python; Pyodide's npm package ships no wheels).
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import importlib.util
import io
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath

import rules_core
import site_plugins
from rules_core.system import ENTRY_POINT_GROUP, System, systems
from site_plugins.examples.browser_engine.engine_error import BrowserEngineError
from site_plugins.examples.cards.wheel_path import SYSTEM_WHEEL_PREFIX

WHEEL_NAME = "rules_reference"
WHEEL_VERSION = site_plugins.__version__
#: The name of a wheel holding a system of a package of its own starts so.
OWN_SYSTEM_WHEEL_PREFIX = "rules_system_"
#: Files of a system's folder that never ship: bytecode caches (the build compiles its own).
_NOT_SHIPPED = ("__pycache__",)
#: Pure-Python distributions the engine needs in the browser, shipped as wheels of their own.
DEPENDENCIES = ("icepool",)
#: The one module of ours that imports each dependency: a page loads the dependency's wheel
#: only once a request needs that module (the odds follow a card's first result).
NEEDED_BY = {"icepool": "rules_core.odds"}
#: The subpackages of the examples the browser imports, each shipped whole: they import only
#: the standard library, ``rules_core`` and each other (the rest of ``site_plugins`` needs
#: MkDocs, pytest or processes of its own).
BROWSER_PACKAGES = ("site_plugins.examples.language", "site_plugins.examples.cards")


@dataclass(frozen=True)
class Wheel:
    """A built wheel: its file name, bytes, the modules it provides and what it needs."""

    file_name: str
    data: bytes
    imports: tuple[str, ...]
    depends: tuple[str, ...] = ()
    #: The module whose import needs this wheel (``rules_core.kruhl``, ``rules_core.odds``
    #: for icepool); ``""``: the core, which every page loads.
    needed_by: str = ""
    #: The package of the game system it holds (``rules_core.kruhl``, ``ember``), or ``""``.
    system: str = ""

    @property
    def sha256(self) -> str:
        """Hex sha256 of the wheel's bytes (what Pyodide checks)."""
        return hashlib.sha256(self.data).hexdigest()

    @property
    def name(self) -> str:
        """The package name in the lock file (``rules-reference``, ``icepool``)."""
        return self.file_name.split("-")[0].replace("_", "-").lower()

    @property
    def version(self) -> str:
        """The version in the file name."""
        return self.file_name.split("-")[1]


def system_files(system: System) -> dict[str, bytes]:
    """Archive path → bytes of every file of ``system``'s package (``rules_core/kruhl/…``,
    ``ember/…``), in a stable order, with the ``__init__.py`` of each package above it
    outside ``rules_core`` (``my_games/__init__.py`` for ``my_games.ember``); no bytecode.
    A package that cannot be found is a ``BrowserEngineError`` naming it."""
    folder = _package_folder(system.package)
    prefix = system.package.replace(".", "/")
    files: dict[str, bytes] = {}
    parents = packages_above(system.package)
    if parents and parents[0] != "rules_core":
        for above in parents:
            init = _package_folder(above) / "__init__.py"
            if init.is_file():
                files[f"{above.replace('.', '/')}/__init__.py"] = init.read_bytes()
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder)
        if path.is_file() and path.suffix != ".pyc" \
                and not any(part in _NOT_SHIPPED for part in relative.parts):
            files[f"{prefix}/{relative.as_posix()}"] = path.read_bytes()
    return files


def _package_folder(package: str) -> Path:
    """The folder of the installed package ``package``."""
    try:
        spec = importlib.util.find_spec(package)
    except ImportError:
        spec = None
    if spec is None:
        raise BrowserEngineError(f"the package {package} was not found: a system's package "
                                 "must be installed (pip install -e <its project>)")
    locations = list(spec.submodule_search_locations or ())
    if not locations:
        raise BrowserEngineError(f"{package} is a module, not a package: a system's package "
                                 "is a folder with an __init__.py (and its modules)")
    return Path(locations[0])


def wheel_sources(system: System | None = None) -> dict[str, bytes]:
    """Archive path → bytes of every file of a wheel, in a stable order. The core (``system``
    ``None``): ``rules_core`` without the folder of any system (:func:`systems`), the
    ``__init__.py`` of each package above the :data:`BROWSER_PACKAGES`, and every module of
    those packages. A system: :func:`system_files`."""
    if system is not None:
        return system_files(system)
    core = Path(rules_core.__file__).parent
    inside = {s.package.split(".")[1] for s in systems()
              if s.package.startswith("rules_core.") and s.package.count(".") == 1}
    files: dict[str, bytes] = {}
    for path in sorted(core.rglob("*")):
        if not path.is_file() or not (path.suffix == ".py" or path.name == "py.typed"):
            continue
        relative = path.relative_to(core)
        if len(relative.parts) == 1 or relative.parts[0] not in inside:
            files[f"rules_core/{relative.as_posix()}"] = path.read_bytes()
    root = Path(site_plugins.__file__).parents[1]
    for above in sorted({name for package in BROWSER_PACKAGES
                         for name in packages_above(package)}):
        init = root.joinpath(*above.split("."), "__init__.py")
        files[init.relative_to(root).as_posix()] = init.read_bytes()
    for package in BROWSER_PACKAGES:
        for path in sorted(root.joinpath(*package.split(".")).rglob("*.py")):
            files[path.relative_to(root).as_posix()] = path.read_bytes()
    return files


def packages_above(package: str) -> list[str]:
    """The packages ``package`` is in, outermost first: ``a.b.c`` → ``["a", "a.b"]``."""
    parts = package.split(".")
    return [".".join(parts[:depth]) for depth in range(1, len(parts))]


def build_wheel(sources: dict[str, bytes] | None = None, system: System | None = None
                ) -> Wheel:
    """A py3-none-any wheel of ``sources`` (by default :func:`wheel_sources` of ``system``):
    the core's, or with ``system`` that system's (which declares it in its entry points,
    :data:`~rules_core.system.ENTRY_POINT_GROUP`); its version carries a hash of the
    contents."""
    sources = wheel_sources(system) if sources is None else sources
    digest = hashlib.sha256()
    for name, data in sources.items():
        digest.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    version = f"{WHEEL_VERSION}+g{digest.hexdigest()[:10]}"
    if system is None:
        return _pack(WHEEL_NAME, version, sources, ("rules_core", "site_plugins"),
                     DEPENDENCIES)
    prefix = SYSTEM_WHEEL_PREFIX if system.package.startswith("rules_core.") \
        else OWN_SYSTEM_WHEEL_PREFIX
    declared = f"[{ENTRY_POINT_GROUP}]\n{system.name} = {system.package}:SYSTEM\n"
    return replace(_pack(f"{prefix}{system.name}", version, sources,
                         (system.package.split(".")[0],), (WHEEL_NAME.replace("_", "-"),),
                         entry_points=declared), needed_by=system.package,
                   system=system.package)


def system_wheels(shipped: Sequence[System]) -> list[Wheel]:
    """A wheel for each of the systems ``shipped``, in their order. Two systems of packages
    of their own that share a parent package (``games.one``, ``games.two``) are refused:
    the browser would find only one of them."""
    parents: dict[str, str] = {}
    for system in shipped:
        parent = system.package.rpartition(".")[0]
        if parent and parent != "rules_core" and parents.setdefault(parent, system.package) \
                != system.package:
            raise BrowserEngineError(
                f"the systems {parents[parent]} and {system.package} share the package "
                f"{parent}, which the browser cannot join: give each a top-level package")
    return [build_wheel(system=system) for system in shipped]


def installed_wheel(distribution: str) -> Wheel:
    """A py3-none-any wheel of an installed pure-Python ``distribution`` (e.g. icepool),
    packed from its installed files: the same files give the same bytes."""
    try:
        dist = importlib.metadata.distribution(distribution)
    except importlib.metadata.PackageNotFoundError as error:
        raise BrowserEngineError(f"{distribution} is not installed: run `make setup` (it is a "
                                 "dependency in pyproject.toml)") from error
    sources: dict[str, bytes] = {}
    for file in sorted(dist.files or (), key=str):
        parts = PurePosixPath(str(file)).parts
        if not parts or parts[0].endswith(".dist-info") or "__pycache__" in parts:
            continue
        located = Path(str(dist.locate_file(file)))
        if located.suffix in (".py", ".typed", ".pyi") and located.is_file():
            sources[PurePosixPath(str(file)).as_posix()] = located.read_bytes()
    if not sources:
        raise BrowserEngineError(f"the installed {distribution} has no Python files to ship")
    tops = tuple(sorted({name.split("/")[0].removesuffix(".py") for name in sources}))
    return replace(_pack(dist.metadata["Name"].replace("-", "_"), dist.version, sources, tops,
                         ()), needed_by=NEEDED_BY.get(distribution, ""))


def _pack(name: str, version: str, sources: dict[str, bytes], imports: tuple[str, ...],
          depends: tuple[str, ...], entry_points: str = "") -> Wheel:
    dist_info = f"{name}-{version}.dist-info"
    requires = "".join(f"Requires-Dist: {d}\n" for d in depends)
    declared = {f"{dist_info}/entry_points.txt": entry_points.encode()} if entry_points else {}
    meta = {
        f"{dist_info}/METADATA": (f"Metadata-Version: 2.1\nName: {name.replace('_', '-')}"
                                  f"\nVersion: {version}\n{requires}").encode(),
        f"{dist_info}/WHEEL": (b"Wheel-Version: 1.0\n"
                               b"Generator: site_plugins.examples.browser_engine.runtime\n"
                               b"Root-Is-Purelib: true\nTag: py3-none-any\n"),
        f"{dist_info}/top_level.txt": ("".join(f"{t}\n" for t in imports)).encode(),
        **declared,
    }
    entries = {**sources, **meta}
    record = [f"{entry},sha256={_b64sha(data)},{len(data)}" for entry, data in entries.items()]
    record.append(f"{dist_info}/RECORD,,")
    entries[f"{dist_info}/RECORD"] = ("\n".join(record) + "\n").encode()
    return Wheel(f"{name}-{version}-py3-none-any.whl", reproducible_zip(entries), imports,
                 depends)


def reproducible_zip(entries: dict[str, bytes], *, stored: bool = False) -> bytes:
    """A zip of ``entries`` in their order, deflated (or ``stored`` as they are), with a fixed
    date and mode on every entry: the same entries give the same bytes, whenever and wherever
    they are packed."""
    method = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method) as archive:
        for entry, data in entries.items():
            info = zipfile.ZipInfo(entry, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = method
            archive.writestr(info, data)
    return buffer.getvalue()


def lock_with_wheels(lock: dict[str, object], wheels: list[Wheel], *,
                     only: bool = False) -> dict[str, object]:
    """A copy of Pyodide's lock data with ``wheels`` registered as loadable packages; with
    ``only``, the lock lists nothing else (the page loads nothing else, and the lock is then
    about 1 KB instead of 120 KB).

    Each entry has the fields ``pyodide lockfile add-wheels`` writes for a pure-Python wheel.
    """
    packages = {} if only else dict(lock.get("packages", {}))  # type: ignore[call-overload]
    for wheel in wheels:
        packages[wheel.name] = {
            "name": wheel.name,
            "version": wheel.version,
            "file_name": wheel.file_name,
            "install_dir": "site",
            "sha256": wheel.sha256,
            "package_type": "package",
            "imports": list(wheel.imports),
            "depends": list(wheel.depends),
            "unvendored_tests": False,
        }
    return {**lock, "packages": packages}


def _b64sha(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
