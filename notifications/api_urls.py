from django.urls import path

from notifications import api

urlpatterns = [
    path("", api.ListView.as_view(), name="api-notifications"),
    path("count/", api.CountView.as_view(), name="api-notifications-count"),
    path("read/", api.ReadView.as_view(), name="api-notifications-read"),
    path("preferences/", api.PreferencesView.as_view(), name="api-notifications-preferences"),
    path("push/", api.PushView.as_view(), name="api-notifications-push"),
]
