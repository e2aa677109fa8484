"""Settings for every test: property tests (Hypothesis) have no time limit per
example, since a time limit measures the machine's load, not the code; speed is
measured by the scripts under bench/.

Under pytest-xdist (the README's ``-n 2 --dist loadgroup``) the longest
modules are handed out first, so that neither worker is left alone with one
of them at the end while the other has nothing to do."""

from hypothesis import settings

settings.register_profile("companion", deadline=None)
settings.load_profile("companion")

LONGEST_FIRST = (
    "test_store_kill.py",
    "test_store_model.py",
    "test_store_crash.py",
    "test_backup.py",
    "test_every_screen_translated.py",
    "test_startup.py",
    "test_store_damage.py",
)
"""Modules whose tests take longest (about 30 to 110 s for one test, or a
minute or more for the module), longest first: they go before every other
module. ``--dist loadgroup`` hands out the groups of browser tests that
share a server first (most tests first), then every other test one by
one in this order."""


def pytest_collection_modifyitems(items):
    """Put the tests of the :data:`LONGEST_FIRST` modules first, in that order,
    each module's tests and every other test keeping their order."""
    rank = {name: place for place, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(LONGEST_FIRST)))
