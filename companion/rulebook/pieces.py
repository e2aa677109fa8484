"""Rules texts as pieces a screen lays out: Markdown text runs and tables.

Splits a block or section of a rules text into its text and its tables, and
flattens Markdown to one line of plain text for the search.  It imports no UI.
"""

from __future__ import annotations

import re

Table = tuple[tuple[str, ...], ...]
"""A table of a rules text: rows of cell texts (Markdown), the header row first."""

def pieces(markdown: str) -> tuple[str | Table, ...]:
    """Split Markdown into text and tables, in reading order.

    Args:
        markdown: a block or section of a rules text, figures filled in.

    Returns:
        Markdown strings (paragraphs and lists, blank lines kept between
        them) and tables (a ``Table``: rows of stripped cells, header first,
        the ``|---|`` line dropped), so a screen can lay tables out itself.
    """
    found: list[str | Table] = []
    for chunk in re.split(r"\n\s*\n", markdown.strip()):
        lines = [line for line in chunk.splitlines() if line.strip()]
        if not lines:
            continue
        if lines[0].lstrip().startswith("|"):
            found.append(tuple(
                tuple(cell.strip() for cell in line.strip().strip("|").split("|"))
                for line in lines if not re.fullmatch(r"\|?[-:| ]+\|?", line.strip())
            ))
        elif found and isinstance(found[-1], str):
            found[-1] += "\n\n" + chunk.strip()
        else:
            found.append(chunk.strip())
    return tuple(found)


def _plain(markdown: str) -> str:
    """Markdown as plain text on one line: no emphasis, table bars or list signs."""
    text = re.sub(r"^\|?[-| ]+\|$", " ", markdown, flags=re.MULTILINE)
    text = re.sub(r"^\s*(?:[-*]|\d+\.)\s+", "", text, flags=re.MULTILINE)
    text = text.replace("**", "").replace("|", " ")
    return " ".join(text.split())
