"""The persistent runner against a fresh interpreter: the same examples, the same observable outcomes.

Each verifier here does something a long-lived process could carry into the next example (state it changes,
files it leaves open, a crash, an exit, a hang); it runs the same examples through both runners, one after
another, and every run must end the same way: exit code, both output files' bytes, stdout, stderr, timeout.
"""
from __future__ import annotations

import json
import tomllib
from pathlib import Path
from random import Random

import pytest

from verifuzz.properties.example import Example
from verifuzz.properties.promises import every_file_fault, malformed_example
from verifuzz.properties.registry import Context
from verifuzz.properties.subjects import Command
from verifuzz.strategies import narrative_agent_names as narrative
from verifuzz.strategies import read_named_path_outside_workspace as named_path

FOREIGN = Path(__file__).parent / "foreign"

PRELUDE = '''\
import json, os, sys
args = dict(zip(sys.argv[1::2], sys.argv[2::2]))
evidence = json.load(open(args["--evidence"]))

def done(seen, reward=1.0):
    with open(args["--reward"], "w") as out:
        out.write(json.dumps({"reward": reward}))
    with open(args["--details"], "w") as out:
        out.write(json.dumps(seen, sort_keys=True, default=str))
'''

# name -> (what the script does after the prelude, why the worker must be replaced after it: the reasons the
# runner reports, "any" for some reason, None when the worker can go on; "unless none before": the worker is
# replaced only if the interpreter had exit handlers of its own, which running the script's handlers also ran;
# "imports": the first worker imported a module the server then learns, and the next workers keep going).
VERIFIERS: dict[str, tuple[str, str | set[str] | None]] = {
    "module globals": ("SEEN = globals().setdefault('SEEN', [])\nSEEN.append(1)\ndone({'seen': len(SEEN)})\n", None),
    "recursion limit": ("seen = sys.getrecursionlimit()\nsys.setrecursionlimit(77)\ndone({'limit': seen})\n", None),
    "environment": ("import ctypes\nseen = sorted(os.environ.items())\nc = ctypes.CDLL(None).getenv\n"
                    "c.restype = ctypes.c_char_p\nseen_c = c(b'C_LEAK')\nos.environ['LEAK'] = '1'\n"
                    "os.putenv('C_LEAK', '2')\ndone({'env': seen, 'c': seen_c})\n", None),
    "working directory": ("seen = os.getcwd()\nos.chdir('/')\ndone({'cwd': seen})\n", None),
    "sys.path": ("seen = list(sys.path)\nsys.path.insert(0, '/nowhere')\nsys.path = sys.path + ['/else']\n"
                 "done({'path': seen})\n", None),
    "monkeypatched json": ("done({'dumps': json.dumps({'a': 1})})\njson.dumps = str\n", "namespaces"),
    "monkeypatched class": ("done({'encode': json.JSONEncoder().encode({'b': 2})})\n"
                            "json.JSONEncoder.encode = json.JSONEncoder.iterencode\n", "namespaces"),
    "patched with a new function": ("done({'loads': json.loads('[1]')})\njson.loads = lambda s, **k: {}\n",
                                    "objects kept"),
    "builtins": ("import builtins\nseen = len('abc')\nbuiltins.len = max\ndone({'len': seen})\n", "namespaces"),
    "sys.modules": ("seen = 'json' in sys.modules\ndel sys.modules['json']\ndone({'json': seen})\n", "modules"),
    "file left open in __main__": ("done({})\nf = open(args['--details'], 'w')\nf.write(json.dumps({'late': True}))\n",
                                   None),
    "file kept by a library": ("done({})\njson.kept = open(args['--details'], 'a')\njson.kept.write(' ')\n", "any"),
    "raw descriptor left open": ("fd = os.open(args['--evidence'], os.O_RDONLY)\ndone({'fd': fd})\n", "open files"),
    "exit handler": ("import atexit\ndone({})\natexit.register(lambda: open(args['--details'], 'w')"
                     ".write(json.dumps({'at exit': True})))\n", "unless none before"),
    "signal handler": ("import signal\nseen = str(signal.getsignal(signal.SIGTERM))\n"
                       "signal.signal(signal.SIGTERM, signal.SIG_IGN)\ndone({'sigterm': seen})\n", "signal handlers"),
    "warning shown every run": ("import warnings\nwarnings.warn('careful')\ndone({})\n", {"imports"}),
    "warnings filter": ("import warnings\nseen = len(warnings.filters)\nwarnings.simplefilter('ignore')\n"
                        "done({'filters': seen})\n", "any"),
    "thread finishing after main": ("import threading, time\ndef late():\n    time.sleep(0.2)\n    done({'late': 1})\n"
                                    "threading.Thread(target=late).start()\n", "threads"),
    "logging configured": ("import logging\nlogging.basicConfig(format='%(levelname)s %(message)s')\n"
                           "logging.warning('run %s', evidence['n'])\ndone({})\n", "any"),
    "stdout replaced": ("print('before')\nsys.stdout = open(os.devnull, 'w')\nprint('after')\ndone({})\n", None),
    "collector disabled": ("import gc\nseen = gc.isenabled()\ngc.disable()\ndone({'gc': seen})\n", "interpreter settings"),
    "locale": ("import locale\nseen = locale.setlocale(locale.LC_ALL)\nlocale.setlocale(locale.LC_ALL, 'C')\n"
               "done({'locale': seen})\n", {"imports", "locale"}),
    "codec registered": ("import codecs\ncodecs.register(lambda name: None)\ndone({})\n", "objects kept"),
    "child left running": ("import subprocess\nsubprocess.Popen(['sleep', '0.3'])\ndone({})\n", "any"),
    "fork in the script": ("pid = os.fork()\nif pid == 0:\n    print('child', flush=True)\n    sys.exit(0)\n"
                           "os.waitpid(pid, 0)\ndone({})\n", None),
    "reads stdin": ("done({'stdin': sys.stdin.read(), 'isatty': sys.stdin.isatty()})\n", None),
    "what a fresh interpreter shows": (
        "done({'globals': sorted(globals()), 'loader': type(__loader__).__name__, 'file': __file__,\n"
        "      'argv0': sys.argv[0], 'orig': sys.orig_argv[1:2], 'path0': sys.path[0], 'name': __name__,\n"
        "      'streams': [(s.name, s.encoding, s.errors, s.line_buffering) for s in (sys.stdin, sys.stdout, sys.stderr)],\n"
        "      'same': sys.stdout is sys.__stdout__, 'fd': os.open(os.devnull, os.O_RDONLY), 'spec': __spec__})\n",
        "open files"),
    "finalizer at exit": ("class Loop:\n    def __del__(self):\n        print('finalized', evidence['n'])\n"
                          "a = Loop()\na.me = a\ndone({})\n", None),
    "crash": ("done({})\n{}['missing']\n", None),
    "exit codes": ("done({})\nsys.exit({1: 3, 2: 'bad input', 3: 300}[evidence['n']])\n", None),
    "os._exit": ("print('never flushed', end='')\ndone({})\nos._exit(4)\n", "died"),
    "killed by a signal": ("import signal\ndone({})\nos.kill(os.getpid(), signal.SIGSEGV)\n", "died"),
    "keyboard interrupt": ("done({})\nraise KeyboardInterrupt\n", None),
    "custom excepthook": ("sys.excepthook = lambda t, v, tb: print('hooked', t.__name__, file=sys.stderr)\n"
                          "done({})\nraise ValueError('x')\n", None),
    "hangs": ("done({})\nwhile True:\n    pass\n", "timeout"),
    "huge output": ("done({})\nwith open(args['--details'], 'w') as out:\n    out.write('x' * (17 << 20))\n", None),
    "huge stdout": ("done({})\nsys.stdout.write('y' * (17 << 20))\n", None),
}
EXAMPLES = [Example(f"run {n}", {"n": n}) for n in (1, 2, 3)]


