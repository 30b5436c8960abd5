"""Audit pages; mounted under /t/<slug>/audit/ for members by memory_core.console_urls."""

from django.urls import path

from audit import views

urlpatterns = [
    path("", views.audit_event_list_page, name="audit_event_list"),
]
