"""Real servers on 127.0.0.1 for the scale-out tests and benchmarks: redis-server, a
PostgreSQL cluster in a temporary folder, ASGI workers (uvicorn, as ``make serve`` runs
them) and nginx with the committed ``deploy/nginx.conf``.

Every server is started in its own process group by :class:`Servers`, a context manager
that stops all of them (and removes their folders) on exit, whatever happened.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
NGINX_CONF = ROOT / "deploy" / "nginx.conf"


class ServerError(Exception):
    """A server did not start; the message ends with its log."""


def free_port() -> int:
    """A TCP port nobody listens on now (the kernel's choice)."""
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def _listening(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.2)
        return s.connect_ex((HOST, port)) == 0


def pg_bindir() -> Path:
    """Where Debian keeps PostgreSQL's server programs (not on PATH)."""
    out = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True, check=True)
    return Path(out.stdout.strip())


def _as_postgres(cmd: list[str]) -> list[str]:
    """initdb refuses to run as root: as root, run PostgreSQL's programs as ``postgres``."""
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


class Servers(contextlib.AbstractContextManager):
    """Starts servers and stops every one of them on exit."""

    def __init__(self) -> None:
        self.tmp = Path(tempfile.mkdtemp(prefix="scaleout-"))
        os.chmod(self.tmp, 0o755)
        self.procs: list[subprocess.Popen] = []
        self.stops: list[list[str]] = []
        self.pids: dict[int, int] = {}  # a web worker's port -> its process id

    def __exit__(self, *exc) -> None:
        for cmd in self.stops:
            with contextlib.suppress(OSError, subprocess.SubprocessError):
                subprocess.run(cmd, capture_output=True, timeout=30)
        for proc in reversed(self.procs):
            _stop(proc)
        shutil.rmtree(self.tmp, ignore_errors=True)

    def _spawn(self, name: str, cmd: list[str], env: dict[str, str] | None = None,
               cwd: Path = ROOT) -> subprocess.Popen:
        log = (self.tmp / f"{name}.log").open("ab")
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
        log.close()
        self.procs.append(proc)
        return proc

    def _wait(self, name: str, port: int, proc: subprocess.Popen | None,
              timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if proc is not None and proc.poll() is not None:
                break
            if _listening(port):
                return
            time.sleep(0.1)
        raise ServerError(f"{name} is not listening on {port}:\n{self.log(name)}")

    def log(self, name: str) -> str:
        with contextlib.suppress(OSError):
            return "\n".join((self.tmp / f"{name}.log").read_text(errors="replace")
                             .splitlines()[-30:])
        return ""

    def redis(self) -> str:
        """A redis-server keeping nothing on disk; its URL."""
        port = free_port()
        proc = self._spawn("redis", ["redis-server", "--port", str(port), "--bind", HOST,
                                     "--save", "", "--appendonly", "no", "--dir",
                                     str(self.tmp)])
        self._wait("redis", port, proc)
        return f"redis://{HOST}:{port}/0"

    def postgres(self) -> str:
        """A PostgreSQL cluster made with initdb in a folder of ``postgres`` (fsync off: a
        test database); its URL."""
        data = self.tmp / "pgdata"
        data.mkdir()
        if os.geteuid() == 0:
            shutil.chown(data, "postgres", "postgres")
        bindir = pg_bindir()
        subprocess.run(_as_postgres([str(bindir / "initdb"), "-D", str(data), "-U",
                                     "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"]),
                       check=True, capture_output=True, timeout=120)
        port = free_port()
        options = (f"-p {port} -c listen_addresses={HOST} -k {data} -c fsync=off "
                   "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200")
        subprocess.run(_as_postgres([str(bindir / "pg_ctl"), "-D", str(data), "-l",
                                     str(data / "server.log"), "-o", options, "-w", "start"]),
                       check=True, capture_output=True, timeout=60)
        self.stops.append(_as_postgres([str(bindir / "pg_ctl"), "-D", str(data), "-m",
                                        "immediate", "stop"]))
        self._wait("postgres", port, None)
        return f"postgres://postgres@{HOST}:{port}/postgres"

    def web(self, env: dict[str, str], *, workers: int = 1, name: str = "web",
            app: str = "simulator.asgi:application", server: str = "uvicorn") -> int:
        """ASGI workers serving ``app`` as ``make serve`` does (``server="daphne"``: one
        Daphne process, the server ``make run`` runs); their port. With one worker, its
        process id is ``self.pids[port]``."""
        port = free_port()
        if server == "daphne":
            cmd = [sys.executable, "-m", "daphne", "-b", HOST, "-p", str(port),
                   "--proxy-headers", app]
        else:
            cmd = [sys.executable, "-m", "uvicorn", app, "--host", HOST, "--port", str(port),
                   "--workers", str(workers), "--no-access-log", "--log-level", "warning",
                   "--proxy-headers", "--forwarded-allow-ips", HOST, "--lifespan", "off",
                   "--http", "simulator.uvicorn_http:HttpProtocol"]
        proc = self._spawn(name, cmd, env=env)
        self._wait(name, port, proc, timeout=60)
        self.pids[port] = proc.pid
        return port

    def runserver(self, env: dict[str, str], name: str = "runserver") -> int:
        """``manage.py runserver`` (Daphne, with the site's bounded request heads) as ``make
        run`` starts it, without its reloader; its port."""
        port = free_port()
        proc = self._spawn(name, [sys.executable, "manage.py", "runserver", f"{HOST}:{port}",
                                  "--noreload"], env=env)
        self._wait(name, port, proc, timeout=60)
        return port

    def nginx(self, upstreams: list[int]) -> int:
        """nginx with ``deploy/nginx.conf`` in front of ``upstreams``: only its ports, the
        upstream servers and the certificate (self-signed, made here) are swapped in. Its
        https port."""
        cert, key = self.tmp / "cert.pem", self.tmp / "key.pem"
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days",
                        "1", "-subj", f"/CN={HOST}", "-keyout", str(key), "-out", str(cert)],
                       check=True, capture_output=True, timeout=60)
        https, http = free_port(), free_port()
        site = NGINX_CONF.read_text()
        servers = "".join(f"    server {HOST}:{p};\n" for p in upstreams)
        site = (site.replace("    server 127.0.0.1:8000;\n", servers)
                .replace("listen 443 ssl;", f"listen {HOST}:{https} ssl;")
                .replace("listen 80;", f"listen {HOST}:{http};")
                .replace("/etc/ssl/certs/chain-simulator.pem", str(cert))
                .replace("/etc/ssl/private/chain-simulator.key", str(key)))
        (self.tmp / "site.conf").write_text(site)
        main = self.tmp / "nginx.conf"
        main.write_text(
            f"daemon off;\npid {self.tmp}/nginx.pid;\nerror_log {self.tmp}/nginx-error.log;\n"
            "worker_processes 1;\nevents { worker_connections 1024; }\nhttp {\n"
            f"  access_log off;\n  client_body_temp_path {self.tmp}/body;\n"
            f"  proxy_temp_path {self.tmp}/proxy;\n  include {self.tmp}/site.conf;\n}}\n")
        proc = self._spawn("nginx", ["nginx", "-c", str(main), "-p", str(self.tmp)])
        self._wait("nginx", https, proc)
        return https


def _stop(proc: subprocess.Popen) -> None:
    """Stop a server and its children (its process group): TERM, then KILL after 10 s."""
    if proc.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(5)


def site_env(database_url: str, redis_url: str = "", **extra: str) -> dict[str, str]:
    """The environment of a worker: debug off, this database and channel layer."""
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DJANGO_SECURE")}
    env.update({
        "DJANGO_SETTINGS_MODULE": "simulator.settings",
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": "scaleout-" + os.urandom(24).hex(),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DATABASE_URL": database_url,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    })
    if redis_url:
        env["REDIS_URL"] = redis_url
    env.update(extra)
    return env


def migrate(env: dict[str, str]) -> None:
    """``manage.py migrate`` with this environment."""
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput"], cwd=ROOT, env=env,
                   check=True, capture_output=True, timeout=300)
