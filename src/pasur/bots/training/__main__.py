"""``python -m pasur.bots.training``: the training's command line (:mod:`.cli`)."""

import sys

from pasur.bots.training.cli import main

sys.exit(main())
