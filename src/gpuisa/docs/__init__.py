"""The reference manual, generated from the instruction database.

    gpuisa docs --out site/                  # HTML: open site/index.html
    gpuisa docs --out md/ --format markdown  # Markdown tree

Modules: :mod:`.model` (what is shown: pages, diagrams, tables, examples,
search index), :mod:`.mdtext` (description texts: Markdown -> HTML with cross
references), :mod:`.site` (writes files through the jinja2 templates in
``templates/``), :mod:`.lexer` (the Pygments lexer of the assembly language),
:mod:`.cli` (the ``docs`` command).
"""
from .site import FORMATS, build, build_html, build_markdown

__all__ = ["FORMATS", "build", "build_html", "build_markdown"]
