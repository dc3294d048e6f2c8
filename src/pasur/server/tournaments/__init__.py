"""Tournaments: Swiss (fixed rounds, no repeat pairings) and arena (re-paired as games end).

The pairing and standings modules here are pure and deterministic (no I/O, no clock, no
randomness) so that a tournament replayed from its stored results always gives the same
pairings and the same table of standings, on any process and after any restart.
"""
