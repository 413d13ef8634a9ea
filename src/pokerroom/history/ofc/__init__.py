"""Open-face Chinese hand records: the model, its TOML form, and replaying one."""
