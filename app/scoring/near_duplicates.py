"""Near-duplicate items: MinHash signatures of word n-gram sets, LSH banding for candidate
pairs, then the exact Jaccard similarity of each candidate, so every reported pair is at or
above the threshold. LSH only prunes: its banding is set for a threshold CANDIDATE_MARGIN
below the asked one, so that a pair just at the threshold is not lost to the banding's
S-curve (at the threshold itself it would be missed about half the time). Clusters are the
connected components of the pairs. Pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from app.scoring.text_ngrams import ngrams, words

NUM_PERM = 128
SEED = 1
CANDIDATE_MARGIN = 0.2


@dataclass(frozen=True)
class Pair:
    a: int
    b: int
    jaccard: float


def jaccard(x: set[str], y: set[str]) -> float:
    return len(x & y) / len(x | y) if x or y else 1.0


def pairs(texts: Mapping[int, str], n: int, threshold: float) -> list[Pair]:
    """Pairs of keys whose texts' word n-gram sets have Jaccard similarity >= threshold."""
    # imported here: datasketch imports scipy's integrators, half a second of every
    # process's start otherwise
    from datasketch import MinHash, MinHashLSH

    keys = sorted(texts)
    sets = {k: ngrams(words(texts[k]), n) for k in keys}
    keys = [k for k in keys if sets[k]]
    signatures = MinHash.bulk([[g.encode() for g in sets[k]] for k in keys],
                              num_perm=NUM_PERM, seed=SEED)
    lsh = MinHashLSH(threshold=max(0.05, threshold - CANDIDATE_MARGIN), num_perm=NUM_PERM)
    found: list[Pair] = []
    for key, signature in zip(keys, signatures, strict=True):
        for other in lsh.query(signature):
            similarity = jaccard(sets[key], sets[other])
            if similarity >= threshold:
                found.append(Pair(min(key, other), max(key, other), similarity))
        lsh.insert(key, signature)
    return sorted(found, key=lambda p: (p.a, p.b))


def clusters(found: Sequence[Pair]) -> list[list[int]]:
    """Connected components of the pairs, each sorted, ordered by their first key."""
    parent: dict[int, int] = {}

    def root(x: int) -> int:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for p in found:
        parent[root(p.a)] = root(p.b)
    groups: dict[int, list[int]] = {}
    for x in parent:
        groups.setdefault(root(x), []).append(x)
    return sorted((sorted(g) for g in groups.values()), key=lambda g: g[0])
