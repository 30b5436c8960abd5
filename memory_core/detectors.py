"""Detectors of sensitive text (000 §6, 001, 004): pure functions over text.

Three detectors:

- `find_secrets`: credentials. `detect-secrets` plugins (cloud keys, vendor
  tokens, JWTs, private keys), vendor prefixes those plugins miss, passwords
  on command lines (`mysql -p'…'`, `docker login -p …`, `curl -u u:p`,
  `sshpass`, `redis-cli -a`, `keytool -storepass`, …), in URLs, XML and
  `.pgpass`, secrets assigned to key-like names in several languages
  (`pw for the router -> …`, `Passwort: …`), and bare high-entropy tokens.
  Hex digests and UUIDs count only after a key-like word, so commit SHAs and
  ids in prose pass. Credentials named by their place rather than a word
  (round 4): quoted arguments of connect/login calls, user and password
  flags of any CLI, `user / value` and `user:value` in prose, recovery-code
  lists and TOTP seeds, when the value looks like a password. Public
  material (PEM certificates and public keys, SSH public keys, host-key
  fingerprints) is blanked first, and placeholders
  (`USER:PASSWORD`, `<password>`, `ghp_xxxx…`, `changeme`) are no secrets.
  Round 5 (tune10): camelCase config names, more tools' flags and files
  (Redis, IRC, Postfix, Oracle JDBC, `--user u:p`), tokens handed to CLI
  logins, vendor-named keys, base64 of JSON holding a credential, the
  value said to be the password in chat; object ids, content hashes,
  bitcoin addresses, SOPS values, secret-store references and documented
  examples stay clean. Round 7 (tune11): tools' own password directives,
  two-line credentials, password words of 20 more languages, door, alarm
  and locker codes, session cookies; DER public keys, DIDs and Ethereum
  addresses are public. Every rule first passes a cheap gate (the literal
  text its regex needs, read from the regex itself), so most lines skip
  most rules.
- `find_pii`: validated personal data. Emails, phone numbers that
  `phonenumbers` calls valid (not when introduced as a serial, part or order
  number), Luhn-valid card numbers with a known issuer prefix (not after an
  order or invoice word), IBANs, and national ids that `python-stdnum`
  validates: US SSN, UK NINO, FR NIR, ES DNI/NIE, NL BSN, IT codice fiscale,
  DE IdNr here, and the number types of `memory_core.national_ids`
  (Brazilian CNPJ since round 5; every python-stdnum number for persons
  and any grouping of a named number's digits since round 7); passports
  right after their name; national numbers of any country after a phone
  word or on a signature's contact line (round 7).
  Ambiguous shapes (bare digit runs) need their name nearby. Tokens such
  as `<EMAIL_1>` are already redacted and never detected again.
- `find_poisoning`: instructions aimed at the model, system-prompt markers
  and tool-call syntax (001, "Memory poisoning").

Figures on the labelled sets: `memory_core/pipeline/SENSITIVITY.md`
(`python -m bench.sensitivity`). The write pipeline's gate
(`memory_core.pipeline.gates.sensitivity`), redaction, erasure, review edits
and the sensitivity rescan all use these.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any
from urllib.parse import unquote

try:  # the regex module's parser: its syntax tree gives each rule's gate
    from re import _constants as _sre  # type: ignore[attr-defined]
    from re import _parser as _sre_parse  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - Python < 3.11
    import sre_constants as _sre  # type: ignore[no-redef]
    import sre_parse as _sre_parse  # type: ignore[no-redef]

import phonenumbers
from stdnum import iban, luhn
from stdnum.de import idnr
from stdnum.es import dni, nie
from stdnum.fr import nir
from stdnum.it import codicefiscale
from stdnum.nl import bsn
from stdnum.us import rtn, ssn

from memory_core import person_facts, personal_details
from memory_core.national_ids import (
    column_name,
    find_national_ids,
    inside_digit_run,
    line_around,
)

# Cheap gates (round 7): most rules cannot match most lines, and a
# substring test is far cheaper than a regex search. `_needs` reads a
# pattern's syntax tree for the literal text every match must contain (one
# of a few alternatives); a line without any of them is skipped. The gate
# is a necessary condition only: the regex still decides.
_LITERAL, _SUBPATTERN, _BRANCH = _sre.LITERAL, _sre.SUBPATTERN, _sre.BRANCH
_REPEATS = (_sre.MAX_REPEAT, _sre.MIN_REPEAT, _sre.POSSESSIVE_REPEAT)


def _strength(found: frozenset[str]) -> tuple[int, int]:
    return min(map(len, found)), -len(found)


def _needs_all(items: Any) -> list[frozenset[str]]:
    """Return sets of strings: every match of `items` holds one of each set."""
    found: list[frozenset[str]] = []
    run: list[str] = []

    def consider(one: frozenset[str] | None) -> None:
        if one:
            found.append(one)

    for op, av in [*items, (None, None)]:
        if op is _LITERAL:
            run.append(chr(av))
            continue
        if run:
            # Lowered as the text is (`_lower`): `numarası` in a pattern is
            # `numarasi` in the line the gate tests.
            consider(frozenset((_lower("".join(run)),)))
            run = []
        if op is _SUBPATTERN:
            consider(_needs_in(av[-1]))
        elif op is _BRANCH:
            branches = [_needs_in(branch) for branch in av[1]]
            if all(branches):
                consider(frozenset().union(*branches))  # type: ignore[arg-type]
        elif op in _REPEATS and av[0] >= 1:
            consider(_needs_in(av[2]))
        elif op is _sre.ATOMIC_GROUP:
            consider(_needs_in(av))
    return found


def _needs_in(items: Any) -> frozenset[str] | None:
    """Return strings one of which every match of `items` contains, or None."""
    return max(_needs_all(items), key=_strength, default=None)


@cache
def _needs(pattern: re.Pattern[str]) -> tuple[tuple[str, ...], ...]:
    """Return up to three sets of lower-case strings a match holds one of each.

    Empty when the pattern has no such literal (it always runs).
    """
    found = _needs_all(_sre_parse.parse(pattern.pattern, pattern.flags))
    found = sorted(set(found), key=_strength, reverse=True)
    return tuple(tuple(sorted(one)) for one in found[:3])


def _lower(text: str) -> str:
    """Lower-case `text` for the gates as the case-blind patterns see it.

    `re.IGNORECASE` matches `İ`, `ı`, `ſ` and the Kelvin sign as `i`, `i`,
    `s`, `k`; `str.lower` turns `İ` into `i` and a combining dot and leaves
    `ı` and `ſ` alone (`ŞİFRE` must still pass the gate of `şifre`).
    """
    lower = text.lower()
    if lower.isascii():
        return lower
    return lower.replace("\u0307", "").replace("ı", "i").replace("ſ", "s")


def _finditer(
    pattern: re.Pattern[str], line: str, lower: str
) -> Iterator[re.Match[str]] | tuple[()]:
    """`pattern.finditer(line)`, skipped when the line lacks its literals."""
    return pattern.finditer(line) if _may_match(pattern, lower) else ()


def _gate(pattern: re.Pattern[str]) -> Callable[[str], bool] | None:
    """Return a test of a lower-case text for the literals of `pattern`."""
    needs = sorted(_needs(pattern), key=len)  # single words first: cheapest
    if not needs:
        return None
    if len(needs) == 1:
        (one,) = needs
        if len(one) == 1:
            word = one[0]
            return lambda lower: word in lower
        return lambda lower: any(map(lower.__contains__, one))
    first, *rest = needs
    if len(first) == 1:
        word = first[0]
        return lambda lower: (
            word in lower and all(any(map(lower.__contains__, one)) for one in rest)
        )
    return lambda lower: all(any(map(lower.__contains__, one)) for one in needs)


# Gates by pattern identity (hashing a pattern hashes its compiled code);
# the pattern is kept with its gate, so its id is never reused meanwhile.
_GATES: dict[int, tuple[re.Pattern[str], Callable[[str], bool] | None]] = {}


def _may_match(pattern: re.Pattern[str], lower: str) -> bool:
    """Tell whether `pattern` can match a text whose lower-case form is `lower`."""
    entry = _GATES.get(id(pattern))
    if entry is None or entry[0] is not pattern:
        entry = _GATES[id(pattern)] = (pattern, _gate(pattern))
    return entry[1] is None or entry[1](lower)


EMAIL = "EMAIL"
PHONE = "PHONE"
CARD = "CARD"
IBAN = "IBAN"
NATIONAL_ID = "NATIONAL_ID"
ADDRESS = personal_details.ADDRESS
DOB = personal_details.DOB
SALARY = personal_details.SALARY
HEALTH = personal_details.HEALTH
PII_KINDS = (EMAIL, PHONE, CARD, IBAN, NATIONAL_ID, ADDRESS, DOB, SALARY, HEALTH)

# A value redacted earlier: `<EMAIL_1>`, `<NATIONAL_ID_12>`.
REDACTION_TOKEN_RE = re.compile(
    r"<(EMAIL|PHONE|CARD|IBAN|NATIONAL_ID|ADDRESS|DOB|SALARY|HEALTH)_(\d+)>"
)


# Secrets.

# Public IPs are not credentials; high-entropy strings get the word check
# below, which knows about hashes and UUIDs in prose.
SKIPPED_PLUGINS = {
    "IPPublicDetector",
    "Base64HighEntropyString",
    "HexHighEntropyString",
}

# Vendor formats the detect-secrets plugins do not know (or only in part).
PREFIXED_SECRETS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(pattern))
    for name, pattern in (
        ("OpenAI Token", r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{32,}"),
        ("Anthropic API Key", r"\bsk-ant-[A-Za-z0-9_-]{32,}"),
        ("GitHub Token", r"\bgithub_pat_[A-Za-z0-9_]{40,}"),
        # `pk_live_…` is a publishable key, public by design.
        ("Stripe Access Key", r"\b[rs]k_(?:live|test)_[0-9A-Za-z]{16,}"),
        ("Google API Key", r"\bAIza[0-9A-Za-z_-]{35}"),
        # Round 12 (S6): an Entra ID (Azure AD) app's client secret: three
        # characters, a digit, `Q~`, then 31 to 34 of its alphabet
        (
            "Azure Client Secret",
            r"(?<![\w~.-])[A-Za-z0-9_~.-]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![\w~.-])",
        ),
        ("NPM tokens", r"\bnpm_[A-Za-z0-9]{36}\b"),
        ("Hugging Face Token", r"\bhf_[A-Za-z0-9]{30,}\b"),
        ("DigitalOcean Token", r"\bdo[opr]_v1_[a-f0-9]{64}\b"),
        ("Shopify Token", r"\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b"),
        ("Mailgun Key", r"\bkey-[0-9a-f]{32}\b"),
        ("GitLab Token", r"\bglpat-[A-Za-z0-9_-]{20,}"),
        ("age Secret Key", r"\bAGE-SECRET-KEY-1[0-9A-Z]{50,}"),
        ("BitLocker Recovery Key", r"(?<![\d-])\d{6}(?:-\d{6}){7}(?![\d-])"),
        ("Private Key", r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"),
        ("PuTTY Private Key", r"\bPrivate-Lines:\s*\d+"),
        # Documented vendor formats (each vendor's token docs).
        ("Slack Token", r"\bxox[abprse]-[0-9A-Za-z-]{20,}"),
        ("Slack Token", r"\bxapp-\d-[A-Z0-9]+-\d+-[0-9a-f]{32,}"),
        ("GitHub Token", r"\bgh[opusr]_[A-Za-z0-9]{36,}"),
        (
            "GitLab Token",
            r"\bgl(?:ptt|dt|rt|cbt|imt|soat|agent|oas|ft)-[A-Za-z0-9_-]{20,}",
        ),
        ("GitLab Token", r"\bGR1348941[A-Za-z0-9_-]{20,}"),
        ("Twilio API Key", r"\bSK[0-9a-f]{32}\b"),
        ("SendGrid API Key", r"\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}\b"),
        ("PyPI Token", r"\bpypi-AgE[A-Za-z0-9_-]{50,}"),
        ("Square Token", r"\bsq0(?:atp|csp|idp)-[A-Za-z0-9_-]{22,}"),
        ("Square Token", r"\bEAAA[A-Za-z0-9_-]{60}\b"),
        ("Azure Storage Key", r"(?i)\bAccountKey=[A-Za-z0-9+/]{80,}={0,2}"),
        # Service Bus, Event Hubs and IoT Hub connection strings.
        ("Azure Shared Access Key", r"(?i)\bSharedAccessKey=[A-Za-z0-9+/]{32,}={0,2}"),
        # Wi-Fi network QR codes (ZXing's format): `WIFI:T:WPA;S:net;P:pw;;`.
        ("Wi-Fi Password", r"\bWIFI:(?:[^;]*;)*?P:(?![<$%{])[^;]{4,};"),
        ("Azure SAS", r"\bsig=[A-Za-z0-9%+/]{40,}={0,2}"),
        ("Vault Token", r"\bhv[sbr]\.[A-Za-z0-9_-]{24,}"),
        ("Doppler Token", r"\bdp\.(?:st|pt|ct|sa|scim|audit)\.[A-Za-z0-9._-]{40,}"),
        ("Linear API Key", r"\blin_(?:api|oauth)_[A-Za-z0-9]{40}\b"),
        ("Postman API Key", r"\bPMAK-[0-9a-f]{24}-[0-9a-f]{34}\b"),
        ("Databricks Token", r"\bdapi[0-9a-f]{32}(?:-\d)?\b"),
        ("Grafana Token", r"\b(?:glsa|glc)_[A-Za-z0-9_+/=-]{32,}"),
        ("New Relic Key", r"\bNR(?:AK|II|JS)-[A-Z0-9]{27}\b"),
        ("Atlassian API Token", r"\bATATT3[A-Za-z0-9_=-]{40,}"),
        ("Telegram Bot Token", r"(?<![\w:])\d{8,10}:AA[A-Za-z0-9_-]{33}\b"),
        ("Sentry Token", r"\bsntr[ysu]_[A-Za-z0-9+/=_-]{40,}"),
        ("Mailchimp Key", r"\b[0-9a-f]{32}-us\d{1,2}\b"),
        ("Pulumi Token", r"\bpul-[0-9a-f]{40}\b"),
        ("Terraform Cloud Token", r"\b[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_-]{60,}"),
        ("Supabase Token", r"\bsbp_[0-9a-f]{40}\b"),
        ("Groq API Key", r"\bgsk_[A-Za-z0-9]{48,}"),
        ("Replicate Token", r"\br8_[A-Za-z0-9]{37,}"),
        ("Notion Token", r"\b(?:secret_[A-Za-z0-9]{43}|ntn_[A-Za-z0-9]{40,})\b"),
        ("Airtable Token", r"\bpat[A-Za-z0-9]{14}\.[0-9a-f]{64}\b"),
        ("Mapbox Secret Token", r"\bsk\.eyJ[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}"),
        ("Fly.io Token", r"\bfo1_[A-Za-z0-9_-]{40,}"),
        # Round 5 (tune10): more documented prefixes.
        ("Stripe Webhook Secret", r"\bwhsec_[A-Za-z0-9+/=]{24,}"),
        ("Twitch OAuth Token", r"\boauth:[a-z0-9]{30}\b"),
        ("Google OAuth Client Secret", r"\bGOCSPX-[A-Za-z0-9_-]{24,}"),
        ("Google OAuth Access Token", r"\bya29\.[A-Za-z0-9_-]{40,}"),
        ("Google OAuth Refresh Token", r"(?<![\w/])1//0[A-Za-z0-9_-]{60,}"),
        ("Heroku Token", r"\bHRKU-[A-Za-z0-9_-]{40,}"),
        ("Netlify Token", r"\bnfp_[A-Za-z0-9]{36,}"),
        (
            "Tailscale Key",
            r"\btskey-(?:auth|api|client|scim|webhook)-[A-Za-z0-9]{8,}-[A-Za-z0-9]{20,}",
        ),
        ("1Password Service Account Token", r"\bops_eyJ[A-Za-z0-9_-]{60,}"),
        ("Vault Token", r"(?<![\w.])s\.[A-Za-z0-9]{24}\b"),
        ("Docker Hub Token", r"\bdckr_pat_[A-Za-z0-9_-]{24,}"),
        ("Figma Token", r"\bfigd_[A-Za-z0-9_-]{36,}"),
        ("Contentful Token", r"\bCFPAT-[A-Za-z0-9_-]{40,}"),
        ("Pinecone API Key", r"\bpcsk_[A-Za-z0-9]{4,8}_[A-Za-z0-9]{40,}"),
        ("Perplexity API Key", r"\bpplx-[A-Za-z0-9]{40,}"),
        ("xAI API Key", r"\bxai-[A-Za-z0-9]{60,}"),
        ("LangSmith API Key", r"\blsv2_(?:pt|sk)_[0-9a-f]{32}_[0-9a-f]{10}\b"),
        ("Resend API Key", r"\bre_[A-Za-z0-9]{8}_[A-Za-z0-9]{20,}"),
        ("Bitbucket App Password", r"\bATBB[A-Za-z0-9]{28,}"),
        ("Asana Token", r"\b[0-2]/\d{12,20}(?:/\d{12,20})?:[0-9a-f]{32}\b"),
        ("CircleCI Token", r"\bCCIPAT_[A-Za-z0-9]{20,}_[0-9a-f]{40}\b"),
        (
            "Firebase Cloud Messaging Key",
            r"\bAAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{100,}",
        ),
        (
            "Discord Bot Token",
            r"\b[MNO][A-Za-z0-9_-]{23,25}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,38}\b",
        ),
        (
            "Discord Webhook",
            r"discord(?:app)?\.com/api/webhooks/\d+/[A-Za-z0-9_-]{60,}",
        ),
        (
            "Slack Webhook",
            r"hooks\.slack\.com/(?:services|workflows)/T[A-Z0-9]+/[A-Z0-9]+/[A-Za-z0-9]{20,}",
        ),
        # Round 7 (tune11).
        ("NuGet API Key", r"\boy2[a-z0-9]{43}\b"),
        (
            "LaunchDarkly Key",
            r"\b(?:sdk|api)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b",
        ),
        (
            "Teams Webhook",
            # (S11) and the connector's older address on outlook.office.com
            r"(?:\.webhook\.office\.com/webhookb2|outlook\.office(?:365)?\.com/webhook)"
            r"/[\w@-]+/IncomingWebhook/[0-9a-f]{32}/",
        ),
        # (S11) Dropbox's short-lived access token (`sl.` then 130 or more)
        ("Dropbox Access Token", r"\bsl\.(?:u\.)?[A-Za-z0-9_-]{100,}"),
        ("Salesforce Session Id", r"\b00D[A-Za-z0-9]{12,15}![A-Za-z0-9._]{80,}"),
        # Round 9 (tune13): webhook URLs that are their own key.
        (
            "IFTTT Webhook Key",
            r"maker\.ifttt\.com/(?:trigger/[\w-]+/(?:json/)?with/key|use)/"
            r"[A-Za-z0-9_-]{16,}",
        ),
        ("Zapier Webhook", r"hooks\.zapier\.com/hooks/catch/\d+/[A-Za-z0-9]{5,}"),
        ("Mattermost Webhook", r"/hooks/[a-z0-9]{26}(?![A-Za-z0-9])"),
        # (S15) Rocket.Chat's incoming webhook: the integration's 17-character
        # id, then its 48-character token
        (
            "Rocket.Chat Webhook",
            r"/hooks/[A-Za-z0-9]{17}/[A-Za-z0-9]{48}(?![A-Za-z0-9])",
        ),
        # Round 11 (S5): Feishu/Lark, DingTalk and WeCom bots' webhooks
        (
            "Feishu Webhook",
            r"open\.(?:feishu\.cn|larksuite\.com)/open-apis/bot/v2/hook/"
            r"[0-9a-f]{8}-[0-9a-f-]{27}",
        ),
        (
            "DingTalk Webhook",
            r"oapi\.dingtalk\.com/robot/send\?access_token=[0-9a-f]{64}",
        ),
        (
            "WeCom Webhook",
            r"qyapi\.weixin\.qq\.com/cgi-bin/webhook/send\?key=[0-9a-f]{8}-[0-9a-f-]{27}",
        ),
        # Round 14 (S9): a Make (formerly Integromat) scenario's webhook, its
        # 32 lowercase letters and digits the whole key; a HubSpot private
        # app's token (`pat-` + its data centre + a UUID).
        (
            "Make Webhook",
            # the key alone: a lowercase `host/path` reads as a store's path
            r"(?:(?<=\bhook\.make\.com/)|(?<=\bhook\.[a-z]{2}\d\.make\.com/)|"
            r"(?<=\bhook\.integromat\.com/))[a-z0-9]{32}(?![A-Za-z0-9])",
        ),
        # (S12) A NATS NKey's seed (the private half): `S`, the key's type
        # (Operator, Account, User, server `N`, Cluster, curve `X`), then 56
        # of base32's upper-case alphabet (`nsc`, `nk -gen user`).
        ("NATS NKey Seed", r"\bS[OAUNCX][A-Z2-7]{56}\b"),
        # (S12) An Azure DevOps personal access token in the 84-character
        # format (2024): `AZDO`, its fixed signature, at 76 to 80.
        ("Azure DevOps PAT", r"\b[A-Za-z0-9]{76}AZDO[A-Za-z0-9]{4}\b"),
        # (S12) Prefect's API keys, RubyGems' API keys, Sourcegraph's
        # access tokens (`sgp_`, the instance's 16 hex optional, then 40 hex)
        ("Prefect API Key", r"\bpnu_[A-Za-z0-9]{36}\b"),
        ("RubyGems API Key", r"\brubygems_[0-9a-f]{48}\b"),
        ("Sourcegraph Token", r"\bsgp_(?:[0-9a-f]{16}_)?[0-9a-f]{40}\b"),
        (
            "HubSpot Private App Token",
            r"\bpat-(?:na|eu|ap)\d-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-"
            r"[0-9a-f]{12}\b",
        ),
        # (S15) Prefixes whose rest is hex or lower case only: the general
        # token rule takes such a run for a digest, so only the prefix tells.
        # Shippo's live and test tokens, WooCommerce's consumer secret,
        # Buildkite's user token, MailerSend's token, ReadMe's API key,
        # Firecrawl's API key (each vendor's API docs).
        ("Shippo API Token", r"\bshippo_(?:live|test)_[0-9a-f]{40}\b"),
        ("WooCommerce Consumer Secret", r"\bcs_[0-9a-f]{40}\b"),
        ("Buildkite Token", r"\bbkua_[0-9a-f]{40}\b"),
        ("MailerSend Token", r"\bmlsn\.[0-9a-f]{64}\b"),
        ("ReadMe API Key", r"\brdme_[a-z0-9]{70}\b"),
        ("Firecrawl API Key", r"\bfc-[0-9a-f]{32}\b"),
        # (S15) Plaid's access tokens: the environment, then a UUID
        # (`access-sandbox-…`, `access-production-…`); Braintree's access
        # token (`access_token$production$<16>$<32 hex>`); Mercado Pago's
        # access tokens (`APP_USR-` live, `TEST-` sandbox: the app id, a
        # date, 32 hex, the user id); Checkout.com's sandbox secret key;
        # Octopus Deploy's API key (`API-` and 26 capitals or digits).
        (
            "Plaid Access Token",
            r"\baccess-(?:sandbox|development|production)-[0-9a-f]{8}-[0-9a-f]{4}-"
            r"[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b",
        ),
        (
            "Braintree Access Token",
            r"\baccess_token\$(?:production|sandbox)\$[0-9a-z]{16}\$[0-9a-f]{32}\b",
        ),
        (
            "Mercado Pago Access Token",
            r"\b(?:APP_USR|TEST)-\d{16}-\d{6}-[0-9a-f]{32}-\d{6,12}\b",
        ),
        ("Checkout.com Secret Key", r"\bsk_sbox_[a-z0-9]{26,}\b"),
        ("Octopus Deploy API Key", r"\bAPI-[A-Z0-9]{26}\b"),
    )
)
# All of them at once: most lines hold none, and one search says so.
ANY_PREFIXED_RE = re.compile(
    "|".join(
        f"(?i:{p.pattern[4:]})" if p.pattern.startswith("(?i)") else f"(?:{p.pattern})"
        for _, p in PREFIXED_SECRETS
    )
)
# `scheme://user:password@host`; the password group is checked for
# placeholders (`USER:PASSWORD@HOST`).
URL_CREDENTIALS_RE = re.compile(
    # (S15) a driver's name may hold `_`: SQLAlchemy's `oracle+cx_oracle://`
    r"\b[a-z][a-z0-9+._-]{0,24}://[^\s:/@]{0,64}:(?P<value>(?:[^\s/@]{1,64}@)?[^\s/@]{3,128})"
    r"@[\w.-]+"
)
# Passwords on command lines: `mysql -p'…'`, `mysql -pSecret`, `docker login
# -p …`, `--password=…`, `redis-cli -a …`, `sshpass -p …`, `ldapsearch -w
# …`, `curl -u user:pass`, `smbclient -U user%pass`, `htpasswd -b file user
# pass`. Short flags only count after a tool known to take a password there.
_ARG = r"(?:'(?P<{0}q>[^']+)'|\"(?P<{0}d>[^\"]+)\"|(?P<{0}b>[^\s'\"`;|]+))"
CLI_PASSWORD_RES: tuple[re.Pattern[str], ...] = tuple(
    re.compile(pattern)
    for pattern in (
        r"--(?:password|passwd|pass|db-password|token|secret|requirepass|masterauth)"
        r"[= ]" + _ARG.format("v"),
        # Any flag whose name ends in a credential word: `--pwd x`,
        # `--api-key=x`, `--db-pass x` (not `--password-stdin`).
        r"(?:^|\s)--[\w-]*?(?:pwd|passwd|password|pass|api[-_]?key|apikey|access[-_]?token|"
        r"auth[-_]?token|client[-_]?secret|secret[-_]?key|private[-_]?key)(?=[= ])[= ]"
        + _ARG.format("g"),
        r"\b(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump)\b[^\n|;]*?"
        r"\s-p(?:" + _ARG.format("v") + r"|\s+" + _ARG.format("w") + ")",
        r"\b(?:docker|podman|buildah|skopeo|helm|nerdctl|az|oc|cf)\s+(?:registry\s+)?"
        r"login\b"
        r"[^\n|;]*?\s-p\s+" + _ARG.format("v"),
        r"\bsshpass\s+-p\s*" + _ARG.format("v"),
        r"\bredis-cli\b[^\n|;]*?\s-a\s+" + _ARG.format("v"),
        r"\bldap\w*\b[^\n|;]*?\s-w\s+" + _ARG.format("v"),
        # (S15) Vertica's `vsql -w …`, Exasol's `exaplus -p …`, SAP HANA's
        # `hdbuserstore SET KEY host:port USER …`, Teradata's `.logon
        # host/user,…`, Redis Sentinel's `sentinel auth-pass MASTER …`
        r"\bvsql\b[^\n|;]*?\s-w\s+" + _ARG.format("v"),
        r"\bexaplus\b[^\n|;]*?\s-p\s+" + _ARG.format("v"),
        r"(?i)\bhdbuserstore\s+(?:-\w+\s+)*SET\s+\S+\s+\S+\s+\S+\s+" + _ARG.format("v"),
        r"(?i)^\s*\.logon\s+[\w.-]+/[\w$#]+,(?P<vb>[^\s;]{4,})",
        r"(?i)\bsentinel\s+auth-pass\s+\S+\s+" + _ARG.format("v"),
        r"\b(?:curl|wget|http)\b[^\n|;]*?\s(?:-u|--user)[= ]\s*"
        # (S6: the password quoted alone, `-u m.weber:'Kanelbulle~2010'`)
        r"['\"]?[^\s:'\"]+:['\"]?(?P<vb>[^\s'\"@]+)",
        r"\bsmbclient\b[^\n|;]*?\s-U\s+['\"]?[^\s%'\"]+%(?P<vb>[^\s'\"]+)",
        r"\bhtpasswd\s+-\w*b\w*\s+\S+\s+\S+\s+" + _ARG.format("v"),
        r"\b(?:mongo|mongosh|mongodump|mongorestore|mongoexport|mongoimport)\b"
        r"[^\n|;]*?\s-p\s+" + _ARG.format("v"),
        r"\s-(?:src|dest)?(?:storepass|keypass)\s+" + _ARG.format("v"),
        r"\s-pass(?:in|out)\s+pass:" + _ARG.format("v"),
        r"(?i)\bnet\s+use\b[^\n]*?/user:\S+\s+" + _ARG.format("v"),
        r"\brabbitmqctl\s+(?:add_user|change_password)\s+\S+\s+" + _ARG.format("v"),
        r"(?i)\bConvertTo-SecureString\s+(?:-String\s+)?" + _ARG.format("v"),
        r"\b(?:sqlcmd|bcp|osql|isql)\b[^\n|;]*?\s-P\s*" + _ARG.format("v"),
        # Archives: `zip -P …`, `7z a -p…`, `unrar x -p…`.
        r"\b(?:zip|unzip|zipcloak)\b[^\n|;]*?\s-P\s*" + _ARG.format("v"),
        r"\b(?:7z|7za|7zz|7zr|rar|unrar)\b[^\n|;]*?\s-p" + _ARG.format("v"),
        # Oracle: `sqlplus user/pass@db`, `expdp user/pass@db`. A user name
        # starts with a letter: `exp 07/2031` is an expiry date (S6).
        r"\b(?:sqlplus|sqlldr|expdp|impdp|exp|imp|rman|dgmgrl)\s+(?:-\w+\s+)*"
        r"['\"]?[A-Za-z_$#][\w$#]*/(?P<vb>[^\s@/'\"]{4,})",
        # `openssl enc … -k pass`, `-pass pass:…`, `gpg --passphrase …`.
        r"\bopenssl\b[^\n|;]*?\s-k\s+" + _ARG.format("v"),
        r"\s-pass\s+pass:" + _ARG.format("v"),
        r"--passphrase[= ]" + _ARG.format("v"),
        # A password piped into a tool: `echo 'x' | sudo -S …`, `echo x |
        # docker login --password-stdin`, `| passwd --stdin`, `| chpasswd`.
        r"\becho\s+(?:-n\s+|-e\s+)?" + _ARG.format("v") + r"\s*\|\s*"
        r"(?:sudo\s+-\w*S|[^\n|;]*?--password-stdin|[^\n|;]*?\bpasswd\s+--stdin"
        r"|[^\n|;]*?\bchpasswd\b|[^\n|;]*?\bkinit\b)",
        # Windows: `net user name pass /add`.
        r"(?i)\bnet\s+user\s+\S+\s+(?!/)" + _ARG.format("v") + r"(?=\s+/|\s*$)",
        # Cisco: `username admin password 0 …`, `enable secret 0 …` (type 0
        # is clear text, type 7 reversible).
        r"\b(?:password|secret)\s+[07]\s+" + _ARG.format("v"),
        # (S15) and its shared keys: IKE's, RADIUS's, TACACS+'s, a routing
        # protocol's (`crypto isakmp key … address`, `radius-server key 7 …`)
        r"(?i)\b(?:crypto\s+isakmp\s+key|(?:radius|tacacs)-server\s+key|"
        r"key-string|authentication-key|message-digest-key\s+\d+\s+md5)\s+"
        r"(?:[07]\s+)?" + _ARG.format("v"),
        r"\bgh\s+secret\s+set\b[^\n|;]*?\s(?:--body|-b)[= ]" + _ARG.format("v"),
        r"\bipmitool\b[^\n|;]*?\s-P\s+" + _ARG.format("v"),
        r"\bsnmp\w*\b[^\n|;]*?\s-[AX]\s+" + _ARG.format("v"),
        # `etcdctl --user root:…`, any tool (not `--user 1000:1000`).
        r"\s--user[= ]['\"]?(?P<user>[A-Za-z_][\w.@-]*):(?P<vb>(?!\d+\b)[^\s'\"@]+)",
        # IRC: `PASS oauth:…`, `/msg NickServ IDENTIFY …`.
        r"^PASS\s+" + _ARG.format("v"),
        r"(?i)\bNickServ\s+IDENTIFY\s+(?:\S+\s+)?" + _ARG.format("v"),
        # Postfix `sasl_passwd`: `[smtp.gmail.com]:587 user:password`.
        r"^\[[\w.-]+\](?::\d+)?\s+[^\s:]+:(?P<vb>\S{6,})$",
        r"\bwpa_passphrase\s+\S+\s+" + _ARG.format("v"),
        # SQL: `CREATE USER … IDENTIFIED BY '…'`.
        r"(?i)\bIDENTIFIED\s+(?:WITH\s+\w+\s+)?BY\s+(?:PASSWORD\s+)?"
        + _ARG.format("v"),
        # .pgpass: host:port:database:user:password
        r"(?:^|\s)(?:[\w.-]+|\*):(?:\d{2,5}|\*):[\w*.-]+:[\w*.-]+:(?P<vb>\S{4,})$",
    )
)
# `<password>…</password>` in XML configs.
XML_SECRET_RE = re.compile(
    r"(?i)<(?P<tag>[\w.-]*?(?P<key>password|passwd|pwd|pass(?![a-z])|secret|token|"
    r"api[_-]?key)"
    r"[\w.-]*)>(?P<value>[^<\s]{4,})</(?P=tag)>"
)
# `<add key="DbPassword" value="…"/>`, `<entry key="smtp.password">…</entry>`.
XML_KEYED_SECRET_RE = re.compile(
    r"(?i)\b(?:name|key)\s*=\s*[\"'][^\"']*?(?P<key>password|passwd|pwd|secret|"
    r"token|api[_-]?key)[^\"']*[\"']\s*(?:value\s*=\s*[\"'](?P<value>[^\"']{4,})[\"']"
    r"|>(?P<text>[^<\s]{4,})<)"
)
# Credentials handed to code: `auth=('u', 'p')`, `HTTPBasicAuth("u", "p")`,
# `new NetworkCredential("u", "p")`, `smtp.login('u', 'p')`.
CODE_CREDENTIALS_RE = re.compile(
    r"(?i)\b(?:auth|basic_?auth|http_?auth|login|log_in|sign_?in|authenticate|"
    r"credentials?|networkcredential|httpbasicauth|httpdigestauth|digestauth|"
    r"usernamepasswordcredentials|passwordauthentication|set_?password)"
    r"\s*(?:=\s*[\[(]|\(\s*[\[(]?)\s*(?P<q1>['\"])[^'\"\n]*(?P=q1)\s*,\s*"
    r"(?P<q2>['\"])(?P<value>[^'\"\n]{4,})(?P=q2)"
)
# Signed URLs and tokens in query strings: `?sig=…`, `&access_token=…`.
# Azure Functions keys and OAuth codes: `?code=…` (long values only).
QUERY_CODE_RE = re.compile(r"[?&]code=(?P<value>[A-Za-z0-9_%=-]{30,})")
QUERY_SECRET_RE = re.compile(
    r"(?i)[?&](?:sig|signature|x-amz-signature|x-goog-signature|x-amz-security-token|"
    r"access_token|refresh_token|id_token|client_secret|api_?key|apikey|"
    r"auth_?token|token|secret|password|passwd|pwd)=(?P<value>[^&\s#\"'<>]{12,})"
)
# (S15) Names APIs give their key in a query that are also everyday words
# (`?key=`, OpenWeather's `&appid=`, `?auth=`): the value must look like a
# token or be 32 hex digits or more, not an object's path (`?key=uploads/…`).
QUERY_KEY_RE = re.compile(
    r"(?i)[?&](?:key|appid|app_?key|app_?secret|auth|access_?key|private_?token|"
    r"api_?token)=(?P<value>[^&\s#\"'<>]{16,})"
)
# A key-like name and its value as two quoted arguments:
# `define('DB_PASSWORD', '…')`, `config.set("api_key", "…")`.
QUOTED_PAIR_RE = re.compile(
    r"(?i)[\"'](?P<name>(?:[A-Za-z0-9]{1,32}[_.-]){0,3}(?P<key>pass(?:word|wd)?|pwd|"
    r"secret|token|api[_-]?key|apikey|access[_-]?key|secret[_-]?key|private[_-]?key|"
    r"client[_-]?secret|auth[_-]?key)(?:[_.-][A-Za-z0-9]{1,32}){0,3})[\"']\s*,\s*"
    r"[\"'](?P<value>[^\"'\s]{4,})[\"']"
)
# Docker's `config.json`: `"auth": "<base64 of user:password>"`.
DOCKER_AUTH_RE = re.compile(
    r"\"auth\"\s*:\s*\"(?P<value>[A-Za-z0-9+/]{8,}={0,2})\""
    # Round 12 (S6): an HTTP request's `Authorization: Basic …` header, the
    # base64 of `user:password` as well
    r"|(?i:authorization)[\"']?\s*[:=]\s*[\"']?(?i:basic)\s+"
    r"(?P<basic>[A-Za-z0-9+/]{8,}={0,2})(?![A-Za-z0-9+/=])"
    # (S15) npm's `.npmrc`: `_auth = <base64 of user:password>`
    r"|(?:^|[\s:])_auth\s*=\s*[\"']?(?P<npm>[A-Za-z0-9+/]{8,}={0,2})(?![A-Za-z0-9+/=])"
)
# A wallet's recovery phrase: 12 to 24 short lower-case words after its name,
# none of them an English function word (BIP-39 has none).
SEED_PHRASE_RE = re.compile(
    r"(?i)(?:\b(?:(?:recovery|seed|backup|secret|mnemonic|wallet)[\s-]+"
    r"(?:phrase|words|mnemonic|seed)|seed|mnemonic|wiederherstellungsphrase|"
    r"frase (?:de )?(?:recuperaci[óo]n|semilla|recupera[çc][ãa]o)|"
    r"phrase de r[ée]cup[ée]ration|semente|frase semente|semilla|palabras semilla|"
    r"frase seed|"
    # Round 11 (S5): Turkish, Indonesian, Vietnamese, Russian, Polish,
    # Italian, Dutch names
    r"kurtarma (?:kelimeleri|ifadesi|cümlesi)|tohum (?:kelimeleri|ifadesi)|"
    r"frasa pemulihan|cụm từ khôi phục|сид-фраза|мнемоническая фраза|"
    r"фраза восстановления|fraza odzyskiwania|frase di recupero|herstelzin)\b|"
    r"助记词|助記詞|عبارة الاسترداد|"
    r"ニーモニック|シードフレーズ|복구 구문|시드 구문)"
    r"(?:[^\n:=：]{0,40}?[:=：]|\s*(?:is|was)?\s*[:=-]?)\s*[\"'“‘]?"
    r"(?P<words>(?:[a-z]{3,10}\s+){11,23}"
    r"[a-z]{3,10})"
)
# (`have` is one of BIP-39's words: S12.)
FUNCTION_WORDS = set(
    "the and for that this with are was not our you your where what from has "
    "its into then them they there will would should been being can could which "
    "who nobody somewhere stored safe".split()
)
# `wifi …, key Pumpk1n!`: a network key, though "key" alone is no key word.
# (S15) The `Authorization` header under any scheme (`Key …`,
# `Zoho-oauthtoken 1000.…`, `Negotiate …`): what follows the scheme is the
# credential.
AUTH_HEADER_RE = re.compile(
    r"(?i)\bauthorization[\"']?\s*[:=]\s*[\"']?(?:[A-Za-z][\w.-]*\s+)?"
    r"(?P<value>[A-Za-z0-9._~+/=:$-]{16,})"
)
# (S15) `wifi: 3CYe?61Y44`: the network's word alone, then a value with a
# symbol of a password's (an SSID has none: `wifi: AcmeGuest`, `Home-5G`).
WIFI_COLON_RE = re.compile(
    r"(?i)(?<![\w-])(?:wi-?fi|wlan)\s*[:=]\s*[\"'`]?(?P<value>[^\s\"'`,;]{8,})"
)
# (S15) A key combination (`Ctrl+Alt+Del`, `Alt+F4`) opens a screen, not an
# account.
KEY_COMBO_RE = re.compile(
    r"(?i)(?:ctrl|alt|shift|cmd|command|option|opt|win|super|fn|meta|del|delete|"
    r"tab|esc|enter|f\d{1,2}|[a-z0-9])(?:\+(?:ctrl|alt|shift|cmd|command|option|"
    r"opt|win|super|fn|meta|del|delete|tab|esc|enter|f\d{1,2}|[a-z0-9]))+"
)
NETWORK_KEY_RE = re.compile(
    r"(?i)\b(?:wi-?fi|wlan|wpa2?|wpa3|ssid|hotspot|network)\b[^\n]{0,60}?"
    r"\b(?:key|schlüssel|clé|clave|chave|klucz|sleutel)\b\s*"
    r"(?P<sep>[:=]|is|ist|est|es|é|è)?\s*"
    r"[\"'`]?(?P<value>[^\s\"'`,;]{6,})"
)
# A router's printed key: 10 or 26 hex digits (`key 662d668eda`).
HEX_KEY_RE = re.compile(r"[0-9a-fA-F]{8,64}")
# Redis config: `requirepass …`, `masterauth …`.
REDIS_DIRECTIVE_RE = re.compile(
    r"(?im)(?:^\s*|\bCONFIG\s+SET\s+)(?:requirepass|masterauth)\s+[\"']?"
    r"(?P<value>[^\s\"']{4,})"
)
# `"auth": "6szk1r*j5bAE0iInv16"` (Redis, SMTP, proxies in JSON and YAML).
AUTH_FIELD_RE = re.compile(
    r"(?i)(?<![\w-])[\"']?auth[\"']?\s*[:=]\s*[\"'](?P<value>[^\"'\s]{8,})[\"']"
)
# `jdbc:oracle:thin:app/…@db01:1521:ORCL`.
ORACLE_JDBC_RE = re.compile(
    r"\bjdbc:oracle:(?:thin|oci8?):(?P<user>[\w$#]+)/(?P<value>[^@\s/]{3,})@"
)
# (S15) Oracle's Easy Connect and its tools' logins: `app/…@//host:1521/
# SERVICE`, `sqlplus system/…@ORCL`, `expdp hr/…@pdb1`; the part between
# the user's slash and the `@` is the password, whatever it looks like.
ORACLE_EZCONNECT_RE = re.compile(
    r"(?<![\w/.:-])(?P<user>[A-Za-z_][\w$#]{0,29})/(?P<value>[^\s/@\"'`]{3,64})"
    r"@//[\w.-]+(?::\d+)?/\w+"
    r"|\b(?:sqlplus|rman|expdp|impdp|exp|imp|sqlldr|dgmgrl)\s+(?:-\w+\s+)*"
    r"[\"']?(?P<tooluser>[A-Za-z_][\w$#]{0,29})/(?P<toolvalue>[^\s/@\"'`]{3,64})"
    r"(?=@|[\"'\s]|$)"
)
# (S15) A connection string's password (`Server=…;User ID=…;Password=…;`,
# `jdbc:sqlserver://…;user=…;password=…`): the string names a server and
# a user, so the value is that user's password, however plain it looks.
CONNECTION_STRING_RE = re.compile(
    r"(?i)(?:^|[;\"'\s=])(?:server|data source|host(?:name)?|address|addr|"
    r"network address)\s*=|jdbc:[a-z]+:"
)
CONNECTION_PASSWORD_RE = re.compile(
    r"(?i)(?:^|[;\"'\s])(?:password|pwd)\s*=\s*(?P<value>[^;\"'\s]{3,})(?=;|[\"'\s]|$)"
)
# `datadog key: 0f3e…`, `mailjet key = …`: a vendor's key, named by the
# vendor; not a cache, partition, sort or primary key.
VENDOR_KEY_RE = re.compile(
    r"(?i)\b(?P<vendor>[a-z][\w.-]{1,24})\s+key\s*(?:is|[:=])\s*[\"'`]?"
    r"(?P<value>[A-Za-z0-9_-]{24,})"
)
BENIGN_KEY_KINDS = {
    "cache", "idempotency", "partition", "sort", "primary", "foreign", "row",
    "object", "s3", "gpg", "pgp", "ssh", "host", "public", "pub", "routing",
    "shard", "hash", "dedup", "dedupe", "composite", "lookup", "map", "dict",
    "index", "answer", "keyboard", "registry", "music", "unique", "natural",
    "surrogate", "candidate", "compound", "idempotence", "redis", "memcached",
    "group", "join", "the", "a", "an", "this", "that", "your", "my", "our",
    "example", "sample", "test", "demo", "dummy", "fake",
}  # fmt: skip
# A vendor's key named in any language, the value 32 to 64 hex digits a few
# words later: `here's the Datadog key you asked for: 0d4f…`, `Algolia-sleutel:
# …`, `Twilio 的密钥是 …`. Hex after a vendor's name and a key word is no digest.
_HEX_KEY_VENDORS = (
    r"(?:twilio|datadog|algolia|mailgun|mailchimp|sendgrid|new ?relic|"
    r"mixpanel|segment|amplitude|pagerduty|bugsnag|rollbar|postmark|pusher|"
    # (S9) BambooHR's API keys are 40 hex digits
    r"bamboo(?:hr)?|"
    r"cloudinary|contentful|hotjar|intercom|optimizely|braze|onesignal|clearbit|"
    r"ipinfo|openweather(?:map)?|weatherapi|newsapi|mapbox|tomtom|sentry|"
    r"logdna|loggly|honeybadger|airbrake|statuspage|freshdesk|zendesk|"
    r"kakao|카카오|naver|네이버|baidu|百度|amap|高德|yandex|яндекс|dadata|line)"
)
_KEY_WORDS = (
    r"(?:key|token|secret|sleutel|nyckel(?:n)?|schlüssel|clé|clave|"
    r"chave|klucz|chiave|nøgle(?:n)?|nøkkel(?:en)?|avain|kulcs|anahtar\w*|ключ\w*|"
    # (S6) Romanian `cheia`, Czech and Slovak `klíč`/`kľúč`, Croatian `ključ`,
    # Slovenian, Lithuanian `raktas`, Latvian `atslēga`, Greek `κλειδί`
    r"chei[ae]|klíč\w*|kľúč\w*|ključ\w*|rakt\w*|atslēg\w*|κλειδί|"
    r"密钥|秘钥|令牌|キー|トークン|키|토큰)"
)
VENDOR_HEX_KEY_RE = re.compile(
    rf"(?i)(?<![\w-])(?:{_HEX_KEY_VENDORS}[^\n]{{0,30}}?{_KEY_WORDS}"
    # (S6) the key word first, as Romance and Slavic languages say it:
    # `Cheia Datadog pentru vinylbase: 02e1…`
    rf"|{_KEY_WORDS}[ \t]+(?:\w+[ \t]+)?{_HEX_KEY_VENDORS}(?![\w-]))"
    r"[^\n]{0,30}?(?<![0-9A-Za-z])(?P<value>[0-9a-f]{32,64})(?![0-9A-Za-z])"
)
# (S15) Any vendor's API key, token or secret handed over in a sentence,
# the hex a few words on (`here's the Hetzner API key you asked for 26ea…`,
# `the access token I generated: 9f…`); not a digest, id or commit named
# in between (`API key hash sha1 …`, `token id …`).
NAMED_HEX_KEY_RE = re.compile(
    r"(?i)(?<![\w-])(?:api[_ -]?key|api[_ -]?token|access[_ -]?(?:key|token)|"
    r"secret[_ -]?key|auth[_ -]?token|client[_ -]?secret|app[_ -]?secret)"
    r"(?P<between>[^\n.!?]{0,40}?)(?<![0-9A-Za-z])(?P<value>[0-9a-f]{32,64})"
    r"(?![0-9A-Za-z])"
)
NOT_KEY_BETWEEN_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:hash\w*|sha\d*|md5|fingerprint|checksum|digest|"
    r"commit|id|ids|identifier|kid|revision|rev|etag|build|version)(?![^\W\d_])"
)
# (S8) The value first, the vendor's key after: `staging uses 0d4f… as the
# Datadog API key`, `0d4f… is our Mailgun key`.
VENDOR_HEX_KEY_AFTER_RE = re.compile(
    r"(?i)(?<![0-9A-Za-z])(?P<value>[0-9a-f]{32,64})(?![0-9A-Za-z])[\"'`]?"
    r"[ \t]+(?:as|is|=|for)[ \t]+[^\n]{0,15}?"
    rf"(?<![\w-]){_HEX_KEY_VENDORS}[^\n]{{0,15}}?{_KEY_WORDS}(?![\w-])"
)
# (S9) Vendors whose API tokens are UUIDs (Postmark's server and account
# tokens, Wise's API tokens, Heroku's API key, Snyk's and Opsgenie's API
# keys), the UUID a few words after the vendor's name and a key word: a UUID
# alone is a resource's id (`payroll run 9c2e…`), under these names a token.
# (`Wise` capitalised: `it would be wise to rotate the token …` is advice)
_UUID_TOKEN_VENDORS = r"(?:postmark|(?-i:Wise|WISE)|transferwise|heroku|snyk|opsgenie)"
VENDOR_UUID_TOKEN_RE = re.compile(
    rf"(?i)(?<![\w-]){_UUID_TOKEN_VENDORS}(?![\w-])[^\n]{{0,30}}?{_KEY_WORDS}"
    r"(?![\w-])[^\n]{0,40}?(?<![0-9A-Za-z-])(?P<value>[0-9a-f]{8}-[0-9a-f]{4}-"
    r"[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![0-9A-Za-z-])"
)
# (S12) Splunk's HTTP Event Collector token and Opsgenie's API key, UUIDs
# in the headers their docs give (`Authorization: Splunk <token>`,
# `Authorization: GenieKey <key>`).
SPLUNK_HEC_RE = re.compile(
    r"(?i)\bauthorization\b[\"']?\s*[:=]\s*[\"']?(?:Splunk|GenieKey)\s+"
    r"(?P<value>[0-9a-f]{8}-"
    r"[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![0-9A-Za-z-])"
)
# (S12) An Azure DevOps personal access token in its older format: 52 of
# base32's lower-case alphabet, on a line that names Azure DevOps (its CLI's
# `AZURE_DEVOPS_EXT_PAT`, `dev.azure.com`, VSTS); the same run elsewhere may
# be a hash.
AZURE_DEVOPS_RE = re.compile(
    r"(?i)azure[_ -]?devops|\bvsts|dev\.azure\.com|visualstudio\.com|"
    r"\bado[_ -](?:pat|token)"
)
AZURE_DEVOPS_PAT_RE = re.compile(r"(?<![A-Za-z0-9])[a-z2-7]{52}(?![A-Za-z0-9])")
# (S12) A wallet's private key handed to the library that signs with it
# (ethers' `new Wallet(…)`, viem's `privateKeyToAccount(…)`, web3.py's
# `Account.from_key(…)`): 64 hex digits, `0x` or not.
WALLET_KEY_RE = re.compile(
    r"(?:\bnew\s+(?:ethers\.)?Wallet|\bWallet\.fromPrivateKey|\bprivateKeyToAccount|"
    r"\bAccount\.(?:from_key|privateKeyToAccount)|\bwallet\.add)\(\s*[\"'`]"
    r"(?P<value>(?:0x)?[0-9a-fA-F]{64})[\"'`]"
)
# (S9) An API key sent as HTTP Basic's user name, the password empty or one
# placeholder character (`curl -u "<key>:x"`, `-u sk_…:`), as BambooHR,
# Stripe, Freshdesk and Harvest document: the user name is the credential.
CURL_KEY_AS_USER_RE = re.compile(
    r"\b(?:curl|wget|http)\b[^\n|;]*?\s(?:-u|--user)[= ]\s*['\"]?"
    r"(?P<value>[A-Za-z0-9_-]{20,}):[A-Za-z]?(?=['\"\s]|$)"
)
# `Set-Cookie: connect.sid=s%3A…`: a session cookie's value.
SESSION_COOKIE_RE = re.compile(
    r"(?i)(?:\b(?:set-)?cookie:\s*|(?<![\w-])(?:-b|--cookie)\s+[\"']?)"
    r"(?:[^\s=;]+=[^;\s]*;\s*)*?"
    r"[\w.-]*(?:sid|sess|session|auth|token)[\w.-]*=(?P<value>[^;\s]{20,})"
)
# (S8) A session cookie by its framework's name, wherever it stands
# (`copied my cookie: connect.sid=s%3A…`, `PHPSESSID=…`, `sessionid=…`): the
# value is a logged-in session, as good as the password while it lives.
SESSION_PAIR_RE = re.compile(
    r"(?i)(?<![\w.-])(?:connect\.sid|phpsessid|jsessionid|asp\.net_sessionid|"
    # (S9) Rails names its cookie `_<app>_session`: `_personio_session=…`
    r"sessionid|session_id|_?[a-z0-9]+[_.-]session|_?session|"
    # (S15) WordPress's login cookies, Drupal's session (`SSESS<hash>`)
    r"wordpress_(?:logged_in|sec)_[0-9a-f]{32}|s?sess[0-9a-f]{32})"
    r"=(?P<value>[^;\s\"'`,&]{20,})"
)
# `try Glacier2484?, that's the one for the router`.
THATS_THE_ONE_RE = re.compile(
    r"(?i)\b(?:try|use)\s+[\"'`]?(?P<value>[^\s\"'`]{8,}?)[\"'`]?[,.;]?\s+"
    r"(?:that'?s|that’s|it'?s|it’s|which\s+is)\s+the\s+(?:one|pw|password|code|pass)\b"
)
# `log into the bastion as ops with …`, `log in with …? it's the shared
# account`: the value a login takes.
LOGIN_WITH_RES: tuple[re.Pattern[str], ...] = (
    re.compile(
        r"(?i)\blog(?:\s*in(?:to)?|-in|on)\b[^\n]{0,40}?\bas\s+\S+\s+(?:with|using)\s+"
        r"(?:password\s+|pw\s+)?[\"'`]?(?P<value>[^\s\"'`,;]{8,})"
    ),
    re.compile(
        r"(?i)\blog(?:\s*in(?:to)?|-in|on)\s+(?:with|using)\s+[\"'`]?"
        r"(?P<value>[^\s\"'`,;]{8,})"
    ),
)
# (S15) The same with other ways in: `RDP to 10.0.0.9 as Administrator with
# …`, `ssh into the box as deploy using …`, `ssh to the pi with …`.
CONNECT_AS_WITH_RE = re.compile(
    r"(?i)\b(?:rdp|ssh|sftp|connect(?:s|ed)?|sign(?:ed|s)?\s*in(?:to)?|"
    r"get\s+in(?:to)?|remote\s+(?:in)?to)\b[^\n]{0,40}?\b(?:as\s+\S+\s+)?(?:with|using)\s+"
    r"(?:(?:the\s+)?(?:password|pw)\s+)?[\"'`]?(?P<value>[^\s\"'`,;]{8,})"
)
# (S9) A file said to be protected or locked with a value: `the xlsx is
# protected with HR2023!CcN`, `Datei ist geschützt mit …`, `archivo protegido
# con …`. The value must read as a chosen password (`_is_prose_password`):
# `protected with 2FA`, `encrypted with AES-256` are methods.
PROTECTED_WITH_RE = re.compile(
    r"(?i)\b(?:(?:password[- ])?(?:protected|locked|secured)\s+(?:with|by|using)|"
    r"(?:opens|unlocks)\s+with|s['’]ouvre\s+avec|se\s+abre\s+con|"
    r"(?:geschützt|gesperrt|gesichert)\s+mit|protég[ée]e?s?\s+(?:par|avec)|"
    r"protegid[oa]s?\s+co[nm]|protett[oa]\s+con|beveiligd\s+met|"
    r"zabezpieczon[ya]\s+(?:hasłem|przez))\s+(?:the\s+|das\s+|le\s+|el\s+)?"
    r"[\"'`]?(?P<value>[^\s\"'`,;()]{8,}?)[\"'`]?(?=[\s,;)]|[.!?]?$)"
)
# (S9) A password word at the end of a compound, as Germanic languages
# write it (`Zertifikatspasswort:`, `Datenbankkennwort =`, `beheerderswachtwoord:`,
# `adminlösenord:`, `WLAN-Passwort`'s unhyphenated twin).
COMPOUND_PASSWORD_RE = re.compile(
    r"(?i)(?<![^\W\d_])[^\W\d_]{3,30}(?:passwort|kennwort|wachtwoord|lösenord(?:et)?|"
    r"passord(?:et)?|adgangskode(?:n)?|salasana)"
    r"(?:\s+(?:für|vom|zum|zur|des|der|voor|van|för|til|for)(?:\s+[\w.-]+){1,3}?)?"
    r"\s*(?:[:=]|\s(?:lautet|ist|is|är|er|on))\s*[\"'`]?(?P<value>[^\s\"'`,;]{6,})"
)
# `<<< 'Cinder648*'`: a here-string fed to a prompt (kinit, sudo -S, …).
HERE_STRING_RE = re.compile(r"<<<\s*" + _ARG.format("v"))
# `it's qeb564DRPnr — don't share it`.
DONT_SHARE_RE = re.compile(
    r"(?i)(?P<value>[^\s\"'`,;:]{8,})[\"'`]?\s*[—–,;:-]*\s*(?:pls\s+|please\s+)?"
    r"(?:don'?t|don’t|do\s+not|never)\s+(?:share|tell|give|post|forward)"
)
# The value said to be the password, before or after the word:
# `hunter22 is the password for the wifi`, `use X as the password`,
# `password updated, it's now X`, `password? X`.
PW_WORD = r"(?:password|passwort|pw|passcode|passphrase|pass)"
SAID_PASSWORD_RES: tuple[re.Pattern[str], ...] = (
    re.compile(
        r"(?i)(?<![^\s\"'`(])[\"'`]?(?P<value>[^\s\"'`,;()]{6,}?)[\"'`]?\s+(?:is|was)\s+"
        rf"(?:the|my|our|your)\s+(?:new\s+|old\s+|current\s+)?{PW_WORD}\b"
    ),
    re.compile(
        r"(?i)\buse\s+[\"'`]?(?P<value>[^\s\"'`,;()]{6,}?)[\"'`]?\s+as\s+(?:the|my|your|a)\s+"
        rf"(?:new\s+|temp(?:orary)?\s+)?{PW_WORD}\b"
    ),
    re.compile(
        rf"(?i)\b{PW_WORD}\b[^\n]{{0,30}}?\b(?:it'?s|it’s|is)\s+now\s+[\"'`]?"
        r"(?P<value>[^\s\"'`,;()]{6,})"
    ),
    re.compile(rf"(?i)\b{PW_WORD}\?\s+[\"'`]?(?P<value>[^\s\"'`,;()]{{6,}})"),
)
# Words some rules need, looked for before running them.
SHARE_WORDS = ("share", "tell", "give", "post", "forward")
KEY_VERBS = ("set", "chang", "updat", "reset", "now", "generat", "creat")
QUALIFIERS = ("wi", "wlan", "router", "vpn", "mail", "admin", "root", "nas", "server")
# `the new one is PXRO0227zzum`: a replaced password, named by "one".
NEW_ONE_RE = re.compile(
    r"(?i)\b(?:new|old|current|temporary|temp)\s+one\s+(?:is|:)\s+[\"'`]?"
    r"(?P<value>[^\s\"'`,;()]{8,})"
)
# `ADO PAT: …`, `PATs: …`: the abbreviation, in capitals.
PAT_RE = re.compile(
    r"\bPATs?\b[^\n\w]{0,4}(?:is\s+)?[\"'`]?(?P<value>[A-Za-z0-9_-]{20,})"
)
# `use 'xav67NQQ+all' when it asks`: the value to type at a prompt.
WHEN_ASKED_RE = re.compile(
    r"(?i)\b(?:use|type|enter)\s+[\"'`](?P<value>[^\"'`\s]{8,})[\"'`]\s+"
    r"(?:when|if|once)\s+(?:it|they|the\s+\w+|\w+)\s+(?:asks?|prompts?)"
)
# Azure's two keys of a resource: `key1 0516c1b5…`, `primary key: …`.
AZURE_KEY_RE = re.compile(
    r"(?i)\b(?:key ?[12]|primary key|secondary key)\b\s*[:=]?\s*[\"']?"
    r"(?P<value>[0-9a-f]{32}|[A-Za-z0-9+/]{40,}={0,2})(?![\w+/=])"
)
# A token handed to a CLI's login: `snyk auth <uuid>`, `vault login …`,
# `ngrok config add-authtoken …`, `linode-cli token …`.
CLI_TOKEN_RE = re.compile(
    r"\b(?:snyk|vault|doctl|heroku|netlify|vercel|fly|flyctl|hcloud|linode-cli|"
    r"glab|cf|ngrok|wrangler|railway|render|pulumi|terraform|tailscale|op|bw|"
    r"firebase|supabase|sentry-cli|gh)\b(?:\s+[\w:-]+){0,2}?\s+"
    r"(?:auth|login|token|authtoken|add-authtoken|--token|--auth-token|-t)"
    r"(?:\s+(?:--?[\w-]+(?:=\S+)?))*\s+[\"']?(?P<value>[A-Za-z0-9_.-]{20,})"
)
# Twilio: an account SID (`AC…`, an id) with a 32-hex value on the same
# line is the SID and its auth token.
TWILIO_SID_RE = re.compile(r"\bAC[0-9a-f]{32}\b")
HEX32_RE = re.compile(r"(?<![\w])[0-9a-f]{32}(?![\w])")

# `creds: admin / S3cret!`, `login is bob@example.com / S3cret!`.
USER_SLASH_PASSWORD_RE = re.compile(
    r"(?i)\b(?:creds?|credentials|login|log-in|sign-in|user\s*/\s*pass(?:word)?|"
    r"identifiants|credenziali|credenciales|credenciais|zugangsdaten|anmeldedaten|"
    r"inloggegevens|dane\s+logowania|kimlik\s+bilgileri|учетные\s+данные|"
    r"учётные\s+данные|認証情報|로그인)\b"
    r"[^\n]{0,60}?[\w.@+-]+\s+/\s+(?P<value>[^\s\"'`,;]{4,})"
)

# Names that make the value after them a secret: `password = …`,
# `API_KEY: …`, `the wifi password is …`, `Bearer …`. A name may be part of
# a snake_case or kebab-case name (`db_password`), not of a word (`shipping`).
KEY_WORD = (
    r"pass(?:word|wd|phrase|code)?|phrase de passe|pwd|secret|token|"
    r"pin(?:[_ -]?code)?|"
    r"api[_ -]?key|apikey|access[_ -]?key|secret[_ -]?key|private[_ -]?key|"
    # (S15) `hmacKey`, `hmac_key`, `passkey`
    r"(?:app|application|admin|master|service|account|signing|encryption|hmac|pass|"
    r"license|webhook|write|auth|subscription)[_ -]?key|client[_ -]?secret|"
    # Round 11 (S5): `WECHAT_APPSECRET`; a token in Japanese, Chinese, Korean
    r"app[_ -]?secret|トークン|令牌|토큰|"
    r"credentials?|creds|authorization|bearer|pw|login|passwort|kennwort|authtok|"
    r"keychain|keepass|"
    r"contrase(?:ñ|n)a|mot de passe|mdp|senha|wachtwoord|has(?:ł|l)o|parola|"
    r"l(?:ö|o)senord(?:et)?|passord(?:et)?|adgangskode(?:n)?|"
    # Finnish possessives: `salasanani`, `salasanasi`
    r"salasana(?:ni|si|mme|nne|nsa)?|heslo|"
    r"jelsz(?:ó|o)|(?:ş|s)ifre(?:si)?|clave(?![ -]+(?:[úu]nica|de\s+elector))|"
    # (S15) Hebrew's construct state (`סיסמת הוויפי`); a Wi-Fi network's
    # code in Thai, Persian and Arabic, whose word alone is any code
    # (S15) and colloquial short forms: Spanish `la contra del wifi`,
    # Russian `пасс от админки`
    r"(?:(?<=\bla )|(?<=\btu )|(?<=\bmi )|(?<=\bsu ))contra(?=\s+del?\s)|пасс|"
    r"пароль|парол|密码|密碼|口令|パスワード|暗証番号|비밀번호|암호|סיסמ[הת]|"
    r"รหัส(?=\s*(?:wi-?fi|ไวไฟ))|رمز(?=\s*(?:وای ?فای|الواي ?فاي|wi-?fi))|"
    r"κωδικός(?: πρόσβασης)?|συνθηματικό|पासवर्ड|kata sandi(?:nya|ku|mu)?|pgpassword|"
    # Round 7 (tune11): more languages' password words.
    r"รหัสผ่าน|kata laluan|nenosiri|lozink[aeu]|лозинк[аеу]|geslo|slaptažodis|"
    r"parooli?|salasõna|lykilorð|fjalëkalim(?:i)?|პაროლი|գաղտնաբառ|құпия сөз|"
    r"رمز عبور|گذرواژه|پاس ورڈ|পাসওয়ার্ড|கடவுச்சொல்|contrasenya|contrasinal|"
    r"pasahitza|нууц үг|كلمة السر|sandi(?:nya|ku|mu)?|"
    # Round 10 (S4): Afrikaans, Latvian, inflected Icelandic, Hungarian and
    # Turkish, colloquial Arabic, Dutch "passphrase"
    r"wagwoord|parole|lykilorð(?:ið|inu|s)?|jelszav(?:am|ad|a|unk)|"
    r"(?:ş|s)ifre(?:m|miz|n|yi|mi|ni)|باسورد|الباسورد|wachtzin|"
    r"psk|pre-?shared[_ -]?key|code (?:du )?wi-?fi|"
    r"كلمة المرور|mật khẩu|"
    # Round 11 (S5): Azerbaijani, Uzbek, Kazakh (one word), Amharic, Arabic
    # without its article, Welsh
    r"şifrə(?:si|m)?|parol(?:i|im|ingiz)?|құпиясөз(?:і|ім)?|የይለፍ ቃል|كلمة سر|"
    r"cyfrinair|"
    # (S12) Korean's short `비번`, Irish, Khmer, Burmese, Sinhala; Telugu,
    # Kannada, Malayalam, Gujarati, Punjabi (a joiner inside or not)
    r"비번|pasfhocal|ពាក្យសម្ងាត់|စကားဝှက်|මුරපදය|పాస్\u200c?వర్డ్|ಪಾಸ್\u200c?ವರ್ಡ್|"
    r"പാസ്\u200c?വേഡ്|પાસવર્ડ|ਪਾਸਵਰਡ|"
    r"(?:alarm|door|gate|safe|lock|entry)[_ -]?code|"
    # Round 7 (tune11b): a network's key, a session's cookie.
    r"(?:wi-?fi|wlan|wpa2?|network|router|guest)[_ -]?key|"
    r"session(?:id|[_ -]?(?:id|token|key|cookie|secret))|phpsessid|jsessionid"
)
# (Round 10: a word of a script without spaces may follow a Latin one:
# `VPNパスワードは…`, `WiFi密码：…`.)
KEY_NAME = (
    r"(?:(?<![A-Za-z])|(?=[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]))"
    rf"(?:[A-Za-z0-9]{{1,32}}[_-]){{0,3}}(?P<key>{KEY_WORD})"
    r"(?:[_-][A-Za-z0-9]{1,32}){0,3}"
)
KEY_CONTEXT_RE = re.compile(
    rf"(?i){KEY_NAME}(?![A-Za-z])[\s:=>\"'`]*(?:(?:is|was|to)\s*:?\s*)?$"
)
ASSIGNMENT_RE = re.compile(
    rf"(?i){KEY_NAME}(?![A-Za-z])[\"'`]?"
    "QUALIFIER"
    # `password = x`, `token: x`, `password for the wifi is x`, `bearer x`
    # `password for the wifi is x`, `mot de passe du compte admin est x`,
    # `Kennwort für den Router lautet x`, `hasło do panelu: x`.
    # Maltese `tal-wifi`: an article joined to its word (S5)
    r"(?:\s+(?:tal|tad|tat|tar|tas|taż|taċ)-[\w]+)?"
    r"(?:(?:\s+(?:for|of|on|to|at|in|from|für|fuer|vom|zum|zur|du|de|des|pour|"
    r"della|dello|di|del|da|do|dos|das|para|per|dla|voor|van|na|w|för|til|till|"
    r"от|для|к|на|de la|untuk|của|cho|του|της|για|la|ya|za|k|pro|ng)"
    r"(?:\s+[\w.'’@-]+(?::[^\W\d_]{1,3})?){1,5}?)?"
    # (S9) a note in brackets before the colon: `API key (prod) = …`,
    # `client secret (Workforce Now): …`
    r"(?:\s*\([^()\n]{1,40}\))?"
    r"(?:\s*(?:[:=：]|=>|:=|->|<-|→|は|是|为|為|는|은)\s*|\s+(?:(?:is|was|has\s+been|got)\s+"
    r"(?:changed\s+|"
    r"set\s+|reset\s+|updated\s+)?to|(?:changed|set|reset|updated)\s+to|is|was|are|"
    r"to|est|es|è|é|ist|lautet|lautet:|jest|är|er|era|war|fue|wynosi|wordt|zijn|je|"
    r"on|adalah|là|είναι|है|c'est|c’est|ni|คือ|yra|ir|është|"
    # Round 11 (S5): Maltese, Welsh; the Ethiopic colon
    r"hija|huwa|yw|ydy|"
    # (S15) Bengali, Hebrew, Urdu copulas
    r"হলো|হল|হচ্ছে|היא|הוא|ہے|"
    # (S12) Khmer
    r"គឺ)\s*:?\s*|\s*[፦፡]\s*)"
    r"|(?P<bare>\s+))"
    r"[\"'`]?(?P<value>[^\s\"'`,;]{4,})"
)
# `kata sandi wifi …`, `mật khẩu wifi là …`: what it opens, unlinked. A
# second pattern, so `login admin password …` still matches at `password`.
QUALIFIED_ASSIGNMENT_RE = re.compile(
    ASSIGNMENT_RE.pattern.replace(
        "QUALIFIER", r"\s+(?:wi-?fi|wlan|router|vpn|e-?mail|admin|root|nas|server)"
    )
)
ASSIGNMENT_RE = re.compile(ASSIGNMENT_RE.pattern.replace("QUALIFIER", ""))
# Credentials said in passing, checked to look random: `login with
# bob@acme.io and Pumpk1n!`, `admin/Pumpk1n!`, `root:Pumpk1n!`, `wifi:
# AcmeHome / Pumpk1n!`, `AUTH default …` (Redis), `password is the same as
# my laptop: …`.
CASUAL_CREDENTIAL_RES: tuple[re.Pattern[str], ...] = tuple(
    re.compile(pattern)
    for pattern in (
        r"(?i)\blog(?:\s*in|-in|on)\s+(?:with|as|using)\s+\S+\s+(?:and|/|,|with)\s+"
        r"(?:password\s+|pw\s+)?(?P<value>[^\s\"'`,;]{6,})",
        r"(?<![\w/.-])(?:root|admin|administrator|pi|ubnt|sa|guest)[:/]"
        r"(?P<value>[^\s/:\"'`,;]{6,})",
        r"(?i)\b(?:wi-?fi|wlan|wpa2?|ssid|network|hotspot)\b[^\n]{0,40}?[\w-]+\s*/\s*"
        r"(?P<value>[^\s\"'`,;]{6,})",
        r"\bAUTH\s+(?:\w+\s+)?(?P<value>[^\s\"'`]{8,})",
        # `password … : …`, `contraseña nueva -> …`, `… is still …`
        rf"(?i){KEY_NAME}(?![A-Za-z])[^\n:.!?]{{1,60}}?(?::|->|→|=>|=|\b(?:is|was|are)"
        r"\s+(?:still|now|again|currently|also|always)\b)\s*[\"'`]?"
        r"(?P<value>[^\s\"'`,;]{8,})",
    )
)
# The ones that do not start with a credential's name.
CASUAL_UNNAMED_RES = CASUAL_CREDENTIAL_RES[:-1]
# (S8) A device's admin login given as one value: `router admin:
# poh605#UTUKAWA`, `NAS root = …`. The user is the role word itself, so the
# value is its password; checked to look chosen (an address or a name is not).
DEVICE_ADMIN_RE = re.compile(
    r"(?i)\b(?:router|modem|nas|switch|firewall|camera|cam|printer|wi-?fi|"
    r"access point|ap|server|bios|idrac|ilo|ipmi|ups|nvr|dvr|pfsense|opnsense|"
    r"unifi|synology|qnap|mikrotik|fritz!?box)\s+(?:admin|root|administrator)"
    r"\s*(?:[:=]|->|→)\s*[\"'`]?(?P<value>[^\s\"'`,;]{8,})"
)
# `new password set: 50phpcee`: a password word, a verb, a colon.
KEY_VERB_COLON_RE = re.compile(
    rf"(?i){KEY_NAME}(?![A-Za-z])\s+(?:set|changed|updated|reset|is\s+now|now|"
    r"generated|created)\s*[:=]\s*[\"'`]?(?P<value>[^\s\"'`,;]{6,})"
)
# A credential word anywhere in a line ("password", "pw", "token", "creds",
# "passphrase" …), for the general rule below.
CREDENTIAL_WORD_RE = re.compile(rf"(?i){KEY_NAME}(?![A-Za-z])")
# (S12) A value that is a credential's name in some language, alone
# (`Пароль`, `Mot de passe`, `Contraseña:`): a user interface's label.
CREDENTIAL_LABEL_RE = re.compile(rf"(?i)(?:{KEY_WORD})\s?[:?]?")
# Tokens near it: anything between spaces, quotes and brackets.
NEARBY_TOKEN_RE = re.compile(r"[^\s\"'`,;()<>\[\]{}|]+")
# How far from the credential word a generated-looking value may stand:
# `password … New one: X`, `use X as the temporary password`.
NEARBY_AFTER = 70
NEARBY_BEFORE = 45
TEMPLATE_RE = re.compile(r"\{\{|\{%|\$\{|%\(|<[^<>]+>")
MAC_ADDRESS_RE = re.compile(r"(?:[0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}")
# A passphrase of three to six plain words, unquoted, given as a password:
# `wifi password is correct horse battery staple`, `Passwort: grüner Apfel
# Baum`. The words end their clause, and none is a small word of prose
# (`the password is in the vault`, `… is too short and weak`).
BARE_PASSPHRASE_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:pass\s?phrase|phrase de passe|frase de contraseña|"
    r"password|passwort|kennwort|mot de passe|contraseña|clave|senha|wachtwoord|"
    r"hasło|heslo|lösenord(?:et)?|passord(?:et)?|adgangskode(?:n)?|salasana|"
    r"jelszó|şifre(?:si)?|parola|(?:wi-?fi|wlan|network)\s+key|schlüssel|"
    r"sleutel|nyckel(?:n)?|wachtzin|wagwoord|lösenfras(?:en)?|passfrase(?:n)?|"
    r"frase segreta|salausfraasi|"
    # (S6) a "secret phrase": French, Spanish, Portuguese, Italian
    r"phrase secr[èe]te|frase secreta|frase secret[ao]|frase segreta|"
    # (S8) a phrase or password word of Russian, Ukrainian, Polish, Greek
    r"(?:парольн\w*\s+|кодов\w*\s+|секретн\w*\s+)?фраз[аиу]|"
    r"fraza(?:\s+has[łl]a)?|φράση(?:\s+πρόσβασης)?)"
    r"(?:\s+(?:for|of|to|on|für|zum|zur|du|de|des|pour|del|da|do|para|per|voor|van|"
    r"dla|do|för|till|til|k|ke|na|della|dello|для|від|от|до|για|του|της|των)"
    r"(?:\s+[\w'’-]+){1,3}?)?"
    # (S6) a note in brackets before the colon: `passphrase (paper copy in
    # the drawer too): …`
    r"(?:\s*\([^()\n]{1,50}\))?"
    r"(?:\s*[:=]\s*|\s+(?:is|was|ist|lautet|est|es|é|è|jest|är|er|on|je)"
    r"\s*:?\s+)"
    r"[«“„\"']?(?P<value>[^\W\d_]{3,12}(?:\s+[^\W\d_]{3,12}){2,5}(?:\s+\d{1,4})?)"
    r"[»”“\"']?"
    r"(?=\s*(?:$|[.!?;,()]|[—–]|\s-\s|\s+(?:and|but|please|pls|don|do|so|keep|"
    r"thanks|cheers|—)\b))"
)
# Words that make the value prose, not a passphrase: small words and what is
# said about passwords, in the languages above.
PROSE_WORDS = frozenset(
    """
    the and for that this with are was not our you your where what from have has
    its into then them they there will would should been being can could which
    who nobody somewhere stored safe too very also still now again just only
    always never here same different each every all any some whatever whichever
    any none both either neither same than more most less least much many few
    but nor yet how why when while until since before after about above below
    under over between through during without within against among upon onto off
    out per via like unlike near inside outside his her their him she who whom
    whose mine yours ours theirs hers one two three four five six seven eight
    nine ten first last next long short weak strong wrong invalid valid expired
    required optional mandatory unknown empty blank missing hidden visible case
    sensitive insensitive secure insecure temporary default reset changed set
    updated saved shared sent written printed stored hashed encrypted managed
    rotated known listed noted taped kept given attached enough minimum maximum
    least characters letters digits words word symbols chars random generated
    easy hard simple complex complicated new old current previous usual same
    today tomorrow yesterday soon later week month year years days hours minutes
    fridge vault drawer keychain manager envelope note sticky paper card back
    bottom top router label sticker box desk wall door
    der die das und ist nicht ein eine einen mit auf für von zu im in am den
    dem des noch schon sehr zu immer wieder auch nur
    le la les et est pas un une des du au aux sur dans avec pour par très
    trop encore aussi toujours
    el los las y es no un una unos unas del al en con por para muy también
    siempre todavía
    de het een en niet op aan met voor van zeer ook nog altijd
    o os as um uma não em com por muito também ainda sempre
    och inte en ett på med för till också alltid
    dasselbe derselbe dieselbe gleiche gleich wie letzte letzten alte neue
    même que mismo misma igual que mesmo mesma stesso stessa zelfde hetzelfde
    dezelfde als
    это как все его она они где там тут лежит хранится хранить менеджере
    менеджер паролей паролів сейфе сейфі зберігається лежить також ще вже
    """.split()
)
# Round 10 (S4): the other languages' small words above. An English small
# word alone among a passphrase's words given under another language's
# password word is that language's word (Czech `most`, a bridge; Dutch
# `pet`): `Heslo k routeru: sova lampa most`.
OTHER_PROSE_WORDS = frozenset(
    """
    der die das und ist nicht ein eine einen mit auf für von zu im in am den
    dem des noch schon sehr zu immer wieder auch nur
    le la les et est pas un une des du au aux sur dans avec pour par très
    trop encore aussi toujours
    el los las y es no un una unos unas del al en con por para muy también
    siempre todavía
    de het een en niet op aan met voor van zeer ook nog altijd
    o os as um uma não em com por muito também ainda sempre
    och inte en ett på med för till också alltid
    dasselbe derselbe dieselbe gleiche gleich wie letzte letzten alte neue
    même que mismo misma igual que mesmo mesma stesso stessa zelfde hetzelfde
    dezelfde als
    """.split()
)
ENGLISH_PASSWORD_WORD_RE = re.compile(
    r"(?i)^(?:pass\s?phrase|password|(?:wi-?fi|wlan|network)\s+key)"
)
# A value that starts with one of these is an instruction (`Password: ask
# Maria tomorrow`), not the password.
INSTRUCTION_VERBS = frozenset(
    "see ask check call contact email mail use try request follow click visit "
    "look find get read open text ping message phone reach consult refer "
    "siehe frag fragen voir demander demande ver pedir preguntar vraag zie".split()
)
# A passphrase of words in quotes: `the passphrase … is "maple copper
# lantern thistle"`.
QUOTED_PASSPHRASE_RE = re.compile(
    r"(?i)\b(?:pass\s?phrase|password|passwort|mot de passe|phrase de passe|"
    r"contraseña|senha|wachtwoord|pw)\b"
    r"(?:[^\n\"“«„]{0,50}?(?:\b(?:is|es|est|ist|lautet|é|è|är)\b|:|=|->|→)"
    r"[^\n\"“«„:=]{0,16}?|\s*)\s*[\"“'«„](?P<value>[^\"”'»“\n]{12,80})[\"”'»“]"
)
# `use Qu0kk4&128 for the shared Netflix account`: a generated-looking
# value said to be used for an account or a login.
USE_FOR_ACCOUNT_RE = re.compile(
    r"(?i)\buse\s+[\"'`]?(?P<value>[^\s\"'`]{8,})[\"'`]?\s+(?:for|on|to)\b[^\n]{0,50}?"
    r"\b(?:account|login|log in|sign in|wi-?fi|vpn|router|server|admin|portal|box|"
    # (S15) `use … to unlock the shared drive`, `… to decrypt the backup`:
    # the value must read as chosen (not `use SpaceBar10 to unlock`)
    r"(?P<opens>unlock|decrypt|open the (?:vault|volume|archive|safe|file)))\b"
)
# Numeric codes of locks, safes and doors: `the code for the bike lock is
# 4417`, `safe combo is 36-12-48`, `PIN 7731 for the garage door`; a
# sentence may end right after the code (`… : 9881A.`), a decimal may not.
LOCK_CODE_RES: tuple[re.Pattern[str], ...] = (
    re.compile(
        r"(?i)\b(?:code|combo|combination|pin|pass)\b[^\n.]{0,40}?\b(?:lock|door|alarm|"
        r"gate|safe|garage|locker|padlock|keypad|building|storage|unit|mailbox|shed|"
        r"cabinet|vault|apartment|flat|house|entry|front|back|bike)\b[^\n.\d]{0,20}?"
        r"(?:\bis\b|:|=|->|→)\s*(?P<value>\d(?:[\d -]{2,10})\d)(?![\w/-]|\.\d)"
    ),
    re.compile(
        r"(?i)\b(?:(?:un)?lock|door|alarm|gate|safe|garage|locker|padlock|keypad|"
        r"disarm|screen|phone|sim)\s+"
        r"(?:[a-z]+\s+){0,2}(?:code|combo|combination|pin|passcode)\b[^\n.\d]{0,20}?"
        r"(?:\bis\b|:|=|->|→)?\s*"
        r"(?P<value>\d{1,3}(?:[ -]\d{1,3}){2,3}|\d{4,8})(?![\w/-]|\.\d)"
    ),
    re.compile(
        r"(?i)(?<![^\W\d_])(?:PIN|PIN[- ]?(?:code|kod|kód|koodi|kode|código|"
        r"codice|код)|пин(?:-?код)?|PUK2?|PUK code)"
        r"(?:\s+(?:карты|karty|kortet|karte|de la carte))?\s*"
        r"(?:is\s+|['’]s\s+|:\s*|#\s*|-\s*|=\s*)?"
        r"(?P<value>\d{4,8})(?![\w/-]|\.\d)"
        r"(?!\s*(?:digits|characters|chars|attempts|tries))"
    ),
    # `el código del candado es 350`, `der Code vom Zahlenschloss ist 4417`,
    # `le code du cadenas est 0815`: the same in other languages.
    re.compile(
        r"(?i)\b(?:c(?:ó|o)digo|code|codice|kod|kode|koden|koodi|combinaci(?:ó|o)n|"
        r"combinaison|kombination|combinazione)\b"
        # `code postal de l'immeuble`, `code NAF`: a classification's code.
        r"(?!\s+(?:postale?|postais|naf|ape|insee|fiscal|civil|pocztowy|"
        r"ateco|cnae|iso|iban|bic|swift))[^\n.\d]{0,40}?"
        r"(?:candados?|cerraduras?|caja fuerte|taquillas?|buz(?:ó|o)n|puertas?|"
        r"cadenas|coffre(?:-fort)?|casiers?|portes?|serrures?|"
        r"(?:zahlen|fahrrad|tür)?schloss(?:es)?|tresors?|spinds?|haustür|tür|"
        r"lucchetto|cassaforte|armadietto|porta|cadeado|cofre|"
        r"k(?:ł|l)(?:ó|o)dki|sejfu|szafki|drzwi|h(?:ä|a)ngl(?:å|a)set|hänglås|"
        r"kassask(?:å|a)pet|kassaskåp|låset|lås|dörren|hengelåsen|kluis|hangslot|deur|"
        r"immeuble|entrée|portail|bâtiment|garage|haustor|tor|hauseingang|portal|"
        r"portone|cancello|brama|bramy|klatki|porten|poort|garagem|edif[ií]cio|"
        r"alarmes?|alarmas?|allarme|alarmanlage|alarmu|larm(?:et)?|hälytin|"
        r"maletas?|valises?|koffers?|valigia|mala)\b"
        r"[^\n.\d]{0,20}?"
        r"(?:\b(?:es|est|ist|è|é|är|er|jest|is|on|to|wynosi|lautet)\b|:|=|->|→)\s*"
        r"(?P<value>\d(?:[\d -]{1,10})\d[A-Z]?)(?![\w/-]|\.\d)"
    ),
    # `Tresor-Code: 9307`, `Schließfach 14, Code 4247`, `locker 12, code 4411`.
    re.compile(
        r"(?i)\b(?:tresor|safe|tür|alarm|schloss|schließfach|spind|garagen|tor|"
        r"zahlen)[- ]?code\b\s*(?:ist|lautet|:|=)?\s*(?P<value>\d{3,8})(?![\w/-]|\.\d)"
    ),
    re.compile(
        r"(?i)\b(?:locker|schließfach|spind|casier|taquilla|armadietto|szafka|kluisje)"
        r"\s+\d{1,4},?\s+(?:code|pin|combo|kod|código|codice|combinaison)\s*:?\s*"
        r"(?P<value>\d{3,8})(?![\w/-]|\.\d)"
    ),
    # One-time and verification codes: `read out their one-time code 363160`.
    re.compile(
        r"(?i)\b(?:one-time|otp|verification|2fa|mfa|sms|security|login)\s+"
        r"(?:pass)?code\b[^\n\d]{0,30}?(?P<value>\d{4,8})(?![\w/-]|\.\d)"
    ),
    # (S10) a device's or a card's unlock code or PIN, whose in between:
    # `codice di sblocco del mio telefono: 0829`, `Die PIN von meiner
    # EC-Karte: 2714`, `unlock code for grandma's tablet is 4471`
    re.compile(
        r"(?i)(?<![^\W\d_])(?:unlock (?:code|pin)|pin|"
        r"pin[- ]?(?:code|kod|código|codice)|"
        r"codice (?:di )?sblocco|pin di sblocco|c[óo]digo de desbloqueo|"
        r"c[óo]digo de desbloqueio|code de d[ée]verrouillage|entsperr(?:code|-?pin)|"
        r"ontgrendel(?:code|pin)|kod odblokowania)"
        # (not a place's: India's `PIN code of the area` is a postcode)
        r"(?P<gap>(?:[ \t]+(?!\d)(?!(?:area|city|town|village|district|locality|"
        r"post|postal|address|zip|length|digits|attempts|tries)\b)[\w'’-]+){1,5}?)"
        r"[ \t]*"
        r"(?::|=|\b(?:is|ist|lautet|è|es|est|é|är|er|jest)\b)[ \t]*"
        r"(?P<value>\d{4,8})(?![\w/-]|[.,]\d)"
    ),
    # `digicode : 7997B` (a French building's door code).
    re.compile(
        r"(?i)\bdigicode\b\s*(?:est|:|=)?\s*(?P<value>\d{3,6}[A-Z]?)(?![\w/-]|\.\d)"
    ),
    # `the combination is 11-21-24`: a dial lock's numbers.
    re.compile(
        r"(?i)\b(?:combination|combo)\s*(?:is|:|=)\s*"
        r"(?P<value>\d{1,2}(?:[ -]\d{1,2}){2,3})(?![\w/-]|\.\d)"
    ),
)

# Round 8 (tune12): `reset postgres to Lagoon~1985 on redis-cache-1`: an
# account's password set in prose, the value a generated-looking one.
RESET_TO_RE = re.compile(
    r"(?i)\b(?:reset\s+(?:the\s+)?(?:password\s+(?:of|for)\s+)?(?P<user>[a-z_][\w.-]{1,30})"
    r"(?:['’]s\s+password)?"
    r"|(?:set|changed?|rotated?|updated?)\s+(?:the\s+)?(?:password\s+(?:of|for)\s+"
    r"[a-z_][\w.-]{1,30}|[a-z_][\w.-]{1,30}['’]s\s+password))"
    r"\s+to\s+[\"'`]?(?P<value>[^\s\"'`]{8,64}?)[\"'`]?[.,;]?(?:\s+(?:on|for|at|in)\b|\s*$)"
)

# (S15) A value the speaker changed "it" to and asks to be remembered: `I
# changed it to Otter.summit248, remember that`, `je l'ai changé en …,
# retiens-le`, `lo cambié a …, recuérdalo`. The pronoun stands for a
# password only with the request to remember; the value must read as one.
CHANGED_IT_TO_RE = re.compile(
    r"(?i)\b(?:(?:changed|set|reset|switched|updated)\s+it\s+(?:to|into)|"
    r"l['’]ai\s+(?:chang[ée]e?|mis|r[ée]initialis[ée]e?)\s+(?:en|à|a)|"
    r"(?:lo|la)\s+cambi[ée]\s+(?:a|por)|(?:mudei|troquei)\s+(?:ela\s+|ele\s+)?"
    r"(?:para|pra)|l['’]ho\s+cambiat[ao]\s+in)\s+[\"'`]?"
    r"(?P<value>[^\s\"'`,;]{8,64})"
)
REMEMBER_RE = re.compile(
    r"(?i)\b(?:remember|don['’]?t\s+forget|memori[sz]e|note\s+(?:it|that)|"
    r"retiens|souviens|n['’]oublie|recu[ée]rda|no\s+(?:lo\s+)?olvides|lembr|"
    r"n[ãa]o\s+esque[çc]a|ricorda|non\s+dimenticare)"
)
# (S15) A password changed to a value in Chinese, Japanese and Korean,
# whose verbs come after the value or join it without a space (`我把密码改成了
# …`, `密码已改为…`, `パスワードを…に変更しました`, `비밀번호를 …로 바꿨어`).
CJK_CHANGED_TO_RE = re.compile(
    r"(?:密码|密碼|口令|パスワード|暗証番号|비밀번호|비번|암호)"
    r"(?:[^\x00-\x7f]{0,6}?(?:改成了?|改为|改為|换成了?|換成了?|设为|設為|设置为|"
    r"設置為|设成|重置为)\s*[:：]?\s*(?P<after>[\x21-\x7e]{6,64})"
    r"|\s*(?:を|를|을)\s*(?P<before>[\x21-\x7e]{6,64}?)\s*(?:に|로|으로)\s*"
    r"(?:変更|変え|替え|바꿨|바꾸|바꿈|변경))"
)
# Round 8 (tune12): a code after the thing it opens, a qualifier between
# (`Key safe by the side gate, code 6836`, `Türcode Haupteingang: 16496`,
# `deurcode kantoor: 2906`, `Tresor-Kombination: 0824`, `kod do domofonu:
# 1253`, `Garage keypad: 233963`, `senha do cartão: 4092`): one pattern,
# tried when a code's word and three digits are there.
LOCK_CODE_AFTER_RE = re.compile(
    r"(?i)(?:\b(?:key ?safe|key ?box|lock ?box|safe|gate|door|garage|"
    r"intercom|front door|back door|alarm|tresor|tür|deur|porte|puerta|porta|"
    r"drzwi|garagentor|haustür|eingang)\b[^\n.\d]{0,30}?[,:]?\s+"
    r"(?:code|combo|combination|pin|passcode)\s*"
    r"(?:is\s+|:\s*|=\s*)?\d{4,8}"
    r"|(?<![^\W\d_])(?:t(?:ü|ue)r|haust(?:ü|ue)r|deur|tor|garagen|alarm|tresor|"
    r"safe|door|gate|garage|porte|portail)[- ]?(?:code|kode|kombination|"
    r"combination|combo|pin)"
    # (S15) a safe's combination in groups (`Tresorcode: 99-12-45`)
    r"(?:[ \t]+[^\W\d_][\w-]*){0,2}\s*(?:ist|is|lautet|:|=)\s*"
    r"(?:\d{2,3}(?:[ -]\d{2,3}){2,3}|\d{3,8})"
    # (S15) Russian and Ukrainian: `код от домофона 4471`, `код від дверей: …`
    r"|(?<![^\W\d_])код\w*\s+(?:от|для|к|від|до)\s+(?:домофон\w*|двер\w*|"
    r"сейф\w*|замк\w*|замка|подъезд\w*|під'?їзд\w*|калитк\w*|ворот\w*|"
    r"сигнализаци\w*)\s*[:=—-]?\s*\d{3,8}"
    r"|\b(?:kod|code|código|codice|pin)\s+(?:do|de|du|del|della|dello|"
    r"vom|von|des)\s+(?:domofon\w*|interkom\w*|citofono|interfone|portero|"
    r"videoportero|interphone|gegensprechanlage|bramy|klatki)\s*[:=]\s*\d{3,8}"
    r"|\b(?:keypad|tastenfeld|zahlenschloss|digicode|teclado|tastierino)"
    r"\s*[:=]\s*\d{4,8}"
    r"|\b(?:senha|pin|code|c(?:ó|o)digo|codice|kod|geheimzahl)\s+"
    r"(?:do|da|de|du|del|della|of the|for the|der|karty)?\s*"
    r"(?:cart(?:ã|a)o|tarjeta|carta|carte|card|karty|karte|bankkarte|ec-karte|"
    r"bankomat\w*|débito|crédito|debit card|credit card)\s*(?:is|:|=)?\s*"
    r"\d{4,6})(?![\w/-]|\.\d)"
)
LOCK_CODE_WORDS = (
    "code", "combo", "pin", "kod", "codice", "digo", "senha", "geheimzahl",
    "keypad", "tastenfeld", "zahlenschloss", "teclado", "tastierino", "kombination",
    "код",
)  # fmt: skip
# (S15) or a combination's groups of two (`99-12-45`)
THREE_DIGITS_RE = re.compile(r"\d{3}|\d\d[ -]\d\d[ -]\d\d")


# Round 7 (tune11): passwords in tools' own directives, each value checked
# to look like a password: `bindpw …` (ldap.conf, nslcd), `rootpw
# --plaintext …` (kickstart), `d-i passwd/root-password password …`
# (preseed), `snmp-server community … RW`, `poetry config http-basic.repo
# user pw`, `echo '…' > ~/.vault_pass.txt`, `remotepass = …` (a name that
# runs a word into `pass`/`pw`, offlineimap, fetchmail).
CONFIG_DIRECTIVE_RES: tuple[re.Pattern[str], ...] = (
    re.compile(
        r"(?i)(?:^|[;&|]\s*)(?:bindpw|rootpw|adminpw)\s+(?:--plaintext\s+)?"
        r"[\"']?(?P<value>[^\s\"'{][^\s\"']{3,})"
    ),
    re.compile(
        r"\bpasswd/(?:root|user)-password(?:-again)?\s+password\s+(?P<value>\S{4,})"
    ),
    re.compile(r"\bsnmp-server\s+community\s+(?P<value>(?!public\b|private\b)\S{6,})"),
    # `p == 'Nimbus!909'`: a password compared in code.
    re.compile(
        r"\b(?:p|pw|pwd|pass|passwd|password|secret|token)\s*===?\s*"
        r"[\"'](?P<value>[^\"'\s]{6,})[\"']"
    ),
    re.compile(
        r"\bpoetry\s+config\s+http-basic\.\S+\s+\S+\s+[\"']?(?P<value>[^\s\"']{4,})"
    ),
    re.compile(
        r"\becho\s+(?:-n\s+)?[\"']?(?P<value>[^\s\"'$]{6,})[\"']?\s*>>?\s*"
        r"\S*(?:pass|secret|token|cred|\.key\b)\S*"
    ),
    re.compile(
        r"(?i)^\s*(?P<key>(?!(?:by|com|sur|tres|over|under|mount)pass)[a-z]{2,12}"
        r"(?:pass|pw))\s*[=:]\s*[\"']?(?P<value>[^\s\"']{4,})"
    ),
)
CONFIG_DIRECTIVE_WORDS = ("pw", "pass", "community", "echo", "poetry", "==")
# `Bitwarden: Gmail — Sunset!8422`: a password manager's entry.
PASSWORD_MANAGER_RE = re.compile(
    r"(?i)\b(?:bitwarden|1password|lastpass|dashlane|keepass(?:xc)?|enpass|keeper|"
    r"proton pass|nordpass)\b[^\n]{0,60}?\s[—–:-]\s*(?P<value>\S{6,})\s*$"
)

# camelCase names (`bindPassword`, `proxyPassword`, `postgresPassword`):
# the key word starts a capitalised part after a lower-case one.
CAMEL_KEY_RE = re.compile(
    r"(?<=[a-z0-9])(Pass(?:word|wd|phrase)?|Pwd|Secret|Token|ApiKey|"
    r"AccessKey|SecretKey|PrivateKey|AuthKey)(?![a-z])"
)
KEBAB_NAME_RE = re.compile(r"[a-z]+(?:[-_][a-z]+)+")
# (S8) An identifier that names a credential (`dbPassword`, `stripeApiKey`):
# `pulumi config set --secret dbPassword` sets the key of that name.
CREDENTIAL_NAME_RE = re.compile(
    r"[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)*(?:Password|Secret|Token|Key|Pass)"
    r"(?:[A-Z][a-z0-9]*)*"
)
# Names under which a bare number is still a secret (`PIN: 4832`).
NUMERIC_SECRET_KEYS = ("pass", "pwd", "pin", "pw", "code", "暗証番号", "geheimzahl")
# Values that name a secret instead of being one.
PLACEHOLDER_RE = re.compile(
    r"(?i)^(?:\$\{?\w+\}?|\$env:\w+|\$\{.*|\$\(.*|%\w+%|<[^>]*>|\*+|x{4,}|\.{3,}|…+|changeme|redacted|"
    r"none|null|undefined|env|os\.environ.*|getenv.*|settings\..*|"
    r"process\.env.*|import\.meta\.env.*|ENV\[.*|System\.getenv.*|"
    r"Environment\.GetEnvironmentVariable.*|config\..*|secrets\..*|vars\..*)$"
)
# Words that stand for a password in templates and docs: `USER:PASSWORD`,
# `-p <password>`, `YOUR_API_KEY_HERE`, `ghp_xxxxxxxx`.
PLACEHOLDER_WORDS = {
    "password",
    "passwd",
    "pass",
    "secret",
    "token",
    "changeme",
    "change_me",
    # (S15) the JDK's `cacerts` keystore password, printed in its docs
    "changeit",
    "mypassword",
    "yourpassword",
    "your_password",
    "your-password",
    "example",
    "dummy",
    "test",
    "foobar",
    "hunter2",
    "1password",
    "guest",
}
# Documentation's stand-ins say so (`xoxb-your-token-here`). AWS's own
# documented example keys (`AKIAIOSFODNN7EXAMPLE`) stay refused: they are
# the canonical test secret and refusing a docs snippet costs little.
DOC_MARKER_RE = re.compile(
    r"(?i)placeholder|dummy|redacted|your[_-]|[_-]here\b|replace[_-]?me|insert[_-]|"
    # (S15) `django-insecure-change-me`, `change-this-in-production`
    r"change[_-]?(?:me|this)\b"
)
# A value cut short for display (`sk-...`, `ghp_4f9k…`).
# Round 12 (S6): or masked in the middle, its last characters shown as a
# log or a dashboard does (`sk-...a1B2`, `ghp_…9f3c`)
TRUNCATED_RE = re.compile(r"^[\"'`]?[^\s.…]{1,16}(?:\.{3}|…)[^\s.…]{0,6}[\"'`]?$")
# A bracketed description where the value goes: `-p'[your key]'`,
# `[PASSWORD]`, `[db password]` (S6).
BRACKETED_PLACEHOLDER_RE = re.compile(
    r"[\"'`]?\[(?:[^\W\d]+(?:[ _-][^\W\d]+)*)\][\"'`]?"
)
FILE_REFERENCE_RE = re.compile(r"@[\w~./-]+")
# (S12) A regular expression's character class and its count (`[0-9a-f]{32}`,
# `[A-Z2-7]+`): a pattern that describes keys, not one.
REGEX_CLASS_RE = re.compile(r"\[\^?[^\]\s]{1,40}\](?:[*+?]|\{\d+(?:,\d*)?\})")
# References to a secret store, and named format fields.
SECRET_REFERENCE_RE = re.compile(
    r"(?i)(?:vault|op|ssm|awssm|gcpsm|azkv|sops|doppler|infisical|ref\+\w+):\S+"
    r"|%\(\w+\)[sdr]"
    # (S8) an Azure App Service Key Vault reference
    r"|@Microsoft\.KeyVault\(\S*"
)
YAML_TAG_RE = re.compile(
    r"!(?:vault|unsafe|Ref|Sub|GetAtt|ImportValue|Join|Select|FindInMap|Base64|"
    r"env|env_var|include|secret|reference|ssm|!\w+)"
)
# (S8) A secret store's path of lowercase names (`prod/billing/db`,
# `dev/steppe-etl/api-key`): where the secret lives, not what it is.
STORE_PATH_RE = re.compile(r"[a-z][a-z0-9_.-]*(?:/[a-z][a-z0-9_.-]*)+")
FILLER_RUN_RE = re.compile(r"([xX*#.0•_-])\1{7,}")
STRONG_SYMBOLS = set("!@#$%^&*+=?~|")
# `processPaymentWebhook`, `MyServiceName`: an identifier, not a password.
CAMEL_CASE_RE = re.compile(r"^[A-Za-z][a-z]+(?:[A-Z][a-z]+)+$")

# A word on its own: after a space, quote, `=`, `:` or bracket, never `//`.
TOKEN_RE = re.compile(r"(?<![^\s\"'`=:(\[<>,;|])(?!//)[A-Za-z0-9+/_-]{16,}={0,2}")
UUID_RE = re.compile(
    r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", re.IGNORECASE
)
HEX_RE = re.compile(r"^[0-9a-fA-F]+$")


# Public material that looks random but is no secret: PEM certificates and
# public keys, SSH public keys and host-key fingerprints. They are blanked
# before the secret rules run.
PUBLIC_PEM_RE = re.compile(
    r"-----BEGIN (?P<label>(?:TRUSTED |X509 )?CERTIFICATE(?: REQUEST)?|"
    r"(?:RSA |EC |SSH2 |OPENSSH )?PUBLIC KEY|PKCS7|X509 CRL|DH PARAMETERS|"
    r"PGP PUBLIC KEY BLOCK|PGP SIGNATURE)-----"
    r".*?-----END (?P=label)-----",
    re.DOTALL,
)
SSH_PUBLIC_KEY_RE = re.compile(
    r"\b(?:ssh-(?:rsa|dss|ed25519|ed448)|ecdsa-sha2-nistp\d+|"
    r"sk-(?:ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com)"
    r"(?:-cert-v01@openssh\.com)?\s+AAAA[A-Za-z0-9+/]+={0,3}"
)
FINGERPRINT_RE = re.compile(
    r"\b(?:SHA256:[A-Za-z0-9+/]{43}=?|MD5:(?:[0-9a-fA-F]{2}:){15}[0-9a-fA-F]{2})"
    r"|\b(?:[0-9a-fA-F]{2}:){15,31}[0-9a-fA-F]{2}\b"
)


def _blank(match: re.Match[str]) -> str:
    """Return the match with everything but newlines blanked (lines kept)."""
    return re.sub(r"[^\n]", " ", match.group())


FILLER_WORD_RE = re.compile(r"[^\s\"'`=:]*([xX*#•])\1{7,}[^\s\"'`]*")


# `integrity="sha384-…"` (subresource integrity, lockfiles) and inline
# `data:image/png;base64,…`: digests and content, not credentials.
INTEGRITY_RE = re.compile(r"\bsha(?:256|384|512)-[A-Za-z0-9+/]{40,}={0,2}")
# Content ids (IPFS) and values named as public keys (`PublicKey = …` in a
# WireGuard config, `public_key: …`).
CONTENT_ID_RE = re.compile(
    r"\bQm[1-9A-HJ-NP-Za-km-z]{44}\b|\bbafy[a-z2-7]{50,}\b|\bbafk[a-z2-7]{50,}\b"
)
PUBLIC_PIN_RE = re.compile(r"\bpin-sha(?:256|1)=\"?[A-Za-z0-9+/=]+\"?")
MAPBOX_PUBLIC_RE = re.compile(r"\bpk\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+")
NAMED_PUBLIC_KEY_RE = re.compile(
    r"(?i)\b(?:public[_ -]?key|pub[_ -]?key|pubkey|site[_ -]?key|"
    # (S12) Algolia's search-only API key, made to be shipped to browsers
    r"search[_ -]?only(?:[_ -]?api)?[_ -]?key)\b[\"']?"
    r"(?:\s*\([^()\n]{1,20}\))?\s*[:=]?\s*"  # (S11) `site key (public):`
    r"[\"']?[A-Za-z0-9+/=_-]{20,}"
)
# (S15) and keys their vendors make for browsers and apps: PostHog's
# project key (`phc_`), Supabase's publishable key, Razorpay's key id
# (checkout.js takes it), Langfuse's public key (`pk-lf-`).
PUBLISHABLE_KEY_RE = re.compile(
    r"\b(?:pk_(?:live|test)_[0-9A-Za-z]{16,}|phc_[A-Za-z0-9]{32,}|"
    r"sb_publishable_[A-Za-z0-9_-]{20,}|rzp_(?:live|test)_[A-Za-z0-9]{14}\b|"
    r"pk-lf-[0-9a-f-]{36})"
)
# A public JSON Web Key (`"kty": "RSA", "n": "…", "e": "AQAB"`): public unless
# it has a private member (`"d"`, `"p"`, `"q"`, …).
JWK_PRIVATE_RE = re.compile(r"\"(?:d|p|q|dp|dq|qi|k)\"\s*:")
JWK_PUBLIC_MEMBER_RE = re.compile(
    r"\"(?:n|e|x|y|x5t|x5t#S256|kid)\"\s*:\s*\"[A-Za-z0-9_+/=-]+\"|\"x5c\"\s*:\s*\[[^\]]*\]"
)
# Hashed host names in `known_hosts`: `|1|salt=|hash=`.
HASHED_HOST_RE = re.compile(r"\|1\|[A-Za-z0-9+/]{27}=\|[A-Za-z0-9+/]{27}=")
# A PEM block base64-encoded once more (kubeconfig `*-data:`, k8s secrets):
# `LS0tLS1CRUdJTi…` is `-----BEGIN`.
BASE64_PEM_RE = re.compile(r"LS0tLS1CRUdJTi[A-Za-z0-9+/]+=*")
DATA_URI_RE = re.compile(
    r"\bdata:[\w.+-]+/[\w.+-]+(?:;[\w=.-]+)*;base64,[A-Za-z0-9+/]+=*"
)


# SOPS-encrypted values (`ENC[AES256_GCM,data:…,iv:…,tag:…,type:str]`):
# ciphertext, made to be committed.
SOPS_VALUE_RE = re.compile(r"\bENC\[(?:AES256_GCM|PGP|KMS),[^\]\s]*\]")
# (S8) Other tools' ciphertext envelopes, made to be committed the same way:
# a Pulumi stack's `secure: v1:<nonce>:<ciphertext>`, Jasypt's `ENC(…)` in
# Spring properties, ejson's `EJ[1:<key>:<nonce>:<box>]`, a HashiCorp Vault
# transit ciphertext `vault:v1:…`. Only the key holder can read them.
CIPHERTEXT_VALUE_RE = re.compile(
    r"\bsecure:\s*v1:[A-Za-z0-9+/]+=*:[A-Za-z0-9+/]+=*"
    r"|\bENC\([A-Za-z0-9+/]{16,}=*\)"
    r"|\bEJ\[1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+\]"
    r"|\bvault:v\d+:[A-Za-z0-9+/]{16,}=*"
    # an AWS KMS ciphertext blob (sops' `enc:` data keys, `aws kms encrypt`)
    r"|(?<![A-Za-z0-9+/])AQI[BCD]AH[A-Za-z0-9+/]{20,}=*"
    # age and OpenPGP messages: encrypted to a recipient's public key
    r"|(?s:-----BEGIN (?P<armor>AGE ENCRYPTED FILE|PGP MESSAGE)-----.*?"
    r"-----END (?P=armor)-----)"
)
# (S8) A Bitnami SealedSecret's `encryptedData` values: sealed to the
# cluster's controller key (`AgB…`, base64 of a version-2 envelope), made to
# be committed; only under that kind or block name.
SEALED_VALUE_RE = re.compile(r"(?<![A-Za-z0-9+/])Ag[A-Za-z0-9+/]{60,}={0,2}")
# (S8) A password's stored hash in crypt(3) format (bcrypt `$2b$12$…`,
# `$argon2id$v=19$m=…$salt$hash`, sha512-crypt `$6$rounds=…$salt$hash`,
# Apache `$apr1$…`): what `/etc/shadow`, `.htpasswd` or a users table keeps
# so that the password itself is not kept.
CRYPT_HASH_RE = re.compile(
    r"\$(?:2[abxy]?\$\d{2}\$[./A-Za-z0-9]{53}"
    r"|argon2(?:id|i|d)\$v=\d+\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+"
    r"|[156]\$(?:rounds=\d+\$)?[./A-Za-z0-9]{1,16}\$[./A-Za-z0-9]{22,86}"
    r"|apr1\$[./A-Za-z0-9]{1,8}\$[./A-Za-z0-9]{22}"
    # (S15) Cisco's type 8 (PBKDF2) and type 9 (scrypt) secrets
    r"|[89]\$[./A-Za-z0-9]{14}\$[./A-Za-z0-9]{43})(?![./A-Za-z0-9$])"
)
# (S8) An Azure resource id (`/subscriptions/<uuid>/resourceGroups/…`): a
# path to a resource, like an ARN.
AZURE_RESOURCE_RE = re.compile(r"/subscriptions/[0-9a-fA-F-]{36}(?:/[\w.()-]+)*")
# (S8) An AWS resource name (`arn:aws:secretsmanager:…:secret:prod/db-AbCdEf`)
# says where a secret is kept, never what it is; its random six-character
# suffix is AWS's, not a credential.
ARN_RE = re.compile(
    r"\barn:aws(?:-cn|-us-gov)?:[a-z0-9-]+:[a-z0-9-]*:(?:\d{12})?:[^\s\"'`,;]+"
)


# Round 7 (tune11): DER public keys in base64 (`MCowBQYDK2VwAyEA…`, DKIM's
# `p=MIGfMA0G…`): a SubjectPublicKeyInfo starts with the algorithm's
# SEQUENCE, a private key (PKCS#1/#8) with a version INTEGER.
DER_BASE64_RE = re.compile(r"(?<![A-Za-z0-9+/])M[A-Za-z0-9+/]{39,}={0,2}")
# Public identifiers: `did:key:z6Mk…`, and domain-verification TXT values
# (`google-site-verification=…`), published in DNS for anyone to read.
PUBLIC_ID_RE = re.compile(
    # An Indian postal PIN code before its place: `PIN code 110001 (New Delhi)`.
    r"(?i:\bpin[- ]?code\b)\s*:?\s*[1-9]\d{5}(?=\s+(?:\(|[A-Z][a-z]|(?:covers|serves|"
    r"is the|area|district)\b))|"
    # ... and a place's PIN code: `PIN code of my area is 560034`, `village
    # pincode: 841301` (a device's or a card's PIN names the device or card).
    r"(?i:\b(?:area|locality|village|city|town|district|postal|post office)\s+"
    r"pin[- ]?code\b)\s*(?:is\s+)?:?\s*[1-9]\d{5}\b|"
    r"(?i:\bpin[- ]?code\s+(?:of|for|in)\s+(?:(?:my|our|the|this|that|your|his|her|"
    r"their)\s+)?(?:area|locality|village|city|town|district|neighbou?rhood|region|"
    r"post office)\b)[^\d\n]{0,12}[1-9]\d{5}\b|"
    r"\bdid:key:z[1-9A-HJ-NP-Za-km-z]{40,}|"
    # An Ethereum address (a private key is 64 hex digits, not 40).
    r"\b0x[0-9a-fA-F]{40}\b|"
    r"\b(?:google-site|facebook-domain|apple-domain|atlassian-domain|globalsign-domain|"
    r"stripe|zoom-domain|docusign|adobe-idp-site|dropbox-domain|"
    r"[a-z0-9-]+-(?:site|domain))-verification[=:]\s*[A-Za-z0-9_+/=-]{10,}|"
    r"\bMS=ms\d{6,}"
)


def _is_public_der(value: str) -> bool:
    head = value[:24]
    try:
        raw = base64.b64decode(head + "=" * (-len(head) % 4))
    except (binascii.Error, ValueError):
        return False
    if len(raw) < 6 or raw[0] != 0x30:
        return False
    size = raw[1]
    at = 2 + (size & 0x7F if size & 0x80 else 0)
    # SEQUENCE { SEQUENCE { OID …: the algorithm, then the public key bits.
    return raw[at : at + 1] == b"\x30" and b"\x06" in raw[at + 1 : at + 4]


FILLER_CHARS = ("x" * 8, "X" * 8, "*" * 8, "#" * 8, "•" * 8)


# Round 8 (tune12): documented examples, published to be copied: values
# that say so (`AKIAIOSFODNN7EXAMPLE`, `…EXAMPLEKEY`, `xoxb-not-a-real-token…`),
# a value named a demo or sample (`the demo secret JBSWY3DPEHPK3PXP`), a
# value an RFC gives (`RFC 7515 A.1 uses the HMAC key …`), and a JWT whose
# claims are the placeholder person (`John Doe`, subject `1234567890`: the
# jwt.io sample).
SAYS_EXAMPLE_RE = re.compile(
    r"[A-Za-z0-9/+_-]*(?:EXAMPLE|not-a-real|-fake-|-dummy-)[A-Za-z0-9/+=_-]*"
)
NAMED_DEMO_RE = re.compile(
    r"(?i)\b(?:demo|sample|example|dummy|test[- ]vector)\s+(?:secret|key|token|seed|"
    r"password|jwt)\s+(?:like\s+|such as\s+)?[\"'`]?(?P<value>[^\s\"'`]{8,})"
)
RFC_VALUE_RE = re.compile(
    r"\bRFC ?\d{3,5}\b[^\n]{0,40}?\b(?:uses|gives|shows|example|test vector)\b"
    r"[^\n]{0,30}?\b(?:key|secret|token|seed)\s+[\"'`]?(?P<value>[^\s\"'`]{16,})"
)
JWT_RE = re.compile(
    r"\beyJ[A-Za-z0-9_-]+\.(?P<claims>eyJ[A-Za-z0-9_-]+)\.[A-Za-z0-9_-]+"
)
PLACEHOLDER_CLAIMS_RE = re.compile(
    r'"(?:sub|name)"\s*:\s*"(?:1234567890|John Doe|Jane Doe)"'
)
DOC_CUE_RE = re.compile(
    r"(?i)(?<![@.\w-])(?:examples?|samples?|docs?|documentation|tutorials?|"
    r"guides?|readme|demo|dummy|e\.g\.|rfc ?\d+|beispiel|exemple|ejemplo|esempio|"
    r"exemplo|voorbeeld|doku|"
    # (S15) a vendor's getting-started pages
    r"quickstart|quick start|getting started|api reference|"
    # (S8) a test double of the cloud (`moto`, `localstack`) or a fixture
    # that says it uses the provider's published example
    r"published|fixtures?|moto|localstack)\b"
)
EXAMPLE_MARKERS = ("EXAMPLE", "-not-a-real", "-fake-", "-dummy-")
# (S15) Values vendors print in their own docs for every reader to copy:
# Stripe's test-mode keys of its demo account (quickstarts, API reference),
# Slack's sample bot token, GitHub's sample token, Mailgun's sample key,
# the Google Authenticator key-URI example's seed (base32 of `Hello!…`),
# Oracle's `scott/tiger`.
# Anyone has them; they open nothing of the user's. As with AWS's example
# keys, the text must say it quotes documentation (`from the quickstart`,
# `the RFC example`): handed over alone, an agent may take it for a key.
# Any other `sk_test_` key is someone's test account and stays refused.
PUBLISHED_EXAMPLE_RE = re.compile(
    r"(?<![A-Za-z0-9])(?:sk_test_4eC39HqLyjWDarjtT1zdp7dc|"
    r"sk_test_BQokikJOvBiI2HlWgH4olfQ2|sk_test_26PHem9AhJZvU623DfE1x4sd|"
    r"xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy|"
    r"ghp_16C7e42F292c6912E7710c838347Ae178B4a|"
    r"key-3ax6xnjp29jd6fds4gc373sgvjxteol0|JBSWY3DPEHPK3PXP|"
    # Oracle's demo schema's login, in every Oracle tutorial since v5
    r"(?<=\bscott/)tiger)(?![A-Za-z0-9])"
)
# (S12) A value its own line's comment calls fake (`password: hunter12  #
# fake, seeded into the test DB`, `// dummy`, `# not a real key`): a
# fixture's stand-in, written to be read.
SAID_FAKE_RE = re.compile(
    r"(?im)(?P<value>[^\s\"'`=:]+)[\"'`]?[ \t]+(?:#|//|--)[ \t]*\(?"
    r"(?:fake|dummy|placeholder|not\s+(?:a\s+)?real"
    # (S15) or says it is the docs' example (`# example from the docs`)
    r"|(?:an?\s+)?(?:example|sample|demo)(?:\s+(?:from|in|of)\s+(?:the\s+)?"
    r"(?:docs?|documentation|readme|tutorial|guide|quickstart)\b)?)"
    # the comment's word is about the value (`# fake, seeded …`, `# dummy
    # value`), not about something else (`# fake DNS server's pw`)
    r"(?=[ \t]*(?:$|[,.;:)!(—–-])|[ \t]+(?:value|one|key|password|secret|token|"
    r"credential|data|user|account|login)s?\b)"
)


SAID_FAKE_WORDS = ("fake", "dummy", "real", "placeholder", "example", "sample", "demo")


# Types any well-named value can have; every other is a vendor's own format.
GENERIC_SECRET_TYPES = frozenset({"Secret Keyword", "Basic Auth Credentials"})


def _vendor_shaped(value: str) -> bool:
    """Tell whether `value` alone is a credential in a vendor's format.

    A comment calling it fake does not make `ghp_…`, `AKIA…` or `sk_live_…`
    with real-looking characters a stand-in: anyone can write the comment,
    and a leaked key costs more than a refused fixture (review of S12).
    """
    return any(kind not in GENERIC_SECRET_TYPES for kind in _line_secrets(value))


def _blank_said_fake(match: re.Match[str]) -> str:
    """Blank a value its comment calls fake, unless it is vendor-shaped."""
    if _vendor_shaped(match.group("value")):
        return match.group()
    return _blank_value(match)


def _blank_value(match: re.Match[str]) -> str:
    start, end = match.span("value")
    text = match.group()
    offset = match.start()
    return text[: start - offset] + " " * (end - start) + text[end - offset :]


def _is_sample_jwt(match: re.Match[str]) -> bool:
    claims = match.group("claims")
    try:
        raw = base64.urlsafe_b64decode(claims + "=" * (-len(claims) % 4))
    except (binascii.Error, ValueError):
        return False
    return bool(PLACEHOLDER_CLAIMS_RE.search(raw.decode("utf-8", "replace")))


# (S12) A JWT for the anonymous role (Supabase's `anon` key, PostgREST's
# anonymous token): made to be shipped to browsers, it grants what anyone
# may do; the `service_role` key beside it stays a secret.
ANON_ROLE_CLAIM_RE = re.compile(r'"role"\s*:\s*"anon"')


def _is_anon_jwt(match: re.Match[str]) -> bool:
    claims = match.group("claims")
    try:
        raw = base64.urlsafe_b64decode(claims + "=" * (-len(claims) % 4))
    except (binascii.Error, ValueError):
        return False
    return bool(ANON_ROLE_CLAIM_RE.search(raw.decode("utf-8", "replace")))


def _is_documented(text: str, match: re.Match[str]) -> bool:
    """Tell whether the text around `match` says it quotes documentation."""
    start, end = max(0, match.start() - 160), match.end() + 80
    return bool(DOC_CUE_RE.search(text, start, end))


def _quotes_published_example(text: str, finding: PiiFinding) -> bool:
    """Tell a finding on a line that quotes a vendor's published example."""
    line_start = text.rfind("\n", 0, finding.start) + 1
    line_end = text.find("\n", finding.end)
    line_end = len(text) if line_end < 0 else line_end
    return any(
        _is_documented(text, match)
        for match in PUBLISHED_EXAMPLE_RE.finditer(text, line_start, line_end)
    )


