"""One module per gate; each exposes `NAME` and `check(candidate, ctx)`."""
