"""API shapes of the content audits: near-duplicates, contamination, option expansion."""

from __future__ import annotations

from pydantic import BaseModel, Field

from app.benchmarks import BenchmarkName, BenchmarkRead
from app.http import RequestModel
from app.records import Interval


class ClusterItemRead(BaseModel):
    benchmark: str
    item_id: int
    external_id: str
    split: str
    subject: str


class LinkRead(BaseModel):
    """One linked pair of a cluster: both items' ids and how similar they are."""

    a: int = Field(description="Item id (the lower of the two)")
    b: int = Field(description="Item id")
    similarity: float = Field(description="Word n-gram Jaccard (cosine similarity with the "
                              "embeddings method)")


class ClusterRead(BaseModel):
    items: list[ClusterItemRead]
    pairs: list[LinkRead] = Field(description="Every pair at or above the threshold that "
                                  "links the cluster's items, with its similarity")
    min_jaccard: float = Field(description="The least similar linked pair in the cluster "
                               "(cosine similarity with the embeddings method)")
    max_jaccard: float
    dropped: list[int] = Field(description="Item ids a derived version without duplicates "
                               "leaves out")


class DuplicatesRead(BaseModel):
    benchmark: str
    split: str | None
    against: list[str] = Field(description="Other benchmarks searched for copies of its items")
    method: str = Field(description="minhash (word n-gram Jaccard) or embeddings (cosine)")
    ngram: int | None
    threshold: float
    n_items: int
    clusters: list[ClusterRead]
    n_dropped: int
    definitions: dict[str, str]


class DuplicatesDeriveIn(RequestModel):
    """A benchmark version without its near-duplicates: the first item of each cluster
    within the benchmark is kept, and items that copy another benchmark's are dropped."""

    name: BenchmarkName
    against: list[str] = Field(default_factory=list, max_length=20)
    ngram: int = Field(default=3, ge=1, le=20)
    threshold: float = Field(default=0.7, gt=0, le=1)


class OverlapRead(BaseModel):
    item_id: int
    external_id: str
    subject: str
    overlap: float = Field(description="Share of the item's n-grams found in the corpus")
    ngrams_found: int
    ngrams: int


class CorpusFileRead(BaseModel):
    filename: str
    characters: int
    documents: int


class ContaminationRead(BaseModel):
    benchmark: str
    split: str | None
    ngram: int
    min_overlap: float
    corpus: list[CorpusFileRead]
    n_items: int
    n_probed: int = Field(description="Items with at least `ngram` words")
    n_flagged: int
    flagged: list[OverlapRead]
    definitions: dict[str, str]


class LeftOutRead(BaseModel):
    external_id: str
    reason: str


class ExpansionValidationRead(BaseModel):
    items: int = Field(description="Items of the split")
    expanded: int
    left_out: list[LeftOutRead] = Field(description="Items without enough valid extras, or "
                                        "without a key")
    discarded: dict[str, int] = Field(description="Extra options discarded, by reason")
    shorter_than_key: int = Field(description="Added options shorter than the key (kept, "
                                  "against the length rule: distractors at least as "
                                  "long as the key)")
    items_breaking_rule: int
    random_baseline: float


class ExpansionRead(BaseModel):
    benchmark: BenchmarkRead
    validation: ExpansionValidationRead
    definitions: dict[str, str]


class ExpansionReportRead(BaseModel):
    """One model on the original and on the expanded version, paired over their items."""

    model: str
    original: str
    expanded: str
    runs: dict[str, int]
    n_items: int
    accuracy_original: float
    accuracy_expanded: float
    difference: float = Field(description="expanded - original")
    ci95: Interval | None
    p_value: float | None
    p_method: str
    random_baseline_original: float
    random_baseline_expanded: float