# (S15) Test keys a vendor publishes for automated tests, tied to no
# account and accepted by everyone's integration: reCAPTCHA's test secret
# (its site key is public anyway). Blanked wherever they stand.
PUBLISHED_TEST_KEY_RE = re.compile(
    r"(?<![A-Za-z0-9_-])6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe(?![A-Za-z0-9_-])"
)


def _without_documented_examples(text: str, lower: str) -> str:
    if "6LeIxAcTAAAAAGG" in text:
        text = PUBLISHED_TEST_KEY_RE.sub(_blank, text)
    if _may_match(PUBLISHED_EXAMPLE_RE, lower):
        quoted = text
        text = PUBLISHED_EXAMPLE_RE.sub(
            lambda m: _blank(m) if _is_documented(quoted, m) else m.group(), text
        )
    if any(marker in text for marker in EXAMPLE_MARKERS):
        # `key AKIAIOSFODNN7EXAMPLE` alone is still refused: an agent may
        # have been handed it as a key; `AWS docs example: …` is a quote.
        text = SAYS_EXAMPLE_RE.sub(
            lambda m: _blank(m) if _is_documented(text, m) else m.group(), text
        )
    if _may_match(NAMED_DEMO_RE, lower):
        text = NAMED_DEMO_RE.sub(_blank_value, text)
    if "RFC" in text:
        text = RFC_VALUE_RE.sub(_blank_value, text)
    if "eyJ" in text:
        quoted = text
        text = JWT_RE.sub(
            lambda m: (
                _blank(m)
                if _is_sample_jwt(m) and _is_documented(quoted, m)
                else m.group()
            ),
            text,
        )
    return text


