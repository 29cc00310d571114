# Lets `python3 -m unittest discover -s tests -t .` (run from libs/client-python) import the test
# support package by its top-level name, as a run from inside tests/ does.
import sys
from pathlib import Path

_here = str(Path(__file__).resolve().parent)
if _here not in sys.path:
    sys.path.insert(0, _here)
