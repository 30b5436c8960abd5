"""The signed-in person's own account: setting a new password.

A one-time password (a tenant's first admin, an invited member) must be
replaced here before any other console page opens (`memory_core.access`).
"""

from __future__ import annotations

from django.contrib.auth import password_validation, update_session_auth_hash
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordChangeForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.cache import add_never_cache_headers
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.debug import sensitive_post_parameters

from memory_core.exceptions import Invalid
from memory_core.services import accounts


def next_url(request: HttpRequest) -> str:
    """Return where to go after the change: a safe `next`, else home."""
    url = request.POST.get("next") or request.GET.get("next") or ""
    safe = url_has_allowed_host_and_scheme(
        url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return url if safe else "/"


@sensitive_post_parameters()
@login_required
def password_change(request: HttpRequest) -> HttpResponse:
    """Ask for the current password and a new one; then go on to `next`."""
    form = PasswordChangeForm(request.user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user = accounts.password_change(
                user=request.user, new_password=form.cleaned_data["new_password1"]
            )
        except Invalid as error:
            form.add_error("new_password1", error.message)
        else:
            update_session_auth_hash(request, user)
            return redirect(next_url(request))
    response = render(
        request,
        "registration/password_change_form.html",
        {
            "form": form,
            "one_time": accounts.password_change_pending(request.user),
            "password_help": password_validation.password_validators_help_texts(),
            "next": next_url(request),
        },
    )
    add_never_cache_headers(response)
    return response
