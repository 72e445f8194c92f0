"""URL configuration for the chain simulator."""

from django.urls import path

from simulator import views

urlpatterns = [
    path("", views.home, name="home"),
    path("boards/new", views.new_board, name="new_board"),
    path("scenarios/<str:game>/<slug:slug>/open", views.open_scenario, name="open_scenario"),
    path("b/<str:slug>/", views.board_page, name="board"),
    path("b/<str:slug>/act", views.board_act, name="board_act"),
    path("b/<str:slug>/step", views.board_step, name="board_step"),
    path("b/<str:slug>/undo", views.board_undo, name="board_undo"),
    path("b/<str:slug>/auto", views.board_auto, name="board_auto"),
    path("cards/", views.card_search, name="card_search"),
    path("rules/", views.rules, name="rules"),
    path("rules/<str:rule_id>/", views.rule, name="rule"),
]
