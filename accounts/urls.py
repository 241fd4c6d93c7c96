from django.contrib.auth import views as auth_views
from django.urls import path

from accounts import profile_views, views

urlpatterns = [
    path("register/", views.register, name="register"),
    path("login/", auth_views.LoginView.as_view(template_name="accounts/login.html"), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("profile/", profile_views.profile, name="profile"),
    path("players/<str:username>/", profile_views.player, name="player"),
]
