from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from memory_core import views
from memory_core.metrics.prometheus import metrics_view

urlpatterns = [
    # Probes for load balancers and process managers (memory_core/health.py).
    path("healthz", views.healthz, name="healthz"),
    path("readyz", views.readyz, name="readyz"),
    # Prometheus scrape, behind MGC_METRICS_TOKEN.
    path("metrics", metrics_view, name="metrics"),
    path("api/v1/", include("memory_core.api_urls")),
    # Mem0-compatible API for agents written against mem0ai (docs/mem0.md).
    path("mem0/", include("memory_core.mem0_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves Swagger UI's start-up script as a file of its own
    # (`?script`): the Content-Security-Policy allows no inline script.
    path(
        "api/docs/",
        SpectacularSwaggerSplitView.as_view(url_name="api-schema"),
        name="api-docs",
    ),
    path("admin/", admin.site.urls),
    path("", include("memory_core.console_urls")),
]

# Under /api/ the error pages are the API's JSON envelope (HTML elsewhere).
handler400 = "memory_core.error_views.bad_request"
handler403 = "memory_core.error_views.permission_denied"
handler404 = "memory_core.error_views.page_not_found"
handler500 = "memory_core.error_views.server_error"