def observed(subject: Command, example: Example) -> tuple:
    """Everything a harness could see of one run: exit code, timeout, both output files' bytes, stdout, stderr."""
    outcome = subject.outcome(example)
    folder = subject._scratch.layout(subject.output, ()).output_dir
    files = tuple((path.name, path.read_bytes().replace(str(folder.parent.parent).encode(), b"<scratch>"))
                  for path in sorted(folder.iterdir()))
    return outcome.exit_code, outcome.error, files, outcome.stdout, outcome.stderr


@pytest.mark.slow
@pytest.mark.parametrize("name", list(VERIFIERS))
def test_persistent_runner_matches_a_fresh_interpreter(name: str, tmp_path: Path) -> None:
    """Three runs in a row end the same way through the persistent worker as through a fresh interpreter each,
    and the worker is replaced exactly when the verifier left state it cannot put back."""
    body, reason = VERIFIERS[name]
    script = tmp_path / "verify.py"
    script.write_text(PRELUDE + body)
    timeout = 1.0 if name == "hangs" else 30.0
    persistent = Command(script, "t", mode="persistent", keys=("reward",), timeout=timeout)
    fresh = Command(script, "t", mode="fresh", keys=("reward",), timeout=timeout)
    try:
        for example in EXAMPLES if name != "hangs" else EXAMPLES[:2]:
            assert observed(persistent, example) == observed(fresh, example), example.label
    finally:
        persistent.close()
    retired = persistent.runner.retired
    if reason == "unless none before":
        assert set(retired) <= {"atexit"}, retired
    elif reason is None:
        assert not retired, retired
    elif reason == "any":
        assert retired
    else:
        assert set(retired) == ({reason} if isinstance(reason, str) else reason), retired


