"""Right-to-erasure mechanics: find a data subject's data, delete it, prove it.

See README.md beside this module for the whole story. In short:

- `identifier_parse` normalizes what a request names (emails, phones, names,
  user ids, scope paths, memories); `subject_hash` is the keyed hash that
  audit events and certificates carry instead of them.
- `erasure_scan` returns the erasure set: every memory item that mentions an
  identifier (in any version, status and layer, in clear or as the redaction
  token the identifier resolves to), the transitive closure of items derived
  from those (merges, evidence citations, superseding versions), and the
  other rows that hold the subject's data (write requests, log entries,
  notes, contradiction cases, redaction mappings), each with why.
- `erasure_chunk_delete` and `erasure_rows_delete` delete, in the caller's
  transaction; `erasure_survivors` re-runs the scan and probes the vector
  index, and reports whatever is left.

Nothing here writes audit events or knows about requests: the workflow in
`approvals.erasure` does both. Nothing here keeps an identifier in clear.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

import phonenumbers
from django.apps import apps
from django.conf import settings
from django.db import connection, models

from memory_core.detectors import (
    ADDRESS,
    DOB,
    EMAIL,
    PHONE,
    PHONE_REGIONS,
    REDACTION_TOKEN_RE,
    find_pii,
)
from memory_core.exceptions import Invalid
from memory_core.lifecycle.deletion import items_hard_delete
from memory_core.lock_objects import memory_items_lock
from memory_core.models import (
    Conflict,
    MemoryAnnotation,
    MemoryItem,
    MemoryLogEntry,
    MemoryVersion,
    RedactionToken,
    WriteRequest,
)
from memory_core.personal_details import (
    DATE_RE,
    MONTH_NUMBERS,
    normalize_address,
    normalize_date,
)
from memory_core.redaction import principal_for, value_digests
from memory_core.services.tenancy import scope_path_kind


class Kind:
    EMAIL = "email"
    PHONE = "phone"
    ADDRESS = "address"
    DOB = "date_of_birth"
    NAME = "name"
    USER_ID = "user_id"
    SCOPE = "scope"
    MEMORY = "memory"


IDENTIFIER_KINDS = (
    Kind.EMAIL,
    Kind.PHONE,
    Kind.ADDRESS,
    Kind.DOB,
    Kind.NAME,
    Kind.USER_ID,
    Kind.SCOPE,
    Kind.MEMORY,
)
KIND_LABELS = {
    Kind.EMAIL: "email address",
    Kind.PHONE: "phone number",
    Kind.ADDRESS: "home address",
    Kind.DOB: "date of birth",
    Kind.NAME: "name",
    Kind.USER_ID: "user id",
    Kind.SCOPE: "scope",
    Kind.MEMORY: "memory",
}
MAX_IDENTIFIERS = 50
MAX_IDENTIFIER_CHARS = 300
USER_ID_RE = re.compile(r"^[A-Za-z0-9._@+-]{1,200}$")


@dataclass(frozen=True)
class Identifier:
    """One normalized identifier of a data subject (personal data: keep it safe)."""

    kind: str
    value: str


def identifier_parse(kind: str, raw: str) -> Identifier:
    """Return the identifier normalized for matching, or refuse it as invalid.

    Emails are lower-cased, phones written E.164, home addresses lower-cased
    with their punctuation folded and dates of birth written `YYYY-MM-DD`,
    exactly as redaction normalizes them, so their digest finds the
    redaction tokens.
    """
    raw = (raw or "").strip()
    if kind not in IDENTIFIER_KINDS:
        raise Invalid(f"Unknown identifier kind {kind!r}.", code="invalid_identifier")
    if not raw:
        raise Invalid(f"The {KIND_LABELS[kind]} is empty.", code="invalid_identifier")
    if len(raw) > MAX_IDENTIFIER_CHARS:
        raise Invalid(
            f"Keep each identifier under {MAX_IDENTIFIER_CHARS} characters.",
            code="invalid_identifier",
        )
    if kind == Kind.EMAIL:
        found = [f for f in find_pii(raw) if f.kind == EMAIL]
        if len(found) != 1 or found[0].value.strip() != raw:
            raise Invalid("That is not an email address.", code="invalid_identifier")
        return Identifier(kind, found[0].normalized or found[0].value.lower())
    if kind == Kind.PHONE:
        return Identifier(kind, _phone_e164(raw))
    if kind == Kind.ADDRESS:
        value = normalize_address(raw)
        if not (re.search(r"\d", value) and re.search(r"[^\W\d_]{2}", value)):
            raise Invalid(
                "A home address needs its street and house number.",
                code="invalid_identifier",
            )
        return Identifier(kind, value)
    if kind == Kind.DOB:
        return Identifier(kind, _birth_date(raw))
    if kind == Kind.NAME:
        name = " ".join(raw.split())
        if len(name) < 2 or not any(c.isalpha() for c in name):
            raise Invalid(
                "A name needs at least two letters.", code="invalid_identifier"
            )
        return Identifier(kind, name)
    if kind == Kind.USER_ID:
        value = raw.removeprefix("user:")
        if not USER_ID_RE.match(value):
            raise Invalid(
                "A user id is letters, digits and . _ @ + - only.",
                code="invalid_identifier",
            )
        return Identifier(kind, value)
    if kind == Kind.SCOPE:
        path = raw if raw.endswith("/") else raw + "/"
        if scope_path_kind(path) not in ("user", "task"):
            raise Invalid(
                "Only a user or task scope names a data subject; an org scope "
                "would erase the whole organisation.",
                code="invalid_identifier",
            )
        return Identifier(kind, path)
    try:
        return Identifier(kind, str(uuid.UUID(raw)))
    except ValueError as exc:
        raise Invalid(
            "A memory is named by its id.", code="invalid_identifier"
        ) from exc


def _phone_e164(raw: str) -> str:
    for region in PHONE_REGIONS:
        try:
            number = phonenumbers.parse(raw, region)
        except phonenumbers.NumberParseException:
            continue
        if phonenumbers.is_valid_number(number):
            return phonenumbers.format_number(
                number, phonenumbers.PhoneNumberFormat.E164
            )
    raise Invalid(
        "That is not a valid phone number; write it with its country code.",
        code="invalid_identifier",
    )


def _birth_date(raw: str) -> str:
    """Return the date as `YYYY-MM-DD` (as redaction writes it), or refuse it."""
    match = DATE_RE.fullmatch(raw.strip().rstrip("."))
    value = normalize_date(match.group()) if match else ""
    try:
        born = date.fromisoformat(value)
    except ValueError:
        born = None
    if born is None or born > date.today():
        raise Invalid(
            "That is not a date of birth; write it as 1979-02-14 or 14 February 1979.",
            code="invalid_identifier",
        )
    return value


def identifiers_dump(identifiers: Sequence[Identifier]) -> str:
    return json.dumps([[i.kind, i.value] for i in identifiers])


def identifiers_load(text: str) -> list[Identifier]:
    return [Identifier(kind, value) for kind, value in json.loads(text)]


def _subject_key() -> bytes:
    # Purpose-separated from the redaction keys derived from the same secret.
    return hashlib.sha256(
        f"erasure-subject:{settings.MGC_REDACTION_KEY}".encode()
    ).digest()


def subject_hash(
    *, tenant_id: uuid.UUID | str, identifiers: Iterable[Identifier]
) -> str:
    """Return HMAC-SHA256 of the tenant and the sorted normalized identifiers.

    The same subject named the same way hashes the same, so requests can be
    correlated in the audit trail; without the key nothing can be guessed.
    """
    lines = sorted(f"{i.kind}:{i.value.lower()}" for i in identifiers)
    message = "\n".join([str(tenant_id), *lines]).encode()
    return hmac.new(_subject_key(), message, hashlib.sha256).hexdigest()


# The erasure set


@dataclass(frozen=True)
class Reason:
    """Why a row is in the erasure set; no personal data, only positions and ids.

    `identifier` is the 1-based position of the identifier in the request;
    `via` is the item a derived item was derived from.
    """

    code: str
    identifier: int | None = None
    where: str = ""
    token: str = ""
    via: uuid.UUID | None = None

    def label(self) -> str:
        which = f"identifier {self.identifier}" if self.identifier else ""
        where = f" in {self.where}" if self.where else ""
        return {
            "token": f"{which} as its redaction token {self.token}{where}",
            "clear": f"{which} in clear text{where}",
            "name": f"{which} (a name){where}",
            "user": f"{which}: the user's subject or scope{where}",
            "scope": f"{which}: in the subject's scope{where}",
            "memory": f"{which}: named in the request",
            "mapping": f"{which}: a redaction mapping of the subject",
            "merged_from": "a merge of an erased memory",
            "evidence": "cites an erased memory as evidence",
            "supersedes": "supersedes a version of an erased memory",
            "produced": "the write that produced an erased memory",
        }.get(self.code, self.code)

    @property
    def derived(self) -> bool:
        return self.code in DERIVED


DERIVED = frozenset({"merged_from", "evidence", "supersedes", "produced"})
SIDE_TABLES = ("write_request", "memory_log", "annotation", "conflict")
ROW_TABLES = (*SIDE_TABLES, "redaction_token")


@dataclass
class ErasureSet:
    """What erasing a subject deletes: items (with all they hold) and other rows."""

    items: dict[uuid.UUID, list[Reason]] = field(default_factory=dict)
    rows: dict[str, dict[Any, list[Reason]]] = field(
        default_factory=lambda: {t: {} for t in ROW_TABLES}
    )

    @property
    def empty(self) -> bool:
        return not self.items and not any(self.rows.values())

    def counts(self) -> dict[str, int]:
        return {"memory_item": len(self.items)} | {
            t: len(ids) for t, ids in self.rows.items()
        }

    def add_item(self, item_id: uuid.UUID, reason: Reason) -> bool:
        """Add a reason for an item; return whether the item is new to the set."""
        reasons = self.items.setdefault(item_id, [])
        if reason not in reasons:
            reasons.append(reason)
        return len(reasons) == 1


# Which columns hold what agents wrote: built from the models' metadata.
#
# Every CharField, TextField and JSONField of the project's models is either
# scanned (`SCANNED_COLUMNS`) or excluded with why (`NOT_SCANNED`);
# tests/memory_core/lifecycle/test_erasure.py lists the columns from the models and
# fails on one that is neither, so a new text column cannot be forgotten.

TEXT_FIELD_TYPES = (models.CharField, models.TextField, models.JSONField)
# The apps whose models the rule covers (not Django's, nor axes' login log).
PROJECT_APPS = ("memory_core", "approvals", "audit")

SCANNED_COLUMNS: dict[type[models.Model], tuple[str, ...]] = {
    MemoryVersion: (
        "content",
        "structured",
        "evidence",
        "justification",
        "task_id",
        "session_id",
        "provenance",
    ),
    MemoryItem: ("subject", "object", "memory_key", "predicate", "residency"),
    WriteRequest: (
        "payload",
        "gate_decisions",
        "reason",
        "session_id",
        # Hashed at the door; rows stored before then hold the key in clear.
        "idempotency_key",
    ),
    MemoryLogEntry: ("reason", "payload"),
    MemoryAnnotation: ("text",),
    Conflict: ("reason",),
}
# The leading columns of a table's text that the trigram indexes of migration
# approvals/0002 cover, in this order; the rest of its scanned columns form a
# second expression, indexed by approvals/0004 (`scan_texts`).
INDEXED_COLUMNS: dict[type[models.Model], tuple[str, ...]] = {
    MemoryVersion: ("content", "structured", "evidence", "justification"),
    MemoryItem: ("subject", "object", "memory_key"),
}

_CHOICE = "a value from a fixed list or a code the system sets"
_HASH = "a hash, digest, signature or key prefix the system computes"
_USERNAME = "a member's username (an account, not a data subject of the memories)"
_SYSTEM = "written by the system or an admin, never from an agent's write"
_PATH = (
    "a scope path: its segments are opaque ids (no '@', spaces or capitals, "
    "scope_paths.SEGMENT_RULE), matched by the user id and scope conditions"
)
NOT_SCANNED: dict[str, dict[str, str]] = {
    "memory_core.Tenant": dict.fromkeys(
        ("slug", "name", "policy", "suspension_reason"), _SYSTEM
    ),
    "memory_core.Membership": {"role": _CHOICE},
    "memory_core.Agent": {
        **dict.fromkeys(
            ("name", "allowed_scopes", "allowed_layers", "domain_tags"), _SYSTEM
        ),
        "role": _CHOICE,
        "suspension_reason": "the system's or an admin's sentence, no write text",
    },
    "memory_core.AgentToken": {"prefix": _HASH, "secret_hash": _HASH, "label": _SYSTEM},
    "memory_core.Scope": {"path": _PATH, "kind": _CHOICE, "name": _PATH},
    "memory_core.MemoryItem": dict.fromkeys(
        (
            "layer",
            "kind",
            "classification",
            "status",
            "expired_by",
            "gc_candidate_reason",
            "stale_reason",
        ),
        _CHOICE,
    ),
    "memory_core.MemoryVersion": {
        **dict.fromkeys(("layer", "source", "approval_state", "status"), _CHOICE),
        **dict.fromkeys(("content_hash", "fingerprint", "signature"), _HASH),
        "approved_by": _USERNAME,
        "flags": "flag codes the gates set (pii, poisoning, …)",
    },
    "memory_core.MemoryLogEntry": {"operation": _CHOICE},
    "memory_core.WriteRequest": {
        **dict.fromkeys(("layer", "status", "gate", "code", "tier"), _CHOICE),
        **dict.fromkeys(("request_hash", "content_token"), _HASH),
        "scope_path": _PATH,
        "flags": "flag codes the gates set (pii, poisoning, …)",
        "risk_factors": "risk factor names and scores",
        "decided_by": _USERNAME,
    },
    "memory_core.Conflict": {
        **dict.fromkeys(
            ("detector", "proposed_action", "status", "resolution"), _CHOICE
        ),
        "resolved_by": _USERNAME,
    },
    "memory_core.RedactionToken": {
        "principal": _PATH,
        "kind": _CHOICE,
        "token": "a token like <EMAIL_1>; the mappings are found by digest",
        "value_digest": _HASH,
    },
    "memory_core.GcRun": {
        "status": _CHOICE,
        "triggered_by": _USERNAME,
        "counts": "rows per rule",
        "progress": "counts and positions",
        "error": "an exception's message from the collector",
    },
    "memory_core.ServiceHeartbeat": {"component": _CHOICE, "hostname": _SYSTEM},
    "memory_core.ReadTally": {"endpoint": _CHOICE},
    "memory_core.WriteTally": {"layer": _CHOICE},
    "approvals.ReviewEscalation": {"notified_usernames": _USERNAME},
    "approvals.Notification": {
        "message": "a sentence naming an agent, a layer and a deadline",
        "url": "a console URL with ids",
    },
    "approvals.ErasureRequest": {
        **dict.fromkeys(("status", "legal_basis", "source"), _CHOICE),
        "identifier_kinds": "the kinds named, no values",
        "subject_hash": _HASH,
        "within_scope": _PATH,
        "counts": "rows per table",
        "error": "tables and counts",
        "certificate": "ids, counts and the subject hash",
        "plan": "item ids",
    },
    "audit.AuditEvent": {
        **dict.fromkeys(("actor_type", "action", "object_type"), _CHOICE),
        **dict.fromkeys(("actor_id", "object_id"), "an id"),
        "actor_label": "an agent's name or a member's username",
        "reason": "a code or a person's reason for an action; never write text",
        "metadata": "ids, codes and counts (audit events never hold content)",
        **dict.fromkeys(("prev_hash", "hash"), _HASH),
        "key_id": "which audit key chained the event",
    },
    "audit.AuditChainHead": {"hash": _HASH},
}


def text_columns(model: type[models.Model]) -> list[str]:
    """Return the names of the model's text columns (char, text and JSON)."""
    return [
        f.name for f in model._meta.concrete_fields if isinstance(f, TEXT_FIELD_TYPES)
    ]


