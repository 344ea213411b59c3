"""Adapters for spreadsheets: reading weekly lines (xlsx/csv) and writing cards and templates (xlsx).

Imports: core only (and openpyxl, csv).
"""
