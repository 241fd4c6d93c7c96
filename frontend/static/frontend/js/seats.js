// Seat names: the name of the seat's player, or "Seat n" while nobody has named it.
import { t } from "./i18n.js";

/** seats: the match's seat list ({name, ...} per seat). */
export function seatName(seats, seat) {
  const info = (seats || [])[seat] || {};
  return info.name || `${t("Seat")} ${seat + 1}`;
}

export function seatNames(seats) {
  return (seats || []).map((_, i) => seatName(seats, i));
}
