"""Fixed tables of Russian Preferans (Sochi): the bid ladder, contract values, whist obligations, options."""

from __future__ import annotations

from typing import Any, Final

from games.engine.base import JSON, IllegalAction, is_int

#: Suit order for bidding, lowest first; "NT" is no trump ("ohne").
BID_SUITS: Final = ("S", "C", "D", "H", "NT")
MISERE: Final = "MIS"


def _ladder() -> tuple[str, ...]:
    bids: list[str] = []
    for level in range(6, 11):
        if level == 9:
            bids.append(MISERE)
        bids.extend(f"{level}{s}" for s in BID_SUITS)
    return tuple(bids)


#: 6S 6C 6D 6H 6NT 7S ... 8NT MIS 9S ... 10NT, lowest first; a bid is its index here.
BIDS: Final = _ladder()
BID_INDEX: Final = {b: i for i, b in enumerate(BIDS)}
MIS_INDEX: Final = BID_INDEX[MISERE]
#: the lowest bid after a raspasy in the Leningrad variant
SEVEN_SPADES: Final = BID_INDEX["7S"]

PASS: Final = "pass"
HOLD: Final = "hold"

#: contract value by level ("price"); misère is worth 10
VALUE: Final = {6: 2, 7: 4, 8: 6, 9: 8, 10: 10}
MISERE_VALUE: Final = 10
#: tricks the defenders must take together
OBLIGATION: Final = {6: 4, 7: 2, 8: 1, 9: 1, 10: 0}
#: levels at which the second defender may say "half whist"
HALF_WHIST_LEVELS: Final = (6, 7)
#: whists the half-whister writes per point of contract value
HALF_WHIST_TRICKS: Final = {6: 2, 7: 1}

RANK_ORDER: Final = {r: i for i, r in enumerate("789TJQKA")}

VARIANTS: Final = ("sochi", "leningrad", "rostov")
POOL_SIZES: Final = (10, 20, 30)

DEFAULT_OPTIONS: Final[JSON] = {
    "players": 3,
    "pool": 20,
    "variant": "sochi",
    "ascending_raspasy": False,
    "max_deals": 200,
}

#: the option of a match of independent deals (the daily challenge): that many deals, each scored on
#: its own. Not among the defaults: pool play leaves it out (a start event without it names every
#: option, as before it existed), and `normalize_options` drops its pool-play value 0.
DEALS: Final = "deals"
DEALS_MAX: Final = 1000


def _level(name: str) -> int:
    return 0 if name == MISERE else int(name[:-2] if name.endswith("NT") else name[:-1])


_LEVELS: Final = tuple(_level(b) for b in BIDS)


def level_of(bid: int) -> int:
    """Tricks the declarer needs (0 for misère)."""
    return _LEVELS[bid]


def trump_of(bid: int) -> str | None:
    name = BIDS[bid]
    if name == MISERE or name.endswith("NT"):
        return None
    return name[-1]


def value_of(bid: int) -> int:
    return MISERE_VALUE if bid == MIS_INDEX else VALUE[_LEVELS[bid]]


def normalize_options(options: Any) -> JSON:
    if not isinstance(options, dict):
        raise IllegalAction("options must be an object")
    unknown = sorted(set(options) - set(DEFAULT_OPTIONS) - {DEALS})
    if unknown:
        raise IllegalAction(f"unknown option {unknown[0]!r}")
    opts = {**DEFAULT_OPTIONS, **options}
    if not is_int(opts["players"]) or opts["players"] not in (3, 4):
        raise IllegalAction("players must be 3 or 4 (with four, the dealer sits out)")
    if not is_int(opts["pool"]) or opts["pool"] not in POOL_SIZES:
        raise IllegalAction("pool must be 10, 20 or 30")
    if type(opts["variant"]) is not str or opts["variant"] not in VARIANTS:
        raise IllegalAction("variant must be sochi, leningrad or rostov")
    if opts["ascending_raspasy"] is not True and opts["ascending_raspasy"] is not False:
        raise IllegalAction("ascending_raspasy must be true or false")
    md = opts["max_deals"]
    if not is_int(md) or not 1 <= md <= 10000:
        raise IllegalAction("max_deals must be a whole number from 1 to 10000")
    deals = opts.pop(DEALS, 0)
    if not is_int(deals) or not 0 <= deals <= DEALS_MAX:
        raise IllegalAction(f"deals must be a whole number from 0 (pool play) to {DEALS_MAX}")
    if deals:
        if opts["ascending_raspasy"]:
            raise IllegalAction("independent deals (deals) cannot have ascending raspasy")
        opts[DEALS] = deals
    return opts


def deals_of(options: JSON) -> int:
    """How many independent deals the match has; 0 for pool play."""
    return int(options.get(DEALS, 0))
