"""Sphinx configuration for the cardrules documentation.

Needs the package and the ``docs`` extra installed (``pip install -e '.[docs]'``).
Built by ``.ci/run`` with warnings as errors and nitpicky references::

    sphinx-build -n -W --keep-going -b html docs docs/_build/html
    sphinx-build -n -W --keep-going -b doctest docs docs/_build/doctest

Offline builds must pass, so intersphinx (which downloads other projects'
inventories) is only enabled with ``CARDRULES_INTERSPHINX=1``.
"""

import doctest
import enum
import os
import re
import sys
from pathlib import Path

import cardrules

# The how-to on writing a variant runs the example plugins from the repository.
for _plugin in ("whist_plugin", "ohhell_plugin"):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples" / _plugin))

# -- Project -------------------------------------------------------------------

project = "cardrules"
author = "The cardrules developers"
copyright = f"2026, {author}"
version = release = cardrules.__version__

# -- General -------------------------------------------------------------------

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "myst_parser",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]

# Nitpicky mode is switched on by ``sphinx-build -n``: every cross-reference
# target that cannot be resolved (types in signatures and docstrings included)
# then fails the build. List each deliberate exception here as
# ``("py:class", "dotted.Name")``, with a comment saying why.
# Every cross-reference must resolve, in every build (Read the Docs passes -W but not -n).
nitpicky = True
# The type variable of a generic base (ValueAction[V]) is not an object to link to.
nitpick_ignore: list[tuple[str, str]] = [("py:class", "V"), ("py:class", "cardrules.actions.V")]

# Projects whose objects are linked through intersphinx when it is enabled.
_linked_projects = {
    "python": "https://docs.python.org/3",
    "attrs": "https://www.attrs.org/en/stable",
    "typing_extensions": "https://typing-extensions.readthedocs.io/en/latest",
}

if os.environ.get("CARDRULES_INTERSPHINX") == "1":
    extensions.append("sphinx.ext.intersphinx")
    intersphinx_mapping = {name: (url, None) for name, url in _linked_projects.items()}
    nitpick_ignore_regex: list[tuple[str, str]] = []
else:
    # Offline, references into the standard library (``collections.abc.Mapping``,
    # ``random.Random``; builtins and ``typing`` names resolve anyway), attrs and
    # typing_extensions cannot be resolved. Ignore only those; references to
    # cardrules' own objects are still checked. With CARDRULES_INTERSPHINX=1
    # they are all resolved and checked.
    _external = sorted(sys.stdlib_module_names | {"attr", "attrs", "typing_extensions"})
    nitpick_ignore_regex = [(r"py:.*", rf"(?:{'|'.join(map(re.escape, _external))})\..+")]

# -- autodoc / napoleon --------------------------------------------------------

autodoc_typehints = "description"
# Defaults as written in the source (``deals=ALL``), not as their repr (a sentinel's
# ``<object object at …>``, an options object's many lines).
autodoc_preserve_defaults = True
autodoc_member_order = "bysource"
napoleon_google_docstring = True
napoleon_numpy_docstring = False

# -- doctest (``-b doctest``) ----------------------------------------------------

doctest_global_setup = "import cardrules"
# Same flags as pytest's ``doctest_optionflags`` in pyproject.toml, so an
# example behaves the same under pytest and under Sphinx.
doctest_default_flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE

# -- MyST ----------------------------------------------------------------------

myst_enable_extensions = ["colon_fence", "substitution"]
# Text that names this version, taken from the package: ``{{ version_output }}``.
myst_substitutions = {"version_output": f"`cardrules {release} (pure Python)`"}
# Anchors for headings down to level 3, so README links like ``(#usage)`` resolve.
myst_heading_anchors = 3

# -- HTML ----------------------------------------------------------------------

html_theme = "furo"
html_title = f"cardrules {release}"
html_static_path = ["_static"]
# Long doctest lines wrap in their box instead of being cut at its edge.
html_css_files = ["cardrules.css"]


# -- A class's constructor has no return type -----------------------------------


def _drop_class_return_type(app: object, what: str, name: str, *_: object) -> None:
    """Forget the return annotation recorded for a class (a ``__new__`` returns the
    class itself), so its description shows no "Return type"."""
    if what in {"class", "exception"}:
        env = app.env  # type: ignore[attr-defined]
        env.current_document.autodoc_annotations.get(name, {}).pop("return", None)


# -- The pages' tables of contents list no enum members ------------------------


def _hide_enum_members_from_toc(app: object, doctree: object) -> None:
    """Keep an enum's members out of "On this page": the class is listed, and its
    members are one line each on the page itself."""
    from sphinx import addnodes

    for sig in doctree.findall(addnodes.desc_signature):  # type: ignore[attr-defined]
        module, fullname = sig.get("module"), sig.get("fullname", "")
        if not module or "." not in fullname:
            continue
        owner: object = sys.modules.get(module)
        for part in fullname.split(".")[:-1]:
            owner = getattr(owner, part, None)
        if isinstance(owner, type) and issubclass(owner, enum.Enum):
            sig["_toc_name"] = ""


def setup(app: object) -> None:
    app.connect("autodoc-process-signature", _drop_class_return_type)  # type: ignore[attr-defined]
    # Before the table-of-contents collector (priority 500) reads the page.
    app.connect("doctree-read", _hide_enum_members_from_toc, priority=400)  # type: ignore[attr-defined]
