"""Held-out synthetic players and cameras: a second, independent card marker (`marker`) and camera model
(`camera`), written apart from the card reader so that the reader can be measured on marks and pictures
it was never tuned on.

The marker's parts: `hand` (tools, habits, a player's hand), `gestures` (each habit's strokes), `pen`
(strokes rendered into ink on the page); the camera's: `sensor` (noise, dust, JPEG)."""

from .camera import phone, phone_shot, scanner, scanner_shot
from .hand import HABITS, TOOLS, Hand, random_hand
from .marker import draw_erasure, draw_pick, scribble_over

__all__ = [
    "HABITS",
    "TOOLS",
    "Hand",
    "draw_erasure",
    "draw_pick",
    "phone",
    "phone_shot",
    "random_hand",
    "scanner",
    "scanner_shot",
    "scribble_over",
]
