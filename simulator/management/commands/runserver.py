"""``manage.py runserver``: Daphne's development server (HTTP and websockets), its request
heads bounded as every server of the site bounds them (simulator.heads): a too long address
is answered 414 and too large header fields 431 (simulator.daphne_http)."""

from daphne.management.commands.runserver import Command as DaphneCommand

from simulator.daphne_http import Server


class Command(DaphneCommand):
    server_cls = Server