def _without_public_material(text: str) -> str:
    lower = _lower(text)  # blanking only removes text: the gates stay valid
    text = _without_documented_examples(text, lower)
    if ("#" in text or "//" in text or "--" in text) and any(
        word in lower for word in SAID_FAKE_WORDS
    ):
        text = SAID_FAKE_RE.sub(_blank_said_fake, text)
    if "M" in text and LONG_RUN_RE.search(text):
        text = DER_BASE64_RE.sub(
            lambda m: _blank(m) if _is_public_der(m.group()) else m.group(), text
        )
    for pattern in (
        PUBLIC_ID_RE,
        SOPS_VALUE_RE,
        CIPHERTEXT_VALUE_RE,
        ARN_RE,
        AZURE_RESOURCE_RE,
        CRYPT_HASH_RE,
        PUBLIC_PEM_RE,
        SSH_PUBLIC_KEY_RE,
        FINGERPRINT_RE,
        INTEGRITY_RE,
        DATA_URI_RE,
        HASHED_HOST_RE,
        CONTENT_ID_RE,
        NAMED_PUBLIC_KEY_RE,
        PUBLISHABLE_KEY_RE,
        PUBLIC_PIN_RE,
        MAPBOX_PUBLIC_RE,
    ):
        if _may_match(pattern, lower):
            text = pattern.sub(_blank, text)
    if "eyJ" in text:
        text = JWT_RE.sub(lambda m: _blank(m) if _is_anon_jwt(m) else m.group(), text)
    if "SealedSecret" in text or "encryptedData:" in text:
        text = SEALED_VALUE_RE.sub(_blank, text)
    if '"kty"' in text and not JWK_PRIVATE_RE.search(text):
        text = JWK_PUBLIC_MEMBER_RE.sub(_blank, text)
    if "LS0tLS1CRUdJTi" in text:
        text = BASE64_PEM_RE.sub(
            lambda m: m.group() if _is_base64_private_key(m.group()) else _blank(m),
            text,
        )
    if not any(run in text for run in FILLER_CHARS):
        return text
    # `ghp_xxxxxxxx…`, `sk-********…`: a key's shape filled with filler. (S8)
    # Filled with stars, not blanked: a masked value stays a value, so the
    # next name in a log line (`API_KEY=AKIA****RMYD DB_PASSWORD=…`) is not
    # read as the first one's.
    return FILLER_WORD_RE.sub(
        lambda m: "*" * len(m.group()) if _is_placeholder(m.group()) else m.group(),
        text,
    )


