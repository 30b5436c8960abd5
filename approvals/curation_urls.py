"""URLs of the curation screens, mounted under /t/<slug>/ by approvals/urls.py."""

from django.urls import path

from approvals.views import curation

urlpatterns = [
    path("conflicts/", curation.conflict_list, name="conflict_list"),
    path(
        "conflicts/<uuid:conflict_id>/",
        curation.conflict_detail,
        name="conflict_detail",
    ),
    path(
        "conflicts/<uuid:conflict_id>/resolve/",
        curation.conflict_resolve,
        name="conflict_resolve",
    ),
    path("as-of/", curation.scope_as_of, name="scope_as_of"),
    path("memories/<uuid:item_id>/pin/", curation.memory_pin, name="memory_pin"),
    path("memories/<uuid:item_id>/unpin/", curation.memory_unpin, name="memory_unpin"),
    path(
        "memories/<uuid:item_id>/rollback/",
        curation.memory_rollback,
        name="memory_rollback",
    ),
    path(
        "memories/<uuid:item_id>/expire/", curation.memory_expire, name="memory_expire"
    ),
    path(
        "memories/<uuid:item_id>/reclassify/",
        curation.memory_reclassify,
        name="memory_reclassify",
    ),
    path(
        "memories/<uuid:item_id>/promote/",
        curation.memory_promote,
        name="memory_promote",
    ),
    path(
        "memories/<uuid:item_id>/annotate/",
        curation.memory_annotate,
        name="memory_annotate",
    ),
]
