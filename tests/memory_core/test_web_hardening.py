"""Web hardening (issue 13 item 5): sign-in lockout, CSP, no-store, refusals, NUL.

Each part goes through HTTP with the real middleware, backends and database.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from audit.models import AuditEvent
from audit.services import audit_chain_verify
from memory_core.models import Role
from tests.factories import make_member

HTMX = {"HTTP_HX_REQUEST": "true"}
PASSWORD = "the-right-password"
TEMPLATES = Path(settings.BASE_DIR) / "templates"


def signed_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


# Sign-in throttling and lockout


@pytest.fixture
def member(tenant) -> User:
    return make_member(tenant, Role.CURATOR, username="cora", password=PASSWORD)


@pytest.fixture
def operator(db) -> User:
    return User.objects.create_superuser("root", password=PASSWORD)


@pytest.mark.parametrize(
    ("url", "username"), [("/login/", "cora"), ("/admin/login/", "root")]
)
def test_a_hundred_wrong_passwords_then_the_right_one_stay_locked_out(
    member, operator, url, username
):
    client = Client()
    started = time.monotonic()
    statuses = [
        client.post(url, {"username": username, "password": f"guess-{n}"}).status_code
        for n in range(100)
    ]
    elapsed = time.monotonic() - started

    response = client.post(url, {"username": username, "password": PASSWORD})

    # Four times the sign-in form again; the fifth failure locks.
    assert statuses[:4] == [200] * 4
    assert set(statuses[4:]) == {429}
    assert response.status_code == 429
    assert not signed_in(client)
    page = response.content.decode()
    assert "Sign-in locked" in page
    assert "15 minutes" in page
    assert 'class="topbar"' in page  # the console's layout
    assert response["Retry-After"] == "900"
    print(f"100 wrong passwords on {url} in {elapsed:.1f} s")


def test_the_lockout_is_per_username_and_address(member):
    attacker = Client(REMOTE_ADDR="203.0.113.9")
    for n in range(6):
        attacker.post("/login/", {"username": "cora", "password": f"guess-{n}"})

    colleague = Client(REMOTE_ADDR="198.51.100.4")
    colleague.post("/login/", {"username": "cora", "password": PASSWORD})

    assert signed_in(colleague)
    assert not signed_in(attacker)


def test_behind_a_proxy_the_lockout_counts_the_client_not_the_proxy(member, settings):
    settings.MGC_TRUSTED_PROXY_COUNT = 1
    proxy = "10.0.0.2"
    # The attacker forges an address of its own; the proxy appends the real one.
    attacker = Client(
        REMOTE_ADDR=proxy, HTTP_X_FORWARDED_FOR="198.51.100.4, 203.0.113.9"
    )
    for n in range(6):
        attacker.post("/login/", {"username": "cora", "password": f"guess-{n}"})

    colleague = Client(REMOTE_ADDR=proxy, HTTP_X_FORWARDED_FOR="198.51.100.4")
    colleague.post("/login/", {"username": "cora", "password": PASSWORD})
    assert signed_in(colleague)

    attacker.post("/login/", {"username": "cora", "password": PASSWORD})
    assert not signed_in(attacker)


def test_without_trusted_proxies_a_forwarded_header_escapes_nothing(member):
    for n in range(6):
        Client(REMOTE_ADDR="203.0.113.9", HTTP_X_FORWARDED_FOR=f"192.0.2.{n}").post(
            "/login/", {"username": "cora", "password": f"guess-{n}"}
        )

    fresh_header = Client(REMOTE_ADDR="203.0.113.9", HTTP_X_FORWARDED_FOR="192.0.2.99")
    fresh_header.post("/login/", {"username": "cora", "password": PASSWORD})
    assert not signed_in(fresh_header)


def test_a_success_below_the_limit_clears_the_count(member):
    client = Client()
    for n in range(4):
        client.post("/login/", {"username": "cora", "password": f"typo-{n}"})
    client.post("/login/", {"username": "cora", "password": PASSWORD})
    assert signed_in(client)
    client.post(reverse("logout"))

    for n in range(4):
        client.post("/login/", {"username": "cora", "password": f"typo-{n}"})
    client.post("/login/", {"username": "cora", "password": PASSWORD})
    assert signed_in(client)


def test_the_operator_unlocks_a_username(member):
    client = Client()
    for n in range(6):
        client.post("/login/", {"username": "cora", "password": f"guess-{n}"})

    call_command("axes_reset_username", "cora")
    client.post("/login/", {"username": "cora", "password": PASSWORD})

    assert signed_in(client)


# Content-Security-Policy


def test_every_response_carries_the_content_security_policy(client, member, tenant):
    anonymous = client.get("/login/")
    client.force_login(member)
    page = client.get(reverse("memory_list", args=[tenant.slug]))

    for response in (anonymous, page):
        policy = response["Content-Security-Policy"]
        directives = dict((d.split(" ", 1) + [""])[:2] for d in policy.split("; ") if d)
        assert directives["script-src"] == "'self'"
        assert directives["style-src"] == "'self'"
        assert directives["default-src"] == "'self'"
        assert directives["object-src"] == "'none'"
        assert directives["frame-ancestors"] == "'none'"
        assert directives["base-uri"] == "'self'"
        assert directives["form-action"] == "'self'"
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy


INLINE = [
    (re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I), "an inline <script>"),
    (re.compile(r"\son[a-z]+\s*=", re.I), "an inline event handler"),
    (re.compile(r"\bhx-on", re.I), "an hx-on attribute"),
    (re.compile(r"<style", re.I), "a <style> element"),
    (re.compile(r"\sstyle\s*=", re.I), "a style attribute"),
]


@pytest.mark.parametrize(
    "template", sorted(TEMPLATES.rglob("*.html")), ids=lambda p: p.name
)
def test_no_template_needs_inline_script_or_style(template):
    text = template.read_text()
    found = [what for pattern, what in INLINE if pattern.search(text)]
    assert not found, f"{template.relative_to(TEMPLATES)} has {', '.join(found)}"


def test_htmx_injects_no_indicator_style(client):
    page = client.get("/login/").content.decode()
    assert '"includeIndicatorStyles": false' in page
    css = (Path(settings.BASE_DIR) / "static/css/console.css").read_text()
    assert ".htmx-indicator" in css


def test_the_api_docs_load_their_script_from_a_file(client):
    page = client.get("/api/docs/").content.decode()
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page)


# Cache-Control


def test_signed_in_pages_are_not_stored(client, member, tenant):
    client.force_login(member)
    for url in (
        reverse("memory_list", args=[tenant.slug]),
        reverse("review_queue", args=[tenant.slug]),
        reverse("audit_event_list", args=[tenant.slug]),
        "/password/",
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert "no-store" in response["Cache-Control"], url
        assert "private" in response["Cache-Control"], url


def test_static_files_stay_cacheable(client, member):
    client.force_login(member)
    response = client.get("/static/css/console.css")
    assert response.status_code == 200
    assert "no-store" not in response.get("Cache-Control", "")


# Refused privileged actions


def refusals(tenant) -> list[AuditEvent]:
    return list(AuditEvent.objects.filter(tenant_id=tenant.id, action="access.refused"))


def test_a_member_refused_an_admin_action_is_audited(client, tenant):
    curator = make_member(tenant, Role.CURATOR, username="cora")
    client.force_login(curator)
    url = reverse("admin_member_invite", args=[tenant.slug])

    response = client.post(url, {"username": "mallory", "role": "admin"}, **HTMX)

    assert response.status_code == 403
    assert not User.objects.filter(username="mallory").exists()
    [event] = refusals(tenant)
    assert event.actor_id == str(curator.pk)
    assert event.metadata == {"method": "POST", "path": url, "role": "curator"}
    assert audit_chain_verify(tenant_ids=[tenant.id]) == []


def test_a_viewer_refused_a_review_decision_over_htmx_gets_403(
    client, tenant, agent_and_token
):
    from tests.approvals.test_review_queue_views import stage

    pending = stage(agent_and_token[0], "Invoices go to billing monthly.")
    viewer = make_member(tenant, Role.VIEWER, username="vic")
    client.force_login(viewer)
    url = reverse("review_reject", args=[tenant.slug, pending.pk])

    response = client.post(url, {"reason_code": "PII"}, **HTMX)

    assert response.status_code == 403
    assert "Only curators and admins decide reviews." in response.content.decode()
    [event] = refusals(tenant)
    assert event.reason == "Only curators and admins decide reviews."
    assert event.metadata["role"] == "viewer"


def test_a_refused_report_page_is_audited_too(client, tenant):
    client.force_login(make_member(tenant, Role.CURATOR))
    response = client.get(reverse("compliance_report", args=[tenant.slug]))
    assert response.status_code == 403
    assert len(refusals(tenant)) == 1


def test_a_non_member_is_404_and_leaves_nothing_in_the_tenant_chain(
    client, tenant, other_tenant
):
    client.force_login(make_member(other_tenant, Role.ADMIN))
    url = reverse("admin_member_invite", args=[tenant.slug])
    assert client.post(url, {"username": "x", "role": "admin"}).status_code == 404
    assert refusals(tenant) == []


# NUL characters


@pytest.mark.parametrize(
    "path",
    [
        "memory_list",
        "memory_search",
        "write_list",
        "review_queue",
        "audit_event_list",
        "erasure_list",
    ],
)
def test_nul_in_a_console_query_is_400(client, member, tenant, path):
    client.force_login(member)
    response = client.get(reverse(path, args=[tenant.slug]) + "?q=a%00b&scope=%00")
    assert response.status_code == 400
    assert "NUL" in response.content.decode()


def test_nul_in_the_sign_in_form_is_400(client, member):
    response = client.post("/login/", {"username": "cora\x00", "password": PASSWORD})
    assert response.status_code == 400
    assert "a form field" in response.content.decode()


def test_nul_in_a_console_form_is_400(client, tenant):
    client.force_login(make_member(tenant, Role.ADMIN))
    url = reverse("admin_member_invite", args=[tenant.slug])
    response = client.post(url, {"username": "ma\x00llory", "role": "curator"})
    assert response.status_code == 400
    assert not User.objects.filter(username__startswith="ma").exists()


def test_nul_in_a_header_or_cookie_is_400(client, member, tenant):
    client.force_login(member)
    url = reverse("memory_list", args=[tenant.slug])
    assert client.get(url, HTTP_HX_TARGET="a\x00").status_code == 400
    client.cookies["sessionid"] = "abc\x00def"
    assert client.get(url).status_code == 400


@pytest.mark.parametrize(
    ("method", "url", "body", "headers"),
    [
        ("get", "/api/v1/memories?scope=%00", None, {}),
        ("post", "/api/v1/search", {"query": "a\x00b"}, {}),
        (
            "post",
            "/api/v1/writes",
            {
                "scope": "/org/acme/user/42/",
                "layer": "episodic",
                "content": "dark\x00mode",
                "source": "user_stated",
            },
            {},
        ),
        ("get", "/api/v1/memories", None, {"HTTP_X_REQUEST_ID": "r\x00"}),
    ],
)
def test_nul_anywhere_in_the_api_is_422_in_the_envelope(
    api, method, url, body, headers
):
    response = getattr(api, method)(url, body, format="json", **headers)
    assert response.status_code == 422, response.content
    assert set(response.json()["error"]) >= {"code", "message"}


def test_a_refused_htmx_request_gets_a_403_fragment_saying_why(client, tenant):
    client.force_login(make_member(tenant, Role.VIEWER))
    url = reverse("erasure_new", args=[tenant.slug])

    fragment = client.get(url, **HTMX)
    page = client.get(url)

    why = "Only compliance officers, curators and admins file erasures."
    assert fragment.status_code == page.status_code == 403
    assert why in fragment.content.decode() and why in page.content.decode()
    assert "<html" not in fragment.content.decode()  # swapped into its target
    assert 'class="topbar"' in page.content.decode()  # the console's layout
    assert len(refusals(tenant)) == 2
