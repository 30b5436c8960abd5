"""URLs of the reviews screens, mounted under /t/<slug>/ by approvals/urls.py."""

from django.urls import path  # noqa: F401

urlpatterns: list = []
