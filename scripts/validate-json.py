#!/usr/bin/env python3
"""Validates balltrace's JSON output against one of its JSON Schemas, offline.

    scripts/validate-json.py SCHEMA FILE...            each FILE is one JSON document
    scripts/validate-json.py --lines SCHEMA FILE...    each line of each FILE is one JSON value

SCHEMA is checked first (Draft 2020-12). Every error is printed on one line,
`FILE[:LINE]: JSON-PATH: message`; the exit status is 1 when there was any, 0 otherwise.

References between schemas are resolved from the schemas in this repository's
`Sources/BallTrace/Schemas/` folder (and SCHEMA itself), never over the network: the schemas' `$id`s are under
`balltrace.invalid`, which no resolver could reach anyway.

Needs only python3 and jsonschema. Debian 12's python3-jsonschema is 4.10, which resolves
references with `RefResolver`; from 4.18 on that is deprecated in favour of the `referencing`
package, which is used when it is there.
"""

import argparse
import json
import pathlib
import sys

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

SCHEMAS = pathlib.Path(__file__).resolve().parent.parent / "Sources" / "BallTrace" / "Schemas"


def load_schemas(schema_path):
    """The schema asked for, and every schema in SCHEMAS by `$id` (SCHEMA's own wins)."""
    known = {}
    for path in sorted(SCHEMAS.glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        if "$id" in schema:
            known[schema["$id"]] = schema
    schema = json.loads(pathlib.Path(schema_path).read_text(encoding="utf-8"))
    if "$id" in schema:
        known[schema["$id"]] = schema
    return schema, known


def make_validator(schema, known):
    try:
        from referencing import Registry, Resource
        from referencing.exceptions import NoSuchResource
    except ImportError:
        # jsonschema before 4.18: a resolver whose store holds the known schemas, and which
        # refuses to fetch anything else.
        from jsonschema import RefResolver

        def refuse(uri):
            raise LookupError(f"{uri} is not one of the schemas in {SCHEMAS}; nothing is fetched")

        resolver = RefResolver(
            base_uri=schema.get("$id", ""), referrer=schema, store=known,
            handlers={"http": refuse, "https": refuse, "file": refuse})
        return Draft202012Validator(schema, resolver=resolver)

    def retrieve(uri):
        raise NoSuchResource(ref=uri)

    registry = Registry(retrieve=retrieve).with_resources(
        (uri, Resource.from_contents(contents)) for uri, contents in known.items())
    return Draft202012Validator(schema, registry=registry)


def instances(path, lines):
    """(label, value, problem) for the file, or for each of its lines: `problem` says why there
    is no value (not JSON, an empty line)."""
    text = pathlib.Path(path).read_text(encoding="utf-8")
    if lines:
        rows = text.split("\n")
        if rows[-1] == "":
            rows.pop()  # after the newline that ends the last line
    else:
        rows = [text]
    for number, row in enumerate(rows, start=1):
        label = f"{path}:{number}" if lines else path
        if lines and not row.strip():
            yield label, None, "an empty line, which JSON Lines does not allow"
            continue
        try:
            yield label, json.loads(row), None
        except json.JSONDecodeError as error:
            yield label, None, f"not JSON: {error}"


def main():
    parser = argparse.ArgumentParser(description="Validate balltrace JSON output against a JSON Schema, offline.")
    parser.add_argument("--lines", action="store_true", help="each line of each FILE is one JSON value (JSON Lines)")
    parser.add_argument("schema", metavar="SCHEMA")
    parser.add_argument("files", metavar="FILE", nargs="+")
    arguments = parser.parse_args()

    try:
        schema, known = load_schemas(arguments.schema)
    except (OSError, UnicodeDecodeError, ValueError) as error:
        # json.JSONDecodeError is a ValueError.
        print(f"{arguments.schema}: cannot be read as a schema: {error}")
        return 1
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as error:
        print(f"{arguments.schema}: not a valid Draft 2020-12 schema: {error.message}")
        return 1
    validator = make_validator(schema, known)

    errors = 0
    for path in arguments.files:
        try:
            for label, value, problem in instances(path, arguments.lines):
                if problem:
                    print(f"{label}: {problem}")
                    errors += 1
                    continue
                try:
                    found = sorted(validator.iter_errors(value), key=lambda e: (e.json_path, e.message))
                except Exception as error:
                    # A `$ref` that no known schema answers. Its exception's class differs
                    # between jsonschema 4.10 and 4.18+, and importing 4.18's warns.
                    print(f"{label}: cannot be validated: {error}")
                    errors += 1
                    continue
                for error in found:
                    print(f"{label}: {error.json_path}: {error.message}")
                    errors += 1
        except (OSError, UnicodeDecodeError) as error:
            print(f"{path}: cannot be read: {error}")
            errors += 1
    if errors:
        print(f"validate-json: {errors} error{'s' if errors != 1 else ''}", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
