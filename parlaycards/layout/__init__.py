"""Geometry: where every box and bubble of a card is, in points, card-local, origin bottom-left.

Printing draws exactly these boxes and scanning looks exactly there. No canvas here: only font
metrics (ReportLab's built-in Helvetica widths). Imports: core only.
"""
