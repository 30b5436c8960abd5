"""The memory domain: tenants, scopes, agents, memory items and versions, writes.

Every row of tenant data carries `tenant_id`, so data can later be sharded by
tenant and isolated by row-level security.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.contrib.postgres.indexes import GinIndex, OpClass
from django.contrib.postgres.search import SearchVector, SearchVectorField
from django.db import models
from django.db.models import Case, F, Q, When
from django.db.models.expressions import RawSQL
from django.db.models.functions import Upper
from pgvector.django import HnswIndex, VectorField

EMBEDDING_DIM = 384


class LongNameGinIndex(GinIndex):
    """A GIN index whose name may use PostgreSQL's 63 characters, not Django's 30.

    The erasure scan's trigram indexes were created under such names by raw
    SQL (approvals 0002 and 0004); renaming them would rebuild them.
    """

    max_name_length = 63


def trigram_index(sql: str, *, name: str) -> GinIndex:
    """Return a trigram GIN index on the SQL text expression `sql`."""
    return LongNameGinIndex(OpClass(RawSQL(sql, ()), name="gin_trgm_ops"), name=name)


# The review queue's partial, covering indexes on write requests (created by
# approvals 0001): only the writes waiting for a person, in the queue's three
# orders, so a page and its count are index-only scans.
REVIEW_QUEUE_WAITING = Q(status__in=["pending_review", "awaiting_approval"])
REVIEW_QUEUE_COVERED = [
    "tier",
    "layer",
    "agent",
    "scope_path",
    "risk_score",
    "finished_at",
]


class Tenant(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    slug = models.SlugField(max_length=64, unique=True)
    name = models.CharField(max_length=200)
    policy = models.JSONField(
        default=dict,
        blank=True,
        help_text="Overrides of memory_core.policy.Policy, by field name.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    suspended_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="Set by a platform operator: agents and members are refused.",
    )
    suspension_reason = models.TextField(blank=True)

    def __str__(self) -> str:
        return self.slug

    @property
    def is_suspended(self) -> bool:
        return self.suspended_at is not None


class Role(models.TextChoices):
    CURATOR = "curator"
    COMPLIANCE_OFFICER = "compliance_officer"
    ADMIN = "admin"
    VIEWER = "viewer"


class Membership(models.Model):
    tenant = models.ForeignKey(
        Tenant, on_delete=models.CASCADE, related_name="memberships"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=32, choices=Role.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tenant", "user"], name="membership_unique_user"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} as {self.role} in {self.tenant}"


class PasswordChangeRequired(models.Model):
    """A user who must set a new password before anything else (a one-time one)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="password_change_required",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.user} must change their password"


class Layer(models.TextChoices):
    SESSION = "session"
    EPISODIC = "episodic"
    SEMANTIC = "semantic"
    PROCEDURAL = "procedural"


class AgentRole(models.TextChoices):
    EXECUTOR = "executor"
    VERIFIER = "verifier"
    ORCHESTRATOR = "orchestrator"


