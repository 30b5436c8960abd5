"""Use cases that change memory_core state; each writes its audit events."""
