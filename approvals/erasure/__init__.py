"""Right-to-erasure requests: file, preview, approve, execute, certify (003 §12.10.2).

Modules: `selectors` (lists, one request, the preview, the role check),
`requests` (filing and the decisions), `job` (the durable job) and
`certificate` (built and signed on completion). See README.md.

The request is this app's; the mechanics (scan, delete, verify) are
`memory_core.lifecycle.erasure`. Execution is a durable job: `erasure_execute` marks
the request running and enqueues `erasure_run`, which claims it with a
conditional UPDATE (so a redelivered or duplicated message is harmless),
deletes in chunks of whole items (one transaction each, so nothing is ever
half-deleted), then verifies and completes in one transaction holding the
tenant's write fence exclusive (memory_core/lifecycle/fences.py): whatever a write for
the subject committed before that point is found and erased there, and the
tenant's writes wait until the certificate is written (other tenants' writes
never do). A job whose worker died stops heart-beating; the
beat sweeper (`erasures_resume_stalled`) enqueues it again.
"""
