"""The Mem0-compatible API under /mem0/ (memory_core/mem0_apis.py, docs/mem0.md).

Client 2.x paths and the 1.x ones it replaced; trailing slashes as Mem0's.
"""

from django.urls import path

from memory_core import mem0_apis as v

urlpatterns = [
    path("v1/ping/", v.PingApi.as_view(), name="mem0-ping"),
    path("v3/memories/add/", v.AddApi.as_view(), name="mem0-add"),
    path("v1/event/<str:event_id>/", v.EventApi.as_view(), name="mem0-event"),
    path("v3/memories/search/", v.SearchApi.as_view(), name="mem0-search"),
    path("v2/memories/search/", v.SearchApi.as_view(), name="mem0-search-v2"),
    path("v1/memories/search/", v.SearchApi.as_view(), name="mem0-search-v1"),
    path("v3/memories/", v.ListApi.as_view(), name="mem0-list"),
    path("v2/memories/", v.ListApi.as_view(), name="mem0-list-v2"),
    path("v1/memories/", v.V1ListOrAddApi.as_view(), name="mem0-memories"),
    path("v1/memories/<str:memory_id>/", v.DetailApi.as_view(), name="mem0-detail"),
    path(
        "v1/memories/<str:memory_id>/history/",
        v.HistoryApi.as_view(),
        name="mem0-history",
    ),
]