def text_expression(
    model: type[models.Model], names: Sequence[str], alias: str = "t"
) -> str:
    """Return the SQL concatenating the columns as text, one space apart."""
    parts = []
    for name in names:
        field_ = model._meta.get_field(name)
        column = f"{alias}.{field_.column}" if alias else field_.column
        if isinstance(field_, models.JSONField):
            column += "::text"
        elif field_.null:
            column = f"coalesce({column}, '')"
        parts.append(column)
    return "(" + " || ' ' || ".join(parts) + ")"


def scan_texts(model: type[models.Model], alias: str = "t") -> tuple[str, ...]:
    """Return the text expressions the scan matches on a model's rows.

    The indexed leading columns first (their trigram index serves them),
    then the other scanned columns; a table without an index, one expression.
    """
    scanned = SCANNED_COLUMNS[model]
    indexed = INDEXED_COLUMNS.get(model, ())
    rest = [c for c in scanned if c not in indexed]
    texts = [text_expression(model, indexed, alias)] if indexed else []
    if rest:
        texts.append(text_expression(model, rest, alias))
    return tuple(texts)


# The text a memory version holds, and a memory item: the trigram indexes of
# migration approvals/0002 are on exactly these expressions.
VERSION_TEXT = scan_texts(MemoryVersion)[0]
ITEM_TEXT = scan_texts(MemoryItem)[0]


