# The image behind docker-compose.yml's web and worker services.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1 \
    DJANGO_SETTINGS_MODULE=clash.settings.production

WORKDIR /app

COPY . .
# Editable install: the code runs from /app, next to templates/ and static/.
RUN pip install -e . \
    && useradd --system --home-dir /app --no-create-home clash

# Production settings insist on real configuration; these placeholders exist only so that
# collectstatic can load the settings at build time. Nothing connects to them.
RUN SECRET_KEY=collectstatic-only-placeholder-key-never-used-to-sign-anything-0123456789 \
    ALLOWED_HOSTS=localhost \
    DATABASE_URL=postgres://build@localhost:5432/build \
    REDIS_URL=redis://localhost:6379/0 \
    python manage.py collectstatic --noinput

USER clash
EXPOSE 8000

# daphne: the pages and the live pages' WebSockets (docs/live.md) in one ASGI server.
CMD ["daphne", "--bind", "0.0.0.0", "--port", "8000", "--proxy-headers", "clash.asgi:application"]
