"""Run a page's examples in order, in one namespace, with scripted, random or replayed dice.

This module has no MkDocs or Markdown imports: the build, pytest and the browser (under
Pyodide) all run examples through it. In an example, ``rolled("6 6 5 4 2 1")`` stands for
a roll of dice: at build time it hands out exactly those faces; on a reroll it hands out
fresh random faces (and remembers them, so the roll can be replayed).
"""

from __future__ import annotations
import __future__

import ast
import contextlib
import functools
import io
import operator
import random
import signal
import sys
import threading
import time
import types
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rules_core.copying import independent_copy
from rules_core.dice import RandomDice, ScriptedDice, sources_made
from rules_core.errors import DiceScriptError, RulesCoreError
from rules_core.explain import Explanation, StatLine
from rules_core.limits import check_roll_size
from site_plugins.examples.language.bound_values import Binding, BoundRun, evaluate
from site_plugins.examples.language.contracts import MAX_TRIES, TRIALS, ContractRun, holds
from site_plugins.examples.language.lexer import Example, Step

#: Longest an example (all its statements) may run at build time before it is stopped, in
#: seconds.
DEFAULT_TIME_LIMIT = 10.0
#: Most characters of output one statement keeps; the rest is counted, not kept.
DEFAULT_OUTPUT_LIMIT = 100_000


class ExampleTimeout(Exception):
    """An example ran longer than its time limit."""


class CappedOutput(io.StringIO):
    """A statement's output: the first ``limit`` characters kept, every character counted."""

    def __init__(self, limit: int = DEFAULT_OUTPUT_LIMIT) -> None:
        super().__init__()
        self.limit = limit
        self.size = 0

    def write(self, text: str) -> int:
        room = self.limit - self.size
        self.size += len(text)
        if room > 0:
            super().write(text[:room])
        return len(text)


@dataclass(frozen=True)
class DiceMode:
    """Where ``rolled(...)`` gets its faces for one example.

    ``scripted``: the faces written in the example. ``random``: fresh faces from ``rng``,
    except the first faces of each ``rolled(...)`` call that ``fixed`` gives (a card's
    contract: :mod:`~site_plugins.examples.language.contracts`). ``replay``: the faces in
    ``replay``, one tuple per ``rolled(...)`` call, in order.
    """

    kind: str = "scripted"
    rng: random.Random | None = None
    replay: tuple[tuple[int, ...], ...] = ()
    fixed: tuple[tuple[int, ...], ...] = ()

    @classmethod
    def random(cls, seed: int | None = None) -> DiceMode:
        """Fresh dice, optionally seeded."""
        return cls("random", rng=random.Random(seed))

    @classmethod
    def replaying(cls, rolls: Sequence[Sequence[int]]) -> DiceMode:
        """The faces a previous run drew."""
        return cls("replay", replay=tuple(tuple(r) for r in rolls))


class FixedFirstDice(RandomDice):
    """Fresh faces, but the first ones are ``fixed``: the faces a card's contract keeps as
    documented (:mod:`~site_plugins.examples.language.contracts`); remembers all it rolled."""

    def __init__(self, fixed: Sequence[int], rng: random.Random | None) -> None:
        super().__init__(rng=rng)
        self.fixed = list(fixed)

    def roll(self, count: int, sides: int) -> tuple[int, ...]:
        """The fixed faces still unrolled first, then fresh ones, ``count`` in all."""
        check_roll_size(count, sides)
        taken = tuple(self.fixed[:count])
        del self.fixed[:len(taken)]
        for face in taken:
            if not 1 <= face <= sides:
                raise DiceScriptError(f"the documented face {face} that this card keeps cannot "
                                      f"come up on a d{sides} (faces 1 to {sides})")
        fresh = super().roll(count - len(taken), sides) if count > len(taken) else ()
        start = len(self.rolled) - len(fresh)
        self.rolled[start:start] = taken
        return taken + fresh