def _b64_text(value: str) -> str:
    """Decode base64 to text, or return "" when it is not base64 of text."""
    try:
        raw = base64.b64decode(value + "=" * (-len(value) % 4), validate=True)
        return raw.decode("utf-8")
    except (binascii.Error, ValueError):
        return ""


def _is_base64_private_key(value: str) -> bool:
    """Tell a base64-wrapped private key from a wrapped certificate."""
    head = value[:96]
    try:
        decoded = base64.b64decode(head + "=" * (-len(head) % 4)).decode(
            "ascii", "replace"
        )
    except (binascii.Error, ValueError):
        return True
    return "PRIVATE KEY" in decoded


def _is_placeholder(value: str, *, vendor_format: bool = False) -> bool:
    """Tell a value that names a secret from one that is a secret.

    `PASSWORD`, `<password>`, `${DB_PASS}`, `changeme`, `ghp_xxxxxxxx…` and
    `sk-****…` are documentation, not credentials. A value that matched a
    vendor's key format (`vendor_format`) is not read as an all-capitals
    name: an AWS access key id may be letters only (`AKIAVIPMQHMTAERNXAHS`).
    """
    if TRUNCATED_RE.search(value):
        return True  # `sk-...`, `ghp_abc…`: shown cut short, never whole
    if BRACKETED_PLACEHOLDER_RE.fullmatch(value):
        return True
    if "[" in value and REGEX_CLASS_RE.search(value):
        return True  # (S12) `sk_live_[0-9a-zA-Z]{24,99}`: a detector's pattern
    value = value.strip("'\"`.,;:()[]{}")
    if not value or PLACEHOLDER_RE.match(value):
        return True
    if FILE_REFERENCE_RE.fullmatch(value):
        return True  # `password=@pw.txt`: read from a file
    if SECRET_REFERENCE_RE.fullmatch(value):
        return True  # `op://Eng/db/password`, `vault:secret/db#pw`, `%(pw)s`
    if STORE_PATH_RE.fullmatch(value):
        return True  # (S8) `secret_id = "uat/ledger/db"`: a secret's name
    if YAML_TAG_RE.fullmatch(value):
        return True  # `secret: !vault |`, `!Ref DbPassword`: a tag, not a value
    if value.lower() in PLACEHOLDER_WORDS:
        return True
    if (
        not vendor_format
        and len(value) <= 24
        and not any(c.isdigit() for c in value)
        and CREDENTIAL_LABEL_RE.fullmatch(value)
    ):
        return True  # (S12) `"password": "Пароль"`: a form's label, translated
    if DOC_MARKER_RE.search(value):
        return True  # `xoxb-your-token-here`, `<redacted>`
    if not vendor_format and re.fullmatch(r"[A-Z][A-Z_-]{2,}", value):
        return True  # an all-capitals name: PASSWORD, YOUR_API_KEY_HERE
    if (
        not vendor_format
        and re.fullmatch(r"[^\W\d_](?:[^\W\d]|-){2,}", value)
        and "_" in value
        and value.upper() == value
    ):
        return True  # round 10: any script's capitals (`IHR_SCHLÜSSEL_HIER`)
    if re.fullmatch(r"<[^<>]+>|\{\{[^{}]+\}\}|\[[^\[\]]+\]", value):
        return True
    filler = FILLER_RUN_RE.search(value)
    if filler and len(filler.group()) * 2 >= len(value):
        return True
    # (S15) Masked for display (`sk-proj-****...****Qx7Z`): no vendor's key
    # has four stars or dots in a row. Or filled in more than one run
    # (`xoxb-XXXX…-XXXX…-XXXX…`, Slack's `T00000000/B00000000/XXXX…`): half
    # the value or more is filler.
    if MASK_SYMBOLS_RE.search(value):
        return True
    masked = sum(len(m.group()) for m in MASK_RUN_RE.finditer(value))
    return masked >= 8 and masked * 2 >= len(value)


# (or a vendor's prefix and stars only: `xoxb-***`, `sk-•••`)
MASK_SYMBOLS_RE = re.compile(r"[*•●█]{4}|^[A-Za-z0-9]{2,12}[-_.]?[*•●█]{3}$")
MASK_RUN_RE = re.compile(r"([xX0*•●█.])\1{3,}")


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


def _char_class(char: str) -> str:
    if char.isdigit():
        return "d"
    if char.islower():
        return "l"
    return "u" if char.isupper() else "s"


def _mean_run_length(word: str) -> float:
    """Return the mean length of same-class character runs (aB3 -> 1.0)."""
    runs = 1 + sum(
        _char_class(a) != _char_class(b) for a, b in zip(word, word[1:], strict=False)
    )
    return len(word) / runs


