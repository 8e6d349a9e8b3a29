"""The verifiers verifuzz ships: standard library only, fail-closed, one module per task.

`evidence` is the shared snapshot contract, `runner` the shared command line;
each task module declares a `TASK` and scores parsed evidence into a `Verdict`.
"""
