"""Only the long description for PyPI (everything else is in pyproject.toml).

README.md links its pictures and documents relatively, which works in a checkout
and on the repository's page but not on PyPI: here every relative link becomes an
absolute one into the repository named by [project.urls] Source in pyproject.toml,
at this version's tag (images from raw.githubusercontent.com, documents from the
tree). `python3 tasks.py test` builds the sdist and wheel and runs `twine check`.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).resolve().parent
LINK = re.compile(r"(!?)\[([^\]]*)\]\(([^)\s]+)\)")


def absolute_readme(text: str, source: str, ref: str) -> str:
    """`text` with every relative Markdown link made absolute: images (`![…](…)`) to
    the raw file at `ref`, other links to the repository's page for it."""
    owner_repo = source.rstrip("/").removeprefix("https://github.com/")

    def fix(m: re.Match[str]) -> str:
        bang, label, target = m.groups()
        if re.match(r"^[a-z][a-z0-9+.-]*:|^#", target):  # http:, mailto:, an anchor
            return m.group(0)
        path = target.removeprefix("./")
        if path.startswith("../../"):  # a page of the repository's site: ../../releases
            return f"{bang}[{label}]({source.rstrip('/')}/{path.removeprefix('../../')})"
        if bang or target.endswith((".png", ".jpg", ".gif", ".svg")):
            url = f"https://raw.githubusercontent.com/{owner_repo}/{ref}/{path}"
        else:
            url = f"{source.rstrip('/')}/blob/{ref}/{path}"
        return f"{bang}[{label}]({url})"

    return LINK.sub(fix, text)


def long_description() -> str:
    project = tomllib.loads((HERE / "pyproject.toml").read_text("utf-8"))["project"]
    readme = (HERE / "README.md").read_text("utf-8")
    return absolute_readme(readme, project["urls"]["Source"], f"v{project['version']}")


setup(
    long_description=long_description(),
    long_description_content_type="text/markdown",
    # setuptools' scratch folder inside build/setuptools, not build/ itself: the sdist
    # leaves out the build base, and build/ holds the build scripts the sdist must carry
    options={"build": {"build_base": "build/setuptools"}},
)