@dataclass(frozen=True)
class _Table:
    """How to scan one table: its rows, their text and their scope path."""

    name: str
    source: str
    key: str
    texts: tuple[str, ...]
    path: str


# Every table that can hold a subject's data, by what its key identifies.
ITEM_TABLES = (
    _Table(
        "memory_version",
        "memory_core_memoryversion t JOIN memory_core_scope s ON s.id = t.scope_id",
        "t.item_id",
        scan_texts(MemoryVersion),
        "s.path",
    ),
    _Table(
        "memory_item",
        "memory_core_memoryitem t JOIN memory_core_scope s ON s.id = t.scope_id",
        "t.id",
        scan_texts(MemoryItem),
        "s.path",
    ),
)
ROW_SCANS = (
    _Table(
        "write_request",
        "memory_core_writerequest t",
        "t.id",
        scan_texts(WriteRequest),
        "t.scope_path",
    ),
    _Table(
        "memory_log",
        "memory_core_memorylogentry t JOIN memory_core_memoryitem i ON "
        "i.id = t.item_id JOIN memory_core_scope s ON s.id = i.scope_id",
        "t.seq",
        scan_texts(MemoryLogEntry),
        "s.path",
    ),
    _Table(
        "annotation",
        "memory_core_memoryannotation t JOIN memory_core_memoryitem i ON "
        "i.id = t.item_id JOIN memory_core_scope s ON s.id = i.scope_id",
        "t.id",
        scan_texts(MemoryAnnotation),
        "s.path",
    ),
    _Table(
        "conflict",
        "memory_core_conflict t JOIN memory_core_memoryversion v ON "
        "v.id = t.existing_version_id JOIN memory_core_scope s ON s.id = v.scope_id",
        "t.id",
        scan_texts(Conflict),
        "s.path",
    ),
)
SCANNED_TABLES = {
    "memory_version": MemoryVersion,
    "memory_item": MemoryItem,
    "write_request": WriteRequest,
    "memory_log": MemoryLogEntry,
    "annotation": MemoryAnnotation,
    "conflict": Conflict,
}


