from django.urls import path

from memory_core.metrics import views

urlpatterns = [
    path("t/<slug:slug>/dashboard/", views.dashboard, name="metrics_dashboard"),
]
