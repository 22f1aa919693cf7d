"""Time the requests whose duration could tell whether an address or account exists: a
failed login (a confirmed account, an unconfirmed one, an unknown name), a password reset and
a confirmation resend (a known address, an unknown one). In-process through Django's test
client, with the settings' own password hasher; everything it writes is rolled back, and the
mail the requests enqueue is never sent (it would go after a commit). Coarse: the answer is
whether the paths differ by a hashing or a mail, not a precise figure.

    python manage.py bench_accounts --requests 20
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client, override_settings
from django.urls import reverse

from accounts.models import Profile
from core.commands import DatabaseCommand

PASSWORD = "bench-Passphrase-41"


class _Rollback(Exception):
    pass


class Command(DatabaseCommand):
    help = "Time failed logins, reset and resend requests for known and unknown accounts."

    def add_arguments(self, parser) -> None:  # noqa: ANN001
        parser.add_argument("--requests", type=int, default=20,
                            help="Requests per case (default 20); the median is shown.")

    def handle(self, *args, **options) -> None:  # noqa: ANN002, ANN003
        rates = {kind: {"ip": 10**6, "address": 10**6}
                 for kind in ("signup", "reset", "claim", "email_change", "resend")}
        try:
            with override_settings(CLASH_ACCOUNT_RATES=rates, AXES_ENABLED=False), \
                    transaction.atomic():
                self._run(options["requests"])
                raise _Rollback
        except _Rollback:
            pass

    def _run(self, count: int) -> None:
        users = get_user_model()
        users.objects.create_user("bench-confirmed", "bench-confirmed@example.com", PASSWORD)
        unconfirmed = users.objects.create_user("bench-unconfirmed",
                                                "bench-unconfirmed@example.com", PASSWORD)
        Profile.objects.create(user=unconfirmed, email_confirmed=False)
        client = Client(HTTP_HOST="localhost")

        def post(name: str, data: dict) -> Callable[[], object]:
            return lambda: client.post(reverse(name), data)

        cases = {
            "login, wrong password, confirmed account": post(
                "login", {"username": "bench-confirmed", "password": "wrong-1"}),
            "login, wrong password, unconfirmed account": post(
                "login", {"username": "bench-unconfirmed", "password": "wrong-1"}),
            "login, unknown username": post(
                "login", {"username": "bench-nobody", "password": "wrong-1"}),
            "reset, known address": post(
                "password_reset", {"email": "bench-confirmed@example.com"}),
            "reset, unknown address": post(
                "password_reset", {"email": "bench-nobody@example.com"}),
            "resend, unconfirmed address": post(
                "accounts:confirm_resend", {"email": "bench-unconfirmed@example.com"}),
            "resend, unknown address": post(
                "accounts:confirm_resend", {"email": "bench-nobody@example.com"}),
        }
        for name, call in cases.items():
            call()  # warm up
            times = []
            for _ in range(count):
                start = time.perf_counter()
                call()
                times.append((time.perf_counter() - start) * 1000)
            self.stdout.write(f"{name:45} {statistics.median(times):8.1f} ms")
