"""When two answer options say the same thing. Pure.

Numbers are read before any text normalisation, with their signs, decimal points, thousands
separators and fractions (`-5`, `1,000`, `.25`, `1/2`), as exact rationals; the rest of the
text is its skeleton: each number replaced by `#`, casefolded, split into words and the math
symbols `+ - * / = < > ^ % ° × ÷ √ π`, other punctuation and spaces dropped. Two options are
the same when their numbers are equal in order (so `5` and `5.0`, `0.5` and `1/2` are, `5`
and `-5`, `12` and `1/2`, `1.2346 m/s` and `1.2345 m/s` are not) and their skeletons are
equal. Options without numbers are also the same when their skeletons differ by one typo:
one word of at least 6 letters one edit (insertion, deletion, substitution or swap of
neighbours) away from its counterpart; or, for options of at least LONG_OPTION_CHARS
characters, when their texts (skeleton words joined by spaces) are one such edit apart,
spaces included (`political acts` / `political ats`, `when an` / `whenan` in a sentence).
Short options and longer edits carry meaning (`I and II only` / `I and III only`, `increase` /
`decrease`, `Infinity` / `-Infinity` differ).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

TYPO_MIN_LETTERS = 6
LONG_OPTION_CHARS = 24
MINUS = "\\-\u2212\u2013"  # hyphen-minus, minus sign, en dash
# a sign belongs to the number when nothing but a space, "(", "=", ",", ":" or the start of
# the text comes before it; "5 - 3" and "5-3" keep "-" as an operator
NUMBER = re.compile(
    rf"(?:^|(?<=[\s(=,:\[]))(?P<sign>[+{MINUS}])(?=\.?\d)"
    r"|(?P<int>\d{1,3}(?:,\d{3})+(?!\d)|\d+)?(?P<frac>\.\d+)?")
TOKEN = re.compile(r"[^\W_]+|[+\-*/=<>^%°#×÷√π]")


@dataclass(frozen=True)
class OptionText:
    numbers: tuple[Fraction, ...]
    skeleton: tuple[str, ...]


def read(text: str) -> OptionText:
    """The numbers of an option in order, and the text around them."""
    numbers: list[Fraction] = []
    out: list[str] = []
    sign = 1
    pos = 0
    for match in NUMBER.finditer(text):
        if match.start() == match.end():
            continue
        out.append(text[pos:match.start()])
        pos = match.end()
        if match["sign"]:
            sign = 1 if match["sign"] == "+" else -1
            continue
        digits = (match["int"] or "0").replace(",", "") + (match["frac"] or "")
        numbers.append(sign * Fraction(digits))
        sign = 1
        out.append("#")
    out.append(text[pos:])
    plain = re.sub(r"[\u2212\u2013]", "-", "".join(out).casefold())
    skeleton = tuple(TOKEN.findall(plain))
    if len(numbers) == 2 and skeleton == ("#", "/", "#") and numbers[1] != 0:
        return OptionText((numbers[0] / numbers[1],), ("#",))  # "1/2" is the number 0.5
    return OptionText(tuple(numbers), skeleton)


def same(a: str, b: str) -> bool:
    """Whether two options say the same thing (see the module's docstring)."""
    x, y = read(a), read(b)
    if x.numbers != y.numbers:
        return False
    if x.skeleton == y.skeleton:
        return True
    if x.numbers:
        return False
    text_x, text_y = " ".join(x.skeleton), " ".join(y.skeleton)
    if min(len(text_x), len(text_y)) >= LONG_OPTION_CHARS and _one_edit(text_x, text_y):
        return True
    if len(x.skeleton) != len(y.skeleton):
        return False
    differ = [(u, v) for u, v in zip(x.skeleton, y.skeleton, strict=True) if u != v]
    return len(differ) == 1 and _typo(*differ[0])


def _typo(u: str, v: str) -> bool:
    """Two words of at least TYPO_MIN_LETTERS letters one edit apart."""
    if min(len(u), len(v)) < TYPO_MIN_LETTERS or not (u.isalpha() and v.isalpha()):
        return False
    return _one_edit(u, v)


def _one_edit(u: str, v: str) -> bool:
    """One insertion, deletion, substitution or swap of neighbours apart."""
    if len(u) == len(v):
        diffs = [i for i in range(len(u)) if u[i] != v[i]]
        return len(diffs) == 1 or (len(diffs) == 2 and diffs[1] == diffs[0] + 1
                                   and u[diffs[0]] == v[diffs[1]] and u[diffs[1]] == v[diffs[0]])
    short, long = sorted((u, v), key=len)
    if len(long) - len(short) != 1:
        return False
    return any(long[:i] + long[i + 1:] == short for i in range(len(long)))


def empty(text: str) -> bool:
    return not read(text).skeleton
