"""Every effect's resolution, one module per concept of the rules. Importing this package
registers them all with the interpreter (``effects.resolve.resolves``), which dispatches each
effect by its class (``resolve.execute``):

- ``damage_life``: damage (CR 120), prevention (615), fights (701.14), life (119), winning (104.2b)
- ``zones``: destroy (701.8), regenerate (701.19), exile (701.13), return, sacrifice (701.21),
  counter (701.6), discard (701.9), put into a library or graveyard (400, 401.4)
- ``library``: draw (121), mill (701.17), scry (701.22), surveil (701.25), search (701.23), reveal
  (701.20), look at the top cards (401.2), explore (701.44), exile the top cards
- ``card_zones``: put into a library at a position (401.7), impulse draw (601.3), look at a hand
  (701.20e)
- ``counters``: counters (122), proliferate (701.34), adapt (701.46), double and triple (701.10-11)
- ``tokens_copies``: tokens (111), token copies and copies (707)
- ``permanents``: tap and untap (701.26, 502.3), attach (701.3), gain control (613.1b)
- ``continuous``: continuous effects of resolving spells and abilities (611, 613, 612, 509.1c)
- ``faces``: transform (701.27), face down (708.2), manifest (701.40), meld (701.42)
- ``mana``: adding mana (106)
- ``payments``: "unless pays", "you may pay ... When you do" (118.12, 603.12), echo (702.30a)
- ``choices``: choices, notes and conditions (607.2d-g, 608.2c, 702.33e)
- ``delayed``: delayed triggered abilities (603.7), extra turns (500.7), emblems (114), levels (716)
- ``designations``: the monarch (724), the initiative (725), venturing into the dungeon (701.49, 309)
- ``keyword_actions``: fabricate, renown, cumulative upkeep, extort (702), bolster, amass, connive (701)
- ``spells``: spells cast while an effect resolves (608.2g): copies of cards (707.12), miracle
- ``cast_keywords``: spells cast as a keyword's triggered ability resolves: cascade (702.85a)
- ``effects.land_plays`` (outside the package, the one module of the land plays): additional land
  plays this turn (305.2a)

A new effect of the vocabulary gets its resolution in the module of its concept, decorated with
``@resolves(ItsClass)``; ``tests/effects/test_resolutions.py`` fails while one has none.
"""
from . import (  # noqa: F401  (each module registers its resolutions as it is imported)
    card_zones, cast_keywords, choices, continuous, counters, damage_life, delayed, designations, faces, keyword_actions,
    library, mana,
    payments, permanents, spells, tokens_copies, zones,
)
from .. import land_plays  # noqa: F401  (additional land plays this turn, CR 305.2a)
