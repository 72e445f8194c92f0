"""Smoke tests for the Django project: the home page renders and the project checks pass."""

import runpy
from pathlib import Path

import pytest
from django.core.management import call_command

import simulator

SETTINGS_FILE = Path(simulator.__file__).with_name("settings.py")


def test_home_page_ok(client):
    response = client.get("/")
    assert response.status_code == 200


def test_home_page_is_html(client):
    response = client.get("/")
    assert response["Content-Type"].startswith("text/html")


def test_home_page_has_htmx_script(client):
    body = client.get("/").content.decode()
    assert '<script src="/static/django_htmx/htmx-2.min.js"' in body
    assert '<script src="/static/django_htmx/ext/hx-ws-2.min.js"' in body


def test_home_page_explains_product(client):
    body = client.get("/").content.decode()
    assert "<h1>Chain simulator</h1>" in body
    assert "trigger effects" in body


def test_home_page_links_stylesheet(client):
    body = client.get("/").content.decode()
    assert "css/site.css" in body


@pytest.mark.django_db
def test_manage_check_passes():
    call_command("check")


def _load_settings(monkeypatch, **env):
    for name in ("DATABASE_URL", "REDIS_URL", "DJANGO_DEBUG", "DJANGO_SECRET_KEY"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(SETTINGS_FILE))


def test_settings_default_database_is_sqlite(monkeypatch):
    settings = _load_settings(monkeypatch)
    db = settings["DATABASES"]["default"]
    assert db["ENGINE"] == "django.db.backends.sqlite3"
    assert str(db["NAME"]).endswith("db.sqlite3")


def test_settings_honour_database_url(monkeypatch):
    settings = _load_settings(monkeypatch, DATABASE_URL="postgres://u:p@db.example:5433/chains")
    db = settings["DATABASES"]["default"]
    assert db["ENGINE"] == "django.db.backends.postgresql"
    assert (db["NAME"], db["HOST"], db["PORT"], db["USER"]) == ("chains", "db.example", 5433, "u")


def test_settings_channel_layer_follows_redis_url(monkeypatch):
    assert _load_settings(monkeypatch)["CHANNEL_LAYERS"]["default"]["BACKEND"] == (
        "channels.layers.InMemoryChannelLayer"
    )
    with_redis = _load_settings(monkeypatch, REDIS_URL="redis://127.0.0.1:6379/0")
    assert with_redis["CHANNEL_LAYERS"]["default"]["BACKEND"] == (
        "channels_redis.core.RedisChannelLayer"
    )


def test_settings_default_to_the_site_as_a_user_sees_it(monkeypatch, tmp_path):
    settings = _load_settings(monkeypatch)
    assert settings["DEBUG"] is False
    assert len(settings["SECRET_KEY"]) >= 50
    assert _load_settings(monkeypatch)["SECRET_KEY"] == settings["SECRET_KEY"]  # kept
    assert _load_settings(monkeypatch, DJANGO_SECRET_KEY="k" * 60)["SECRET_KEY"] == "k" * 60
    assert _load_settings(monkeypatch, DJANGO_DEBUG="1")["DEBUG"] is True
    # plain http on this machine or a classroom network: no Secure cookies, no redirect
    assert not settings["SESSION_COOKIE_SECURE"] and not settings["CSRF_COOKIE_SECURE"]
    assert "SECURE_SSL_REDIRECT" not in settings
    secure = _load_settings(monkeypatch, DJANGO_SECURE="1")
    assert secure["SESSION_COOKIE_SECURE"] and secure["SECURE_SSL_REDIRECT"]
    assert secure["SECURE_PROXY_SSL_HEADER"] == ("HTTP_X_FORWARDED_PROTO", "https")
    assert "whitenoise.middleware.WhiteNoiseMiddleware" in settings["MIDDLEWARE"]
    policy = settings["CONTENT_SECURITY_POLICY"]["DIRECTIVES"]
    assert policy["script-src"] == ["'self'"] and policy["style-src"] == ["'self'"]


def test_the_secret_key_is_generated_once_per_checkout(monkeypatch, tmp_path):
    make_key = _load_settings(monkeypatch)["checkout_secret_key"]
    path = tmp_path / ".secret_key"
    key = make_key(path)
    assert len(key) >= 50 and path.read_text().strip() == key
    assert path.stat().st_mode & 0o777 == 0o600
    assert make_key(path) == key


def test_check_deploy_is_clean_behind_https():
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")} | {
        "DJANGO_SECURE": "1", "DJANGO_SECRET_KEY": "x7" * 30 + "-Q_9z!"}
    done = subprocess.run([sys.executable, "manage.py", "check", "--deploy",
                           "--fail-level", "WARNING"], cwd=SETTINGS_FILE.parents[1], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_asgi_routes_http_and_websocket():
    from channels.routing import ProtocolTypeRouter

    from simulator.asgi import application

    assert isinstance(application, ProtocolTypeRouter)
    assert set(application.application_mapping) == {"http", "websocket"}
