"""Use cases: one function per thing a user does, one transaction per call.

Services run without Typer. They raise ParlayError for anything a user can fix.
Imports: core, io, store, render, layout, scan.
"""
