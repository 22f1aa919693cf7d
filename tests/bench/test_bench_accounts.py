"""`manage.py bench_accounts`: the accounts' paths timed coarsely, in-process."""

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def test_the_bench_times_every_case_and_leaves_nothing_behind():
    out = StringIO()
    call_command("bench_accounts", requests=1, stdout=out)
    lines = out.getvalue().splitlines()
    assert len(lines) == 7 and all(line.endswith(" ms") for line in lines)
    assert not get_user_model().objects.filter(username__startswith="bench-").exists()
