"""The mutation gate behind `verifuzz mutate`: mutmut 3 in a scratch copy, scored from mutmut's own data files.

`config` reads mutation.toml, `run` drives mutmut, `results` reads its data files, `trust` decides
whether the run got far enough to score, and `score`, `outcomes` and `report` turn results into the verdict.
"""
