"""Items over HTTP: imports, Hub pulls, listing, and the prompts an item is asked with."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.faces import lazy_face

if TYPE_CHECKING:
    from app.items import rendering
    from app.items.hub_pull import Fetched, fetch, source_of, store_pull
    from app.items.importer import ImportOptions, Upload, parse_uploads
    from app.items.item_set import CurrentItemSets, item_set_version, version_of
    from app.items.keys import keyed, keyed_item, keyed_items, load_keys
    from app.items.page_cache import PageCache
    from app.items.prompts import fewshot_rows
    from app.items.rendering import render_prompt
    from app.items.service import store_items
    from app.items.startup_data import load_startup_data

__all__ = [
    "CurrentItemSets", "Fetched", "ImportOptions", "PageCache", "Upload", "fetch", "fewshot_rows",
    "item_set_version", "keyed", "keyed_item", "keyed_items", "load_keys", "load_startup_data",
    "parse_uploads", "render_prompt", "rendering", "source_of", "store_items", "store_pull",
    "version_of",
]

if not TYPE_CHECKING:
    __getattr__ = lazy_face(__name__, __file__)