def like_prefix(value: str) -> str:
    """Return a LIKE pattern for strings starting with `value`, wildcards escaped."""
    return _like_escape(value) + "%"


def like_contains(value: str) -> str:
    return "%" + _like_escape(value) + "%"


def _like_escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _are_escape(value: str) -> str:
    """Escape `value` for a PostgreSQL advanced regular expression."""
    return re.sub(r"([^\w\s])", r"\\\1", value)


def name_regex(name: str) -> str:
    """Return a case-insensitive, word-bounded regex for a name, any whitespace."""
    parts = [_are_escape(p) for p in name.split()]
    return r"\m" + r"\s+".join(parts) + r"\M"


def email_regex(email: str) -> str:
    return (
        r"(^|[^[:alnum:]._%+-])"
        + _are_escape(email)
        + r"($|[^[:alnum:]_.-]|\.($|[^[:alnum:]]))"
    )


def address_regex(address: str) -> str:
    """Return a case-insensitive regex for a normalized address in clear text.

    Its words in order, any punctuation or spacing between them
    (`18 harbour lane tr11 2ab` finds `18 Harbour Lane, TR11 2AB`).
    """
    parts = [_are_escape(p) for p in address.split()]
    return r"\m" + r"[^[:alnum:]]+".join(parts) + r"\M"


