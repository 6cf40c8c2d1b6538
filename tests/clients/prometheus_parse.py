"""Parses Prometheus text exposition from stdin with prometheus_client's own parser and prints
every sample as JSON lines: {"name", "labels", "value"}. Any format error raises."""

import json
import sys

from prometheus_client.parser import text_string_to_metric_families

for family in text_string_to_metric_families(sys.stdin.read()):
    for sample in family.samples:
        print(json.dumps({"name": sample.name, "type": family.type, "labels": sample.labels, "value": sample.value}))
