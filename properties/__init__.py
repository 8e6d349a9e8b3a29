"""The promises every verifier must keep, runnable under pytest and by `verifuzz check`."""
