"""Open-face Chinese sessions saved as they are played, and read back to resume or export."""