class Agent(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="agents")
    name = models.CharField(max_length=100)
    role = models.CharField(
        max_length=16, choices=AgentRole.choices, default=AgentRole.EXECUTOR
    )
    allowed_scopes = models.JSONField(
        default=list, help_text="Scope paths; the agent may write at or below each."
    )
    allowed_layers = models.JSONField(default=list, help_text="Layers it may write.")
    domain_tags = models.JSONField(default=list, blank=True)
    reputation = models.FloatField(default=1.0)
    is_active = models.BooleanField(default=True)
    writes_suspended_at = models.DateTimeField(
        null=True, blank=True, help_text="Set by a write storm; an admin lifts it."
    )
    suspension_reason = models.TextField(blank=True)
    human_decisions = models.PositiveIntegerField(
        default=0,
        help_text="Reviews of its writes decided by people (reputation base).",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tenant", "name"], name="agent_unique_name"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tenant}/{self.name}"


class AgentToken(models.Model):
    """A bearer token, stored as the SHA-256 of its secret; shown once."""

    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="+")
    agent = models.ForeignKey(Agent, on_delete=models.CASCADE, related_name="tokens")
    prefix = models.CharField(max_length=16, unique=True)
    secret_hash = models.CharField(max_length=64)
    label = models.CharField(max_length=100, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"mgc_{self.prefix}_…"


class ScopeKind(models.TextChoices):
    GLOBAL = "global"
    ORG = "org"
    USER = "user"
    TASK = "task"


class Scope(models.Model):
    """A node of the scope tree: /global/, /org/{org}/, …/user/{u}/, …/task/{t}/."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="scopes")
    parent = models.ForeignKey(
        "self", on_delete=models.CASCADE, null=True, blank=True, related_name="children"
    )
    path = models.CharField(max_length=500)
    kind = models.CharField(max_length=16, choices=ScopeKind.choices)
    name = models.CharField(max_length=200)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by_agent = models.ForeignKey(
        "Agent",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="Set when an agent's write created it (auto_create_scopes).",
    )
    archived_at = models.DateTimeField(
        null=True, blank=True, help_text="Archived scopes take no writes."
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tenant", "path"], name="scope_unique_path"
            ),
        ]

    def __str__(self) -> str:
        return self.path

    def ancestor_paths(self) -> list[str]:
        """Return this path and every ancestor's path, nearest first."""
        return ancestor_paths(self.path)


def ancestor_paths(path: str) -> list[str]:
    """Return `path` and its ancestors, nearest first; /global/ is every tree's root."""
    parts = [p for p in path.strip("/").split("/") if p]
    paths = []
    if parts and parts[0] == "org":
        # /org/a/user/b/task/c/ -> segments come in (kind, name) pairs.
        for end in range(len(parts), 0, -2):
            paths.append("/" + "/".join(parts[:end]) + "/")
    if path != "/global/":
        paths.append("/global/")
    else:
        paths = ["/global/"]
    return paths


class Classification(models.TextChoices):
    PUBLIC = "public"
    GENERAL = "general"
    BUSINESS = "business"
    PII = "pii"


class Source(models.TextChoices):
    USER_STATED = "user_stated"
    TOOL_VERIFIED = "tool_verified"
    AGENT_INFERRED = "agent_inferred"
    RECALLED = "recalled"
    EXTERNAL = "external"


class VersionStatus(models.TextChoices):
    DRAFT = "draft"
    ACTIVE = "active"
    SUPERSEDED = "superseded"
    RETRACTED = "retracted"
    EXPIRED = "expired"


class MemoryItem(models.Model):
    """The stable identity of a memory; its content lives in versions."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    # No index of its own: the composite indexes below lead with the tenant
    # (migration 0016_drop_covered_fk_indexes).
    tenant = models.ForeignKey(
        Tenant, on_delete=models.CASCADE, related_name="+", db_index=False
    )
    scope = models.ForeignKey(Scope, on_delete=models.PROTECT, related_name="items")
    layer = models.CharField(max_length=16, choices=Layer.choices)
    kind = models.CharField(max_length=64, default="note")
    memory_key = models.CharField(max_length=200, null=True, blank=True)
    subject = models.CharField(max_length=200, blank=True)
    predicate = models.CharField(max_length=200, blank=True)
    object = models.CharField(max_length=500, blank=True)
    classification = models.CharField(
        max_length=16, choices=Classification.choices, default=Classification.GENERAL
    )
    residency = models.CharField(max_length=32, blank=True)
    status = models.CharField(
        max_length=16,
        choices=VersionStatus.choices,
        default=VersionStatus.ACTIVE,
        help_text="The head version's status, kept here for listing.",
    )
    head = models.ForeignKey(
        "MemoryVersion",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    pinned = models.BooleanField(default=False)
    expires_at = models.DateTimeField(null=True, blank=True, help_text="Hard TTL.")
    soft_expires_at = models.DateTimeField(null=True, blank=True, help_text="Soft TTL.")
    access_count = models.BigIntegerField(default=0)
    last_accessed_at = models.DateTimeField(null=True, blank=True)
    created_by_agent = models.ForeignKey(
        Agent, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField()
    updated_at = models.DateTimeField()
    # Garbage collection (memory_core/lifecycle/gc/README.md).
    expired_at = models.DateTimeField(
        null=True, blank=True, help_text="When GC expired it (phase 1)."
    )
    expired_by = models.CharField(
        max_length=32, blank=True, help_text="The GC rule that expired it."
    )
    gc_candidate_at = models.DateTimeField(
        null=True, blank=True, help_text="Candidate for collection since."
    )
    gc_candidate_reason = models.CharField(max_length=32, blank=True)
    stale_at = models.DateTimeField(null=True, blank=True)
    stale_reason = models.CharField(max_length=32, blank=True)
    staleness = models.FloatField(
        null=True, blank=True, help_text="Staleness score when marked (000 §6)."
    )
    retrieval_weight = models.FloatField(
        default=1.0, help_text="Multiplies the retrieval score; < 1 when down-weighted."
    )
    contradiction_scanned_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tenant", "scope", "layer", "memory_key"],
                condition=Q(memory_key__isnull=False),
                name="memory_item_unique_key",
            ),
        ]
        indexes = [
            models.Index(
                fields=["tenant", "scope", "layer", "status"],
                name="memory_item_listing_idx",
            ),
            models.Index(
                fields=["tenant", "-updated_at"], name="memory_item_recent_idx"
            ),
            # GC's contradiction scan: active items whose head changed since
            # they were last scanned, the longest unscanned first.
            models.Index(
                F("tenant"),
                F("contradiction_scanned_at").asc(nulls_first=True),
                condition=Q(status="active", head__isnull=False)
                & (
                    Q(contradiction_scanned_at__isnull=True)
                    | Q(contradiction_scanned_at__lt=F("updated_at"))
                ),
                name="memory_item_scan_due_idx",
            ),
            # GC phase 2 and the screens: expired items by expiry (0005).
            models.Index(
                fields=["tenant", "expired_at"],
                condition=Q(status="expired"),
                name="memory_item_expired_idx",
            ),
            # The erasure scan's text expressions (approvals 0002 and 0004;
            # memory_core/lifecycle/erasure.py `scan_texts`).
            trigram_index(
                "(subject || ' ' || object || ' ' || coalesce(memory_key, ''))",
                name="memory_item_erasure_text_trgm",
            ),
            trigram_index(
                "(predicate || ' ' || residency)",
                name="memory_item_erasure_triple_trgm",
            ),
        ]

    def __str__(self) -> str:
        return self.memory_key or str(self.id)

    TITLE_CHARS = 60

    @property
    def title(self) -> str:
        """What a person calls it: its key, else its content's first words.

        Never its UUID: a memory without a key is titled by the head version's
        content, cut at a word near TITLE_CHARS characters.
        """
        if self.memory_key:
            return self.memory_key
        content = " ".join((self.head.content if self.head else "").split())
        if not content:
            return "Untitled memory"
        if len(content) <= self.TITLE_CHARS:
            return content
        cut = (
            content[: self.TITLE_CHARS].rsplit(" ", 1)[0] or content[: self.TITLE_CHARS]
        )
        return cut.rstrip(",;:.") + "…"


class MemoryVersion(models.Model):
    """One immutable version of a memory item's content."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    # Tenant, item and scope have no single-column index: composite indexes
    # lead with each (as-of, unique number, scope order; migration
    # 0016_drop_covered_fk_indexes). A version's change of status is a HOT
    # update (see `status`).
    tenant = models.ForeignKey(
        Tenant, on_delete=models.CASCADE, related_name="+", db_index=False
    )
    item = models.ForeignKey(
        MemoryItem, on_delete=models.CASCADE, related_name="versions", db_index=False
    )
    scope = models.ForeignKey(
        Scope, on_delete=models.PROTECT, related_name="+", db_index=False
    )
    layer = models.CharField(max_length=16, choices=Layer.choices)
    number = models.PositiveIntegerField()
    content = models.TextField()
    structured = models.JSONField(default=dict, blank=True)
    embedding = VectorField(dimensions=EMBEDDING_DIM)
    content_hash = models.CharField(max_length=64)
    fingerprint = models.CharField(max_length=64, blank=True)
    search_vector = models.GeneratedField(
        expression=SearchVector("content", config="english"),
        output_field=SearchVectorField(),
        db_persist=True,
    )
    confidence = models.FloatField()
    adjusted_confidence = models.FloatField(null=True, blank=True)
    source = models.CharField(max_length=16, choices=Source.choices)
    evidence = models.JSONField(default=list, blank=True)
    evidence_count = models.PositiveIntegerField(default=1)
    last_reinforced_at = models.DateTimeField(null=True, blank=True)
    validation_score = models.FloatField(null=True, blank=True)
    approval_state = models.CharField(max_length=16, default="auto")
    approved_by = models.CharField(max_length=150, blank=True)
    justification = models.TextField(blank=True)
    # Lifecycle state. No index names `status` or `valid_to` (as key, INCLUDE
    # or predicate), so an active version's expiry is a HOT update: the row is
    # rewritten on its page and no index gets an entry (migration
    # 0022_hot_lifecycle; bench/PERF.md, fifteenth session). A supersession
    # sets the indexed `superseded_at` below, so it is not.
    # The two state-dependent lookups GC needs read `draft_of` (generated) and
    # `superseded_at` (trigger-kept) below instead.
    status = models.CharField(max_length=16, choices=VersionStatus.choices)
    # Indexed where set (memory_version_supersedes_idx, 0021): a first
    # version has none, and deleting a version looks only for set ones.
    supersedes = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        db_index=False,
    )
    merged_from = ArrayField(
        models.UUIDField(),
        default=list,
        blank=True,
        help_text="The versions a merge combined (003 §12.3.4).",
    )
    flags = models.JSONField(default=list, blank=True, help_text="pii, poisoning, …")
    risk_score = models.FloatField(null=True, blank=True)
    provenance = models.JSONField(
        default=dict, blank=True, help_text="The signed provenance record (003 §12.4)."
    )
    valid_from = models.DateTimeField()
    valid_to = models.DateTimeField(null=True, blank=True)
    # The item of a draft (a write awaiting review), else NULL: "has this item
    # a draft?" from a small partial index. Expiring an active version leaves
    # it NULL, so the update stays HOT.
    draft_of = models.GeneratedField(
        expression=Case(When(status="draft", then=F("item_id"))),
        output_field=models.UUIDField(null=True),
        db_persist=True,
    )
    # When the version was superseded (its `valid_to` then), else NULL: GC's
    # superseded phase finds old ones from a small partial index. Kept by two
    # triggers (migration 0024), never written by the application: set when a
    # version becomes superseded and left alone by every later update, so
    # GC's expiry of a superseded version, like an active one's, is HOT.
    superseded_at = models.DateTimeField(
        blank=True,
        editable=False,
        null=True,
        help_text=(
            "When the version was last superseded (its valid_to then); kept after"
            " it expires. Set by the triggers of migration 0024, never by the"
            " application."
        ),
    )
    agent = models.ForeignKey(
        Agent, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    write_request = models.ForeignKey(
        "WriteRequest",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    task_id = models.CharField(max_length=200, blank=True)
    session_id = models.CharField(max_length=200, blank=True)
    signature = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["item", "number"], name="memory_version_unique_number"
            ),
        ]
        indexes = [
            # Every version's vector: a partial index on `status = 'active'`
            # would make each version leaving `active` a non-HOT update (the
            # predicate's column changes). Neighbour searches filter on status
            # (iterative scan); GC's hard delete removes expired vectors.
            HnswIndex(
                name="memory_version_embedding_hnsw",
                fields=["embedding"],
                m=16,
                ef_construction=64,
                opclasses=["vector_cosine_ops"],
            ),
            GinIndex(fields=["search_vector"], name="memory_version_search_gin"),
            # The write path's exact and structural duplicate lookups (they
            # filter on `active` in the row).
            models.Index(
                fields=["tenant", "scope", "layer", "content_hash"],
                name="memory_version_hash_idx2",
            ),
            models.Index(
                fields=["tenant", "scope", "layer", "fingerprint"],
                name="memory_version_fp_idx2",
            ),
            # "Which versions were visible at T": the range's start here, its
            # end and the status read from the row (0022).
            models.Index(
                fields=["tenant", "-valid_from"],
                name="memory_version_asof_idx3",
            ),
            # A content substring filter (`content__icontains`, 0004).
            GinIndex(
                OpClass(Upper("content"), name="gin_trgm_ops"),
                name="memory_version_content_trgm",
            ),
            # GC's scans: "has this item a draft?", superseded by age (0022:
            # on the generated columns, which the hot transitions leave
            # alone).
            models.Index(
                fields=["draft_of"],
                condition=Q(draft_of__isnull=False),
                name="memory_version_draft_of_idx",
            ),
            models.Index(
                fields=["tenant", "superseded_at"],
                condition=Q(superseded_at__isnull=False),
                name="memory_version_retired_idx",
            ),
            # GC's contradiction scan takes heads the write path could not
            # judge first (`contradiction_unchecked`): few, found here.
            models.Index(
                fields=["tenant"],
                condition=Q(flags__contains=["contradiction_unchecked"]),
                name="memory_version_unchecked_idx",
            ),
            # A scope's versions in creation order: search's keyword context
            # (the versions written just before and after a candidate).
            models.Index(
                fields=["scope", "created_at", "id"],
                name="memory_version_scope_order_idx",
            ),
            # The erasure scan (approvals 0002 and 0004): its text expressions,
            # the merge and evidence links it follows.
            trigram_index(
                "(content || ' ' || structured::text || ' ' || evidence::text"
                " || ' ' || justification)",
                name="memory_version_erasure_text_trgm",
            ),
            trigram_index(
                "(task_id || ' ' || session_id || ' ' || provenance::text)",
                name="memory_version_erasure_ids_trgm",
            ),
            GinIndex(
                fields=["merged_from"],
                condition=Q(
                    RawSQL(
                        "cardinality(merged_from) > 0",
                        (),
                        output_field=models.BooleanField(),
                    )
                ),
                name="memory_version_merged_from_gin",
            ),
            GinIndex(
                OpClass(F("evidence"), name="jsonb_path_ops"),
                name="memory_version_evidence_gin",
            ),
            # GC's classification reads the heads' rule columns from this
            # narrow index instead of the wide rows (0012).
            models.Index(
                fields=["id"],
                include=[
                    "source",
                    "confidence",
                    "adjusted_confidence",
                    "validation_score",
                    "last_reinforced_at",
                    "created_at",
                ],
                name="memory_version_gc_head_idx2",
            ),
            models.Index(
                fields=["supersedes"],
                condition=Q(supersedes__isnull=False),
                name="memory_version_supersedes_idx",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.item_id} v{self.number}"


class LogOperation(models.TextChoices):
    INSERT = "insert"
    UPDATE = "update"
    SUPERSEDE = "supersede"
    MERGE = "merge"
    REINFORCE = "reinforce"
    RETRACT = "retract"
    EXPIRE = "expire"
    PIN = "pin"
    UNPIN = "unpin"
    PROMOTE = "promote"
    RECLASSIFY = "reclassify"
    ERASE = "erase"


class MemoryLogEntry(models.Model):
    """The memory log: what happened to which version, by whom, in order."""

    seq = models.BigAutoField(primary_key=True)
    # memory_log_item_idx leads with the tenant (0016_drop_covered_fk_indexes).
    tenant = models.ForeignKey(
        Tenant, on_delete=models.CASCADE, related_name="+", db_index=False
    )
    operation = models.CharField(max_length=16, choices=LogOperation.choices)
    item = models.ForeignKey(MemoryItem, on_delete=models.CASCADE, related_name="log")
    version = models.ForeignKey(
        MemoryVersion,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    # The three below are indexed where set (0021): most entries have no
    # previous version, and those GC and retention write no actor; a deletion
    # of the version, agent or user looks only for set ones.
    previous_version = models.ForeignKey(
        MemoryVersion,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        db_index=False,
    )
    actor_agent = models.ForeignKey(
        Agent,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        db_index=False,
    )
    actor_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        db_index=False,
    )
    reason = models.TextField(blank=True)
    payload = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField()

    class Meta:
        indexes = [
            models.Index(fields=["tenant", "item", "seq"], name="memory_log_item_idx"),
            models.Index(
                fields=["previous_version"],
                condition=Q(previous_version__isnull=False),
                name="memory_log_prev_version_idx",
            ),
            models.Index(
                fields=["actor_agent"],
                condition=Q(actor_agent__isnull=False),
                name="memory_log_actor_agent_idx",
            ),
            models.Index(
                fields=["actor_user"],
                condition=Q(actor_user__isnull=False),
                name="memory_log_actor_user_idx",
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.seq} {self.operation} {self.item_id}"


class ReviewTier(models.TextChoices):
    AUTO = "auto"
    ASYNC = "async"
    SYNC = "sync"


class WriteStatus(models.TextChoices):
    QUEUED = "queued"
    COMMITTED = "committed"
    DUPLICATE = "duplicate"
    REJECTED = "rejected"
    PENDING_REVIEW = "pending_review"
    AWAITING_APPROVAL = "awaiting_approval"
    DEFERRED = "deferred"
    EXPIRED = "expired"


class WriteRequest(models.Model):
    """A write as received from an agent, and what the pipeline decided."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    # Indexed by the composite indexes below (migration 0018).
    tenant = models.ForeignKey(
        Tenant, on_delete=models.CASCADE, related_name="+", db_index=False
    )
    agent = models.ForeignKey(
        Agent, on_delete=models.CASCADE, related_name="writes", db_index=False
    )
    idempotency_key = models.CharField(max_length=255)
    request_hash = models.CharField(max_length=64, help_text="SHA-256 of the body.")
    content_token = models.CharField(
        max_length=64, help_text="SHA-256 of content ‖ agent ‖ layer (003 §12.1.7)."
    )
    payload = models.JSONField()
    scope_path = models.CharField(max_length=500)
    layer = models.CharField(max_length=16)
    deadline = models.DateTimeField(null=True, blank=True)
    status = models.CharField(
        max_length=20, choices=WriteStatus.choices, default=WriteStatus.QUEUED
    )
    gate = models.CharField(max_length=32, blank=True)
    code = models.CharField(max_length=64, blank=True)
    reason = models.TextField(blank=True)
    gate_decisions = models.JSONField(default=list, blank=True)
    memory_item = models.ForeignKey(
        MemoryItem, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    version = models.ForeignKey(
        MemoryVersion,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    attempts = models.PositiveIntegerField(default=0)
    session_id = models.CharField(max_length=200, blank=True)
    flags = models.JSONField(default=list, blank=True)
    risk_score = models.FloatField(null=True, blank=True)
    risk_factors = models.JSONField(default=dict, blank=True)
    tier = models.CharField(max_length=8, choices=ReviewTier.choices, blank=True)
    review_deadline = models.DateTimeField(
        null=True,
        blank=True,
        help_text="SLA for async reviews; deadline for sync ones.",
    )
    retry_at = models.DateTimeField(null=True, blank=True, help_text="When deferred.")
    decided_by = models.CharField(max_length=150, blank=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tenant", "agent", "idempotency_key"],
                name="write_request_unique_idempotency_key",
            ),
        ]
        indexes = [
            models.Index(
                fields=["tenant", "-created_at"], name="write_request_recent_idx"
            ),
            models.Index(
                fields=["status", "created_at"], name="write_request_status_idx"
            ),
            models.Index(
                fields=["agent", "layer", "created_at"], name="write_request_rate_idx"
            ),
            # The session first: an index leading with the agent, under a
            # planner that knows nothing of a new agent's rows, competed with
            # the rate index for the rate gate's counts (migration 0018).
            models.Index(
                fields=["session_id", "agent"], name="write_request_in_session_idx"
            ),
            models.Index(
                fields=["tenant", "status", "tier", "review_deadline"],
                name="write_request_review_idx",
            ),
            models.Index(
                fields=["tenant", "status", "review_deadline", "created_at", "id"],
                include=REVIEW_QUEUE_COVERED,
                condition=REVIEW_QUEUE_WAITING,
                name="review_queue_urgency_idx",
            ),
            models.Index(
                fields=["tenant", "-risk_score", "review_deadline", "id"],
                include=REVIEW_QUEUE_COVERED,
                condition=REVIEW_QUEUE_WAITING,
                name="review_queue_risk_idx",
            ),
            models.Index(
                fields=["tenant", "created_at", "id"],
                include=REVIEW_QUEUE_COVERED,
                condition=REVIEW_QUEUE_WAITING,
                name="review_queue_age_idx",
            ),
            # The metrics rollup (memory_core/metrics, migrations 0001 and
            # 0002 there): the hours of writes a person decided since the last
            # run, and of writes the worker finished long after they came in.
            models.Index(
                fields=["tenant", "decided_at"],
                condition=Q(decided_at__isnull=False),
                name="metrics_write_decided_idx",
            ),
            models.Index(
                fields=["tenant", "finished_at"],
                condition=Q(
                    RawSQL(
                        "finished_at - created_at > interval '1 hour'",
                        (),
                        output_field=models.BooleanField(),
                    )
                ),
                name="metrics_write_late_idx",
            ),
        ]

    def __str__(self) -> str:
        return f"write {self.id} ({self.status})"

    @property
    def awaiting_human(self) -> bool:
        return self.status in {
            WriteStatus.PENDING_REVIEW,
            WriteStatus.AWAITING_APPROVAL,
        }


class ConflictStatus(models.TextChoices):
    OPEN = "open"
    RESOLVED = "resolved"


class Conflict(models.Model):
    """A contradiction the pipeline found: the new (draft) and an existing version."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="+")
    write_request = models.ForeignKey(
        WriteRequest,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="conflicts",
    )
    new_version = models.ForeignKey(
        MemoryVersion, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    existing_version = models.ForeignKey(
        MemoryVersion, on_delete=models.CASCADE, related_name="+"
    )
    similarity = models.FloatField(null=True, blank=True)
    detector = models.CharField(max_length=64)
    reason = models.TextField(blank=True)
    proposed_action = models.CharField(max_length=32, default="supersede")
    status = models.CharField(
        max_length=16, choices=ConflictStatus.choices, default=ConflictStatus.OPEN
    )
    resolution = models.CharField(max_length=32, blank=True)
    resolved_by = models.CharField(max_length=150, blank=True)
    resolved_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [
            models.Index(
                fields=["tenant", "status", "-created_at"], name="conflict_open_idx"
            )
        ]

    def __str__(self) -> str:
        return f"conflict {self.id} ({self.status})"


class RedactionToken(models.Model):
    """A redacted value: its stable token per principal and the value, encrypted.

    `value_digest` (HMAC of the normalized value) finds the token again for the
    same value; only `memory_core.redaction` can decrypt `ciphertext`.
    """

    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="+")
    principal = models.CharField(max_length=500, help_text="Whose data: a scope path.")
    kind = models.CharField(max_length=32)
    number = models.PositiveIntegerField()
    token = models.CharField(max_length=64)
    value_digest = models.CharField(max_length=64)
    ciphertext = models.BinaryField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tenant", "principal", "value_digest"],
                name="redaction_unique_value",
            ),
            models.UniqueConstraint(
                fields=["tenant", "principal", "kind", "number"],
                name="redaction_unique_number",
            ),
        ]
        indexes = [
            # The erasure scan looks tokens up by digest, any principal
            # (approvals 0002).
            models.Index(
                fields=["tenant", "value_digest"], name="redaction_token_digest_idx"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.principal} {self.token}"


class MemoryAnnotation(models.Model):
    """A curator's note on a memory item; notes are added, never edited."""

    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="+")
    item = models.ForeignKey(
        MemoryItem, on_delete=models.CASCADE, related_name="annotations"
    )
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    text = models.TextField()
    created_at = models.DateTimeField()

    class Meta:
        indexes = [
            models.Index(
                fields=["tenant", "item", "-created_at"],
                name="memory_annotation_item_idx",
            )
        ]

    def __str__(self) -> str:
        return f"note on {self.item_id} by {self.author_id}"


