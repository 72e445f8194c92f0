"""The production settings that ``make serve`` runs with pass Django's deployment checks."""

from __future__ import annotations

import subprocess
import sys

from bench.servers import ROOT, site_env


def test_check_deploy_is_clean_with_production_settings(tmp_path) -> None:
    env = site_env(f"sqlite:///{tmp_path / 'db.sqlite3'}", "redis://127.0.0.1:1/0",
                   DJANGO_SECURE="true", DJANGO_SECRET_KEY="k" * 20 + "production-" * 5,
                   DJANGO_CSRF_TRUSTED_ORIGINS="https://example.org",
                   DJANGO_ALLOWED_HOSTS="example.org")
    done = subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level",
                           "WARNING"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout
