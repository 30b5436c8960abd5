"""The current and previous keys of each purpose (docs/key-rotation.md).

Everything written is encrypted, digested or signed under the current key
(`MGC_REDACTION_KEY`, `MGC_PROVENANCE_KEY`). During a rotation the old keys
stay in `MGC_REDACTION_KEY_PREVIOUS` and `MGC_PROVENANCE_KEY_PREVIOUS`, and
every read accepts them too: decryption, digest lookups and signature checks
try the current key first, then each previous key, until
`manage.py rotate_keys` has moved every stored row to the current key.
"""

from __future__ import annotations

from django.conf import settings


def redaction_keys() -> list[str]:
    """Return the redaction keys: the current one first, then the previous ones."""
    return list(
        dict.fromkeys(
            [settings.MGC_REDACTION_KEY, *settings.MGC_REDACTION_KEY_PREVIOUS]
        )
    )


def provenance_keys() -> list[bytes]:
    """Return the provenance keys: the current one first, then the previous ones."""
    keys = [settings.MGC_PROVENANCE_KEY, *settings.MGC_PROVENANCE_KEY_PREVIOUS]
    return [key.encode() for key in dict.fromkeys(keys)]