class Roller:
    """The ``rolled`` function examples call; it hands out dice for the current mode."""

    def __init__(self) -> None:
        self.mode = DiceMode()
        self.sources: list[ScriptedDice | RandomDice] = []

    def reset(self, mode: DiceMode) -> None:
        """Start a new example with ``mode``."""
        self.mode = mode
        self.sources = []

    def __call__(self, faces: str = "") -> ScriptedDice | RandomDice:
        mode = self.mode
        if mode.kind == "scripted":
            source: ScriptedDice | RandomDice = ScriptedDice(faces)
        elif mode.kind == "random":
            index = len(self.sources)
            fixed = mode.fixed[index] if index < len(mode.fixed) else ()
            source = FixedFirstDice(fixed, mode.rng) if fixed else RandomDice(rng=mode.rng)
        else:
            index = len(self.sources)
            source = ScriptedDice(mode.replay[index] if index < len(mode.replay) else ())
        self.sources.append(source)
        return source

    def drawn(self) -> tuple[tuple[int, ...], ...]:
        """The faces each ``rolled(...)`` call of this example produced."""
        return tuple(
            tuple(s.rolled) if isinstance(s, RandomDice) else s.used for s in self.sources
        )


@dataclass
class StepRun:
    """What one step did: its output, the results it produced and, if so, its error."""

    step: Step
    output: str = ""
    views: list[Explanation] = field(default_factory=list)
    #: The characters the step set up or showed, each as a line of numbers.
    stats: list[StatLine] = field(default_factory=list)
    #: The ``repr`` the step's last expression printed ("" if it shows nothing): the end of
    #: ``output``, apart from what the step printed itself.
    shown: str = ""
    #: That value in words for a reader, one entry per item of a tuple (``True`` → ``yes``,
    #: a string without its quotes, an object without its angle brackets).
    shown_words: tuple[str, ...] = ()
    rules_error: bool = False
    code_error: str = ""
    #: Characters the step printed, of which ``output`` keeps at most the session's limit.
    output_size: int = 0
    #: A refusal by the rules: the ``Name: message`` line that ends ``output``, and the names
    #: of the error's class and its bases (an author may claim any of them).
    refusal: str = ""
    refusal_classes: tuple[str, ...] = ()
    #: The name the step needed but an earlier refused move never made (rerolls only, in
    #: practice): the step is shown as not played rather than as broken code.
    skipped: str = ""
    #: How many of the engine's dice sources the step made itself, not through ``rolled()``
    #: (their faces would neither be checked nor rerolled).
    own_dice: int = 0


@dataclass
class ExampleRun:
    """One example, run: its steps and the faces every ``rolled(...)`` call drew."""

    example: Example
    mode: DiceMode
    steps: list[StepRun] = field(default_factory=list)
    rolls: tuple[tuple[int, ...], ...] = ()
    #: The characters the page's setup made, which the page's first card shows first.
    cast: tuple[StatLine, ...] = ()
    #: The example's bound values (its title's, then the prose's), as its dice made them.
    bound: list[BoundRun] = field(default_factory=list)
    #: How its reroll contract went, if it has one.
    contract: ContractRun | None = None

    @property
    def stat_lines(self) -> tuple[StatLine, ...]:
        """Every character the example's steps set up or showed."""
        return tuple(line for step in self.steps for line in step.stats)

    @property
    def rolls_dice(self) -> bool:
        """Whether the example rolls any dice (and so can be rerolled)."""
        return any(self.rolls)

    @property
    def rerollable(self) -> bool:
        """Whether its card gets a Reroll button: an example (not a check) that rolls dice
        its contract does not fix."""
        contract = self.example.contract
        return self.example.kind == "example" and self.rolls_dice and not (
            contract is not None and contract.fixes_all(self.rolls))


#: Evaluates an example's bound values: given them, a function that evaluates one here and
#: now, and the seconds left of the example's time (0: no limit), the run of each.
BoundRunner = Callable[[Sequence[Binding], Callable[[Binding], BoundRun], float], list[BoundRun]]


