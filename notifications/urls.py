from django.urls import path

from notifications import views

urlpatterns = [
    path("", views.notifications_index, name="notifications"),
    path("read/", views.notifications_read_all, name="notifications-read-all"),
    path("settings/", views.notification_settings, name="notification-settings"),
    path("unsubscribe/<str:token>/", views.email_unsubscribe, name="notification-unsubscribe"),
    path("<id:notification_id>/", views.notification_open, name="notification-open"),
]
