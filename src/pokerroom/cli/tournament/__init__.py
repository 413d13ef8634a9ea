"""`pokerroom tournament`: run, play, view, export and look back on tournaments at the terminal."""
