"""Right-to-erasure requests (003 §12.10.2): the workflow around the mechanics.

`selectors` (lists, one request, the preview, the role check), `requests`
(filing and the decisions), `job` (the durable job: claim, chunks, verify,
complete) and `certificate` (built and signed on completion). The scan,
deletion and verification are `memory_core.lifecycle.erasure`. See README.md.
"""