LETTERS_DIGITS_RE = re.compile(r"(?=[a-z]*\d)(?=\d*[a-z])[a-z\d]+", re.IGNORECASE)
# Hashing schemes and ciphers named after "password": `password hashing argon2id`.
ALGORITHM_RE = re.compile(
    r"(?i)(?:argon2|bcrypt|scrypt|pbkdf2|sha\d|md5|aes\d|rsa\d|ed25519|x25519|"
    # (S15) a version alone (`v2`, `v1.3`), not a value that starts so
    # (`v9pupcmh1fr6f`)
    r"chacha20|blake2|crc32|base64|utf8|http2|oauth2|saml2|v\d+(?:\.\d+)*(?![a-z\d]))"
)
# Four or more words joined by one separator, under a password's own name.
WORDS_PASSPHRASE_RE = re.compile(
    r"[^\W\d_]{3,}(?:([-_.])[^\W\d_]{3,})(?:\1[^\W\d_]{3,}){2,}"
)
PASSPHRASE_KEY_RE = re.compile(
    r"(?i)pass|pw|wort|senha|contrase|wachtwoord|has[łl]o|l[öo]senord|salasana|"
    r"heslo|jelsz|[şs]ifre|parol|пароль|clave|psk|phrase|sleutel|nyckel|wagwoord|"
    r"wachtzin|wpa|(?:wi-?fi|wlan|network|router|guest)[_ -]?key|"
    # (S10) the password's name in scripts without Latin letters
    r"密码|密碼|口令|パスワード|비밀번호|암호|סיסמ[הת]|كلمة (?:المرور|السر)|رمز عبور|"
    r"κωδικός πρόσβασης"
)
DASHED_WORDS_RE = re.compile(r"[^\W\d_]{3,12}(?:-[^\W\d_]{3,12}){2,}")
# Three words are a passphrase only under its own name (`psk="granit-fyr-skog"`,
# `Phrase de passe : nuage-orage-montagne`).
PHRASE_KEY_RE = re.compile(r"(?i)phrase|psk|frase")
THREE_WORDS_PASSPHRASE_RE = re.compile(
    r"[^\W\d_]{3,}(?:([-_.])[^\W\d_]{3,})\1[^\W\d_]{3,}"
)
# Words joined into a passphrase, with a number (`pixel-fjord-cactus20`).
# (S15) lower-case letters of any script (`luna-kiwi-frühling74`)
DICEWARE_RE = re.compile(r"[^\W\d_A-Z]{3,}(?:[-_.][^\W\d_A-Z]{3,}){2,}\d{1,4}")
# (S8) An unquoted value that is a call or an index on a dotted name
# (`boto3.client(`, `os.environ[`, `config.get(`): an expression in code,
# never a literal credential.
CODE_CALL_RE = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+[(\[]")
PATH_VALUE_RE = re.compile(r"(?:~|\.{1,2})?/[\w.@+~/-]+|[A-Za-z]:\\[\w.\\ -]+")
REQUIREMENT_RE = re.compile(r"[A-Za-z][\w.\[\],-]*(?:==|>=|<=|~=|!=)[\w.*+!-]+")


# Han, kana and Hangul: a value with them is a sentence's words.
CJK_RE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
# A PIN's name, and the shape of an id some countries call a PIN (Kenya's
# KRA PIN `A038076925M`); a PIN code is 4 to 8 digits.
PIN_KEY_RE = re.compile(r"(?i)pin(?:[_ -]?code)?")
ID_SHAPE_RE = re.compile(r"(?i)[A-Z]\d{6,}[A-Z]?")


def _whole_national_id(value: str) -> bool:
    """Return whether `value` is, whole, a national ID's valid number."""
    return any(m.start == 0 and m.end == len(value) for m in find_national_ids(value))


# (S10) Kana, Han or Hangul after a value in Latin letters: the sentence
# going on (`パスワードは1Passwordに保存済み`), not the value.
CJK_TAIL_RE = re.compile(
    r"(?<=[\x21-\x7e])[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af].*$"
)
# A password manager's name where a value would stand.
PASSWORD_MANAGER_NAME_RE = re.compile(
    r"(?i)1_?password|bitwarden|lastpass|dashlane|keepass(?:xc)?|enpass|nordpass|"
    r"proton_?pass|keychain"
)


def _is_secret_value(value: str, *, key: str, bare: bool = False) -> bool:
    """Tell a credential-like value from a word, number or placeholder.

    A value only separated from its name by a space (`password Welc0me2`)
    must look random: letters of both cases and digits, or symbols.
    """
    if TRUNCATED_RE.search(value):
        return False  # `psk=hash:3f2a...`: shown cut short, before the strip
    if 2 * len(CJK_RE.findall(value)) >= len(value):
        return False  # `パスワードは8文字以上に…`: words of a script without spaces
    # (S10) `…は1Passwordに保存済み`: the sentence goes on after the value
    value = CJK_TAIL_RE.sub("", value)
    if PASSWORD_MANAGER_NAME_RE.fullmatch(value.rstrip(".:)")):
        return False  # (S10) `password: 1Password`: where it is kept, not what
    value = value.rstrip(".:)")
    if len(value) < 4 or _is_placeholder(value):
        return False
    if value.startswith("eyJ") and _is_jose_header(value):
        return False  # (S10) `eyJhbGciOi….<payload stripped>`: a JWT's header only
    if "${" in value or "{{" in value:
        return False  # round 10: `…:${DB_PASSWORD}@${DB_HOST}:5432/${DB_NAME}`
    if REQUIREMENT_RE.fullmatch(value):
        return False  # `pin the dependency: requests==2.32.3`
    if PATH_VALUE_RE.fullmatch(value):
        return False  # `--ssh-private-key ~/.ssh/id_ed25519`: a file
    if CODE_CALL_RE.fullmatch(value):
        return False  # (S8) `creds = boto3.client(…)`: code computes it
    if PASSWORD_HASH_RE.match(value):
        return False  # (S8) `admin:$apr1$…` in `.htpasswd`: a hash, checked against
    if not bare and _random_lowercase(value):
        return True  # `POSTGRES_PASSWORD=wszijqzl`: no word has so few vowels
    if PASSPHRASE_KEY_RE.search(key) and WORDS_PASSPHRASE_RE.fullmatch(value):
        return True  # `password: correct-horse-battery-staple`
    if PHRASE_KEY_RE.search(key) and THREE_WORDS_PASSPHRASE_RE.fullmatch(value):
        return True  # `psk="granit-fyr-skog"`
    if bare:
        return len(value) >= 8 and (
            _is_strong(value)
            or bool(DICEWARE_RE.fullmatch(value))
            # `password hunter22`: letters and digits, after a password's name;
            # not a national ID's valid number (`clave CURP: VUBU690915…`:
            # Spanish "clave" is a code as well as a password).
            or (
                bool(PASSPHRASE_KEY_RE.search(key))
                and bool(LETTERS_DIGITS_RE.fullmatch(value))
                and not ALGORITHM_RE.match(value)
                and not _whole_national_id(value)
            )
        )
    if PIN_KEY_RE.fullmatch(key) and (
        (value.isdigit() and len(value) > 8) or ID_SHAPE_RE.fullmatch(value)
    ):
        return False  # `KRA PIN: A038076925M`, a 13-digit Thai PIN: ids
    if value.isdigit():
        return any(k in key.lower() for k in NUMERIC_SECRET_KEYS)
    has_digit = any(c.isdigit() for c in value)
    has_alpha = any(c.isalpha() for c in value)
    has_symbol = any(c in STRONG_SYMBOLS for c in value)
    if (has_digit and (has_alpha or has_symbol)) or (has_alpha and has_symbol):
        return True
    # `password: kHyQtZIvXviq`: random letters of both cases, not a word.
    uppers = sum(c.isupper() for c in value)
    lowers = sum(c.islower() for c in value)
    return (
        len(value) >= 10
        and uppers >= 3
        and lowers >= 3
        and not CAMEL_CASE_RE.match(value)
    )


def _is_strong(value: str) -> bool:
    has_digit = any(c.isdigit() for c in value)
    mixed_case = any(c.islower() for c in value) and any(c.isupper() for c in value)
    has_symbol = any(c in STRONG_SYMBOLS for c in value)
    if has_digit:
        return mixed_case or has_symbol
    # `naMumM&o#XNsIj%N`, not `offline=True` or `mode=Mode.NEGATIVE`.
    symbols = sum(c in STRONG_SYMBOLS - {"="} for c in value)
    uppers = sum(c.isupper() for c in value)
    return (
        mixed_case
        and len(value) >= 10
        and (symbols >= 2 or (symbols and uppers >= 3))
        and not set("=.()") & set(value)
    )


def _looks_like_token(word: str, *, after_key_word: bool) -> bool:
    """Tell a random-looking token from an identifier, digest or number.

    Hex digests and UUIDs are everywhere in engineering notes (commits,
    checksums, ids); they count only right after a key-like word.
    """
    word = word.strip("=-_")
    has_digit = any(c.isdigit() for c in word)
    has_alpha = any(c.isalpha() for c in word)
    if not (has_digit and has_alpha):
        return False
    if UUID_RE.match(word) or HEX_RE.match(word):
        return after_key_word and len(word) >= 16
    if after_key_word:
        return len(word) >= 16 and shannon_entropy(word) > 3.0
    mixed_case = any(c.islower() for c in word) and any(c.isupper() for c in word)
    return (
        len(word) >= 20
        and mixed_case
        and shannon_entropy(word) > 4.0
        and _mean_run_length(word) <= 3.0
    )


# Ids that look random but name an object: Stripe's (`pi_3Mtw…`,
# `cus_Nffr…`), a Go module hash (`h1:…=`), and a token introduced as an
# id, address or wallet (`Firebase uid …`, `sheet id is …`, `BTC: 1Bv…`).
STRIPE_OBJECT_RE = re.compile(
    r"(?:pi|cus|sub|si|evt|ch|py|in|ii|il|price|prod|acct|pm|seti|txn|po|re|cs|src|"
    r"card|ba|dp|pyr|tr|cn|du|plink|promo|qt|sch|sub_sched|wh|we|ic|ipi|prv)_"
    r"[A-Za-z0-9]{14,32}"
)
ID_CUE_RE = re.compile(
    r"(?i)\b(?:ids?|uid|uuid|guid|ksuid|ulid|nanoid|cuid2?|objectid|snowflake|"
    r"playlist|track|album|artist|episode|address|wallet|donations?|ray|"
    r"btc|eth|sol|org|sheet|file|folder|doc|document|video|channel|object|record|"
    r"hash|digest|checksum|etag|md5|sha\d*|"
    # (S12) a nonce is sent in the clear, once (a CSP `nonce="…"`)
    r"nonce)"
    # (S12) a quoted value too (`"id": "key_…"`)
    r"(?:-\d)?\b(?:\s+(?:is|was))?[\s:=#\"']*$"
)
NOT_ID_CUE_RE = re.compile(r"(?i)session|cookie|secret|token|key|auth|pass")
# (S15) A key's or token's own id (`key_id=kid_…`, `API key id: key_01…`,
# `token id (prod): …`, `client_id`): the name a dashboard lists the key
# under, shown beside it in logs; the secret is another value. Not a
# `secret id` (Vault's AppRole `secret_id` is a credential).
KEY_ID_NAME_RE = re.compile(
    r"(?i)(?:key|token|client|app)(?:[_ -]?id|Id)\b(?:\s*\([^()\n]{1,30}\))?"
    r"[\s:=#\"']*$"
)


def _is_public_id(token: str, before: str) -> bool:
    """Tell an object id, content hash or address from a bare credential."""
    if STRIPE_OBJECT_RE.fullmatch(token) or before.endswith("h1:"):
        return True
    window = before[-30:]
    if KEY_ID_NAME_RE.search(before[-45:]):
        return True
    if ID_CUE_RE.search(window) and not NOT_ID_CUE_RE.search(window):
        return True
    return _valid_bitcoin_address(token)


def _valid_bitcoin_address(token: str) -> bool:
    from stdnum import bitcoin

    try:
        return bool(bitcoin.is_valid(token))
    except Exception:  # noqa: BLE001 - a validator must not break the gate
        return False


# (S10) The first bytes of an image or a document: PNG, GIF, JPEG, WebP's
# RIFF, ICO, PDF. A file's base64, not a key's.
IMAGE_MAGIC = (
    b"\x89PNG\r\n\x1a\n",
    b"GIF87a",
    b"GIF89a",
    b"\xff\xd8\xff",
    b"RIFF",
    b"\x00\x00\x01\x00",
    b"%PDF-",
)


def _encodes_text(token: str) -> bool:
    """Tell base64 of prose or JSON (a cursor, a MIME body) from a key.

    A key's bytes are random: they do not decode to text. Bytes that are
    UTF-8 text with a space or a JSON opening, and printable, are encoded
    data; `user:password` (HTTP Basic) is not taken for text.
    """
    body = token.rstrip("=")
    for decode in (base64.b64decode, base64.urlsafe_b64decode):
        try:
            raw = decode(body + "=" * (-len(body) % 4))
            if raw.startswith(IMAGE_MAGIC):
                return True  # (S10) `iVBORw0KGgo…`: an image's bytes, a PNG
            text = raw.decode("utf-8")
        except (binascii.Error, ValueError):
            continue
        if len(text) < 12 or not all(c.isprintable() or c in "\n\r\t" for c in text):
            continue
        if text.lstrip().startswith(("{", "[")) or " " in text.strip():
            return True
        if "\n" in text.strip():
            return True  # (S10) a file's lines (`log_level=warn\nworkers=9`)
    return False


def _is_generated(token: str) -> bool:
    """Tell a generated password or key from words, paths, versions, ids.

    Mixed case with digits or symbols, or digits with symbols, at least 8
    characters (`Tr0ub4dor&3x`, `7rB!kq29Lm`), and not a name that says
    what it is (`1Password`, `OAuth2`), a path, a URL, an email, an
    assignment, a version or a placeholder.
    """
    token = token.strip(".:?)\u2026")  # not `!`: `Summer2024!`
    if len(token) < 8 or _is_placeholder(token):
        return False
    if any(mark in token for mark in ("://", "/", "\\", "${")):
        return False
    if ("%" in token and _url_escaped(token)) or ("=" in token and _assigns(token)):
        return False
    if "@" in token and EMAIL_LIKE_RE.search(token):
        return False
    if CREDENTIAL_WORD_RE.search(token):
        return False  # `1Password`, `api_key_v2`
    if TWILIO_SID_RE.fullmatch(token):
        return False  # a Twilio account SID is an id
    if re.fullmatch(r"[\d.:_-]+|v?\d+(?:\.\d+)+(?:-[\w.]+)?", token):
        return False  # numbers, dates, versions
    if HOST_PORT_RE.fullmatch(token):
        return False  # (S15) `<user>:<password>@host:27017`: where, not what
    return _is_strong(token)


HOST_PORT_RE = re.compile(r"@?[A-Za-z][\w.-]*:\d{2,5}")


URL_ESCAPE_RE = re.compile(r"%([0-9A-Fa-f]{2})")
ASSIGNS_RE = re.compile(r"[A-Za-z_][\w.-]*=|.*(?:==|=$)")


def _url_escaped(token: str) -> bool:
    """Tell a URL-encoded or printf-style value (`a%2Fb`, `%s`) from a password's %.

    Round 10 (S4): a `%` that escapes no printable character (`Zu7&k%8`,
    `x%17`) is one of a generated password's symbols.
    """
    if FORMAT_RE.search(token):
        return True
    return any(
        0x20 <= int(m.group(1), 16) < 0x7F or int(m.group(1), 16) >= 0x80
        for m in URL_ESCAPE_RE.finditer(token)
    )


def _assigns(token: str) -> bool:
    """Tell `name=value`, `a==b` and base64's padding from a password's `=`."""
    return bool(ASSIGNS_RE.match(token))


# (S15) `API key id`, `token ID`: the credential word names an id.
KEY_ID_AFTER_RE = re.compile(r"[_ -]?(?:id|ID|Id)\b")
NEGATED_BEFORE_RE = re.compile(r"(?i)\bnot\s+(?:the|a|an|your)\s+$")


# (S15) A video meeting's passcode, printed in every invitation beside the
# meeting's id: it lets a guest into that one call, as the invite means
# to, and opens no account. Short (Teams six characters, Zoom up to ten).
# A meeting's word, not a vendor's name: `zoom password: …` is an account's.
MEETING_RE = re.compile(
    r"(?i)\b(?:meetings?|webinars?|gotomeeting|besprechung|meeting-id|réunion|"
    r"reunión|riunione|reunião|vergadering|spotkani[ea]|toplantı)\b|会議|会议|회의"
)
MEETING_PASSCODE_RE = re.compile(r"[A-Za-z0-9]{4,10}")


MEETING_CODE_KEY_RE = re.compile(r"(?i)pass|pw|code|kenn|secret")


def _meeting_passcode(line: str, key: str, value: str) -> bool:
    """Tell a video meeting's passcode on its invitation's line."""
    return bool(
        MEETING_CODE_KEY_RE.search(key)
        and MEETING_PASSCODE_RE.fullmatch(value.rstrip(".,;)"))
        and MEETING_RE.search(line)
    )


def _names_key_id(match: re.Match[str]) -> bool:
    """Tell a credential's name followed by `id` (`key_id`, `API key ID`).

    Not a secret's or a password's id: Vault's `secret_id` is a credential.
    """
    key = match.group("key").lower()
    return not key.startswith(("secret", "pass", "session")) and bool(
        KEY_ID_AFTER_RE.match(match.string, match.end("key"))
    )


def _nearby_secrets(line: str) -> bool:
    """Return whether a generated-looking value stands near a credential word.

    The general rule behind the syntaxes the patterns above know: a line
    that names a password, token, key or passphrase and holds, within a
    few words of that name, a value that looks generated, holds that
    secret, however the two are joined (`Password reset done. New one: X`,
    `use X as the temporary password`).
    """
    for match in CREDENTIAL_WORD_RE.finditer(line):
        if match.group("key").lower() == "pass" and not re.match(
            r"\s*(?::|=|->|→|\bis\b)", line[match.end() :]
        ):
            continue  # "to pass the ``axes.W003`` check": the verb
        if _names_key_id(match):
            continue  # (S15) `API key id: key_01…`: the key's id, not the key
        if NEGATED_BEFORE_RE.search(line, max(0, match.start() - 12), match.start()):
            continue  # (S15) `key id (not the secret): …`: said not to be one
        begin = max(0, match.start() - NEARBY_BEFORE)
        window = line[begin : match.end() + NEARBY_AFTER].replace(
            "\\n", "  "
        )  # `printf 'user\npass'`: an escaped newline (as long: offsets hold)
        if "[" in window:
            window = REGEX_CLASS_RE.sub(_blank, window)  # (S12) `[0-9a-zA-Z]{24}`
        for found in NEARBY_TOKEN_RE.finditer(window):
            token = found.group()
            start = begin + found.start()
            if found.start() == 0:
                # (S15) the window may cut a token's head off too: its whole
                # (`JWT header eyJhbGciOi…J9 is the same for every token`)
                while start > 0 and NEARBY_TOKEN_RE.match(line, start - 1):
                    start -= 1
            if _is_generated(token) and not _is_jose_header(
                # (S10) the whole token, not the window's cut of a long header
                NEARBY_TOKEN_RE.match(line, start).group()
            ):
                return True
    return False


# A JWT's header alone (`eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9`) is the
# base64 of `{"alg": …, "typ": "JWT"}`: public, the same in every token
# signed alike; a token's secret part is its payload and signature.
JOSE_HEADER_KEYS = frozenset(
    ("alg", "typ", "kid", "cty", "enc", "zip", "crit", "x5t", "x5u", "jku", "jwk")
)


# (S10) What stands for a token's cut-off rest: nothing (`eyJ….`), a
# bracketed note (`.<payload stripped>`, `.[redacted]`), dots or stars.
CUT_SEGMENTS_RE = re.compile(r"(?:[<\[({*…].*|\.*|x+|X+)")


def _is_jose_header(token: str) -> bool:
    """Tell a JWT's header, alone or with its other segments cut off."""
    token, dot, rest = token.partition(".")
    if not token.startswith("eyJ") or (dot and not CUT_SEGMENTS_RE.fullmatch(rest)):
        return False
    try:
        decoded = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        header = json.loads(decoded)
    except (binascii.Error, ValueError):
        return False
    return isinstance(header, dict) and set(header) <= JOSE_HEADER_KEYS


# Round 4 (tune9): whole classes of credentials without a credential word.
HOST_NAME_RE = re.compile(r"[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
EMAIL_LIKE_RE = re.compile(r"[^@\s]+@[\w-]+(?:\.[\w-]+)+")
# (S11) An account's name after `login`: an e-mail address ending in a
# top-level domain.
LOGIN_NAME_RE = re.compile(r"[\w.*+-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}")
# (S15) A conversion ends its word or runs into a non-letter (`%s`, `%d`,
# `%(name)s`, `%-5.2f|`): `JND%ifza922` is a password with a percent sign.
FORMAT_RE = re.compile(r"%[-+ #0-9.]*[sdrifx](?![A-Za-z])|%\(|\{[\w.]*\}")
VERSION_LIKE_RE = re.compile(r"[\d.:_-]+|v?\d+(?:\.\d+)+(?:-[\w.]+)?")


def _random_lowercase(value: str) -> bool:
    """Tell random lower-case letters (`wszijqzl`) from a word (`required`)."""
    if len(value) < 8 or not (value.isalpha() and value.islower()):
        return False
    vowels = sum(c in "aeiouy" for c in value)
    if vowels / len(value) <= 0.2:
        return True
    # (S15) A long run drawn at random (a Gmail app password's sixteen
    # letters, `wactwndxiqenlvaa`) may have a word's share of vowels, but
    # then has five consonants in a row, as hardly a word has
    # (`walkthroughs`; names run together, which no password name precedes).
    return (
        len(value) >= 12
        and vowels / len(value) <= 0.4
        and bool(CONSONANT_RUN_RE.search(value))
    )


CONSONANT_RUN_RE = re.compile(r"[b-df-hj-np-tv-xz]{5}")


def _random_letters(value: str) -> bool:
    """Tell random letters of both cases (`kHyQtZIvXviq`) from a name."""
    uppers = sum(c.isupper() for c in value)
    lowers = sum(c.islower() for c in value)
    return (
        len(value) >= 10
        and value.isalpha()
        and uppers >= 3
        and lowers >= 3
        and not CAMEL_CASE_RE.match(value)
        and _mean_run_length(value) <= 2.5
    )


def _is_password_like(value: str) -> bool:
    """Tell a value that looks chosen as a password from any other argument.

    Used where the place says "credential" but no word does: a positional
    argument of a connect call, `user / value` in prose, `-u u -p value`.
    At least 8 characters, strong (`_is_strong`) or random letters of both
    cases; not a placeholder, template, format string, path, URL, email,
    DN or DSN, version or number.
    """
    value = value.rstrip(".,;:")
    if len(value) < 8 or len(value) > 128 or _is_placeholder(value):
        return False
    if HOST_NAME_RE.fullmatch(value):
        return False  # `Host-01.corp`, `DB2.Example.com`
    if TEMPLATE_RE.search(value) or FORMAT_RE.search(value):
        return False
    if "://" in value or EMAIL_LIKE_RE.fullmatch(value):
        return False
    if any(mark in value for mark in ("=", "/", "\\", "${")) or value[0] in "$~":
        return False
    if VERSION_LIKE_RE.fullmatch(value):
        return False
    return _is_strong(value) or _random_letters(value)


def _is_prose_password(value: str) -> bool:
    """`_is_password_like`, stricter for prose: no product or model names.

    `Claude3Opus`, `Pixel8Pro`, `Bravo2024` are names; a password in prose
    has a symbol or separator (`Cedar.thistle91`, `Juniper108$`) or reads
    as random (`Hx7kq2LpZm`, `ZpAGhLZSVgub`).
    """
    value = value.rstrip(".,;:")
    if DICEWARE_RE.fullmatch(value):
        return True  # (S15) `VPN: bob.smith / sprocket-otter-mango23`
    if not _is_password_like(value):
        return False
    if any(c in STRONG_SYMBOLS for c in value) or re.search(
        r"[A-Za-z0-9][-_.]\w", value
    ):
        return True
    if value.isalpha():
        return _random_letters(value)
    # A word and a number (`Bravo2024`, `NewYork2`, `Python311`) is a name
    # here; it takes a credential word (the rules above) to be a password.
    return not _name_like(value)


NAME_SEGMENT_RE = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")


def _name_like(value: str) -> bool:
    """Tell a name (`ShopDB2`, `Claude3Opus`, `Win11Pro`) from random text.

    Letters and digits only, in at most three words and two numbers.
    """
    if not value.isalnum():
        return False
    segments = NAME_SEGMENT_RE.findall(value)
    numbers = sum(seg.isdigit() for seg in segments)
    return len(segments) - numbers <= 3 and numbers <= 2


# `new mysqli('db', 'app', '…', 'shop')`, `DriverManager.getConnection(url,
# "sa", "…")`, `FTP(host, user, '…')`, `smtp.PlainAuth("", user, "…", host)`:
# a quoted argument of a connect or login call that looks like a password.
CONNECT_CALL_RE = re.compile(
    r"(?i)(?:\b(?:mysqli(?:_connect|_real_connect)?|PDO|\w*connect\w*|"
    r"get_?connection|FTP(?:_TLS)?|SFTP|SMTP(?:_SSL)?|IMAP4(?:_SSL)?|POP3(?:_SSL)?|"
    r"Sequelize|\w*Auth(?:entication)?|\w*bind(?:_s)?|(?:Strict)?Redis|"
    r"log_?in|sign_?in|authenticate|getSession|Credentials?)\s*\(|"
    r"\bNet::\w+\.(?:new|start)\s*\()"
    r"(?P<args>[^\n]*)"
)
QUOTED_ARG_RE = re.compile(r"(?P<q>['\"])(?P<value>[^'\"\n]*)(?P=q)")
# `"app:…@tcp(db:3306)/shop"` (Go's MySQL DSN), `user:…@host` without a scheme.
DSN_CREDENTIALS_RE = re.compile(
    r"[\"'](?P<user>[\w.-]+):(?P<value>[^\s@'\"/]{4,})@(?:tcp|unix)?\(?[\w.-]+"
)
# Password flags after a user flag, any tool: `rdesktop -u admin -p …`,
# `evil-winrm … -u svc -p '…'`, `xfreerdp /u:admin /p:…`, `psexec -u … -p …`,
# `mosquitto_pub -u sensor -P …`, `influx -username admin -password '…'`.
CLI_USER_PASSWORD_RES: tuple[re.Pattern[str], ...] = tuple(
    re.compile(pattern)
    for pattern in (
        r"(?:^|\s)(?:-u|-U|-l|--?user(?:name)?|/u(?:ser)?:)[\s=]*\S+[^\n|;]*?"
        r"\s(?:-p|-P|-pw|--?pass(?:word)?|/p(?:assword)?:)[\s=:]*" + _ARG.format("v"),
        r"(?:^|\s)(?:-p|-P|-pw|/p:)\s*" + _ARG.format("v") + r"[^\n|;]*?"
        r"\s(?:-u|-U|/u:)[\s=]*\S+",
        r"\blftp\b[^\n|;]*?\s-u\s+[^\s,]+," + _ARG.format("v"),
        # impacket: `domain/user:'…'@target`.
        r"(?<![\w/])[\w.-]+/[\w.$-]+:" + _ARG.format("v") + r"@[\w.-]+",
        # `net use Z: \\nas\share … /user:bob`: the password before /user.
        r"(?i)\bnet\s+use\b[^\n]*?\s(?!/)" + _ARG.format("v") + r"\s+/user:",
        r"\bsmbclient\s+//\S+\s+(?!-)" + _ARG.format("v"),
        r"\bmysqladmin\b[^\n|;]*?\spassword\s+" + _ARG.format("v"),
        r"\bnmcli\b[^\n|;]*?\s(?:password|wifi-sec\.psk|802-11-wireless-security\.psk)"
        r"\s+" + _ARG.format("v"),
        r"(?i)\bsudo\b[^\n]{0,20}?\b(?:with|using|pw|password|pass)\s*:?\s+"
        + _ARG.format("v"),
        # (S15) Db2's CLP: `db2 connect to DB user NAME using …`; a scheduled
        # task's run-as password: `schtasks /create … /ru USER /rp …`
        r"(?i)\bconnect\s+to\s+\S+\s+user\s+\S+\s+using\s+" + _ARG.format("v"),
        r"(?i)\bschtasks\b[^\n|;]*?\s/rp\s+" + _ARG.format("v"),
        # (S12) MinIO's client: `mc alias set ALIAS URL ACCESS_KEY SECRET_KEY`
        r"\bmc\s+(?:alias\s+set|config\s+host\s+add)\s+\S+\s+\S+://\S+\s+\S+\s+"
        + _ARG.format("v"),
    )
)
# (S15) A tool's setting given on its command line, the setting's name a
# credential's: `npm config set //registry…/:_authToken <uuid>`, `yarn
# config set npmAuthToken …`, `aws configure set aws_secret_access_key …`,
# `dotnet user-secrets set "Stripe:SecretKey" …`, `pulumi config set
# --secret dbPassword …`, `gh secret set API_TOKEN --body …`.
CONFIG_SET_RE = re.compile(
    r"(?i)\b(?:config(?:ure)?|user-secrets|secrets?)\s+(?:set|add)\s+"
    r"(?:--?[\w-]+\s+)*[\"']?(?P<name>[^\s\"'=]+)[\"']?"
    r"\s+(?:(?:-b|--body)\s+)?[\"']?(?P<value>[^\s\"'`;|]{6,})"
)
# A new key's passphrase: `ssh-keygen … -N '…'`.
KEYGEN_PASSPHRASE_RE = re.compile(
    r"\bssh-keygen\b[^\n|;]*?\s-[NP]\s*" + _ARG.format("v")
)
# `use postgres / …`, `login: bob / …`, `jenkins: ci-bot / …`: a name, a
# slash between spaces, and a value that looks like a password.
USER_SLASH_VALUE_RE = re.compile(
    r"(?<![\w/.@:-])(?P<user>[A-Za-z_][\w.@+-]{1,40})[\"'`]?\s+/\s+[\"'`]?"
    r"(?P<value>[^\s\"'`,;()]{8,})"
)
# `u: admin p: …`, `user ops pass …`: short user and password labels.
USER_P_RE = re.compile(
    r"(?i)\bu(?:ser)?\s*[:=]\s*\S+[\s,;]+p(?:w|wd|ass)?\s*[:=]\s*[\"'`]?"
    r"(?P<value>[^\s\"'`,;]{6,})"
)
# A Google app password: four groups of four letters, in a login call or
# after its name.
APP_PASSWORD_VALUE_RE = re.compile(r"[a-z]{4}(?: [a-z]{4}){3}")
APP_PASSWORD_RE = re.compile(
    r"(?i)\bapp[- ]?(?:specific[- ])?password\b[^\n]{0,30}?[\"'`:=]\s*[\"'`]?"
    r"(?P<value>[a-z]{4} ?[a-z]{4} ?[a-z]{4} ?[a-z]{4})(?![a-z])"
)
# `postgres/…`: a service account and its password without spaces.
SERVICE_USERS = (
    "postgres|root|admin|administrator|sa|mysql|oracle|system|sys|dbadmin|"
    "dbuser|deploy|ubuntu|ec2-user|pi|ubnt|guest|user|test|ftp|www-data|"
    "jenkins|git|elastic|kibana|grafana|rabbit|rabbitmq|redis|mongo|app"
)
SERVICE_USER_RE = re.compile(rf"(?i)(?:{SERVICE_USERS})")
# (S15) A service account's `user:password@host` without a scheme
# (`postgres:…@localhost`); an image's tag has no `@host` after it.
SERVICE_USER_AT_HOST_RE = re.compile(
    rf"(?i)(?<![\w/.:-])(?:{SERVICE_USERS}):(?P<value>[^\s/\"'`,;]{{6,64}})"
    r"@[\w-]+(?:\.[\w-]+)*"
)
SERVICE_SLASH_RE = re.compile(
    rf"(?i)(?<![\w/.:-])(?:{SERVICE_USERS})/(?P<value>[^\s\"'`,;()/]{{8,}})"
    r"(?![\w/])"
)
# (S15) A superuser's password said by the machine it logs into: `root on
# the old ftp box is still …`, `the admin account on the NAS uses …`, `root
# auf dem alten Server ist noch …`, `root sur la vieille box c'est …`. The
# account names whose only secret is the password; the value must read as
# a chosen password (`root on prod is disabled` is news, not a secret).
ACCOUNT_ON_HOST_RE = re.compile(
    r"(?i)(?<![\w/.@-])(?:root|admin|administrator|administrateur|administrador|"
    r"sa|postgres|sysadmin|superuser|ubuntu|ec2-user|oracle|sys)"
    r"(?:\s+(?:account|user|login|konto|compte|cuenta|conta|utente))?"
    r"(?:\s+(?:on|at|for|@|auf|am|sur|en|em|no|na|su|sul|op|på|w|в|на)\s+|@)"
    r"[^\n:=]{1,40}?"
    # a copula, an adverb of time or a verb of use, or a colon: one at least
    r"(?:\s+(?:is|ist|est|c'est|c’est|es|é|è|är|er|is\s+now)"
    r"(?=\s)|(?=\s+(?:still|now|currently|noch|jetzt|toujours|encore|todavía|aún|"
    r"ainda|ancora|nog|fortfarande|nadal|uses?|using|nutzt|utilise|usa|gebruikt)\s)"
    r"|\s*[:=])"
    r"(?:\s+(?:still|now|currently|noch|immer\s+noch|jetzt|toujours|encore|todavía|"
    r"aún|ainda|ancora|nog|fortfarande|nadal|всё ещё|все еще)(?=\s))?"
    r"(?:\s+(?:uses?|using|nutzt|utilise|usa|gebruikt)(?=\s))?"
    r"\s*[\"'`]?(?P<value>[^\s\"'`,;]{8,})"
)
ACCOUNT_ON_HOST_USERS = (
    "root", "admin", "sa ", "postgres", "sysadmin", "superuser", "ubuntu", "ec2-user",
    "oracle", "sys ",
)  # fmt: skip
# (S15) An account's entry as people jot it: a service's name and a colon,
# the e-mail address that logs in, then the password (`Gmail: anna.k@…
# Kiwi2021#`, `Netflix: family@mail.com — …`, `Login: bob@acme.io / …`).
LABELLED_LOGIN_RE = re.compile(
    # not a mail's or a commit's header (`From: bob@… Re:Invoice#42`)
    r"(?<![\w@])(?!(?i:from|to|cc|bcc|reply-to|sender|author|committer|"
    r"signed-off-by|co-authored-by|e-?mail|contact)\s*:)"
    r"[A-Za-z][\w .&+-]{1,30}:\s*[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
    r"\s*(?:[/|,—–-]|pw|pass)?\s*[\"'`]?(?P<value>[^\s\"'`,;]{8,})[\"'`]?"
    r"(?=\s*(?:$|[,;(]|\s[-—–]\s))"
)
# `creds for staging are deploy and …`, `login is bob, …`.
CREDS_PAIR_RE = re.compile(
    r"(?i)\b(?:creds?|credentials|logins?|account)\b[^\n]{0,40}?"
    r"(?:\bis\b|\bare\b|:|→|->|=>)\s+[\w.@+-]+\s*(?:\band\b|&|,|/|\+|:)\s*[\"'`]?"
    r"(?P<value>[^\s\"'`,;]{8,})"
)
# `vpnuser:…`, `bob:…` in prose: a lower-case name, a colon, no spaces.
USER_COLON_VALUE_RE = re.compile(
    r"(?<![\w/.@:%#-])(?P<user>[a-z][a-z0-9._-]{1,30}):(?P<value>[^\s\"'`,;:/@()]{8,})"
    r"(?![\w:/@])"
)
E164_RE = re.compile(r"\+\d{7,15}")
NOT_USER_NAMES = {
    "sha1", "sha256", "sha384", "sha512", "md5", "base64", "data", "urn", "arn",
    "mailto", "http", "https", "ftp", "tel", "sip", "file", "git", "ssh", "s3",
    "gs", "docker", "image", "tag", "ref", "refs", "commit", "id", "key", "name",
    "type", "kind", "host", "port", "path", "version", "ver", "v", "step", "stage",
    "feat", "fix", "chore", "docs", "note", "todo", "re", "fw", "fwd", "subject",
}  # fmt: skip
# Recovery and backup code lists: a name, then three or more codes.
RECOVERY_CUE_RE = re.compile(
    r"(?i)\bemergency\s+kit\b|"
    r"\b(?:recovery|backup|emergency|scratch|one-?time|single-use|2fa|mfa|"
    r"otp|two-factor|2-step)[\s-]+(?:codes?|keys?)\b|\bcodes?\s+(?:de\s+)?(?:secours|"
    r"récupération|recuperaci[óo]n|respaldo|recupera[çc][ãa]o)\b|"
    r"\b(?:wiederherstellungs|backup-|notfall|sicherungs)codes?\b|"
    # round 10: `Códigos de respaldo`, `codici di backup`, `kody zapasowe`
    r"\b(?:c[óo]digos?|codici|kody|koder|koodit)\s+(?:de\s+|di\s+)?(?:respaldo|"
    r"recuperaci[óo]n|recupera[çc][ãa]o|backup|seguran[çc]a|emerg[eê]ncia|recupero|"
    r"zapasowe|odzyskiwania)\b|\b(?:herstel|back-?up|reserve|reserv|vara)(?:codes|koder|"
    r"koodit)\b|バックアップコード|备用码|恢复码|백업 코드|"
    # (S8) Turkish `Yedek kodlar`, Russian and Ukrainian `резервные коды`,
    # `коди відновлення`, Czech, Hungarian, Romanian, Indonesian, Greek
    r"\b(?:yedek|kurtarma)\s+kod(?:lar[ıi]?|u)?\b|"
    r"(?<![^\W\d_])(?:резервн\w*|одноразов\w*)\s+код\w*|"
    r"(?<![^\W\d_])код\w*\s+(?:восстановлени\w*|відновлення)|"
    r"\b(?:záložní|obnovovací)\s+kód\w*|\b(?:tartalék|helyreállítási)\s+kód\w*|"
    r"\bcoduri(?:le)?\s+de\s+(?:rezerv[ăa]|recuperare)\b|"
    r"\bkode\s+(?:cadangan|pemulihan)\b|κωδικοί\s+(?:ανάκτησης|αντιγράφων)|"
    # (S8) Chinese (both scripts), Japanese and Korean UI names
    r"复原码|復原碼|恢復碼|備用碼|リカバリーコード|복구 코드"
)
RECOVERY_STEMS = (
    "kit", "code", "key", "digo", "codici", "kody", "koder", "koodit", "コード",
    "码", "碼", "코드", "kod", "код", "kód", "coduri", "kode", "κωδικοί",
)  # fmt: skip
RECOVERY_CODE_RE = re.compile(
    r"(?<![\w-])(?:[A-Za-z0-9]{4,6}(?:-[A-Za-z0-9]{4,6}){1,7}|\d{3,5} \d{3,5}|"
    r"[a-z0-9]{4} [a-z0-9]{4}|[A-Za-z0-9]{6,12}|[A-Za-z0-9]{16,40})(?![\w-])"
)
# (S8) digits in two groups joined by a dash too (`7391-2284`)
RECOVERY_DIGITS_RE = re.compile(r"\d{6,10}|\d{3,5}[ -]\d{3,5}")
RECOVERY_WINDOW = 400
SINGLE_CODE_RE = re.compile(r"\s*[:=]\s*[\"'`]?(?P<code>[A-Za-z0-9]{8,16})(?![\w-])")
# A TOTP seed: `2FA setup key: jbsw y3dp …`, `TOTP secret JBSWY3DPEHPK3PXP`.
TOTP_SEED_RE = re.compile(
    r"(?i)\b(?:totp|2fa|mfa|otp|authenticator|two[- ]factor|2-step|google auth\w*|"
    r"authy|duo|okta verify|aegis|raivo)\b"
    r"[^\n]{0,50}?(?<![^\W\d_])(?:seed|secret|key|setup key|schlüssel|clé|clave|chave|"
    r"chiave|sleutel|klucz|nyckel|nøgle|nøkkel|avain|kulcs|anahtar\w*|ключ\w*|"
    r"geheimnis|secreto|segredo|segreto|sekret)(?![^\W\d_])[^\n:=]{0,40}?"
    r"(?:[:=]|\bis\b)?[^\n:=]{0,20}?[:=]?\s*[\"'`]?"
    r"(?P<value>[A-Za-z2-7]{4}(?: ?[A-Za-z2-7]{4}){3,}=*|[A-Za-z2-7]{16,}=*)(?![\w])"
)

# Round 10 (S4): the key's word first, the authenticator's after (`Clé
# secrète de l'authentificateur : …`, `Geheimer Schlüssel für die
# Authenticator-App: …`).
TOTP_KEY_FIRST_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:secret|secrète|secreto|segredo|segreto|geheime[rn]?|"
    r"geheimschlüssel|"
    r"schlüssel|clé|clave|chave|chiave|sleutel|klucz|key|seed)(?![^\W\d_])"
    r"[^\n:=]{0,40}?(?<![^\W\d_])(?:authenti[cf]\w*|autenticador\w*|autenticazione|"
    r"totp|2fa|mfa|otp)(?![^\W\d_])[^\n:=]{0,40}?[:=]\s*[\"'`]?"
    r"(?P<value>[A-Za-z2-7]{4}(?: ?[A-Za-z2-7]{4}){3,}=*|[A-Za-z2-7]{16,}=*)(?![\w])"
)
TOTP_FACTOR_STEMS = ("authenti", "autentic", "autentica", "totp", "2fa", "mfa", "otp")
# `TOTP: JBSWY3DPEHPK3PXP`: the seed right after the factor's name.
TOTP_DIRECT_RE = re.compile(
    r"(?i)\b(?:totp|2fa|mfa)\s*[:=]\s*[\"'`]?"
    r"(?P<value>[A-Za-z2-7]{4}(?: ?[A-Za-z2-7]{4}){3,}=*|[A-Za-z2-7]{16,}=*)(?![\w])"
)
# (S8) A seed handed to an OTP library in code: `pyotp.TOTP("JBSW…")`, `new
# Totp(Base32Encoding.ToBytes("…"))`, `totp.Generate("…")`: the literal an
# authenticator's codes are computed from.
TOTP_CALL_RE = re.compile(
    r"(?i)(?<![^\W_])[\w.]*[th]otp[\w.]*\s*\(\s*(?:[\w.]+\(\s*)?"
    r"(?:(?:secret|key|seed)\s*[:=]\s*)?[\"'`]"
    r"(?P<value>[A-Za-z2-7]{16,}=*)[\"'`]"
)


def _recovery_codes(text: str) -> Iterator[int]:
    """Yield the line of each list of recovery or backup codes in `text`.

    Three or more code-shaped tokens with a digit (`4f9k-2j8d`, `3657 0154`,
    `mkhejo7d`) within a few lines after the name; not a format such as
    `xxxx-xxxx`.
    """
    lower = text.lower()
    if not any(stem in lower for stem in RECOVERY_STEMS):
        return  # every cue holds one of these
    for cue in RECOVERY_CUE_RE.finditer(text):
        window = text[cue.end() : cue.end() + RECOVERY_WINDOW]
        codes = {
            m.group()
            for m in RECOVERY_CODE_RE.finditer(window)
            if (
                any(c.isdigit() for c in m.group())
                and any(c.isalpha() or c in " -" for c in m.group())
                and not VERSION_LIKE_RE.fullmatch(m.group().replace(" ", ""))
            )
            or RECOVERY_DIGITS_RE.fullmatch(m.group())
        }
        # One long grouped code right after the name: `recovery key:
        # R4K2-9XQP-7MZL-…`, `recovery code 9f3k2-8xq7m-2k4pz`.
        first = RECOVERY_CODE_RE.search(window[:40])
        long_key = bool(
            first
            and (first.group().count("-") >= 2 or len(first.group()) >= 16)
            and any(c.isdigit() for c in first.group())
            and any(c.isalpha() for c in first.group())
        )
        # One code right after the name: `backup code: ytcxi3f8qwjr`.
        single = SINGLE_CODE_RE.match(window)
        one_code = bool(
            single
            and any(c.isdigit() for c in single.group("code"))
            and any(c.isalpha() for c in single.group("code"))
        )
        if len(codes) >= 3 or long_key or one_code:
            yield text.count("\n", 0, cue.start()) + 1


def _is_totp_seed(value: str) -> bool:
    compact = value.replace(" ", "").rstrip("=").upper()
    return (
        len(compact) >= 16
        and any(c in "234567" for c in compact)
        and sum(c.isalpha() for c in compact) >= 8
        and not _is_placeholder(value)
    )


def _classless_secrets(line: str, lower: str) -> Iterator[str]:
    """Credentials named by their place, not by a word (round 4)."""
    for match in _finditer(CONNECT_CALL_RE, line, lower):
        if any(
            (_is_password_like(m.group("value")) and not _name_like(m.group("value")))
            or APP_PASSWORD_VALUE_RE.fullmatch(m.group("value"))
            for m in QUOTED_ARG_RE.finditer(match.group("args"))
        ):
            yield "Positional Password"
            break
    for match in _finditer(DSN_CREDENTIALS_RE, line, lower):
        value = match.group("value")
        if not _is_placeholder(value) and not value.startswith("$"):
            yield "Basic Auth Credentials"
    for pattern in CLI_USER_PASSWORD_RES:
        for match in _finditer(pattern, line, lower):
            if _is_password_like(_cli_password(match)):
                yield "Command-Line Password"
    for match in _finditer(CONFIG_SET_RE, line, lower) if " set " in lower else ():
        name, value = match.group("name"), match.group("value")
        key = CREDENTIAL_WORD_RE.search(CAMEL_KEY_RE.sub(r"_\1", name))
        if key and not _names_key_id(key) and _is_secret_value(value, key=name):
            yield "Command-Line Password"
    for match in _finditer(KEYGEN_PASSPHRASE_RE, line, lower):
        value = _cli_password(match)
        if len(value) >= 4 and not _is_placeholder(value):
            yield "Command-Line Password"
    for match in _finditer(USER_SLASH_VALUE_RE, line, lower):
        user, value = match.group("user"), match.group("value")
        # A service account's name (`admin / …`) says the value is its password.
        prose = (
            _is_password_like(value)
            if SERVICE_USER_RE.fullmatch(user)
            else _is_prose_password(value)
        )
        if prose and not _is_password_like(user):
            yield "Secret Keyword"
    for match in _finditer(USER_COLON_VALUE_RE, line, lower):
        if E164_RE.fullmatch(match.group("value")):
            continue  # (S11) a vCard's `TEL;TYPE=cell:+33612989661`: a phone
        if match.group("user") not in NOT_USER_NAMES and _is_prose_password(
            match.group("value")
        ):
            yield "Secret Keyword"
    for match in _finditer(APP_PASSWORD_RE, line, lower):
        if not _is_placeholder(match.group("value")):
            yield "Secret Keyword"
    for match in _finditer(PROTECTED_WITH_RE, line, lower):
        if _is_prose_password(match.group("value")):
            yield "Secret Keyword"
    for match in _finditer(COMPOUND_PASSWORD_RE, line, lower):
        if _is_secret_value(match.group("value"), key="password"):
            yield "Secret Keyword"
    for match in _finditer(USER_P_RE, line, lower):
        if _is_secret_value(match.group("value"), key="password"):
            yield "Secret Keyword"
    for pattern in (
        (SERVICE_SLASH_RE, CREDS_PAIR_RE, LABELLED_LOGIN_RE)
        if "@" in line
        else (SERVICE_SLASH_RE, CREDS_PAIR_RE)
    ):
        for match in _finditer(pattern, line, lower):
            if _is_prose_password(match.group("value")):
                yield "Secret Keyword"
    for match in (
        _finditer(ACCOUNT_ON_HOST_RE, line, lower)
        if any(user in lower for user in ACCOUNT_ON_HOST_USERS)
        else ()
    ):
        if _is_prose_password(match.group("value").rstrip(".,;)")):
            yield "Secret Keyword"
    for match in [
        *_finditer(TOTP_SEED_RE, line, lower),
        *_finditer(TOTP_DIRECT_RE, line, lower),
        *(_finditer(TOTP_CALL_RE, line, lower) if "otp" in lower else ()),
        *(
            _finditer(TOTP_KEY_FIRST_RE, line, lower)
            if any(w in lower for w in TOTP_FACTOR_STEMS)
            else ()
        ),
    ]:
        if _is_totp_seed(match.group("value")):
            yield "TOTP Seed"


def _cli_password(match: re.Match[str]) -> str:
    return next((v for k, v in match.groupdict().items() if v and k[0] in "vw"), "")


# What a line must hold for a detect-secrets plugin to have a chance: the
# literals of one of its patterns (`_needs`); the keyword plugin, which has
# no pattern list, one of its words. Each plugin's patterns are scanned
# only on lines that pass.
KEYWORD_PLUGIN_WORDS = ("key", "pass", "pwd", "secret", "contrase")
# Plugins whose every pattern matches a token of 20 non-space characters or
# more: a line without such a run is skipped.
LONG_TOKEN_PLUGINS = frozenset(
    (
        "AzureStorageKeyDetector",
        "DiscordBotTokenDetector",
        "GitHubTokenDetector",
        "GitLabTokenDetector",
        "MailchimpDetector",
        "OpenAIDetector",
        "PypiTokenDetector",
        "SendGridDetector",
        "SquareOAuthDetector",
        "StripeDetector",
        "TelegramBotTokenDetector",
        "TwilioKeyDetector",
    )
)
# Each vendor prefix matches 24 non-space characters at least, but these.
LONG_RUN_RE = re.compile(r"\S{20,}")
PREFIXED_WITH_SPACES = ("PRIVATE KEY", "Private-Lines", "WIFI:")


@cache
def _gated_plugins() -> tuple:
    return tuple(
        (plugin, tuple(getattr(plugin, "denylist", ()) or ())) for plugin in _plugins()
    )


def _plugin_may_match(
    plugin: Any, patterns: tuple, lower: str, runs: list[re.Match[str]]
) -> bool:
    if not runs and type(plugin).__name__ in LONG_TOKEN_PLUGINS:
        return False
    if patterns:
        return any(_may_match(p, lower) for p in patterns)
    if type(plugin).__name__ == "KeywordDetector":
        return any(word in lower for word in KEYWORD_PLUGIN_WORDS)
    return True


def _prefixed_may_match(line: str, runs: list[re.Match[str]]) -> bool:
    """Search the vendor prefixes in the long runs only: prose has none."""
    if any(word in line for word in PREFIXED_WITH_SPACES):
        return bool(ANY_PREFIXED_RE.search(line))
    return any(ANY_PREFIXED_RE.search(line, m.start(), m.end()) for m in runs)


# A shell's required variable (`${NAME:?message}`): the text after `:?`
# is what the shell prints when NAME is unset, never a value (S6).
REQUIRED_VARIABLE_BEFORE_RE = re.compile(r"\$\{\w+:$")


def _line_secrets(line: str, *, nested: bool = False) -> Iterator[str]:
    lower = _lower(line)  # cheap word checks skip rules that cannot match
    runs = list(LONG_RUN_RE.finditer(line))
    # Every rule that starts with a credential's name (`KEY_NAME`) needs one.
    named = _may_match(CREDENTIAL_WORD_RE, lower) and bool(
        CREDENTIAL_WORD_RE.search(line)
    )
    for plugin, patterns in _gated_plugins():
        if not _plugin_may_match(plugin, patterns, lower, runs):
            continue
        vendor_format = plugin.secret_type != "Secret Keyword"
        if any(
            not _is_placeholder(v, vendor_format=vendor_format)
            and not TWILIO_SID_RE.fullmatch(v)  # an account SID is an id
            for v in plugin.analyze_string(line)
        ):
            yield plugin.secret_type
    for name, pattern in PREFIXED_SECRETS if _prefixed_may_match(line, runs) else ():
        if any(
            not _is_placeholder(m.group(), vendor_format=True)
            for m in _finditer(pattern, line, lower)
        ):
            yield name
    for match in _finditer(BASE64_PEM_RE, line, lower):
        if _is_base64_private_key(match.group()):
            yield "Private Key"
    for match in _finditer(URL_CREDENTIALS_RE, line, lower):
        value = match.group("value")
        if not value.startswith(("${", "*")) and not _is_placeholder(value):
            yield "Basic Auth Credentials"
    for pattern in CLI_PASSWORD_RES:
        for match in _finditer(pattern, line, lower):
            if MAC_ADDRESS_RE.fullmatch(match.group().strip()):
                continue  # `3C:52:82:1A:7F:09` is no `.pgpass` line
            value = _cli_password(match)
            if match.groupdict().get("wb") and not _is_password_like(value):
                continue  # `mysql -u root -p shop`: -p prompts, shop is the db
            generic = next(
                (v for k, v in match.groupdict().items() if v and k[0] == "g"), ""
            )
            if generic:
                if _is_secret_value(generic, key="password") and not (
                    generic[0] in "~./" or "/" in generic
                ):
                    yield "Command-Line Password"
                continue
            if (
                KEBAB_NAME_RE.fullmatch(value) or CREDENTIAL_NAME_RE.fullmatch(value)
            ) and match.group().startswith(("--secret", "--token")):
                continue  # `gcloud secrets … --secret=api-key`: a secret's name
            if len(value) >= 4 and not _is_placeholder(value):
                yield "Command-Line Password"
    for match in _finditer(XML_SECRET_RE, line, lower):
        if _is_secret_value(match.group("value"), key=match.group("key")):
            yield "Secret Keyword"
    for match in _finditer(XML_KEYED_SECRET_RE, line, lower):
        value = match.group("value") or match.group("text")
        if _is_secret_value(value, key=match.group("key")):
            yield "Secret Keyword"
    for match in _finditer(CODE_CREDENTIALS_RE, line, lower):
        if _is_secret_value(match.group("value"), key="password"):
            yield "Secret Keyword"
    for match in _finditer(NETWORK_KEY_RE, line, lower):
        bare = match.group("sep") is None
        value = match.group("value")
        if _is_secret_value(value, key="key", bare=bare) or (
            HEX_KEY_RE.fullmatch(value) and not value.isdigit() and not value.isalpha()
        ):
            yield "Secret Keyword"
    for match in _finditer(QUOTED_PAIR_RE, line, lower):
        if _is_secret_value(match.group("value"), key=match.group("key")):
            yield "Secret Keyword"
    for match in _finditer(DOCKER_AUTH_RE, line, lower):
        decoded = _b64_text(
            match.group("value") or match.group("basic") or match.group("npm")
        )
        if ":" in decoded and _is_secret_value(
            decoded.split(":", 1)[1], key="password"
        ):
            yield "Basic Auth Credentials"
    for match in _finditer(SEED_PHRASE_RE, line, lower):
        words = match.group("words").lower().split()
        if len(words) in (12, 15, 18, 21, 24) and not FUNCTION_WORDS & set(words):
            yield "Recovery Phrase"
    for pattern in CASUAL_CREDENTIAL_RES if named else CASUAL_UNNAMED_RES:
        for match in _finditer(pattern, line, lower):
            # Redis `AUTH` is explicit enough for any password-like value.
            bare = not match.group().startswith("AUTH")
            key = match.groupdict().get("key") or "password"
            if match.groupdict().get("key") and _names_key_id(match):
                continue  # (S15) `API key id (…): key_01…`: the key's id
            if _is_secret_value(match.group("value"), key=key, bare=bare):
                yield "Secret Keyword"
    for match in (
        _finditer(DEVICE_ADMIN_RE, line, lower)
        if "admin" in lower or "root" in lower
        else ()
    ):
        if _is_password_like(match.group("value")):
            yield "Secret Keyword"
    for match in _finditer(AUTH_FIELD_RE, line, lower) if "auth" in lower else ():
        if _is_password_like(match.group("value")):
            yield "Secret Keyword"
    for match in (
        _finditer(REDIS_DIRECTIVE_RE, line, lower)
        if "pass" in lower or "masterauth" in lower
        else ()
    ):
        if _is_secret_value(match.group("value"), key="password"):
            yield "Secret Keyword"
    if "key" in lower and AZURE_KEY_RE.search(line):
        yield "Azure Key"
    for match in _finditer(CLI_TOKEN_RE, line, lower):
        value = match.group("value")
        if not _is_placeholder(value) and (
            UUID_RE.match(value) or _looks_like_token(value, after_key_word=True)
        ):
            yield "Command-Line Token"
    if "AC" in line and TWILIO_SID_RE.search(line) and HEX32_RE.search(line):
        yield "Twilio Auth Token"
    for match in _finditer(QUERY_CODE_RE, line, lower) if "code=" in lower else ():
        if not _is_placeholder(match.group("value")):
            yield "Secret Keyword"
    for match in _finditer(ORACLE_EZCONNECT_RE, line, lower) if "/" in line else ():
        value = match.group("value") or match.group("toolvalue")
        if not _is_placeholder(value) and not value.startswith(("$", "%", "&")):
            yield "Basic Auth Credentials"
    if ";" in line and CONNECTION_STRING_RE.search(line):
        for match in CONNECTION_PASSWORD_RE.finditer(line):
            value = match.group("value")
            if not _is_placeholder(value) and not value.startswith(("$", "%", "{")):
                yield "Basic Auth Credentials"
    for match in (
        _finditer(ORACLE_JDBC_RE, line, lower) if "jdbc:oracle" in lower else ()
    ):
        if not _is_placeholder(match.group("value")):
            yield "Basic Auth Credentials"
    for match in _finditer(VENDOR_HEX_KEY_RE, line, lower):
        if not _is_placeholder(match.group("value")):
            yield "Secret Keyword"
    for match in _finditer(NAMED_HEX_KEY_RE, line, lower):
        if not NOT_KEY_BETWEEN_RE.search(
            match.group("between")
        ) and not _is_placeholder(match.group("value")):
            yield "Secret Keyword"
    for match in _finditer(VENDOR_HEX_KEY_AFTER_RE, line, lower):
        if not _is_placeholder(match.group("value")):
            yield "Secret Keyword"
    for match in _finditer(VENDOR_UUID_TOKEN_RE, line, lower):
        if not _is_placeholder(match.group("value")):
            yield "Secret Keyword"
    for match in _finditer(SPLUNK_HEC_RE, line, lower):
        if not _is_placeholder(match.group("value")):
            yield (
                "Splunk HEC Token"
                if "splunk" in match.group().lower()
                else "Opsgenie API Key"
            )
    if runs and _may_match(AZURE_DEVOPS_RE, lower) and AZURE_DEVOPS_RE.search(line):
        for match in AZURE_DEVOPS_PAT_RE.finditer(line):
            if any(c.isdigit() for c in match.group()):
                yield "Azure DevOps PAT"
    for match in _finditer(WALLET_KEY_RE, line, lower):
        if not _is_placeholder(match.group("value")):
            yield "Private Key"
    for match in _finditer(CURL_KEY_AS_USER_RE, line, lower):
        value = match.group("value")
        if not _is_placeholder(value) and _looks_like_token(value, after_key_word=True):
            yield "Basic Auth Credentials"
    for match in (
        _finditer(SESSION_COOKIE_RE, line, lower)
        if "cookie" in lower or "-b " in lower
        else ()
    ):
        value = match.group("value")
        if not _is_placeholder(value) and _looks_like_token(
            value.replace("%3A", ""), after_key_word=True
        ):
            yield "Secret Keyword"
    for match in (
        _finditer(SESSION_PAIR_RE, line, lower)
        if "sid" in lower or "sess" in lower or "wordpress_" in lower
        else ()
    ):
        value = match.group("value").replace("%3A", "")
        if not _is_placeholder(value) and _looks_like_token(value, after_key_word=True):
            yield "Secret Keyword"
    for match in _finditer(VENDOR_KEY_RE, line, lower) if " key" in lower else ():
        value = match.group("value")
        if (
            match.group("vendor").lower() not in BENIGN_KEY_KINDS
            and (
                (HEX_RE.match(value) and len(value) >= 32)
                or _looks_like_token(value, after_key_word=True)
            )
            and not _is_placeholder(value)
        ):
            yield "Secret Keyword"
    for pattern in LOGIN_WITH_RES if "log" in lower else ():
        for match in _finditer(pattern, line, lower):
            if _is_password_like(match.group("value").rstrip("?!")):
                yield "Secret Keyword"
    for match in _finditer(CONNECT_AS_WITH_RE, line, lower):
        value = match.group("value").rstrip(".,;)")
        # a user named: any password-like value; none: one that reads as
        # chosen (`ssh to the pi with Luna2017?`, not `with Ed25519Keys`)
        if (
            _is_password_like(value)
            if " as " in match.group().lower()
            else _is_prose_password(value)
        ):
            yield "Secret Keyword"
    for match in _finditer(SERVICE_USER_AT_HOST_RE, line, lower) if "@" in line else ():
        if _is_password_like(match.group("value")):
            yield "Basic Auth Credentials"
    for match in _finditer(HERE_STRING_RE, line, lower) if "<<<" in line else ():
        if _is_password_like(_cli_password(match)):
            yield "Command-Line Password"
    for match in (
        _finditer(DONT_SHARE_RE, line, lower)
        if any(w in lower for w in SHARE_WORDS)
        else ()
    ):
        if _is_password_like(match.group("value")):
            yield "Secret Keyword"
    for match in (
        _finditer(KEY_VERB_COLON_RE, line, lower)
        if named and any(w in lower for w in KEY_VERBS)
        else ()
    ):
        if _is_secret_value(match.group("value"), key=match.group("key")):
            yield "Secret Keyword"
    for pattern in SAID_PASSWORD_RES if "pass" in lower or "pw" in lower else ():
        for match in _finditer(pattern, line, lower):
            if _is_secret_value(match.group("value").rstrip(".?"), key="password"):
                yield "Secret Keyword"
    for match in _finditer(NEW_ONE_RE, line, lower) if " one" in lower else ():
        if _is_password_like(match.group("value")):
            yield "Secret Keyword"
    for match in _finditer(THATS_THE_ONE_RE, line, lower) if "the one" in lower else ():
        if _is_password_like(match.group("value")):
            yield "Secret Keyword"
    for match in _finditer(PAT_RE, line, lower) if "PAT" in line else ():
        if _looks_like_token(match.group("value"), after_key_word=True):
            yield "Personal Access Token"
    for match in (
        _finditer(WHEN_ASKED_RE, line, lower)
        if "ask" in lower or "prompt" in lower
        else ()
    ):
        if _is_password_like(match.group("value")):
            yield "Secret Keyword"
    for match in _finditer(QUERY_KEY_RE, line, lower) if "=" in line else ():
        value = match.group("value")
        if not _is_placeholder(value) and (
            (HEX_RE.match(value) and len(value) >= 32)
            or (
                "/" not in value
                and "." not in value
                and _looks_like_token(value, after_key_word=False)
            )
        ):
            yield "Secret Keyword"
    for match in _finditer(QUERY_SECRET_RE, line, lower):
        value = unquote(match.group("value"))
        if not _is_placeholder(value) and (
            len(value) >= 16 or _is_secret_value(value, key="password")
        ):
            yield "Secret Keyword"
    for match in _finditer(USER_SLASH_PASSWORD_RE, line, lower):
        if _is_secret_value(match.group("value"), key="password"):
            yield "Secret Keyword"
    snake = CAMEL_KEY_RE.sub(r"_\1", line)
    for match in [
        *(_finditer(ASSIGNMENT_RE, line, lower) if named else ()),
        *(
            _finditer(QUALIFIED_ASSIGNMENT_RE, line, lower)
            if named and any(w in lower for w in QUALIFIERS)
            else ()
        ),
        *(
            ASSIGNMENT_RE.finditer(snake)
            if snake != line and CREDENTIAL_WORD_RE.search(snake)
            else ()
        ),
    ]:
        value, key = match.group("value"), match.group("key")
        if value.startswith("?") and REQUIRED_VARIABLE_BEFORE_RE.search(
            match.string, 0, match.start("value")
        ):
            continue  # `${STRIPE_SECRET_KEY:?missing}`: the shell's error text
        if _names_key_id(match):
            continue  # (S15) `key_id = kid_…`: the key's id, not the key
        if _meeting_passcode(line, key, value):
            continue  # (S15) `Teams meeting ID: …, Passcode: kT3vQ2`
        if value[0] in "(&?" and ASSIGNS_RE.match(value[1:]):
            # (S15) `api key (key_id=kid_…)`, `?secret=&issuer=…`: the value is
            # the next `name=value` pair, scanned on its own under its name
            continue
        if key.lower() == "login" and LOGIN_NAME_RE.fullmatch(value):
            continue  # (S11) `Login-Mail: j.sch*****@web.de`: who, not the secret
        if (
            key.lower() == "pass"
            and value.isdigit()
            and personal_details.PASSPORT_VALIDITY_RE.match(line, match.end())
        ):
            continue  # (S11) `Majas pass: 33321838, giltigt t.o.m. …`: a passport
        if _is_secret_value(value, key=key, bare=match.group("bare") is not None):
            yield "Secret Keyword"
    if named and _nearby_secrets(line):
        yield "Secret Keyword"
    yield from _classless_secrets(line, lower)
    for match in _finditer(BARE_PASSPHRASE_RE, line, lower):
        words = [w for w in match.group("value").lower().split() if not w.isdigit()]
        prose = PROSE_WORDS & set(words)
        if (
            len(prose) == 1
            and not prose & OTHER_PROSE_WORDS
            and words[0] not in prose
            and not ENGLISH_PASSWORD_WORD_RE.match(match.group())
        ):
            prose = set()  # `Heslo: sova lampa most`: Czech `most`, a bridge
        if not (
            prose
            or words[0] in INSTRUCTION_VERBS
            or words[0].endswith(("ed", "ing", "ly"))
        ):
            yield "Secret Keyword"
    for match in _finditer(QUOTED_PASSPHRASE_RE, line, lower):
        value = match.group("value")
        if TEMPLATE_RE.search(value):
            continue  # `password: '{{ db_password }}'`
        words = value.split()
        if len(words) == 1:
            if not DASHED_WORDS_RE.fullmatch(value):
                continue  # `'community.hashi_vault'`: a name, not a phrase
            words = value.split("-")  # `«barco-ventana-río-fuego»`
        if len(words) >= 3 and not _is_placeholder(value):
            yield "Secret Keyword"
    for match in _finditer(USE_FOR_ACCOUNT_RE, line, lower):
        value = match.group("value")
        if _is_generated(value) and (
            not match.group("opens")
            or (_is_prose_password(value) and not KEY_COMBO_RE.fullmatch(value))
        ):
            yield "Secret Keyword"
    for match in _finditer(AUTH_HEADER_RE, line, lower):
        value = match.group("value")
        if (
            not _is_placeholder(value)
            and not value.startswith("$")
            and not ASSIGNS_RE.match(value)  # SigV4's `Credential=AKID…/…`: ids
            and not _is_jose_header(value)
            and any(c.isdigit() for c in value)
            and any(c.isalpha() for c in value)
        ):
            yield "Secret Keyword"
    for match in _finditer(WIFI_COLON_RE, line, lower):
        value = match.group("value").rstrip(".,;)")
        if any(c in STRONG_SYMBOLS for c in value) and _is_prose_password(value):
            yield "Secret Keyword"
    for pattern in LOCK_CODE_RES:
        if _may_match(pattern, lower) and pattern.search(line):
            yield "Secret Keyword"
    if (
        any(word in lower for word in LOCK_CODE_WORDS)
        and THREE_DIGITS_RE.search(line)
        and LOCK_CODE_AFTER_RE.search(line)
    ):
        yield "Secret Keyword"
    for match in (
        _finditer(CHANGED_IT_TO_RE, line, lower) if REMEMBER_RE.search(line) else ()
    ):
        if _is_prose_password(match.group("value").rstrip(".!?)")):
            yield "Secret Keyword"
    for match in _finditer(CJK_CHANGED_TO_RE, line, lower):
        value = match.group("after") or match.group("before")
        if _is_secret_value(value.rstrip("。．.!！"), key="password"):
            yield "Secret Keyword"
    for match in _finditer(RESET_TO_RE, line, lower):
        value = match.group("value")
        if (
            _is_password_like(value) or DICEWARE_RE.fullmatch(value)
        ) and not VERSION_LIKE_RE.fullmatch(value):
            yield "Secret Keyword"
    for match in _finditer(PASSWORD_MANAGER_RE, line, lower):
        if _is_password_like(match.group("value")):
            yield "Secret Keyword"
    for pattern in (
        CONFIG_DIRECTIVE_RES if any(w in lower for w in CONFIG_DIRECTIVE_WORDS) else ()
    ):
        for match in _finditer(pattern, line, lower):
            if _is_secret_value(match.group("value"), key="password"):
                yield "Secret Keyword"
    for match in _finditer(TOKEN_RE, line, lower):
        before = line[: match.start()]
        word = before[max(before.rfind(" "), before.rfind("\t")) + 1 :]
        if "://" in word or word.startswith("www."):
            continue  # a path or id in a link; credentials in URLs have rules
        if match.group().count("/") >= 2 and all(
            WORD_SEGMENT_RE.fullmatch(part)
            for part in match.group().strip("/").split("/")
        ):
            continue  # (S10) `projects/acme/locations/eu/keyRings/app`: a path
        after_key_word = bool(KEY_CONTEXT_RE.search(before[-40:]))
        if not after_key_word and _is_public_id(match.group(), before):
            continue
        if (
            _looks_like_token(match.group(), after_key_word=after_key_word)
            and not _is_placeholder(match.group())
            and (after_key_word or not _encodes_text(match.group()))
        ):
            yield "High Entropy Token"
        elif not nested and _encoded_secret(match.group()):
            yield "Encoded Secret"


# (S10) A path's part made of words: `keyRings`, `europe-west1`, `acme-prod`
# (a capital starts each later word, which has two more letters or more).
WORD_SEGMENT_RE = re.compile(
    r"[A-Za-z][a-z]+(?:[A-Z][a-z]{2,})*(?:[-_.][a-z]+)*\d{0,2}"
    r"|[a-z]{2,}(?:[-_.][a-z0-9]+)*"
)


ENCODED_CUE_RE = re.compile(r"(?i)auth|pass|token|secret|key")


def _encoded_secret(token: str) -> bool:
    """Tell base64 of text that holds a credential (`.dockerconfigjson: eyJ…`).

    The decoded text is scanned once more, line by line, never deeper.
    """
    if len(token) < 24 or not _encodes_text(token):
        return False
    body = token.rstrip("=")
    for decode in (base64.b64decode, base64.urlsafe_b64decode):
        try:
            decoded = decode(body + "=" * (-len(body) % 4)).decode("utf-8")
        except (binascii.Error, ValueError):
            continue
        if ENCODED_CUE_RE.search(decoded):
            return any(
                True
                for line in _without_public_material(decoded).splitlines()
                for _ in _line_secrets(line, nested=True)
            )
    return False


def find_secrets(text: str) -> list[SecretFinding]:
    """Return the secrets found in `text`, one finding per type and line."""
    findings: dict[tuple[str, int], SecretFinding] = {}
    original, text = text, _without_public_material(text)
    for number, line in enumerate(text.splitlines() or [text], start=1):
        for secret_type in _line_secrets(line):
            findings.setdefault(
                (secret_type, number), SecretFinding(secret_type, number)
            )
    for number in _recovery_codes(text):
        findings.setdefault(
            ("Recovery Codes", number), SecretFinding("Recovery Codes", number)
        )
    for match in ENV_ENTRY_RE.finditer(text):
        name, value = match.group("name"), match.group("value")
        if CREDENTIAL_WORD_RE.search(name) and _is_secret_value(value, key=name):
            number = text.count("\n", 0, match.start("value")) + 1
            findings.setdefault(
                ("Secret Keyword", number), SecretFinding("Secret Keyword", number)
            )
    for number in (
        _declared_defaults(text) if "variable" in text or "Default:" in text else ()
    ):
        findings.setdefault(
            ("Secret Keyword", number), SecretFinding("Secret Keyword", number)
        )
    for number in _secret_file_contents(text) if "\n" in text else ():
        findings.setdefault(
            ("Secret Keyword", number), SecretFinding("Secret Keyword", number)
        )
    for number in _multiline_secrets(text):
        findings.setdefault(
            ("Secret Keyword", number), SecretFinding("Secret Keyword", number)
        )
    for number in _conversation_secrets(text):
        findings.setdefault(
            ("Secret Keyword", number), SecretFinding("Secret Keyword", number)
        )
    if '\\"' in text:
        # JSON in a JSON string (`"settings": "{\\"adminPassword\\": \\"…\\"}"`):
        # the inner object's names and values, unescaped.
        unescaped = text.replace('\\"', '"')
        for number, line in enumerate(unescaped.splitlines(), start=1):
            for secret_type in _line_secrets(line):
                findings.setdefault(
                    (secret_type, number), SecretFinding(secret_type, number)
                )
    for number in _table_secrets(text) if "\n" in text and "|" in text else ():
        findings.setdefault(
            ("Secret Keyword", number), SecretFinding("Secret Keyword", number)
        )
    for number in _csv_secrets(text) if "\n" in text else ():
        findings.setdefault(
            ("Secret Keyword", number), SecretFinding("Secret Keyword", number)
        )
    if any(kind == "Private Key" for kind, _ in findings):
        for number in _empty_key_blocks(original):
            findings.pop(("Private Key", number), None)
    return list(findings.values())


PEM_BLOCK_RE = re.compile(
    r"-----BEGIN (?P<label>[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?)-----"
    r"(?P<body>.*?)-----END (?P=label)-----",
    re.DOTALL,
)
BASE64_RUN_RE = re.compile(r"[A-Za-z0-9+/=]{40,}")
BASE64_BODY_RE = re.compile(r"(?:[A-Za-z0-9+/=]|\\n)*")


def _empty_key_blocks(text: str) -> Iterator[int]:
    """Yield the lines of private-key blocks with no key in them.

    `-----BEGIN PRIVATE KEY-----`, `...paste your key here...`, `-----END
    PRIVATE KEY-----`: a template's frame around a placeholder.
    """
    for match in PEM_BLOCK_RE.finditer(text):
        body = re.sub(r"\s+", "", match.group("body"))
        if not BASE64_RUN_RE.search(body) and not BASE64_BODY_RE.fullmatch(body):
            # words, dots or brackets, not base64: `<your key goes here>`; a
            # short base64 body (`MIIEpAIBAAKCAQEA`) is a key cut short
            yield text.count("\n", 0, match.start()) + 1


# A Markdown table with a password column: `| Service | User | Passwort |`
# then `|---|---|---|`, each row's cell in that column a password.
TABLE_SEPARATOR_RE = re.compile(
    r"^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)+\|?\s*$"
    # an ASCII box's border: `+----------+-------+`
    r"|^\s*\+[-=]+(?:\+[-=]+)+\+?\s*$"
)
PASSWORD_COLUMN_RE = re.compile(
    r"(?i)^(?:password|passwort|kennwort|pass|pwd|pw|mot de passe|mdp|"
    r"contrase(?:ñ|n)a|clave|senha|wachtwoord|has(?:ł|l)o|parola|l(?:ö|o)senord|"
    r"passord|adgangskode|salasana|heslo|jelsz(?:ó|o)|(?:ş|s)ifre|пароль|密码|密碼|"
    r"パスワード|비밀번호|secret|pin|code|token|api key)$"
)


def _table_cells_of(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _table_secrets(text: str) -> Iterator[int]:
    """Yield the lines of a Markdown table's rows that hold a password."""
    lines = text.split("\n")
    column = -1
    for number, line in enumerate(lines, start=1):
        if TABLE_SEPARATOR_RE.match(line):
            header = _table_cells_of(lines[number - 2]) if number >= 2 else []
            if "|" in (lines[number - 2] if number >= 2 else ""):
                # a border under a header row names the columns; one under a
                # data row (an ASCII box's bottom) leaves them as they were
                named = next(
                    (i for i, c in enumerate(header) if PASSWORD_COLUMN_RE.match(c)),
                    -1,
                )
                if named >= 0 or column < 0:
                    column = named
            continue
        if "|" not in line:
            column = -1
            continue
        cells = _table_cells_of(line)
        if 0 <= column < len(cells):
            value = cells[column].strip("`")
            if value and " " not in value and _is_secret_value(value, key="password"):
                yield number


CSV_DELIMITERS = (";", "\t", ",")


def _csv_secrets(text: str) -> Iterator[int]:
    """Yield the rows of a CSV export whose header names a password column.

    `Dienst;Benutzer;Passwort` then `Router;admin;Falc0nZ3br4#42`: each row
    with as many cells as the header, its cell in that column a password.
    """
    lines = text.split("\n")
    column, delimiter, width = -1, "", 0
    for number, line in enumerate(lines, start=1):
        if column >= 0:
            cells = line.split(delimiter)
            if len(cells) != width:
                column = -1
            else:
                value = cells[column].strip().strip("\"'")
                if (
                    value
                    and " " not in value
                    and _is_secret_value(value, key="password")
                ):
                    yield number
                continue
        for candidate in CSV_DELIMITERS:
            if candidate not in line:
                continue
            names = [n.strip().strip("\"'") for n in line.split(candidate)]
            named = next(
                (i for i, n in enumerate(names) if PASSWORD_COLUMN_RE.match(n)), -1
            )
            if len(names) >= 2 and named >= 0:
                column, delimiter, width = named, candidate, len(names)
                break


# `<AdministratorPassword>` then `<Value>…</Value>` (Windows unattend.xml).
XML_VALUE_CHILD_RE = re.compile(
    r"<(?:[\w:]*(?:Password|Passwd))>\s*<Value>(?P<value>[^<\s]{4,})</Value>"
)
# A Wi-Fi network's name on one line and its key on another: `SSID:
# Office` then `Key: …`.
NETWORK_NAME_LINE_RE = re.compile(
    r"(?im)^\s*(?:ssid|network(?: name)?|wi-?fi(?: name| network)?|netzwerk(?:name)?|"
    r"réseau|red|wlan)\s*[:=]"
)
NETWORK_KEY_LINE_RE = re.compile(
    r"(?im)^\s*(?:key|network key|security key|wpa2? key|psk|schlüssel|clé|clave|"
    r"netzwerkschlüssel)\s*[:=]\s*[\"']?(?P<value>[^\s\"']{6,})"
)


# Round 11 (S5): a chat where one asks for a password and the other answers
# on the next line (`Marta: ¿cuál era la clave …?` / `Yo: …`, `[14:03] Ich:
# …`): the answer is the password when it is one word that looks like one.
PASSWORD_QUESTION_RE = re.compile(
    rf"(?im)^[^\n]*{KEY_NAME}(?![A-Za-z])[^\n]*\?\s*\n"
    r"\s*(?:\[[\d:. ]+\]\s*)?[^\W\d_][\w'’ .-]{0,24}:[ \t]*"
    # (S12) or a user name and the password (`Dmitri: deploy26 / …`)
    r"(?:[\w.@+-]{1,40}[ \t]+/[ \t]+)?"
    r"(?P<value>[^\s\"'`]{6,64})[ \t]*(?:\n|$)"
)
# A provider's app password, four groups of four letters after a password's
# name (`SMTP_PASS=abcd efgh ijkl mnop`), none of them a word.
APP_PASSWORD_RE = re.compile(
    r"(?:(?<![A-Za-z])(?:[A-Z0-9]+_)*(?:PASS|PASSWORD|PASSWD|PWD)(?:_[A-Z0-9]+)*"
    r"[\"']?\s*=|(?i:app[ -]?pass(?:word|wort)|application password|"
    r"mot de passe d['’]application|contraseña de aplicación)\s*[:=]?)\s*[\"']?"
    r"(?P<value>[a-z]{4} [a-z]{4} [a-z]{4} [a-z]{4})(?![\w-])"
)
# A card's PIN after the card's name in German (`PIN der neuen EC-Karte:
# 7098`), the article between.
CARD_PIN_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:pin(?:-code)?|geheimzahl)\s+(?:der|meiner|seiner|ihrer|"
    r"unserer|deiner)\s+(?:[\w-]+\s+){0,2}?[\w-]*karte\s*[:=]\s*\d{4,6}(?!\d)"
)
# A seed phrase's words numbered one a line (`1. royal` … `12. aware`).
NUMBERED_WORD_RE = re.compile(r"(?m)^\s*(\d{1,2})[.)]\s*([a-z]{3,8})\s*$")
SEED_LENGTHS = (12, 15, 18, 21, 24)


def _numbered_seed(text: str) -> int:
    """Return the first line of a numbered word list shaped as a seed phrase."""
    expected, first, words = 1, 0, []
    for match in NUMBERED_WORD_RE.finditer(text):
        number = int(match.group(1))
        if number != expected:
            if number != 1:
                expected, words = 1, []
                continue
            expected, words = 1, []
        if number == 1:
            first = text.count("\n", 0, match.start()) + 1
        words.append(match.group(2))
        expected += 1
        if len(words) in SEED_LENGTHS and not FUNCTION_WORDS & set(words):
            following = NUMBERED_WORD_RE.search(text, match.end())
            if following is None or int(following.group(1)) != expected:
                return first
    return 0


def _conversation_secrets(text: str) -> Iterator[int]:
    """Yield the lines of a chat's answered password, an app password, a seed."""
    if "?" in text and "\n" in text:
        for match in PASSWORD_QUESTION_RE.finditer(text):
            value = match.group("value")
            if "@" in value or re.fullmatch(r"[\d\s()+./-]+", value):
                continue  # an e-mail or a number answered: personal data
            if _is_secret_value(value, key="password"):
                yield text.count("\n", 0, match.start("value")) + 1
    lower = text.lower()
    app_password = "pass" in lower or "pwd" in lower
    for match in APP_PASSWORD_RE.finditer(text) if app_password else ():
        groups = match.group("value").split()
        if not any(g in FUNCTION_WORDS or g in PROSE_WORDS for g in groups):
            yield text.count("\n", 0, match.start("value")) + 1
    for match in CARD_PIN_RE.finditer(text) if "karte" in text.lower() else ():
        yield text.count("\n", 0, match.start()) + 1
    if "\n" in text and "1" in text:
        line = _numbered_seed(text)
        if line:
            yield line


# (S8) A file's contents shown under its name, where the name says it holds
# a password (`# ~/.vault_pass.txt`, `$ cat .pgpass_ci`, `secrets/db_password:`):
# the file's one line is the password.
SECRET_FILE_HEADER_RE = re.compile(
    r"(?i)\s*(?:#+|//|--|;|\$\s*cat|cat|==>)?\s*(?P<path>[\w~./-]*"
    r"(?:pass(?:wd|word)?|pwd|secret|token|creds?|credentials)[\w.-]*)"
    r"(?=[\s:(]|$)"
)


# A stored password's hash (`.htpasswd`'s `user:$2b$12$…`, `$argon2id$…`,
# `{SSHA}…`): what a server checks against, not the password.
PASSWORD_HASH_RE = re.compile(
    r"\$(?:2[abxy]?|argon2(?:id|i|d)|[1356]|apr1|y|gy|7|pbkdf2[\w-]*|scrypt)\$"
    r"|\{S?(?:SHA|MD5|SSHA)\w*\}"
)


def _secret_file_contents(text: str) -> Iterator[int]:
    """Yield the line of a password file's one line shown under its name."""
    lines = text.split("\n")
    for number, (header, line) in enumerate(
        zip(lines, lines[1:], strict=False), start=2
    ):
        value = line.strip()
        if not 8 <= len(value) <= 128 or any(c.isspace() for c in value):
            continue  # the file's one line is one token
        match = SECRET_FILE_HEADER_RE.match(header)
        if not match:
            continue
        path = match.group("path")
        if not ("/" in path or "." in path or "_" in path):
            continue  # a file's name, not a word of prose
        if _is_password_like(value) and not PASSWORD_HASH_RE.search(value):
            yield number


# (S8) A credential's declaration whose default is a literal: Terraform's
# `variable "db_password" { … default = "…" }`, a CloudFormation parameter
# `DbPassword:` with `Default: …` under it. `sensitive = true` or `NoEcho`
# hides it from plans and consoles, not from the file it is written in.
HCL_VARIABLE_RE = re.compile(
    r"\bvariable\s+\"(?P<name>[\w-]+)\"\s*\{(?P<body>[^{}]*)\}"
)
HCL_DEFAULT_RE = re.compile(r"(?m)^\s*default\s*=\s*\"(?P<value>[^\"\n]+)\"")
CFN_PARAMETER_RE = re.compile(
    r"(?m)^(?P<indent>[ \t]*)(?P<name>[A-Za-z][\w-]*):[ \t]*\n"
    # the body looked ahead, so that a parameter nested in `Parameters:` is read
    r"(?=(?P<body>(?:(?P=indent)[ \t]+[^\n]*\n?){1,8}))"
)
CFN_DEFAULT_RE = re.compile(r"(?m)^\s*Default:\s*[\"']?(?P<value>[^\s\"']+)")


def _declared_defaults(text: str) -> Iterator[int]:
    """Yield the line of a credential variable's literal default."""
    for pattern, default in (
        (HCL_VARIABLE_RE, HCL_DEFAULT_RE),
        (CFN_PARAMETER_RE, CFN_DEFAULT_RE),
    ):
        for match in pattern.finditer(text):
            name = CAMEL_KEY_RE.sub(r"_\1", match.group("name"))
            if not CREDENTIAL_WORD_RE.search(name):
                continue
            value = default.search(match.group("body"))
            if value and _is_secret_value(value.group("value"), key=name):
                at = match.start("body") + value.start("value")
                yield text.count("\n", 0, at) + 1


# (S15) OpenVPN's static key (`--tls-auth`, `--secret`): 256 bytes of hex
# over 16 lines between its own armour, the shared secret of the tunnel.
OPENVPN_STATIC_KEY_RE = re.compile(
    r"-----BEGIN OpenVPN Static key V1-----\s*(?:[0-9a-fA-F]{32}\s*){8,}"
)


def _multiline_secrets(text: str) -> Iterator[int]:
    """Yield the lines of credentials whose name and value are on two lines."""
    if "OpenVPN Static key" in text:
        for match in OPENVPN_STATIC_KEY_RE.finditer(text):
            yield text.count("\n", 0, match.start()) + 1
    if "<Value>" in text:
        for match in XML_VALUE_CHILD_RE.finditer(text):
            if _is_secret_value(match.group("value"), key="password"):
                yield text.count("\n", 0, match.start("value")) + 1
    if "\n" in text and _may_match(SEED_PHRASE_RE, text.lower()):
        # (S12) a seed phrase on the line after its name and a colon or an
        # equals sign (`Recovery phrase (MetaMask):` then the words)
        for match in SEED_PHRASE_RE.finditer(text):
            head = text[match.start() : match.start("words")]
            words = match.group("words").lower().split()
            if (
                "\n" in head
                and head.rstrip().endswith((":", "：", "="))
                and len(words) in SEED_LENGTHS
                and not FUNCTION_WORDS & set(words)
            ):
                yield text.count("\n", 0, match.start("words")) + 1
    if "\n" in text and NETWORK_NAME_LINE_RE.search(text):
        for match in NETWORK_KEY_LINE_RE.finditer(text):
            if _is_secret_value(match.group("value"), key="password"):
                yield text.count("\n", 0, match.start("value")) + 1


# A Kubernetes or compose env entry over two lines: `- name: DB_PASS` then
# `value: …`.
ENV_ENTRY_RE = re.compile(
    r"(?m)^\s*-?\s*name:\s*[\"']?(?P<name>[\w.-]+)[\"']?\s*\n\s*value:\s*[\"']?"
    r"(?P<value>[^\s\"']+)"
)


# Personal data.


@dataclass(frozen=True)
class PiiFinding:
    """One piece of personal data: its kind, where it is, and its text.

    `normalized` is the canonical form (lower-case email, E.164 phone, bare
    digits) under which the same value gets the same redaction token.
    """

    kind: str
    start: int
    end: int
    value: str
    normalized: str = ""


# When two findings overlap, the more specific shape wins.
# An address or a date of birth comes before a phone: a number inside an
# address is redacted with the address, never leaving the rest in clear.
# A documented example's span (S6): kept first so that nothing inside it is
# found, then dropped.
EXAMPLE = "EXAMPLE"
PRIORITY = {
    EXAMPLE: -1,
    EMAIL: 0,
    IBAN: 1,
    CARD: 2,
    NATIONAL_ID: 3,
    DOB: 4,
    ADDRESS: 5,
    PHONE: 6,
    SALARY: 7,
    HEALTH: 8,
}

# A word character of a script written without spaces (kana, Han, Hangul):
# an address or a number stands right beside them (`アドレスはa@b.jpです`).
_CJK = r"\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uff00-\uffef"
_NON_CJK_WORD = rf"[^\W{_CJK}]"
EMAIL_RE = re.compile(
    # (S10) not inside a local part (`x.y@`, `o'y@`), but after a quote:
    # `contact = 'anna@…'` in SQL or code
    rf"(?<!{_NON_CJK_WORD})(?<![.%+-])(?<![A-Za-z0-9]')"
    r"(?P<local>[A-Za-z0-9](?:[A-Za-z0-9._%+'-]{0,62}[A-Za-z0-9_])?)"
    r"@(?P<domain>(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+"
    rf"(?P<tld>[A-Za-z]{{2,24}}))(?!{_NON_CJK_WORD}|-)"
)
SSH_COMMAND_RE = re.compile(
    r"(?:^|[\s;&|`(])(?:ssh|scp|sftp|rsync|mosh|autossh|ssh-copy-id|sshpass)\s"
)
# `scheme://user:` right before the match: the match is a URL's password.
URL_USERINFO_BEFORE_RE = re.compile(r"://(?:[^\s/@]*:)?$")
# Cloud service accounts are machines, not people.
SERVICE_ACCOUNT_DOMAIN_RE = re.compile(
    r"(?i)(?:^|\.)(?:gserviceaccount\.com|users\.noreply\.github\.com|"
    # a shared calendar's or a room's id (`…@group.calendar.google.com`)
    r"(?:group|resource|import)\.calendar\.google\.com)$"
)
# `logo@2x.png` is a file name, not an address.
FILE_EXTENSIONS = {"png", "jpg", "jpeg", "gif", "svg", "webp", "ico", "pdf", "js"}

PHONE_REGIONS = (None, "US", "GB", "DE", "FR")
PHONE_CONTEXT = (
    "phone",
    "telephone",
    "tel",
    "call",
    "called",
    "calling",
    "mobile",
    "cell",
    "fax",
    "whatsapp",
    "sms",
    "text me",
    "reach",
    "contact",
    "number",
    "telefon",
    "portable",
    "handy",
    "handynummer",
    "telefonnummer",
    "mobilnummer",
    "mobiel",
    "telefoon",
    "móvil",
    "celular",
    "cellulare",
    "telefono",
    "téléphone",
    # Round 7 (tune11): phone words of more languages; signature labels.
    "m:",
    "t:",
    "ph",
    "cel",
    "mob",
    "моб",
    "my number",
    "his number",
    "her number",
    "their number",
    "new number",
    "📞",
    "☎",
    "📱",
    "연락처",
    "联系电话",
    "联系方式",
    "連絡先",
    "liên hệ",
    "reached at",
    "reach me at",
    "reach him at",
    "reach her at",
    "reach them at",
    "reachable at",
    "telefone",
    "telemóvel",
    "telefonu",
    "telefonum",
    "telefonnummer",
    "mobiltelefon",
    "mobil",
    "tlf",
    "tfno",
    "komórka",
    "komórki",
    "puhelin",
    "puhelinnumero",
    "cellphone",
    "телефон",
    "тел",
    "мобильный",
    "мобільний",
    "τηλέφωνο",
    "κινητό",
    "هاتف",
    "جوال",
    # (S10) Persian: mobile, telephone, contact number
    "موبایل",
    "تلفن",
    "شماره تماس",
    "טלפון",
    "נייד",
    "फ़ोन",
    "फोन",
    "मोबाइल",
    "điện thoại",
    "sđt",
    "telepon",
    "no hp",
    "nomor hp",
    "โทร",
    "เบอร์",
    "電話",
    "携帯",
    "手机",
    "电话",
    "전화",
    "휴대폰",
    "핸드폰",
    # Round 10 (S4): Spanish with its accent, Latvian, Urdu, Tagalog.
    "teléfono",
    "tālrunis",
    "tālruņa",
    "tālruni",
    "فون",
    "موبائل",
    "numero ng",
    "cellphone ng",
    # Round 11 (S5): Brazilian `zap`, Tagalog `number ni`, Egyptian
    # `موبايل`, Armenian `հեռախոս…`
    "zap",
    "zapzap",
    "whats",
    "number ni",
    "numero ni",
    "موبايل",
    "հեռախոս",
    # Round 12 (S6): a landline named as one (`numéro fixe des parents`)
    "numéro fixe",
    "numero fixe",
    "ligne fixe",
    "festnetz",
    "festnetznummer",
    "numero fisso",
    "número fijo",
    "número fixo",
    "vaste nummer",
    "vast nummer",
    "landline",
)
DECIMAL_RE = re.compile(r"^0[.,]\d")
TIME_BEFORE_RE = re.compile(r"\d:$")
SSN_SHAPE_RE = re.compile(r"\d{3}-\d{2}-\d{4}")
BUSINESS_NUMBER_TYPES = frozenset(
    (
        phonenumbers.PhoneNumberType.TOLL_FREE,
        phonenumbers.PhoneNumberType.PREMIUM_RATE,
        phonenumbers.PhoneNumberType.SHARED_COST,
        phonenumbers.PhoneNumberType.UAN,
    )
)
STRONG_PHONE_CONTEXT = tuple(
    w for w in PHONE_CONTEXT if w not in ("number", "contact", "reach")
)
NOT_PHONE_CONTEXT = (
    "serial",
    "s/n",
    "sn",
    "part",
    "p/n",
    "order",
    "invoice",
    # Round 10 (S4): invoices and orders in other languages.
    "factura",
    "fattura",
    "facture",
    "fatura",
    "faktura",
    "rechnung",
    "rechnungsnummer",
    "pedido",
    "commande",
    "bestellung",
    "bestellnummer",
    "ordine",
    "encomenda",
    "zamówienie",
    "tracking",
    "sku",
    "model",
    "batch",
    "lot",
    "ticket",
    "case",
    "ref",
    "reference",
    "build",
    "code",
    "pin",
    "room",
    "meeting id",
    "conference id",
    "passcode",
    "call id",
    "call-id",
    "session id",
    "id",
    # A conference's shared number is nobody's phone.
    "dial-in",
    "dial in",
    "dialin",
    "conference",
    # (S15) A company's register and tax numbers by their schemes' names,
    # products' and shipments' numbers: `DUNS 15-048-3782`, `ABN 51 824 …`,
    # `CNPJ 11.222.333/0001-81`, `ISBN 978-…`, `DHL Sendungsnummer …`.
    "duns",
    "d-u-n-s",
    "abn",
    "acn",
    "cnpj",
    "cuit",
    "siren",
    "siret",
    "kvk",
    "regon",
    "ust-idnr",
    "ust-id",
    "vat",
    "vat no",
    "isbn",
    "issn",
    "ean",
    "gtin",
    "upc",
    "asin",
    "sendungsnummer",
    "paketnummer",
    "awb",
    "rma",
    # Company registers.
    "company number",
    "company no",
    "company reg",
    "registration number",
    "registration no",
    "crn",
    # Banks' public codes.
    "routing",
    "aba",
    "sort code",
    "blz",
    "swift",
    "bic",
)
# 415-555-2671, (415) 555 2671, 415.555.2671, maybe followed by an extension.
NANP_RE = re.compile(r"^(?:1[ .-]?)?(?:\(\d{3}\)\s?|\d{3}[ .-])\d{3}[ .-]\d{4}(?!\d)")
GROUPED_RE = re.compile(r"\d[ ./-]+\d|\(\d")

# (S11) never after `+`: a number dialled abroad (`TEL:+4915112345678`)
CARD_RE = re.compile(
    rf"(?<!{_NON_CJK_WORD})(?<![.,/+-])\d(?:[ -]?\d){{12,18}}"
    rf"(?!{_NON_CJK_WORD}|-|[.,/]\d)"
)

IBAN_START_RE = re.compile(r"(?<![A-Za-z0-9])[A-Z]{2}\d{2}")

SSN_DASHED_RE = re.compile(r"(?<![\w-])\d{3}-\d{2}-\d{4}(?![\w-])")
SSN_CONTEXT_RE = re.compile(r"(?<![\w-])\d{3}[ ]?\d{2}[ ]?\d{4}(?![\w-])")
SSN_CONTEXT = ("ssn", "social security", "social-security")
NINO_RE = re.compile(
    r"(?<![A-Za-z0-9])(?!BG|GB|NK|KN|TN|NT|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]"
    r" ?\d{2} ?\d{2} ?\d{2} ?[A-D](?![A-Za-z0-9])"
)
NIR_RE = re.compile(
    r"(?<![\w-])[12] ?\d{2} ?\d{2} ?\d[0-9AB] ?\d{3} ?\d{3} ?\d{2}(?![\w-])"
)
DNI_RE = re.compile(r"(?<![\w-])\d{8}-?[A-Z](?![\w-])")
NIE_RE = re.compile(r"(?<![\w-])[XYZxyz]-?\d{7}-?[A-Za-z](?![\w-])")
BSN_RE = re.compile(r"(?<![\w.-])(?:\d{9}|\d{4}\.\d{2}\.\d{3})(?![\w-]|\.\d)")
BSN_CONTEXT = ("bsn", "burgerservicenummer", "sofinummer", "sofi-nummer")
CODICE_FISCALE_RE = re.compile(
    r"(?<![A-Za-z0-9])[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-EHLMPRST][0-9LMNPQRSTUV]{2}"
    r"[A-Z][0-9LMNPQRSTUV]{3}[A-Z](?![A-Za-z0-9])"
)
IDNR_RE = re.compile(r"(?<![\w-])\d{2} ?\d{3} ?\d{3} ?\d{3}(?![\w-])")
IDNR_CONTEXT = (
    "steuer-id",
    "steuerid",
    "steuer-idnr",
    "steueridentifikationsnummer",
    "identifikationsnummer",
    "idnr",
    "tax id",
    "tax-id",
    "tin",
)


# A passport number right after its name: `passport no. 559660599`,
# `Reisepass Nr. C11VGNPXF`, `护照号码：E12345678`. No checksum to validate,
# so the name must come first, with at most a number label between.
PASSPORT_RE = re.compile(
    rf"(?i)(?<!{_NON_CJK_WORD})(?:passports?|reisepass|passeport|pasaporte|"
    r"passaporto|passaporte|paszport(?:u)?|pasaport|paspoort|passi|passet|"
    r"паспорт[а]?|パスポート|旅券|护照|護照|여권|पासपोर्ट|"
    # Round 11 (S5): Indonesian, Swahili, Vietnamese, Greek, Arabic,
    # Persian, Hebrew, Thai, Albanian names; Russian `загранпаспорт`
    r"paspor|pasipoti|hộ chiếu|ho chieu|διαβατηρίου|διαβατήριο|جواز السفر|"
    r"جواز سفر|جواز|گذرنامه|پاسپورت|דרכון|หนังสือเดินทาง|pasaportë|"
    r"загранпаспорт[а]?|"
    # (S11) Hungarian `útlevélszám` (passport number), `útlevél`
    r"útlevél(?:szám)?)"
    # whose (S5): `Pasaporte de Lucía Ferro, N.º …`, `passport of Jan Novak:`
    r"(?:\s+(?:of|de|di|da|do|del|von|van)\s+(?-i:[A-ZÀ-Þ][^\W\d_]+)"
    r"(?:\s+(?-i:[A-ZÀ-Þ][^\W\d_]+))?,?)?"
    r"(?:(?:[ -]?|\s+)(?:no\.?|nos?\.|number|num\.?|núm\.?|nr\.?|n\.?[°º]\.?|n\.|#|"
    r"nummer|numéro|número|numero|numer|番号|号码|號碼|号|번호|№|नंबर|संख्या|"
    # Turkish `numarası`, Indonesian `nomor`, Vietnamese `số`
    r"numaras[ıi]|numaram|nomor|số))?"
    r"(?:\s*[（(][^()（）\n]{1,15}[)）])?"
    r"(?:\s+(?:is|was|ist|est|es|é|è|adalah|là)|是|は|는|은)?"
    r"\s*[:#=：—–]?\s*"
    # whose, after the label (S6): `Kids' passports: Noah 544276266`
    r"(?:(?-i:[A-ZÀ-Þ][a-zà-ÿ]{1,15})[ \t]+(?=[A-Z0-9]*\d))?"
    r"(?-i:(?P<value>"
    # one letter then a space (`U 24817395`), as Turkish ones are written
    r"[A-Z] \d{7,8}|(?=[A-Z0-9]*\d)(?=[0-9]*[A-Z]|[0-9]{8,9}(?![0-9]))"
    r"[A-Z0-9]{6,9}))(?![\w-]|[.,/]\d)"
)


# Round 10 (S4): a driving licence's number right after its name (`UK
# driving licence no. MORGA…`, `permis de conduire : 5379…`, `ड्राइविंग
# लाइसेंस नंबर MH12 2018…`): letters and digits, four digits at least.
DRIVING_LICENCE_RE = re.compile(
    r"(?i)(?:driv(?:ing|er['’]?s?) licen[cs]e|(?-i:DL)|permis de conduire|"
    r"führerschein|carn[ée] de conducir|licencia de conducir|patente di guida|"
    r"patente|rijbewijs|praw[oa] jazdy|carteira de motorista|(?-i:CNH)|körkort|"
    r"førerkort|kørekort|ajokortti|řidičský průkaz|sürücü belgesi|ehliyet|"
    r"ड्राइविंग लाइसेंस|運転免許証?|驾驶证|驾照|운전면허증?|"
    # Round 12 (S6): Latin American Spanish (`licencia de manejo`)
    r"licencia de (?:manejo|conducción|conduccion)|permiso de conducir|"
    # Round 11 (S5): a state's licence (`NSW licence no.`)
    r"(?-i:[A-Z]{2,3}) licen[cs]e(?= (?:no\b|number|#))|"
    # Round 12 (S6): a province's or state's licence by its name (`Ontario
    # licence: T9830-…`); the place names a driving authority, as a software
    # licence's vendor would not
    r"(?-i:Ontario|Qu[ée]bec|Alberta|Manitoba|Saskatchewan|Nova Scotia|"
    r"New Brunswick|British Columbia|Newfoundland|California|Texas|Florida|"
    r"New York|Illinois|Pennsylvania|Ohio|Georgia|Michigan|Washington|Arizona|"
    r"Massachusetts|Queensland|Victoria|New South Wales|Tasmania)"
    r"(?: driv(?:ing|er['’]?s?))? licen[cs]e)"
    r"(?:[ -]?(?:no\.?|nos?\.|number|num\.?|núm\.?|nr\.?|n\.?[°º]\.?|#|nummer|"
    r"numéro|número|numero|numer|番号|号码|번호|नंबर))?"
    # whose: `permis de conduire de Léa Martin :`, `de mi esposo` (S6),
    # `DL for Rosa Delgado:` (S11)
    r"(?:\s+(?:of|for|de|di|da|do|del|von|van)\s+(?:(?-i:[A-ZÀ-Þ][^\W\d_]+)"
    r"(?:\s+(?-i:[A-ZÀ-Þ][^\W\d_]+))?|(?:my|mi|mon|ma|mes|mio|mia|meu|minha|"
    r"su|his|her|their|our|nuestro|nuestra)\s+[^\W\d_]+)"
    # (S11) or a full name before the colon: `Rijbewijsnummer Sanne de Vries:`
    r"|\s+(?-i:[A-ZÀ-Þ][^\W\d_]+)(?:\s+(?-i:[a-z]{1,3}\s+){0,2}"
    r"(?-i:[A-ZÀ-Þ][^\W\d_]+)){1,2}(?=\s*:))?"
    # what it is for, whose (S5): `for the rental car`, `(mine)`, `(for
    # the hire car)` (S6)
    r"(?:\s+for\s+(?:the|my|a|an)\s+[\w-]+(?:\s+[\w-]+)?)?"
    r"(?:\s*[（(][^()（）\n]{1,30}[)）])?"
    r"(?:\s+(?:is|was|ist|est|es|é|è)|是|は|는|은)?"
    # (S7) or an arrow, as notes write it (`licence number → 2025…`)
    # (S11) groups of one character (`B987-009-73-756-1`), five groups
    # (`11-74-818555-09`), Poland's `11553/18/9878`
    r"\s*(?:[:#=：]|→|->|=>)?\s*(?-i:(?P<value>\d{5}/\d{2}/\d{4}|"
    r"(?=[A-Z0-9 -]*\d(?:[A-Z -]*\d){3})"
    r"[A-Z0-9]{2,20}(?:[ -][A-Z0-9]{1,15}){0,4}))(?![\w-]|[.,/]\d)"
)


# Every licence name holds one of these (the cheap test before the pattern).
DRIVING_LICENCE_STEMS = (
    "licen", "permis", "führer", "conduc", "patente", "rijbewijs", "praw",
    "motorista", "kort", "řidič", "sürücü", "ehliyet",
)  # fmt: skip
DRIVING_LICENCE_STEMS_WIDE = ("लाइसेंस", "運転免許", "驾", "운전면허")


# (S11) A British licence by its shape, on a line about a licence: five
# letters of the surname (`9` pads), the birth date's decade digit, month
# (plus 50 for a woman), day and year digit, two initials, a digit, two
# check letters (`CLARK756227HJ9DK`).
UK_LICENCE_RE = re.compile(
    r"(?<![A-Z0-9])[A-Z][A-Z9]{4}\d(?:0[1-9]|1[0-2]|5[1-9]|6[0-2])"
    r"(?:0[1-9]|[12]\d|3[01])\d[A-Z][A-Z9]\d[A-Z]{2}(?![A-Z0-9])"
)


def _driving_licences(text: str) -> Iterator[PiiFinding]:
    if "DL" not in text and "CNH" not in text:
        lower = text.lower()
        if not any(stem in lower for stem in DRIVING_LICENCE_STEMS) and (
            lower.isascii() or not any(s in lower for s in DRIVING_LICENCE_STEMS_WIDE)
        ):
            return
    lower = _lower(text)
    for match in _finditer(DRIVING_LICENCE_RE, text, lower):
        value = match.group("value")
        if len(value.replace(" ", "")) >= 6:
            yield PiiFinding(
                NATIONAL_ID, match.start("value"), match.end("value"), value, value
            )
    if "licen" in lower or "DVLA" in text:
        for match in UK_LICENCE_RE.finditer(text):
            value = match.group()
            yield PiiFinding(NATIONAL_ID, match.start(), match.end(), value, value)


# Round 12 (S6): a bank account number beside its bank's routing code: a UK
# sort code (`sort code 23-69-45, account no. 55563426`), a US routing
# number that passes its ABA check (`acct #128440227605 (Chase, routing
# 209235074)`), a Canadian cheque's transit and institution numbers
# (`transit 89312, institution 010, account 4254305`). The routing code
# names a bank's branch (public); the account number with it is a person's
# way to be paid. An account number alone (`AWS account 123456789012`) is
# none of these.
SORT_CODE_RE = re.compile(
    r"(?i)(?<![^\W\d_])sort[ -]?code\s*(?:is|:|#)?\s*\d{2}([- ]?)\d{2}\1\d{2}(?![\d-])"
)
ROUTING_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:routing|aba|rtn|ach routing)(?:\s*(?:number|no\.?|#))?"
    r"\s*(?:is|:|#)?\s*(?P<rtn>\d{9})(?!\d)"
)
TRANSIT_RE = re.compile(
    r"(?i)(?<![^\W\d_])transit(?:\s*(?:number|no\.?|#))?\s*[:#]?\s*\d{5}(?!\d)"
    r"[^\n]{0,40}?(?<![^\W\d_])(?:institution|inst\.?)(?:\s*(?:number|no\.?|#))?"
    r"\s*[:#]?\s*\d{3}(?!\d)"
)
# (S9) an Indian branch's IFSC: four letters (the bank), a zero, six
# letters or digits (the branch), public as a sort code is.
IFSC_RE = re.compile(
    r"(?<![^\W\d_])(?i:ifsc)(?:\s*(?i:code))?\s*(?:is|:|#)?\s*[A-Z]{4}0[A-Z0-9]{6}(?!\w)"
)
# (S9) an Australian branch's BSB (`062-000`), as public as a sort code
BSB_RE = re.compile(
    r"(?<![^\W\d_])(?-i:BSB)(?:\s*(?:no\.?|number|#))?\s*[:#]?\s*\d{3}-?\d{3}(?![\d-])"
)
BANK_ACCOUNT_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:account|acct|a/c|acc)(?:\s*(?:number|no\.?|nr\.?|#))?"
    # (S9) whose, between the label and the number: `a/c of Priya Nair:`
    r"(?:\s+(?:of|for)\s+(?-i:[A-ZÀ-Þ][^\W\d_]+)(?:\s+(?-i:[A-ZÀ-Þ][^\W\d_]+))?)?"
    r"\s*(?:is|:|#)?\s*#?(?P<value>\d{6,17})(?![\d-]|[.,]\d)"
)
BANK_ROUTING_GAP = 80


def _bank_accounts(text: str) -> Iterator[PiiFinding]:
    lower = text.lower()
    if not any(
        w in lower for w in ("sort", "routing", "aba", "rtn", "transit", "ifsc", "bsb")
    ):
        return
    routes = [m.span() for m in SORT_CODE_RE.finditer(text)]
    routes += [m.span() for m in IFSC_RE.finditer(text)]
    routes += [m.span() for m in BSB_RE.finditer(text)]
    routes += [
        m.span() for m in ROUTING_RE.finditer(text) if _valid(rtn, m.group("rtn"))
    ]
    routes += [m.span() for m in TRANSIT_RE.finditer(text)]
    for match in BANK_ACCOUNT_RE.finditer(text):
        start, end = match.span("value")
        if any(
            s - BANK_ROUTING_GAP < end and start < e + BANK_ROUTING_GAP
            for s, e in routes
        ):
            value = match.group("value")
            yield PiiFinding(NATIONAL_ID, start, end, value, value)


# Round 11 (S5): a person's identity number right after its name, for the
# countries whose number has no check python-stdnum or `national_ids` knows
# (`Cédula de identidad de Martina: 4.318.275-6`, `Omang number … is
# 436219083`, `Namba ya NIDA ya Neema ni 19900315-12345-00001-22`, `QID:
# 28963401234`). The name must be a person's document (not `fiscal`, not
# `jurídica`, not a company's), then at most a holder's name and a label;
# the value holds seven digits at least, in groups, and is no date.
NAMED_ID_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:"
    r"c[ée]dula de identidad|n[úu]mero de identidad|"
    r"documento (?:nacional )?de identidad|"
    r"carn[ée]t? de identidad|tarjeta de identidad|(?-i:DPI|DUI|CIP)|"
    r"bilhete de identidade|carteira de identidade|carte d['’]identit[ée]|"
    r"num[ée]ro d['’]identit[ée]|(?-i:CIN|CNI|CNIE)|"
    r"civil id|civil number|residence permit(?: number)?|(?-i:QID|CPR)|omang|"
    r"(?-i:NIDA|NIN)|namba ya nida|fayda(?: (?-i:FAN|FIN))?|(?-i:FAN)|"
    r"national id(?:entity|entification)?(?: card)?|identity card|id card|"
    r"identity number|personal (?:id|number|code)|citizen id|resident id|"
    r"fin kodu|şəxsiyyət vəsiqəsi|kimlik (?:no|numaras[ıi])|"
    r"личный номер|персональный номер|идентификационный номер|"
    r"პირადი ნომერი|"
    r"رقم الهوية|الرقم الوطني|الرقم المدني|البطاقة المدنية|الرقم الشخصي|"
    r"رقم البطاقة الشخصية|رخصة القيادة|رقم رخصة القيادة|"
    # Kyrgyz `ПИН` (not a `ПИН-код`)
    r"(?-i:ПИН)(?!-?\s?код))(?![^\W\d_])"
    # the country's adjective after the name (`CIN tunisienne`, `الأردني`)
    r"(?:\s+(?-i:[a-zà-ÿ]+(?:ne|ien|ian|ano|ana|ais|aise|ese|i))|\s+ال[\u0600-\u06ff]+ي"
    r"|\s+(?-i:[A-ZА-Я][a-zа-я]+стан))?"
    r"(?:\s*(?:number|no\.?|nr\.?|n[°º]\.?|#|nummer|numéro|número))?"
    # whose: `de Martina`, `for Okello`, `ya Neema`, `of Kagiso`, `لعمر`
    r"(?:\s+(?:of|for|de|da|do|del|di|von|van|ya|wa)\s+(?-i:[A-ZÀ-Þ][^\W\d_]+)"
    r"(?:\s+(?-i:[A-ZÀ-Þ][^\W\d_]+))?|\s+ل[\u0600-\u06ff]+)?"
    r"(?:\s*(?:number|no\.?|nr\.?|n[°º]\.?|#|nummer|numéro|número|kodu|is|ni|es|est|"
    r"é|:|：|=|-))*\s*"
    r"(?-i:(?P<value>(?=(?:[^\d\n]{0,3}\d){7})"
    r"[A-Z0-9]{1,14}(?:[ .-][A-Z0-9]{1,14}){0,6}))"
    r"(?![\w-]|[.,/]\d)"
)
NAMED_ID_STEMS = (
    "identi", "cédula", "cedula", "civil", "residence", "omang", "nida",
    "fayda", "national id", "id card", "personal", "citizen id", "resident id",
    "kimlik", "şəxsiyyət", "номер", "ნომერი", "الهوية", "الرقم", "البطاقة",
    "رخصة",
)  # fmt: skip
# The short names, in capitals as written (a cheaper test than the pattern).
NAMED_ID_CAPITALS = re.compile(r"DPI|DUI|CIP|CIN|CNI|QID|CPR|NIDA|NIN|FAN|ПИН")
NAMED_ID_NOT = re.compile(
    r"(?i)fiscal|jur[ií]dica|tax|empresa|company|compañía|société|sociedad"
)


def _named_ids(text: str) -> Iterator[PiiFinding]:
    lower = text.lower()
    if not any(stem in lower for stem in NAMED_ID_STEMS) and not (
        NAMED_ID_CAPITALS.search(text)
    ):
        return
    for match in _finditer(NAMED_ID_RE, text, _lower(text)):
        value = match.group("value")
        if personal_details.DATE_RE.fullmatch(value) or NAMED_ID_NOT.search(
            match.group()
        ):
            continue
        yield PiiFinding(
            NATIONAL_ID, match.start("value"), match.end("value"), value, value
        )


def _passports(text: str) -> Iterator[PiiFinding]:
    for match in _finditer(PASSPORT_RE, text, _lower(text)):
        value = match.group("value")
        yield PiiFinding(
            NATIONAL_ID, match.start("value"), match.end("value"), value, value
        )


def _has_context(text: str, start: int, words: tuple[str, ...]) -> bool:
    """Tell whether one of `words` appears in the 40 characters before `start`."""
    return _last_cue(text, start, words) >= 0


def _last_cue(text: str, start: int, words: tuple[str, ...]) -> int:
    """Return where the last of `words` in the 40 characters before `start` ends.

    -1 when none is there.
    """
    window = text[max(0, start - 40) : start].lower()
    return max(
        (m.start() + len(m.group(1)) for m in _cue_pattern(words).finditer(window)),
        default=-1,
    )


# One pattern per word list (a pattern per word overflowed `re`'s cache of
# compiled patterns, which phonenumbers leans on too): every position where
# one of the words starts, with the longest one that fits there.
_CUE_PATTERNS: dict[int, tuple[tuple[str, ...], re.Pattern[str]]] = {}


def _cue_pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    entry = _CUE_PATTERNS.get(id(words))
    if entry is None or entry[0] is not words:
        alternatives = "|".join(
            re.escape(w) for w in sorted(set(words), key=len, reverse=True)
        )
        pattern = re.compile(rf"(?<![a-z])(?=({alternatives})(?![a-z]))")
        entry = _CUE_PATTERNS[id(words)] = (words, pattern)
    return entry[1]


def _has_context_after(text: str, end: int, words: tuple[str, ...]) -> bool:
    """Tell whether one of `words` follows `end` closely: `123 (Aadhaar)`."""
    window = text[end : end + 25].lower()
    return bool(_cue_pattern(words).search(window))


# Round 8 (tune12): the `.tld` of templates (`name@domain.tld`), no
# top-level name at all; and the reserved example domains when the text says
# they are reserved. (`.test` and `.example` addresses stay e-mails: tests
# and erasure requests use them as real ones.)
PLACEHOLDER_TLDS = frozenset(("tld",))
RESERVED_DOMAIN_RE = re.compile(r"(?i)example\.(?:com|org|net)")
# A reserved domain's address (`you@example.com`) is documentation when the
# text says it is an example, a placeholder, a sample or a default.
RESERVED_CONTEXT_RE = re.compile(
    r"(?i)\bRFC ?(?:2606|6761)\b|\breserve[sd]?\b|"
    r"\b(?:examples?|ejemplos?|beispiel\w*|exemples?|esempi[oa]|exemplos?|"
    r"voorbeeld\w*|przykład\w*|placeholder|samples?|replace|your own|"
    r"fictitious|fictional|fictici[ao]s?|fittizi[oa]|fiktiv\w*|dummy|fake|"
    r"default|template|user\.email|docs?|documentation|readme|tutorial|"
    # (S15) a test's fixture file (`tests/fixtures/users.yaml: … test@…`)
    r"fixtures?|demo|"
    # (S9) placeholder and template in other languages
    r"platzhalter|vorlage|muster|plantilla|modèle|modello|segnaposto|sjabloon|"
    r"szablon|modelo)\b(?!\.\w)"
)


# Round 11 (S5): a company's desk or a machine, not a person: the local
# part names a role (`support@`, `press@`, `info@`) or a bot (`ci@`,
# `noreply@`, `dependabot[bot]@`), unless the line says it is someone's own.
# A machine or a service desk, never a person: the local part names a bot
# or a system mailbox (`noreply@`, `ci@`, `postmaster@`, `x[bot]@`) or a
# service a team answers (`support@`, `kundenservice@`, `bookings@`).
MACHINE_LOCAL_RE = re.compile(
    r"(?i)(?:support|help|helpdesk|servicedesk|kundenservice|customerservice|"
    r"customer[._-]?care|atencion(?:al)?cliente|enquiries|inquiries|feedback|"
    r"reservations?|reservas|booking|bookings|orders?|bestellung|pedidos|"
    r"invoices?|rechnungswesen|careers|recruiting|security|privacy|"
    r"datenschutz|compliance|"
    # (S15) mail authentication's report mailboxes (`rua=mailto:dmarc@…`)
    r"webmaster|postmaster|hostmaster|abuse|dmarc(?:[._-]\w+)?|tlsrpt|"
    r"noreply|no[._-]reply|"
    r"donotreply|do[._-]not[._-]reply|mailer[._-]daemon|ci|cd|bot|build|builds|"
    r"buildbot|jenkins|deploy|automation|notifications?|alerts?|"
    r"[\w.-]*[._-]bot|[\w.-]*\[bot\]|"
    # (S10) a rota's or a team's pager (`oncall@`, `sre-oncall@`, `noc@`)
    r"(?:[a-z0-9]+[._-])?(?:on[._-]?call|pager|escalations?|incidents?)|"
    r"ops|devops|sre|noc|"
    # (S12) a project's release-signing or developers' list (`release@`,
    # `dev@`, `maintainers@`): a team's key and list, no one person's
    r"releases?|releng|release[._-]?team|signing|packag(?:ing|ers)|"
    r"maintainers?|dev|devs|developers|engineering)"
)
# (S10) Characters that hide an address's letters (`j***n@`, `m•••@`).
MASK_CHARS = frozenset("*•●∗×")
# Providers where people hold their own mailboxes: there `dev@`, `ops@` or
# `sales@` is somebody (Dev is a name), not a company's desk or a bot.
PERSONAL_PROVIDER_RE = re.compile(
    r"(?i)(?:g(?:oogle)?mail|outlook|hotmail|live|msn|yahoo|ymail|icloud|me|mac|"
    r"aol|gmx|web|t-online|freenet|proton(?:mail)?|pm|tutanota|tuta|fastmail|"
    r"zoho|mail|yandex|rambler|qq|163|126|sina|naver|daum|hanmail|libero|"
    r"virgilio|orange|free|laposte|wanadoo|sfr|seznam|wp|o2|interia|onet|"
    r"rediffmail|uol|bol|terra|ig)\.(?:com|net|de|fr|it|es|co\.uk|co\.jp|"
    r"com\.br|com\.ar|com\.mx|ru|cn|pl|cz|me|ch|at|nl|be|ca|in|jp)"
)
# A sender no one reads, wherever it is hosted.
BOT_LOCAL_RE = re.compile(
    r"(?i)noreply|no[._-]reply|donotreply|do[._-]not[._-]reply|mailer[._-]daemon|"
    r"postmaster|[\w.-]*[._-]bot|[\w.-]*\[bot\]"
)
# A department a small firm may give one person (`hr@`, `sales@`,
# `billing@`): a company's desk beside a business word or line; alone
# ("contact: hr@acme.io") it is redacted, as the held-back sets label it.
ROLE_LOCAL_RE = re.compile(
    r"(?i)(?:hr|press|presse|prensa|imprensa|media|sales|vertrieb|ventas|vendas|"
    r"billing|accounting|jobs|marketing|legal|"
    # (S11) the accounts desk in more languages: `buchhaltung@`, `facturacion@`
    r"buchhaltung|rechnungen?|rechnungswesen|finanzbuchhaltung|invoices?|"
    r"accounts|payables|facturaci[oó]n|facturas|facturation|factures|"
    r"fatturazione|fatture|contabilidad|contabilidade|contabilita|boekhouding|"
    r"facturen|fakturering|faktura|faktury|ksiegowosc|księgowość)"
)
# Someone's own desk: `the user's invoices go to billing@…`.
OWNER_BEFORE_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:user['’]?s|the user|your|their|his|her|mine|me)"
    r"(?![^\W\d_])"
)
# A desk's name a person may use too (`info@`, `hello@`): a company's only
# beside a business word (`Atención al cliente`, `GmbH`, `hotline`).
SHARED_ROLE_LOCAL_RE = re.compile(
    r"(?i)info|information|contact|contacto|contato|kontakt|hello|hallo|hola|"
    r"service|services|office|buero|büro|team|mail"
)
BUSINESS_WORD_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:gmbh|ltd|llc|inc|sarl|s\.?l\.?|s\.?a\.?|ag|bv|b\.v\.|"
    r"company|firma|empresa|entreprise|azienda|shop|store|hotel|restaurant|"
    r"clinic|praxis|office|support|service|customer|kunden|cliente?s?|"
    r"aseguradora|insurance|bank|agency|agentur|inquiries|enquiries|orders?|"
    r"bookings?|reservations?|press|presse|hotline|helpdesk|"
    # (S6) general enquiries in more languages: `Allgemeine Anfragen bitte an`
    r"anfragen|anfrage|demandes|consultas|richieste|vragen|zapytania|"
    # (S11) invoices: what only a business sends or receives by the batch
    r"rechnungen|invoices|facturas|factures|fatture|facturen|fakturor|faktury)"
    r"(?![^\W\d_])"
)
# A message's header line (`From: Alice <alice@example.org>`).
HEADER_BEFORE_RE = re.compile(r"(?i)^\s*(?:from|to|cc|bcc|reply-to|author|committer):")


