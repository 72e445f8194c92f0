from django.apps import AppConfig


class SimulatorConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "simulator"
    verbose_name = "Chain simulator"

    def ready(self) -> None:
        from django.db.backends.signals import connection_created

        from .sqlite import keep_open

        connection_created.connect(keep_open, dispatch_uid="simulator.sqlite.keep_open")
