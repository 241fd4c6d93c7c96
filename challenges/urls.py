from django.urls import path

from challenges import views

urlpatterns = [
    path("", views.index, name="challenges"),
    path("archive/", views.archive, name="challenges-archive"),
    path("month/", views.monthly, name="challenges-month"),
    path("month/<int:year>-<int:month>/", views.monthly, name="challenges-month-of"),
    path("<id:challenge_id>/", views.results, name="challenge"),
    path("<id:challenge_id>/play/", views.play, name="challenge-play"),
    path("<id:challenge_id>/deals/<int:deal>/", views.compare, name="challenge-deal"),
]