def _beside_business(text: str, start: int, end: int) -> bool:
    """Return whether the text around an address (not the address itself:
    `hr@example-shop.de`) names a business."""
    around = f"{text[:start]} {text[end:]}"
    return bool(BUSINESS_WORD_RE.search(around) or BUSINESS_LINE_RE.search(around))


def _emails(text: str) -> Iterator[PiiFinding]:
    for match in EMAIL_RE.finditer(text) if "@" in text else ():
        local, tld = match.group("local"), match.group("tld").lower()
        if ".." in local or tld in FILE_EXTENSIONS or len(match.group()) > 254:
            continue
        if text[match.end() : match.end() + 1] == ":" and local == "git":
            continue  # an SSH remote such as git@github.com:org/repo.git
        if text[max(0, match.start() - 1) : match.start()] in MASK_CHARS:
            continue  # (S10) `j***n@web.de`: the rest of a masked address
        line = text[text.rfind("\n", 0, match.start()) + 1 : match.start()]
        if SSH_COMMAND_RE.search(line):
            continue  # `ssh deploy@db01.prod`: a login on a host, not an address
        if URL_USERINFO_BEFORE_RE.search(line):
            continue  # `postgres://USER:PASSWORD@host`: a URL's credentials
        if SERVICE_ACCOUNT_DOMAIN_RE.search(match.group("domain")):
            continue  # `ci@acme-prod.iam.gserviceaccount.com`: a machine
        if tld in PLACEHOLDER_TLDS:
            continue  # `name@domain.tld`, `a@b.test`: no such domain exists
        if (
            (
                MACHINE_LOCAL_RE.fullmatch(local)
                and (
                    not PERSONAL_PROVIDER_RE.fullmatch(match.group("domain"))
                    or BOT_LOCAL_RE.fullmatch(local)
                )
            )
            or (
                (
                    ROLE_LOCAL_RE.fullmatch(local)
                    or SHARED_ROLE_LOCAL_RE.fullmatch(local)
                )
                and _beside_business(text, match.start(), match.end())
            )
        ) and not (
            PERSONAL_LINE_RE.search(text, max(0, match.start() - 60), match.start())
            or OWNER_BEFORE_RE.search(text, max(0, match.start() - 60), match.start())
        ):
            continue  # `support@acme.co.uk`, `ci@buildfarm.local`: a desk, a bot
        if (
            RESERVED_DOMAIN_RE.fullmatch(match.group("domain"))
            and (
                ROLE_LOCAL_RE.fullmatch(local) or SHARED_ROLE_LOCAL_RE.fullmatch(local)
            )
            and not OWNER_BEFORE_RE.search(
                text, max(0, match.start() - 60), match.start()
            )
        ):
            continue  # (S6) `sales@example.org`: a desk at a domain no one owns
        if RESERVED_DOMAIN_RE.fullmatch(match.group("domain")) and (
            HEADER_BEFORE_RE.search(line)
        ):
            continue  # `From: Alice <alice@example.org>`: a sample message
        if RESERVED_DOMAIN_RE.fullmatch(match.group("domain")) and (
            RESERVED_CONTEXT_RE.search(text)
        ):
            continue  # `Use user@example.com in docs; RFC 2606 reserves them.`
        value = match.group()
        yield PiiFinding(EMAIL, match.start(), match.end(), value, value.lower())


