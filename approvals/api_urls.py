"""The approvals app's agent API, mounted under /api/v1/ by memory_core/api_urls.py."""

from django.urls import path

from approvals import apis

urlpatterns = [
    path("forget", apis.ForgetCreateApi.as_view(), name="api-forget"),
]
