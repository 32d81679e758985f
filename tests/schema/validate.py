#!/usr/bin/env python3
"""Validates Rooflab JSON files against the schemas in data/schema (draft 2020-12).

usage: validate.py SCHEMA_DIR FILE...   (the schema is chosen by each file's "schema" field)
"""
import json
import pathlib
import sys

import jsonschema


def make_validator(schema, store):
    """jsonschema ≥ 4.18 resolves references through `referencing`; older ones (Debian 12)
    through RefResolver."""
    try:
        import referencing
        import referencing.jsonschema

        registry = referencing.Registry().with_resources(
            (uri, referencing.jsonschema.DRAFT202012.create_resource(s)) for uri, s in store.items())
        return jsonschema.Draft202012Validator(schema, registry=registry)
    except ImportError:
        resolver = jsonschema.RefResolver(schema["$id"], schema, store=store)
        return jsonschema.Draft202012Validator(schema, resolver=resolver)


def main() -> int:
    schema_dir = pathlib.Path(sys.argv[1])
    store = {}
    for path in schema_dir.glob("*.schema.json"):
        schema = json.loads(path.read_text())
        store[schema["$id"]] = schema
    by_name = {s["$id"].rsplit("/", 1)[1].split("-")[0]: i for i, s in store.items()}
    failures = 0
    for name in sys.argv[2:]:
        doc = json.loads(pathlib.Path(name).read_text())
        kind = doc.get("schema", "").split("/")[0]
        if kind not in by_name:
            print(f"{name}: unknown schema field {doc.get('schema')!r}")
            failures += 1
            continue
        schema = store[by_name[kind]]
        validator = make_validator(schema, store)
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
        for e in errors[:10]:
            print(f"{name}: {'/'.join(map(str, e.path))}: {e.message}")
        failures += bool(errors)
        if not errors:
            print(f"{name}: valid {doc['schema']}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