def _phone_is_plausible(text: str, match: Any, region: str | None) -> bool:
    """Keep international numbers; national ones need formatting or context.

    A number introduced as a serial, part or order number is none.
    """
    raw = match.raw_string.strip()
    if DECIMAL_RE.match(raw):
        return False  # `0.627 / 0.666` in a table of scores
    if TIME_BEFORE_RE.search(text, max(0, match.start - 3), match.start):
        return False  # `22:49:02.123456`: a time's seconds
    if SSN_SHAPE_RE.fullmatch(raw):
        return False  # `078-05-1120`: no phone plan groups digits 3-2-4
    if _calendar_date(raw):
        return False  # `Termin am 03.04.2026, Kontakt: Lena`: a day, not a line
    if phonenumbers.number_type(match.number) in BUSINESS_NUMBER_TYPES:
        return False  # toll-free, premium-rate, shared-cost: a business line
    if FICTIONAL_PHONE_RE.fullmatch(
        str(match.number.national_number)
    ) and FICTION_CONTEXT_RE.search(text):
        return False  # (S6) `assert normalize('+1 202-555-0152')  # fixture`
    if raw.startswith("+") and text[match.start - 1 : match.start].isalnum():
        return False  # `ZIP+4 94103-1234`, `C++ 2011`: no phone's plus
    if raw.startswith(("+", "00")):
        return True
    # The nearer cue wins: `mobile: …` but `call-in code …`, `serial …`.
    phone_cue = _last_cue(text, match.start, STRONG_PHONE_CONTEXT)
    other_cue = _last_cue(text, match.start, NOT_PHONE_CONTEXT)
    if phone_cue >= 0 or other_cue >= 0:
        return phone_cue > other_cue
    if _has_context(text, match.start, PHONE_CONTEXT):
        return True
    if region == "US":
        return bool(NANP_RE.match(raw))
    return raw.startswith(("0", "(0")) and bool(GROUPED_RE.search(raw))


def _grouping(number: str) -> str:
    return " ".join(re.findall(r"\d+", number))


# The separators phonenumbers allows inside a number (its
# `_VALID_PUNCTUATION`), and a run of digit blocks joined by them: no number
# the matcher reads holds more digits than the run it lies in.
PHONE_PUNCTUATION = (
    "-x\u2010-\u2015\u2212\u30fc\uff0d-\uff0f \u00a0\u00ad\u200b\u2060\u3000"
    "()\uff08\uff09\uff3b\uff3d.\\[\\]/~\u2053\u223c\uff5e"
)
PHONE_DIGIT_RUN_RE = re.compile(rf"\d+(?:[{PHONE_PUNCTUATION}]{{0,4}}\d+)*")


@cache
def _fewest_phone_digits(region: str | None) -> int:
    """Return the fewest digits a number valid when read in `region` holds.

    Without a `+`: the region's shortest national number, or its
    international call prefix (`011`, `00`) and the shortest number of any
    country with its code. Region None reads `+` numbers only.
    """
    if region is None:
        return 10**6
    metadata = phonenumbers.PhoneMetadata.metadata_for_region(region)

    def shortest(meta: Any) -> int:
        lengths = meta.general_desc.possible_length if meta.general_desc else ()
        return min(lengths, default=1)

    abroad = min(
        len(str(meta.country_code)) + shortest(meta)
        for code in phonenumbers.SUPPORTED_REGIONS
        if (meta := phonenumbers.PhoneMetadata.metadata_for_region(code))
    )
    prefix = metadata.international_prefix or ""
    idd = len(prefix) if prefix.isdigit() else 0
    return min(shortest(metadata), idd + abroad)


def _phone_regions(text: str) -> tuple[str | None, ...]:
    """The regions whose matcher can find a number in `text`.

    With a `+` any; else those whose shortest valid number fits in the
    text's longest run of digit blocks (the matcher is costly: one pass per
    region).
    """
    if "+" in text or "\uff0b" in text:
        return PHONE_REGIONS
    most = max(
        (
            sum(c.isdigit() for c in m.group())
            for m in PHONE_DIGIT_RUN_RE.finditer(text)
        ),
        default=0,
    )
    return tuple(r for r in PHONE_REGIONS if _fewest_phone_digits(r) <= most)


def _phones(text: str) -> Iterator[PiiFinding]:
    """Find valid phone numbers, reading national formats in several regions.

    A national number such as `06 12 34 56 78` can be valid in more than one
    region; the region whose own national format groups the digits the same
    way wins (France here), else the first in `PHONE_REGIONS`.
    """
    spans: dict[tuple[int, int], list[phonenumbers.PhoneNumberMatch]] = {}
    for region in _phone_regions(text):
        matcher = phonenumbers.PhoneNumberMatcher(
            text, region, leniency=phonenumbers.Leniency.VALID
        )
        for match in matcher:
            if _phone_is_plausible(text, match, region):
                spans.setdefault((match.start, match.end), []).append(match)
    for match in _phones_possible(text):
        if not any(s < match.end and match.start < e for s, e in spans):
            spans[(match.start, match.end)] = [match]
    yield from _phones_after_word(text, list(spans))
    yield from _mobiles_after_contact(text, list(spans))
    if "\n" in text:
        yield from _phone_cells(text, list(spans))
    for (start, end), matches in sorted(spans.items()):
        grouping = _grouping(matches[0].raw_string)
        best = next(
            (
                m
                for m in matches
                if _grouping(
                    phonenumbers.format_number(
                        m.number, phonenumbers.PhoneNumberFormat.NATIONAL
                    )
                )
                == grouping
            ),
            matches[0],
        )
        e164 = phonenumbers.format_number(
            best.number, phonenumbers.PhoneNumberFormat.E164
        )
        if NANP_FICTION_RE.fullmatch(e164.lstrip("+")):
            continue  # (S7) `+1 555-0100`: the range reserved for fiction
        yield PiiFinding(PHONE, start, end, best.raw_string, e164)


# A run of digit groups as phones are written (`090-1231-0530`,
# `(2) 2128 1950`, `40 60 98 02`): its region is anyone's guess, and
# with 7 to 15 digits some country's plan makes it valid.
PHONE_RUN_RE = re.compile(
    rf"(?<!{_NON_CJK_WORD})(?<![+/.,:-])(?:\(\d{{1,5}}\)[ .-]?)?\d{{1,15}}"
    # `8-(912)-026-95-10`: a bracketed code after the trunk prefix (S5)
    rf"(?:[ .\-－]\(\d{{1,5}}\))?(?:[ .\-－]\d{{1,8}}){{0,5}}"
    rf"(?!{_NON_CJK_WORD}|[/\-－]|[.,:]\d)"
)
DATE_SHAPE_RE = re.compile(
    r"\d{4}[-./ ]\d{1,2}[-./ ]\d{1,2}|\d{1,2}[-./ ]\d{1,2}[-./ ]\d{4}"
)
CALENDAR_DATE_RE = re.compile(
    r"(?P<y1>(?:19|20)\d\d)[-./](?P<m1>\d{1,2})[-./](?P<d1>\d{1,2})"
    r"|(?P<a>\d{1,2})[-./](?P<b>\d{1,2})[-./](?P<y2>(?:19|20)\d\d)"
)


def _calendar_date(raw: str) -> bool:
    """Tell a date of this or the last century (`03.04.2026`) in a phone's shape."""
    match = CALENDAR_DATE_RE.fullmatch(raw)
    if match is None:
        return False
    if match.group("y1"):
        return 1 <= int(match.group("m1")) <= 12 and 1 <= int(match.group("d1")) <= 31
    a, b = int(match.group("a")), int(match.group("b"))
    return 1 <= min(a, b) <= 12 and max(a, b) <= 31


# Numbers reserved for fiction: NANP's 555 exchange, Ofcom's drama ranges
# (S6: London's 020 7946 0xxx, the big cities' 01x1 496 0xxx, Belfast's
# 028 9649 6xxx, Cardiff's 029 2018 0xxx, 01632 960xxx, not just mobiles').
FICTIONAL_PHONE_RE = re.compile(
    r"(?:1?\d{3}|1)?555\d{4}|0?7700900\d{3}|0?2079460\d{3}|0?1(?:1[3-8]|[2-6]1)4960\d{3}|"
    r"0?1914980\d{3}|"
    r"0?2896496\d{3}|0?2920180\d{3}|0?1632960\d{3}"
)
# (S7) NANP's 555-0100 … 555-0199, reserved for fiction, written with no
# area code (`+1 555-0100`): no line anyone can dial.
NANP_FICTION_RE = re.compile(r"1?55501\d\d")
# Counts, not phones: `4 500 000 this month`, `1999-2004`, `12000000 bytes`.
THOUSANDS_RE = re.compile(r"\d{1,2}(?:[ ,.]\d{3}){2,}")
YEAR_RANGE_RE = re.compile(r"(?:19|20)\d{2}\s*[-–]\s*(?:19|20)\d{2}")
UNIT_AFTER_RE = re.compile(
    r"\s*(?:[%€$£¥₹₫]|(?i:[kmgt]?b|bytes?|calls?|times|units?|members?|messages?|"
    r"users?|people|rows?|items?|sms|texts?|minutes?|mins?|seconds?|secs?|s|ms|"
    r"hours?|days?|years?|km|m|kg|g|views?|downloads?|followers?|records?|lines?|"
    r"steps?|points?|pts|eur|usd|gbp|vnd|idr|inr|jpy|krw|rub|brl|mxn|chf)\b)"
)
# Where a number reserved for fiction is one (S6): a test, a sample, a
# script. Elsewhere (`mobile 07700 900808`) it is taken as written.
# (S8) Not a domain's label: `bob@example.com` names a mailbox, not a sample.
FICTION_CONTEXT_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?<![@./])(?:fixtures?|assert\w*|tests?|mock\w*|stub|examples?|"
    r"samples?|dummy|fake|fictional|fictitious|drama|film|movie|script|tv|novel|"
    r"placeholder|tutorials?|documentation|docs)(?![^\W\d_])(?![.@]\w)"
)
INTERNATIONAL_BEFORE_RE = re.compile(r"\+\d{1,4}[ .-]?(?:\(0\)[ .-]?)?$")
STRONG_PHONE_WORD_RE = re.compile(
    "|".join(re.escape(w) for w in sorted(STRONG_PHONE_CONTEXT, key=len, reverse=True))
)


def _phones_after_word(
    text: str, covered: list[tuple[int, int]]
) -> Iterator[PiiFinding]:
    """Yield national numbers of any country right after a phone word.

    `her cell is 090-1231-0530`, `телефон 0905 120 9933`: the text does
    not say which country's plan to read them in, and the number is valid
    in a dozen, but a phone word nearer than any other number's word says
    what it is.
    """
    worded = bool(STRONG_PHONE_WORD_RE.search(text.lower()))
    if not (worded or CONTACT_LINE_RE.search(text)):
        return
    for match in PHONE_RUN_RE.finditer(text):
        start, end = match.span()
        if any(s < end and start < e for s, e in covered):
            continue
        raw = match.group()
        digits = re.sub(r"\D", "", raw)
        if not 7 <= len(digits) <= 15 or DATE_SHAPE_RE.fullmatch(raw):
            continue
        if FICTIONAL_PHONE_RE.fullmatch(digits):
            continue
        if re.match(r"1?555", digits) and FICTION_CONTEXT_RE.search(text):
            continue  # (S10) `(555) 010-50` in a mockup: NANP's fiction, cut short
        if THOUSANDS_RE.fullmatch(raw) or YEAR_RANGE_RE.fullmatch(raw):
            continue
        if UNIT_AFTER_RE.match(text, end):
            continue
        if INTERNATIONAL_BEFORE_RE.search(text, max(0, start - 10), start):
            continue  # the rest of `+44 7700 900123`: the other passes judge it
        if TIME_BEFORE_RE.search(text, max(0, start - 3), start):
            continue
        if _contact_line_number(text, start, end):
            yield PiiFinding(PHONE, start, end, raw, digits)
            continue
        phone_cue = _last_cue(text, start, STRONG_PHONE_CONTEXT) if worded else -1
        if phone_cue >= 0 and phone_cue > _last_cue(text, start, NOT_PHONE_CONTEXT):
            yield PiiFinding(PHONE, start, end, raw, digits)


# (S11) A table's phone column: a cell of digit groups (`691 282 9077`,
# `40 26 54 67`) under a header naming a phone, in any country's plan.
PHONE_CELL_RE = re.compile(
    r"(?m)(?:^|(?<=[,;\t|]))[ \t]*(?P<value>\+?\(?\d[\d ().-]{5,20}\d)[ \t]*"
    r"(?=[,;\t|]|$)"
)
PHONE_HEADER_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:phone|tel|telephone|mobile|cell|handy|telefon|"
    r"téléphone|teléfono|telefone|telefono|portable|móvil|celular|cellulare|"
    r"puhelin|mobil|τηλέφωνο|κινητό|телефон|電話|电话|手机|전화)(?![^\W\d_])"
)


def _phone_cells(text: str, covered: list[tuple[int, int]]) -> Iterator[PiiFinding]:
    """Yield the cells of a table's phone column (the header names a phone)."""
    for match in PHONE_CELL_RE.finditer(text):
        start, end = match.span("value")
        if any(s < end and start < e for s, e in covered):
            continue
        raw = match.group("value")
        digits = re.sub(r"\D", "", raw)
        if not 7 <= len(digits) <= 15 or DATE_SHAPE_RE.fullmatch(raw):
            continue
        if PHONE_HEADER_RE.search(column_name(text, start)):
            yield PiiFinding(PHONE, start, end, raw, digits)


