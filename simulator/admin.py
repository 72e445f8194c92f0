"""The site's admin: the ruling reports visitors sent, for the maintainers."""

from django.contrib import admin

from .models import RulingReport


@admin.register(RulingReport)
class RulingReportAdmin(admin.ModelAdmin):
    list_display = ("created", "board", "step", "note")
    list_filter = ("created",)
    search_fields = ("board", "note")
    readonly_fields = ("board", "step", "note", "created")
