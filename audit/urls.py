"""Audit pages, mounted for members under /t/<slug>/audit/ by console_urls."""

from django.urls import path

from audit import views

urlpatterns = [
    path("", views.audit_event_list_page, name="audit_event_list"),
]
