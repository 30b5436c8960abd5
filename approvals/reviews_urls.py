"""URLs of the reviews screens, mounted under /t/<slug>/ by approvals/urls.py."""

from django.urls import path

from approvals.views import reviews

urlpatterns = [
    path("", reviews.review_queue_page, name="review_queue"),
    path("poll/", reviews.review_queue_poll, name="review_queue_poll"),
    path("bulk/", reviews.review_bulk, name="review_bulk"),
    path("focus/", reviews.review_focus, name="review_focus"),
    path(
        "notifications/read/",
        reviews.review_notifications_read,
        name="review_notifications_read",
    ),
    path("<uuid:write_id>/", reviews.review_detail, name="review_detail"),
    path("<uuid:write_id>/approve/", reviews.review_approve, name="review_approve"),
    path("<uuid:write_id>/reject/", reviews.review_reject, name="review_reject"),
    path(
        "<uuid:write_id>/edit/",
        reviews.review_edit_approve,
        name="review_edit_approve",
    ),
]
