"""The reliability probe's families, one module per kind of trouble (see probe_reliability.py)."""