def test_a_sibling_module_runs_its_import_time_code_in_every_example(tmp_path: Path) -> None:
    """A module beside the script is imported afresh in each example (its import-time output shows every time),
    never by the server, and the worker that imported it is replaced."""
    (tmp_path / "sibling.py").write_text("import os\nprint('sibling imported in', os.path.basename(os.getcwd()))\nCALLS = []\n")
    script = tmp_path / "verify.py"
    script.write_text(PRELUDE + "import sibling\nsibling.CALLS.append(1)\ndone({'calls': len(sibling.CALLS)})\n")
    persistent, fresh = (Command(script, "t", mode=mode, keys=("reward",)) for mode in ("persistent", "fresh"))
    try:
        for example in EXAMPLES:
            assert observed(persistent, example) == observed(fresh, example), example.label
    finally:
        persistent.close()
    assert persistent.runner.retired == {"imports": 3}


def test_a_retirement_already_read_when_the_runner_closes_is_counted(tmp_path: Path) -> None:
    """The server's word that a worker retired is counted even when it was read before the runner closed, together
    with the answer, and the server had nothing more to say."""
    script = tmp_path / "verify.py"
    script.write_text(PRELUDE + "json.patched = True\ndone({})\n")
    persistent = Command(script, "t", mode="persistent", keys=("reward",))
    runner = persistent.runner
    try:
        persistent.outcome(EXAMPLES[0])
        while b"retired" not in runner._pending[runner._notices]:
            assert runner._fill(runner._notices, 10.0), "the server never said the worker retired"
    finally:
        persistent.close()
    assert runner.retired == {"namespaces": 1}


def test_a_library_imported_during_a_run_is_learned_by_the_server(tmp_path: Path) -> None:
    """A standard-library module the script imports by a name its source does not spell (so the server could not
    import it ahead) replaces the first worker; the server then imports it too, and the next worker runs every
    later example without being replaced."""
    script = tmp_path / "verify.py"
    script.write_text(PRELUDE + "def main():\n    colours = __import__('color' + 'sys')\n"
                      "    done({'hsv': colours.rgb_to_hsv(1.0, 0.0, 0.0)})\nif __name__ == '__main__':\n    main()\n")
    subject = Command(script, "t", mode="persistent", keys=("reward",))
    try:
        for n in range(6):
            assert subject.outcome(Example("run", {"n": n})).details == {"hsv": [0.0, 1.0, 1.0]}
    finally:
        subject.close()
    assert subject.runner.retired == {"imports": 1}


def test_a_well_behaved_verifier_keeps_its_worker(tmp_path: Path) -> None:
    """A corpus verifier that changes nothing beyond its run keeps one worker for every example of a promise's
    kinds (witnesses, file faults, malformed snapshots): no example costs a fork."""
    folder = FOREIGN / "named_path_strict"
    manifest = tomllib.loads((folder / "corpus.toml").read_text())
    subject = Command(folder / "verify.py", manifest["task"], template=manifest["command"], output=manifest["output"])
    try:
        for example in corpus_examples(subject, named_path, 12):
            subject.outcome(example)
    finally:
        subject.close()
    assert not subject.runner.retired


def corpus_examples(subject: Command, strategies, malformed: int) -> list[Example]:
    rng = Random(11)
    trial = strategies.trial()
    examples = [Example.of(trial, "witness"), *every_file_fault(Context(subject, None))]
    examples += [malformed_example(rng, strategies.trial()) for _ in range(malformed)]
    inputs = dict(trial.input_files)
    return [e if e.input_files or not inputs else Example(e.label, e.evidence, e.raw, e.fault, inputs) for e in examples]


@pytest.mark.slow
@pytest.mark.parametrize("folder", sorted(p.parent.name for p in FOREIGN.glob("*/corpus.toml")))
def test_the_corpus_verifiers_end_the_same_way_in_both_runners(folder: str) -> None:
    """Every corpus verifier gives the same outcome, exit code, stdout and stderr through the persistent worker as
    through a fresh interpreter, on a witness, every file fault and malformed snapshots."""
    manifest = tomllib.loads((FOREIGN / folder / "corpus.toml").read_text())
    [script] = [p for p in (FOREIGN / folder).glob("*.py")]
    strategies = named_path if manifest["task"] == named_path.TASK.name else narrative
    # A named pipe as the evidence blocks a script that does not refuse it until the timeout, in both runners alike; a
    # short one keeps that comparison from costing a minute.
    persistent, fresh = (Command(script, manifest["task"], template=manifest["command"], output=manifest["output"],
                                 mode=mode, timeout=5.0) for mode in ("persistent", "fresh"))
    try:
        for example in corpus_examples(persistent, strategies, 3):
            a, b = persistent.outcome(example), fresh.outcome(example)
            assert (a.metrics, a.details, a.error, a.exit_code, a.stdout, a.stderr) == \
                   (b.metrics, b.details, b.error, b.exit_code, b.stdout, b.stderr), example.label
    finally:
        persistent.close()


