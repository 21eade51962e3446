"""The packages of the wheel: the code's, and the top-level pages and static files as two more.

pyproject.toml cannot list found packages and mapped folders together, so they are listed here;
the folders' mapping and their files are in pyproject.toml.
"""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["scorekeeper", "scorekeeper.*"]),
                "scorekeeper.templates", "scorekeeper.static"])
