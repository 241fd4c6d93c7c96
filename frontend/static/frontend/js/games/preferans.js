// preferans: game-specific parts of the table (see index.js for the hooks). Nothing yet: the generic
// table, buttons and score sheet are used.
export {};
