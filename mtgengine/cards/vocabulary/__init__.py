"""The typed vocabulary card abilities are written in (ARCHITECTURE principle 7).

Definitions are frozen dataclasses: filters, targets, quantities, effects, costs, and the
four kinds of abilities (CR 113.3): spell, activated, triggered and static. Keyword
abilities are kept by name (CR 702). Card text compiles to these (see ``cards.compiler``);
the effects interpreter is ``effects.resolve``.

One module per part, each importing only the parts before it: ``targets`` (filters,
references, quantities), ``actions`` and ``effects`` (one-shot effects, CR 610, and the
``Effect`` union), ``abilities`` (costs, spell/activated/triggered abilities), ``modifications``
(by layer, CR 613.1), ``statics`` (static and replacement abilities, CR 604, 614) and
``casting`` (casting costs, class levels, the card script). Everything is imported from here.
"""
from __future__ import annotations

from .targets import (  # noqa: F401
    ANY_TARGET, CREATURE, Compare, Filter, PLAYER, Quantity, Ref,
    SELF, TargetSpec, YOU, n, target,
)
from .actions import (  # noqa: F401
    COMMANDER_IDENTITY, LANDS_COULD_PRODUCE, SUNBURST, AddMana, Attach, BecomeColor, CounterSpell, CreateToken,
    DamageCantBePrevented,
    DealDamage, Destroy, Discard, Draw, Exile, ExileIfDies, NoRegenerationThisTurn,
    ExtraTurn, Fight, GainControl, GainLife, LookAtTop, LoseLife,
    ManaRestriction, Mill, Pump, PutCounters, Regenerate, ReturnToBattlefield,
    ReturnToHand, Sacrifice, SacrificePermanent, Scry, Search, TapUntap,
    Unattach, WinGame, LoseGame,
)
from .effects import (  # noqa: F401
    Adapt, AddManaOfCost, ApplyModifications, FlipCoin, BecomeCopy, Cascade, CastCard, CastFromExile, CastLinked, Ripple,
    Choose, Conditional, IfMatches, CopyCards, CopyException, CopySpell, CounterIfPaid,
    CreateDelayedTrigger, CreateEmblem, CreateTokenCopy, DoAction, Double, Effect, Encore, EnterAttacking,
    ExileChosen, ExileTop, ExileWarped, Explore, Flip, Solve, GainAbilities, HoldTapped, IfKicked,
    Manifest, MayPay, Meld, MustBlock, BlockAdditional, Note, PayEcho,
    PlayFrom, Pregame, PreventDamage, Proliferate, PutFromHand, PutIntoGraveyard, PutOntoBattlefieldFromHand,
    PutOnBottom, RemoveCounters, ReplaceWords, ReturnChosen, RevealTop, SetLevel,
    ShuffleIntoLibrary, SkipNextUntap, SuspendTick, Transform, TurnFaceDown, UnlessPays,
)
from .keyword_actions import (  # noqa: F401
    Amass, BackupGrant, Bolster, Clash, Connive, CumulativeUpkeep, Designate, Drain, Learn, MayElse, Monstrosity, Myriad,
)
from .designations import BecomeDayNight, BecomeMonarch, IncreaseSpeed, TakeInitiative, Venture  # noqa: F401
from .land_plays import AdditionalLandPlays, CantPlayLands  # noqa: F401
from .card_zones import DiscardHand, ExileTopToPlay, LookAtCards, PutIntoLibrary, ShuffleZonesIntoLibrary  # noqa: F401
from .abilities import (  # noqa: F401
    ActivatedAbility, Condition, Cost, CostObjects, ExtraTriggers, SpellAbility,
    TargetedBy, Trigger, TriggeredAbility,
)
from .modifications import (  # noqa: F401
    ChangeAbilities, ChangeColors, ChangeText, ChangeTypes, CopyOf, Modification,
    ModifyPT, SetController, SetPT, SwitchPT,
)
from .statics import (  # noqa: F401
    Ability, EntersAsCopy, PlayerStatic, ReplacementAbility, StaticAbility,
)
from .casting import (  # noqa: F401
    AdditionalCost, AlternativeCost, CardScript, CastRestriction, ClassLevel, CombatRestriction, CostChange, Solved,
    Prototype, Splice,
)
