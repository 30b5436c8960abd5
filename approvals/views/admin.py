"""The tenant admin's pages: members and roles, agents and tokens, the policy.

A page is 404 for anyone who is not a member of the tenant and a friendly
403 "admins only" page for members of other roles; the administration
services check the role again, so a forged form changes nothing either.
A successful form post redirects back to its page with a message (htmx
follows the redirect and swaps the page's partial); invalid input re-renders
the form with its errors. New tokens and one-time passwords are rendered on
the response to the post that made them, never stored, never shown again.
"""

from __future__ import annotations

import functools
import uuid
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.core.exceptions import NON_FIELD_ERRORS
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.views.decorators.http import require_POST

from approvals.admin_forms import (
    AgentCreateForm,
    AgentGrantsForm,
    InviteForm,
    PolicyForm,
    ReasonForm,
    RoleForm,
    TokenIssueForm,
)
from memory_core import htmx
from memory_core.access import member_required
from memory_core.exceptions import Forbidden, Invalid, NotFound
from memory_core.htmx import render_page
from memory_core.models import Agent, Role, Tenant
from memory_core.permissions import RULES, Capability, can
from memory_core.policy import policy_for
from memory_core.services.administration import (
    admin_agent_create,
    admin_agent_get,
    admin_agent_list,
    admin_agent_resume,
    admin_agent_token_issue,
    admin_agent_token_list,
    admin_agent_token_revoke,
    admin_membership_list,
    admin_usernames,
    agent_activate,
    agent_deactivate,
    agent_update,
    member_invite,
    membership_remove,
    membership_set_role,
    tenant_policy_update,
)

PAGE_SIZE = 50
# What each status button does, and what the admin is told afterwards.
STATUS_ACTIONS: dict[str, tuple[Callable[..., Agent], str]] = {
    "deactivate": (agent_deactivate, "{} is deactivated; its tokens fail from now on."),
    "activate": (agent_activate, "{} is active again."),
    "resume": (admin_agent_resume, "{} may write again; the suspension is lifted."),
}


def admin_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Guard an admin page: members only (404), admins only (403 page)."""

    @member_required
    @functools.wraps(view)
    def wrapper(request: HttpRequest, tenant: Tenant, **kwargs: Any) -> HttpResponse:
        if not can(request.membership, Capability.ADMINISTER):
            return forbidden(request, tenant)
        try:
            return view(request, tenant=tenant, **kwargs)
        except NotFound as error:
            raise Http404(error.message) from None
        except Forbidden:
            return forbidden(request, tenant)

    return wrapper


def forbidden(request: HttpRequest, tenant: Tenant) -> HttpResponse:
    """Render the "admins only" page; an htmx request reloads to show it whole."""
    request.access_refused_reason = RULES[Capability.ADMINISTER].refusal
    return htmx.forbidden(
        request,
        f"Members, agents, tokens and the policy of {tenant.name} are managed "
        "by its admins.",
        title="Admins only",
        show_role=True,
        ask=admin_usernames(tenant=tenant),
        whole=True,
        refresh=True,
    )


def done(request: HttpRequest, message: str, url: str) -> HttpResponse:
    """Report success and go back to the page (htmx follows and swaps)."""
    messages.success(request, message)
    return redirect(url)


def first_error(form: Any) -> str:
    """Return a form's first error as one sentence for the page's notice."""
    for field, errors in form.errors.items():
        if field == NON_FIELD_ERRORS:
            return errors[0]
        return f"{field.capitalize()}: {errors[0]}"
    return ""


def never_cached(response: HttpResponse) -> HttpResponse:
    """Keep a response holding a secret out of every cache and the history."""
    add_never_cache_headers(response)
    return response


# Members


def members_page(
    request: HttpRequest,
    tenant: Tenant,
    *,
    invite_form: InviteForm | None = None,
    invited: dict[str, Any] | None = None,
    error: str = "",
) -> HttpResponse:
    """Render the members page (or its partial), with a form, a password, an error."""
    page = Paginator(admin_membership_list(tenant=tenant), PAGE_SIZE)
    return render_page(
        request,
        "approvals/admin_members.html",
        "members",
        {
            "page_obj": page.get_page(request.GET.get("page")),
            "invite_form": invite_form or InviteForm(),
            "roles": Role.choices,
            "invited": invited,
            "error": error,
        },
    )


@admin_required
def admin_members(request: HttpRequest, tenant: Tenant) -> HttpResponse:
    """List the tenant's members with their roles, and invite more."""
    return members_page(request, tenant)


