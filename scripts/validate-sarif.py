#!/usr/bin/env python3
"""Validate tca-lint SARIF output: the official SARIF 2.1.0 JSON schema when it is available,
then, always, the conventions GitHub code scanning relies on that the schema does not enforce.

Usage: scripts/validate-sarif.py REPORT.sarif [--schema PATH]

The schema is the file given with --schema or $SARIF_SCHEMA (the official
sarif-schema-2.1.0.json, published by OASIS with the SARIF 2.1.0 standard). Validating against
it needs the PyPI package `jsonschema` (`python3 -m pip install jsonschema`). Without a schema
or without jsonschema, only the structural checks run and the output says
"schema validation skipped" and why.

Exit status: 0 valid, 1 invalid (every problem printed), 2 usage or unreadable input (including
a schema that was named but cannot be read).
"""
import argparse
import json
import os
import re
import sys

SKIPPED = "validate-sarif: schema validation skipped"


def github_problems(log):
    """What code scanning needs beyond the schema (relative URIs under a base id, valid rule
    indices, integer positions, fingerprints)."""
    problems = []
    if log.get("version") != "2.1.0":
        problems.append(f"version must be '2.1.0', got {log.get('version')!r}")
    runs = log.get("runs", [])
    if len(runs) != 1:
        problems.append(f"expected exactly one run, found {len(runs)}")
    for r, run in enumerate(runs):
        driver = run.get("tool", {}).get("driver", {})
        for key in ("name", "version", "informationUri", "rules"):
            if key not in driver:
                problems.append(f"runs[{r}].tool.driver has no {key}")
        rules = driver.get("rules", [])
        ids = [rule.get("id") for rule in rules]
        if len(set(ids)) != len(ids):
            problems.append(f"runs[{r}]: duplicate rule ids")
        for i, rule in enumerate(rules):
            for key in ("id", "name", "shortDescription", "fullDescription", "helpUri", "defaultConfiguration"):
                if key not in rule:
                    problems.append(f"runs[{r}].tool.driver.rules[{i}] has no {key}")
        bases = run.get("originalUriBaseIds", {})
        for name, base in bases.items():
            uri = base.get("uri", "")
            if not (uri.startswith("file:///") and uri.endswith("/")):
                problems.append(f"originalUriBaseIds[{name}].uri must be an absolute file URI ending in '/': {uri!r}")
        for i, result in enumerate(run.get("results", [])):
            where = f"runs[{r}].results[{i}]"
            index = result.get("ruleIndex")
            if not isinstance(index, int) or not 0 <= index < len(rules) or rules[index].get("id") != result.get("ruleId"):
                problems.append(f"{where}: ruleIndex {index!r} does not point at rule {result.get('ruleId')!r}")
            if result.get("level") not in ("none", "note", "warning", "error"):
                problems.append(f"{where}: bad level {result.get('level')!r}")
            if not result.get("message", {}).get("text"):
                problems.append(f"{where}: no message.text")
            if not result.get("partialFingerprints"):
                problems.append(f"{where}: no partialFingerprints")
            locations = result.get("locations", [])
            if len(locations) != 1:
                problems.append(f"{where}: expected one location")
                continue
            physical = locations[0].get("physicalLocation", {})
            artifact = physical.get("artifactLocation", {})
            uri = artifact.get("uri", "")
            if artifact.get("uriBaseId") not in bases:
                problems.append(f"{where}: uriBaseId {artifact.get('uriBaseId')!r} not in originalUriBaseIds")
            if re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", uri) or uri.startswith("/"):
                problems.append(f"{where}: uri is not relative: {uri!r}")
            if re.search(r"[^A-Za-z0-9\-._~/%!$&'()*+,;=:@]", uri) or re.search(r"%(?![0-9A-Fa-f]{2})", uri):
                problems.append(f"{where}: uri has characters that must be percent-encoded: {uri!r}")
            region = physical.get("region", {})
            for key in ("startLine", "startColumn"):
                value = region.get(key)
                if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                    problems.append(f"{where}: region.{key} must be an integer >= 1, got {value!r}")
    return problems


def schema_problems(log, schema_path):
    """Problems found by the official schema, or None (with the reason printed) when it cannot run."""
    if not schema_path:
        print(f"{SKIPPED}: no schema given (set SARIF_SCHEMA or pass --schema); structural checks only")
        return None
    try:
        import jsonschema
    except ImportError:
        print(f"{SKIPPED}: the Python package 'jsonschema' is missing "
              "(`python3 -m pip install jsonschema`); structural checks only")
        return None
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    validator_class = jsonschema.validators.validator_for(schema, default=jsonschema.Draft4Validator)
    validator = validator_class(schema, format_checker=validator_class.FORMAT_CHECKER)
    return [f"schema: {'/'.join(map(str, e.absolute_path)) or '<root>'}: {e.message}"
            for e in sorted(validator.iter_errors(log), key=lambda e: list(map(str, e.absolute_path)))]


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("report")
    parser.add_argument("--schema", default=os.environ.get("SARIF_SCHEMA"))
    args = parser.parse_args(argv)

    try:
        with open(args.report, encoding="utf-8") as f:
            log = json.load(f)
        if not isinstance(log, dict):
            raise ValueError(f"{args.report}: not a JSON object")
        from_schema = schema_problems(log, args.schema)
    except (OSError, ValueError) as error:
        print(f"validate-sarif: {error}", file=sys.stderr)
        return 2

    problems = (from_schema or []) + [f"github: {p}" for p in github_problems(log)]
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"validate-sarif: {args.report}: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    checked = "valid SARIF 2.1.0" if from_schema is not None else "passes the structural checks"
    print(f"validate-sarif: {args.report}: {checked}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
