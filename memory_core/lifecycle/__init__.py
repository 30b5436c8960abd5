"""Forgetting: expiry, deletion, retention, the write fence, GC, erasure mechanics.

See README.md in this package; garbage collection is the `gc` subpackage
(its README has each rule's formula), and the erasure request workflow is
`approvals/erasure/`.
"""
