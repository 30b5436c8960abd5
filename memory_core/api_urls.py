from django.urls import include, path

from memory_core import apis
from memory_core.scope_apis import ScopeListApi
from memory_core.search_apis import ContextApi, SearchApi

urlpatterns = [
    path("writes", apis.WriteCreateApi.as_view(), name="api-write-create"),
    # Before `writes/<write_id>`, which would take `batch` for an id.
    path(
        "writes/batch",
        apis.WriteBatchCreateApi.as_view(),
        name="api-write-batch-create",
    ),
    path(
        "writes/<str:write_id>", apis.WriteDetailApi.as_view(), name="api-write-detail"
    ),
    path("memories", apis.MemoryListApi.as_view(), name="api-memory-list"),
    path(
        "memories/<str:memory_id>",
        apis.MemoryDetailApi.as_view(),
        name="api-memory-detail",
    ),
    path(
        "memories/<str:memory_id>/versions",
        apis.MemoryVersionListApi.as_view(),
        name="api-memory-versions",
    ),
    path("scopes", ScopeListApi.as_view(), name="api-scope-list"),
    path("search", SearchApi.as_view(), name="api-search"),
    path("context", ContextApi.as_view(), name="api-context"),
    # POST /api/v1/forget files an erasure request (the approvals app's).
    path("", include("approvals.api_urls")),
]