def run_here(bindings: Sequence[Binding], evaluate_one: Callable[[Binding], BoundRun],
             seconds: float) -> list[BoundRun]:
    """Each bound value evaluated in this process (the browser, and a check in one
    process); the build's worker evaluates them in a fork instead
    (:func:`site_plugins.examples.checking.bound_apart.run_apart`)."""
    return [evaluate_one(binding) for binding in bindings]


class Session:
    """One page's examples, run in page order in one shared namespace.

    The namespace is a module's, ``__main__``, which stands in ``sys.modules`` while an
    example runs, and each statement is compiled as a fresh ``python`` session compiles it:
    with no ``__future__`` import but those the page's own statements made (never this
    module's). ``check`` blocks run in a copy of the namespace, so they can try moves (and
    fail on purpose) without changing what later examples see. ``time_limit`` bounds each
    example (all its statements together; 0: no limit); ``on_step`` is told of each
    statement before it runs (the build's worker reports it to the process that watches the clock);
    ``bound_runner`` evaluates each example's bound values (:func:`run_here` by default).
    """

    def __init__(self, time_limit: float = DEFAULT_TIME_LIMIT, *,
                 output_limit: int = DEFAULT_OUTPUT_LIMIT,
                 on_step: Callable[[Step], None] | None = None,
                 bound_runner: BoundRunner = run_here) -> None:
        self.roller = Roller()
        self.module = types.ModuleType("__main__")
        self.namespace: dict[str, Any] = self.module.__dict__
        self.namespace["rolled"] = self.roller
        #: The ``__future__`` features the page's statements have imported so far (as a
        #: Python session keeps them for the statements after).
        self.future = 0
        self.time_limit = time_limit
        self.output_limit = output_limit
        self.on_step = on_step
        self.bound_runner = bound_runner
        self._deadline = 0.0
        #: Names whose making was refused by the rules (or skipped because of that), each
        #: with the reason a later step that needs it is not played.
        self.unmade: dict[str, str] = {}
        #: What the current example's steps have drawn, with the object each view is of: a
        #: step that shows the very same object again, unchanged, draws nothing more.
        self._drawn: list[tuple[object, object]] = []
        #: The last value the current (or last) example showed: ``_`` in its bound values.
        self.last_shown: Any = None

    def run(self, example: Example, mode: DiceMode | None = None, *,
            explain: bool = True) -> ExampleRun:
        """Run every step of ``example``; a step's error never stops the next step.

        ``explain=False`` skips the results' views (a replay whose card is not redrawn). An
        example with a ``keep`` contract (:mod:`~site_plugins.examples.language.contracts`)
        rolls fresh dice until it holds; with the faces written, it is tried with
        :data:`~site_plugins.examples.language.contracts.TRIALS` seeded fresh rolls first
        (the build's check), and every run says whether its dice keep it.
        """
        mode = mode or DiceMode()
        keep = example.contract.keep if example.contract is not None else ""
        if not keep or example.kind != "example":
            return self._run(example, mode, explain)
        if mode.kind == "random":
            return self._run_until_kept(example, mode, explain, keep)
        kept = self._measure(example, keep) if mode.kind == "scripted" else -1
        run = self._run(example, mode, explain)
        held, error = self._holds(keep, run)
        run.contract = ContractRun(held=held, kept=kept, error=error)
        return run

    def _run_until_kept(self, example: Example, mode: DiceMode, explain: bool,
                        keep: str) -> ExampleRun:
        """The example with fresh dice that keep its contract: tried on copies of the page's
        names until they do (at most :data:`~.contracts.MAX_TRIES` times), then run here with
        those faces. A condition that raises on some dice is not kept by them, and the next
        roll is tried (the build made sure most rolls can be read); only names that cannot be
        copied stop the tries at once."""
        tries, held, error = 0, False, ""
        rolls: tuple[tuple[int, ...], ...] = ()
        while tries < MAX_TRIES and not held and not error.startswith(UncopiableName.__name__):
            tries += 1
            rolls, held, error = self._trial(example, mode, keep)
        run = self._run(example, replace(mode, kind="replay", replay=rolls), explain)
        run.mode = mode
        run.contract = ContractRun(held=held, tries=tries, error=error)
        return run

    def _measure(self, example: Example, keep: str) -> int:
        """How many of :data:`~.contracts.TRIALS` seeded fresh rolls of ``example`` keep its
        contract, each tried on a copy of the page's names (-1 if they cannot be copied)."""
        kept = 0
        fixed: tuple[tuple[int, ...], ...] = ()
        if example.contract is not None and example.contract.fixed:
            written, _, _ = self._trial(example, DiceMode(), keep)
            fixed = example.contract.with_faces(written).faces
        for seed in range(TRIALS):
            _, held, error = self._trial(example, replace(DiceMode.random(seed), fixed=fixed),
                                         keep)
            if error.startswith(UncopiableName.__name__):
                return -1
            kept += held
        return kept

    def _trial(self, example: Example, mode: DiceMode,
               keep: str) -> tuple[tuple[tuple[int, ...], ...], bool, str]:
        """Run ``example`` with ``mode``'s dice on a copy of the page's names, as a check
        runs, leaving this session as it was: the faces drawn, whether they keep the
        condition ``keep``, and the error that kept it from being read ("" if none)."""
        saved = (dict(self.unmade), self.future, self.last_shown, self._drawn, self.on_step)
        try:
            module = _isolated_module(self.namespace)
        except UncopiableName as uncopiable:
            return (), False, str(uncopiable)
        try:
            self.on_step = None  # a trial is no statement of the page's: nothing to report
            self.roller.reset(mode)
            with _as_main(module):
                trial = ExampleRun(example, mode)
                self._run_steps(example, trial, module.__dict__, explain=False)
                held, error = holds(keep, module.__dict__, self.last_shown)
            return trial.rolls, held, error
        finally:
            self.unmade, self.future, self.last_shown, self._drawn, self.on_step = saved

    def _holds(self, keep: str, run: ExampleRun) -> tuple[bool, str]:
        """Whether the condition ``keep`` holds right after ``run``, here."""
        with _as_main(self.module):
            return holds(keep, self.namespace, self.last_shown)

    def _run(self, example: Example, mode: DiceMode, explain: bool) -> ExampleRun:
        """Run every step of ``example`` with ``mode``'s dice (see :meth:`run`)."""
        self.roller.reset(mode)
        run = ExampleRun(example, mode)
        try:
            module = self.module if example.kind != "check" else _isolated_module(self.namespace)
        except UncopiableName as error:
            run.steps = [StepRun(example.steps[0], code_error=str(error))]
            return run
        future = self.future
        with _as_main(module):
            self._run_steps(example, run, module.__dict__, explain)
        if example.kind == "check":
            self.future = future  # a check's imports, __future__ too, end with it
        return run

    def _run_steps(self, example: Example, run: ExampleRun, namespace: dict[str, Any],
                   explain: bool) -> None:
        self._drawn = []
        self.last_shown = None
        self._deadline = time.monotonic() + self.time_limit
        for step in example.steps:
            if self.on_step is not None:
                self.on_step(step)
            ran = self._run_step(step, namespace, explain)
            run.steps.append(ran)
            if ran.code_error.startswith(ExampleTimeout.__name__):
                break  # the example's time is spent: its later statements are not run
        run.rolls = self.roller.drawn()
        if explain:
            run.bound = self._bound(example.bindings, namespace)

    def _bound(self, bindings: tuple[Binding, ...], namespace: dict[str, Any]) -> list[BoundRun]:
        """The example's bound values, read right after it ran, within its time."""
        if not bindings:
            return []
        return self.bound_runner(bindings, functools.partial(self._bound_value,
                                                             namespace=namespace),
                                 self._remaining())

    def _bound_value(self, binding: Binding, namespace: dict[str, Any]) -> BoundRun:
        """One bound value, read within the example's time, its printing discarded, its
        text cut as a statement's output is."""
        try:
            with contextlib.redirect_stdout(CappedOutput(0)), _time_limit(self._remaining()):
                ran = evaluate(binding, namespace, self.last_shown, self.output_limit)
        except ExampleTimeout:
            ran = BoundRun(binding, raised=ExampleTimeout.__name__)
        if ran.raised == ExampleTimeout.__name__:
            return BoundRun(binding, error=f"{ExampleTimeout.__name__}: the example and its "
                            f"bound values ran for more than {self.time_limit:g} s",
                            raised=ExampleTimeout.__name__)
        missing = ran.error.split("'")[1] if ran.raised == "NameError" and \
            ran.error.count("'") >= 2 else ""
        return replace(ran, unmade=missing) if missing in self.unmade else ran

    def _run_step(self, step: Step, namespace: dict[str, Any], explain: bool) -> StepRun:
        result = StepRun(step)
        sources_before = len(self.roller.sources)
        made_before = sources_made()
        try:
            code = _compile(step.source, self.future)
        except SyntaxError as error:
            result.code_error = f"SyntaxError: {error.msg}"
            return result
        except ValueError as error:  # e.g. a NUL character in the source
            result.code_error = f"ValueError: {error}"
            return result
        self.future |= code.future  # a `from __future__ import` holds for the statements after
        out = CappedOutput(self.output_limit)
        try:
            with contextlib.redirect_stdout(out), _time_limit(self._remaining()):
                values, result.shown = _execute(code, namespace)
                if result.shown:
                    result.shown_words = words_of(values[0])
                    self.last_shown = values[0]
        except RulesCoreError as error:
            _refused(result, error)
            out.write(result.refusal + "\n")
            values = []
        except NameError as error:
            if error.name not in self.unmade:
                result.code_error = f"NameError: {error}"
                return result
            result.skipped = error.name
            out.write(f"Not played: there is no {error.name}, because the "
                      f"{self.unmade[error.name]} above.\n")
            values = []
        except (Exception, SystemExit, KeyboardInterrupt) as error:
            # The example's own code is broken, or it tried to end the process running it
            # (sys.exit(), raise SystemExit, a KeyboardInterrupt of its own): an error of
            # that statement, never the end of the check.
            result.code_error = _code_error(error, self.time_limit)
            values = []
        result.output = out.getvalue()
        result.output_size = out.size
        result.own_dice = max(sources_made() - made_before
                              - (len(self.roller.sources) - sources_before), 0)
        if result.rules_error or result.skipped:
            why = ("statement that makes it could not roll the dice written"
                   if "DiceScriptError" in result.refusal_classes else
                   self.unmade.get(result.skipped, "move that makes it was refused"))
            self.unmade.update(dict.fromkeys(code.bound, why))
        elif not result.code_error:
            for name in code.bound:
                self.unmade.pop(name, None)
        if explain:
            self._draw(result, values)
        if not result.rules_error and not result.code_error and not result.skipped:
            self._check_dice_used(result, sources_before)
        return result

    def _draw(self, result: StepRun, values: list[Any]) -> None:
        """The views and stat lines of the step's results; a result whose ``explain()`` or
        ``stat_line()`` raises, or returns something else than the engine's view, is an
        error of the step's code, named after the result's class."""
        try:
            with _time_limit(self._remaining()):
                for value in values:
                    if _explains_itself(value):
                        view = _called(value, "explain", Explanation)
                        if view and self._fresh(value, view):
                            result.views.append(view)
                    if _describes_itself(value):
                        line = _called(value, "stat_line", StatLine)
                        if line and self._fresh(value, line):
                            result.stats.append(line)
        except (Exception, SystemExit, KeyboardInterrupt) as error:
            result.views, result.stats = [], []
            if not result.code_error:
                result.code_error = _code_error(error, self.time_limit)

    def _fresh(self, value: object, view: object) -> bool:
        """Whether ``view`` of ``value`` is new to the current example: not the very object
        an earlier step drew, showing what it showed then (an object that changed since is
        drawn again)."""
        if any(value is seen and view == drawn for seen, drawn in self._drawn):
            return False
        self._drawn.append((value, view))
        return True

    def _remaining(self) -> float:
        """Seconds left of the current example's time (0: no limit)."""
        if self.time_limit <= 0:
            return 0.0
        return max(self._deadline - time.monotonic(), 0.001)

    def _check_dice_used(self, result: StepRun, sources_before: int) -> None:
        for source in self.roller.sources[sources_before:]:
            if isinstance(source, ScriptedDice) and self.roller.mode.kind == "scripted":
                try:
                    source.check_used_up()
                except RulesCoreError as error:
                    _refused(result, error)
                    result.output += result.refusal + "\n"


