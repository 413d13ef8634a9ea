"""The table and the home series (section H): seats, button and blinds, eliminations."""
