"""Worked examples in Markdown, verified against ``rules_core`` and drawn as cards."""
