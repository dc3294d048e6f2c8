"""The HTTP wing: what every request and socket goes through, whatever the feature.

Errors and their one body (:mod:`~pasur.server.http.errors`), the middleware (security headers,
the body limit, the cross-site guard, ``OPTIONS``), the ``Origin`` check, guests and their
cookie, token buckets, the web client's pages, the API's documentation page, and frames sent
straight to a socket. Nothing here knows a table, a game or a score sheet.
"""
