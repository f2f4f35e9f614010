"""The OpenAPI 3.1 description of the JSON API, served at ``/api/schema.json``: the
paths are read from the URLconf (every ``api:`` address), their parameters and
answers from :mod:`tarokk_admin.schema.operations`."""
