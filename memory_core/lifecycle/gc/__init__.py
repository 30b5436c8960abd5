"""Garbage collection and hygiene (000 §4 and §6, 003 §12.7, 001).

`rules` holds each rule's SQL, `runs` the run job (lock, batches,
resume, dry run), `contradictions` the periodic contradiction scan. The
rules, formulas and the run model are described in memory_core/lifecycle/gc/README.md.
"""
