"""The terminal table (Textual)."""
