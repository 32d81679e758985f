"""Opening a Rooflab JSON file (plain or gzip-compressed) and checking its schema line."""

import gzip
import json
import os
import re

GZIP_MAGIC = b"\x1f\x8b"


class FormatError(ValueError):
    """A file that is not what its reader reads: its message names the file and what was found."""


def load(path):
    """The parsed JSON document at `path`; gzip-compressed files (data/recorded) are read too.
    A file that cannot be opened raises OSError, one that is no JSON FormatError."""
    name = os.fspath(path)
    with open(name, "rb") as f:
        compressed = f.read(2) == GZIP_MAGIC
    try:
        with (gzip.open if compressed else open)(name, "rt", encoding="utf-8") as f:
            return json.load(f)
    except json.JSONDecodeError as e:
        raise FormatError(f"'{name}': not valid JSON: {e}") from None
    except (UnicodeDecodeError, EOFError, gzip.BadGzipFile) as e:
        raise FormatError(f"'{name}': not a JSON text, plain or gzip-compressed: {e}") from None


def check_schema(doc, expected, where):
    """Raises FormatError unless doc's "schema" is `expected` ("rooflab.results/1") or a later
    minor version of it ("rooflab.results/1.2"), as the C++ readers do (roofline/src/json_io.cpp).
    """
    name, major = expected.split("/")
    found = doc.get("schema") if isinstance(doc, dict) else None
    if not isinstance(found, str):
        raise FormatError(f'{where}: no "schema" field (expected {expected})')
    version = re.fullmatch(re.escape(name) + r"/([0-9]+)(\.[0-9]+)?", found)
    if version is None:
        raise FormatError(f'{where}: schema "{quoted(found)}" is not {expected}')
    if version.group(1) != major:
        raise FormatError(f'{where}: schema "{quoted(found)}" has unknown major version '
                          f"{quoted(version.group(1))} (this reader reads {expected})")


def quoted(text, most=64):
    """A file's text as a message quotes it: at most `most` characters, then "…"."""
    return text if len(text) <= most else text[:most] + "…"


def schema_name(doc):
    """ "rooflab.results" for a document whose schema is "rooflab.results/1"; "" without one."""
    found = doc.get("schema") if isinstance(doc, dict) else None
    return found.split("/")[0] if isinstance(found, str) else ""


def fields(where, convert, *args):
    """convert(*args), with a missing field or a wrong type raised as a FormatError that names
    `where` ("'r.json': results[3]"), as the C++ readers refuse a malformed file."""
    try:
        return convert(*args)
    except FormatError:
        raise
    except KeyError as e:
        raise FormatError(f"{where}: no field {e}") from None
    except (TypeError, ValueError, AttributeError, IndexError) as e:
        raise FormatError(f"{where}: malformed: {e}") from None


def each(where, name, records, convert):
    """[convert(r) for r in records], naming the record of a FormatError: "where: name[i]"."""
    return [fields(f"{where}: {name}[{i}]", convert, r) for i, r in enumerate(records)]
