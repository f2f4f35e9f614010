"""requirements.lock pins a version for every range in pyproject.toml, within it."""

from __future__ import annotations

import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent


def test_the_lock_satisfies_every_declared_dependency():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    declared = project["dependencies"] + project["optional-dependencies"]["dev"]
    locked = {}
    for line in (ROOT / "requirements.lock").read_text().splitlines():
        if line and not line.startswith("#"):
            name, _, version = line.partition("==")
            locked[canonicalize_name(name)] = version
    for spec in map(Requirement, declared):
        name = canonicalize_name(spec.name)
        assert name in locked, f"{spec.name} is not in requirements.lock"
        assert spec.specifier.contains(locked[name], prereleases=True), (
            f"requirements.lock has {spec.name}=={locked[name]}, outside {spec}"
        )
