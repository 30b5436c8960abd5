"""Clients for the Memory Governance Console."""

from mgc_client.store import MemoryGovernanceError, MemoryGovernanceStore

__all__ = ["MemoryGovernanceError", "MemoryGovernanceStore"]
