"""PDF output with ReportLab: draws the boxes layout/ computed, never a coordinate of its own.

Imports: core, layout.
"""
