"""URL configuration for the chain simulator."""

from django.urls import path

from simulator import views

urlpatterns = [
    path("", views.home, name="home"),
    path("boards/new", views.new_board, name="new_board"),
    path("boards/import", views.board_import, name="board_import"),
    path("scenarios/<str:game>/<slug:slug>/open", views.open_scenario, name="open_scenario"),
    path("b/<str:slug>/", views.board_page, name="board"),
    path("b/<str:slug>/at/<int:k>/", views.board_at, name="board_at"),
    path("b/<str:slug>/edit/<str:key>/", views.edit_link, name="edit_link"),
    path("b/<str:slug>/seat/<str:key>/", views.seat_link, name="seat_link"),
    path("b/<str:slug>/act", views.board_act, name="board_act"),
    path("b/<str:slug>/card/<int:iid>/menu", views.card_menu, name="card_menu"),
    path("b/<str:slug>/ruling", views.board_ruling, name="board_ruling"),
    path("b/<str:slug>/step", views.board_step, name="board_step"),
    path("b/<str:slug>/script", views.board_script, name="board_script"),
    path("b/<str:slug>/undo", views.board_undo, name="board_undo"),
    path("b/<str:slug>/auto", views.board_auto, name="board_auto"),
    path("b/<str:slug>/seats", views.board_seats, name="board_seats"),
    path("b/<str:slug>/rotate", views.board_rotate, name="board_rotate"),
    path("b/<str:slug>/delete", views.board_delete, name="board_delete"),
    path("b/<str:slug>/fork", views.board_fork, name="board_fork"),
    path("b/<str:slug>/rerun", views.board_rerun, name="board_rerun"),
    path("b/<str:slug>/export.yaml", views.board_export, name="board_export"),
    path("b/<str:slug>/chain.svg", views.board_chain_svg, name="board_chain_svg"),
    path("b/<str:slug>/qr.svg", views.board_qr, name="board_qr"),
    path("embed/<str:slug>/", views.embed, name="embed"),
    path("b/<str:slug>/present/", views.present, name="present"),
    path("b/<str:slug>/follow/", views.follow, name="follow"),
    path("b/<str:slug>/present", views.present_step, name="present_step"),
    path("b/<str:slug>/caption", views.caption, name="caption"),
    path("b/<str:slug>/at/<int:k>/partials", views.step_partials, name="step_partials"),
    path("lessons/new", views.new_lesson, name="new_lesson"),
    path("lessons/<str:slug>/<int:n>/", views.lesson, name="lesson"),
    path("s/<str:link>/", views.snapshot, name="snapshot"),
    path("s/<str:link>/copy", views.snapshot_copy, name="snapshot_copy"),
    path("cards/", views.card_search, name="card_search"),
    path("rules/", views.rules, name="rules"),
    path("rules/<str:rule_id>/", views.rule, name="rule"),
]