class ConflictPairAllowance(models.Model):
    """Two versions a curator kept both of: the contradiction gate skips the pair.

    The pair is stored in one order (`version_a` < `version_b`), so it is
    unique whichever way round it is found.
    """

    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="+")
    version_a = models.ForeignKey(
        MemoryVersion, on_delete=models.CASCADE, related_name="+"
    )
    version_b = models.ForeignKey(
        MemoryVersion, on_delete=models.CASCADE, related_name="+"
    )
    conflict = models.ForeignKey(
        Conflict, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tenant", "version_a", "version_b"],
                name="conflict_pair_allowance_unique",
            ),
            models.CheckConstraint(
                condition=Q(version_a__lt=models.F("version_b")),
                name="conflict_pair_allowance_ordered",
            ),
        ]
        indexes = [
            models.Index(
                fields=["tenant", "version_b"], name="conflict_pair_allowance_b_idx"
            )
        ]

    def __str__(self) -> str:
        return f"{self.version_a_id} ~ {self.version_b_id}"


class GcRunStatus(models.TextChoices):
    RUNNING = "running"
    COMPLETED = "completed"
    FAILED = "failed"


class GcRun(models.Model):
    """One garbage-collection run over a tenant: what each rule did, and where it is.

    A real run commits batch by batch; `progress` says which rules are done
    and where the current one stands, so a run whose worker died is picked up
    by the next one (memory_core/lifecycle/gc/README.md).
    """

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="+")
    dry_run = models.BooleanField(default=False)
    status = models.CharField(
        max_length=16, choices=GcRunStatus.choices, default=GcRunStatus.RUNNING
    )
    triggered_by = models.CharField(max_length=150)
    started_at = models.DateTimeField()
    heartbeat_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)
    duration_seconds = models.FloatField(null=True, blank=True)
    rows_examined = models.BigIntegerField(default=0)
    counts = models.JSONField(default=dict, blank=True, help_text="Rows per rule.")
    progress = models.JSONField(
        default=dict, blank=True, help_text="Rules done, current rule and cursor."
    )
    resumes = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tenant"],
                condition=Q(status="running", dry_run=False),
                name="gc_run_one_running",
            ),
        ]
        indexes = [
            models.Index(fields=["tenant", "-started_at"], name="gc_run_recent_idx")
        ]

    def __str__(self) -> str:
        return f"gc run {self.id} ({self.status})"

    @property
    def rows_per_second(self) -> float | None:
        if not self.duration_seconds:
            return None
        return self.rows_examined / self.duration_seconds


