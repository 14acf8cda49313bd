/** Texts by language and namespace: `{ [language]: { [namespace]: texts } }` (i18next resources). */
export type InitialTexts = Record<string, Record<string, Record<string, unknown>>>;
