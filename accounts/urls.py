from django.urls import path

from accounts.views import emails, me, passwords, preferences, signup

app_name = "accounts"

urlpatterns = [
    path("signup/", signup.signup, name="signup"),
    path("confirm/again/", emails.confirmation_resend_page, name="confirm_resend"),
    path("confirm/<str:token>/", signup.confirm, name="confirm"),
    path("email/", emails.email_change, name="email_change"),
    path("email/<str:token>/", emails.email_confirm, name="email_confirm"),
    path("profile/", me.profile, name="profile"),
    path("preferences/", preferences.preferences, name="preferences"),
    path("data/", me.data, name="data"),
    path("delete/", me.delete, name="delete"),
]

# Django's own views under their own names (django.contrib.auth.urls, included after these
# in clash/urls.py, serves the rest): same paths, the accounts' subclasses.
auth_urlpatterns = [
    path("login/", passwords.LoginView.as_view(), name="login"),
    path("password_change/", passwords.PasswordChangeView.as_view(), name="password_change"),
    path("password_reset/", passwords.PasswordResetView.as_view(), name="password_reset"),
    path("reset/<uidb64>/<token>/", passwords.PasswordResetConfirmView.as_view(),
         name="password_reset_confirm"),
]