def _refused(result: StepRun, error: RulesCoreError) -> None:
    """Record a refusal by the rules on a step."""
    result.rules_error = True
    result.refusal = f"{type(error).__name__}: {error}"
    result.refusal_classes = tuple(
        cls.__name__ for cls in type(error).__mro__ if issubclass(cls, RulesCoreError))


def _code_error(error: BaseException, time_limit: float) -> str:
    """How a statement's own error reads in a failure."""
    name = type(error).__name__
    if isinstance(error, ExampleTimeout):
        return f"{name}: the example ran for more than {time_limit:g} s and was stopped"
    if isinstance(error, SystemExit):
        return (f"{name}: {error} (the example tried to end the process that checks it; "
                "an example cannot stop the check)")
    if isinstance(error, MemoryError):
        return f"{name}: the example needed more memory than it may use"
    if isinstance(error, KeyboardInterrupt):
        return f"{name}: raised by the example itself"
    return f"{name}: {error}"


@dataclass(frozen=True)
class _Compiled:
    """A step's code, compiled once: statements, a last expression to show, names bound."""

    statements: types.CodeType
    shown: types.CodeType | None
    bound: tuple[str, ...]

    @property
    def future(self) -> int:
        """The ``__future__`` features the step's code is compiled with."""
        return int(self.statements.co_flags & FUTURE_FEATURES)


