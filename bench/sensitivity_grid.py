"""Grid probes of the secret detector: `python -m bench.sensitivity_grid`.

Issue 12, tune10 round. Instead of hand-written sentences, every credential
name in every key/value syntax with every value shape, and every chat frame
with every password word, thing and value: what the detector misses shows
up as a whole row or column. Figures in `memory_core/pipeline/SENSITIVITY.md`.
Writes `bench/results/sensitivity_grid.json`.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from pathlib import Path

KEYS = (
    "password passwd pwd pass secret token api_key apikey access_token auth_token "
    "client_secret private_key db_password DB_PASS dbPassword Password PASSWORD pw "
    "passphrase SECRET_KEY smtp_pass adminPassword x-api-key API-Token bearer_token "
    "refresh_token webhook_secret encryption_key signing_secret master_key "
    "root_password redis_password ldap_bind_password"
).split()
SYNTAXES = (
    "{k}: {v}",
    "{k} = {v}",
    "{k}={v}",
    '"{k}": "{v}"',
    "{k} => '{v}'",
    "<{k}>{v}</{k}>",
    "--{k} {v}",
    "--{k}={v}",
    "-e {K}={v}",
    "export {K}={v}",
    '{K}: "{v}"',
    '{k} := "{v}"',
    '${k} = "{v}";',
    '{k} <- "{v}"',
    "{k} {v}",
    "set {k} {v}",
    "{k}: '{v}'",
    "  {k}: {v}  # prod",
    "{k}\t{v}",
    "{k} -> {v}",
)
VALUES = (
    "hunter22 Summer2024! letmein123 P@ssw0rd abc12345 qwerty123 Tr0ub4dor&3 "
    "correct-horse-battery-staple xk3j9q2m Zx8#kQ2! 9f8e7d6c5b4a39281706f5e4d3c2b1a0 "
    "AbCdEfGhIjKlMnOp1234 s3cr3t changeme123 Welcome1 mYp4ssw0rd"
).split()
FRAMES = (
    "the {w} is {v}",
    "{w}: {v}",
    "my {w} is {v}",
    "new {w} {v}",
    "{w} for the {t} is {v}",
    "the {t} {w} is {v}",
    "{t} {w}: {v}",
    "{t} -> {v}",
    "use {v} as the {w}",
    "{v} is the {w} for the {t}",
    "{w} = {v} (for the {t})",
    "{t} login: admin, {w}: {v}",
    "changed the {t} {w} to {v}",
    "{w} updated, it's now {v}",
    "{t}: user bob {w} {v}",
    "here's the {w} → {v}",
    "{w}? {v}",
    "the {t} uses {v}",
    "{t} creds: bob/{v}",
    "{t} - bob - {v}",
)
WORDS = ("password", "pw", "pass", "passcode", "passphrase", "login", "code", "pin")
THINGS = "wifi router vpn laptop server nas email netflix alarm".split() + ["bank app"]
PROSE_VALUES = (
    "Tr0ub4dor&3 hunter22 Summer2024! xk3j9q2m P@ssw0rd1 "
    "correct-horse-battery-staple Zx8#kQ2! qwerty123 4417 825190"
).split()


def key_value_grid() -> dict:
    from memory_core.detectors import find_secrets

    missed: Counter[str] = Counter()
    total = 0
    for key, syntax, value in itertools.product(KEYS, SYNTAXES, VALUES):
        text = syntax.format(k=key, K=key.upper().replace("-", "_"), v=value)
        total += 1
        if not find_secrets(text):
            missed[syntax] += 1
    return {"texts": total, "missed": sum(missed.values()), "by_syntax": missed}


def prose_grid() -> dict:
    from memory_core.detectors import find_secrets

    missed: Counter[str] = Counter()
    total = 0
    for frame, word, thing, value in itertools.product(
        FRAMES, WORDS, THINGS, PROSE_VALUES
    ):
        if ("{w}" not in frame and word != "password") or (
            "{t}" not in frame and thing != "wifi"
        ):
            continue
        total += 1
        if not find_secrets(frame.format(w=word, t=thing, v=value)):
            missed[frame] += 1
    return {"texts": total, "missed": sum(missed.values()), "by_frame": missed}


def main() -> None:
    figures = {"key_value": key_value_grid(), "prose": prose_grid()}
    for name, grid in figures.items():
        print(f"{name}: missed {grid['missed']} of {grid['texts']}")
    out = Path(__file__).resolve().parent / "results" / "sensitivity_grid.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(figures, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
