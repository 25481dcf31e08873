#!/usr/bin/env bash
# Runs result_schema_test.py with a python3 that has jsonschema (Debian: python3-jsonschema,
# which belongs to /usr/bin/python3 even when another python3 comes first on PATH).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
for python in python3 /usr/bin/python3; do
  if "$python" -c "import jsonschema" 2>/dev/null; then
    exec "$python" "$here/result_schema_test.py" "$@"
  fi
done
echo "result_schema_test: no python3 with jsonschema (Debian: apt-get install python3-jsonschema)" >&2
exit 1