def birth_date_regex(value: str) -> str:
    """Return a regex for a `YYYY-MM-DD` date as people write it.

    ISO, day first and month first with `-`, `/` or `.`, the month's name in
    the languages redaction reads (`14 February 1979`, `February 14, 1979`,
    `14. Februar 1979`, `14 de febrero de 1979`), `1979年2月14日`.
    """
    year, month, day = (int(part) for part in value.split("-"))
    d, m = rf"0?{day}", rf"0?{month}"
    names = "|".join(
        sorted((n for n, number in MONTH_NUMBERS.items() if number == month), key=len)[
            ::-1
        ]
    )
    sep = r"[-/.]"
    forms = [
        rf"{year}{sep}{m}{sep}{d}",
        rf"{d}{sep}{m}{sep}{year}",
        rf"{m}{sep}{d}{sep}{year}",
        rf"{d}(st|nd|rd|th|er|\.)?[[:space:]-]+(de[[:space:]]+)?({names})\.?,?"
        rf"[[:space:]-]+(de[[:space:]]+)?{year}",
        rf"({names})\.?[[:space:]]+{d}(st|nd|rd|th)?,?[[:space:]]+{year}",
        rf"{year}[[:space:]]*年[[:space:]]*{month}[[:space:]]*月[[:space:]]*{day}"
        rf"[[:space:]]*日",
    ]
    return r"(^|[^[:alnum:]])(" + "|".join(forms) + r")($|[^[:alnum:]])"


def user_regex(user_id: str) -> str:
    return r"(^|[^[:alnum:]_])user:" + _are_escape(user_id) + r"($|[^[:alnum:]_.@+-])"


# Identifiers redaction replaces with tokens, by the token's kind.
TOKEN_KINDS = {
    Kind.EMAIL: EMAIL,
    Kind.PHONE: PHONE,
    Kind.ADDRESS: ADDRESS,
    Kind.DOB: DOB,
}
# How each is found in clear text (rows from before redaction, or missed).
CLEAR_PATTERNS = {
    Kind.EMAIL: email_regex,
    Kind.ADDRESS: address_regex,
    Kind.DOB: birth_date_regex,
}


@dataclass(frozen=True)
class _Condition:
    """A WHERE clause over one table's text and path, and why it matches."""

    sql: str
    params: tuple[Any, ...]
    reason: Reason
    item_only: bool = False


def _conditions(
    tenant_id: uuid.UUID,
    identifiers: Sequence[Identifier],
    erasure: ErasureSet,
) -> list[_Condition]:
    """Return how to recognise each identifier, recording its redaction mappings."""
    conditions: list[_Condition] = []
    with connection.cursor() as cursor:
        for n, ident in enumerate(identifiers, start=1):
            if ident.kind in TOKEN_KINDS:
                kind = TOKEN_KINDS[ident.kind]
                # Under every key: a mapping not yet rotated still matches.
                cursor.execute(
                    "SELECT id, principal, token FROM memory_core_redactiontoken "
                    "WHERE tenant_id = %s AND value_digest = ANY(%s) ORDER BY id",
                    [tenant_id, value_digests(kind, ident.value)],
                )
                for token_id, principal, token in cursor.fetchall():
                    erasure.rows["redaction_token"].setdefault(token_id, []).append(
                        Reason("mapping", n, token=token)
                    )
                    # A token means this value only among its principal's
                    # writes: another principal's <EMAIL_1> is someone else.
                    conditions.append(
                        _Condition(
                            "{path} LIKE %s AND {text} LIKE %s",
                            (like_prefix(principal), like_contains(token)),
                            Reason("token", n, token=token),
                        )
                    )
                pattern = CLEAR_PATTERNS.get(ident.kind, _are_escape)(ident.value)
                conditions.append(
                    _Condition("{text} ~* %s", (pattern,), Reason("clear", n))
                )
            elif ident.kind == Kind.NAME:
                conditions.append(
                    _Condition(
                        "{text} ~* %s", (name_regex(ident.value),), Reason("name", n)
                    )
                )
            elif ident.kind == Kind.USER_ID:
                scope_re = f"^/org/[^/]+/user/{_are_escape(ident.value)}/"
                cursor.execute(
                    "SELECT id, token FROM memory_core_redactiontoken "
                    "WHERE tenant_id = %s AND principal ~ %s ORDER BY id",
                    [tenant_id, scope_re],
                )
                for token_id, token in cursor.fetchall():
                    erasure.rows["redaction_token"].setdefault(token_id, []).append(
                        Reason("mapping", n, token=token)
                    )
                conditions += [
                    _Condition(
                        "{text} ~ %s", (user_regex(ident.value),), Reason("user", n)
                    ),
                    _Condition("{path} ~ %s", (scope_re,), Reason("user", n)),
                ]
            elif ident.kind == Kind.SCOPE:
                cursor.execute(
                    "SELECT id, token FROM memory_core_redactiontoken "
                    "WHERE tenant_id = %s AND principal LIKE %s ORDER BY id",
                    [tenant_id, like_prefix(ident.value)],
                )
                for token_id, token in cursor.fetchall():
                    erasure.rows["redaction_token"].setdefault(token_id, []).append(
                        Reason("mapping", n, token=token)
                    )
                conditions.append(
                    _Condition(
                        "{path} LIKE %s",
                        (like_prefix(ident.value),),
                        Reason("scope", n),
                    )
                )
            elif ident.kind == Kind.MEMORY:
                conditions.append(
                    _Condition(
                        "t.id = %s::uuid",
                        (ident.value,),
                        Reason("memory", n),
                        item_only=True,
                    )
                )
    return conditions


