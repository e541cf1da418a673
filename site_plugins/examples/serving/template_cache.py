"""``mkdocs serve`` only: the theme's templates compiled once per process, not once per build.

Every MkDocs build makes a new Jinja environment, so Material's 40-odd templates are parsed
and compiled to Python again on every save (about 0.15 s of a rebuild on this site). Jinja's
own answer is a bytecode cache: each template's compiled code kept under the template's name
and the checksum of its source. A :class:`KeptTemplates` holds that code in memory for the
``mkdocs serve`` process (the process's one, in
:mod:`~site_plugins.examples.serving.serve_state`); a template whose source changed (a theme
override being edited) has another checksum and is compiled again.
"""

from __future__ import annotations

from jinja2 import BytecodeCache
from jinja2.bccache import Bucket

from site_plugins.examples.serving.kept import Kept


class KeptTemplates(BytecodeCache):
    """Compiled templates kept in memory, at most ``limit`` of them."""

    def __init__(self, limit: int = 1000) -> None:
        self._code: Kept[str, bytes] = Kept(limit)

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self._code.find(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)  # ignored if the source's checksum changed

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._code.keep(bucket.key, bucket.bytecode_to_string())

    def clear(self) -> None:
        self._code.clear()

    def __len__(self) -> int:
        return len(self._code)

