"""The start bench's verdict (bench/startup.py, ``print_first_frames``): medians of
the runs to the text written in the page, to the text seen by Playwright's wait,
and of the server's CPU, with main.py's ratios to hello-world; the verdict reads
the ratio to the text in the page, which no polling delays."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from startup import FirstFrame, print_first_frames  # noqa: E402


def test_the_verdict_reads_the_text_in_the_page_and_the_wait_and_the_cpu_are_printed_beside_it(capsys):
    hello = [FirstFrame(4.0, 4.5, 1.0), FirstFrame(5.0, 5.0, 1.2), FirstFrame(6.0, 6.1, 1.1)]
    app = [FirstFrame(5.5, 6.0, 1.5), FirstFrame(5.75, 6.5, 1.65), FirstFrame(7.0, 7.0, 1.7)]

    print_first_frames(hello, app)

    assert capsys.readouterr().out.splitlines() == [
        "  hello-world Flet app    5.00 s to the text in the page   (runs: 4.00, 5.00, 6.00 s)",
        "                          5.00 s to the text seen by the wait   (runs: 4.50, 5.00, 6.10 s)   "
        "server CPU  1.10 s",
        "  Companion main.py       5.75 s to the text in the page   (runs: 5.50, 5.75, 7.00 s)",
        "                          6.50 s to the text seen by the wait   (runs: 6.00, 6.50, 7.00 s)   "
        "server CPU  1.65 s",
        "  ratio 1.15x   target <= 1.2x   ok   (to the text seen by the wait: 1.30x; "
        "server CPU to the first frame: 1.50x)",
    ]


def test_a_ratio_to_the_text_in_the_page_over_the_target_is_told_by_how_much(capsys):
    print_first_frames([FirstFrame(5.0, 5.0, 1.0)], [FirstFrame(6.5, 6.5, 1.0)])

    assert capsys.readouterr().out.splitlines()[-1] == (
        "  ratio 1.30x   target <= 1.2x   OVER TARGET by 8%   (to the text seen by the wait: 1.30x; "
        "server CPU to the first frame: 1.00x)"
    )
