"""Every audit action name, in one catalogue.

Events are written with `action=AuditAction.X` (a `str`, so the stored value
and the chain's hash are the plain name). The names are part of the audit
trail: rename one and old events keep the old name, so add, never rename.
"""

from __future__ import annotations

from enum import StrEnum


class AuditAction(StrEnum):
    # Security
    ACCESS_REFUSED = "access.refused"
    AUDIT_VERIFY = "audit.verify"
    KEYS_ROTATE = "keys.rotate"
    REDACTION_RESOLVE = "redaction.resolve"
    USER_PASSWORD_CHANGE = "user.password_change"

    # Tenants, scopes, members, agents
    TENANT_CREATE = "tenant.create"
    TENANT_SUSPEND = "tenant.suspend"
    TENANT_UNSUSPEND = "tenant.unsuspend"
    TENANT_POLICY_UPDATE = "tenant.policy_update"
    SCOPE_CREATE = "scope.create"
    SCOPE_RENAME = "scope.rename"
    SCOPE_ARCHIVE = "scope.archive"
    SCOPE_UNARCHIVE = "scope.unarchive"
    MEMBERSHIP_GRANT = "membership.grant"
    MEMBERSHIP_INVITE = "membership.invite"
    MEMBERSHIP_ROLE_CHANGE = "membership.role_change"
    MEMBERSHIP_REMOVE = "membership.remove"
    AGENT_CREATE = "agent.create"
    AGENT_UPDATE = "agent.update"
    AGENT_ACTIVATE = "agent.activate"
    AGENT_DEACTIVATE = "agent.deactivate"
    AGENT_SUSPEND = "agent.suspend"
    AGENT_RESUME = "agent.resume"
    AGENT_TOKEN_ISSUE = "agent_token.issue"
    AGENT_TOKEN_REVOKE = "agent_token.revoke"

    # The write pipeline and reviews
    WRITE_SUBMIT = "write.submit"
    WRITE_REJECTED = "write.rejected"
    WRITE_DEFER = "write.defer"
    WRITE_FAILED = "write.failed"
    WRITE_REVIEW_REQUESTED = "write.review_requested"
    WRITE_APPROVE = "write.approve"
    WRITE_REJECT = "write.reject"
    WRITE_EXPIRE = "write.expire"
    REVIEW_ESCALATE = "review.escalate"
    CONFLICT_OPEN = "conflict.open"
    CONFLICT_RESOLVE = "conflict.resolve"

    # Memories: one per memory log operation (`memory(operation)`), and more
    MEMORY_INSERT = "memory.insert"
    MEMORY_UPDATE = "memory.update"
    MEMORY_SUPERSEDE = "memory.supersede"
    MEMORY_MERGE = "memory.merge"
    MEMORY_REINFORCE = "memory.reinforce"
    MEMORY_RETRACT = "memory.retract"
    MEMORY_EXPIRE = "memory.expire"
    MEMORY_PIN = "memory.pin"
    MEMORY_UNPIN = "memory.unpin"
    MEMORY_PROMOTE = "memory.promote"
    MEMORY_RECLASSIFY = "memory.reclassify"
    MEMORY_ERASE = "memory.erase"
    MEMORY_STAGE = "memory.stage"
    MEMORY_EDIT = "memory.edit"
    MEMORY_ROLLBACK = "memory.rollback"
    MEMORY_ANNOTATE = "memory.annotate"
    MEMORY_RECOVER = "memory.recover"
    MEMORY_RESCAN_FLAGGED = "memory.rescan_flagged"

    # Forgetting: retention, garbage collection, erasure
    RETENTION_EXPIRE = "retention.expire"
    RETENTION_HARD_DELETE = "retention.hard_delete"
    GC_RUN_REQUEST = "gc.run.request"
    GC_RUN_START = "gc.run.start"
    GC_RUN_RESUME = "gc.run.resume"
    GC_RUN_COMPLETE = "gc.run.complete"
    GC_RUN_FAIL = "gc.run.fail"
    GC_RUN_DRY_RUN = "gc.run.dry_run"
    MEMORY_GC_MARK = "memory.gc_mark"
    MEMORY_GC_EXPIRE = "memory.gc_expire"
    MEMORY_GC_HARD_DELETE = "memory.gc_hard_delete"
    VERSION_GC_EXPIRE = "version.gc_expire"
    ERASURE_FILE = "erasure.file"
    ERASURE_APPROVE = "erasure.approve"
    ERASURE_EXECUTE = "erasure.execute"
    ERASURE_CANCEL = "erasure.cancel"
    ERASURE_CHUNK = "erasure.chunk"
    ERASURE_ROWS = "erasure.rows"
    ERASURE_FAIL = "erasure.fail"
    ERASURE_COMPLETE = "erasure.complete"

    @classmethod
    def memory(cls, operation: str) -> AuditAction:
        """Return the action of a memory log operation ("pin" → memory.pin)."""
        return cls(f"memory.{operation}")
