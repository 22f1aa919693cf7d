"""The forms of the account pages."""

from __future__ import annotations

from django import forms
from django.contrib.auth import forms as auth_forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, BaseUserCreationForm
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.i18n import languages_offered
from core.logins import password_check
from core.zones import zone_names, zone_refusal


class SignUpForm(BaseUserCreationForm):
    """Username, display name, e-mail address and the password twice (Django's password
    validators)."""

    display_name = forms.CharField(
        label=_("Display name"), max_length=60, required=False,
        help_text=_("Shown on pairings and standings instead of your username. Optional."))
    email = forms.EmailField(
        label=_("E-mail address"), max_length=254,
        help_text=_("We send a link to confirm it; you can log in once it is confirmed."))

    class Meta(BaseUserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "display_name", "email")

    def clean_username(self) -> str:
        username = self.cleaned_data["username"]
        if get_user_model().objects.filter(username__iexact=username).exists():
            raise forms.ValidationError(_("That username is taken."), code="username_taken")
        return username

    def clean_email(self) -> str:
        email = get_user_model().objects.normalize_email(self.cleaned_data["email"])
        if get_user_model().objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(
                _("An account with this e-mail address exists already: log in, or reset "
                  "its password."), code="email_taken")
        return email


class LoginForm(AuthenticationForm):
    """Django's login form, saying why a right password of an unconfirmed account is
    refused (accounts/backends.py) instead of calling the password wrong."""

    error_messages = {
        **AuthenticationForm.error_messages,
        "unconfirmed": _("Your e-mail address is not confirmed yet: open the link we mailed "
                         "you at sign-up. Lost it, or has it expired? Have a new link sent "
                         "(below), or reset your password: that link confirms the address "
                         "too."),
    }

    def get_invalid_login_error(self) -> forms.ValidationError:
        # Marked by the backend, which hashed the password once: no second check here, so a
        # wrong password of an unconfirmed account answers as fast as any other.
        if getattr(self.request, "unconfirmed_login", False):
            return forms.ValidationError(self.error_messages["unconfirmed"], code="unconfirmed")
        return super().get_invalid_login_error()


class ProfileForm(forms.Form):
    display_name = forms.CharField(
        label=_("Display name"), max_length=60, required=False,
        help_text=_("Shown on pairings and standings instead of your username. Leave it "
                    "empty to show your username."))


class PasswordCheckedForm(forms.Form):
    """A form that asks for the person's own password before it acts (`user`: who asks, on
    `request`). A wrong password counts against the login lock (core.logins.password_check)."""

    password = forms.CharField(label=_("Your password"), strip=False,
                               widget=forms.PasswordInput(attrs={"autocomplete":
                                                                 "current-password"}))

    def __init__(self, user, *args, request, **kwargs) -> None:  # noqa: ANN001, ANN002, ANN003
        super().__init__(*args, **kwargs)
        self.user = user
        self.request = request

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if not password_check(self.request, self.user, password):
            raise forms.ValidationError(_("That is not your password."), code="wrong_password")
        return password


class PasswordChangeForm(auth_forms.PasswordChangeForm):
    """Django's, with the old password checked like a login (core.logins.password_check)."""

    def __init__(self, user, *args, request, **kwargs) -> None:  # noqa: ANN001, ANN002, ANN003
        super().__init__(user, *args, **kwargs)
        self.request = request

    def clean_old_password(self) -> str:
        old_password = self.cleaned_data["old_password"]
        if not password_check(self.request, self.user, old_password):
            raise forms.ValidationError(self.error_messages["password_incorrect"],
                                        code="password_incorrect")
        return old_password


class EmailChangeForm(PasswordCheckedForm):
    """The new address and the password: a session left open elsewhere is not enough to
    move the account (and its password resets) to another mailbox."""

    email = forms.EmailField(
        label=_("New e-mail address"), max_length=254,
        help_text=_("We mail a link to it; your address changes when you open the link."))
    field_order = ["email", "password"]


class ResendConfirmationForm(forms.Form):
    email = forms.EmailField(label=_("E-mail address"), max_length=254,
                             help_text=_("The address you signed up with."))


class DeleteAccountForm(PasswordCheckedForm):
    """The password, once more, before the account goes."""


class PreferencesForm(forms.Form):
    """The person's language (among those offered) and time zone (one of the IANA names
    offered); either may be left to the browser. And whether their matches' news is mailed to
    them. `browser_zone`: the zone the browser gave (its cookie), named on the choice that
    follows it."""

    language = forms.ChoiceField(label=_("Language"), required=False)
    # A list, not free text: only a zone of the list is taken. The page's script adds a box
    # that narrows the list as the person types (static/js/zone-filter.js).
    time_zone = forms.CharField(
        label=_("Time zone"), max_length=64, required=False, widget=forms.Select,
        help_text=_("Choose the zone of your city, or your browser's zone: then times follow "
                    "the device you use."))
    notify_by_email = forms.BooleanField(
        label=_("E-mail me when my round is paired and when my opponent's report waits for "
                "mine"), required=False)

    def __init__(self, *args, browser_zone: str | None = None, **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, **kwargs)
        self.fields["language"].choices = [("", _("The browser's language")),
                                           *languages_offered()]
        follow = (gettext("%(zone)s (your browser's zone)") % {"zone": browser_zone}
                  if browser_zone else gettext("Your browser's zone"))
        self.fields["time_zone"].widget.choices = [("", follow),
                                                   *((z, z) for z in zone_names())]
        self.fields["time_zone"].widget.attrs.update({"data-zone-filter": ""})

    def clean_time_zone(self) -> str:
        zone = self.cleaned_data["time_zone"].strip()
        if zone and zone not in zone_names():
            raise forms.ValidationError(zone_refusal(zone), code="bad_time_zone")
        return zone
