"""Table mode: a hand followed meld by meld as it is laid, then saved like any hand; its
pages, the forms of each action, and the form that fixes a saved hand's table."""
