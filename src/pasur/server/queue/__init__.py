"""Quick match: a queue that groups people of close ratings into a new table and starts it."""
