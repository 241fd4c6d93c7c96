from django.urls import path

from friends import views

urlpatterns = [
    path("", views.friends_index, name="friends"),
    path("<slug:action>/", views.friends_action, name="friends-action"),
]
