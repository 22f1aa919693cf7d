"""Runs still running when the lab moved: their chord was sent with a callback that does not
write the row (the page used to copy the result in when it polled), so nothing would ever
finish them now that the pages read the row only. They are marked failed with the reason, and
their owners start them again; every other row is left as it is."""

from django.db import migrations
from django.utils import timezone

REASON = ("This run was started before the lab's workers wrote their results to the run; "
          "start it again.")


def fail_runs_left_running(apps, schema_editor):
    LabRun = apps.get_model("lab", "LabRun")
    LabRun.objects.filter(status="running").update(status="failed", error=REASON,
                                                   finished_at=timezone.now())


class Migration(migrations.Migration):

    dependencies = [
        ('lab', '0001_initial'),
    ]

    operations = [
        migrations.RunPython(fail_runs_left_running, migrations.RunPython.noop),
    ]
