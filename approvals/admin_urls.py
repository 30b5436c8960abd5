"""URLs of the admin screens, mounted under /t/<slug>/admin/ by approvals/urls.py."""

from django.urls import path

from approvals.views import admin as views
from approvals.views import admin_scopes as scopes

urlpatterns = [
    path("members/", views.admin_members, name="admin_members"),
    path("members/invite/", views.admin_member_invite, name="admin_member_invite"),
    path(
        "members/<int:membership_id>/role/",
        views.admin_member_role,
        name="admin_member_role",
    ),
    path(
        "members/<int:membership_id>/remove/",
        views.admin_member_remove,
        name="admin_member_remove",
    ),
    path("agents/", views.admin_agents, name="admin_agents"),
    path("agents/new/", views.admin_agent_register, name="admin_agent_register"),
    path(
        "agents/<uuid:agent_id>/", views.admin_agent_detail, name="admin_agent_detail"
    ),
    path(
        "agents/<uuid:agent_id>/access/",
        views.admin_agent_update,
        name="admin_agent_update",
    ),
    *(
        path(
            f"agents/<uuid:agent_id>/{action}/",
            views.admin_agent_status,
            {"action": action},
            name=f"admin_agent_{action}",
        )
        for action in views.STATUS_ACTIONS
    ),
    path(
        "agents/<uuid:agent_id>/tokens/",
        views.admin_token_issue,
        name="admin_token_issue",
    ),
    path(
        "agents/<uuid:agent_id>/tokens/<int:token_id>/revoke/",
        views.admin_token_revoke,
        name="admin_token_revoke",
    ),
    path("policy/", views.admin_policy, name="admin_policy"),
    path("scopes/", scopes.admin_scopes, name="admin_scopes"),
    path("scopes/new/", scopes.admin_scope_create, name="admin_scope_create"),
    *(
        path(
            f"scopes/<uuid:scope_id>/{action}/",
            getattr(scopes, f"admin_scope_{action}"),
            name=f"admin_scope_{action}",
        )
        for action in ("rename", "archive", "unarchive")
    ),
]
