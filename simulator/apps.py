from django.apps import AppConfig


class SimulatorConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "simulator"
    verbose_name = "Chain simulator"

    def ready(self) -> None:
        from django.conf import settings
        from django.db.backends.signals import connection_created

        from engine import games

        games.use(settings.CHAIN_GAMES)  # the games played, by import path

        from .sqlite import keep_open

        connection_created.connect(keep_open, dispatch_uid="simulator.sqlite.keep_open")