class ServiceHeartbeat(models.Model):
    """The last sign of life of a worker or of beat, for `/readyz`.

    Not tenant data: one row per component and host, overwritten in place.
    """

    component = models.CharField(max_length=16)
    hostname = models.CharField(max_length=255)
    seen_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["component", "hostname"], name="heartbeat_unique_host"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.component}@{self.hostname} {self.seen_at:%Y-%m-%d %H:%M:%S}"


class WriteTally(models.Model):
    """How many writes an agent stored in one second of one layer, per database
    session: what the rate gate counts (memory_core/pipeline/gates/rate.py).

    Counting an agent's write rows in the window read every one of them on
    every submit: O(rate × window), 24,000 rows a submit at 400 writes/s
    over a 60 s window. The gate sums these instead: at most one row per
    second, layer and session in the window, plus the write rows of the one
    second the window starts inside (`pipeline.lookups.write_counts_sql`).

    Kept by triggers on the write table, never by the application
    (migration 0017): every stored write counts, whatever stored it, in its
    own transaction. A row per database session (`backend`, its
    `pg_backend_pid()`), so two transactions never update the same row and
    never wait for each other. A write whose time, layer or agent changes
    moves with it (`writes` may be negative: the session that moved it
    subtracts it). A deleted write stays counted: it was an attempt. Rows
    older than the tenant's windows are pruned (`write_tallies_prune`).
    """

    pk = models.CompositePrimaryKey("agent_id", "second", "layer", "backend")
    tenant = models.ForeignKey(
        Tenant, on_delete=models.CASCADE, related_name="+", db_index=False
    )
    # The primary key leads with the agent.
    agent = models.ForeignKey(
        Agent, on_delete=models.CASCADE, related_name="+", db_index=False
    )
    second = models.DateTimeField()
    layer = models.CharField(max_length=16)
    backend = models.IntegerField()
    writes = models.IntegerField()

    def __str__(self) -> str:
        return f"{self.writes} {self.layer} writes at {self.second:%H:%M:%S}"


class ReadEndpoint(models.TextChoices):
    SEARCH = "search", "Search (pull)"
    CONTEXT = "context", "Context (push)"


class ReadTally(models.Model):
    """How many reads a tenant's agents made in a day, and how many found something.

    The read hit ratio (seed 000 §12: pull retrievals returning results over
    all pull calls; healthy above 0.3, a threshold set too high below 0.1)
    is `answered / calls`. Counted by the access task, off the read path;
    evaluation reads are not counted.
    """

    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="+")
    day = models.DateField()
    endpoint = models.CharField(max_length=8, choices=ReadEndpoint.choices)
    calls = models.PositiveIntegerField(default=0)
    answered = models.PositiveIntegerField(default=0)
    results = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tenant", "day", "endpoint"], name="read_tally_unique_day"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.endpoint} reads on {self.day}: {self.answered}/{self.calls}"
