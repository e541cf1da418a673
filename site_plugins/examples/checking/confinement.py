"""A page's own directory, and the rest of the disk out of its reach.

Each page's process works in a directory of its own, made empty for it by the worker and
removed once the page and everything it started have ended: its working directory, its
temporary directory (``TMPDIR``, :mod:`tempfile`) and the folder ``''`` on ``sys.path``
stands for, as in a fresh ``python``. A ``rules-check`` works in a copy of it, removed when
the check ends, so nothing it writes reaches the examples after it (:func:`enter_check`).

On Linux with Landlock (5.13 or later, with ``landlock`` among the kernel's security
modules), the page's process is then confined for good (no process can lift its own
Landlock rules, root included) and so is every process it starts:

* it may create, write, rename and remove files only in its own directory (and write to
  ``/dev/null`` and its own log), never in the checkout, the folders of ``sys.path``,
  ``/tmp`` or another page's directory, by whatever path it takes (``/proc/<pid>/root``
  included). Reading stays open;
* it cannot trace, or open the memory or descriptors of, a process outside its confinement:
  the worker, the build, another page, nor (from a ``rules-check``, which adds a layer of
  its own) the page's process.

Where Landlock cannot be used (another system, an older kernel, a container whose seccomp
profile refuses it) pages still get their own directories, and :func:`unconfined_reason`
says what is not enforced and why; the build logs it.

The folders (and the pages' logs) are made on the RAM disk, ``/dev/shm``, where there is one:
a page's folder and its Landlock rules cost about 0.3 ms, and a ``rules-check``'s copy and
layer about as much, where a disk mounted with ``discard`` takes milliseconds to remove a
folder. The pages' files share its size (64 MB in a default Docker container).
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import functools
import os
import shutil
import stat
import sys
import tempfile
from collections.abc import Callable
from typing import Any

__all__ = ["check_copy", "checker_folder", "enter_check", "enter_page", "landlock_abi",
           "page_area", "remove", "unconfined_reason"]

#: Landlock's system calls: the same numbers on every Linux architecture.
_CREATE_RULESET, _ADD_RULE, _RESTRICT_SELF = 444, 445, 446
_CREATE_RULESET_VERSION = 1 << 0
_RULE_PATH_BENEATH = 1
_PR_SET_NO_NEW_PRIVS = 38

# The access rights that change the disk (linux/landlock.h); reading is not handled, so it
# stays allowed everywhere.
_WRITE_FILE = 1 << 1
_REMOVE_DIR, _REMOVE_FILE = 1 << 4, 1 << 5
_MAKE = (1 << 6) | (1 << 7) | (1 << 8) | (1 << 9) | (1 << 10) | (1 << 11) | (1 << 12)
_REFER = 1 << 13  # ABI 2: a link or a rename into another folder
_TRUNCATE = 1 << 14  # ABI 3

#: Where a page's process may write a file it did not make: the void, and its own log.
WRITABLE_FILES = (os.devnull,)


class _RulesetAttr(ctypes.Structure):
    _fields_ = [("handled_access_fs", ctypes.c_uint64)]


class _PathBeneathAttr(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


@functools.lru_cache(maxsize=1)
def _libc() -> Any:
    return ctypes.CDLL(None, use_errno=True)


def _syscall(*args: Any) -> int:
    result = int(_libc().syscall(*args))
    if result < 0:
        number = ctypes.get_errno()
        raise OSError(number, os.strerror(number))
    return result


@functools.lru_cache(maxsize=1)
def landlock_abi() -> tuple[int, str]:
    """The Landlock version this process may use (0: none), and, if none, why not."""
    if not sys.platform.startswith("linux"):
        return 0, f"Landlock is Linux's, and this is {sys.platform}"
    try:
        return _syscall(ctypes.c_long(_CREATE_RULESET), None, ctypes.c_size_t(0),
                        ctypes.c_uint32(_CREATE_RULESET_VERSION)), ""
    except (OSError, AttributeError) as error:
        return 0, {
            errno.ENOSYS: "this kernel has no Landlock (Linux 5.13 or later has it)",
            errno.EOPNOTSUPP: "Landlock is built into this kernel but not enabled (add "
                              "landlock to its lsm= boot option)",
            errno.EPERM: "a seccomp filter refuses Landlock's system calls (a container's "
                         "profile may: Docker allows them from version 23)",
        }.get(getattr(error, "errno", None) or 0, f"Landlock could not be used ({error})")


def unconfined_reason() -> str:
    """What is not enforced where Landlock cannot be used, and why ("" where it can)."""
    abi, why = landlock_abi()
    if abi > 0:
        return ""
    return (f"pages are checked in directories of their own but without Landlock ({why}): "
            "an example can still write outside its directory (the checkout, /tmp), so a "
            "rules-check or a page can reach the examples after it through the disk, and "
            "it can reach the memory of the processes that check it (README, Trust model)")


#: A RAM disk most Linux systems have: making and removing a page's folders there costs
#: microseconds, where a disk mounted with ``discard`` takes milliseconds a folder.
RAM_DISK = "/dev/shm"


def checker_folder() -> str:
    """A new folder for a checker's logs and its pages' own folders, on the RAM disk where
    there is one (the checker removes it when it closes)."""
    fast = sys.platform.startswith("linux") and os.path.isdir(RAM_DISK) and \
        os.access(RAM_DISK, os.W_OK | os.X_OK)
    return tempfile.mkdtemp(prefix="rules-examples-", dir=RAM_DISK if fast else None)


def page_area(root: str) -> str:
    """A new, empty folder under ``root`` for one page (its home and its checks' copies)."""
    return tempfile.mkdtemp(prefix="page-", dir=root)


def enter_page(area: str, log: str) -> str:
    """Make this process the page's: it works in ``area``'s empty ``home``, and may write
    nowhere outside ``area`` (and ``/dev/null``, and ``log``); returns the home."""
    home = os.path.join(area, "home")
    os.mkdir(home, 0o700)
    _settle(home)
    _confine(area, (*WRITABLE_FILES, log))
    return home


def check_copy(area: str, home: str) -> str:
    """A copy of the page's ``home`` (its regular files and folders) for a ``rules-check``."""
    copy = tempfile.mkdtemp(prefix="check-", dir=area)
    shutil.copytree(home, copy, symlinks=True, dirs_exist_ok=True,
                    copy_function=_copy_regular)
    return copy


def enter_check(copy: str, log: str) -> None:
    """Make this fork the check's: it works in ``copy`` and may write nowhere else."""
    _settle(copy)
    _confine(copy, (*WRITABLE_FILES, log))


def remove(folder: str) -> None:
    """Remove a page's folder and whatever the page left in it (read-only folders too)."""
    shutil.rmtree(folder, onerror=_writable_again)


def _settle(home: str) -> None:
    """Work in ``home``, as a fresh ``python`` started there would."""
    os.chdir(home)
    for name in ("TMPDIR", "TEMP", "TMP"):
        os.environ[name] = home
    tempfile.tempdir = home
    sys.dont_write_bytecode = True  # an import writes nothing, wherever its module is
    if "" not in sys.path:
        sys.path.insert(0, "")


def _confine(beneath: str, files: tuple[str, ...]) -> None:
    """Add a Landlock layer: from now on this process (and what it starts) may change the
    disk only beneath ``beneath``, and write to ``files``. Nothing where Landlock is not."""
    abi, _why = landlock_abi()
    if abi <= 0:
        return
    handled = _WRITE_FILE | _REMOVE_DIR | _REMOVE_FILE | _MAKE
    handled |= (_REFER if abi >= 2 else 0) | (_TRUNCATE if abi >= 3 else 0)
    ruleset = _RulesetAttr(handled)
    fd = _syscall(ctypes.c_long(_CREATE_RULESET), ctypes.byref(ruleset),
                  ctypes.c_size_t(ctypes.sizeof(ruleset)), ctypes.c_uint32(0))
    try:
        _allow(fd, beneath, handled)
        for file in files:
            with contextlib.suppress(FileNotFoundError):
                _allow(fd, file, handled & (_WRITE_FILE | _TRUNCATE))
        # Required of a process without CAP_SYS_ADMIN; a setuid program then gains nothing.
        if _libc().prctl(ctypes.c_int(_PR_SET_NO_NEW_PRIVS), ctypes.c_ulong(1), ctypes.c_ulong(0),
                         ctypes.c_ulong(0), ctypes.c_ulong(0)) != 0:
            number = ctypes.get_errno()
            raise OSError(number, os.strerror(number))
        _syscall(ctypes.c_long(_RESTRICT_SELF), ctypes.c_int(fd), ctypes.c_uint32(0))
    finally:
        os.close(fd)


def _allow(ruleset: int, path: str, access: int) -> None:
    """Allow ``access`` beneath ``path`` (or to the file ``path``)."""
    fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
    try:
        rule = _PathBeneathAttr(access, fd)
        _syscall(ctypes.c_long(_ADD_RULE), ctypes.c_int(ruleset),
                 ctypes.c_int(_RULE_PATH_BENEATH), ctypes.byref(rule), ctypes.c_uint32(0))
    finally:
        os.close(fd)


def _copy_regular(source: str, target: str) -> None:
    """Copy a regular file; a pipe, socket or device the page made is left out (reading a
    pipe would wait for ever)."""
    if stat.S_ISREG(os.lstat(source).st_mode):
        shutil.copy2(source, target)


def _writable_again(function: Callable[..., Any], path: str, _info: Any) -> None:
    """rmtree's retry for a folder the page made read-only (as a user, not root)."""
    with contextlib.suppress(OSError):
        os.chmod(os.path.dirname(path), 0o700)
        os.chmod(path, 0o700)
    with contextlib.suppress(OSError):
        function(path)