def erasure_scan(
    *,
    tenant_id: uuid.UUID,
    identifiers: Sequence[Identifier],
    within: str = "",
    tokens: Sequence[tuple[str, str]] = (),
) -> ErasureSet:
    """Return the subject's erasure set in the tenant, each entry with its reasons.

    Direct matches come from every version (all statuses, layers, drafts
    included) and item, restricted to the `within` scope subtree when given;
    the closure of derived items is followed wherever it leads. `tokens`
    are (principal, token) pairs of mappings already deleted, still searched
    for: verification runs after the mappings are gone.
    """
    erasure = ErasureSet()
    if not identifiers:
        return erasure
    conditions = _conditions(tenant_id, identifiers, erasure)
    conditions += [
        _Condition(
            "{path} LIKE %s AND {text} LIKE %s",
            (like_prefix(principal), like_contains(token)),
            Reason("token", None, token=token),
        )
        for principal, token in tokens
    ]
    if within:
        erasure.rows["redaction_token"] = _tokens_within(
            erasure.rows["redaction_token"], within
        )
    with connection.cursor() as cursor:
        for table in (*ITEM_TABLES, *ROW_SCANS):
            is_item_table = table in ITEM_TABLES
            for condition in conditions:
                if condition.item_only and table.name != "memory_item":
                    continue
                where, condition_params = _where(condition, table)
                params: list[Any] = [tenant_id, *condition_params]
                if within:
                    where += f" AND {table.path} LIKE %s"
                    params.append(like_prefix(within))
                cursor.execute(
                    f"SELECT DISTINCT {table.key} FROM {table.source} "
                    f"WHERE t.tenant_id = %s AND {where}",
                    params,
                )
                where_label = table.name.replace("_", " ")
                reason = Reason(
                    condition.reason.code,
                    condition.reason.identifier,
                    where_label,
                    condition.reason.token,
                )
                for (key,) in cursor.fetchall():
                    if is_item_table:
                        erasure.add_item(key, reason)
                    else:
                        erasure.rows[table.name].setdefault(key, []).append(reason)
    _close_over_derivations(tenant_id, erasure)
    return erasure


def _where(condition: _Condition, table: _Table) -> tuple[str, list[Any]]:
    """Return the condition over each of the table's texts, OR-ed, and its params."""
    if "{text}" not in condition.sql:
        return condition.sql.format(path=table.path), list(condition.params)
    clauses = [
        "(" + condition.sql.format(text=text, path=table.path) + ")"
        for text in table.texts
    ]
    return "(" + " OR ".join(clauses) + ")", list(condition.params) * len(clauses)


def _tokens_within(
    tokens: dict[Any, list[Reason]], within: str
) -> dict[Any, list[Reason]]:
    if not tokens:
        return tokens
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT id FROM memory_core_redactiontoken WHERE id = ANY(%s) "
            "AND principal LIKE %s",
            [list(tokens), like_prefix(within)],
        )
        kept = {row[0] for row in cursor.fetchall()}
    return {k: v for k, v in tokens.items() if k in kept}


