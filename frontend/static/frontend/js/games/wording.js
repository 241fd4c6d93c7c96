// Small pieces of wording the game modules share.
import { t } from "../i18n.js";

/** "Ben", "Ben and Mia", "Ben, Mia and Lea". */
export function nameList(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} ${t("and")} ${names[names.length - 1]}`;
}
