"""The audit trail in Django's /admin/: superusers read it; nobody changes it.

The trail is insert-only (the model and a database trigger refuse the
rest); the admin offers no add, change or delete either.
"""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from audit.models import AuditEvent


@admin.register(AuditEvent)
class AuditEventAdmin(admin.ModelAdmin):
    list_display = (
        "created_at",
        "tenant_id",
        "seq",
        "actor_type",
        "actor_label",
        "action",
        "object_type",
        "object_id",
    )
    list_filter = ("actor_type", "action", "object_type")
    search_fields = ("=tenant_id", "action", "=object_id", "actor_label")
    date_hierarchy = "created_at"
    ordering = ("-created_at", "-seq")
    actions = None
    fields = (
        "tenant_id",
        "seq",
        "created_at",
        "actor_type",
        "actor_id",
        "actor_label",
        "action",
        "object_type",
        "object_id",
        "reason",
        "metadata",
        "prev_hash",
        "hash",
        "key_id",
    )

    def has_module_permission(self, request: HttpRequest) -> bool:
        return request.user.is_active and request.user.is_superuser

    def has_view_permission(self, request: HttpRequest, obj=None) -> bool:
        return request.user.is_active and request.user.is_superuser

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False
