"""``python -m cardrules``: the same command as the ``cardrules`` console script."""

from __future__ import annotations

from cardrules.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
