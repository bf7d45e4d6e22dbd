"""The bench scripts as modules for the tests (``bench/`` is no package): ``load_bench("segmentation")``."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parent.parent / "bench"


def load_bench(name: str) -> ModuleType:
    """``bench/NAME.py`` executed afresh as module ``bench_NAME``, registered in ``sys.modules``
    (dataclasses look their module up). Raises FileNotFoundError for an unknown NAME."""
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
