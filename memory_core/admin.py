"""Django's /admin/ for platform operators: every tenant's records, read-only.

Changes go through the services (the console, /platform/, the management
commands), which check who may act and write the audit trail in the same
transaction; so here nothing can be added, changed or deleted, and only
superusers may look. No memory content, token hashes or write payloads are
shown: ids, states and counts are enough to find one's way.
"""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth.models import Group, User
from django.db.models import Count, Q
from django.http import HttpRequest

from memory_core.models import Agent, Membership, Scope, Tenant, WriteRequest

admin.site.site_header = "Memory Governance Console · operators"
admin.site.site_title = "MGC operators"
admin.site.index_title = "Records, read-only"


class ReadOnlyModelAdmin(admin.ModelAdmin):
    """A ModelAdmin that lets superusers look and nobody change anything."""

    actions = None

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


@admin.register(Tenant)
class TenantAdmin(ReadOnlyModelAdmin):
    list_display = ("slug", "name", "created_at", "suspended_at")
    list_filter = (("suspended_at", admin.EmptyFieldListFilter), "created_at")
    search_fields = ("slug", "name")
    fields = (
        "id",
        "slug",
        "name",
        "policy",
        "created_at",
        "suspended_at",
        "suspension_reason",
    )
    date_hierarchy = "created_at"


@admin.register(Scope)
class ScopeAdmin(ReadOnlyModelAdmin):
    list_display = ("path", "tenant", "kind", "created_at", "archived_at")
    list_filter = ("kind", ("archived_at", admin.EmptyFieldListFilter), "tenant")
    search_fields = ("path", "name", "tenant__slug")
    list_select_related = ("tenant",)
    fields = (
        "id",
        "tenant",
        "path",
        "kind",
        "name",
        "parent",
        "created_by_agent",
        "created_at",
        "archived_at",
    )


@admin.register(Agent)
class AgentAdmin(ReadOnlyModelAdmin):
    """Agents without their tokens: only the count of live ones."""

    list_display = (
        "name",
        "tenant",
        "role",
        "is_active",
        "writes_suspended_at",
        "live_tokens",
        "created_at",
    )
    list_filter = ("role", "is_active", "tenant")
    search_fields = ("name", "tenant__slug")
    list_select_related = ("tenant",)
    fields = (
        "id",
        "tenant",
        "name",
        "role",
        "allowed_scopes",
        "allowed_layers",
        "domain_tags",
        "reputation",
        "human_decisions",
        "is_active",
        "writes_suspended_at",
        "suspension_reason",
        "created_at",
    )

    def get_queryset(self, request: HttpRequest):
        return (
            super()
            .get_queryset(request)
            .annotate(
                live_token_count=Count(
                    "tokens", filter=Q(tokens__revoked_at__isnull=True)
                )
            )
        )

    @admin.display(description="Live tokens", ordering="live_token_count")
    def live_tokens(self, agent: Agent) -> int:
        return agent.live_token_count


@admin.register(Membership)
class MembershipAdmin(ReadOnlyModelAdmin):
    list_display = ("user", "tenant", "role", "created_at")
    list_filter = ("role", "tenant")
    search_fields = ("user__username", "tenant__slug")
    list_select_related = ("user", "tenant")
    fields = ("tenant", "user", "role", "created_at")


@admin.register(WriteRequest)
class WriteRequestAdmin(ReadOnlyModelAdmin):
    """Writes by id and outcome; the payload (content, even redacted) stays out."""

    list_display = (
        "id",
        "tenant",
        "agent",
        "layer",
        "status",
        "gate",
        "code",
        "created_at",
    )
    list_filter = ("status", "layer", "tier", "tenant")
    search_fields = ("=id", "idempotency_key", "agent__name", "tenant__slug")
    list_select_related = ("tenant", "agent")
    date_hierarchy = "created_at"
    fields = (
        "id",
        "tenant",
        "agent",
        "idempotency_key",
        "scope_path",
        "layer",
        "status",
        "gate",
        "code",
        "tier",
        "risk_score",
        "memory_item",
        "version",
        "attempts",
        "deadline",
        "review_deadline",
        "decided_by",
        "decided_at",
        "created_at",
        "started_at",
        "finished_at",
    )


# People are managed where it is audited: members on Admin → Members, first
# admins by `tenant_create` or /platform/, operators by `createsuperuser`.
# Django's own User and Group pages would change them unaudited.
admin.site.unregister(Group)
admin.site.unregister(User)


@admin.register(User)
class UserAdmin(ReadOnlyModelAdmin):
    list_display = ("username", "email", "is_active", "is_superuser", "last_login")
    list_filter = ("is_active", "is_superuser")
    search_fields = ("username", "email")
    fields = ("username", "email", "is_active", "is_superuser", "last_login")
