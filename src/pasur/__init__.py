"""Pasur, the Persian fishing card game: rules engine, bots, score tracker and online play."""

__version__ = "0.1.0"
