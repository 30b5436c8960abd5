"""kombu's filesystem transport, made safe for the zero-setup default broker.

kombu writes a message straight into the queue folder (open, lock, write), so
a consumer polling between the open and the write moves away an empty or
half-written file and fails to decode it, and that exception stops the
worker. Here a message is written under a temporary name and renamed into
place (a rename within one folder is atomic), and a consumer that still meets
an undecodable file moves it to `corrupt/` beside the queue, logs it and goes
on with the next message.

Selected by `CELERY_BROKER_TRANSPORT` when `CELERY_BROKER_URL` is
`filesystem://` (memory_core/settings.py); Redis and RabbitMQ need none of it.
"""

from __future__ import annotations

import logging
import os
import shutil
import tempfile
import uuid
from pathlib import Path
from queue import Empty
from time import monotonic

from kombu.exceptions import ChannelError
from kombu.transport import filesystem
from kombu.utils.encoding import bytes_to_str, str_to_bytes
from kombu.utils.json import dumps, loads

logger = logging.getLogger(__name__)

# Not ending in ".msg", so no consumer lists a file still being written.
PARTIAL_SUFFIX = ".partial"


class Channel(filesystem.Channel):
    def _put(self, queue: str, payload: dict, **kwargs) -> None:
        """Write the message under a temporary name, then rename it into place."""
        name = f"{round(monotonic() * 1000)}_{uuid.uuid4()}.{queue}.msg"
        final = os.path.join(self.data_folder_out, name)
        partial = final + PARTIAL_SUFFIX
        try:
            with open(partial, "wb") as handle:
                handle.write(str_to_bytes(dumps(payload)))
            os.replace(partial, final)
        except OSError as exc:
            raise ChannelError(f"Cannot add file {final!r} to directory") from exc

    def _get(self, queue: str) -> dict:
        """Take the oldest message of `queue`; set aside any that cannot be read."""
        wanted = f"{queue}.msg"
        for name in sorted(os.listdir(self.data_folder_in)):
            if name.partition(".")[2] != wanted:
                continue
            source = os.path.join(self.data_folder_in, name)
            taken = os.path.join(self._taken_folder(), name)
            try:
                # Whoever moves the file first owns the message.
                shutil.move(source, taken)
            except OSError:
                continue
            try:
                with open(taken, "rb") as handle:
                    payload = handle.read()
                message = loads(bytes_to_str(payload))
            except OSError as exc:
                raise ChannelError(f"Cannot read file {taken!r} from queue.") from exc
            except ValueError as exc:
                self._set_aside(taken, exc)
                continue
            if not self.store_processed:
                os.remove(taken)
            return message
        raise Empty()

    def _taken_folder(self) -> str:
        if self.store_processed:
            return self.processed_folder
        return tempfile.gettempdir()

    def _set_aside(self, path: str, exc: ValueError) -> None:
        corrupt = Path(self.data_folder_in).parent / "corrupt"
        corrupt.mkdir(exist_ok=True)
        shutil.move(path, corrupt / os.path.basename(path))
        logger.error(
            "Skipped an unreadable broker message %s (%s); kept in %s",
            os.path.basename(path),
            exc,
            corrupt,
        )


class Transport(filesystem.Transport):
    Channel = Channel
