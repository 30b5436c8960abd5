"""Metrics: hourly rollups kept by beat, the dashboard, the health score, /metrics.

A Django app of its own (label `metrics`) so its tables and migrations stay
apart from the write path's; it reads memory_core's and approvals' tables.
"""
