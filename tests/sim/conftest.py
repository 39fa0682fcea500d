"""Shared pieces of the simulation tests."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "ray: runs games on a local Ray of 2 CPUs (Ray is a dev dependency: these "
        "tests run in the normal suite)")
