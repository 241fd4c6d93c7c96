// Server errors in the player's language. The server answers with a stable code and an English
// sentence for developers; a German or Russian page shows the code's own sentence instead, an English
// page keeps the server's more precise one.

import { lang, t, tf } from "./i18n.js";

const MESSAGES = {
  bad_request: () => t("The request was not accepted."),
  invalid: () => t("Some of the entries are not valid."),
  illegal_action: () => t("This move is not allowed."),
  not_your_turn: () => t("It is not your turn."),
  stale_seq: () => t("The table had moved on; it has been brought up to date."),
  command_conflict: () => t("This move was already sent differently; the table has been brought up to date."),
  match_not_running: () => t("The match is not running."),
  seat_taken: () => t("This seat has just been taken."),
  not_seated: () => t("You have no seat at this table."),
  name_reserved: () => t("This name belongs to an AI player; choose another one."),
  too_many_tables: () => t("You already sit at as many open tables as allowed; finish or leave one first."),
  same_person: () => t("This account looks like the same person as another player of this round (same browser, session or device): one person plays one table of a round."),
  too_many_sockets: () => t("This table is open in too many windows; close one."),
  throttled: () => t("Too many requests in a short time; wait a moment."),
  forbidden: () => t("You may not see this."),
  embargoed: () => t("This table belongs to a duplicate round or daily challenge that is not over yet."),
  invite_required: () => t("This table is private: a seat is taken with its invitation link only."),
  turn_based_refused: () => t("A turn-based table has 1 to 14 days per move, no move timer and at least two human players."),
  not_overdue: () => t("The player to move still has time."),
  own_turn: () => t("It is your own turn: make your move instead."),
  handed_to_ai: () => t("You ran out of time: the AI plays your seat for the rest of this match."),
  not_found: () => t("Not found."),
  not_authenticated: () => t("Please log in first."),
  already_member: () => t("You are already a member of this league."),
  not_invited: () => t("This league is by invitation only."),
  not_member: () => t("Only the league's members may do this."),
  season_closed: () => t("This season is closed."),
  ai_level_fixed: () => t("This league's tables seat one AI level only: its own."),
  not_eligible: () => t("This match cannot be saved to a leaderboard."),
  match_not_finished: () => t("The match is not finished yet."),
  result_held: () => t("The result waits until staff have reviewed the players of this round."),
  save_failed: () => t("Saving failed for now; it will be tried again."),
  network: () => t("No connection to the server."),
  read_only: () => t("The lobby only shows tables; open a table to play."),
  analysis_players_only: () => t("Only the players of this match can have it analysed."),
  analysis_quota: () => t("You have had as many analyses made today as allowed."),
  analysis_busy: () => t("The analysis is busy; try again in a moment."),
  already_entered: () => t("You have played this challenge already: one entry per player."),
  challenge_closed: () => t("This challenge is closed."),
  self_friend: () => t("You cannot add yourself as a friend."),
  already_asked: () => t("There is already a friend request between you two."),
  blocked: () => t("This is not possible between you two."),
  not_friends: () => t("Only friends can be invited."),
  bad_message: () => t("The message was not understood."),
  text_too_long: () => t("A chat message has at most 300 characters."),
  empty_text: () => t("The message is empty."),
  unknown_phrase: () => t("This quick phrase is unknown."),
  phrases_only: () => t("At this table the players chat with the quick phrases only until the match ends."),
  match_over: () => t("The match is over: the chat is closed."),
  own_message: () => t("That is your own message."),
  unknown_kind: () => t("There is no such kind of notification."),
  unknown_channel: () => t("This notification is not sent that way."),
  bad_subscription: () => t("This browser's push subscription cannot be used."),
  push_unavailable: () => t("Push notifications are switched off on this server."),
};

/** The text shown for a refused request or message: `code` and the server's `message`. */
export function errorMessage(code, message) {
  if (lang() === "en" && message) return message;
  const known = MESSAGES[code];
  if (known) return known();
  return tf("The server did not accept this (%(code)s).", { code: code || "error" });
}
