"""Package data: task suites (JSONL + SHA-256) and the world digest."""
