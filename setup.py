"""The packages of the wheel: the code's, and the top-level pages and static files as two more;
and the translations compiled for it.

pyproject.toml cannot list found packages and mapped folders together, so they are listed here;
the folders' mapping and their files are in pyproject.toml.

The catalogues are kept as text (`scorekeeper/translations/<lang>/LC_MESSAGES/messages.po`)
and compiled to the `.mo` files gettext reads when the package is built: `build_py` runs for a
wheel, for `pip install .` and for `pip install -e .` alike (an editable install compiles them
in place, beside the .po files), so a fresh clone installed by the README's command serves
translated pages. The .mo files are never committed (.gitignore).
"""

from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from setuptools import find_packages, setup
from setuptools.command.build_py import build_py

CATALOGUES = Path(__file__).resolve().parent / "scorekeeper" / "translations"


def compile_catalogues() -> None:
    """Write each language's .mo from its .po, where the .po is newer (fuzzy entries left out,
    as gettext's own compiler does)."""
    for po in sorted(CATALOGUES.glob("*/LC_MESSAGES/messages.po")):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as text:
            catalogue = read_po(text, locale=po.parent.parent.name)
        with mo.open("wb") as compiled:
            write_mo(compiled, catalogue)


class BuildWithCatalogues(build_py):
    """Build the package with its translations compiled first, so they are package data."""

    def run(self) -> None:
        compile_catalogues()
        super().run()


setup(
    packages=[
        *find_packages(include=["scorekeeper", "scorekeeper.*"]),
        "scorekeeper.templates",
        "scorekeeper.static",
    ],
    cmdclass={"build_py": BuildWithCatalogues},
)
