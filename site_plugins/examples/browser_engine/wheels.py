"""The wheels the browser installs: ours and icepool's, built deterministically at build time,
and Pyodide's lock file entries for them.

Ours are split so that a page fetches what its examples use and no more: the core wheel
(``rules_core``'s shared core and the browser subpackages of the examples,
:data:`BROWSER_PACKAGES`), which every page loads, and one wheel per game system
(``rules_core/<system>/`` only, named ``rules_core_<system>``), which a page loads when a
request names that system. The systems are found, not listed: every subpackage of
``rules_core`` is one (:func:`system_packages`). A system wheel's name starts with
``SYSTEM_WHEEL_PREFIX`` (``rules_core_kruhl``): the page puts its ``rules_core/`` on
``rules_core``'s own path (:func:`site_plugins.examples.cards.wheel_path.join_systems`).

Build-time only. Same sources give the same bytes, so a rebuild changes no file a reader's
browser has cached. Nothing is downloaded: icepool's wheel is packed from the installed
distribution (it is pure Python; Pyodide's npm package ships no wheels).
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import io
import zipfile
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath

import rules_core
import site_plugins
from site_plugins.examples.browser_engine.engine_error import BrowserEngineError
from site_plugins.examples.cards.wheel_path import SYSTEM_WHEEL_PREFIX

WHEEL_NAME = "rules_reference"
WHEEL_VERSION = "0.2.0"
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


def system_packages() -> tuple[str, ...]:
    """The game systems of ``rules_core`` (``kruhl``, …): its subpackages, found on disk."""
    core = Path(rules_core.__file__).parent
    return tuple(sorted(init.parent.name for init in core.glob("*/__init__.py")))


def wheel_sources(system: str | None = None) -> dict[str, bytes]:
    """Archive path → bytes of every file of a wheel, in a stable order. The core (``system``
    ``None``): ``rules_core`` without its systems, the ``__init__.py`` of each package above
    the :data:`BROWSER_PACKAGES`, and every module of those packages. A system: the files of
    ``rules_core/<system>/``."""
    core = Path(rules_core.__file__).parent
    systems = system_packages()
    if system is not None and system not in systems:
        raise BrowserEngineError(f"{system!r} is not a system of rules_core (those are "
                                 f"{', '.join(systems)})")
    files: dict[str, bytes] = {}
    for path in sorted(core.rglob("*")):
        if not path.is_file() or not (path.suffix == ".py" or path.name == "py.typed"):
            continue
        relative = path.relative_to(core)
        top = relative.parts[0] if len(relative.parts) > 1 else None
        if top == system:
            files[f"rules_core/{relative.as_posix()}"] = path.read_bytes()
    if system is not None:
        return files
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


def build_wheel(sources: dict[str, bytes] | None = None, system: str | None = None) -> Wheel:
    """A py3-none-any wheel of ``sources`` (by default :func:`wheel_sources` of ``system``):
    the core's, or with ``system`` that system's; its version carries a hash of the
    contents."""
    sources = wheel_sources(system) if sources is None else sources
    digest = hashlib.sha256()
    for name, data in sources.items():
        digest.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    version = f"{WHEEL_VERSION}+g{digest.hexdigest()[:10]}"
    if system is None:
        return _pack(WHEEL_NAME, version, sources, ("rules_core", "site_plugins"),
                     DEPENDENCIES)
    package = f"rules_core.{system}"
    return replace(_pack(f"{SYSTEM_WHEEL_PREFIX}{system}", version, sources, (package,),
                         (WHEEL_NAME.replace("_", "-"),)), needed_by=package)


def system_wheels() -> list[Wheel]:
    """A wheel for each system of :func:`system_packages`, in their order."""
    return [build_wheel(system=system) for system in system_packages()]


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
          depends: tuple[str, ...]) -> Wheel:
    dist_info = f"{name}-{version}.dist-info"
    requires = "".join(f"Requires-Dist: {d}\n" for d in depends)
    meta = {
        f"{dist_info}/METADATA": (f"Metadata-Version: 2.1\nName: {name.replace('_', '-')}"
                                  f"\nVersion: {version}\n{requires}").encode(),
        f"{dist_info}/WHEEL": (b"Wheel-Version: 1.0\n"
                               b"Generator: site_plugins.examples.browser_engine.runtime\n"
                               b"Root-Is-Purelib: true\nTag: py3-none-any\n"),
        f"{dist_info}/top_level.txt": ("".join(f"{t}\n" for t in imports)).encode(),
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
