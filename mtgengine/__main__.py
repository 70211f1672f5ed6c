"""`python -m mtgengine` runs the `mtg` command (handy from a checkout without installing)."""
import sys

from mtgengine.cli import main

sys.exit(main())
