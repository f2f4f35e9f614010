"""The shared core beneath every app: errors with codes, roles and the one way to
refuse a page, parameter and JSON parsing, the JSON-API wrapper, on-commit queueing,
the admin mixin, shared ranking, the page cache. It imports no app of the project."""
