"""The event store. A match is its stream of `MatchEvent` rows; `Match` and `Seat` are metadata and a
cache of the stream (`version`, `status`), never the truth about what happened at the table."""

from __future__ import annotations

from typing import Any, ClassVar

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class AppendOnlyError(Exception):
    """Match events are never changed or removed."""


class MatchStatus(models.TextChoices):
    OPEN = "open", _("open (waiting for players)")
    RUNNING = "running", _("running")
    FINISHED = "finished", _("finished")
    ABANDONED = "abandoned", _("abandoned")


class Match(models.Model):
    game = models.CharField(max_length=32, db_index=True)
    options = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=16, choices=MatchStatus.choices, default=MatchStatus.OPEN)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # The guest (browser session) that opened the table, when no account did.
    created_by_guest = models.CharField(max_length=64, blank=True, default="")
    ai_version = models.CharField(max_length=32, default="anton")
    spectators_allowed = models.BooleanField(default=True)
    practice = models.BooleanField(default=False, help_text="All hands were shown: never on a leaderboard.")
    # A table whose results count for a ranking (the leagues app opens them): never a practice table.
    ranked = models.BooleanField(default=False, help_text="Its results count (a league table): no practice.")
    # Verifiably fair deals: every chance event is derived from `seed`; only its SHA-256 is public
    # until the match is over.
    seed = models.CharField(max_length=64, editable=False)
    seed_commitment = models.CharField(max_length=64, editable=False)
    # Duplicate rounds: several tables share one seed; their logs and replays stay hidden until the
    # whole round is over (the leagues app lifts the embargo).
    embargoed = models.BooleanField(default=False)
    # One table of a shared-deal event (a duplicate round; later a daily challenge): the commitment of
    # the seed all its tables share, kept after the embargo. One person enters such an event once
    # (games.identity.entries); "" for a table of its own.
    deal_event = models.CharField(max_length=64, blank=True, default="", db_index=True)
    # A table by invitation only: never listed (lobby, profiles), never ranked; a seat is taken with
    # `invite_token`, which only the table's own players are shown (in its invitation link).
    private = models.BooleanField(default=False, help_text="By invitation link only: unlisted and unranked.")
    invite_token = models.CharField(max_length=32, blank=True, default="", editable=False)
    version = models.PositiveIntegerField(default=0, help_text="Number of events stored (the last seq).")
    # The seat to act at `version`, for the watchdog's query (None: nobody, or not yet recorded).
    to_move = models.SmallIntegerField(null=True, blank=True)
    last_event_at = models.DateTimeField(null=True, blank=True, help_text="When the current turn began.")
    # Seconds a human has for a move before Anton plays that one move for the seat (0: no timer).
    move_timer = models.PositiveIntegerField(default=0)
    # A turn-based table (games/services/turn_clock.py): no move timer and no away rules; each human
    # seat has `days_per_move` days per move. When they run out, the watchdog marks the turn overdue
    # (`overdue_seq`: the version it was found at; overdue while it is the match's version) and the
    # other players choose: the AI plays the seat for the rest, or the table ends. `end_votes`: the
    # seats that chose to end it at `overdue_seq`.
    turn_based = models.BooleanField(default=False)
    days_per_move = models.PositiveSmallIntegerField(default=0, help_text="Turn-based: days per move.")
    overdue_seq = models.PositiveIntegerField(null=True, blank=True)
    end_votes = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "matches"
        indexes: ClassVar[list[models.Index]] = [models.Index(fields=["status", "-created_at"])]

    def __str__(self) -> str:
        return f"{self.game} #{self.pk} ({self.status})"

    @property
    def is_over(self) -> bool:
        return self.status in (MatchStatus.FINISHED, MatchStatus.ABANDONED)


class SeatKind(models.TextChoices):
    HUMAN = "human", "human"
    AI = "ai", "AI"


