"""Game packages kept for the tests: games the site plays without a change outside them."""