@admin_required
@require_POST
def admin_member_invite(request: HttpRequest, tenant: Tenant) -> HttpResponse:
    """Add a member; a new account's one-time password is shown on this response."""
    form = InviteForm(request.POST)
    if not form.is_valid():
        return members_page(request, tenant, invite_form=form)
    try:
        membership, password = member_invite(
            tenant=tenant, user=request.user, **form.cleaned_data
        )
    except Invalid as error:
        form.add_error(None, error.message)
        return members_page(request, tenant, invite_form=form)
    if password is None:
        name = membership.user.get_username()
        return done(
            request,
            f"{name} joined as {membership.get_role_display()}.",
            reverse("admin_members", args=[tenant.slug]),
        )
    invited = {"membership": membership, "password": password}
    return never_cached(members_page(request, tenant, invited=invited))


@admin_required
@require_POST
def admin_member_role(
    request: HttpRequest, tenant: Tenant, membership_id: int
) -> HttpResponse:
    """Change a member's role."""
    form = RoleForm(request.POST)
    if not form.is_valid():
        return members_page(request, tenant, error=first_error(form))
    try:
        membership = membership_set_role(
            tenant=tenant,
            user=request.user,
            membership_id=membership_id,
            role=form.cleaned_data["role"],
        )
    except Invalid as error:
        return members_page(request, tenant, error=error.message)
    message = f"{membership.user.get_username()} is {membership.get_role_display()}."
    return done(request, message, reverse("admin_members", args=[tenant.slug]))


@admin_required
@require_POST
def admin_member_remove(
    request: HttpRequest, tenant: Tenant, membership_id: int
) -> HttpResponse:
    """Remove a member from the tenant."""
    try:
        membership = membership_remove(
            tenant=tenant, user=request.user, membership_id=membership_id
        )
    except Invalid as error:
        return members_page(request, tenant, error=error.message)
    name = membership.user.get_username()
    message = f"{name} is no longer a member of {tenant.name}."
    return done(request, message, reverse("admin_members", args=[tenant.slug]))


# Agents and tokens


def agents_page(
    request: HttpRequest, tenant: Tenant, *, create_form: AgentCreateForm | None = None
) -> HttpResponse:
    """Render the agents page (or its partial), with the registration form."""
    page = Paginator(admin_agent_list(tenant=tenant), PAGE_SIZE)
    initial = {"scopes": f"/org/{tenant.slug}/"}
    return render_page(
        request,
        "approvals/admin_agents.html",
        "agents",
        {
            "page_obj": page.get_page(request.GET.get("page")),
            "create_form": create_form or AgentCreateForm(initial=initial),
        },
    )


@admin_required
def admin_agents(request: HttpRequest, tenant: Tenant) -> HttpResponse:
    """List the tenant's agents with their tokens' state, and register more."""
    return agents_page(request, tenant)


@admin_required
@require_POST
def admin_agent_register(request: HttpRequest, tenant: Tenant) -> HttpResponse:
    """Register an agent, then go to its page to issue its first token."""
    form = AgentCreateForm(request.POST)
    if not form.is_valid():
        return agents_page(request, tenant, create_form=form)
    data = form.cleaned_data
    try:
        agent = admin_agent_create(
            tenant=tenant,
            user=request.user,
            name=data["name"],
            allowed_scopes=data["scopes"],
            allowed_layers=data["layers"],
            role=data["role"],
        )
    except Invalid as error:
        form.add_error(None, error.message)
        return agents_page(request, tenant, create_form=form)
    message = f"{agent.name} is registered. Issue it a token below."
    return done(request, message, agent_url(tenant, agent))


def agent_url(tenant: Tenant, agent: Agent) -> str:
    """Return the agent's admin page."""
    return reverse("admin_agent_detail", args=[tenant.slug, agent.pk])


def agent_page(
    request: HttpRequest,
    tenant: Tenant,
    agent: Agent,
    *,
    grants_form: AgentGrantsForm | None = None,
    new_token: dict[str, Any] | None = None,
    error: str = "",
) -> HttpResponse:
    """Render an agent's page (or its partial), with a new token if one was issued."""
    initial = {
        "role": agent.role,
        "scopes": "\n".join(agent.allowed_scopes),
        "layers": agent.allowed_layers,
    }
    return render_page(
        request,
        "approvals/admin_agent_detail.html",
        "detail",
        {
            "agent": agent,
            "tokens": admin_agent_token_list(tenant=tenant, agent=agent),
            "grants_form": grants_form or AgentGrantsForm(initial=initial),
            "token_form": TokenIssueForm(),
            "new_token": new_token,
            "error": error,
        },
    )


