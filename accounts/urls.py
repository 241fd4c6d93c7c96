from django.conf import settings
from django.contrib.auth import views as auth_views
from django.urls import path

from accounts import profile_views, views
from accounts.forms import PlayerPasswordResetForm

urlpatterns = [
    path("register/", views.register, name="register"),
    path("login/", auth_views.LoginView.as_view(template_name="accounts/login.html"), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("profile/", profile_views.profile, name="profile"),
    path("players/<str:username>/", profile_views.player, name="player"),
    # E-mail verification (accounts.verification)
    path("email/", views.email_change, name="email-change"),
    path("email/verify/", views.email_verify_resend, name="email-verify-resend"),
    path("email/verify/<str:token>/", views.email_verify, name="email-verify"),
    # Forgotten and changed passwords: Django's views, in the site's templates
    path(
        "password/reset/",
        auth_views.PasswordResetView.as_view(
            form_class=PlayerPasswordResetForm,
            template_name="accounts/password_reset_form.html",
            email_template_name="accounts/email/reset_body.txt",
            subject_template_name="accounts/email/reset_subject.txt",
            extra_email_context={"days": max(1, round(settings.PASSWORD_RESET_TIMEOUT / 86400))},
        ),
        name="password_reset",
    ),
    path(
        "password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(template_name="accounts/password_reset_done.html"),
        name="password_reset_done",
    ),
    path(
        "password/reset/<uidb64>/<token>/",
        views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "password/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(template_name="accounts/password_reset_complete.html"),
        name="password_reset_complete",
    ),
    path(
        "password/change/",
        auth_views.PasswordChangeView.as_view(template_name="accounts/password_change_form.html"),
        name="password_change",
    ),
    path(
        "password/change/done/",
        auth_views.PasswordChangeDoneView.as_view(template_name="accounts/password_change_done.html"),
        name="password_change_done",
    ),
]
