"""The platform operator's pages: every tenant, onboarding one, suspending one.

Only Django superusers see them; anyone else signed in gets the same 404 as
for a page that does not exist. A new tenant's first admin gets a one-time
password, rendered on the response to the post that made it and never
again. Suspension and its lifting redirect back with a message (htmx follows
and swaps the page's partial); invalid input re-renders the form.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.views.decorators.http import require_POST

from approvals.platform_forms import SuspendForm, TenantCreateForm, UnsuspendForm
from approvals.views.admin import done, never_cached
from memory_core.access import password_change_redirect
from memory_core.exceptions import Invalid, NotFound
from memory_core.htmx import render_page
from memory_core.models import Tenant
from memory_core.policy import policy_for
from memory_core.services.accounts import password_change_pending
from memory_core.services.platform import (
    Onboarding,
    operator_actor,
    platform_tenant_get,
    platform_tenant_list,
    tenant_onboard,
    tenant_suspend,
    tenant_unsuspend,
)

PAGE_SIZE = 50


def operator_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Guard a platform page: signed in, a superuser (else 404), own password."""

    @login_required
    @functools.wraps(view)
    def wrapper(request: HttpRequest, **kwargs: Any) -> HttpResponse:
        if not request.user.is_superuser:
            raise Http404("No such page.")
        if password_change_pending(request.user):
            return password_change_redirect(request)
        return view(request, **kwargs)

    return wrapper


def tenant_for_operator(slug: str) -> Tenant:
    try:
        return platform_tenant_get(slug=slug)
    except NotFound:
        raise Http404("No such tenant.") from None


# The tenants


def tenants_page(
    request: HttpRequest,
    *,
    create_form: TenantCreateForm | None = None,
    onboarded: Onboarding | None = None,
) -> HttpResponse:
    """Render the tenant list (or its partial), with the form or a new password."""
    page = Paginator(platform_tenant_list(), PAGE_SIZE)
    return render_page(
        request,
        "approvals/platform_tenants.html",
        "tenants",
        {
            "page_obj": page.get_page(request.GET.get("page")),
            "create_form": create_form or TenantCreateForm(),
            "onboarded": onboarded,
        },
    )


@operator_required
def platform_tenants(request: HttpRequest) -> HttpResponse:
    """List every tenant with its head counts, and onboard more."""
    return tenants_page(request)


@operator_required
@require_POST
def platform_tenant_create(request: HttpRequest) -> HttpResponse:
    """Onboard a tenant; its admin's one-time password is shown on this response."""
    form = TenantCreateForm(request.POST)
    if not form.is_valid():
        return tenants_page(request, create_form=form)
    try:
        onboarded = tenant_onboard(
            **form.cleaned_data, actor=operator_actor(request.user)
        )
    except Invalid as error:
        form.add_error(None, error.message)
        return tenants_page(request, create_form=form)
    return never_cached(tenants_page(request, onboarded=onboarded))


# One tenant


def tenant_page(
    request: HttpRequest,
    tenant: Tenant,
    *,
    suspend_form: SuspendForm | None = None,
    error: str = "",
) -> HttpResponse:
    """Render a tenant's page (or its partial), with the suspension form."""
    return render_page(
        request,
        "approvals/platform_tenant_detail.html",
        "detail",
        {
            "tenant": tenant,
            "region": policy_for(tenant).storage_region,
            "suspend_form": suspend_form or SuspendForm(),
            "error": error,
        },
    )


@operator_required
def platform_tenant_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """Show one tenant: counts, region, suspension and what can be done."""
    return tenant_page(request, tenant_for_operator(slug))


@operator_required
@require_POST
def platform_tenant_suspend(request: HttpRequest, slug: str) -> HttpResponse:
    """Suspend a tenant, with a reason its members are shown."""
    tenant = tenant_for_operator(slug)
    form = SuspendForm(request.POST)
    if not form.is_valid():
        return tenant_page(request, tenant, suspend_form=form)
    try:
        tenant_suspend(
            tenant=tenant,
            reason=form.cleaned_data["reason"],
            actor=operator_actor(request.user),
        )
    except Invalid as error:
        return tenant_page(request, tenant, error=error.message)
    message = f"{tenant.name} is suspended: its agents and members are refused."
    return done(request, message, reverse("platform_tenant_detail", args=[slug]))


@operator_required
@require_POST
def platform_tenant_unsuspend(request: HttpRequest, slug: str) -> HttpResponse:
    """Lift a tenant's suspension."""
    tenant = tenant_for_operator(slug)
    form = UnsuspendForm(request.POST)
    reason = form.cleaned_data["reason"] if form.is_valid() else ""
    try:
        tenant_unsuspend(
            tenant=tenant, reason=reason, actor=operator_actor(request.user)
        )
    except Invalid as error:
        return tenant_page(request, tenant, error=error.message)
    message = f"{tenant.name} is active again: its agents and members are let in."
    return done(request, message, reverse("platform_tenant_detail", args=[slug]))
