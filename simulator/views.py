"""HTTP views. Keep them thin: game logic belongs in the engine package."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "simulator/home.html")
