"""The `grimorio` command line."""
