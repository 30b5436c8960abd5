"""Erasure requests in Django's /admin/, read-only: their metadata, never whom.

The identifiers are encrypted and shown nowhere; the subject is a keyed
hash. Compliance officers work the requests in the console.
"""

from __future__ import annotations

from django.contrib import admin

from approvals.models import ErasureRequest
from memory_core.admin import ReadOnlyModelAdmin


@admin.register(ErasureRequest)
class ErasureRequestAdmin(ReadOnlyModelAdmin):
    list_display = (
        "id",
        "tenant",
        "status",
        "legal_basis",
        "source",
        "created_at",
        "due_at",
        "finished_at",
    )
    list_filter = ("status", "legal_basis", "source", "tenant")
    search_fields = ("=id", "=subject_hash", "tenant__slug")
    list_select_related = ("tenant",)
    date_hierarchy = "created_at"
    fields = (
        "id",
        "tenant",
        "status",
        "legal_basis",
        "identifier_kinds",
        "subject_hash",
        "source",
        "filed_by",
        "filed_by_agent",
        "approved_by",
        "approved_at",
        "executed_by",
        "created_at",
        "due_at",
        "started_at",
        "finished_at",
        "identifiers_destroyed_at",
        "attempts",
        "counts",
        "error",
    )
