"""The ``pasur`` command line: one module per command, wired together in :mod:`pasur.cli.main`."""