class Seat(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=8, choices=SeatKind.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="seats"
    )
    # A guest's seat is bound to one browser session by this random token (kept in the session).
    guest_token = models.CharField(max_length=64, blank=True, default="")
    display_name = models.CharField(max_length=40, blank=True, default="")
    ai_version = models.CharField(max_length=32, blank=True, default="")
    # The revision of that level the seat was given (games/ai/revisions.py): what its records name.
    ai_revision = models.PositiveSmallIntegerField(default=1)
    # Where the seat was taken from (games.live.actors.Origin), for accounts too: one person's seats share it.
    origin_browser = models.CharField(max_length=64, blank=True, default="")
    origin_session = models.CharField(max_length=64, blank=True, default="")
    # The client address and device signature (games.identity.browser.device_signature) the seat was
    # taken from.
    origin_address = models.CharField(max_length=45, blank=True, default="")
    origin_device = models.CharField(max_length=32, blank=True, default="")
    joined_at = models.DateTimeField(null=True, blank=True)
    # Presence, for the disconnect countdown: open sockets across all web processes.
    connections = models.IntegerField(default=0)
    away_since = models.DateTimeField(null=True, blank=True)
    left = models.BooleanField(default=False, help_text="The player pressed 'Beenden'.")
    autoplay = models.BooleanField(
        default=False, help_text="Anton plays this human seat until its player returns."
    )
    # At a turn-based table whose player ran out of time, the other players let the AI play the seat
    # for the rest of the match: its result is then no human result (games.results.seat_records).
    handed_to_ai = models.BooleanField(
        default=False, help_text="Turn-based: the AI plays this seat for the rest of the match."
    )

    class Meta:
        ordering = ("match", "index")
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["match", "index"], name="seat_unique_index"),
        ]

    def __str__(self) -> str:
        return f"{self.display_name or '(free)'} @ seat {self.index}"

    @property
    def is_free(self) -> bool:
        return self.kind == SeatKind.HUMAN and self.user_id is None and not self.guest_token

    @property
    def is_ai(self) -> bool:
        return self.kind == SeatKind.AI


#: what taking a seat writes, and leaving an open table clears
SEAT_TAKEN_FIELDS = (
    "user",
    "guest_token",
    "display_name",
    "origin_browser",
    "origin_session",
    "origin_address",
    "origin_device",
    "joined_at",
)


class WebProcess(models.Model):
    """A web process that holds seat sockets, and when it last said it is alive (see SeatSocket)."""

    id = models.CharField(primary_key=True, max_length=100)
    started_at = models.DateTimeField(auto_now_add=True)
    seen_at = models.DateTimeField()

    def __str__(self) -> str:
        return self.id


class SeatSocket(models.Model):
    """One open websocket counted in its seat's `connections`, held by one web process. When that
    process dies without closing its sockets (SIGKILL, power loss), its heartbeat stops, and the
    watchdog takes the process's sockets off their seats' counts, so the players count as away."""

    key = models.CharField(max_length=64, unique=True)
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="sockets")
    seat_index = models.PositiveSmallIntegerField()
    process = models.CharField(max_length=100, db_index=True)
    opened_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"socket of seat {self.seat_index} @ match {self.match_id} on {self.process}"


class WatchdogDue(models.Model):
    """The earliest moment the watchdog may have to act on a running match (None or no row: not until
    its turn, timer or presence changes), kept by services/due.py, so a tick reads only the due
    matches. A row of its own, not a column of Match: a socket opening or closing sets it without
    waiting for the match row lock a move holds."""

    match = models.OneToOneField(Match, primary_key=True, on_delete=models.CASCADE, related_name="due")
    due_at = models.DateTimeField(null=True, blank=True, db_index=True)

    def __str__(self) -> str:
        return f"match {self.match_id} due {self.due_at}"


class ProjectionFailure(models.Model):
    """A match one projection could not apply (live, in a rebuild or in a retry), and why. The rebuild
    records it and goes on with the other matches; staff see it in the admin and retry it there once
    the cause is fixed (games.results.projections). A successful retry removes the row; a rebuild of the
    projection starts its list afresh."""

    projection = models.CharField(max_length=32)
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="+")
    error = models.TextField(help_text="The exception and where it was raised.")
    attempts = models.PositiveIntegerField(default=1)
    first_failed_at = models.DateTimeField(auto_now_add=True)
    last_failed_at = models.DateTimeField()

    class Meta:
        ordering = ("-last_failed_at",)
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["projection", "match"], name="projection_failure_unique_match"),
        ]

    def __str__(self) -> str:
        return f"{self.projection}: match {self.match_id}"


class MatchEventQuerySet(models.QuerySet["MatchEvent"]):
    def update(self, **kwargs: Any) -> int:
        raise AppendOnlyError("match events are append-only: update refused")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError("match events are append-only: delete refused")


class MatchEvent(models.Model):
    """One event of a match's stream. Inserted once, never updated or deleted (the model refuses, and on
    PostgreSQL a trigger does too).

    Ready for partitioning by match on PostgreSQL (docs/scaling.md): there the table's primary key is
    `(match_id, seq)` (the constraint `event_unique_seq`, migration 0010) and `id` is a generated
    column with a plain index, because a partitioned table's unique constraints must hold the
    partition key. Django still takes `id` as the primary key: the admin cannot show a model with a
    composite one, and nothing refers to an event by its id alone."""

    # No index of its own: `(match, seq)` leads with the match.
    match = models.ForeignKey(Match, on_delete=models.PROTECT, related_name="events", db_index=False)
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=32)
    seat = models.SmallIntegerField(null=True, blank=True)
    data = models.JSONField()
    # A client-chosen id: resending the same command returns the original result.
    command_id = models.CharField(max_length=64, null=True, blank=True)  # noqa: DJ001 - NULL: no command
    created_at = models.DateTimeField(auto_now_add=True)

    objects = MatchEventQuerySet.as_manager()

    class Meta:
        ordering = ("match", "seq")
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["match", "seq"], name="event_unique_seq"),
            models.UniqueConstraint(
                fields=["match", "command_id"],
                condition=models.Q(command_id__isnull=False),
                name="event_unique_command",
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.match_id}/{self.seq} {self.type}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnlyError("match events are append-only: update refused")
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError("match events are append-only: delete refused")


