"""Settings: ``base`` declares everything; local, production and test adjust it.

Behaviour changes through environment variables (see README.md), not through code
that exists in only one of these modules.
"""