def _close_over_derivations(tenant_id: uuid.UUID, erasure: ErasureSet) -> None:
    """Add every item derived from an item in the set, until nothing is new.

    Derived means: a version merged from one of its versions, a version
    citing it as evidence (consolidated facts and summaries cite their
    episodes), or a version superseding one of its versions. The write
    requests that produced any of these are added as rows.
    """
    frontier = list(erasure.items)
    with connection.cursor() as cursor:
        while frontier:
            cursor.execute(
                "SELECT id, item_id FROM memory_core_memoryversion "
                "WHERE item_id = ANY(%s)",
                [frontier],
            )
            version_item = dict(cursor.fetchall())
            versions = list(version_item)
            found: list[tuple[uuid.UUID, Reason]] = []
            cursor.execute(
                "SELECT item_id, merged_from FROM memory_core_memoryversion "
                "WHERE tenant_id = %s AND cardinality(merged_from) > 0 "
                "AND merged_from && %s::uuid[]",
                [tenant_id, versions],
            )
            for item_id, merged_from in cursor.fetchall():
                source = next(v for v in merged_from if v in version_item)
                found.append((item_id, Reason("merged_from", via=version_item[source])))
            cursor.execute(
                "SELECT item_id, evidence FROM memory_core_memoryversion "
                "WHERE tenant_id = %s AND evidence @> ANY(%s::jsonb[])",
                [tenant_id, [json.dumps([{"memory_id": str(i)}]) for i in frontier]],
            )
            cited_ids = {str(i): i for i in frontier}
            for item_id, evidence in cursor.fetchall():
                if isinstance(evidence, str):
                    evidence = json.loads(evidence)
                cited = next(
                    cited_ids[str(ref.get("memory_id"))]
                    for ref in evidence
                    if str(ref.get("memory_id")) in cited_ids
                )
                found.append((item_id, Reason("evidence", via=cited)))
            cursor.execute(
                "SELECT item_id, supersedes_id FROM memory_core_memoryversion "
                "WHERE tenant_id = %s AND supersedes_id = ANY(%s)",
                [tenant_id, versions],
            )
            for item_id, superseded in cursor.fetchall():
                if item_id != version_item[superseded]:
                    found.append(
                        (item_id, Reason("supersedes", via=version_item[superseded]))
                    )
            cursor.execute(
                "SELECT id, memory_item_id FROM memory_core_writerequest "
                "WHERE tenant_id = %s AND (memory_item_id = ANY(%s) "
                "OR version_id = ANY(%s))",
                [tenant_id, frontier, versions],
            )
            for write_id, item_id in cursor.fetchall():
                erasure.rows["write_request"].setdefault(write_id, []).append(
                    Reason("produced", via=item_id)
                )
            frontier = [
                item_id
                for item_id, reason in found
                if item_id not in erasure.items and erasure.add_item(item_id, reason)
            ]
            for item_id, reason in found:
                erasure.add_item(item_id, reason)


def reason_chain(erasure: ErasureSet, item_id: uuid.UUID, limit: int = 10) -> list[str]:
    """Return why an item is in the set, following derivations back to a match."""
    chain: list[str] = []
    seen = {item_id}
    current = item_id
    for _ in range(limit):
        reasons = erasure.items.get(current, [])
        derived = [r for r in reasons if r.derived and r.via]
        direct = [r for r in reasons if not r.derived]
        if direct or not derived:
            chain += [r.label() for r in direct]
            break
        step = derived[0]
        chain.append(f"{step.label()} ({str(step.via)[:8]})")
        if step.via in seen:
            break
        seen.add(step.via)
        current = step.via
    return chain


# Deletion


@dataclass
class ChunkResult:
    tables: dict[str, int]
    layers: dict[str, int]
    probes: list[tuple[uuid.UUID, Any]]


def erasure_chunk_delete(
    *, tenant_id: uuid.UUID, item_ids: Sequence[uuid.UUID]
) -> ChunkResult:
    """Hard-delete whole items in the caller's transaction; return what went.

    The items are locked in primary-key order first, so a curator's action
    on one of them waits or fails rather than interleaving. Each version's
    embedding is returned as a probe for the vector-index verification.

    A redaction mapping that only the deleted content used goes too: an
    erased memory naming the subject may carry other personal data of theirs
    (a phone number nobody listed), kept as a token like `<PHONE_1>`, and
    the mapping would keep the value, encrypted, with nothing left to show
    it for.
    """
    ids = sorted(item_ids)
    locked = list(
        memory_items_lock(tenant_id=tenant_id, item_ids=ids).values_list("pk", "layer")
    )
    layers: dict[str, int] = {}
    for _, layer in locked:
        layers[layer] = layers.get(layer, 0) + 1
    present = [pk for pk, _ in locked]
    probes = list(
        MemoryVersion.objects.filter(tenant_id=tenant_id, item_id__in=present)
        .order_by("pk")
        .values_list("pk", "embedding")
    )
    used = _tokens_used(tenant_id, present)
    tables = items_hard_delete(tenant_id=tenant_id, item_ids=present) if present else {}
    orphans = _orphan_mappings(tenant_id, used)
    if orphans:
        deleted, _ = RedactionToken.objects.filter(pk__in=orphans).delete()
        table = RedactionToken._meta.db_table
        tables[table] = tables.get(table, 0) + deleted
    return ChunkResult(dict(tables), layers, probes)


def _tokens_used(
    tenant_id: uuid.UUID, item_ids: Sequence[uuid.UUID]
) -> set[tuple[str, str]]:
    """Return the (principal, token) pairs the items' versions and rows contain."""
    used: set[tuple[str, str]] = set()
    with connection.cursor() as cursor:
        for table in ITEM_TABLES:
            key = "t.item_id" if table.name == "memory_version" else "t.id"
            text = " || ' ' || ".join(table.texts)
            cursor.execute(
                f"SELECT {table.path}, {text} "
                f"FROM {table.source} WHERE t.tenant_id = %s AND {key} = ANY(%s)",
                [tenant_id, list(item_ids)],
            )
            for path, shown in cursor.fetchall():
                principal = principal_for(path)
                used.update(
                    (principal, m.group(0)) for m in REDACTION_TOKEN_RE.finditer(shown)
                )
    return used


