"""A curator's edit of a draft, called directly: the text is checked like a
write's, redacted and embedded, then the draft approved with it (the review
page's edit form is tested in tests/approvals/test_review_*.py).
"""

# ruff: noqa: F811 - the fixtures imported below are arguments of the tests

from __future__ import annotations

import pytest

from audit.models import AuditEvent
from memory_core.exceptions import Invalid
from memory_core.models import MemoryVersion, WriteStatus
from memory_core.services.review_edits import (
    draft_edit_prepare,
    write_review_edit_and_approve,
)
from tests.approvals.test_review_queue_views import stage
from tests.memory_core.services.test_curation import (  # noqa: F401
    agent,
    curator,
)

USER_SCOPE = "/org/acme/user/42/"


@pytest.mark.parametrize(
    ("content", "code"),
    [(" ", "content_required"), ("Key: AKIAIOSFODNN7EXAMPLE", "secret_detected")],
)
def test_an_empty_text_or_a_secret_is_refused(tenant, content, code):
    with pytest.raises(Invalid) as error:
        draft_edit_prepare(tenant_id=tenant.id, scope_path=USER_SCOPE, content=content)
    assert error.value.code == code


def test_personal_data_is_redacted_and_the_text_embedded(tenant):
    edit = draft_edit_prepare(
        tenant_id=tenant.id,
        scope_path=USER_SCOPE,
        content="Write to jane.doe@example.com about the refund.",
    )
    assert edit.pii and "jane.doe@example.com" not in edit.content
    assert len(edit.vector) == 384


def test_the_edited_draft_is_approved_and_the_edit_audited(tenant, agent, curator):
    write = stage(agent, "The user's parcel goes to the back door.")
    decided = write_review_edit_and_approve(
        tenant=tenant,
        write_id=write.pk,
        user=curator,
        content="The user's parcel goes to the side door.",
    )
    assert decided.status == WriteStatus.COMMITTED
    version = MemoryVersion.objects.get(pk=write.version_id)
    assert version.content == "The user's parcel goes to the side door."
    assert version.status == "active"
    event = AuditEvent.objects.get(tenant_id=tenant.id, action="memory.edit")
    assert event.metadata["write_id"] == str(write.pk)
    assert "parcel" not in str(event.metadata)
