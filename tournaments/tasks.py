"""Celery tasks of the tournaments app: thin entry points that take ids and call a service.

`match_job_run_task` is idempotent (the service locks the job row and never redoes a finished
job), so it acknowledges late and is rejected back to the queue when its worker dies.
"""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from tournaments.services.engine_jobs import jobs_sweep, match_job_run


@shared_task(name="tournaments.match_job_run", acks_late=True, reject_on_worker_lost=True)
def match_job_run_task(job_id: int) -> bool:
    return match_job_run(job_id=job_id, now=timezone.now)


@shared_task(name="tournaments.jobs_sweep")
def jobs_sweep_task() -> dict:
    requeued, failed = jobs_sweep(now=timezone.now())
    return {"requeued": requeued, "failed": failed}
