"""One module per mistake type; every module here is imported, which registers its detector.

To add a detector, add a module with a function decorated ``@detector("your_type")``: no
list to edit, no other detector to touch.
"""

from __future__ import annotations

import importlib
import pkgutil

for _module in sorted(m.name for m in pkgutil.iter_modules(__path__)):
    importlib.import_module(f"{__name__}.{_module}")
