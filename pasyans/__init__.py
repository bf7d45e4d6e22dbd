"""pasyans"""

import os as _os
import sys as _sys

import _signal  # the C module: at once (``signal`` builds its enums first: a Ctrl-C then was a traceback)


def _stop_quietly(_signum, _frame):
    try:  # the line a later Ctrl-C gives (nothing was written yet)
        _sys.stderr.write("error: interrupted before the command began; nothing was done\n")
        _sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        pass
    raise SystemExit(130)


def started() -> None:
    """The ``pasyans`` command's modules are loaded: Ctrl-C raises ``KeyboardInterrupt`` again
    (the command line's edge says «interrupted» and removes what a build was writing)."""
    if _signal.getsignal(_signal.SIGINT) is _stop_quietly:
        _signal.signal(_signal.SIGINT, _signal.default_int_handler)


# The ``pasyans`` command: a Ctrl-C while its modules load (the first ~0.3 s) ends it with status 130
# and «error: interrupted», as later (no traceback; it printed a KeyboardInterrupt traceback from the
# import). pasyans.cli calls started() once loaded. Other programs importing pasyans keep their own handler.
if (_os.path.basename(_sys.argv[0] if _sys.argv else "") == "pasyans"
        and _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler):
    _signal.signal(_signal.SIGINT, _stop_quietly)
