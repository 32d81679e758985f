"""Writing an output as Rooflab does: a temporary file beside it, renamed over it, so that an
interrupted writer never leaves a torn file."""

import contextlib
import os
import secrets
import stat


def write_atomic(path, text):
    """Writes `text` to `path` through a hidden temporary file in the same folder (a rename never
    crosses file systems); through a symlink its target is replaced and the link kept, and an
    existing file keeps its mode. Raises OSError naming `path`."""
    target = os.path.realpath(path)
    folder, name = os.path.split(target)
    temporary = os.path.join(folder, f".{name}.{secrets.token_hex(6)}")
    try:
        # 0o666 less the umask, as a plain open() would create it.
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
            with contextlib.suppress(FileNotFoundError):
                os.chmod(temporary, stat.S_IMODE(os.stat(target).st_mode))
            os.replace(temporary, target)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temporary)
            raise
    except OSError as e:
        raise OSError(e.errno, f"cannot write '{os.fspath(path)}': {e.strerror}") from e
