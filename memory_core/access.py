"""Tenant-scoped lookups for the console: not found for missing and not-yours alike.

A page under `/t/<slug>/` exists only for the tenant's members; anyone else
gets the same 404 as for a tenant that does not exist, never a 403, so the
console does not reveal which tenants and objects exist. A member who still
has a one-time password is sent to change it first; the members of a
suspended tenant see why they cannot go in.
"""

from __future__ import annotations

import functools
import uuid
from collections.abc import Callable

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Exists, OuterRef, QuerySet
from django.db.models.expressions import RawSQL
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django_htmx.http import HttpResponseClientRedirect

from memory_core.models import (
    Membership,
    MemoryItem,
    PasswordChangeRequired,
    Tenant,
    WriteRequest,
)
from memory_core.rls import tenant_activate_for_slug
from memory_core.selectors import memory_item_get, write_request_get


def tenant_for_member(
    user: AbstractBaseUser | AnonymousUser, slug: str
) -> tuple[Tenant, Membership]:
    """Return the tenant named `slug` and the user's membership in it, or 404."""
    membership = None
    if user.is_authenticated:
        # The rest of the request acts for this tenant only (memory_core/rls.py);
        # the membership is visible only if it is in it.
        tenant_activate_for_slug(slug)
        membership = (
            Membership.objects.select_related("tenant")
            .filter(user=user, tenant__slug=slug)
            # In the same query: every tenant page asks.
            .annotate(
                must_change_password=Exists(
                    PasswordChangeRequired.objects.filter(user=OuterRef("user"))
                )
            )
            .first()
        )
    if membership is None:
        raise Http404("No such tenant.")
    return membership.tenant, membership


def member_tenants(user: AbstractBaseUser) -> QuerySet[Tenant]:
    """Return the tenants the user belongs to, by name.

    Whatever tenant the session acts for: the memberships come from
    `mgc_member_tenant_ids`, which sees across tenants for this one answer
    (migration memory_core 0010), in the same query.
    """
    return Tenant.objects.filter(
        id__in=RawSQL("SELECT mgc_member_tenant_ids(%s)", [user.pk])
    ).order_by("name", "slug")


def memory_item_for_member(*, tenant: Tenant, item_id: uuid.UUID | str) -> MemoryItem:
    """Return the tenant's memory item, or 404 if it is missing or another tenant's."""
    item = memory_item_get(tenant=tenant, item_id=item_id)
    if item is None:
        raise Http404("No such memory.")
    return item


def write_for_member(*, tenant: Tenant, write_id: uuid.UUID | str) -> WriteRequest:
    """Return the tenant's write, or 404 if it is missing or another tenant's."""
    write = write_request_get(tenant=tenant, write_id=write_id)
    if write is None:
        raise Http404("No such write.")
    return write


def member_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Guard a `/t/<slug>/…` view: log in, be a member, get `tenant` instead of `slug`.

    The tenant and membership are also kept on the request, for the layout's
    tenant switcher and navigation (see `context_processors.tenancy`).
    """

    @login_required
    @functools.wraps(view)
    def wrapper(request: HttpRequest, slug: str, **kwargs) -> HttpResponse:
        tenant, membership = tenant_for_member(request.user, slug)
        if membership.must_change_password:
            return password_change_redirect(request)
        if tenant.is_suspended:
            return tenant_suspended(request, tenant)
        request.tenant, request.membership = tenant, membership
        return view(request, tenant=tenant, **kwargs)

    return wrapper


def password_change_redirect(request: HttpRequest) -> HttpResponse:
    """Send the user to set their own password, then back to where they were."""
    url = f"{reverse('password_change')}?{urlencode({'next': request.get_full_path()})}"
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


def tenant_suspended(request: HttpRequest, tenant: Tenant) -> HttpResponse:
    """Render "this organisation is suspended"; an htmx request reloads to show it."""
    others = member_tenants(request.user).filter(suspended_at__isnull=True)
    response = render(
        request,
        "memory_core/tenant_suspended.html",
        {"suspended_tenant": tenant, "other_tenants": others},
        status=403,
    )
    if request.htmx:
        response["HX-Refresh"] = "true"
    return response
