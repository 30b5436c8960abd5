"""URLs of the admin screens, mounted under /t/<slug>/ by approvals/urls.py."""

from django.urls import path  # noqa: F401

urlpatterns: list = []
