"""Forgetting: expiry, deletion, retention, the write fence, erasure mechanics.

See README.md in this package. Garbage collection stays in `memory_core/gc/`
and the erasure request workflow in `approvals/erasure/`.
"""
