"""Benchmarks: each runs in a database of its own and writes JSON to bench/results/.

They run in production mode (DEBUG off, as deployed, so Django records no
queries), which needs its four keys: benches make up their own, for their
own databases only, unless the environment sets them. They speak plain HTTP
to the server they start on the loopback address.
"""

import os
from pathlib import Path

# The five LoCoMo conversations (../shared/data/locomo beside the checkout;
# MGC_LOCOMO_DIR elsewhere, e.g. for a clone in /tmp).
LOCOMO = Path(
    os.environ.get(
        "MGC_LOCOMO_DIR",
        Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "locomo",
    )
)
if not LOCOMO.is_dir() and Path("/work/shared/data/locomo").is_dir():
    LOCOMO = Path("/work/shared/data/locomo")

for _name in (
    "DJANGO_SECRET_KEY",
    "MGC_PROVENANCE_KEY",
    "MGC_REDACTION_KEY",
    "MGC_AUDIT_KEY",
):
    os.environ.setdefault(_name, f"bench-only-{_name.lower()}-" + "x" * 40)
os.environ.setdefault("MGC_HTTPS", "0")


def bench_database(name: str) -> None:
    """Point the bench and the servers it starts at the embedded database `name`.

    The servers connect as the app role, under row-level security, as
    deployed; migrations run as the tables' owner (the `migrate` alias).
    `MGC_BENCH_DATABASE` names another database, so two benches of the same
    kind can run side by side without sharing rows.
    """
    from memory_core import embedded_db

    name = os.environ.get("MGC_BENCH_DATABASE", name)

    os.environ["DATABASE_URL"] = embedded_db.database_url(name)
    os.environ["MGC_MIGRATE_DATABASE_URL"] = embedded_db.database_url(name, owner=True)


def bench_django_setup() -> None:
    """Set Django up in the bench process itself as the tables' owner.

    The bench makes tenants, bulk-loads rows, rebuilds indexes and counts
    across tenants: an operator's work, outside any tenant's row-level
    security. The processes it starts inherit the app role's URL.
    """
    import django

    app_url = os.environ.get("DATABASE_URL")
    owner_url = os.environ.get("MGC_MIGRATE_DATABASE_URL")
    if owner_url:
        os.environ["DATABASE_URL"] = owner_url
    try:
        django.setup()
    finally:
        if app_url is not None:
            os.environ["DATABASE_URL"] = app_url
