"""Gate 5: sensitivity (000 §6, 004). Credentials and secrets are rejected.

Detection uses `detect-secrets`' plugins (cloud keys, tokens, JWTs, private
keys, keyword assignments) plus a word-level entropy check for bare
high-entropy tokens. Only the kind of secret and its position are reported,
never the secret itself.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from functools import cache

from memory_core.pipeline.types import Candidate, GateContext, GateResult

NAME = "sensitivity"

# Public IPs are not credentials; high-entropy strings get our own word check.
SKIPPED_PLUGINS = {
    "IPPublicDetector",
    "Base64HighEntropyString",
    "HexHighEntropyString",
}

TOKEN_RE = re.compile(r"[A-Za-z0-9+/=_\-]{20,}")
UUID_RE = re.compile(
    r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", re.IGNORECASE
)
HEX_RE = re.compile(r"^[0-9a-fA-F]+$")


@dataclass(frozen=True)
class SecretFinding:
    type: str
    line: int


@cache
def _plugins() -> tuple:
    from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class

    return tuple(
        cls()
        for cls in get_mapping_from_secret_type_to_class().values()
        if cls.__name__ not in SKIPPED_PLUGINS
    )


def shannon_entropy(text: str) -> float:
    counts = Counter(text)
    return -sum(n / len(text) * math.log2(n / len(text)) for n in counts.values())


def _looks_like_token(word: str) -> bool:
    word = word.strip("=-_")
    if len(word) < 20 or UUID_RE.match(word):
        return False
    has_digit = any(c.isdigit() for c in word)
    has_alpha = any(c.isalpha() for c in word)
    if not (has_digit and has_alpha):
        return False
    if HEX_RE.match(word):
        return len(word) >= 32 and shannon_entropy(word) > 3.0
    mixed_case = any(c.islower() for c in word) and any(c.isupper() for c in word)
    return mixed_case and shannon_entropy(word) > 4.0


def find_secrets(text: str) -> list[SecretFinding]:
    """Return the secrets found in `text`, one finding per type and line."""
    findings: dict[tuple[str, int], SecretFinding] = {}
    for number, line in enumerate(text.splitlines() or [text], start=1):
        for plugin in _plugins():
            if any(True for _ in plugin.analyze_string(line)):
                findings.setdefault(
                    (plugin.secret_type, number),
                    SecretFinding(plugin.secret_type, number),
                )
        for match in TOKEN_RE.finditer(line):
            if _looks_like_token(match.group()):
                key = ("High Entropy Token", number)
                findings.setdefault(key, SecretFinding(*key))
    return list(findings.values())


def check(candidate: Candidate, ctx: GateContext) -> GateResult:
    texts = [
        candidate.content,
        candidate.subject,
        candidate.predicate,
        candidate.object,
    ]
    findings = find_secrets("\n".join(t for t in texts if t))
    if findings:
        kinds = sorted({f.type for f in findings})
        return GateResult.reject(
            NAME,
            "secret_detected",
            f"The write contains what looks like a credential ({', '.join(kinds)}); "
            "secrets are never stored in memory.",
            findings=[{"type": f.type, "line": f.line} for f in findings],
        )
    return GateResult.accept(NAME)
