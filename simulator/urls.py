"""URL configuration for the chain simulator."""

from django.urls import path

from simulator import views

urlpatterns = [
    path("", views.home, name="home"),
]
