import './change-list.css';

// What a form is about to change, before it is sent: each changed field with what it was and what
// it becomes (struck through and underlined, and said in words for screen readers). The seller's
// NDR dialog and the buyer's NDR page both show it, in their own words and styles.

export interface ChangeRow {
  label: string;
  before: string;
  after: string;
}

export function ChangeList({
  title,
  rows,
  words,
}: {
  title: string;
  rows: readonly ChangeRow[];
  /** "becomes", "(empty)", "(removed)" in the page's language */
  words: { becomes: string; empty: string; removed: string };
}) {
  if (!rows.length) return null;
  return (
    <section className="change-list" aria-label={title}>
      <h4>{title}</h4>
      <dl>
        {rows.map((r) => (
          <div key={r.label}>
            <dt>{r.label}</dt>
            <dd>
              <del>{r.before || words.empty}</del> <span aria-hidden="true">→</span>{' '}
              <span className="change-list-word">{words.becomes}</span> <ins>{r.after || words.removed}</ins>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
