"""A Pygments lexer for gpuisa assembly.

Registered as the ``gpuisa`` Pygments plugin (entry point in pyproject), so
``pygmentize -l gpuisa prog.s`` works and any tool using Pygments can
highlight the language.  The manual uses it for ``asm`` code blocks.

Token types (stable: tests and style sheets rely on them):

=====================================  ==========================
what                                   token
=====================================  ==========================
mnemonic (``SHFL``)                    ``Keyword``
modifier after the mnemonic (``.UP``)  ``Name.Attribute``
register (``R0`` ``RZ`` ``UR4`` ``P0``  ``Name.Builtin``
``PT`` ``UP1`` ``B3`` ``SR_LANEID``,
``c`` of ``c[0x0][0x10]``)
guard ``@`` / ``@!`` before a          ``Operator`` (the predicate
predicate                              is ``Name.Builtin``)
operand prefixes ``! ~ - |``           ``Operator``
immediate ``0x1f`` / ``12`` / ``0b1``  ``Number.Hex`` / ``Number.Integer`` / ``Number.Bin``
label definition ``loop:``             ``Name.Label``
label expression `` `(loop+0x10) ``    ``Punctuation`` around, ``Name.Label`` for symbols
control annotation ``$sched=2``        ``Name.Decorator`` (value: a number token)
directive (``.text`` at the start)     ``Keyword.Pseudo``
other names (enum values ``U32``)      ``Name``
``//`` and ``/* */`` comments,         ``Comment.Single`` / ``Comment.Multiline``
``(* *)`` annotations                  ``Comment.Special``
``, ; [ ] { } ( ) :``                  ``Punctuation``
=====================================  ==========================

Syntax templates of the description files (``REDUX{.dtype}.reduxop Rd, Ra``,
``.mode = {.IDX, .UP}``) lex with the same rules.  The lexer never produces
``Error`` tokens: anything unexpected is ``Text``, so pseudo code in an
``asm`` block still renders cleanly.
"""
from __future__ import annotations

from pygments.lexer import RegexLexer, bygroups, default, include
from pygments.token import (Comment, Keyword, Name, Number, Operator, Punctuation, Text,
                            Whitespace)

__all__ = ["GpuisaLexer", "REGISTER_RE"]

#: Register names: general (R0..R255, RZ), uniform (UR*, URZ), predicates
#: (P0..P7, PT, UP*, UPT), barrier registers (B0..B15), special registers
#: (SR_*, with an optional ``.X`` style suffix) and register pairs ``R[8:9]``.
REGISTER_RE = (r"(?:SR_[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*"
               r"|U?R(?:Z|\d+)|U?P(?:T|\d+)|B\d+|UPT|URZ)\b")

_IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
_NUMBER = [
    (r"0[xX][0-9a-fA-F_]+\b", Number.Hex),
    (r"0[bB][01_]+\b", Number.Bin),
    (r"\d+\.\d*(?:[eE][-+]?\d+)?|\d+[eE][-+]?\d+", Number.Float),
    (r"\d+\b", Number.Integer),
]


class GpuisaLexer(RegexLexer):
    """Lexer for gpuisa (SASS-like) assembly and syntax templates."""

    name = "gpuisa"
    aliases = ["gpuisa", "gpuisa-asm"]
    filenames = ["*.gpuisa"]
    mimetypes = ["text/x-gpuisa"]
    url = "https://example.invalid/gpuisa"  # no public home page yet
    version_added = ""

    tokens = {
        "comments": [
            (r"//.*?$", Comment.Single),
            (r"/\*(?:.|\n)*?\*/", Comment.Multiline),
            (r"\(\*(?:.|\n)*?\*\)", Comment.Special),
        ],
        "space": [
            (r"\n", Whitespace),
            (r"[ \t\r\f]+", Whitespace),
        ],
        # start of a statement
        "root": [
            include("space"),
            include("comments"),
            (r";", Punctuation),
            (rf"(\.?{_IDENT})(\s*)(:)(?!:)", bygroups(Name.Label, Whitespace, Punctuation)),
            (r"(@)(!?)(\s*)(" + REGISTER_RE + ")", bygroups(Operator, Operator, Whitespace, Name.Builtin)),
            # ".mode = {.IDX, .UP}" lines of syntax templates
            (rf"(\.{_IDENT})(\s*)(=)", bygroups(Name.Attribute, Whitespace, Operator), "operands"),
            (rf"\.{_IDENT}", Keyword.Pseudo, "operands"),
            (_IDENT, Keyword, "mnemonic"),
            (r"\{", Punctuation),
            (r"\}", Punctuation),
            (r".", Text),
        ],
        # right after the mnemonic: modifiers, optional ones in braces
        "mnemonic": [
            (rf"\.{_IDENT}\*?", Name.Attribute),
            (r"\{(?=\.)", Punctuation),
            (r"\}", Punctuation),
            default(("#pop", "operands")),
        ],
        "operands": [
            (r"\n", Whitespace, "#pop"),
            (r";", Punctuation, "#pop"),
            (r"[ \t\r\f]+", Whitespace),
            include("comments"),
            (r"(\$)([A-Za-z_]\w*)(=?)", bygroups(Name.Decorator, Name.Decorator, Operator)),
            (r"`\(", Punctuation, "labelexpr"),
            (r"(c)(\s*)(?=\[)", bygroups(Name.Builtin, Whitespace)),
            (r"(" + REGISTER_RE + r")(\*?)", bygroups(Name.Builtin, Operator)),
            (r"(U?R)(\[)(\d+)(:)(\d+)(\])",
             bygroups(Name.Builtin, Punctuation, Number.Integer, Punctuation, Number.Integer, Punctuation)),
            *_NUMBER,
            (rf"\.{_IDENT}\*?", Name.Attribute),
            (rf"{_IDENT}(?:\.{_IDENT})*", Name),
            (r"[!~|\-+]", Operator),
            (r"[,\[\]{}():=*]", Punctuation),
            (r".", Text),
        ],
        "labelexpr": [
            (r"\)", Punctuation, "#pop"),
            (r"\(", Punctuation, "#push"),
            (r"\n", Whitespace, "#pop"),
            (r"[ \t]+", Whitespace),
            *_NUMBER,
            (r"\.?[A-Za-z_$][\w.$]*", Name.Label),
            (r"\.", Name.Label),
            (r"[-+*/]", Operator),
            (r".", Text),
        ],
    }
