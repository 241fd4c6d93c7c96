"""The score sheet: pool, mountain and whists, one deal's entries, pool overflow and the final settlement.

Whists are exact: whole amounts are ints, others (Rostov halves, the settlement's thirds) `Fraction`s;
pool and mountain entries are whole numbers. `whists[a][b]` is what seat a has written against seat b
(b owes a).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Final

from games.engine.base import JSON, fields_of, rebuild
from games.engine.preferans.constants import (
    HALF_WHIST_TRICKS,
    MIS_INDEX,
    OBLIGATION,
    level_of,
    value_of,
)

Amount = Fraction | int


def exact(value: Amount) -> str:
    """ "70/3" or "20"."""
    if isinstance(value, int):
        return str(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def approx(value: Amount) -> float:
    return round(float(value), 2)


class Sheet:
    """One pool's score sheet. `entries` collects the current deal's changes for its score row."""

    def __init__(self, n: int, target: int, variant: str, overflow: bool = True) -> None:
        self.n = n
        self.target = target
        #: False in a match of independent deals: the pool never fills, so nothing moves between seats
        self.overflow = overflow
        self.double = variant == "leningrad"
        self.rostov = variant == "rostov"
        self.pool = [0] * n
        self.mountain = [0] * n
        self.whists: list[list[Amount]] = [[0] * n for _ in range(n)]
        self.entries: list[list[Any]] = []

    def clone(self) -> Sheet:
        other = Sheet(self.n, self.target, "", self.overflow)
        other.double, other.rostov = self.double, self.rostov
        other.pool = self.pool[:]
        other.mountain = self.mountain[:]
        other.whists = [row[:] for row in self.whists]
        other.entries = [e[:] for e in self.entries]
        return other

    def __reduce__(self) -> tuple[object, ...]:
        return (rebuild, (Sheet, (self.n, self.target, "", self.overflow), fields_of(self, _SHEET_FIELDS)))

    # --- primitive entries -------------------------------------------------------------------------
    def write_whists(self, writer: int, against: int, amount: Amount, game: bool = True) -> None:
        """`writer` writes `amount` whists against `against` (doubled in Leningrad when `game`)."""
        if amount == 0:
            return
        if game and self.double:
            amount = amount * 2
        self.whists[writer][against] += amount
        self.entries.append(["whists", writer, against, amount])

    def write_mountain(self, seat: int, points: Amount, half: bool = False) -> None:
        """A penalty; Leningrad doubles it, Rostov pays it at once as whists (half for a failed whister)."""
        if points <= 0:
            return
        if self.rostov:
            per_opponent = _whole(Fraction(10, self.n - 1) * points * (Fraction(1, 2) if half else 1))
            for other in range(self.n):
                if other != seat:
                    self.write_whists(other, seat, per_opponent, game=False)
            return
        amount = int(points * 2 if self.double else points)
        self.mountain[seat] += amount
        self.entries.append(["mountain", seat, amount])

    def write_pool(self, seat: int, points: int) -> None:
        """Pool points; what does not fit overflows clockwise (10 whists per point against the helped
        player), and once every pool is full the rest comes off the scorer's own mountain."""
        if points <= 0:
            return
        if not self.overflow:
            self.pool[seat] += points
            self.entries.append(["pool", seat, points])
            return
        take = min(points, self.target - self.pool[seat])
        if take > 0:
            self.pool[seat] += take
            self.entries.append(["pool", seat, take])
        rest = points - max(take, 0)
        for step in range(1, self.n):
            if rest <= 0:
                return
            other = (seat + step) % self.n
            room = self.target - self.pool[other]
            if room > 0:
                moved = min(rest, room)
                self.pool[other] += moved
                self.entries.append(["pool", other, moved])
                self.write_whists(seat, other, 10 * moved, game=False)
                rest -= moved
        if rest > 0 and self.mountain[seat] > 0:
            off = min(rest, self.mountain[seat])
            self.mountain[seat] -= off
            self.entries.append(["mountain", seat, -off])

    def full(self) -> bool:
        return all(p >= self.target for p in self.pool)

    # --- deal scoring ------------------------------------------------------------------------------
    def score_contract(
        self, declarer: int, contract: int, defenders: list[int], whisters: list[int], tricks: list[int]
    ) -> None:
        """A played contract (not misère). `tricks` per seat; a lone whister is credited with both
        defenders' tricks."""
        level, value = level_of(contract), value_of(contract)
        taken = tricks[declarer]
        defence = 10 - taken
        if taken >= level:
            self.write_pool(declarer, value)
        else:
            short = level - taken
            self.write_mountain(declarer, value * short)
            for d in defenders:
                self.write_whists(d, declarer, value * short)
        need = OBLIGATION[level]
        if len(whisters) == 1:
            whister = whisters[0]
            self.write_whists(whister, declarer, value * defence)
            if defence < need:
                self.write_mountain(whister, value * (need - defence), half=True)
        else:
            share = half_of(need)
            for whister in whisters:
                self.write_whists(whister, declarer, value * tricks[whister])
            if defence < need:
                for whister in whisters:
                    if share > tricks[whister]:
                        self.write_mountain(whister, value * (share - tricks[whister]), half=True)

    def score_unplayed(self, declarer: int, contract: int, half_whister: int | None) -> None:
        """Nobody whisted (or only a half whist stood): the declarer writes the contract."""
        self.write_pool(declarer, value_of(contract))
        if half_whister is not None:
            level = level_of(contract)
            self.write_whists(half_whister, declarer, value_of(contract) * HALF_WHIST_TRICKS[level])

    def score_misere(self, declarer: int, taken: int) -> None:
        value = value_of(MIS_INDEX)
        if taken == 0:
            self.write_pool(declarer, value)
        else:
            self.write_mountain(declarer, value * taken)

    def score_raspasy(self, active: list[int], tricks: list[int], multiplier: int) -> None:
        for seat in active:
            if tricks[seat] == 0:
                self.write_pool(seat, multiplier)
            else:
                self.write_mountain(seat, tricks[seat] * multiplier)

    def close_unfinished(self) -> None:
        """The pool was stopped by max_deals: each player's missing pool points go on his mountain."""
        for seat in range(self.n):
            missing = self.target - self.pool[seat]
            if missing > 0:
                if self.rostov:
                    for other in range(self.n):
                        if other != seat:
                            self.write_whists(
                                other, seat, _whole(Fraction(10 * missing, self.n - 1)), game=False
                            )
                else:
                    self.mountain[seat] += missing
                    self.entries.append(["mountain", seat, missing])

    def deal_settlement(self) -> list[Amount]:
        """The settlement of the current deal's entries alone, as if the match had been only this deal
        and stopped there (`close_unfinished`, then `settlement`). Leaves this sheet as it is."""
        alone = Sheet(self.n, self.target, "", True)
        alone.double, alone.rostov = self.double, self.rostov
        for entry in self.entries:  # as written (Leningrad doubling and Rostov payments already in)
            if entry[0] == "pool":
                alone.pool[entry[1]] += entry[2]
            elif entry[0] == "mountain":
                alone.mountain[entry[1]] += entry[2]
            else:
                alone.whists[entry[1]][entry[2]] += entry[3]
        alone.close_unfinished()
        return alone.settlement()

    def take_entries(self) -> JSON:
        """The current deal's changes as a JSON row part; clears them."""
        pool = [0] * self.n
        mountain = [0] * self.n
        whists: list[JSON] = []
        for entry in self.entries:
            if entry[0] == "pool":
                pool[entry[1]] += entry[2]
            elif entry[0] == "mountain":
                mountain[entry[1]] += entry[2]
            else:
                whists.append(
                    {
                        "from": entry[1],
                        "against": entry[2],
                        "exact": exact(entry[3]),
                        "value": approx(entry[3]),
                    }
                )
        self.entries = []
        return {"pool": pool, "mountain": mountain, "whists": whists}

    # --- settlement --------------------------------------------------------------------------------
    def settlement(self) -> list[Amount]:
        """Each seat's balance in whists: mountains above the lowest one are paid, 10/n whists per point
        to every opponent, then whists are netted pair by pair. Sums to zero exactly."""
        n = self.n
        low = min(self.mountain)
        owed = [row[:] for row in self.whists]
        for seat in range(n):
            extra = _whole(Fraction(10 * (self.mountain[seat] - low), n))
            for other in range(n):
                if other != seat:
                    owed[other][seat] += extra
        return [_whole(sum(owed[s][o] - owed[o][s] for o in range(n) if o != s)) for s in range(n)]

    def to_json(self) -> JSON:
        return {
            "target": self.target,
            "pool": self.pool[:],
            "mountain": self.mountain[:],
            "whists": [[approx(w) for w in row] for row in self.whists],
            "whists_exact": [[exact(w) for w in row] for row in self.whists],
        }


def add_up(totals: list[Amount], amounts: list[Amount]) -> list[Amount]:
    """Seat by seat sums, whole ones as ints."""
    return [_whole(a + b) for a, b in zip(totals, amounts, strict=True)]


def half_of(whole: int) -> Amount:
    """`whole / 2` exactly: an int when even (no Fraction made on the common path)."""
    return whole // 2 if whole % 2 == 0 else Fraction(whole, 2)


def _whole(value: Amount) -> Amount:
    """Whole amounts as plain ints (fast, and equal to their Fraction anyway)."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value


def ranking(totals: list[Amount]) -> list[int]:
    return [1 + sum(1 for other in totals if other > mine) for mine in totals]


#: the sheet's fields besides its constructor's (pickled by `Sheet.__reduce__`: a compiled sheet is a
#: native class without __dict__)
_SHEET_FIELDS: Final = ("double", "rostov", "pool", "mountain", "whists", "entries")
