"""Benchmarks: each runs in a database of its own and writes JSON to bench/results/.

They run in production mode (DEBUG off, as deployed, so Django records no
queries), which needs its four keys: benches make up their own, for their
own databases only, unless the environment sets them. They speak plain HTTP
to the server they start on the loopback address.
"""

import os

for _name in (
    "DJANGO_SECRET_KEY",
    "MGC_PROVENANCE_KEY",
    "MGC_REDACTION_KEY",
    "MGC_AUDIT_KEY",
):
    os.environ.setdefault(_name, f"bench-only-{_name.lower()}-" + "x" * 40)
os.environ.setdefault("MGC_HTTPS", "0")
