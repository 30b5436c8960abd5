"""Admin → Scopes: the scope tree with what each scope holds; create, rename, archive.

Same rules as the other admin pages (`approvals/views/admin.py`): 404 for
non-members, the "admins only" page for other roles, and the services check
the role again. The list is paginated and filtered by path prefix, so a
tenant with a hundred thousand user scopes stays usable; each page's counts
come from three aggregate queries, whatever its length.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_POST

from approvals.admin_forms import ScopeCreateForm, ScopeFilterForm, ScopeRenameForm
from approvals.views.admin import admin_required, done, first_error
from memory_core.exceptions import Invalid
from memory_core.htmx import render_page
from memory_core.models import Layer, Tenant
from memory_core.selectors import scope_rows, scope_tree
from memory_core.services import scopes as services

PAGE_SIZE = 50


def scopes_url(request: HttpRequest, tenant: Tenant) -> str:
    """Return the list's address with the filters and page the admin was on."""
    query = request.GET.urlencode()
    return reverse("admin_scopes", args=[tenant.slug]) + (f"?{query}" if query else "")


def scopes_page(
    request: HttpRequest,
    tenant: Tenant,
    *,
    create_form: ScopeCreateForm | None = None,
    error: str = "",
    blocked: dict[str, Any] | None = None,
) -> HttpResponse:
    """Render the scopes page (or its partial), with a form, an error or a refusal."""
    filters = ScopeFilterForm(request.GET)
    values = filters.cleaned_data if filters.is_valid() else {}
    prefix, state = values.get("prefix", ""), values.get("state", "")
    filters_used = {"prefix": prefix, "state": state}
    page = Paginator(scope_tree(tenant=tenant, prefix=prefix, state=state), PAGE_SIZE)
    page_obj = page.get_page(request.GET.get("page"))
    parent = request.GET.get("parent") or f"/org/{tenant.slug}/"
    return render_page(
        request,
        "approvals/admin_scopes.html",
        "scopes",
        {
            "page_obj": page_obj,
            "rows": scope_rows(tenant=tenant, scopes=page_obj.object_list),
            "layers": Layer.choices,
            "filters": filters_used,
            "query": request.GET.urlencode(),
            "filter_query": urlencode({k: v for k, v in filters_used.items() if v}),
            "root_path": f"/org/{tenant.slug}/",
            "create_form": create_form
            or ScopeCreateForm(initial={"parent": parent, "kind": "user"}),
            "error": error,
            "blocked": blocked,
        },
    )


@admin_required
def admin_scopes(request: HttpRequest, tenant: Tenant) -> HttpResponse:
    """List the scope tree with its memories and pending writes; create more."""
    return scopes_page(request, tenant)


@admin_required
@require_POST
def admin_scope_create(request: HttpRequest, tenant: Tenant) -> HttpResponse:
    """Create a scope, then show it."""
    form = ScopeCreateForm(request.POST)
    if not form.is_valid():
        return scopes_page(request, tenant, create_form=form)
    data = form.cleaned_data
    try:
        scope = services.admin_scope_create(
            tenant=tenant,
            user=request.user,
            parent_path=data["parent"],
            kind=data["kind"],
            segment=data["segment"],
            name=data["name"],
        )
    except Invalid as error:
        form.add_error(None, error.message)
        return scopes_page(request, tenant, create_form=form)
    url = reverse("admin_scopes", args=[tenant.slug])
    url += "?" + urlencode({"prefix": scope.path})
    return done(request, f"{scope.path} is created as “{scope.name}”.", url)


@admin_required
@require_POST
def admin_scope_rename(
    request: HttpRequest, tenant: Tenant, scope_id: uuid.UUID
) -> HttpResponse:
    """Change a scope's display name."""
    form = ScopeRenameForm(request.POST)
    if not form.is_valid():
        return scopes_page(request, tenant, error=first_error(form))
    try:
        scope = services.admin_scope_rename(
            tenant=tenant,
            user=request.user,
            scope_id=scope_id,
            name=form.cleaned_data["name"],
        )
    except Invalid as error:
        return scopes_page(request, tenant, error=error.message)
    message = f"{scope.path} is now called “{scope.name}”."
    return done(request, message, scopes_url(request, tenant))


@admin_required
@require_POST
def admin_scope_archive(
    request: HttpRequest, tenant: Tenant, scope_id: uuid.UUID
) -> HttpResponse:
    """Archive a scope, or show what keeps it from being archived."""
    try:
        scope = services.admin_scope_archive(
            tenant=tenant, user=request.user, scope_id=scope_id
        )
    except Invalid as error:
        return scopes_page(
            request, tenant, blocked={"message": error.message, **(error.details or {})}
        )
    message = f"{scope.path} is archived: it and the scopes below it take no writes."
    return done(request, message, scopes_url(request, tenant))


@admin_required
@require_POST
def admin_scope_unarchive(
    request: HttpRequest, tenant: Tenant, scope_id: uuid.UUID
) -> HttpResponse:
    """Let an archived scope take writes again."""
    try:
        scope = services.admin_scope_unarchive(
            tenant=tenant, user=request.user, scope_id=scope_id
        )
    except Invalid as error:
        return scopes_page(request, tenant, error=error.message)
    return done(
        request, f"{scope.path} takes writes again.", scopes_url(request, tenant)
    )
