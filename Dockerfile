# The image behind docker-compose.yml's web and worker services.

# Stage 1: the compiled build of the engine (docs/engine.md, The compiled build), made with
# mypyc from the same sources as the image's. The C compiler and mypy stay in this stage.
FROM python:3.11-slim AS engine-build

ENV PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
# CLASH_REQUIRE_COMPILED=1: a build that cannot be made fails the image instead of leaving
# it to run the engine as Python.
RUN pip install -e '.[compiled]' \
    && CLASH_REQUIRE_COMPILED=1 python -m engine.tools.build_compiled /opt/clash-engine

# Stage 2: the site and the workers.
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

# Every process of the image (daphne, the workers, manage.py) runs the compiled engine:
# clash/compiled_engine.py loads it, and refuses it if it was built from other sources.
COPY --from=engine-build /opt/clash-engine /opt/clash-engine
ENV CLASH_COMPILED_ENGINE=/opt/clash-engine

# Production settings insist on real configuration; these placeholders exist only so that
# collectstatic can load the settings at build time. Nothing connects to them.
RUN SECRET_KEY=collectstatic-only-placeholder-key-never-used-to-sign-anything-0123456789 \
    ALLOWED_HOSTS=localhost \
    DATABASE_URL=postgres://build@localhost:5432/build \
    REDIS_URL=redis://localhost:6379/0 \
    python manage.py collectstatic --noinput

USER clash
EXPOSE 8000

# daphne: the pages and the live pages' WebSockets (docs/live.md) in one ASGI server, behind
# the TLS proxy (docker-compose.yml). No --proxy-headers: daphne would take the client's own
# leftmost X-Forwarded-For entry for the peer; the site reads the header from its trusted
# proxies only (TRUSTED_PROXY_NETWORKS, core.logins.client_ip).
CMD ["daphne", "--bind", "0.0.0.0", "--port", "8000", "clash.asgi:application"]
