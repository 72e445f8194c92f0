"""What the site shows of a Tiny board: its mat (the field in the middle, the hand below)."""

MAT = [[("field", -1)], [("hand", -1)]]
NUMBERS = "cost_power"
BOARD_TITLE = "Tiny board"