class StateSnapshot(models.Model):
    """A match's engine state after its first `version` events, so a cold load replays only the events
    after it (games.store.state_snapshots). A projection, never the truth: taken every
    STATE_SNAPSHOT_EVERY events, rebuilt from the events by `rebuild_projections`, and ignored (the
    events replayed instead) unless its engine stamp, its MAC and its version all check out.

    It holds every seat's hidden cards: it is never serialised for a client (no API, no websocket, no
    admin page shows it); only the event store reads it, to rebuild a state."""

    match = models.OneToOneField(Match, on_delete=models.CASCADE, primary_key=True, related_name="+")
    version = models.PositiveIntegerField(help_text="Events folded into the state.")
    # The game, its engine's rules versions and a digest of the engine's code: a state pickled by
    # other code is never unpickled into this one.
    engine = models.CharField(max_length=200)
    state = models.BinaryField()
    # HMAC-SHA256 (keyed by SECRET_KEY) of the match, version, engine stamp and state.
    mac = models.CharField(max_length=64)
    taken_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"snapshot of match {self.match_id} at {self.version}"


# --- one person, one entry (games.identity.entries) ---------------------------------------------------------


class Sighting(models.Model):
    """Where an account (or, with no account, a guest session) acted from: one row per browser token,
    session guest token, address and device signature seen together (games.live.actors.Origin), with when.
    Written by games.identity.sightings only; its links between accounts are AccountLink rows."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    browser = models.CharField(max_length=64, blank=True, default="")
    # The session's guest token (a guest's own token; an account keeps the one it had as a guest).
    session = models.CharField(max_length=64, blank=True, default="")
    address = models.CharField(max_length=45, blank=True, default="")
    device = models.CharField(max_length=32, blank=True, default="")
    first_seen = models.DateTimeField()
    last_seen = models.DateTimeField()

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(
                fields=["user", "browser", "session", "address", "device"],
                condition=models.Q(user__isnull=False),
                name="sighting_unique_account",
            ),
            models.UniqueConstraint(
                fields=["browser", "session", "address", "device"],
                condition=models.Q(user__isnull=True),
                name="sighting_unique_guest",
            ),
        ]
        indexes: ClassVar[list[models.Index]] = [
            models.Index(fields=["browser"], name="sighting_browser"),
            models.Index(fields=["session"], name="sighting_session"),
            models.Index(fields=["address", "device", "last_seen"], name="sighting_device"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id or 'guest'} from {self.browser[:8] or '-'} at {self.address or '-'}"


class LinkReason(models.TextChoices):
    ACCOUNT = "account", "the same account"
    BROWSER = "browser", "the same browser"
    SESSION = "session", "the same browser session"
    DEVICE = "device", "the same address and device"


class AccountLink(models.Model):
    """Two accounts that look like one person's, and why (games.identity.entries): they used one browser
    (token), one browser session (a guest session that outlived a login or a cleared cookie), or one
    address with one device signature within hours. Such accounts enter a shared-deal event once;
    staff who find them to be two people clear the link."""

    user_a = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    user_b = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    reason = models.CharField(max_length=16, choices=LinkReason.choices)
    detail = models.CharField(max_length=200, blank=True, default="")
    first_seen = models.DateTimeField()
    last_seen = models.DateTimeField()
    cleared_at = models.DateTimeField(null=True, blank=True, help_text="Staff found them to be two people.")
    cleared_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["user_a", "user_b", "reason"], name="account_link_unique"),
            models.CheckConstraint(
                condition=models.Q(user_a__lt=models.F("user_b")), name="account_link_order"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user_a} ~ {self.user_b} ({self.reason})"


class ResultHold(models.Model):
    """A finished table of a shared-deal event whose player looks like the same person as a player of
    the event's other tables (or of the same table): its results count nowhere (leaderboard, standings,
    ratings, rebuilds) until staff clear the link (or the hold). Cleared, it is published then."""

    match = models.OneToOneField(
        Match, on_delete=models.CASCADE, primary_key=True, related_name="result_hold"
    )
    reason = models.CharField(max_length=300)
    created_at = models.DateTimeField(auto_now_add=True)
    cleared_at = models.DateTimeField(null=True, blank=True)
    cleared_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    def __str__(self) -> str:
        return f"match {self.match_id} held: {self.reason}"
