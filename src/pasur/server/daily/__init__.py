"""The daily deal: one committed deal per format and day, played once against fixed bots."""
