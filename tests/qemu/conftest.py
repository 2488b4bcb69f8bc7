# SPDX-License-Identifier: BSD-2-Clause
"""pytest fixtures for QEMU tests: a `guest` factory that always cleans up."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from napkin_qemu import Guest  # noqa: E402


@pytest.fixture
def guest(request):
    """Call guest(**kwargs) to boot; every guest started is stopped afterwards."""
    started: list[Guest] = []

    def start(**kwargs) -> Guest:
        name = re.sub(r"[^A-Za-z0-9_.-]", "_", request.node.name) + (
            f"-{len(started)}" if started else "")
        g = Guest(name, **kwargs)
        started.append(g)
        return g

    yield start
    failed = getattr(request.node, "rep_call", None) is not None and request.node.rep_call.failed
    for g in started:
        g.stop()
        if failed:
            print(f"\nserial log kept: {g.log_path}")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, "rep_" + rep.when, rep)
