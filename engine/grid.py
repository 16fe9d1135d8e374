"""Square-grid cells as [row, col] lists, with the A1-style labels players type and read.

Columns are letters (A is the left column), rows are numbers from 1 at the top.
"""
from __future__ import annotations

import string

Cell = list[int]
ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))


def cells(rows: int, cols: int) -> list[Cell]:
    return [[r, c] for r in range(rows) for c in range(cols)]


def inside(cell: Cell, rows: int, cols: int) -> bool:
    return 0 <= cell[0] < rows and 0 <= cell[1] < cols


def neighbours(cell: Cell, rows: int, cols: int) -> list[Cell]:
    """Orthogonal neighbours inside the grid."""
    r, c = cell
    return [[r + dr, c + dc] for dr, dc in ORTHOGONAL if inside([r + dr, c + dc], rows, cols)]


def label(cell: Cell) -> str:
    return f"{string.ascii_uppercase[cell[1]]}{cell[0] + 1}"


def parse_label(text: str, rows: int, cols: int) -> Cell | None:
    """'b3' or 'B3' -> [2, 1]; None when it names no cell of this grid."""
    text = text.strip().upper()
    if len(text) < 2 or text[0] not in string.ascii_uppercase or not text[1:].isdigit():
        return None
    cell = [int(text[1:]) - 1, string.ascii_uppercase.index(text[0])]
    return cell if inside(cell, rows, cols) else None
