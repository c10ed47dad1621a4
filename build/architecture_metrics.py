"""The house's shape in numbers (issue 24): print them, before and after a change.

Usage: .venv/bin/python build/architecture_metrics.py [--tree PATH] [--no-load]
                                                    [--kind WORD[,WORD…]]

`--tree` is the source tree measured (default: this one), so the same script measures
another checkout. `--kind` counts another card kind the same way as Poker Night, by the
words its names contain (e.g. `--kind turncoat`, `--kind driveby,drive_by`). It prints,
one block each:

- modules naming Poker Night: product modules (engine, noirburg_desktop,
  noirburg_sim) with a code token naming it: an identifier containing "poker"
  (`Kind.POKER_NIGHT`, `PlayPokerNight`, `POKER_ANTE`, `_poker_…`) or a string literal
  that is one identifier containing it (`"poker_win"`, `"poker"`) or a dotted key
  with such a part (the catalogue's `"card.poker_night.name"`); prose in
  docstrings, comments and sentences does not count. Also "outside the bots"
  (without engine/bots/), and the engine's own count;
- the largest app class: its lines (class statement to its last line) and methods
  (functions defined directly in its body);
- modules at the app's root: the .py files directly in noirburg_desktop/
  (and without `__init__`/`__main__`);
- import cycles per package: every `import`/`from … import` anywhere in a module,
  in functions and under `if TYPE_CHECKING:` too, between the package's own
  modules (a `from pkg import name` goes to the submodule `pkg.name` when one
  exists, else to `pkg/__init__`); the strongly connected groups of more than one
  module, and each module that imports itself;
- functions over complexity 10 and 15 per package (ruff's C901, mccabe);
- replays per load: the engine `apply` calls (pure engine, counted by a profile
  hook on its code object, nothing in the app changed) while the app, headless,
  lists a saved 300-move game on its Load screen and while it opens it from there
  (`LoadScene.on_load`, then two frames of the table), and while Load opens it in
  Replay (`LoadScene.on_replay`, one frame); the goal is at most 1.1 x the moves.
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import os
import subprocess
import sys
import tempfile
import textwrap
import tokenize
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "noirburg_desktop", "noirburg_sim")
MOVES = 300


def modules(tree: Path, package: str) -> Iterator[tuple[str, Path]]:
    """(dotted name, path) of every module in `package`, `__init__` as the package."""
    for path in sorted((tree / package).rglob("*.py")):
        parts = list(path.relative_to(tree).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        yield ".".join(parts), path


def _has(text: str, words: tuple[str, ...]) -> bool:
    low = text.lower()
    return any(w in low for w in words)


def _names_it(text: str, words: tuple[str, ...] = ("poker",)) -> bool:
    """An identifier, or a dotted key of identifiers, one of them containing a word."""
    parts = text.split(".")
    return all(p.isidentifier() for p in parts) and any(_has(p, words) for p in parts)


def names_poker(path: Path, words: tuple[str, ...] = ("poker",)) -> bool:
    """True when a code token of the file names Poker Night, or the kind whose names
    contain one of `words` (see the module doc)."""
    source = path.read_text(encoding="utf-8")
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.NAME and _has(tok.string, words):
            return True
        if tok.type == tokenize.STRING:
            try:
                value = ast.literal_eval(tok.string)
            except (ValueError, SyntaxError):
                continue
            if isinstance(value, str) and _names_it(value, words):
                return True
    return False


def poker_modules(tree: Path, words: tuple[str, ...] = ("poker",)) -> None:
    found = [
        name for pkg in PACKAGES for name, path in modules(tree, pkg) if names_poker(path, words)
    ]
    outside = [m for m in found if not m.startswith("engine.bots")]
    engine_own = [m for m in outside if m == "engine" or m.startswith("engine.")]
    label = "Poker Night" if words == ("poker",) else "/".join(words)
    print(f"modules naming {label}: {len(found)} ({len(outside)} outside the bots)")
    print(f"  engine outside the bots: {len(engine_own)}: {' '.join(engine_own)}")
    print(f"  app and sim: {' '.join(m for m in outside if m not in engine_own)}")


def largest_class(tree: Path) -> None:
    best: tuple[int, int, str] = (0, 0, "")
    for name, path in modules(tree, "noirburg_desktop"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                methods = sum(
                    isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) for n in node.body
                )
                best = max(best, (lines, methods, f"{name}.{node.name}"))
    print(f"largest app class: {best[2]}, {best[0]} lines, {best[1]} methods")


def app_root(tree: Path) -> None:
    files = sorted(p.name for p in (tree / "noirburg_desktop").glob("*.py"))
    own = [f for f in files if f not in ("__init__.py", "__main__.py")]
    print(f"modules at the app's root: {len(own)} (+ __init__/__main__: {len(files)})")


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The package's own modules `name` imports, wherever the import statement is."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")
                base = base[: len(base) - node.level + (1 if is_package else 0)]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            targets = [f"{origin}.{a.name}" for a in node.names]
            targets = [t if t in known else origin for t in targets]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target:
                found.add(target)
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module, and self-imports (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group: list[str] = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1 or v in graph[v]:
                out.append(sorted(group))

    sys.setrecursionlimit(10_000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def import_cycles(tree: Path) -> None:
    for pkg in PACKAGES:
        mods = dict(modules(tree, pkg))
        known = set(mods)
        graph = {m: imports_of(m, p, known) for m, p in mods.items()}
        found = cycles(graph)
        print(f"import cycles in {pkg}: {len(found)}")
        for group in found:
            print(f"  {' ⇄ '.join(group)}")


def complexity(tree: Path) -> None:
    ruff = Path(sys.executable).with_name("ruff")
    for limit in (10, 15):
        counts = []
        for pkg in PACKAGES:
            out = subprocess.run(
                [str(ruff), "check", "--isolated", "--select", "C901", "--output-format",
                 "json", "--config", f"lint.mccabe.max-complexity={limit}", pkg],
                capture_output=True, text=True, cwd=tree,
            )  # fmt: skip
            counts.append(f"{pkg} {len(json.loads(out.stdout or '[]'))}")
        print(f"functions over complexity {limit}: {', '.join(counts)}")


CHILD = textwrap.dedent(
    """
    import os, sys, random, threading
    os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["NOIRBURG_ENGINE"] = "pure"
    sys.path.insert(0, {tree!r})
    import engine
    from engine import flow
    from noirburg_desktop.app import App
    from noirburg_desktop.session import SEAT_COLOURS, GameSession, SeatConfig
    try:
        from noirburg_desktop.persist.storage import Storage
    except ImportError:  # a tree from before the regroup (spelled so regroup.py leaves it)
        import importlib
        Storage = importlib.import_module(".".join(("noirburg_desktop", "storage"))).Storage
    from noirburg_desktop.scenes.load import LoadScene
    configs = [SeatConfig(n, SEAT_COLOURS[i], "human") for i, n in enumerate("ABCD")]
    seed = 0
    while True:  # a seed whose random legal play lasts {moves} moves
        session = GameSession.new(configs, seed=seed)
        rng = random.Random(seed)
        while len(session.actions) < {moves} and not session.finished:
            session.apply(rng.choice(engine.legal_actions(session.state)))
        if len(session.actions) == {moves} and not session.finished:
            break
        seed += 1
    Storage({data!r}).save(session, "save-metrics", label="metrics")
    app = App(data_dir={data!r}, size=(1280, 800), fullscreen=False)
    app.start()
    code = flow.apply.__code__
    calls = [0]
    def hook(frame, event, arg):
        if event == "call" and frame.f_code is code:
            calls[0] += 1
    sys.setprofile(hook); threading.setprofile(hook)
    app.push(LoadScene()); app.step(1 / 60)
    listed = calls[0]
    app.scene.select(0)
    app.scene.on_load(); app.step(1 / 60); app.step(1 / 60)
    opened = calls[0] - listed
    shown = type(app.scene).__name__
    app.reset_to(LoadScene()); app.step(1 / 60)
    app.scene.select(0)
    before = calls[0]
    app.scene.on_replay(); app.step(1 / 60)
    replayed = calls[0] - before
    sys.setprofile(None); threading.setprofile(None)
    print("RESULT", len(session.actions), listed, opened, shown, replayed, type(app.scene).__name__)
    os._exit(0)
    """
)


def replays_per_load(tree: Path) -> None:
    with tempfile.TemporaryDirectory() as data:
        code = CHILD.format(tree=str(tree), data=data, moves=MOVES)
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=data)
    for line in out.stdout.splitlines():
        if line.startswith("RESULT "):
            moves, listed, opened, scene, replayed, shown = line.split()[1:]
            n = int(moves)
            print(f"replays per load ({n}-move save, goal <= {1.1 * n:.0f} apply calls):")
            print(f"  Load list: {listed} apply calls ({int(listed) / n:.2f} x moves)")
            print(f"  open it: {opened} apply calls ({int(opened) / n:.2f} x moves) -> {scene}")
            print(f"  Load -> Replay: {replayed} apply calls ({int(replayed) / n:.2f} x moves)")
            print(f"    -> {shown}")
            return
    print(f"replays per load: failed ({(out.stderr.strip().splitlines() or ['?'])[-1]})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, default=ROOT)
    parser.add_argument("--no-load", action="store_true", help="skip the replay count")
    parser.add_argument("--kind", default="poker", help="the words a card kind's names contain")
    args = parser.parse_args()
    tree = args.tree.resolve()
    os.chdir(tree)
    poker_modules(tree, tuple(w.strip().lower() for w in args.kind.split(",") if w.strip()))
    largest_class(tree)
    app_root(tree)
    import_cycles(tree)
    complexity(tree)
    if not args.no_load:
        replays_per_load(tree)


if __name__ == "__main__":
    main()
