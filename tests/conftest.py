"""Settings for every test: property tests (Hypothesis) have no time limit per
example, since a time limit measures the machine's load, not the code; speed is
measured by the scripts under bench/."""

from hypothesis import settings

settings.register_profile("companion", deadline=None)
settings.load_profile("companion")
