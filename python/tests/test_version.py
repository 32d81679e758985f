"""The package's version is the project's."""

import re
import tomllib

from helpers import REPO


def test_the_package_version_is_the_projects():
    with open(REPO / "python/pyproject.toml", "rb") as f:
        package = tomllib.load(f)["project"]["version"]
    cmake = (REPO / "CMakeLists.txt").read_text()
    project = re.search(r"project\(rooflab VERSION ([0-9.]+)", cmake)
    assert package == project.group(1)
