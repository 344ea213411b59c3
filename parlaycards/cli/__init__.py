"""The Typer shell: parse arguments, call one service function, print. Nothing else.

Heavy libraries (SQLAlchemy, ReportLab, openpyxl, pydantic models) are imported inside commands,
never at module level, so `parlaycards --help` stays fast.
"""
