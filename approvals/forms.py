"""Forms of the curation screens: they parse and check input, services decide.

Every action that changes a memory carries a reason; the services check it
too, so a request that skips the form is refused the same way.
"""

from __future__ import annotations

from django import forms

from memory_core.models import Layer
from memory_core.services.conflicts import RESOLUTIONS
from memory_core.services.curation import MAX_NOTE_CHARS, MAX_REASON_CHARS

REASON_REQUIRED = "Give a reason: it is kept in the audit trail."


class ReasonForm(forms.Form):
    reason = forms.CharField(
        max_length=MAX_REASON_CHARS,
        error_messages={"required": REASON_REQUIRED},
    )

    def first_error(self) -> str:
        """Return the first error message, for the page's one-line callout."""
        for errors in self.errors.values():
            return errors[0]
        return ""


class RollbackForm(ReasonForm):
    version = forms.UUIDField(
        error_messages={"required": "Say which version to roll back."}
    )
    # Empty: the head's predecessor.
    to_version = forms.UUIDField(
        required=False,
        error_messages={"invalid": "Choose one of the earlier versions."},
    )


class ReclassifyForm(ReasonForm):
    layer = forms.ChoiceField(
        choices=Layer.choices,
        error_messages={"invalid_choice": "Choose one of the four layers."},
    )


class PromoteForm(ReasonForm):
    # A path, not a choice: the service explains why a scope is not a target.
    scope = forms.CharField(
        max_length=500, error_messages={"required": "Choose the scope to promote to."}
    )


class AnnotateForm(ReasonForm):
    reason = None
    text = forms.CharField(
        max_length=MAX_NOTE_CHARS, error_messages={"required": "Write the note."}
    )


class ConflictResolveForm(ReasonForm):
    resolution = forms.ChoiceField(
        choices=[(r, r.replace("_", " ")) for r in RESOLUTIONS],
        error_messages={
            "required": "Choose how to resolve the case.",
            "invalid_choice": "Choose keep new, keep existing, keep both or merge.",
        },
    )
    merged_content = forms.CharField(required=False, strip=True)

    def clean(self) -> dict:
        data = super().clean()
        if data.get("resolution") == "merge" and not data.get("merged_content"):
            self.add_error("merged_content", "Write the merged content.")
        return data


class AsOfForm(forms.Form):
    """The as-of view's picker: a moment, and optionally a scope and a layer."""

    at = forms.DateTimeField(
        required=False,
        error_messages={"invalid": "Enter a date and time, e.g. 2026-11-21T10:00."},
    )
    scope = forms.CharField(required=False, max_length=500)
    memory = forms.UUIDField(required=False)
    layer = forms.ChoiceField(required=False, choices=[("", "Any"), *Layer.choices])
    inherit = forms.BooleanField(required=False)


CONFIRM_REQUIRED = "Type the request id (its first 8 characters will do) to confirm."
CONFIRM_WRONG = (
    "That is not this request's id: type its first 8 characters, as shown, to confirm."
)


class ErasureExecuteForm(forms.Form):
    """The typed confirmation of an erasure: the request id, in full or short.

    The short form is the first 8 characters the page shows; case, spaces
    and a missing dash do not matter. A wrong or missing confirmation leaves
    the request as it is.
    """

    confirm = forms.CharField(
        max_length=64, strip=True, error_messages={"required": CONFIRM_REQUIRED}
    )

    def __init__(self, *args, request_id: str, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.request_id = str(request_id).lower()

    def clean_confirm(self) -> str:
        typed = "".join(self.cleaned_data["confirm"].lower().split())
        full = self.request_id
        if typed not in (full, full.replace("-", ""), full[:8]):
            raise forms.ValidationError(CONFIRM_WRONG)
        return typed

    def first_error(self) -> str:
        for errors in self.errors.values():
            return errors[0]
        return ""
