"""The API's JSON parser: a body nested too deeply is malformed, not a crash."""

from __future__ import annotations

from rest_framework import parsers
from rest_framework.exceptions import ParseError


class JSONParser(parsers.JSONParser):
    """DRF's strict JSON parser; deep nesting is a 400 like any bad JSON.

    A few kilobytes of `[` exhaust the decoder's recursion limit, and the
    RecursionError would otherwise surface as a 500.
    """

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError as exc:
            raise ParseError("JSON parse error - nested too deeply.") from exc
