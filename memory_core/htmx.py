"""Responses for the console's htmx screens: a page or its partial, and a 403.

One function-based view per page renders the whole page, or for an htmx
request only `page.html#partial` (django-template-partials). Every refusal
of a console page or action renders `403.html` through `forbidden`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers


def render_page(
    request: HttpRequest, template: str, partial: str, context: dict[str, Any]
) -> HttpResponse:
    """Render the whole page, or only `partial` for an htmx swap."""
    if request.htmx and not request.htmx.history_restore_request:
        template = f"{template}#{partial}"
    response = render(request, template, context)
    # The same URL answers with a page or a fragment: keep caches apart.
    patch_vary_headers(response, ("HX-Request",))
    return response


def forbidden(
    request: HttpRequest,
    message: str = "",
    *,
    title: str = "",
    show_role: bool = False,
    ask: Sequence[str] = (),
    whole: bool = False,
    refresh: bool = False,
) -> HttpResponse:
    """Render the 403 page: why, and optionally who to ask.

    An htmx request gets a notice for its target, unless `whole` asks for
    the page; `refresh` makes htmx reload the page to show it whole.
    """
    fragment = bool(getattr(request, "htmx", False)) and not whole
    response = render(
        request,
        "403.html",
        {
            "exception": message,
            "layout": "components/fragment.html" if fragment else "base.html",
            "fragment": fragment,
            "title": title,
            "show_role": show_role,
            "ask": list(ask),
        },
        status=403,
    )
    if refresh and request.htmx:
        response["HX-Refresh"] = "true"
    return response
