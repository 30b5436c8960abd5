"""URLs of the garbage-collection screens, mounted under /t/<slug>/gc/."""

from django.urls import path

from approvals.views import gc

urlpatterns = [
    path("", gc.gc_overview, name="gc_overview"),
    path("memories/<uuid:item_id>/recover/", gc.gc_recover, name="gc_recover"),
    path("memories/<uuid:item_id>/pin/", gc.gc_pin, name="gc_pin"),
    path("runs/", gc.gc_run_list, name="gc_run_list"),
    path("runs/dry-run/", gc.gc_dry_run, name="gc_dry_run"),
    path("runs/<uuid:run_id>/", gc.gc_run_detail, name="gc_run_detail"),
]