# Where a surviving row may still show a mapping's token (payloads included).
_TOKEN_HOLDERS = (*ITEM_TABLES, ROW_SCANS[0])


def _orphan_mappings(tenant_id: uuid.UUID, used: set[tuple[str, str]]) -> list[int]:
    """Return the ids of the mappings among `used` no stored content still shows."""
    orphans = []
    mappings = {
        (principal, token): pk
        for pk, principal, token in RedactionToken.objects.filter(
            tenant_id=tenant_id, principal__in={p for p, _ in used}
        ).values_list("pk", "principal", "token")
    }
    for principal, token in sorted(used):
        mapping = mappings.get((principal, token))
        if mapping is None:
            continue
        params = {
            "tenant": tenant_id,
            "p": principal,
            "prefix": like_prefix(principal),
            "token": like_contains(token),
        }
        shown = []
        for table in _TOKEN_HOLDERS:
            # A user's task scopes share the user's tokens (principal_for).
            if "/user/" in principal:
                in_scope = f"({table.path} = %(p)s OR {table.path} LIKE %(prefix)s)"
            else:
                in_scope = f"{table.path} = %(p)s"
            texts = " OR ".join(f"{text} LIKE %(token)s" for text in table.texts)
            shown.append(
                f"EXISTS (SELECT 1 FROM {table.source} WHERE "
                f"t.tenant_id = %(tenant)s AND {in_scope} AND ({texts}))"
            )
        with connection.cursor() as cursor:
            cursor.execute("SELECT " + " OR ".join(shown), params)
            if not cursor.fetchone()[0]:
                orphans.append(mapping)
    return orphans


ROW_MODELS: dict[str, type[models.Model]] = {
    "write_request": WriteRequest,
    "memory_log": MemoryLogEntry,
    "annotation": MemoryAnnotation,
    "conflict": Conflict,
    "redaction_token": RedactionToken,
}


def erasure_rows_delete(
    *, tenant_id: uuid.UUID, rows: dict[str, Iterable[Any]]
) -> dict[str, int]:
    """Delete the set's other rows in the caller's transaction; return rows per table.

    Run it after the items: rows already gone with their items count nothing.
    Django's collector follows what references these rows (a write request's
    conflicts and review escalation go with it, a version naming it keeps
    its row and loses the reference), without this app knowing those apps.
    """
    counts: dict[str, int] = {}
    for name in ROW_TABLES:
        ids = list(rows.get(name, ()))
        if not ids:
            continue
        model = ROW_MODELS[name]
        _, deleted = model.objects.filter(tenant_id=tenant_id, pk__in=ids).delete()
        for label, n in deleted.items():
            if n:
                table = apps.get_model(label)._meta.db_table
                counts[table] = counts.get(table, 0) + n
    return counts


# Verification


NEIGHBOURS = 10
MAX_PROBES = 1000


def erasure_survivors(
    *,
    tenant_id: uuid.UUID,
    identifiers: Sequence[Identifier],
    within: str,
    probes: Sequence[tuple[uuid.UUID, Any]],
    tokens: Sequence[tuple[str, str]] = (),
) -> dict[str, int]:
    """Return what of the subject is still stored, per table; empty when clean.

    Re-run the scan over every table that can hold content, check that no
    erased version is still a row, and query the HNSW index with up to
    MAX_PROBES of the erased versions' embeddings: the nearest neighbours
    must be neither an erased version nor anything the scan matches. The
    index holds active versions (the query's filter is its predicate); rows
    of any other status are covered by the id check above.
    """
    remaining = erasure_scan(
        tenant_id=tenant_id, identifiers=identifiers, within=within, tokens=tokens
    )
    survivors = {t: n for t, n in remaining.counts().items() if n}
    erased = [version_id for version_id, _ in probes]
    if erased:
        left = MemoryVersion.objects.filter(pk__in=erased).count()
        if left:
            survivors["memory_version"] = left
    hits = 0
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL hnsw.ef_search = %s", [settings.MGC_HNSW_EF_SEARCH])
        erased_set = set(erased)
        for _, embedding in probes[:MAX_PROBES]:
            cursor.execute(
                "SELECT id, item_id FROM memory_core_memoryversion "
                "WHERE status = 'active' "
                "ORDER BY embedding <=> %s::vector LIMIT %s",
                [_vector_literal(embedding), NEIGHBOURS],
            )
            hits += sum(
                1
                for version_id, item_id in cursor.fetchall()
                if version_id in erased_set or item_id in remaining.items
            )
    if hits:
        survivors["hnsw_index"] = hits
    return survivors


def _vector_literal(embedding: Any) -> str:
    return "[" + ",".join(repr(float(x)) for x in embedding) + "]"
