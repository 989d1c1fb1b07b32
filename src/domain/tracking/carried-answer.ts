// The tracking answer a buyer's page carries in its HTML: the server reads it as the page's own
// request would and writes it as a JSON data block (a script element the browser never runs, so
// the page's CSP is unchanged); the page takes it instead of asking the API once more.

/** The id of the data block. */
export const CARRIED_ANSWER_ID = 'tracking-answer';

/**
 * The block for `answer`: JSON with every "<" escaped, so no text in it (a seller's brand texts, a
 * scan's location) can close the element or open another.
 */
export const carriedAnswerBlock = (answer: unknown): string =>
  `<script type="application/json" id="${CARRIED_ANSWER_ID}">${JSON.stringify(answer).replace(/</g, '\\u003c')}</script>`;
