"""The production settings that ``make serve`` runs with pass Django's deployment checks."""

from __future__ import annotations

import subprocess
import sys
import time

from bench.servers import ROOT, site_env
from simulator.limits import WINDOW


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


def test_with_redis_the_abuse_limits_count_for_every_worker(stack) -> None:
    """Two workers, one browser: its actions are counted in Redis, together, whichever
    worker serves them (the limit is the site's, not each worker's)."""
    import redis

    from .conftest import Browser

    store = redis.Redis.from_url(stack.redis_url)

    def counts() -> dict[bytes, int]:
        return {key: int(store.get(key) or 0) for key in store.scan_iter(match="*rl:*")}

    owner = Browser(stack.a)
    slug, version = owner.open_board()
    other = Browser(stack.b)
    other.cookies = dict(owner.cookies)
    for _attempt in range(3):  # counted per clock minute: three actions within one of them
        window = int(time.time() // WINDOW)
        before = counts()
        for browser in (owner, other, owner):
            status, _ = browser.act(slug, version)
            assert status == 200
            version += 1
        grown = {key: n - before.get(key, 0) for key, n in counts().items()}
        if int(time.time() // WINDOW) == window:
            break
    assert 3 in grown.values()  # this browser's count: both workers' actions in one place