#: Every ``__future__`` feature's compiler flag.
FUTURE_FEATURES: int = functools.reduce(operator.or_, (
    getattr(__future__, name).compiler_flag for name in __future__.all_feature_names))


@functools.lru_cache(maxsize=1024)
def _compile(source: str, future: int = 0) -> _Compiled:
    """Compile a step with the ``future`` features the page imported (cached: a reroll runs
    the same steps again and again). Never with this module's own: ``dont_inherit``."""
    body = ast.parse(source, mode="exec").body
    last = body[-1] if body else None

    def compiled(tree: ast.Module | ast.Expression, mode: str) -> types.CodeType:
        code: types.CodeType = compile(tree, "<example>", mode, flags=future, dont_inherit=True)
        return code

    if isinstance(last, ast.Expr):
        statements = compiled(ast.Module(body[:-1], []), "exec")
        return _Compiled(statements, compiled(ast.Expression(last.value), "eval"), ())
    bound: list[str] = []
    for statement in body:
        if isinstance(statement, ast.Assign | ast.AnnAssign):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            bound.extend(t.id for t in targets if isinstance(t, ast.Name))
    return _Compiled(compiled(ast.Module(body, []), "exec"), None, tuple(bound))


@contextlib.contextmanager
def _as_main(module: types.ModuleType) -> Iterator[None]:
    """``module`` as ``sys.modules["__main__"]`` while an example runs (a dataclass, pickle
    and ``typing.get_type_hints`` find a class's module there), then what was there."""
    before = sys.modules.get("__main__")
    sys.modules["__main__"] = module
    try:
        yield
    finally:
        if before is None:
            sys.modules.pop("__main__", None)
        else:
            sys.modules["__main__"] = before


def _execute(code: _Compiled, namespace: dict[str, Any]) -> tuple[list[Any], str]:
    """Run a step; return the values it shows or binds (to be drawn as results) and the
    ``repr`` it shows ("" if none), which it also prints, as a Python session does."""
    exec(code.statements, namespace)
    if code.shown is not None:
        value = eval(code.shown, namespace)
        if value is None:
            return [], ""
        shown = repr(value)
        print(shown)
        return [value], shown
    return [namespace[name] for name in code.bound], ""


class ViewError(TypeError):
    """A result's ``explain()`` or ``stat_line()`` gave something a card cannot draw."""


def _called(value: Any, method: str, kind: type) -> Any:
    """``value.method()``, which must return a ``kind`` (or nothing)."""
    try:
        made = getattr(value, method)()
    except (RulesCoreError, ExampleTimeout):
        raise
    except (Exception, SystemExit, KeyboardInterrupt) as error:
        raise ViewError(f"{type(value).__name__}.{method}() raised {type(error).__name__}: "
                        f"{error}") from None
    if made is not None and not isinstance(made, kind):
        got, wanted = type(made), kind.__name__
        if got.__name__ == wanted:  # a class of the same name: say whose each is
            raise ViewError(
                f"{type(value).__name__}.{method}() returned {_a(wanted)} from {got.__module__}, "
                f"not the engine's {wanted} from {kind.__module__} (a card draws only the "
                f"engine's views: import {wanted} from {kind.__module__})")
        raise ViewError(f"{type(value).__name__}.{method}() returned {_a(got.__name__)}, "
                        f"not {_a(wanted)} (a card draws only the engine's views)")
    return made