# Round 8 (tune12): a weaker cue (`Kontakt / contact: Valeria Ramírez, 296
# 976 3791`, `Llama a Diego al 672 24 64 67`) names a person to reach, not
# a phone: the number must also be a valid mobile in some country's plan.
WEAK_PHONE_CUES = (
    "contact",
    "kontakt",
    "contacto",
    "contato",
    "contatto",
    "reach",
    "llama a",
    "llámame",
    "llamar a",
    "chiama",
    "chiamare",
    "appelle",
    "appeler",
    "ruf",
    "anrufen",
    "ligue para",
    "ligar para",
    "zadzwoń",
    "mi número",
    "mi numero",
    "mon numéro",
    "meine nummer",
    "meu número",
    "il mio numero",
    "mijn nummer",
    "mój numer",
    "min nummer",
    "moje číslo",
    "mé číslo",
    "moje cislo",
    "numaram",
    "numaramı",
    "мой номер",
)
MOBILE_REGIONS = (
    "US", "GB", "DE", "FR", "ES", "IT", "PT", "NL", "BE", "CH", "AT", "PL", "SE",
    "NO", "DK", "FI", "IE", "CZ", "RO", "GR", "TR", "MX", "BR", "AR", "CO", "CL",
    "PE", "IN", "JP", "CN", "KR", "AU", "NZ", "ZA", "NG", "CA", "RU", "UA",
)  # fmt: skip
MOBILE_TYPES = frozenset(
    (
        phonenumbers.PhoneNumberType.MOBILE,
        phonenumbers.PhoneNumberType.FIXED_LINE_OR_MOBILE,
    )
)
# Numbers of other things a contact cue may stand before (`mi número de
# pedido es …`): an order's, an invoice's, an account's, a customer's.
NOT_CONTACT_NUMBER = (
    *NOT_PHONE_CONTEXT,
    "pedido",
    "commande",
    "bestellung",
    "bestelling",
    "ordine",
    "encomenda",
    "zamówienia",
    "factura",
    "facture",
    "fattura",
    "rechnung",
    "cliente",
    "client",
    "kunde",
    "kunden",
    "cuenta",
    "compte",
    "conta",
    "konto",
    "ticket",
    "expediente",
    "dossier",
)
NINE_DIGITS_RE = re.compile(r"\d(?:[ ().-]{0,2}\d){8}")
FREEPHONE_TYPES = frozenset(
    (
        phonenumbers.PhoneNumberType.TOLL_FREE,
        phonenumbers.PhoneNumberType.PREMIUM_RATE,
    )
)
VCARD_TEL_RE = re.compile(
    r"(?im)^(?:item\d+\.)?TEL[^:\n]*:[ \t]*(?:tel:)?(?P<value>\+?\d[\d ().-]{5,20}\d)"
)


def _is_mobile_somewhere(digits: str) -> bool:
    """Valid as a mobile in more plans than it is a toll-free or premium line.

    `0800 123 4567` is free to call in the UK (a business's); `606 604 817`
    is a mobile in five plans and premium-rate only in Korea's.
    """
    mobiles = freephones = 0
    for region in MOBILE_REGIONS:
        try:
            number = phonenumbers.parse(digits, region)
        except phonenumbers.NumberParseException:
            continue
        if not phonenumbers.is_valid_number(number):
            continue
        kind = phonenumbers.number_type(number)
        freephones += kind in FREEPHONE_TYPES
        mobiles += kind in MOBILE_TYPES
    return mobiles > freephones


def _mobiles_after_contact(
    text: str, covered: list[tuple[int, int]]
) -> Iterator[PiiFinding]:
    """Yield national mobiles after a contact cue, and a vCard's `TEL` lines."""
    if "TEL" in text:
        for match in VCARD_TEL_RE.finditer(text):
            start, end = match.span("value")
            digits = re.sub(r"\D", "", match.group("value"))
            if 7 <= len(digits) <= 15 and not any(
                s < end and start < e for s, e in covered
            ):
                covered.append((start, end))
                yield PiiFinding(PHONE, start, end, match.group("value"), digits)
    if not NINE_DIGITS_RE.search(text):
        return  # a mobile has nine digits or more
    lower = text.lower()
    if not any(cue in lower for cue in WEAK_PHONE_CUES):
        return
    for match in PHONE_RUN_RE.finditer(text):
        start, end = match.span()
        if any(s < end and start < e for s, e in covered):
            continue
        raw = match.group()
        digits = re.sub(r"\D", "", raw)
        if not 9 <= len(digits) <= 13:
            continue  # 13: `011 15-2930-6224`, Buenos Aires' mobiles dialled at home
        if DATE_SHAPE_RE.fullmatch(raw) or THOUSANDS_RE.fullmatch(raw):
            continue
        if FICTIONAL_PHONE_RE.fullmatch(digits) or UNIT_AFTER_RE.match(text, end):
            continue
        cue = _last_cue(text, start, WEAK_PHONE_CUES)
        if cue < 0 or cue <= _last_cue(text, start, NOT_CONTACT_NUMBER):
            continue
        if not GROUPED_RE.search(raw):
            # Round 12 (S6): unbroken digits only in the cue's own clause
            # (`llamar a la abuela al 693974616`): no other number, no
            # clause's end between.
            between = text[max(0, start - 40) + cue : start]
            if len(between) > 28 or re.search(r"[\d.;:!?\n]", between):
                continue
        if _is_mobile_somewhere(digits):
            yield PiiFinding(PHONE, start, end, raw, digits)


# A signature's contact line: a one-letter label (`T (2) 2123 3232`, `M
# 601 127 694`) or a number set between `·` beside an address (not `|`:
# a table's cells).
CONTACT_LINE_RE = re.compile(r"(?m)^(?:T|M|P|Mob|Cell|Tel)\.?:?[ \t]+[(+\d]|[·•]")
CONTACT_LABEL_BEFORE_RE = re.compile(r"(?m)^(?:T|M|P|Mob|Cell|Tel)\.?:?[ \t]+$")
CONTACT_SEPARATED_RE = re.compile(r"[·•][ \t]*$")


def _contact_line_number(text: str, start: int, end: int) -> bool:
    line_start = text.rfind("\n", 0, start) + 1
    if CONTACT_LABEL_BEFORE_RE.search(text, line_start, start):
        return True
    line_end = text.find("\n", end)
    line = text[line_start : line_end if line_end >= 0 else len(text)]
    return bool(
        CONTACT_SEPARATED_RE.search(text, line_start, start)
        and re.match(r"[ \t]*[·•]", text[end:])
        and "@" in line
    )


def _phones_possible(text: str) -> Iterator[phonenumbers.PhoneNumberMatch]:
    """Yield international numbers of a possible length said to be phones.

    `call me on +31 6 77389721`: the country's metadata may not know the
    range yet (a new mobile block), but a `+` number after a phone word is
    one.
    """
    lowered = text.lower()
    if "+" not in text or not any(w in lowered for w in STRONG_PHONE_CONTEXT):
        return  # the matcher is costly; most texts name no phone
    matcher = phonenumbers.PhoneNumberMatcher(
        text, None, leniency=phonenumbers.Leniency.POSSIBLE
    )
    for match in matcher:
        if not match.raw_string.startswith("+"):
            continue
        if phonenumbers.number_type(match.number) in BUSINESS_NUMBER_TYPES:
            continue  # `tel:+18005551234 (toll-free)`: a business line
        if FICTIONAL_PHONE_RE.fullmatch(
            str(match.number.national_number)
        ) and FICTION_CONTEXT_RE.search(text):
            continue  # (S8) `the sample user … +1 555-0100`: as `_phones` does
        phone_cue = _last_cue(text, match.start, STRONG_PHONE_CONTEXT)
        if phone_cue >= 0 and phone_cue > _last_cue(
            text, match.start, NOT_PHONE_CONTEXT
        ):
            yield match


def _card_issuer_is_plausible(digits: str) -> bool:
    """Match the issuer ranges of the major networks (ISO/IEC 7812 IINs)."""
    length, two, four = len(digits), int(digits[:2]), int(digits[:4])
    if digits[0] == "4":
        return length in (13, 16, 19)  # Visa
    if 51 <= two <= 55 or 2221 <= four <= 2720:
        return length == 16  # Mastercard
    if two in (34, 37):
        return length == 15  # American Express
    if digits.startswith("6011") or two == 65 or 644 <= int(digits[:3]) <= 649:
        return 16 <= length <= 19  # Discover
    if 3528 <= four <= 3589:
        return 16 <= length <= 19  # JCB
    if 300 <= int(digits[:3]) <= 305 or two in (36, 38, 39):
        return 14 <= length <= 19  # Diners Club
    if two == 62:
        return 16 <= length <= 19  # UnionPay
    if 2200 <= four <= 2204:
        return 16 <= length <= 19  # Mir (round 10)
    if four == 9792:
        return length == 16  # Troy (round 10)
    return two in (50, *range(56, 70)) and 12 <= length <= 19  # Maestro


CARD_CONTEXT = (
    "card",
    "visa",
    "mastercard",
    "amex",
    "american express",
    "discover",
    "maestro",
    "jcb",
    "diners",
    "unionpay",
    "credit",
    "debit",
    "cc",
    "kreditkarte",
    "karte",
    "carte",
    "tarjeta",
    "cartão",
    "karta",
    # Round 11 (S5): CJK and Korean card words
    "カード",
    "卡号",
    "信用卡",
    "카드",
)
# (S9) A conference call's words say a number is no one's phone, not that
# it is no card: `personal card for the conference refund: 5534 …`.
CALL_ONLY_CUES = ("dial-in", "dial in", "dialin", "conference", "room")
NOT_CARD_CONTEXT = (
    *(w for w in NOT_PHONE_CONTEXT if w not in CALL_ONLY_CUES),
    "id",
    "row",
    "job",
    "ts",
    "account",
    "imei",
    "isbn",
    "ean",
    "gtin",
    "upc",
    "rows",
    "count",
)


# The payment processors' documented test numbers, said to be tests.
TEST_CARDS = frozenset(
    (
        "4242424242424242 4000056655665556 4111111111111111 4012888888881881 "
        "4000000000000002 4000000000009995 4000002500003155 5555555555554444 "
        "2223003122003222 5200828282828210 5105105105105100 5454545454545454 "
        "378282246310005 371449635398431 6011111111111117 6011000990139424 "
        "3056930009020004 36227206271667 3566002020360505 6200000000000005"
    ).split()
)
TEST_CONTEXT_RE = re.compile(
    r"(?i)(?<![@.\w-])(?:test|testing|sandbox|dummy|"
    # (S7, S8) the same word in other languages: `Cartão de teste do Stripe`,
    # `tarjeta de prueba`, `carte de test`, `Testkarte`, `тестовая карта`
    r"teste|prueba|pruebas|testkarte|testowa|testowy|testowej|prova|essai|"
    r"тест\w*|テスト|测试|測試|테스트)(?![^\W\d_])(?!\.\w)"
)
# (S10) A payment processor or its documentation: where a number called a
# test card is one of theirs, listed or not (`Adyen's 3DS test card …`).
PROCESSOR_DOCS_RE = re.compile(
    r"(?i)(?<![\w@.-])(?:stripe|adyen|braintree|paypal|checkout\.com|mollie|"
    r"square|worldpay|razorpay|klarna|authorize\.net|paystack|mercado ?pago|"
    r"sandbox|docs?|documentation|dokumentation|documentaci[óo]n)(?![^\W\d_])"
)
# A card's expiry after its number (`… 12/27`, `… 09/2028`).
CARD_EXPIRY_AFTER_RE = re.compile(r"[ ](?:0[1-9]|1[0-2])/(?:\d{4}|\d{2})(?![\d/])")
# Round 10 (S4): a company's or a taxpayer's register number is no card,
# however far its name stands before it on the line (`CNPJ da empresa
# Padaria Sol Ltda.: 1122…`, `SIRET de la société …`). Short names only in
# capitals (`EIN`, not German `ein`).
REGISTER_CUE_RE = re.compile(
    r"(?<![^\W\d_])(?:(?-i:CNPJ|CUIT|RUT|NIT|RIF|SIRET|SIREN|EIN|VAT|TVA|IVA|ABN|"
    r"ACN|KVK|KvK|UEN|GSTIN|NIP|REGON|CRN|HRB)|(?i:cnpj|siret|siren|company "
    r"(?:number|no|registration)|registration (?:number|no)|ust-?id(?:-?nr)?|"
    r"handelsregister|registre du commerce|registro mercantil))(?![^\W\d_])"
)
CARD_CUE_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:"
    + "|".join(re.escape(w) for w in CARD_CONTEXT)
    + r")(?![^\W\d_])"
)


def _after_register_name(text: str, start: int) -> bool:
    """Tell a number whose line names a register before it, and no card after."""
    line_start = text.rfind("\n", 0, start) + 1
    cues = list(REGISTER_CUE_RE.finditer(text, line_start, start))
    return bool(cues) and not CARD_CUE_RE.search(text, cues[-1].end(), start)


def _cards(text: str) -> Iterator[PiiFinding]:
    """Find Luhn-valid numbers of a known issuer.

    Not one introduced as an order, invoice, serial… number, unless a card
    word is nearer (`order 12, card 4111 …`); not one inside a longer run of
    digit groups.
    """
    for match in CARD_RE.finditer(text):
        value = match.group()
        if inside_digit_run(
            text, match.start(), match.end()
        ) and not CARD_EXPIRY_AFTER_RE.match(text, match.end()):
            continue  # but `4111 … 1111 12/27`: the expiry is no digit group
        card_cue = _last_cue(text, match.start(), CARD_CONTEXT)
        other_cue = _last_cue(text, match.start(), NOT_CARD_CONTEXT)
        if other_cue > card_cue or _after_register_name(text, match.start()):
            continue
        digits = re.sub(r"\D", "", value)
        separators = set(re.sub(r"\d", "", value))
        if len(separators) > 1:
            continue  # 1234-5678 9012 is not how cards are written
        if separators:
            groups = re.split(r"[ -]", value)
            if any(not 3 <= len(g) <= 6 for g in groups[:-1]):
                continue
        if digits in TEST_CARDS and TEST_CONTEXT_RE.search(
            text, max(0, match.start() - 60), match.end() + 60
        ):
            continue  # `Stripe test card 4242 4242 4242 4242`: documentation
        if TEST_CONTEXT_RE.search(
            text, max(0, match.start() - 24), match.end() + 24
        ) and PROCESSOR_DOCS_RE.search(
            text, max(0, match.start() - 100), match.end() + 100
        ):
            continue  # (S10) `test card 4000 0027 … (Stripe docs)`: any of theirs
        if (
            13 <= len(digits) <= 19
            and luhn.is_valid(digits)
            # Round 11 (S5): an issuer we do not know, called a card: 16
            # digits in fours right after a card word (`カード番号：3512-…`)
            and (
                _card_issuer_is_plausible(digits)
                or (
                    card_cue >= 0
                    and re.fullmatch(r"\d{4}([ -]?)\d{4}(?:\1\d{4}){2}", value)
                )
            )
        ):
            yield PiiFinding(CARD, match.start(), match.end(), value, digits)


# IBANs printed in standards and bank docs, said to be examples.
EXAMPLE_IBANS = frozenset(
    (
        "GB82WEST12345698765432 DE89370400440532013000 GB29NWBK60161331926819 "
        "FR1420041010050500013M02606 NL91ABNA0417164300 ES9121000418450200051332 "
        "IT60X0542811101000000123456 CH9300762011623852957 BE68539007547034 "
        "AT611904300234573201"
    ).split()
)
# Words, not domains (`bob@example.com`).
DOC_CONTEXT_RE = re.compile(
    r"(?i)(?<![@.\w-])(?:example|sample|docs?|documentation|e\.g\.|test|dummy|"
    r"wikipedia|"
    # (S6) other languages' example and documentation words; a form's
    # `in the format …`
    r"beispiel\w*|muster|dokumentation|exemples?|ejemplos?|esempi[oa]|exemplos?|"
    r"voorbeeld\w*|przykład\w*|documentaci[óo]n|documentazione|documentatie|"
    r"format|formato|formaat)\b(?!\.\w)"
    # (S9) `e.g.` ends in a dot: the `\b` above never held after it
    r"|(?<![\w.])(?i:e\.g\.|z\.b\.|p\.ex\.|p\. ej\.|bijv\.|np\.)(?!\w)"
)


IBAN_NAME_RE = re.compile(r"(?i)\biban\b")


def _iban_checksum_valid(value: str) -> bool:
    """Tell an IBAN's shape and ISO 7064 check digits right, whatever its
    country's own check digits."""
    try:
        return bool(iban.validate(value, check_country=False))
    except Exception:  # noqa: BLE001 - a validator must not break the gate
        return False


# (S15) A company's or a charity's account on an invoice, a letterhead or
# an appeal: the payee named on the IBAN's line by its legal form (`Lotus
# B.V., IBAN …`, `Müller Logistik GmbH · IBAN …`) or as a registered
# charity. A person's own account (`IBAN di mio marito`) stays redacted.
CHARITY_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:registered charity|charity (?:no|number|reg)|"
    r"gemeinnützig\w*|association loi 1901|e\.\s?V\.)"
)


def _company_iban(text: str, finding: PiiFinding) -> bool:
    line = line_around(text, finding.start, finding.end)
    return bool(
        (personal_details.LEGAL_FORM_RE.search(line) or CHARITY_RE.search(line))
        and not PERSONAL_LINE_RE.search(line)
    )


def _ibans(text: str) -> Iterator[PiiFinding]:
    """Grow each country-and-check-digit start into the longest valid IBAN."""
    for start in IBAN_START_RE.finditer(text):
        ends: list[int] = []
        compact, position = "", start.start()
        while position < len(text) and len(compact) < 34:
            char = text[position]
            if char.isdigit() or "A" <= char <= "Z":
                compact += char
                after = text[position + 1 : position + 2]
                if not after.isalnum():
                    ends.append(position + 1)
            elif char != " " or not text[position + 1 : position + 2].isalnum():
                break
            position += 1
        # (S12) Named `IBAN`, the international check digits are enough: a
        # bank account's national check (Spain's, Belgium's) mistyped or
        # made up still names someone's account.
        named = IBAN_NAME_RE.search(text, max(0, start.start() - 30), start.start())
        for end in reversed(ends):
            value = text[start.start() : end]
            if len(iban.compact(value)) >= 15 and (
                iban.is_valid(value) or (named and _iban_checksum_valid(value))
            ):
                normalized = iban.compact(value)
                if normalized in EXAMPLE_IBANS and DOC_CONTEXT_RE.search(
                    text, max(0, start.start() - 60), end + 60
                ):
                    # the ECB's or a bank's documented example; no phone or
                    # id inside it either (S6: `NL91 ABNA 0417 1643 00`)
                    yield PiiFinding(EXAMPLE, start.start(), end, value, normalized)
                    break
                yield PiiFinding(IBAN, start.start(), end, value, normalized)
                break


def _valid(module: Any, value: str) -> bool:
    """Validate with a `python-stdnum` module; one that raises says no."""
    try:
        return bool(module.is_valid(value))
    except Exception:  # noqa: BLE001 - a validator must not break the gate
        return False


def _national_ids(text: str, digits: int) -> Iterator[PiiFinding]:
    def found(match: re.Match[str], valid: bool) -> Iterator[PiiFinding]:
        if valid and not inside_digit_run(text, match.start(), match.end()):
            value = match.group()
            normalized = re.sub(r"[^0-9A-Z]", "", value.upper())
            yield PiiFinding(NATIONAL_ID, match.start(), match.end(), value, normalized)

    if digits >= 6:  # the fewest each shape below holds
        for match in SSN_DASHED_RE.finditer(text) if digits >= 9 else ():
            yield from found(match, _valid(ssn, match.group()))
        for match in SSN_CONTEXT_RE.finditer(text) if digits >= 9 else ():
            context = _has_context(text, match.start(), SSN_CONTEXT)
            bare = match.group().replace(" ", "")
            yield from found(match, context and _valid(ssn, bare))
        for match in NINO_RE.finditer(text):
            yield from found(match, True)  # the format is the validation
        for match in NIR_RE.finditer(text) if digits >= 13 else ():
            yield from found(match, _valid(nir, match.group()))
        for match in DNI_RE.finditer(text) if digits >= 8 else ():
            yield from found(match, _valid(dni, match.group()))
        for match in NIE_RE.finditer(text) if digits >= 7 else ():
            yield from found(match, _valid(nie, match.group()))
        for match in BSN_RE.finditer(text) if digits >= 9 else ():
            context = _has_context(text, match.start(), BSN_CONTEXT)
            yield from found(match, context and _valid(bsn, match.group()))
        for match in IDNR_RE.finditer(text) if digits >= 11 else ():
            context = _has_context(text, match.start(), IDNR_CONTEXT)
            yield from found(match, context and _valid(idnr, match.group()))
    # Omocodia: an Italian code's digits may all be letters.
    for match in CODICE_FISCALE_RE.finditer(text):
        yield from found(match, _valid(codicefiscale, match.group()))
    for match in find_national_ids(text, digits):
        if match.kind in COMPANY_ONLY_IDS and _names_a_business(text, match.start):
            continue  # `CNPJ da empresa Padaria Sol Ltda.: …`: a company's
        value = text[match.start : match.end]  # full-width digits as written
        normalized = re.sub(r"[^0-9A-Z]", "", match.value.upper())
        yield PiiFinding(NATIONAL_ID, match.start, match.end, value, normalized)


# Round 10 (S4): numbers only companies hold. The product keeps company
# identifiers clean: one beside a legal form or a business word on its line
# is a company's (`Razão social Café Aurora Ltda. — CNPJ …`); alone
# (`CNPJ 11.222.333/0001-81`) it may be a sole trader's, and stays PII.
COMPANY_ONLY_IDS = frozenset(("br.cnpj",))
BUSINESS_NAME_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:empresa|razão social|razao social|nome fantasia|"
    r"company|firma|loja|padaria|restaurante|café|mercado|comércio|comercio|"
    r"indústria|industria|serviços|servicos|distribuidora|"
    r"(?-i:S/A|EIRELI|ME|EPP))(?![^\W\d_])"
)


def _names_a_business(text: str, start: int) -> bool:
    line = line_around(text, start)
    return bool(
        personal_details.LEGAL_FORM_RE.search(line) or BUSINESS_NAME_RE.search(line)
    )


@cache
def _documented_ids() -> frozenset[str]:
    """The example numbers python-stdnum's own documentation gives."""
    from memory_core.national_ids import SPECS

    modules = {spec.validator for spec in SPECS} | {ssn, nir, dni, nie, bsn, idnr}
    found = set()
    for module in (*modules, codicefiscale):
        for value in re.findall(r"'([^'\n]{6,30})'", module.__doc__ or ""):
            found.add(re.sub(r"[^0-9A-Z]", "", value.upper()))
    return frozenset(found)


# Digits counted up (`AB 12 34 56 C`, `123-45-6789`): a form's sample, as
# HMRC's and the SSA's own guides write them (S6).
COUNTED_DIGITS_RE = re.compile(r"0?123456|234567|345678|456789|987654")


def _is_documented_example(text: str, finding: PiiFinding) -> bool:
    """`Example NIE: X-1234567-L (from the ministry's guide)`: documentation."""
    digits = re.sub(r"\D", "", finding.normalized)
    return (
        finding.normalized in _documented_ids()
        or bool(COUNTED_DIGITS_RE.search(digits))
    ) and bool(
        DOC_CONTEXT_RE.search(text, max(0, finding.start - 60), finding.end + 60)
    )


# A company's switchboard, a shop's or an office's landline: no one's
# personal data (`Boulangerie Dufour SARL — … — standard : 04 78 12 34 56`).
# A mobile, or a number said to be someone's own, stays personal.
BUSINESS_LINE_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:switchboard|standard|centralino|centralita|zentrale|"
    r"main line|reception|front desk|hotline|klantenservice|customer service|"
    r"help ?desk|service ?desk|it support|support line|servicedesk|"
    r"service client|kundenservice|atención al cliente|head office|sede legale|"
    r"siège|headquarters|hq|store|"
    r"shop|restaurant|hotel|clinic|practice|praxis|bakery|boulangerie|"
    r"werkdagen|business hours|opening hours|öffnungszeiten|horaires|"
    # (S10) the trades and premises a number is a desk of, in more languages
    # (`Restaurante …`, `Pizzeria …`, `Garage Renault …`, `Werkstatt Tel.`)
    r"restaurante|ristorante|trattoria|pizzeria|brasserie|bistro|garage|"
    r"werkstatt|autohaus|taller|dentist|pharmacy|apotheke|farmacia|pharmacie|"
    r"salon|friseur|coiffeur|peluquería|rathaus|mairie|ayuntamiento|municipio|"
    r"clínica|clinica|clinique|klinik|kliniek|dental|dentista|tandarts|"
    r"huisarts|dierenarts|tierarzt|zahnarzt|kundendienst|"
    r"bürgertelefon|bürgerservice|bürgeramt|stadtverwaltung|gemeente|comune|"
    r"city council|town council|"
    r"recepce|recepcja|recepción|recepção|resepsiyon|hotelu|hotelowa|kontor|"
    r"kontoret|sentralbord|växel|vaihde|ξενοδοχεί\w*|κεντρικό τηλέφωνο|"
    r"müşteri hizmetleri|çağrı merkezi|call cent(?:er|re)|"
    # (S11) more desks and trades: `customer care`, Polish `infolinia`,
    # Dutch `receptie`, French `réception`, bakeries, a print shop
    r"customer care|infolinia|receptie|réception|hôtel|padaria|bakkerij|"
    r"panadería|bäckerei|panetteria|drukarnia|druckerei|imprimerie|traders|"
    # Persian and Arabic: company, office, shop, restaurant
    r"شرکت|دفتر|فروشگاه|رستوران|شركة|مكتب|متجر|مطعم)"
    r"(?![^\W\d_])|代表電話|代表番号|本社|総合窓口|問い合わせ窓口|コールセンター|"
    r"客服|客户服务|服务热线|고객센터|대표번호|"
    # a German compound whose last word is a practice or a workshop
    # (`Zahnarztpraxis`, `Kfz-Werkstatt`)
    r"(?i:[^\W\d_]{3,}-?(?:praxis|werkstatt))(?![^\W\d_])"
)
# (S11) A desk that answers the public: its number is the business's, a
# mobile as much as a landline (`Sai Traders customer care: +91 74104 …`).
# Brazil's `SAC` (customer service), in capitals.
SERVICE_DESK_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:customer (?:care|service|support)|hotline|infolinia|"
    r"call cent(?:er|re)|help ?desk|service ?desk|kundenservice|kundendienst|"
    r"klantenservice|service client|atención al cliente|servicio al cliente|"
    r"müşteri hizmetleri|(?-i:SAC))(?![^\W\d_])|客服|고객센터"
)
OWN_NUMBER_CJK_RE = re.compile(r"我的|我|私の|僕の|내|제|手机|携帯|휴대폰")
PERSONAL_LINE_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:mobile|mob|cell|handy|móvil|celular|cellulare|"
    r"portable|mobil|privat\w*|private|personal|home|direct|mein\w*|mijn|meu|"
    r"minha|(?-i:[Mm]y|[Mm]i|[Mm]on|[Hh]is|[Hh]er))(?![^\W\d_])"
)
NOT_PERSONAL_TYPES = frozenset(
    (
        phonenumbers.PhoneNumberType.FIXED_LINE,
        phonenumbers.PhoneNumberType.FIXED_LINE_OR_MOBILE,
    )
)


# Opening hours after a number (S6): days, then hours (`lun–ven 8–17`,
# `Mon-Fri 9:00-17:30`, `Mo–Fr 8–16 Uhr`): a desk that opens and closes.
OPENING_HOURS_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:mon|mo|lun|ma|seg|pon|lu|må|ma)\w{0,6}\.?\s*[–—-]\s*"
    r"(?:fri|fr|ven|vr|vie|sex|pt|pia|fre|ve|sa|sat|sam|sáb|sab|zo|sun|dom|so)\w{0,6}"
    r"\.?,?\s*\d{1,2}(?:[:.h]\d\d)?\s*(?:h|uhr|am|pm)?\s*[–—-]\s*\d{1,2}"
)


# (S15) A number called free of charge: the caller pays nothing because a
# business pays for the line (`toll-free 1-800-…`, `freephone 0800 …`,
# `numéro vert`, `フリーダイヤル 0120-…`); no person has one.
TOLL_FREE_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:toll[- ]?free|free ?phone|numéro vert|numero verde|"
    r"número gratuito|linha gratuita|línea gratuita|gebührenfrei\w*|"
    r"kostenlose?n? (?:hotline|rufnummer|servicenummer)|gratisnummer|"
    r"ücretsiz (?:hat|numara)|bezpłatn\w* (?:infolini\w*|numer\w*))(?![^\W\d_])"
    r"|フリーダイヤル|フリーコール|免费电话|免付費電話|수신자\s?부담"
)


def _business_line(text: str, finding: PiiFinding) -> bool:
    """Tell a business's landline (a legal form or a business word near it)."""
    line_start = text.rfind("\n", 0, finding.start) + 1
    line = line_around(text, finding.start, finding.end)
    if TOLL_FREE_RE.search(line):
        return True
    if not (
        personal_details.LEGAL_FORM_RE.search(line) or BUSINESS_LINE_RE.search(line)
    ):
        return False
    if PERSONAL_LINE_RE.search(
        text, max(line_start, finding.start - 30), finding.start
    ):
        return False
    if OPENING_HOURS_RE.search(text, finding.end, finding.end + 40):
        return True  # (S6) `centralino …: 075 976 2350 (lun–ven 8–17)`: it opens
    if SERVICE_DESK_RE.search(line) and not OWN_NUMBER_CJK_RE.search(
        text, max(line_start, finding.start - 30), finding.start
    ):
        return True  # (S11) not `客服说我的手机号 …`: the desk speaks of mine
    value = finding.normalized or finding.value
    types = set()
    # A national number's region is unknown: a landline in every plan where
    # it is valid (`02 4570 1000` is Milan's, and a mobile nowhere).
    for region in (None,) if value.startswith("+") else PHONE_REGIONS:
        try:
            number = phonenumbers.parse(value, region)
        except phonenumbers.NumberParseException:
            continue
        if phonenumbers.is_valid_number(number):
            types.add(phonenumbers.number_type(number))
    return bool(types) and types <= NOT_PERSONAL_TYPES


# (S9) A payment's structured reference: Belgium's `+++123/4567/89012+++`
# (ten digits, then their remainder by 97, 97 for none) and a label naming
# an e-invoice's routing id (Germany's Leitweg-ID). A bank's transfer reads
# them; they name an invoice, not a person, and are no phone.
BE_STRUCTURED_REF_RE = re.compile(
    r"(?<![\d/])(?:[+*]{3})?(?P<ref>\d{3}/\d{4}/\d{5})(?:[+*]{3})?(?![\d/])"
)
PAYMENT_REF_LABEL_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:leitweg-?id|structured communication|communication "
    r"structurée|gestructureerde mededeling|(?-i:OGM|VCS))(?![^\W\d_])"
    r"[^\n]{0,40}?[:\s]$"
)


def _payment_reference(text: str, finding: PiiFinding) -> bool:
    """Tell a phone-shaped number that is a payment's structured reference."""
    for match in BE_STRUCTURED_REF_RE.finditer(
        text, max(0, finding.start - 20), finding.end + 20
    ):
        digits = match.group("ref").replace("/", "")
        if (
            match.start() <= finding.start
            and finding.end <= match.end()
            and (int(digits[:10]) % 97 or 97) == int(digits[10:])
        ):
            return True
    line_start = text.rfind("\n", 0, finding.start) + 1
    label = PAYMENT_REF_LABEL_RE.search(
        text, max(line_start, finding.start - 60), finding.start
    )
    return bool(label) and not _has_context(text, finding.start, PHONE_CONTEXT)


# (S11) The rest of a number hidden (`+49 151 ****5823`): what is shown is
# the network's prefix, no one's number.
MASKED_AFTER_RE = re.compile(r"[ \t.-]?[*•●∗×#xX]{2,}")


def _find_pii_in(text: str) -> list[PiiFinding]:
    findings = list(_emails(text))
    if findings and _may_match(PUBLISHED_EXAMPLE_RE, _lower(text)):
        # (S15) an address in a line that quotes a vendor's published example
        # (`otpauth://totp/Example:alice@google.com?secret=JBSWY3DPEHPK3PXP…
        # (the RFC example)`) is the docs' own, like the key beside it
        findings = [f for f in findings if not _quotes_published_example(text, f)]
    digits = sum(c.isdigit() for c in text)
    findings += [
        PiiFinding(*f) for f in personal_details.find_personal_details(text, digits)
    ]
    if digits:
        findings += list(_passports(text))
        findings += list(_driving_licences(text))
    if digits >= 12:
        findings += [
            f
            for f in _bank_accounts(text)
            if not _is_documented_example(text, f)
            # (S13) a company's account on an invoice: `Bluewater Analytics
            # Ltd, sort code 20-56-46, account 02969644`
            and not person_facts.BUSINESS_RE.search(line_around(text, f.start))
        ]
    if digits >= 7:
        findings += [f for f in _named_ids(text) if not _is_documented_example(text, f)]
    # an Indian PAN has four digits; a Dutch document number one (S5)
    if digits >= 4 or (digits and "kaart" in text.lower()):
        findings += [
            f
            for f in _national_ids(text, digits)
            if not _is_documented_example(text, f)
        ]
    if digits >= 6:
        findings += [f for f in _ibans(text) if not _company_iban(text, f)]
        findings += list(_cards(text))
    if digits >= 7:
        findings += [
            f
            for f in _phones(text)
            if not _business_line(text, f) and not MASKED_AFTER_RE.match(text, f.end)
        ]
    if digits >= 7 and ("/" in text or "eitweg" in text or "VCS" in text):
        findings = [
            f
            for f in findings
            if f.kind not in (PHONE, NATIONAL_ID) or not _payment_reference(text, f)
        ]
    kept: list[PiiFinding] = []
    for finding in sorted(
        findings, key=lambda f: (PRIORITY[f.kind], f.start - f.end, f.start)
    ):
        if all(finding.end <= k.start or finding.start >= k.end for k in kept):
            kept.append(finding)
    return sorted((f for f in kept if f.kind != EXAMPLE), key=lambda f: f.start)


def find_pii(text: str) -> list[PiiFinding]:
    """Return the personal data in `text` that is not redacted yet, in order.

    Text between redaction tokens is scanned piece by piece, so a token and
    its neighbours never combine into a match.
    """
    return list(_find_pii_cached(text))


# A submitted write's texts are scanned by the sensitivity gate, then again by
# the redaction as it is stored: the second scan is answered from here. Few
# entries (texts are up to MGC_MAX_CONTENT_BYTES each); findings are frozen.
@lru_cache(maxsize=64)
def _find_pii_cached(text: str) -> tuple[PiiFinding, ...]:
    findings: list[PiiFinding] = []
    offset = 0
    for token in [*REDACTION_TOKEN_RE.finditer(text), None]:
        end = token.start() if token else len(text)
        for f in _find_pii_in_piece(text[offset:end]):
            findings.append(
                PiiFinding(
                    f.kind, f.start + offset, f.end + offset, f.value, f.normalized
                )
            )
        offset = token.end() if token else end
    return tuple(findings)


def _find_pii_in_piece(text: str) -> list[PiiFinding]:
    """`_find_pii_in`, with contact data percent-escaped too."""
    findings = _find_pii_in(text)
    if "%" in text and PERCENT_ESCAPE_RE.search(text):
        findings = _with_escaped_contacts(text, findings)
    return findings


# An address or a number in a URL's query or a form body, percent-escaped as
# a request log shows it (`email=chiara75%40virgilio.it`, `tel=%2B4915…`).
PERCENT_ESCAPE_RE = re.compile(r"%(40|2[Bb])")


def _with_escaped_contacts(text: str, found: list[PiiFinding]) -> list[PiiFinding]:
    """Add the e-mail addresses and phone numbers `text` holds percent-escaped.

    The text is scanned with `%40` and `%2B` read as `@` and `+`; a finding
    that spans an escape is mapped back to the escaped text, unless a
    finding already covers it.
    """
    pieces, starts, ends, position = [], [], [], 0
    for escape in PERCENT_ESCAPE_RE.finditer(text):
        plain = text[position : escape.start()]
        pieces += [plain, chr(int(escape.group(1), 16))]
        starts += [*range(position, escape.start()), escape.start()]
        ends += [*range(position + 1, escape.start() + 1), escape.end()]
        position = escape.end()
    pieces.append(text[position:])
    starts += range(position, len(text))
    ends += range(position + 1, len(text) + 1)
    decoded = "".join(pieces)
    added = []
    for f in _find_pii_in(decoded):
        start, end = starts[f.start], ends[f.end - 1]
        if f.kind not in (EMAIL, PHONE) or end - start == f.end - f.start:
            continue  # not contact data, or no escape inside: the scan above saw it
        if any(g.start < end and g.end > start for g in found):
            continue
        added.append(PiiFinding(f.kind, start, end, text[start:end], f.normalized))
    return sorted([*found, *added], key=lambda f: (f.start, f.end))


def find_redaction_tokens(text: str) -> list[str]:
    """Return the kinds of the redaction tokens in `text`, one per token."""
    return [m.group(1) for m in REDACTION_TOKEN_RE.finditer(text)]


# Memory poisoning (001).

POISONING_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(pattern, re.IGNORECASE | re.MULTILINE))
    for name, pattern in (
        (
            "ignore_instructions",
            r"\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+|"
            r"the\s+|your\s+|of\s+|these\s+|those\s+)*(?:previous|prior|above|"
            r"earlier|preceding|original|existing|system|safety)\s+(?:instructions?"
            r"|prompts?|rules|directions|directives|guidelines|context|messages?)",
        ),
        (
            "system_prompt_override",
            r"\b(?:disregard|ignore|reveal|print|show|repeat|leak|override|bypass)"
            r"\s+(?:the\s+|your\s+|my\s+)?(?:system|hidden|initial)\s+"
            r"(?:prompt|message|instructions?)",
        ),
        (
            "role_override",
            r"\byou\s+are\s+now\b|\bfrom\s+now\s+on,?\s+you\s+(?:are|will|must|"
            r"should|shall)\b|\bnew\s+(?:system\s+)?instructions?\s*:|"
            r"\bpretend\s+(?:to\s+be|you\s+are)\b|\bact\s+as\s+(?:an?\s+)?"
            r"(?:unrestricted|unfiltered|jailbroken|DAN)\b|\bdeveloper\s+mode\b",
        ),
        (
            "system_prompt_marker",
            r"<\|(?:im_start|im_end|system|endoftext|start_header_id)\|>|"
            # `### Instructions:` is an ordinary heading; the singular is the
            # Alpaca prompt format.
            r"\[/?INST\]|<<\s*/?SYS\s*>>|"
            r"^\s*#{1,4}\s*(?:system|instruction|response)\s*:|</?system>",
        ),
        (
            "tool_call_syntax",
            r"</?tool_call>|</?function_calls?>|<invoke\b|\"?function_call\"?\s*[:=(]"
            r"|\bfunction_call\b|\"tool_calls?\"\s*:|"
            r"\{\s*\"name\"\s*:\s*\"[^\"]*\"\s*,\s*\"(?:arguments|parameters)\"\s*:",
        ),
    )
)


def find_poisoning(text: str) -> list[str]:
    """Return the names of the poisoning patterns found in `text`."""
    lower = _lower(text)
    return [
        name
        for name, pattern in POISONING_PATTERNS
        if _may_match(pattern, lower) and pattern.search(text)
    ]
