// The table's link to pass on: a private table's invitation link (its seated players alone have it,
// from the page), else the table's address. Shared with the phone's share sheet where there is one,
// else copied to the clipboard.
import { t } from "../i18n.js";
import { matchId, root } from "./context.js";

/** The link to share, or null: a private table's link is only known to its seated players. */
export function tableLink(match) {
  if (match.private) return root.dataset.inviteUrl || null;
  return `${location.origin}/matches/${matchId}/`;
}

/** Shares or copies `url`; resolves to the message to show ("" when the share sheet took it). */
export async function shareLink(url) {
  if (navigator.share) {
    try {
      await navigator.share({ title: document.title, url });
      return "";
    } catch (exc) {
      if (exc && exc.name === "AbortError") return ""; // the player closed the share sheet
    }
  }
  try {
    await navigator.clipboard.writeText(url);
  } catch {
    return null; // no clipboard access: the caller shows the link to copy by hand
  }
  return t("Link copied");
}
