"""The Celery application `clash`: `celery -A clash worker` starts a worker.

Configuration comes from the Django settings, from every setting named CELERY_*.
Tasks are found in each installed app's tasks.py.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clash.settings.local")

app = Celery("clash")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(name="clash.engine_build")
def engine_build() -> str:
    """Which build of the engine this worker runs ("compiled" or "python"): set by
    CLASH_COMPILED_ENGINE (clash/compiled_engine.py)."""
    import engine

    return engine.build()
