"""Offline: the installable app (manifest, service worker, app shell) and the engine's sources
for the browser's Pyodide worker; see docs/offline.md."""
