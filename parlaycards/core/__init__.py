"""The pure domain: models, line notation, odds, settlement, pick'em scoring.

No I/O, no Typer, no ReportLab, no SQL. Every other package may import this one;
this one imports only the standard library and pydantic.
"""
