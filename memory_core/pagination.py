"""A paginator that stops counting at a cap.

Django's paginator counts every matching row to print "N results" and "page
k of n". Over a tenant's whole history that count is most of a page's time:
the as-of view's visibility test reads `valid_to` and `status` from each
version row, which no index may carry (an index naming them would make GC's
expiry a non-HOT update, migration 0022). Past a few thousand rows the exact
figure helps nobody: the curator narrows by scope, layer or moment instead.
"""

from __future__ import annotations

from django.core.paginator import Paginator
from django.utils.functional import cached_property

COUNT_CAP = 10_000


class CappedPaginator(Paginator):
    """Count at most `cap` rows; `capped` says whether there are more.

    The count reads `cap + 1` rows (`SELECT count(*) FROM (... LIMIT cap + 1)`),
    so the pages end at the cap: a curator who wants older rows narrows the
    filter rather than paging past 10,000.
    """

    cap = COUNT_CAP

    @cached_property
    def _counted(self) -> int:
        return self.object_list[: self.cap + 1].count()

    @cached_property
    def count(self) -> int:  # type: ignore[override]
        return min(self._counted, self.cap)

    @property
    def capped(self) -> bool:
        return self._counted > self.cap
