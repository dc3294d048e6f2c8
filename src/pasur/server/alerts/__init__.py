"""Never missing a turn: who holds which seat ("my games" on the home page), and, in the browser,
the alerts a table page raises when the person's turn comes while they look elsewhere
(docs/alerts.md).
"""