def _a(name: str) -> str:
    """``a str``, ``an int``, ``an Explanation``."""
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def _explains_itself(value: Any) -> bool:
    """Whether ``value`` is a result with an ``explain()`` (the ``Explained`` protocol).

    Checked by attribute rather than ``isinstance`` on the runtime-checkable protocol,
    which is several times slower and runs for every value of every step of a reroll.
    """
    return callable(getattr(type(value), "explain", None))


def _describes_itself(value: Any) -> bool:
    """Whether ``value`` has a ``stat_line()`` (a character: the ``Described`` protocol)."""
    return callable(getattr(type(value), "stat_line", None))


def words_of(value: Any) -> tuple[str, ...]:
    """A shown value as a reader reads it: each item of a tuple apart, ``True`` as ``yes``,
    a string without quotes, a list joined by commas, an object by its ``str`` (angle
    brackets of a ``repr`` left off)."""
    if isinstance(value, tuple) and value and not hasattr(value, "_fields"):
        return tuple(_word(item) for item in value)
    return (_word(value),)


def _word(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, str):
        return str(value)  # a StrEnum's value, as plain text
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], str) \
            and isinstance(value[1], int | float) and not isinstance(value[1], bool):
        return f"{value[0]} {value[1]}"  # a named number: ("Agility", 3) reads "Agility 3"
    if isinstance(value, list | tuple | set | frozenset):
        return ", ".join(_word(item) for item in value) or "none"
    text = str(value)
    return text[1:-1] if text.startswith("<") and text.endswith(">") else text


class UncopiableName(TypeError):
    """A name of the page that a ``rules-check`` cannot copy (a generator, an open file)."""


def _isolated_module(namespace: dict[str, Any]) -> types.ModuleType:
    """A ``__main__`` module for a ``rules-check``, holding a copy of ``namespace``."""
    module = types.ModuleType("__main__")
    module.__dict__.update(_isolated(namespace))
    return module


def _isolated(namespace: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``namespace`` whose values can change without touching the original (the
    core's rule for what a check copies: :func:`rules_core.copying.independent_copy`)."""
    copied = {}
    for name, value in namespace.items():
        if isinstance(value, Roller) or name.startswith("__"):
            copied[name] = value
            continue
        try:
            copied[name] = independent_copy(value)
        except Exception as error:
            raise UncopiableName(
                f"{UncopiableName.__name__}: a rules-check runs on a copy of the page's names, "
                f"and {name!r} ({type(value).__name__}) cannot be copied ({error}): make it "
                "a list or a value of the engine, or move the check above it") from None
    return copied


@contextlib.contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    """Stop the step after ``seconds`` where a timer signal can (CPython, main thread)."""
    usable = (hasattr(signal, "setitimer") and seconds > 0
              and threading.current_thread() is threading.main_thread())
    if not usable:
        yield
        return

    def stop(signum: int, frame: object) -> None:
        raise ExampleTimeout("the example ran out of time")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