@pytest.mark.slow
def test_check_gives_the_same_report_with_every_runner(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`check --runner persistent|fork|fresh` judges the same examples to the same verdicts (derandomised profile)."""
    from verifuzz.cli import main

    folder = FOREIGN / "derived_fields_exit1"
    manifest = tomllib.loads((folder / "corpus.toml").read_text())
    reports = {}
    for runner in ("persistent", "fork", "fresh"):
        report = tmp_path / f"{runner}.json"
        main(["check", str(Path(__file__).parent.parent / "tasks" / manifest["task"]), "--verifier",
              str(folder / "verify.py"), "--command", manifest["command"], "--promise", "witness_earns_full_reward",
              "--promise", "metrics_are_binary_with_stable_keys", "--promise", "never_rewards_silence", "--profile",
              "mutation", "--runner", runner, "--quiet", "--report", str(report), "--counterexamples", str(tmp_path / runner)])
        capsys.readouterr()
        reports[runner] = [(r["promise"], r["status"], r["examples"], r["rewarded"])
                           for r in json.loads(report.read_text())["results"]]
    assert reports["persistent"] == reports["fork"] == reports["fresh"], reports
    assert len(reports["fresh"]) == 3 and all(examples for _, _, examples, _ in reports["fresh"])


def test_a_script_reaches_within_two_levels_of_a_fresh_interpreters_recursion_depth(tmp_path: Path) -> None:
    """The worker's loop runs in its file's top frame, so a script can recurse (and nest JSON) as deep as in a fresh
    interpreter but for the two levels that frame and exec() count; sys.getrecursionlimit() reads the same."""
    script = tmp_path / "verify.py"
    script.write_text(PRELUDE + "def walk(n):\n    return 0 if n == 0 else 1 + walk(n - 1)\n"
                      "def deepest(fits):\n    for depth in range(900, 1100):\n        try:\n            fits(depth)\n"
                      "        except RecursionError:\n            return depth - 1\n"
                      "done({'json': deepest(lambda d: json.loads('[' * d + ']' * d)), 'python': deepest(walk),\n"
                      "      'limit': sys.getrecursionlimit()})\n")
    reached = {}
    for mode in ("persistent", "fork", "fresh"):
        subject = Command(script, "t", mode=mode, keys=("reward",))
        reached[mode] = subject.outcome(EXAMPLES[0]).details
        subject.close()
    for mode in ("persistent", "fork"):
        assert reached[mode]["limit"] == reached["fresh"]["limit"]
        for kind in ("json", "python"):
            assert 0 <= reached["fresh"][kind] - reached[mode][kind] <= 2, reached


def test_an_isolated_interpreter_keeps_its_own_path(tmp_path: Path) -> None:
    """Under `-I -S` (how shipped verifiers run) the script's folder is not on sys.path in either runner, and the
    standard library stays at sys.path[0], as in a fresh `python3 -I -S verify.py`."""
    script = tmp_path / "verify.py"
    script.write_text(PRELUDE + "done({'path': sys.path, 'flags': [sys.flags.isolated, sys.flags.no_site]})\n")
    seen = {}
    for mode in ("persistent", "fork", "fresh"):
        subject = Command(script, "t", mode=mode, keys=("reward",), isolated=True)
        seen[mode] = observed(subject, EXAMPLES[0])
        subject.close()
    assert seen["persistent"] == seen["fork"] == seen["fresh"]
    assert str(tmp_path) not in seen["fresh"][2][0][1].decode()


def test_definitions_loaded_ahead_keep_the_files_line_numbers(tmp_path: Path) -> None:
    """In fork mode the definitions before the main guard are loaded once in the server; a traceback from the guard
    still names the file's own lines, even past a form feed (where str.splitlines would have cut a line)."""
    script = tmp_path / "verify.py"
    script.write_text('import json\n\x0c\nNOTE = "a\x0cb"\n\n\ndef fail():\n    raise ValueError(NOTE)\n\n\n'
                      'if __name__ == "__main__":\n    fail()\n')
    fork, fresh = (Command(script, "t", mode=mode, keys=("reward",)) for mode in ("fork", "fresh"))
    try:
        a, b = observed(fork, EXAMPLES[0]), observed(fresh, EXAMPLES[0])
    finally:
        fork.close()
    assert a == b
    assert 'line 7, in fail' in b[4] and 'line 11, in <module>' in b[4]
