"""The test suite of Tarokk Admin; ``ROOT`` is the repository."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
