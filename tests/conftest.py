"""Settings for every test: property tests (Hypothesis) have no time limit per
example, since a time limit measures the machine's load, not the code; speed is
measured by the scripts under bench/. They draw the same examples at every run
(``derandomize``): a run fails or passes by the code, not by the draw (a deal
of nine aces, drawn once in many runs, failed one run and not the next).

Under pytest-xdist the README's ``-n 2 --dist loadfile --no-loadscope-reorder``
runs each module's tests in one worker (a module's browser tests share one
server, the translation check renders each screen once), handing the modules
out in collection order: the longest first (:data:`LONGEST_FIRST`), so that
neither worker is left alone with one of them at the end while the other has
nothing to do. (``--dist loadgroup`` groups nothing under pytest 9: it renames
a test's node id, which pytest 9 no longer reads.)"""

from hypothesis import settings

settings.register_profile("companion", deadline=None, derandomize=True)
settings.load_profile("companion")

LONGEST_FIRST = (
    "e2e/test_table.py",
    "e2e/test_pad_table.py",
    "e2e/test_ask.py",
    "e2e/test_play.py",
    "e2e/test_rules.py",
    "test_every_screen_translated.py",
    "e2e/test_board_page.py",
    "test_store_kill.py",
    "test_startup.py",
    "test_store_model.py",
    "e2e/test_join.py",
    "e2e/test_language.py",
    "test_store_crash.py",
    "test_backup.py",
    "e2e/test_live_table.py",
    "e2e/test_files.py",
    "test_store_damage.py",
    "test_up_to_nine.py",
    "test_rules_own_words.py",
    "e2e/test_kept_sheet.py",
    "test_pad_races.py",
)
"""Modules (under tests/) whose tests take longest together, longest first
(about 40 to 360 s each in a run of the whole suite on a loaded machine):
they go before every other module, which keep their order."""


def pytest_collection_modifyitems(config, items):
    """Put the tests of the :data:`LONGEST_FIRST` modules first, in that order,
    each module's tests and every other test keeping their order."""
    tests = config.rootpath / "tests"
    rank = {name: place for place, name in enumerate(LONGEST_FIRST)}

    def place(item) -> int:
        try:
            name = item.path.relative_to(tests).as_posix()
        except ValueError:
            return len(LONGEST_FIRST)
        return rank.get(name, len(LONGEST_FIRST))

    items.sort(key=place)