@admin_required
def admin_agent_detail(
    request: HttpRequest, tenant: Tenant, agent_id: uuid.UUID
) -> HttpResponse:
    """Show an agent: its tokens, what it may write, and its status."""
    return agent_page(
        request, tenant, admin_agent_get(tenant=tenant, agent_id=agent_id)
    )


@admin_required
@require_POST
def admin_agent_update(
    request: HttpRequest, tenant: Tenant, agent_id: uuid.UUID
) -> HttpResponse:
    """Change the agent's scopes, layers and role."""
    agent = admin_agent_get(tenant=tenant, agent_id=agent_id)
    form = AgentGrantsForm(request.POST)
    if not form.is_valid():
        return agent_page(request, tenant, agent, grants_form=form)
    data = form.cleaned_data
    try:
        agent_update(
            tenant=tenant,
            user=request.user,
            agent_id=agent.pk,
            allowed_scopes=data["scopes"],
            allowed_layers=data["layers"],
            role=data["role"],
            reason=data["reason"],
        )
    except Invalid as error:
        form.add_error(None, error.message)
        return agent_page(request, tenant, agent, grants_form=form)
    return done(request, f"{agent.name}'s access is saved.", agent_url(tenant, agent))


@admin_required
@require_POST
def admin_agent_status(
    request: HttpRequest, tenant: Tenant, agent_id: uuid.UUID, action: str
) -> HttpResponse:
    """Deactivate, activate or resume (lift a write-storm suspension) an agent."""
    agent = admin_agent_get(tenant=tenant, agent_id=agent_id)
    form = ReasonForm(request.POST)
    if not form.is_valid():
        return agent_page(request, tenant, agent, error=first_error(form))
    service, message = STATUS_ACTIONS[action]
    try:
        service(
            tenant=tenant,
            user=request.user,
            agent_id=agent.pk,
            reason=form.cleaned_data["reason"],
        )
    except Invalid as error:
        return agent_page(request, tenant, agent, error=error.message)
    return done(request, message.format(agent.name), agent_url(tenant, agent))


@admin_required
@require_POST
def admin_token_issue(
    request: HttpRequest, tenant: Tenant, agent_id: uuid.UUID
) -> HttpResponse:
    """Issue a token and show it in full on this response only."""
    agent = admin_agent_get(tenant=tenant, agent_id=agent_id)
    form = TokenIssueForm(request.POST)
    if not form.is_valid():
        return agent_page(request, tenant, agent, error=first_error(form))
    try:
        token, secret = admin_agent_token_issue(
            tenant=tenant,
            user=request.user,
            agent_id=agent.pk,
            label=form.cleaned_data["label"],
        )
    except Invalid as error:
        return agent_page(request, tenant, agent, error=error.message)
    new_token = {"token": token, "secret": secret}
    return never_cached(agent_page(request, tenant, agent, new_token=new_token))


@admin_required
@require_POST
def admin_token_revoke(
    request: HttpRequest, tenant: Tenant, agent_id: uuid.UUID, token_id: int
) -> HttpResponse:
    """Revoke one of the agent's tokens; the API refuses it from now on."""
    agent = admin_agent_get(tenant=tenant, agent_id=agent_id)
    form = ReasonForm(request.POST)
    if not form.is_valid():
        return agent_page(request, tenant, agent, error=first_error(form))
    try:
        token = admin_agent_token_revoke(
            tenant=tenant,
            user=request.user,
            agent_id=agent.pk,
            token_id=token_id,
            reason=form.cleaned_data["reason"],
        )
    except Invalid as error:
        return agent_page(request, tenant, agent, error=error.message)
    message = f"Token {token.prefix} is revoked; the API refuses it from now on."
    return done(request, message, agent_url(tenant, agent))


# The policy


@admin_required
def admin_policy(request: HttpRequest, tenant: Tenant) -> HttpResponse:
    """Show every policy value with its default; save changes with a reason."""
    form = PolicyForm(request.POST or None, policy=policy_for(tenant))
    if request.method == "POST" and form.is_valid():
        try:
            tenant_policy_update(
                tenant=tenant,
                user=request.user,
                changes=form.changes(),
                reason=form.cleaned_data["reason"],
            )
        except Invalid as error:
            form.add_service_errors(error.details or {"": error.message})
        else:
            url = reverse("admin_policy", args=[tenant.slug])
            return done(request, form.saved_message(), url)
    return render_page(request, "approvals/admin_policy.html", "policy", {"form": form})
