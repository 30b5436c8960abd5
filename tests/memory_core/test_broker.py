"""The filesystem broker (the zero-setup default) survives a corrupt message."""

from __future__ import annotations

import logging
import uuid
from pathlib import Path

import pytest
from kombu import Connection, Exchange, Queue


@pytest.fixture
def queue_name() -> str:
    """A queue of its own: kombu remembers declared exchanges per process."""
    return f"memory-{uuid.uuid4().hex[:8]}"


@pytest.fixture
def folders(tmp_path: Path) -> dict[str, Path]:
    paths = {name: tmp_path / name for name in ("queue", "processed", "control")}
    for path in paths.values():
        path.mkdir()
    return paths


def connection(folders: dict[str, Path]) -> Connection:
    return Connection(
        "filesystem://localhost/",
        transport="memory_core.broker:Transport",
        transport_options={
            "data_folder_in": str(folders["queue"]),
            "data_folder_out": str(folders["queue"]),
            "processed_folder": str(folders["processed"]),
            "control_folder": str(folders["control"]),
            "store_processed": False,
        },
    )


def test_a_corrupt_message_is_set_aside_and_the_next_one_delivered(
    folders, caplog, queue_name
):
    queue = Queue(queue_name, Exchange(queue_name), routing_key=queue_name)
    with connection(folders) as conn:
        producer = conn.Producer()
        producer.publish(
            {"n": 1}, exchange=queue.exchange, routing_key=queue_name, declare=[queue]
        )
        # What a producer killed mid-write leaves behind, older than the rest.
        (folders["queue"] / f"0_half-written.{queue_name}.msg").write_bytes(
            b'{"body": "'
        )

        with caplog.at_level(logging.ERROR, logger="memory_core.broker"):
            message = conn.SimpleQueue(queue).get(timeout=2)
            message.ack()

    assert message.payload == {"n": 1}
    assert (
        folders["queue"].parent / "corrupt" / f"0_half-written.{queue_name}.msg"
    ).exists()
    assert "Skipped an unreadable broker message 0_half-written" in caplog.text
    assert not list(folders["queue"].glob("*.msg"))


def test_a_message_is_written_whole_under_its_final_name(folders, queue_name):
    queue = Queue(queue_name, Exchange(queue_name), routing_key=queue_name)
    with connection(folders) as conn:
        conn.Producer().publish(
            {"n": 2}, exchange=queue.exchange, routing_key=queue_name, declare=[queue]
        )

    written = list(folders["queue"].iterdir())
    assert len(written) == 1 and written[0].name.endswith(f".{queue_name}.msg")


def test_kombus_control_files_stay_in_the_control_folder(folders, queue_name):
    with connection(folders) as conn:
        queue = Queue(queue_name, Exchange(queue_name), routing_key=queue_name)
        queue(conn.default_channel).declare()

    assert [p.name for p in folders["control"].iterdir()] == [f"{queue_name}.exchange"]
